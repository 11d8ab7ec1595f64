// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * mstregdump's range lists (mstflint mstdump/crd_lib/crdump.c, crd_read_line
 * and crd_parse, read for the format only): where mstflint is lenient by
 * accident (atoi, fixed buffers, a comment after data) this refuses with the
 * line named, so a list it reads cleanly is read the same here.
 */
#include "lib/prm/crdump.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* mstflint's line buffer and field buffer (CRD_MAXLINESIZE, CRD_MAXFLDSIZE) */
#define LINE_MAX_CHARS 1023
#define FIELD_MAX_CHARS 31
#define MAX_FIELDS 3

struct line {
	const char *name;
	size_t no;
	char text[LINE_MAX_CHARS + 1];	/* the line without blanks */
	size_t len;
	char *field[MAX_FIELDS];
	size_t nfields;
};

static int bad(const struct line *l, struct prm_err *err, const char *what)
{
	return prm_err_set(err, PRM_E_USAGE, EINVAL, "bad_range_list", "%s: line %zu: %s",
			   l->name, l->no, what);
}

/* Split at commas; empty fields vanish, as strtok makes them. */
static int split(struct line *l, struct prm_err *err)
{
	char *p = l->text;

	l->nfields = 0;
	while (*p) {
		char *end;

		if (*p == ',') {
			p++;
			continue;
		}
		if (l->nfields == MAX_FIELDS)
			return bad(l, err, "more than 3 fields (ADDR,DWORDS[,ENABLE])");
		end = strchr(p, ',');
		if (end)
			*end = '\0';
		if (strlen(p) > FIELD_MAX_CHARS)
			return bad(l, err, "a field longer than 31 characters");
		l->field[l->nfields++] = p;
		p = end ? end + 1 : p + strlen(p);
	}
	if (l->nfields < 2)
		return bad(l, err, "expected ADDR,DWORDS[,ENABLE]");
	return 0;
}

/* C notation as strtol(s, NULL, 0) reads it, but all of it and no sign. */
static int number(const char *s, int base, uint64_t *v)
{
	char *end;

	if (!isdigit((unsigned char)s[0]))
		return -1;
	errno = 0;
	*v = strtoull(s, &end, base);
	return errno || *end ? -1 : 0;
}

static int range(struct line *l, struct prm_crdump_range *r, struct prm_err *err)
{
	uint64_t addr, dwords;

	if (split(l, err))
		return -1;
	if (number(l->field[0], 0, &addr))
		return bad(l, err, "the address is not a number (0x hex or decimal)");
	if (number(l->field[1], 10, &dwords))
		return bad(l, err, "the size is not a decimal count of dwords");
	if (addr % 4)
		return bad(l, err, "the address is not dword aligned");
	if (addr >= PRM_CRDUMP_ADDR_LIMIT || dwords > PRM_CRDUMP_MAX_DWORDS ||
	    addr + dwords * 4 > PRM_CRDUMP_ADDR_LIMIT)
		return bad(l, err, "the range runs past the 30-bit cr-space");
	r->addr = (uint32_t)addr;
	r->dwords = (uint32_t)dwords;
	r->gated = l->nfields == 3 && strcmp(l->field[2], "EMPTY") != 0;
	return 0;
}

/* The next line into l (blanks dropped); 0 at the end of text. */
static int next_line(const char *text, size_t len, size_t *at, struct line *l,
		     struct prm_err *err)
{
	bool data = false;

	if (*at >= len)
		return 0;
	l->no++;
	l->len = 0;
	for (; *at < len && text[*at] != '\n' && text[*at] != '\r'; (*at)++) {
		char c = text[*at];

		if (c == ' ' || c == '\t')
			continue;
		if (c == '#' && !data) {
			while (*at < len && text[*at] != '\n' && text[*at] != '\r')
				(*at)++;
			break;
		}
		if (c == '#')
			return bad(l, err, "a comment after data (mstregdump cannot read it)");
		if (c == '\0')
			return bad(l, err, "a NUL byte (not a text file?)");
		if (l->len == LINE_MAX_CHARS)
			return bad(l, err, "longer than 1023 characters");
		l->text[l->len++] = c;
		data = true;
	}
	l->text[l->len] = '\0';
	/* a CR LF pair ends one line, not two (line numbers as an editor shows them) */
	if (*at < len && text[*at] == '\r' && *at + 1 < len && text[*at + 1] == '\n')
		(*at)++;
	(*at)++;
	return 1;
}

int prm_crdump_list_parse(const char *text, size_t len, const char *name,
			  struct prm_crdump_range **out, size_t *n, struct prm_err *err)
{
	struct prm_crdump_range *r = NULL;
	size_t cap = 0, at = 0, total = 0;
	struct line l = { .name = name ? name : "range list" };
	int more;

	*out = NULL;
	*n = 0;
	while ((more = next_line(text, len, &at, &l, err)) > 0) {
		if (!l.len)
			continue;
		if (*n == cap) {
			struct prm_crdump_range *g;

			if (cap == PRM_CRDUMP_MAX_RANGES) {
				free(r);
				return bad(&l, err, "more than 1048576 ranges");
			}
			cap = cap ? cap * 2 : 256;
			g = realloc(r, cap * sizeof(*r));
			if (!g) {
				free(r);
				return prm_err_set(err, PRM_E_FAILED, ENOMEM, "oom", "out of memory");
			}
			r = g;
		}
		if (range(&l, &r[*n], err)) {
			free(r);
			*n = 0;
			return -1;
		}
		total += r[*n].gated ? 0 : r[*n].dwords;
		if (total > PRM_CRDUMP_MAX_DWORDS) {
			free(r);
			*n = 0;
			return bad(&l, err, "the list adds up to more than 16777216 dwords");
		}
		(*n)++;
	}
	if (more < 0) {
		free(r);
		*n = 0;
		return -1;
	}
	if (!*n) {
		free(r);
		return prm_err_set(err, PRM_E_USAGE, EINVAL, "bad_range_list",
				   "%s: no ranges in it", l.name);
	}
	*out = r;
	return 0;
}
