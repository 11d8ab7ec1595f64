// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* prmctl reg list | read | write: access registers over ICMD (ACCESS_REG). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/cmd.h"
#include "cmd/devsel.h"
#include "lib/dev/icmd.h"
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

static const struct argp read_argp = {
	read_options, parse, "NAME|ID",
	"Read an access register (ACCESS_REG GET over ICMD) and decode every field. "
	"An id prmctl has no layout for prints raw dwords (give --len).",
	prm_global_children, NULL, NULL
};

static const struct argp write_argp = {
	read_options, parse, "NAME FIELD=VALUE...",
	"Read a register, change the named fields, write it back (ACCESS_REG SET) "
	"and print what the device returns. Needs --write on real hardware.",
	prm_global_children, NULL, NULL
};

/* NAME, or a number that may or may not be a register prmctl knows. */
static int resolve(const struct reg_opts *o, const struct prm_register **r,
		   uint16_t *id, size_t *len)
{
	const char *names[64];
	struct match_set s = { names, 0, sizeof(names[0]) };
	uint64_t num;
	size_t idx;
	int rc;

	*r = prm_register_by_name(o->reg);
	if (!*r && cmd_number(o->reg, 0xffff, &num) == 0) {
		*r = prm_register_by_id((uint16_t)num);
		*id = (uint16_t)num;
		if (!*r) {
			if (!o->len)
				return cmd_usage("reg: no layout for register 0x%04x: give its size with --len",
						 *id);
			*len = o->len;
			return 0;
		}
	}
	if (!*r) {
		for (s.n = 0; s.n < prm_nregisters && s.n < 64; s.n++)
			names[s.n] = prm_registers[s.n].name;
		rc = cmd_match(&s, o->reg, "register", "", "prmctl reg list", &idx);
		if (rc)
			return rc;
		*r = &prm_registers[idx];
	}
	*id = (*r)->id;
	*len = o->len ? o->len : prm_layout_bytes((*r)->layout);
	return 0;
}

/* FIELD=VALUE into the register bytes. */
static int assign(const struct prm_register *r, uint8_t *buf, size_t len,
		  const char *a)
{
	const char *eq = strchr(a, '=');
	struct prm_err err = { 0 };
	char field[128];
	uint64_t v;

	if (!r)
		return cmd_usage("reg: fields need a register prmctl has a layout for");
	if (!eq || eq == a || (size_t)(eq - a) >= sizeof(field))
		return cmd_usage("reg: '%s' is not FIELD=VALUE", a);
	snprintf(field, sizeof(field), "%.*s", (int)(eq - a), a);
	if (cmd_number(eq + 1, UINT64_MAX, &v))
		return cmd_usage("reg: '%s': '%s' is not a number", field, eq + 1);
	if (prm_set(r->layout, buf, len, field, v, &err))
		return cmd_fail(&err);
	return 0;
}

static int print(struct dev *d, const struct prm_register *r, uint16_t id,
		 const uint8_t *buf, size_t len)
{
	struct prm_err err = { 0 };

	out_doc_begin();
	out_str("device", d->label);
	out_str("register", r ? r->name : NULL);
	out_hex("id", id);
	out_u64("size", len);
	if (!r) {
		uint32_t w[REG_MAX_BYTES / 4];

		for (size_t i = 0; i < len / 4; i++)
			w[i] = (uint32_t)buf[4 * i] << 24 | (uint32_t)buf[4 * i + 1] << 16 |
			       (uint32_t)buf[4 * i + 2] << 8 | buf[4 * i + 3];
		out_words("dwords", 0, w, len / 4);
		return cmd_done(EXIT_OK);
	}
	out_obj_begin("fields");
	if (out_layout(r->layout, buf, len, 0, &err))
		return cmd_fail(&err);
	out_obj_end();
	return cmd_done(EXIT_OK);
}

static int access_reg(bool writing, int argc, char **argv)
{
	struct reg_opts o = { .writing = writing };
	const struct prm_register *r = NULL;
	uint8_t buf[REG_MAX_BYTES] = { 0 };
	struct prm_err err = { 0 };
	struct icmd *ic;
	struct dev *d;
	uint16_t id = 0;
	size_t len = 0;
	int rc = cmd_parse(writing ? &write_argp : &read_argp, argc, argv, &o);

	if (rc || G.help_shown)
		return rc;
	if (!o.reg)
		return cmd_usage("reg: which register? (see 'prmctl reg list')");
	if (writing && !o.nassign)
		return cmd_usage("reg write: which fields? (FIELD=VALUE...)");
	rc = resolve(&o, &r, &id, &len);
	for (int i = 0; !rc && i < o.nassign; i++)
		rc = assign(r, buf, len, o.assign[i]);
	if (rc)
		return rc;
	rc = cmd_open_device(false, &d);
	if (rc)
		return rc;
	if ((writing && dev_check_write(d, G.write, "reg write", &err)) ||
	    dev_icmd(d, &ic, &err) || icmd_reg_access(ic, id, PRM_REG_GET, buf, len, &err))
		goto fail;
	if (writing) {
		for (int i = 0; !rc && i < o.nassign; i++)
			rc = assign(r, buf, len, o.assign[i]);
		if (rc) {
			dev_close(d);
			return rc;
		}
		if (icmd_reg_access(ic, id, PRM_REG_SET, buf, len, &err))
			goto fail;
	}
	rc = print(d, r, id, buf, len);
	dev_close(d);
	return rc;
fail:
	dev_close(d);
	return cmd_fail(&err);
}

static int reg_read(int argc, char **argv)
{
	return access_reg(false, argc, argv);
}

static int reg_write(int argc, char **argv)
{
	return access_reg(true, argc, argv);
}

static const struct argp list_argp = {
	NULL, cmd_no_args, NULL, "The access registers prmctl has layouts for.",
	prm_global_children, NULL, NULL
};

static int reg_list(int argc, char **argv)
{
	int rc = cmd_parse(&list_argp, argc, argv, NULL);

	if (rc || G.help_shown)
		return rc;
	out_doc_begin();
	out_table_begin("registers");
	for (size_t i = 0; i < prm_nregisters; i++) {
		out_obj_begin(NULL);
		out_str("name", prm_registers[i].name);
		out_hex("id", prm_registers[i].id);
		out_u64("size", prm_layout_bytes(prm_registers[i].layout));
		out_str("description", prm_registers[i].desc);
		out_obj_end();
	}
	out_table_end();
	return cmd_done(EXIT_OK);
}

static const struct prm_verb verbs[] = {
	{ "list", "List the registers prmctl knows", &list_argp, reg_list, 0 },
	{ "read", "Read and decode a register", &read_argp, reg_read, CMD_NEEDS_DEVICE },
	{ "write", "Change fields of a register", &write_argp, reg_write,
	  CMD_NEEDS_DEVICE | CMD_WRITES },
};

const struct prm_cmd cmd_reg = {
	.name = "reg",
	.summary = "Read and write access registers (ACCESS_REG over ICMD)",
	.verbs = verbs,
	.nverbs = sizeof(verbs) / sizeof(verbs[0]),
	.flags = CMD_NEEDS_DEVICE,
};
