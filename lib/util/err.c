// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
#include "lib/util/err.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

int prm_err_set(struct prm_err *e, enum prm_err_kind kind, int sys_errno,
		const char *reason, const char *fmt, ...)
{
	va_list ap;

	if (!e)
		return -1;
	e->kind = kind;
	e->sys_errno = sys_errno;
	e->reason = reason;
	e->nfields = 0;
	va_start(ap, fmt);
	vsnprintf(e->msg, sizeof(e->msg), fmt, ap);
	va_end(ap);
	return -1;
}

int prm_err_prefix(struct prm_err *e, const char *fmt, ...)
{
	char prefix[256];
	size_t pl, ml, room;
	va_list ap;

	if (!e)
		return -1;
	va_start(ap, fmt);
	vsnprintf(prefix, sizeof(prefix), fmt, ap);
	va_end(ap);
	pl = strlen(prefix);
	ml = strnlen(e->msg, sizeof(e->msg) - 1);
	room = sizeof(e->msg) - 1 - pl;	/* prefix < 256 < sizeof(msg) */
	if (ml > room)
		ml = room;
	memmove(e->msg + pl, e->msg, ml);
	memcpy(e->msg, prefix, pl);
	e->msg[pl + ml] = '\0';
	return -1;
}

void prm_err_clear(struct prm_err *e)
{
	if (e)
		memset(e, 0, sizeof(*e));
}

static struct prm_err_field *add_field(struct prm_err *e, const char *key)
{
	if (!e || !key || e->nfields >= PRM_ERR_MAX_FIELDS)
		return NULL;
	for (unsigned i = 0; i < e->nfields; i++)
		if (!strcmp(e->fields[i].key, key))
			return NULL;
	e->fields[e->nfields].key = key;
	return &e->fields[e->nfields++];
}

void prm_err_num(struct prm_err *e, const char *key, unsigned long long v)
{
	struct prm_err_field *f = add_field(e, key);

	if (f) {
		f->str = NULL;
		f->num = v;
	}
}

void prm_err_str(struct prm_err *e, const char *key, const char *s)
{
	struct prm_err_field *f = s ? add_field(e, key) : NULL;

	if (f) {
		f->str = s;
		f->num = 0;
	}
}

const char *prm_err_kind_name(enum prm_err_kind kind)
{
	switch (kind) {
	case PRM_E_OK:
		return "ok";
	case PRM_E_FAILED:
		return "failed";
	case PRM_E_USAGE:
		return "usage";
	case PRM_E_NODEV:
		return "device";
	case PRM_E_CHECK:
		return "check";
	case PRM_E_TIMEOUT:
		return "timeout";
	}
	return "failed";
}
