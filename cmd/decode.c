// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * prmctl decode STRUCT [FILE|-]: raw bytes through any known layout, built
 * in or a node of NVIDIA's register database (read only when needed).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "cmd/core/cmd.h"
#include "lib/dev/adbload.h"
#include "lib/out/layout_print.h"
#include "lib/out/out.h"
#include "lib/prm/adb.h"
#include "lib/prm/healthbuf.h"
#include "lib/prm/layouts/layouts.h"
#include "lib/util/hexparse.h"
#include "lib/util/match.h"
#include "lib/util/readall.h"

/* Largest input read: a hex dump of a whole BAR0 page range and then some. */
#define DECODE_MAX_INPUT (64u << 20)

enum { OPT_LIST = 0x200, OPT_OFFSET, OPT_DESCRIBE };

struct decode_opts {
	bool list, hex, describe, has_offset;
	unsigned long offset;
	const char *layout, *file;
	int nargs;
};

static const struct argp_option options[] = {
	{ "list", OPT_LIST, NULL, 0, "List the layouts that can be decoded", 0 },
	{ "hex", 'x', NULL, 0,
	  "Input is a hex dump (xxd, hexdump -C, od-style bytes or 0x dwords)", 0 },
	{ "offset", OPT_OFFSET, "BYTES", 0,
	  "Decode the structure found at this byte offset of a larger input", 0 },
	{ "describe", OPT_DESCRIBE, NULL, 0,
	  "Print the layout itself: each field's byte, bits and width", 0 },
	{ 0 }
};

static error_t parse(int key, char *arg, struct argp_state *state)
{
	struct decode_opts *o = state->input;
	char *end;

	switch (key) {
	case OPT_LIST:
		o->list = true;
		break;
	case 'x':
		o->hex = true;
		break;
	case OPT_DESCRIBE:
		o->describe = true;
		break;
	case OPT_OFFSET:
		errno = 0;
		/* decimal or 0x hex; a leading zero is not octal */
		o->offset = strtoul(arg, &end, strncasecmp(arg, "0x", 2) ? 10 : 16);
		if (errno || *end || !*arg || arg[0] == '-') {
			argp_error(state, "--offset: '%s' is not a byte offset", arg);
			return EINVAL;
		}
		o->has_offset = true;
		break;
	case ARGP_KEY_ARG:
		if (o->nargs == 0)
			o->layout = arg;
		else if (o->nargs == 1)
			o->file = arg;
		else {
			argp_error(state, "unexpected argument '%s'", arg);
			return EINVAL;
		}
		o->nargs++;
		break;
	default:
		return ARGP_ERR_UNKNOWN;
	}
	return 0;
}

static const struct argp decode_argp = {
	options, parse, "STRUCT [FILE|-]",
	"Decode raw bytes (binary, or a hex dump with --hex) with a PRM layout and "
	"print every field. FILE '-' or no FILE reads standard input.",
	prm_global_children, NULL, NULL
};


/* The built-in layouts; the database's are only counted (there are hundreds). */
static int list_layouts(void)
{
	const struct prm_adb *db = cmd_adb();

	out_doc_begin();
	out_table_begin("layouts");
	for (size_t i = 0; prm_layouts[i]; i++) {
		out_obj_begin(NULL);
		out_str("name", prm_layouts[i]->name);
		out_u64("size", prm_layout_bytes(prm_layouts[i]));
		out_str("description", prm_layouts[i]->desc);
		out_obj_end();
	}
	out_table_end();
	if (db) {
		out_obj_begin("adb");
		out_str("file", prm_adb_name(db));
		out_u64("node_count", prm_adb_nnodes(db));
		out_obj_end();
		out_note("decode also takes the name of any of these %zu database nodes "
			 "(a register's is in 'prmctl reg list')", prm_adb_nnodes(db));
	} else {
		out_note("%s", cmd_adb_error()->msg);
	}
	return cmd_done(EXIT_OK);
}

static size_t built_in_names(const char **names, size_t max)
{
	size_t n = 0;

	while (prm_layouts[n] && n < max) {
		names[n] = prm_layouts[n]->name;
		n++;
	}
	return n;
}

/* A unique prefix of a database node's name, or the usual complaint. */
static int find_adb_prefix(const struct prm_adb *db, const char *name,
			   const struct prm_layout **out)
{
	size_t n = prm_adb_nnodes(db), idx;
	const char **names = calloc(n ? n : 1, sizeof(*names));
	struct match_set s = { names, n, sizeof(names[0]) };
	int rc;

	if (!names) {
		out_error(EXIT_FAIL, "oom", "decode: out of memory");
		return EXIT_FAIL;
	}
	for (size_t i = 0; i < n; i++)
		names[i] = prm_adb_node(db, i)->name;
	rc = cmd_match(&s, name, "layout", "", "prmctl decode --list", &idx);
	if (rc == 0)
		*out = prm_adb_node(db, idx);
	free(names);
	return rc;
}

/*
 * A built-in layout, then a database node or register of that name, then a
 * unique prefix of a built-in name, then of a node's.
 */
static int find_layout(const char *name, const struct prm_layout **out)
{
	const char *names[64];
	struct match_set s = { names, 0, sizeof(names[0]) };
	const struct prm_register *r;
	const struct prm_adb *db;
	size_t idx;

	*out = prm_layout_lookup(name);	/* any case */
	if (*out)
		return 0;
	db = cmd_adb();
	if (db && (*out = prm_adb_node_by_name(db, name)))
		return 0;
	if (db && (r = prm_adb_register_by_name(db, name))) {
		*out = r->layout;
		return 0;
	}
	s.n = built_in_names(names, 64);
	switch (match_name(&s, name, &idx)) {
	case MATCH_EXACT:
	case MATCH_PREFIX:
		*out = prm_layouts[idx];
		return 0;
	case MATCH_AMBIGUOUS:
		return cmd_match(&s, name, "layout", "", "prmctl decode --list", &idx);
	case MATCH_NONE:
		break;
	}
	/* a near miss of a built-in name is the likeliest typo */
	if (match_suggest(&s, name))
		return cmd_match(&s, name, "layout", "", "prmctl decode --list", &idx);
	if (!db)
		return cmd_usage("decode: '%s' is not a built-in layout, and %s", name, cmd_adb_error()->msg);
	return find_adb_prefix(db, name, out);
}

/*
 * Bytes of the input; *base is the address of the first byte (a hex dump
 * taken with "xxd -s 0x200" starts at 0x200), which --offset counts from.
 */
static int load_input(const struct decode_opts *o, uint8_t **buf, size_t *len,
		      size_t *base)
{
	const char *file = o->file ? o->file : "-";
	const char *shown = strcmp(file, "-") ? file : "standard input";
	struct prm_err err = { 0 };
	uint8_t *raw;
	size_t rawlen;

	if (!o->file && isatty(STDIN_FILENO))
		return cmd_usage("decode: no input (give a FILE, or pipe bytes in)");
	if (read_all(file, DECODE_MAX_INPUT, &raw, &rawlen, &err))
		return cmd_fail(&err);
	*base = 0;
	if (!o->hex) {
		*buf = raw;
		*len = rawlen;
		return 0;
	}
	if (hex_parse((const char *)raw, rawlen, HEX_MAX_BYTES, buf, len, base, &err)) {
		free(raw);
		prm_err_prefix(&err, "%s: ", shown);
		return cmd_fail(&err);
	}
	free(raw);
	return 0;
}

/* Where the structure starts in buf, or an exit status. */
static int check_size(const struct decode_opts *o, const struct prm_layout *l,
		      size_t len, size_t base, size_t *at)
{
	const char *shown = o->file && strcmp(o->file, "-") ? o->file : "standard input";
	size_t need = prm_layout_bytes(l);

	*at = 0;
	if (o->has_offset) {
		if (o->offset < base)
			return cmd_usage("%s: the dump starts at 0x%zx, after offset 0x%lx",
					 shown, base, o->offset);
		*at = o->offset - base;
		if (*at > len || len - *at < need)
			return cmd_usage("%s: %s needs %zu bytes at offset 0x%lx, but the input has %zu bytes from 0x%zx",
					 shown, l->name, need, o->offset, len, base);
		return 0;
	}
	if (len != need)
		return cmd_usage("%s: %s is %zu bytes, the input has %zu bytes (%s; use --offset to pick it out of a larger dump)",
				 shown, l->name, need, len,
				 len < need ? "too short" : "too long");
	return 0;
}

/*
 * What health show prints beside the fields; all-ones is no buffer. The
 * PRM's time stays its number: its ISO string is fw_time (a ..._time).
 */
static void health_extras(const uint8_t *hb)
{
	struct prm_health_extras x;

	if (!prm_health_extras(hb, &x))
		return;
	out_str("fw_time", x.time_iso[0] ? x.time_iso : NULL);
	out_str("fw_ver_decoded", x.fw_ver[0] ? x.fw_ver : NULL);
	out_str("hw_id_name", x.chip);
}

static int decode(struct cmd_run *r)
{
	const struct decode_opts *o = r->opts;
	const struct prm_layout *l;
	struct prm_err err = { 0 };
	uint8_t *buf = NULL;
	size_t len = 0, base = 0, at = 0;
	int rc;

	if (o->list)
		return o->nargs ? cmd_usage("decode --list takes no arguments") : list_layouts();
	if (!o->layout)
		return cmd_usage("decode: which structure? (see 'prmctl decode --list')");
	rc = find_layout(o->layout, &l);
	if (rc)
		return rc;
	if (o->describe) {
		if (o->file)
			return cmd_usage("decode --describe takes no FILE");
		out_doc_begin();
		out_layout_describe(l);
		return cmd_done(EXIT_OK);
	}
	rc = load_input(o, &buf, &len, &base);
	if (rc)
		return rc;
	rc = check_size(o, l, len, base, &at);
	if (rc) {
		free(buf);
		return rc;
	}
	out_doc_begin();
	out_str("layout", l->name);
	out_u64("size", prm_layout_bytes(l));
	if (o->has_offset || base)
		out_hex("offset", o->has_offset ? o->offset : base);
	out_obj_begin("fields");
	rc = out_layout(l, buf + at, prm_layout_bytes(l), 0, &err);
	if (!rc && l == &prm_layout_health_buffer)
		health_extras(buf + at);
	free(buf);
	if (rc)
		return cmd_fail(&err);
	out_obj_end();
	return cmd_done(EXIT_OK);
}


const struct prm_cmd cmd_decode = {
	.name = "decode",
	.summary = "Decode raw bytes with a PRM layout",
	.argp = &decode_argp,
	.exec = decode,
	.opts_size = sizeof(struct decode_opts),
};
