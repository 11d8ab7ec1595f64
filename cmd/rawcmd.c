// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * prmctl cmd OPCODE|NAME: one raw PRM command, for experts. The message is
 * built and sent by lib/ops/rawcmd.c; here, options, --in and printing.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cmd/core/cmd.h"
#include "lib/dev/dev.h"
#include "lib/ops/rawcmd.h"
#include "lib/out/layout_print.h"
#include "lib/out/out.h"
#include "lib/prm/names.h"
#include "lib/util/hexparse.h"
#include "lib/util/readall.h"

#define CMD_MAX_BYTES (1u << 16)

enum { OPT_OP_MOD = 0x600, OPT_IN, OPT_OUT_LEN };

struct cmd_opts {
	const char *name;
	uint64_t op_mod, out_len;
	const char *in;
	struct rawcmd c;	/* check()'s: the command built, before a device is opened */
};

static const struct argp_option options[] = {
	{ "op-mod", OPT_OP_MOD, "N", 0, "The command's op_mod (default 0)", 0 },
	{ "in", OPT_IN, "HEX", 0,
	  "Input after the 8-byte header: hex bytes, or @FILE with a hex dump", 0 },
	{ "out-len", OPT_OUT_LEN, "BYTES", 0,
	  "Output length (default: the command's output layout, else 16)", 0 },
	{ 0 }
};

static error_t parse(int key, char *arg, struct argp_state *state)
{
	struct cmd_opts *o = state->input;

	switch (key) {
	case OPT_OP_MOD:
		if (cmd_number(arg, 0xffff, &o->op_mod)) {
			argp_error(state, "--op-mod: '%s' is not a 16-bit number", arg);
			return EINVAL;
		}
		return 0;
	case OPT_IN:
		o->in = arg;
		return 0;
	case OPT_OUT_LEN:
		if (cmd_number(arg, CMD_MAX_BYTES, &o->out_len) || o->out_len < 8) {
			argp_error(state, "--out-len: '%s' is not a length (8 to %u)", arg,
				   CMD_MAX_BYTES);
			return EINVAL;
		}
		return 0;
	case ARGP_KEY_ARG:
		if (o->name) {
			argp_error(state, "unexpected argument '%s'", arg);
			return EINVAL;
		}
		o->name = arg;
		return 0;
	}
	return ARGP_ERR_UNKNOWN;
}

static const struct argp cmd_argp = {
	options, parse, "OPCODE|NAME",
	"Send one PRM command through the command channel and print the firmware's "
	"status and syndrome by name, and the output.",
	prm_global_children, NULL, NULL
};

/* What follows the header, where prmctl knows its layout: decoded too. */
static int payload(const struct rawcmd *c, struct prm_err *err)
{
	const char *key = NULL;
	size_t off;
	const struct prm_layout *l = rawcmd_payload(c, &key, &off);

	if (!l)
		return 0;
	out_obj_begin(key);
	if (out_layout(l, c->out + off, c->outlen - off, 0, err))
		return -1;
	out_obj_end();
	return 0;
}

/* --in: hex bytes, or @FILE with a hex dump; into *extra, an exit status. */
static int read_in(const char *in, uint8_t **extra, size_t *extra_len)
{
	struct prm_err err = { 0 };
	uint8_t *text = NULL;
	size_t tlen = 0;
	int rc;

	if (in[0] == '@') {
		rc = read_all(in + 1, 4 * CMD_MAX_BYTES, &text, &tlen, &err) ||
		     hex_parse((const char *)text, tlen, CMD_MAX_BYTES - 8, extra, extra_len,
			       &(size_t){ 0 }, &err);
		free(text);
	} else {
		rc = hex_parse(in, strlen(in), CMD_MAX_BYTES - 8, extra, extra_len, &(size_t){ 0 },
			       &err);
	}
	if (!rc)
		return 0;
	prm_err_prefix(&err, "--in: ");
	return cmd_fail(&err);
}

static int check(struct cmd_run *r)
{
	struct cmd_opts *o = r->opts;
	struct prm_err err = { 0 };
	uint8_t *extra = NULL;
	size_t extra_len = 0;
	uint16_t op = 0;
	int rc;

	if (!o->name)
		return cmd_usage("cmd: which command? (OPCODE or NAME)");
	if (prm_cmd_opcode_parse(o->name, &op)) {
		const char *close = prm_cmd_opcode_suggest(o->name);

		if (close)
			return cmd_usage("cmd: unknown command '%s'; did you mean '%s'? (a name such as QUERY_ADAPTER, or an opcode)",
					 o->name, close);
		return cmd_usage("cmd: unknown command '%s' (a name such as QUERY_ADAPTER, or an opcode)",
				 o->name);
	}
	if (o->in && (rc = read_in(o->in, &extra, &extra_len)))
		return rc;
	if (extra_len > CMD_MAX_BYTES - 8) {
		free(extra);
		return cmd_usage("cmd: --in is %zu bytes; a command carries at most %u", extra_len,
				 CMD_MAX_BYTES - 8);
	}
	rc = rawcmd_build(&o->c, op, (uint16_t)o->op_mod, extra, extra_len, o->out_len, &err);
	free(extra);
	return rc ? cmd_fail(&err) : 0;
}

static void cleanup(struct cmd_run *r)
{
	struct cmd_opts *o = r->opts;

	rawcmd_free(&o->c);
}

/* A failed command is the news: the teardown after it is not. */
static int fail(struct cmd_run *r, const struct prm_err *err)
{
	r->quiet_close = true;
	return cmd_fail(err);
}

static int send(struct cmd_run *r)
{
	struct cmd_opts *o = r->opts;
	struct rawcmd *c = &o->c;
	const char *name = prm_name_of(&prm_cmd_opcode_names, c->opcode);
	struct prm_err err = { 0 };

	int rc = rawcmd_send(r->dev, c, G.write, &err);

	/* said whatever the firmware answered: the kernel taints itself on the request */
	if (c->taints)
		out_warn("%s: %s went through fwctl at scope debug-write: the kernel has tainted itself (TAINT_FWCTL)",
			 r->dev->label, name ? name : "the command");
	if (rc)
		return fail(r, &err);
	out_doc_begin();
	out_str("device", r->dev->label);
	out_str("access", c->access);
	out_named("opcode", c->opcode, true, name);
	out_hex("op_mod", o->op_mod);
	out_named("status", c->res.status, true, prm_name_of(&prm_cmd_status_names, c->res.status));
	out_hex_width("syndrome", c->res.syndrome, 32);
	/* the header's status and syndrome are above: fields only when there is more */
	if (c->info && c->info->out && c->info->out->nfields > 2) {
		out_obj_begin("fields");
		if (out_layout(c->info->out, c->out, c->outlen, 0, &err)) {
			out_doc_abort();
			return fail(r, &err);
		}
		out_obj_end();
	}
	if (payload(c, &err)) {
		out_doc_abort();
		return fail(r, &err);
	}
	if (!c->info || !c->info->out || G.verbose)
		out_be_words("output", 0, c->out, c->outlen);
	cmd_close_now(r);	/* its teardown warning before the document ends, as ever */
	return cmd_done(EXIT_OK);
}

const struct prm_cmd cmd_cmd = {
	.name = "cmd",
	.summary = "Send one raw PRM command (expert)",
	.argp = &cmd_argp,
	.check = check,
	.exec = send,
	.cleanup = cleanup,
	.opts_size = sizeof(struct cmd_opts),
	.flags = CMD_NEEDS_DEVICE,
};
