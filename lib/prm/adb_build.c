// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Raw database nodes into prm_layout tables.
 *
 * Nodes are built children first, in the order a topological sort gives
 * (no recursion, so a hostile chain of nodes cannot exhaust the stack);
 * nodes that never become ready contain each other. A node that cannot be
 * placed in mlx5_ifc coordinates, or whose table fails prm_layout_check, is
 * skipped with the reason, and so is every node that holds it.
 *
 * Coordinates: the file's offset is an absolute bit B*8+b numbered from the
 * LSB of its dword (mstflint addr2int). A field of w < 32 bits at LSB bit r
 * of its dword starts at MSB-first bit 32-r-w of that dword; in a node
 * narrower than a dword (S bits) the dword is S bits wide, as mstflint's
 * MIN(32, node size). Fields of 32 bits or more are whole dwords. Arrays
 * (big_endian_arr) hold element 0 where the offset points and go on towards
 * the LSB, then into the next dword: in mlx5_ifc coordinates the elements
 * follow each other, element i at the first one's offset + i * width.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/prm/adb_int.h"

/* ---- the name index ---- */

static int by_name(const void *a, const void *b, void *ctx)
{
	const struct adb_rnode *nodes = ctx;
	size_t i = *(const size_t *)a, j = *(const size_t *)b;
	int c = strcmp(nodes[i].name, nodes[j].name);

	/* the first definition of a name sorts first: it is the one used */
	return c ? c : (i > j) - (i < j);
}

struct adb_rnode *adb_raw_node(const struct adb_raw *raw, const char *name)
{
	size_t lo = 0, hi = raw->nbyname;

	if (!name || !raw->byname)
		return NULL;
	while (lo < hi) {	/* the first index whose name is >= name */
		size_t mid = lo + (hi - lo) / 2;

		if (strcmp(raw->nodes[raw->byname[mid]].name, name) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo < raw->nbyname && strcmp(raw->nodes[raw->byname[lo]].name, name) == 0)
		return &raw->nodes[raw->byname[lo]];
	return NULL;
}

static void set_failed(struct adb_rnode *n, const char *why)
{
	n->state = ADB_FAILED;
	n->bad = why;
}

static int index_names(struct adb_raw *raw, struct prm_adb *db)
{
	size_t n = 0, run = 0;
	char buf[200];

	raw->byname = malloc((raw->nnodes ? raw->nnodes : 1) * sizeof(size_t));
	if (!raw->byname)
		return -1;
	for (size_t i = 0; i < raw->nnodes; i++)
		if (raw->nodes[i].name && raw->nodes[i].name[0])
			raw->byname[n++] = i;
	qsort_r(raw->byname, n, sizeof(size_t), by_name, raw->nodes);
	raw->nbyname = n;
	/* in a run of one name, the first definition is used, as mstflint does */
	for (size_t k = 1; k < n; k++) {
		struct adb_rnode *first = &raw->nodes[raw->byname[run]];
		struct adb_rnode *dup = &raw->nodes[raw->byname[k]];

		if (strcmp(first->name, dup->name)) {
			run = k;
			continue;
		}
		snprintf(buf, sizeof(buf), "a second node of this name (the first, at line %lu, is used)",
			 first->line);
		set_failed(dup, adb_strdup(&db->arena, buf));
		if (!dup->bad)
			return -1;
	}
	return 0;
}

/* ---- value names ---- */

static char *trim(char *s)
{
	char *e;

	while (*s == ' ' || *s == '\t' || *s == '\n')
		s++;
	e = s + strlen(s);
	while (e > s && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\n'))
		*--e = '\0';
	return s;
}

const struct prm_names *adb_enum_parse(struct adb_arena *a, const char *s,
				       const char **why)
{
	size_t n = 1, k = 0;
	struct prm_names *names;
	struct prm_name *v;
	char *copy, *save = NULL;

	for (const char *p = s; *p; p++)
		n += *p == ',';
	if (n > ADB_MAX_ENUM) {
		*why = "more value names than an enum may have";
		return NULL;
	}
	names = adb_alloc(a, sizeof(*names));
	v = adb_alloc(a, n * sizeof(*v));
	copy = adb_strdup(a, s);
	if (!names || !v || !copy) {
		*why = "out of memory";
		return NULL;
	}
	for (char *item = strtok_r(copy, ",", &save); item; item = strtok_r(NULL, ",", &save)) {
		char *eq = strchr(item, '='), *name, *val, *end;

		if (!*trim(item))
			continue;	/* "A=1,,B=2" or a trailing comma */
		if (!eq) {
			*why = "an enum entry without '='";
			return NULL;
		}
		*eq = '\0';
		name = trim(item);
		val = trim(eq + 1);
		if (!*name || *val < '0' || *val > '9') {
			*why = "an enum entry is not NAME=NUMBER";
			return NULL;
		}
		errno = 0;
		v[k].value = strtoull(val, &end, 0);
		if (errno || *end) {
			*why = "an enum entry is not NAME=NUMBER";
			return NULL;
		}
		v[k++].name = name;
	}
	names->n = k;
	names->v = v;
	return names;
}

/* ---- one field ---- */

struct ctx {
	struct prm_adb *db;
	struct adb_raw *raw;
	char why[600];
};

/* Say why the node at hand is skipped; returns -1. */
static int skip_why(struct ctx *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static int skip_why(struct ctx *c, const char *fmt, ...)
		    {
		    va_list ap;

	va_start(ap, fmt);
	vsnprintf(c->why, sizeof(c->why), fmt, ap);
	va_end(ap);
	return -1;
}

/* Where field f (n elements of e bits) starts in mlx5_ifc coordinates. */
static int place(struct ctx *c, const struct adb_rfield *f, uint64_t e, uint32_t n,
		 uint64_t node_bits, uint32_t *off)
{
	uint64_t L = f->off, m = node_bits < 32 ? node_bits : 32, r = L % 32, first;

	if (e >= 32) {
		if (L % 32 || e % 32)
			return skip_why(c, "field '%s' (line %lu): %llu-bit elements at bit %llu are not whole dwords",
					f->name, f->line, (unsigned long long)e, (unsigned long long)L);
		*off = (uint32_t)L;
		return 0;
	}
	if (r + e > m)
		return skip_why(c, "field '%s' (line %lu): %llu bits at 0x%llx.%llu cross the end of %s",
				f->name, f->line, (unsigned long long)e,
				(unsigned long long)(L / 32 * 4), (unsigned long long)r,
				m < 32 ? "the node" : "a dword");
	first = L - r + (m - r - e);
	if (n > 1 && !c->raw->big_endian_arr)
		return skip_why(c, "field '%s' (line %lu): arrays of sub-dword elements need <config big_endian_arr=\"1\"/>",
				f->name, f->line);
	/* where elements fall in a dword repeats every 32 of them at most */
	for (uint32_t i = 1; i < n && i <= 32; i++)
		if ((first + (uint64_t)i * e) % 32 + e > 32)
			return skip_why(c, "field '%s' (line %lu): element %u of %llu bits straddles a dword",
					f->name, f->line, i, (unsigned long long)e);
	*off = (uint32_t)first;
	return 0;
}

static const char *field_desc(struct ctx *c, const struct adb_rfield *f)
{
	const char *tag = NULL;
	char *d;
	size_t n;

	/* the access kinds prm_field has no room for stay visible in the text */
	if (f->access && strcmp(f->access, "INDEX") == 0)
		tag = "[INDEX] ";
	else if (f->access && strcmp(f->access, "OP") == 0)
		tag = "[OP] ";
	if (!tag && !f->variable)
		return f->desc;
	n = (tag ? strlen(tag) : 0) + (f->desc ? strlen(f->desc) : 0) + 64;
	d = adb_alloc(&c->db->arena, n);
	if (d)
		snprintf(d, n, "%s%s%s", tag ? tag : "",
			 f->variable ? "[variable length: the database sizes one element] " : "",
			 f->desc ? f->desc : "");
	return d;
}

/*
 * The database's access kinds: INDEX selects what a GET returns (the caller
 * writes it, the device echoes it) and is RW, as the built-in tables have
 * it; OP is written to ask for an operation and is WO.
 */
static uint8_t access_of(const char *a)
{
	if (!a)
		return PRM_ACC_UNSPEC;
	if (strcmp(a, "RO") == 0)
		return PRM_ACC_RO;
	if (strcmp(a, "RW") == 0 || strcmp(a, "INDEX") == 0)
		return PRM_ACC_RW;
	if (strcmp(a, "WO") == 0 || strcmp(a, "OP") == 0)
		return PRM_ACC_WO;
	return PRM_ACC_UNSPEC;
}

static int make_field(struct ctx *c, struct adb_rnode *node,
		      const struct adb_rfield *f, struct prm_field *out)
{
	uint32_t n = f->count ? f->count : 1;
	uint64_t e = f->size / n;
	const struct prm_layout *sub = NULL;
	const char *why = NULL;

	if (f->size % n)
		return skip_why(c, "field '%s' (line %lu): %llu bits do not split into %u elements",
				f->name, f->line, (unsigned long long)f->size, n);
	if (f->subnode) {
		struct adb_rnode *s = adb_raw_node(c->raw, f->subnode);

		if (!s)
			return skip_why(c, "field '%s' (line %lu): unknown node type '%s'",
					f->name, f->line, f->subnode);
		if (s->state != ADB_DONE)
			return skip_why(c, "field '%s' (line %lu): its node type '%s' was skipped",
					f->name, f->line, f->subnode);
		sub = s->layout;
		if (e != sub->bits)
			return skip_why(c, "field '%s' (line %lu) is %llu bits, but its node type '%s' is %u",
					f->name, f->line, (unsigned long long)e, f->subnode, sub->bits);
		if (s->height + 1 > node->height)
			node->height = s->height + 1;
	} else if (e > 64) {
		return skip_why(c, "field '%s' (line %lu): a %llu-bit value without a node type",
				f->name, f->line, (unsigned long long)e);
	}
	if (place(c, f, e, n, node->bits, &out->off))
		return -1;
	out->name = f->name;
	out->width = (uint32_t)e;
	out->count = f->count;
	out->sub = sub;
	out->access = access_of(f->access);
	out->desc = field_desc(c, f);
	if (f->enums && !sub) {
		out->names = adb_enum_parse(&c->db->arena, f->enums, &why);
		if (!out->names)
			return skip_why(c, "field '%s' (line %lu): %s", f->name, f->line, why);
	}
	if (sub)
		out->fmt = PRM_FMT_HEX;
	else if (e == 1 && !out->names)
		out->fmt = PRM_FMT_BOOL;
	else if (out->names && e <= 16)
		out->fmt = PRM_FMT_DEC;
	else
		out->fmt = PRM_FMT_HEX;
	return 0;
}

/* ---- one node ---- */

static int by_off(const void *a, const void *b, void *ctx)
{
	const struct prm_field *f = ctx;
	size_t i = *(const size_t *)a, j = *(const size_t *)b;

	if (f[i].off != f[j].off)
		return f[i].off < f[j].off ? -1 : 1;
	return (i > j) - (i < j);
}

static struct prm_layout *new_layout(struct ctx *c, const struct adb_rnode *n,
				     size_t nfields)
{
	struct prm_layout *l = adb_alloc(&c->db->arena, sizeof(*l));
	size_t sz = strlen(c->db->name) + 32;
	char *src = adb_alloc(&c->db->arena, sz);

	if (!l || !src)
		return NULL;
	snprintf(src, sz, "%s:%lu", c->db->name, n->line);
	l->name = n->name;
	l->desc = n->desc;
	l->source = src;
	l->bits = (uint32_t)n->bits;
	l->nfields = nfields;
	return l;
}

/* A union is one opaque byte run; its members are nodes of their own. */
static int build_union(struct ctx *c, struct adb_rnode *n)
{
	struct prm_field *f = adb_alloc(&c->db->arena, sizeof(*f));
	char *d = adb_alloc(&c->db->arena, ADB_MAX_UNION_DESC);
	size_t used;

	if (n->bits % 8)
		return skip_why(c, "a union of %llu bits is not whole bytes", (unsigned long long)n->bits);
	if (!f || !d)
		return skip_why(c, "out of memory");
	used = (size_t)snprintf(d, ADB_MAX_UNION_DESC, "union; decode one of its members:");
	for (size_t i = 0; i < n->nfields && used < ADB_MAX_UNION_DESC; i++) {
		const struct adb_rfield *m = &c->raw->fields[n->first + i];

		used += (size_t)snprintf(d + used, ADB_MAX_UNION_DESC - used, "%s %s%s%s%s",
					 i ? "," : "", m->subnode ? m->subnode : m->name,
					 m->selected_by ? " (" : "",
					 m->selected_by ? m->selected_by : "",
					 m->selected_by ? ")" : "");
	}
	if (used >= ADB_MAX_UNION_DESC)
		memcpy(d + ADB_MAX_UNION_DESC - 4, "...", 4);
	f->name = "raw";
	f->width = 8;
	f->count = (uint32_t)(n->bits / 8);
	f->desc = d;
	n->layout = new_layout(c, n, 1);
	if (!n->layout)
		return skip_why(c, "out of memory");
	n->layout->fields = f;
	c->db->nunions++;
	return 0;
}

/*
 * prm_layout_check, without walking into nested tables again: those were
 * checked when they were built (children first), and walking the whole
 * tree under every node would cost as much as the tree is wide. Each nested
 * table is stood in for by one of its name and size and no fields, so the
 * verdict is prm_layout_check's own.
 */
static int check_shallow(const struct prm_layout *l, struct prm_err *err)
{
	struct prm_field *f = calloc(l->nfields ? l->nfields : 1, sizeof(*f));
	struct prm_layout *stub = calloc(l->nfields ? l->nfields : 1, sizeof(*stub));
	struct prm_layout copy = *l;
	int rc;

	if (!f || !stub) {
		free(f);
		free(stub);
		return prm_err_set(err, PRM_E_FAILED, ENOMEM, "oom", "out of memory");
	}
	for (size_t i = 0; i < l->nfields; i++) {
		f[i] = l->fields[i];
		if (f[i].sub) {
			stub[i].name = f[i].sub->name;
			stub[i].bits = f[i].sub->bits;
			f[i].sub = &stub[i];
		}
	}
	copy.fields = f;
	rc = prm_layout_check(&copy, err);
	free(f);
	free(stub);
	return rc;
}

static int build_node(struct ctx *c, struct adb_rnode *n)
{
	struct prm_field *tmp, *fields;
	struct prm_err err = { 0 };
	size_t *order;

	n->height = 1;
	if (n->bad)
		return skip_why(c, "%s", n->bad);
	if (n->is_union)
		return build_union(c, n);
	tmp = calloc(n->nfields ? n->nfields : 1, sizeof(*tmp));
	order = calloc(n->nfields ? n->nfields : 1, sizeof(*order));
	fields = adb_alloc(&c->db->arena, (n->nfields ? n->nfields : 1) * sizeof(*fields));
	if (!tmp || !order || !fields) {
		free(tmp);
		free(order);
		return skip_why(c, "out of memory");
	}
	for (size_t i = 0; i < n->nfields; i++) {
		order[i] = i;
		if (make_field(c, n, &c->raw->fields[n->first + i], &tmp[i]))
			goto fail;
	}
	if (n->height > ADB_MAX_DEPTH) {
		skip_why(c, "nodes nested more than %u deep", ADB_MAX_DEPTH);
		goto fail;
	}
	/* the file lists fields in any order; tables go by offset */
	qsort_r(order, n->nfields, sizeof(*order), by_off, tmp);
	for (size_t i = 0; i < n->nfields; i++)
		fields[i] = tmp[order[i]];
	free(tmp);
	free(order);
	n->layout = new_layout(c, n, n->nfields);
	if (!n->layout)
		return skip_why(c, "out of memory");
	n->layout->fields = fields;
	if (check_shallow(n->layout, &err)) {
		n->layout = NULL;
		return skip_why(c, "%s", err.msg);
	}
	return 0;
fail:
	free(tmp);
	free(order);
	return -1;
}

/* ---- all nodes, children first ---- */

struct graph {
	size_t *start;		/* parents of node i: up[start[i] .. start[i+1]) */
	size_t *up;
};

static int link_parents(struct adb_raw *raw, struct graph *g)
{
	size_t nedges = 0, *fill = NULL;

	g->start = calloc(raw->nnodes + 1, sizeof(size_t));
	if (!g->start)
		return -1;
	for (size_t pass = 0; pass < 2; pass++) {
		for (size_t i = 0; i < raw->nnodes; i++) {
			struct adb_rnode *p = &raw->nodes[i];

			if (p->state != ADB_NEW || p->is_union || p->bad)
				continue;
			for (size_t k = 0; k < p->nfields; k++) {
				struct adb_rnode *ch = adb_raw_node(raw, raw->fields[p->first + k].subnode);
				size_t ci = ch ? (size_t)(ch - raw->nodes) : 0;

				if (!ch || ch->state != ADB_NEW)
					continue;
				if (pass == 0) {
					g->start[ci + 1]++;
					p->pending++;
					nedges++;
				} else {
					g->up[fill[ci]++] = i;
				}
			}
		}
		if (pass == 0) {
			for (size_t i = 0; i < raw->nnodes; i++)
				g->start[i + 1] += g->start[i];
			g->up = malloc((nedges ? nedges : 1) * sizeof(size_t));
			fill = malloc((raw->nnodes ? raw->nnodes : 1) * sizeof(size_t));
			if (!g->up || !fill) {
				free(fill);
				return -1;
			}
			memcpy(fill, g->start, raw->nnodes * sizeof(size_t));
		}
	}
	free(fill);
	return 0;
}

static int build_all(struct ctx *c)
{
	struct adb_raw *raw = c->raw;
	struct graph g = { 0 };
	size_t *queue = malloc((raw->nnodes ? raw->nnodes : 1) * sizeof(size_t));
	size_t head = 0, tail = 0;
	int rc = -1;

	if (!queue || link_parents(raw, &g))
		goto out;
	for (size_t i = 0; i < raw->nnodes; i++)
		if (raw->nodes[i].state == ADB_NEW && !raw->nodes[i].pending)
			queue[tail++] = i;
	while (head < tail) {
		struct adb_rnode *n = &raw->nodes[queue[head++]];
		size_t ni = (size_t)(n - raw->nodes);

		if (build_node(c, n) == 0)
			n->state = ADB_DONE;
		else if (!(n->bad = adb_strdup(&c->db->arena, c->why)))
			goto out;
		else
			n->state = ADB_FAILED;
		for (size_t k = g.start[ni]; k < g.start[ni + 1]; k++) {
			struct adb_rnode *p = &raw->nodes[g.up[k]];

			if (--p->pending == 0)
				queue[tail++] = g.up[k];
		}
	}
	/*
	 * What never became ready holds itself, directly or through others.
	 * Reasons first, states after, so each names a node still in the loop.
	 */
	for (size_t i = 0; i < raw->nnodes; i++) {
		struct adb_rnode *n = &raw->nodes[i];

		if (n->state != ADB_NEW)
			continue;
		skip_why(c, "nodes contain each other");
		for (size_t k = 0; k < n->nfields; k++) {
			const struct adb_rfield *f = &raw->fields[n->first + k];
			struct adb_rnode *ch = adb_raw_node(raw, f->subnode);

			if (ch && ch->state == ADB_NEW) {
				skip_why(c, "field '%s' (line %lu): node type '%s' never resolves: it is in, or holds, a loop of nodes containing each other",
					 f->name, f->line, f->subnode);
				break;
			}
		}
		n->bad = adb_strdup(&c->db->arena, c->why);
		if (!n->bad)
			goto out;
	}
	for (size_t i = 0; i < raw->nnodes; i++)
		if (raw->nodes[i].state == ADB_NEW)
			raw->nodes[i].state = ADB_FAILED;
	rc = 0;
out:
	free(queue);
	free(g.start);
	free(g.up);
	return rc;
}

int adb_build(struct prm_adb *db, struct adb_raw *raw, struct prm_err *err)
{
	struct ctx c = { .db = db, .raw = raw };
	size_t n = 0;

	for (size_t i = 0; i < raw->nnodes; i++)
		if (raw->nodes[i].bad)
			set_failed(&raw->nodes[i], raw->nodes[i].bad);
	if (index_names(raw, db) || build_all(&c))
		goto oom;
	db->nodes = adb_alloc(&db->arena, (raw->nnodes ? raw->nnodes : 1) * sizeof(*db->nodes));
	if (!db->nodes)
		goto oom;
	for (size_t i = 0; i < raw->nnodes; i++) {
		const struct adb_rnode *r = &raw->nodes[i];

		if (r->state == ADB_DONE)
			db->nodes[n++] = r->layout;
		else if (adb_skip(db, "node", r->name, r->line, "%s", r->bad))
			goto oom;
	}
	db->nnodes = n;
	return 0;
oom:
	return prm_err_set(err, PRM_E_FAILED, ENOMEM, "oom", "%s: out of memory", db->name);
}
