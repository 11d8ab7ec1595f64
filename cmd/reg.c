// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * prmctl reg list | describe | read | write: access registers over ICMD
 * (ACCESS_REG). Registers are the built-in tables, then NVIDIA's register
 * database (mstflint's .adb), read only when a name is not built in. The
 * accesses and field setting are lib/ops/reg.c.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cmd/core/cmd.h"
#include "lib/dev/adbload.h"
#include "lib/dev/dev.h"
#include "lib/ops/reg.h"
#include "lib/out/layout_print.h"
#include "lib/out/out.h"
#include "lib/prm/registers.h"

#define REG_MAX_BYTES 0x400u
#define MAX_ASSIGN 32

enum { OPT_INDEX = 0x400, OPT_LEN };

struct reg_opts {
	const char *reg;
	const char *assign[MAX_ASSIGN];	/* field=value: --index, or write's arguments */
	int nassign;
	uint64_t len;
	bool writing;
	/* check()'s, before the device is opened: the register, its request, its fields */
	const struct prm_register *r;	/* NULL: an id without a layout */
	uint16_t id;
	size_t size;
	struct reg_field f[MAX_ASSIGN];
	uint8_t buf[REG_MAX_BYTES];
};

static const struct argp_option read_options[] = {
	{ "index", OPT_INDEX, "FIELD=VALUE", 0,
	  "Set a field of the request (an index such as string_db_index); repeatable", 0 },
	{ "len", OPT_LEN, "BYTES", 0, "Register size, for an id prmctl does not know", 0 },
	{ 0 }
};

static error_t parse(int key, char *arg, struct argp_state *state)
{
	struct reg_opts *o = state->input;

	switch (key) {
	case OPT_INDEX:
		if (o->nassign == MAX_ASSIGN) {
			argp_error(state, "too many fields (at most %d)", MAX_ASSIGN);
			return EINVAL;
		}
		o->assign[o->nassign++] = arg;
		return 0;
	case OPT_LEN:
		if (cmd_number(arg, REG_MAX_BYTES, &o->len) || !o->len || o->len % 4) {
			argp_error(state, "--len: '%s' is not a size (a multiple of 4, at most %u)",
				   arg, REG_MAX_BYTES);
			return EINVAL;
		}
		return 0;
	case ARGP_KEY_ARG:
		if (!o->reg) {
			o->reg = arg;
			return 0;
		}
		if (!o->writing) {
			argp_error(state, "unexpected argument '%s' (indexes go with --index)", arg);
			return EINVAL;
		}
		if (o->nassign == MAX_ASSIGN) {
			argp_error(state, "too many fields (at most %d)", MAX_ASSIGN);
			return EINVAL;
		}
		o->assign[o->nassign++] = arg;
		return 0;
	}
	return ARGP_ERR_UNKNOWN;
}

static error_t write_parse(int key, char *arg, struct argp_state *state)
{
	if (key == ARGP_KEY_INIT)
		((struct reg_opts *)state->input)->writing = true;
	return parse(key, arg, state);
}

static const struct argp read_argp = {
	read_options, parse, "NAME|ID",
	"Read an access register (ACCESS_REG GET over ICMD) and decode every field. "
	"An id prmctl has no layout for prints raw dwords (give --len).",
	prm_global_children, NULL, NULL
};

static const struct argp write_argp = {
	read_options, write_parse, "NAME FIELD=VALUE...",
	"Read a register, change the named fields, write it back (ACCESS_REG SET) "
	"and print what the device returns. Needs --write on real hardware.",
	prm_global_children, NULL, NULL
};


static const char *source_of(const struct prm_register *r)
{
	return r >= prm_registers && r < prm_registers + prm_nregisters ? "built-in" : "adb";
}

/*
 * A register by name: a built-in one, a database one, then a unique prefix
 * of a built-in name (so "mg" stays MGIR), then of a database name.
 */
static int find_register(const char *word, const struct prm_register **r)
{
	struct match_set s = { prm_registers, prm_nregisters, sizeof(prm_registers[0]) };
	struct match_set adb = { NULL, 0, sizeof(prm_registers[0]) };
	const struct prm_adb *db;
	struct match_best b;
	const char *close;
	char hint[64];
	size_t idx;

	*r = prm_register_by_name(word);
	if (*r)
		return 0;
	db = cmd_adb();
	if (db && (*r = prm_adb_register_by_name(db, word)))
		return 0;
	switch (match_name(&s, word, &idx)) {
	case MATCH_EXACT:
	case MATCH_PREFIX:
		*r = &prm_registers[idx];
		return 0;
	case MATCH_AMBIGUOUS:
		return cmd_match(&s, word, "register", "reg: ", "prmctl reg list", &idx);
	case MATCH_NONE:
		break;
	}
	if (!db)
		return cmd_usage("reg: '%s' is not a built-in register, and %s%s", word,
				 cmd_adb_error()->msg, match_hint(&s, word, hint, sizeof(hint)));
	adb.base = prm_adb_register(db, 0);
	adb.n = prm_adb_nregisters(db);
	if (match_name(&adb, word, &idx) == MATCH_NONE) {
		/* the closest of both: DTOR is built-in only */
		match_best_init(&b);
		match_consider(&b, &s, word);
		match_consider(&b, &adb, word);
		close = match_best_name(&b, word);
		if (close)
			return cmd_usage("reg: unknown register '%s'; did you mean '%s'? (see 'prmctl reg list')",
					 word, close);
	}
	if (cmd_match(&adb, word, "register", "reg: ", "prmctl reg list", &idx))
		return EXIT_USAGE;
	*r = prm_adb_register(db, idx);
	return 0;
}

/* NAME, or a number that may or may not be a register prmctl knows. */
static int resolve(const struct reg_opts *o, const struct prm_register **r,
		   uint16_t *id, size_t *len)
{
	uint64_t num;
	int rc;

	*r = NULL;
	if (cmd_number(o->reg, 0xffff, &num) == 0) {
		*id = (uint16_t)num;
		*r = prm_register_by_id(*id);
		if (!*r && cmd_adb())
			*r = prm_adb_register_by_id(cmd_adb(), *id);
		if (!*r) {
			if (!o->len)
				return cmd_usage("reg: no layout for register 0x%04x: give its size with --len",
						 *id);
			*len = o->len;
			return 0;
		}
	} else {
		rc = find_register(o->reg, r);
		if (rc)
			return rc;
	}
	*id = (*r)->id;
	*len = o->len ? o->len : prm_layout_bytes((*r)->layout);
	if (*len > REG_MAX_BYTES)
		return cmd_usage("reg: %s is %zu bytes; a register access carries at most %u",
				 (*r)->name, *len, REG_MAX_BYTES);
	return 0;
}

/* FIELD=VALUE: which field of the register, and the number. */
static int parse_field(const struct prm_register *r, const char *a, struct reg_field *f)
{
	const char *eq = strchr(a, '=');

	if (!r)
		return cmd_usage("reg: fields need a register prmctl has a layout for");
	if (!eq || eq == a || (size_t)(eq - a) >= sizeof(f->path))
		return cmd_usage("reg: '%s' is not FIELD=VALUE", a);
	snprintf(f->path, sizeof(f->path), "%.*s", (int)(eq - a), a);
	if (cmd_number(eq + 1, UINT64_MAX, &f->value))
		return cmd_usage("reg: '%s': '%s' is not a number", f->path, eq + 1);
	return 0;
}

static int print(struct dev *d, const char *via, const struct prm_register *r, uint16_t id,
		 const uint8_t *buf, size_t len)
{
	struct prm_err err = { 0 };

	out_doc_begin();
	out_str("device", d->label);
	out_str("access", via);
	out_str("register", r ? r->name : NULL);
	out_hex("id", id);
	out_u64("size", len);
	if (!r) {
		out_be_words("dwords", 0, buf, len);
		return cmd_done(EXIT_OK);
	}
	out_obj_begin("fields");
	if (out_layout(r->layout, buf, len, 0, &err))
		return cmd_fail(&err);
	out_obj_end();
	return cmd_done(EXIT_OK);
}

/* The register, its size and the fields to set, judged before -d opens. */
static int access_check(struct cmd_run *run)
{
	struct reg_opts *o = run->opts;
	struct prm_err err = { 0 };
	int rc;

	if (!o->reg)
		return cmd_usage("reg: which register? (see 'prmctl reg list')");
	if (o->writing && !o->nassign)
		return cmd_usage("reg write: which fields? (FIELD=VALUE...)");
	rc = resolve(o, &o->r, &o->id, &o->size);
	/* each field tried as it is read: the first bad one, of either kind, is the error */
	for (int i = 0; !rc && i < o->nassign; i++)
		if (!(rc = parse_field(o->r, o->assign[i], &o->f[i])) &&
		    reg_fields_set(o->r->layout, o->buf, o->size, &o->f[i], 1, &err))
			rc = cmd_fail(&err);
	return rc;
}

static int access_reg(struct cmd_run *run)
{
	struct reg_opts *o = run->opts;
	struct prm_err err = { 0 };
	const char *via = NULL;

	/* reg has never warned about the command queue's teardown (ICMD is its usual path) */
	run->quiet_close = true;
	if (o->writing ? reg_modify(run->dev, o->id, o->r->layout, o->f, (unsigned)o->nassign,
				    o->buf, o->size, &via, &err)
		       : reg_get(run->dev, o->id, o->buf, o->size, &via, &err))
		return cmd_fail(&err);
	return print(run->dev, via, o->r, o->id, o->buf, o->size);
}

static error_t describe_parse(int key, char *arg, struct argp_state *state)
{
	struct reg_opts *o = state->input;

	if (key != ARGP_KEY_ARG)
		return ARGP_ERR_UNKNOWN;
	if (o->reg) {
		argp_error(state, "unexpected argument '%s'", arg);
		return EINVAL;
	}
	o->reg = arg;
	return 0;
}

static const struct argp describe_argp = {
	NULL, describe_parse, "NAME|ID",
	"Print a register's layout: each field's byte, bits, width, access and "
	"description. Built-in registers, then NVIDIA's register database (--adb).",
	prm_global_children, NULL, NULL
};

static int describe(struct cmd_run *run)
{
	struct reg_opts *o = run->opts;
	const struct prm_register *r;
	uint16_t id;
	size_t len;
	int rc;

	if (!o->reg)
		return cmd_usage("reg describe: which register? (see 'prmctl reg list')");
	/* with a --len, an id without a layout comes back as NULL, not as advice about --len */
	o->len = 4;
	rc = resolve(o, &r, &id, &len);
	if (rc)
		return rc;
	if (!r)
		return cmd_usage("reg describe: prmctl has no layout for register 0x%04x (see 'prmctl reg list')",
				 id);
	out_doc_begin();
	out_str("register", r->name);
	out_hex("id", r->id);
	out_str("table", source_of(r));
	out_layout_describe(r->layout);
	return cmd_done(EXIT_OK);
}

static const struct argp list_argp = {
	NULL, cmd_no_args, NULL,
	"The access registers prmctl has layouts for: built in, and from NVIDIA's "
	"register database (--adb FILE, $PRMCTL_ADB, else mstflint's). -v lists "
	"what the database had that could not be loaded.",
	prm_global_children, NULL, NULL
};

static void list_row(const struct prm_register *r)
{
	out_obj_begin(NULL);
	out_str("name", r->name);
	out_hex("id", r->id);
	out_u64("size", prm_layout_bytes(r->layout));
	out_str("source", source_of(r));
	out_str("layout", r->layout->name);
	out_str("description", r->desc);
	out_obj_end();
}

static int by_name(const void *a, const void *b)
{
	return strcasecmp((*(const struct prm_register *const *)a)->name,
			  (*(const struct prm_register *const *)b)->name);
}

/* The database's registers the built-in tables do not have, by name. */
static int list_adb(const struct prm_adb *db)
{
	size_t n = 0, total = prm_adb_nregisters(db);
	const struct prm_register **v = calloc(total ? total : 1, sizeof(*v));

	if (!v)
		return -1;
	for (size_t i = 0; i < total; i++) {
		const struct prm_register *r = prm_adb_register(db, i);

		if (!prm_register_by_name(r->name) && !prm_register_by_id(r->id))
			v[n++] = r;
	}
	qsort(v, n, sizeof(*v), by_name);
	for (size_t i = 0; i < n; i++)
		list_row(v[i]);
	free(v);
	return 0;
}

static void list_summary(const struct prm_adb *db)
{
	out_obj_begin("adb");
	out_str("file", prm_adb_name(db));
	out_str("version", prm_adb_doc_version(db));
	out_u64("register_count", prm_adb_nregisters(db));
	out_u64("node_count", prm_adb_nnodes(db));
	out_u64("skipped_count", prm_adb_nskipped(db));
	out_obj_end();
	if (!G.verbose || !prm_adb_nskipped(db))
		return;
	out_table_begin("skipped");
	for (size_t i = 0; i < prm_adb_nskipped(db); i++) {
		const struct prm_adb_skip *k = prm_adb_skipped(db, i);

		out_obj_begin(NULL);
		out_str("kind", k->kind);
		out_str("name", k->name);
		out_u64("line", k->line);
		out_str("reason", k->reason);
		out_obj_end();
	}
	out_table_end();
}

static int list(struct cmd_run *run)
{
	const struct prm_adb *db = cmd_adb();

	(void)run;
	if (!db)
		out_warn("%s; listing the built-in registers only", cmd_adb_error()->msg);
	out_doc_begin();
	out_table_begin("registers");
	for (size_t i = 0; i < prm_nregisters; i++)
		list_row(&prm_registers[i]);
	if (db && list_adb(db)) {
		out_error(EXIT_FAIL, "oom", "reg list: out of memory");
		return EXIT_FAIL;
	}
	out_table_end();
	if (db)
		list_summary(db);
	return cmd_done(EXIT_OK);
}

static const struct prm_verb verbs[] = {
	{ .name = "list", .summary = "List the registers prmctl knows", .argp = &list_argp,
	  .exec = list },
	{ .name = "describe", .summary = "Print a register's layout", .argp = &describe_argp,
	  .exec = describe, .opts_size = sizeof(struct reg_opts) },
	{ .name = "read", .summary = "Read and decode a register", .argp = &read_argp,
	  .check = access_check, .exec = access_reg, .opts_size = sizeof(struct reg_opts),
	  .flags = CMD_NEEDS_DEVICE },
	{ .name = "write", .summary = "Change fields of a register", .argp = &write_argp,
	  .check = access_check, .exec = access_reg, .opts_size = sizeof(struct reg_opts),
	  .flags = CMD_NEEDS_DEVICE | CMD_WRITES },
};

const struct prm_cmd cmd_reg = {
	.name = "reg",
	.summary = "Read and write access registers (ICMD, or ACCESS_REG through the command channel)",
	.verbs = verbs,
	.nverbs = sizeof(verbs) / sizeof(verbs[0]),
	.flags = CMD_NEEDS_DEVICE,
};
