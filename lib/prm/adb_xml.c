// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * The register database's XML, read with expat into raw nodes and fields.
 *
 * Refused outright, with the line: XML that is not well-formed or is cut
 * short, any DOCTYPE (so no entities, and no billion laughs), elements
 * mstflint's parser does not know or finds in the wrong place, <include>
 * (that would need file I/O), more nodes or fields than the limits, a file
 * without nodes. An attribute that cannot be read only marks its node bad:
 * the builder skips that node and says why.
 */
#include <errno.h>
#include <expat.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/prm/adb_int.h"

/* NodesDefinition > node > field is as deep as a database goes. */
#define MAX_ELEMENT_DEPTH 8

enum el { EL_TOP, EL_ROOT, EL_NODE, EL_FIELD, EL_CONFIG, EL_ENUM, EL_INFO,
	  EL_RCS, EL_OPS, EL_REPLACE };

static const struct {
	const char *tag;
	enum el el, parent;	/* where it may appear */
} elements[] = {
	{ "NodesDefinition", EL_ROOT, EL_TOP },
	{ "node", EL_NODE, EL_ROOT },
	{ "field", EL_FIELD, EL_NODE },
	{ "config", EL_CONFIG, EL_ROOT },
	{ "enum", EL_ENUM, EL_CONFIG },
	{ "info", EL_INFO, EL_ROOT },
	{ "RCSheaders", EL_RCS, EL_ROOT },
	{ "instance_ops", EL_OPS, EL_ROOT },
	{ "attr_replace", EL_REPLACE, EL_OPS },
};

struct reader {
	XML_Parser p;
	struct prm_adb *db;
	struct adb_raw *raw;
	struct prm_err *err;
	bool failed;
	int depth;
	enum el stack[MAX_ELEMENT_DEPTH];
	const char *tags[MAX_ELEMENT_DEPTH];
};

static unsigned long line_of(const struct reader *r)
{
	return (unsigned long)XML_GetCurrentLineNumber(r->p);
}

static void fail(struct reader *r, enum prm_err_kind kind, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void fail(struct reader *r, enum prm_err_kind kind, const char *fmt, ...)
{
	char msg[400];
	va_list ap;

	if (r->failed)
		return;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	prm_err_set(r->err, kind, kind == PRM_E_FAILED ? ENOMEM : 0,
		    kind == PRM_E_FAILED ? "oom" : "bad_adb", "%s:%lu: %s",
		    r->db->name, line_of(r), msg);
	r->failed = true;
	XML_StopParser(r->p, XML_FALSE);
}

static const char *attr(const XML_Char **atts, const char *name)
{
	for (size_t i = 0; atts[i]; i += 2)
		if (strcmp(atts[i], name) == 0)
			return atts[i + 1];
	return NULL;
}

/* A string kept with the database (NULL stays NULL). */
static const char *keep(struct reader *r, const char *s)
{
	const char *d;

	if (!s)
		return NULL;
	d = adb_strdup(&r->db->arena, s);
	if (!d)
		fail(r, PRM_E_FAILED, "out of memory");
	return d;
}

/* A printf'd note kept with the database, for raw->bad. */
static const char *note(struct reader *r, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static const char *note(struct reader *r, const char *fmt, ...)
{
	char buf[300];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	return keep(r, buf);
}

/* descr: "\;" is the database's line break (mstflint descXmlToNative). */
static const char *desc(struct reader *r, const char *s)
{
	size_t n = 0;
	char *d;

	if (!s || !*s)
		return NULL;
	d = adb_alloc(&r->db->arena, strlen(s) + 1);
	if (!d) {
		fail(r, PRM_E_FAILED, "out of memory");
		return NULL;
	}
	for (const char *p = s; *p; p++) {
		if (p[0] == '\\' && p[1] == ';') {
			d[n++] = '\n';
			p++;
		} else {
			d[n++] = *p;
		}
	}
	while (n && (d[n - 1] == '\n' || d[n - 1] == ' '))
		n--;
	d[n] = '\0';
	return n ? d : NULL;
}

static int bound(const char *s, uint64_t *v)
{
	char *end;

	if (!s || *s < '0' || *s > '9')
		return -1;
	errno = 0;
	*v = strtoull(s, &end, 10);
	return errno || *end ? -1 : 0;
}

static void start_node(struct reader *r, const XML_Char **atts)
{
	struct adb_raw *raw = r->raw;
	const char *size = attr(atts, "size"), *u = attr(atts, "attr_is_union");
	struct adb_rnode *n;

	if (raw->nnodes == ADB_MAX_NODES) {
		fail(r, PRM_E_USAGE, "more than %u nodes", ADB_MAX_NODES);
		return;
	}
	if (raw->nnodes == raw->capnodes) {
		size_t cap = raw->capnodes ? raw->capnodes * 2 : 256;
		struct adb_rnode *v = realloc(raw->nodes, cap * sizeof(*v));

		if (!v) {
			fail(r, PRM_E_FAILED, "out of memory");
			return;
		}
		raw->nodes = v;
		raw->capnodes = cap;
	}
	n = &raw->nodes[raw->nnodes++];
	memset(n, 0, sizeof(*n));
	n->line = line_of(r);
	n->name = keep(r, attr(atts, "name"));
	n->desc = desc(r, attr(atts, "descr"));
	n->is_union = u && strcmp(u, "0") != 0;
	n->first = raw->nfields;
	if (!n->name || !*n->name)
		n->bad = "node without a name";
	else if (!size)
		n->bad = "node without a size";
	else if (adb_addr(size, &n->bits))
		n->bad = note(r, "size '%.40s' is not a size", size);
	else if (!n->bits)
		n->bad = "size is zero";
	else if (n->bits > ADB_MAX_NODE_BYTES * 8ull)
		n->bad = note(r, "size '%.40s' is more than the %u bytes a node may have",
			      size, ADB_MAX_NODE_BYTES);
}

/* Reads the bounds of an array field; a note if they make no sense. */
static const char *array_bounds(struct reader *r, const XML_Char **atts,
				struct adb_rfield *f)
{
	const char *lo = attr(atts, "low_bound"), *hi = attr(atts, "high_bound");
	uint64_t l, h;

	if (!lo && !hi)
		return NULL;
	if (!lo || !hi)
		return note(r, "field '%.80s' has only one of low_bound and high_bound", f->name);
	if (bound(lo, &l))
		return note(r, "field '%.80s': low_bound '%.20s' is not a number", f->name, lo);
	if (strcmp(hi, "VARIABLE") == 0) {
		/* a run whose length another field gives: the element the file sizes */
		f->variable = true;
		f->count = 1;
		return NULL;
	}
	if (bound(hi, &h) || h < l || h - l >= ADB_MAX_NODE_BYTES * 8ull)
		return note(r, "field '%.80s': bounds %.20s..%.20s are not an array",
			    f->name, lo, hi);
	f->count = (uint32_t)(h - l + 1);
	return NULL;
}

static void start_field(struct reader *r, const XML_Char **atts)
{
	struct adb_raw *raw = r->raw;
	struct adb_rnode *n = &raw->nodes[raw->nnodes - 1];
	const char *size = attr(atts, "size"), *off = attr(atts, "offset");
	struct adb_rfield *f;
	const char *bad = NULL;

	if (raw->nfields == ADB_MAX_FIELDS) {
		fail(r, PRM_E_USAGE, "more than %u fields", ADB_MAX_FIELDS);
		return;
	}
	if (raw->nfields == raw->capfields) {
		size_t cap = raw->capfields ? raw->capfields * 2 : 1024;
		struct adb_rfield *v = realloc(raw->fields, cap * sizeof(*v));

		if (!v) {
			fail(r, PRM_E_FAILED, "out of memory");
			return;
		}
		raw->fields = v;
		raw->capfields = cap;
	}
	f = &raw->fields[raw->nfields];
	memset(f, 0, sizeof(*f));
	f->line = line_of(r);
	f->name = keep(r, attr(atts, "name"));
	f->desc = desc(r, attr(atts, "descr"));
	f->subnode = keep(r, attr(atts, "subnode"));
	f->enums = keep(r, attr(atts, "enum"));
	f->access = keep(r, attr(atts, "access"));
	f->selector = keep(r, attr(atts, "union_selector"));
	f->selected_by = keep(r, attr(atts, "selected_by"));
	if (r->failed)
		return;
	if (!f->name || !*f->name)
		bad = "a field without a name";
	else if (!size || adb_addr(size, &f->size) || !f->size)
		bad = note(r, "field '%.80s': size '%.40s' is not a size", f->name,
			   size ? size : "");
	else if (f->size > ADB_MAX_NODE_BYTES * 8ull)
		bad = note(r, "field '%.80s': size '%.40s' is larger than any node may be",
			   f->name, size);
	else if (!off)
		bad = note(r, "field '%.80s' has no offset", f->name);
	else if (adb_addr(off, &f->off) || f->off > ADB_MAX_NODE_BYTES * 8ull)
		bad = note(r, "field '%.80s': offset '%.40s' is not an offset in a node",
			   f->name, off);
	else if (n->nfields == ADB_MAX_NODE_FIELDS)
		bad = note(r, "more than %u fields in one node", ADB_MAX_NODE_FIELDS);
	else
		bad = array_bounds(r, atts, f);
	if (bad) {
		if (!n->bad)
			n->bad = note(r, "line %lu: %s", f->line, bad);
		return;
	}
	raw->nfields++;
	n->nfields++;
}

static void start_config(struct reader *r, const XML_Char **atts)
{
	const char *be = attr(atts, "big_endian_arr");

	if (be)
		r->raw->big_endian_arr = strcmp(be, "0") != 0;
}

static void XMLCALL on_start(void *ud, const XML_Char *tag, const XML_Char **atts)
{
	struct reader *r = ud;
	enum el parent = r->depth ? r->stack[r->depth - 1] : EL_TOP;
	size_t i;

	if (r->failed)
		return;
	if (r->depth == MAX_ELEMENT_DEPTH) {
		fail(r, PRM_E_USAGE, "elements nested more than %d deep", MAX_ELEMENT_DEPTH);
		return;
	}
	if (strcmp(tag, "include") == 0) {
		fail(r, PRM_E_USAGE, "<include> is not supported: give the whole database in one file");
		return;
	}
	for (i = 0; i < sizeof(elements) / sizeof(elements[0]); i++)
		if (strcmp(tag, elements[i].tag) == 0)
			break;
	if (i == sizeof(elements) / sizeof(elements[0])) {
		fail(r, PRM_E_USAGE, "unsupported element <%.60s>", tag);
		return;
	}
	if (elements[i].parent != parent) {
		if (parent == EL_TOP)
			fail(r, PRM_E_USAGE, "the document is <%.60s>, not <NodesDefinition>", tag);
		else
			fail(r, PRM_E_USAGE, "<%.60s> inside <%.60s>", tag, r->tags[r->depth - 1]);
		return;
	}
	r->stack[r->depth] = elements[i].el;
	r->tags[r->depth] = elements[i].tag;
	r->depth++;
	switch (elements[i].el) {
	case EL_NODE:
		start_node(r, atts);
		break;
	case EL_FIELD:
		start_field(r, atts);
		break;
	case EL_CONFIG:
		start_config(r, atts);
		break;
	case EL_INFO:
		if (!r->raw->doc_version)
			r->raw->doc_version = keep(r, attr(atts, "source_doc_version"));
		break;
	default:
		break;
	}
}

static void XMLCALL on_end(void *ud, const XML_Char *tag)
{
	struct reader *r = ud;

	(void)tag;
	if (r->depth)
		r->depth--;
}

/* A DOCTYPE is where entities would be declared: none is ever needed. */
static void XMLCALL on_doctype(void *ud, const XML_Char *name, const XML_Char *sysid,
			       const XML_Char *pubid, int has_internal_subset)
{
	(void)name, (void)sysid, (void)pubid, (void)has_internal_subset;
	fail(ud, PRM_E_USAGE, "DOCTYPE declarations (and so entities) are not allowed");
}

static void XMLCALL on_entity(void *ud, const XML_Char *name, int param,
			      const XML_Char *value, int vlen, const XML_Char *base,
			      const XML_Char *sysid, const XML_Char *pubid,
			      const XML_Char *notation)
{
	(void)name, (void)param, (void)value, (void)vlen, (void)base, (void)sysid;
	(void)pubid, (void)notation;
	fail(ud, PRM_E_USAGE, "entity declarations are not allowed");
}

int adb_xml_read(struct prm_adb *db, struct adb_raw *raw, const char *buf,
		 size_t len, struct prm_err *err)
{
	struct reader r = { .db = db, .raw = raw, .err = err };
	enum XML_Status st;

	if (len > ADB_MAX_INPUT)
		return prm_err_set(err, PRM_E_USAGE, EFBIG, "too_large",
				   "%s: %zu bytes, more than the %u a register database may have",
				   db->name, len, ADB_MAX_INPUT);
	r.p = XML_ParserCreate(NULL);
	if (!r.p)
		return prm_err_set(err, PRM_E_FAILED, ENOMEM, "oom", "out of memory");
	XML_SetUserData(r.p, &r);
	XML_SetElementHandler(r.p, on_start, on_end);
	XML_SetStartDoctypeDeclHandler(r.p, on_doctype);
	XML_SetEntityDeclHandler(r.p, on_entity);
	XML_SetParamEntityParsing(r.p, XML_PARAM_ENTITY_PARSING_NEVER);
	st = XML_Parse(r.p, buf ? buf : "", (int)len, XML_TRUE);
	if (st != XML_STATUS_OK && !r.failed)
		prm_err_set(err, PRM_E_USAGE, 0, "bad_adb", "%s:%lu: not a register database: %s",
			    db->name, line_of(&r), XML_ErrorString(XML_GetErrorCode(r.p)));
	else if (st == XML_STATUS_OK && !raw->nnodes)
		prm_err_set(err, PRM_E_USAGE, 0, "bad_adb", "%s:%lu: no <node> in the database",
			    db->name, line_of(&r));
	XML_ParserFree(r.p);
	return st == XML_STATUS_OK && raw->nnodes ? 0 : -1;
}
