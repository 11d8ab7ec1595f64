// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * NVIDIA's register database: memory, lookups, and the parse entry point
 * (XML in adb_xml.c, layouts in adb_build.c, registers in adb_regs.c).
 */
#include "lib/prm/adb.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "lib/prm/adb_int.h"

/* ---- arena: every table and string of one database, freed together ---- */

struct adb_block {
	struct adb_block *next;
	size_t size, used;
	max_align_t data[];
};

#define ADB_BLOCK (64u << 10)

void *adb_alloc(struct adb_arena *a, size_t n)
{
	struct adb_block *b = a->head;
	size_t align = _Alignof(max_align_t);
	void *p;

	n = (n + align - 1) / align * align;
	if (!n)
		n = align;
	if (!b || b->size - b->used < n) {
		/* big requests get a block of their own, so little is wasted */
		size_t size = n > ADB_BLOCK / 4 ? n : ADB_BLOCK;

		b = malloc(sizeof(*b) + size);
		if (!b)
			return NULL;
		b->size = size;
		b->used = 0;
		if (size == ADB_BLOCK || !a->head) {
			b->next = a->head;
			a->head = b;
		} else {	/* keep filling the current small block */
			b->next = a->head->next;
			a->head->next = b;
		}
		a->total += size;
	}
	p = (char *)b->data + b->used;
	b->used += n;
	memset(p, 0, n);
	return p;
}

char *adb_strdup(struct adb_arena *a, const char *s)
{
	size_t n = strlen(s) + 1;
	char *d = adb_alloc(a, n);

	if (d)
		memcpy(d, s, n);
	return d;
}

static void arena_free(struct adb_arena *a)
{
	while (a->head) {
		struct adb_block *n = a->head->next;

		free(a->head);
		a->head = n;
	}
	a->total = 0;
}

/* ---- numbers ---- */

/* One part of an address: decimal, 0x hex or 0 octal (strtoull base 0). */
static int addr_part(const char *s, size_t n, uint64_t *v)
{
	char buf[24], *end;

	if (n == 0 || n >= sizeof(buf) || !isdigit((unsigned char)s[0]))
		return -1;
	memcpy(buf, s, n);
	buf[n] = '\0';
	if (strcasecmp(buf, "0x") == 0) {	/* mstflint reads "0x.16" as 0 bytes */
		*v = 0;
		return 0;
	}
	errno = 0;
	*v = strtoull(buf, &end, 0);
	return errno || *end ? -1 : 0;
}

int adb_addr(const char *s, uint64_t *bits)
{
	const char *dot = s ? strchr(s, '.') : NULL;
	uint64_t bytes = 0, b = 0;

	if (!s || !*s)
		return -1;
	if (!dot) {			/* "0x420": bytes */
		if (addr_part(s, strlen(s), &bytes))
			return -1;
	} else {			/* "0x4.16", ".16": bytes and bits */
		if (strchr(dot + 1, '.'))
			return -1;
		if (dot != s && addr_part(s, (size_t)(dot - s), &bytes))
			return -1;
		if (addr_part(dot + 1, strlen(dot + 1), &b))
			return -1;
	}
	if (bytes > UINT32_MAX || b > UINT32_MAX)
		return -1;
	*bits = bytes * 8 + b;
	return 0;
}

/* ---- skipped nodes and registers ---- */

int adb_skip(struct prm_adb *db, const char *kind, const char *name,
	     unsigned long line, const char *fmt, ...)
{
	struct prm_adb_skip *s;
	char reason[512];
	va_list ap;

	if (db->nskips == db->capskips) {
		size_t cap = db->capskips ? db->capskips * 2 : 16;

		s = realloc(db->skips, cap * sizeof(*s));
		if (!s)
			return -1;
		db->skips = s;
		db->capskips = cap;
	}
	va_start(ap, fmt);
	vsnprintf(reason, sizeof(reason), fmt, ap);
	va_end(ap);
	s = &db->skips[db->nskips];
	s->kind = kind;
	s->line = line;
	s->name = adb_strdup(&db->arena, name ? name : "(unnamed)");
	s->reason = adb_strdup(&db->arena, reason);
	if (!s->name || !s->reason)
		return -1;
	db->nskips++;
	return 0;
}

/* ---- parse ---- */

static void raw_free(struct adb_raw *raw)
{
	free(raw->nodes);
	free(raw->fields);
	free(raw->byname);
	memset(raw, 0, sizeof(*raw));
}

struct prm_adb *prm_adb_parse(const char *buf, size_t len, const char *name,
			      struct prm_err *err)
{
	struct prm_adb *db = calloc(1, sizeof(*db));
	struct adb_raw raw = { 0 };

	if (!db) {
		prm_err_set(err, PRM_E_FAILED, ENOMEM, "oom", "out of memory");
		return NULL;
	}
	db->name = adb_strdup(&db->arena, name ? name : "register database");
	if (!db->name) {
		prm_err_set(err, PRM_E_FAILED, ENOMEM, "oom", "out of memory");
		goto fail;
	}
	if (adb_xml_read(db, &raw, buf, len, err) || adb_build(db, &raw, err) ||
	    adb_find_registers(db, &raw, err))
		goto fail;
	db->doc_version = raw.doc_version;
	raw_free(&raw);
	return db;
fail:
	raw_free(&raw);
	prm_adb_free(db);
	return NULL;
}

void prm_adb_free(struct prm_adb *db)
{
	if (!db)
		return;
	arena_free(&db->arena);
	free(db->skips);
	free(db);
}

/* ---- lookups ---- */

const char *prm_adb_name(const struct prm_adb *db)
{
	return db->name;
}

const char *prm_adb_doc_version(const struct prm_adb *db)
{
	return db->doc_version;
}

size_t prm_adb_nregisters(const struct prm_adb *db)
{
	return db->nregs;
}

const struct prm_register *prm_adb_register(const struct prm_adb *db, size_t i)
{
	return i < db->nregs ? &db->regs[i] : NULL;
}

const struct prm_register *prm_adb_register_by_name(const struct prm_adb *db,
						    const char *name)
{
	if (!name)
		return NULL;
	for (size_t i = 0; i < db->nregs; i++)
		if (strcasecmp(db->regs[i].name, name) == 0)
			return &db->regs[i];
	return NULL;
}

const struct prm_register *prm_adb_register_by_id(const struct prm_adb *db,
						  uint16_t id)
{
	for (size_t i = 0; i < db->nregs; i++)
		if (db->regs[i].id == id)
			return &db->regs[i];
	return NULL;
}

size_t prm_adb_nnodes(const struct prm_adb *db)
{
	return db->nnodes;
}

const struct prm_layout *prm_adb_node(const struct prm_adb *db, size_t i)
{
	return i < db->nnodes ? db->nodes[i] : NULL;
}

const struct prm_layout *prm_adb_node_by_name(const struct prm_adb *db,
					      const char *name)
{
	if (!name)
		return NULL;
	for (size_t i = 0; i < db->nnodes; i++)
		if (strcasecmp(db->nodes[i]->name, name) == 0)
			return db->nodes[i];
	return NULL;
}

size_t prm_adb_nskipped(const struct prm_adb *db)
{
	return db->nskips;
}

const struct prm_adb_skip *prm_adb_skipped(const struct prm_adb *db, size_t i)
{
	return i < db->nskips ? &db->skips[i] : NULL;
}

size_t prm_adb_nunions(const struct prm_adb *db)
{
	return db->nunions;
}
