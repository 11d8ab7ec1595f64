// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* prmctl cmd OPCODE|NAME: one raw PRM command, for experts. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cmd/cmd.h"
#include "cmd/devsel.h"
#include "lib/dev/cmdq.h"
#include "lib/out/out.h"
#include "lib/prm/cmdstatus.h"
#include "lib/prm/layouts/layouts.h"
#include "lib/prm/names.h"
#include "lib/util/hexparse.h"

#define CMD_MAX_BYTES (1u << 16)

enum { OPT_OP_MOD = 0x600, OPT_IN, OPT_OUT_LEN };

struct cmd_opts {
	const char *name;
	uint64_t op_mod, out_len;
	const char *in;
};

static const struct argp_option options[] = {
	{ "op-mod", OPT_OP_MOD, "N", 0, "The command's op_mod (default 0)", 0 },
	{ "in", OPT_IN, "HEX", 0,
	  "Input after the 8-byte header: hex bytes, or @FILE with a hex dump", 0 },
	{ "out-len", OPT_OUT_LEN, "BYTES", 0, "Output length (default 16)", 0 },
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

static int opcode_of(const char *name, uint16_t *op)
{
	const struct prm_names *n = &prm_cmd_opcode_names;
	uint64_t v;

	if (cmd_number(name, 0xffff, &v) == 0) {
		*op = (uint16_t)v;
		return 0;
	}
	for (size_t i = 0; i < n->n; i++)
		if (strcasecmp(n->v[i].name, name) == 0) {
			*op = (uint16_t)n->v[i].value;
			return 0;
		}
	return cmd_usage("cmd: unknown command '%s' (a name such as QUERY_ADAPTER, or an opcode)", name);
}

static int run(int argc, char **argv)
{
	struct cmd_opts o = { .out_len = 16 };
	struct prm_err err = { 0 };
	uint8_t *in = NULL, *out = NULL, *extra = NULL;
	size_t extra_len = 0, inlen;
	struct cmd_result res;
	struct cmdq *q;
	struct dev *d;
	uint16_t op = 0;
	int rc = cmd_parse(&cmd_argp, argc, argv, &o);

	if (rc || G.help_shown)
		return rc;
	if (!o.name)
		return cmd_usage("cmd: which command? (OPCODE or NAME)");
	if ((rc = opcode_of(o.name, &op)))
		return rc;
	if (o.in && hex_parse(o.in, strlen(o.in), &extra, &extra_len, &(size_t){ 0 }, &err))
		return cmd_fail(&err);
	inlen = 8 + extra_len < 16 ? 16 : 8 + extra_len;
	in = calloc(1, inlen);
	out = calloc(1, o.out_len);
	if (!in || !out) {
		rc = EXIT_FAIL;
		goto done;
	}
	prm_set(&prm_layout_mbox_in, in, inlen, "opcode", op, NULL);
	prm_set(&prm_layout_mbox_in, in, inlen, "op_mod", o.op_mod, NULL);
	if (extra_len)
		memcpy(in + 8, extra, extra_len);
	rc = cmd_open_device(false, &d);
	if (rc)
		goto done;
	if (dev_cmdq(d, &q, &err) || cmdq_exec(q, in, inlen, out, o.out_len, &res, &err)) {
		rc = cmd_fail(&err);
		dev_close(d);
		goto done;
	}
	if (res.status) {
		prm_cmd_failed(&err, d->label, op, (uint16_t)o.op_mod, res.status, res.syndrome);
		rc = cmd_fail(&err);
		dev_close(d);
		goto done;
	}
	out_doc_begin();
	out_str("device", d->label);
	out_named("opcode", op, true, prm_name_of(&prm_cmd_opcode_names, op));
	out_hex("op_mod", o.op_mod);
	out_named("status", res.status, true, prm_name_of(&prm_cmd_status_names, res.status));
	out_hex_width("syndrome", res.syndrome, 32);
	{
		uint32_t *w = calloc(o.out_len / 4 + 1, 4);

		for (size_t i = 0; w && i < o.out_len / 4; i++)
			w[i] = (uint32_t)out[4 * i] << 24 | (uint32_t)out[4 * i + 1] << 16 |
			       (uint32_t)out[4 * i + 2] << 8 | out[4 * i + 3];
		if (w)
			out_words("output", 0, w, o.out_len / 4);
		free(w);
	}
	dev_close(d);
	rc = cmd_done(EXIT_OK);
done:
	free(extra);
	free(in);
	free(out);
	return rc;
}

const struct prm_cmd cmd_cmd = {
	.name = "cmd",
	.summary = "Send one raw PRM command (expert)",
	.argp = &cmd_argp,
	.run = run,
	.flags = CMD_NEEDS_DEVICE,
};
