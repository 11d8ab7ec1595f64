// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* prmctl cmd OPCODE|NAME: one raw PRM command, for experts. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cmd/core/cmd.h"
#include "cmd/core/devsel.h"
#include "lib/dev/cmdchan.h"
#include "lib/dev/dev.h"
#include "lib/out/layout_print.h"
#include "lib/out/out.h"
#include "lib/prm/caps.h"
#include "lib/prm/cmdinfo.h"
#include "lib/prm/cmdstatus.h"
#include "lib/prm/layouts/layouts.h"
#include "lib/prm/names.h"
#include "lib/prm/registers.h"
#include "lib/util/hexparse.h"
#include "lib/util/readall.h"
#include "lib/prm/opcodes.h"

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

/*
 * What follows the header, where prmctl knows its layout: the capability
 * page of a QUERY_HCA_CAP, the register of an ACCESS_REG.
 */
static int payload(uint16_t op, uint16_t op_mod, const uint8_t *in, size_t inlen,
		   const uint8_t *out, size_t outlen, struct prm_err *err)
{
	size_t hdr = prm_layout_bytes(&prm_layout_mbox_out);
	const struct prm_layout *l = NULL;
	const char *key = NULL;

	if (op == MLX5_CMD_OP_QUERY_HCA_CAP && prm_cap_page_of_op_mod(op_mod)) {
		l = prm_cap_page_of_op_mod(op_mod)->layout;
		key = "capability";
	} else if (op == MLX5_CMD_OP_ACCESS_REG) {
		const struct prm_register *r = prm_register_by_id((uint16_t)PRM_GET(access_register_in, in, inlen, "register_id"));

		l = r ? r->layout : NULL;
		key = "register";
	}
	if (!l || outlen < hdr + prm_layout_bytes(l))
		return 0;
	out_obj_begin(key);
	if (out_layout(l, out + hdr, outlen - hdr, 0, err))
		return -1;
	out_obj_end();
	return 0;
}

static int send(uint16_t op, const struct cmd_opts *o, const uint8_t *extra, size_t extra_len)
{
	const struct prm_cmd_info *info = prm_cmd_info(op);
	const char *name = prm_name_of(&prm_cmd_opcode_names, op);
	size_t inlen = 8 + extra_len, outlen = o->out_len;
	struct prm_err err = { 0 };
	const struct cmd_chan *chan;
	struct cmd_result res;
	uint8_t *in, *out;
	struct dev *d;
	int rc;

	if (info && info->in && inlen < prm_layout_bytes(info->in))
		inlen = prm_layout_bytes(info->in);
	if (inlen < 16)
		inlen = 16;
	if (!outlen)
		outlen = info && info->out ? prm_layout_bytes(info->out) : 16;
	in = calloc(1, inlen);
	out = calloc(1, outlen);
	if (!in || !out) {
		free(in);
		free(out);
		return cmd_fail(&(struct prm_err){ PRM_E_FAILED, ENOMEM, "oom", "out of memory" });
	}
	PRM_SET(mbox_in, in, inlen, "opcode", op);
	PRM_SET(mbox_in, in, inlen, "op_mod", o->op_mod);
	if (extra_len)
		memcpy(in + 8, extra, extra_len);
	rc = cmd_open_device(false, &d);
	if (rc)
		goto done;
	/* an unknown opcode may change anything */
	if (((!info || info->changes_state) &&
	     dev_check_write(d, G.write, name ? name : "an unknown command", &err)) ||
	    dev_cmd_chan(d, &chan, &err) || dev_cmd_exec(d, in, inlen, out, outlen, &res, &err) ||
	    prm_cmd_check(&err, d->label, in, inlen, res.status, res.syndrome)) {
		rc = cmd_fail(&err);
		dev_close(d);
		goto done;
	}
	out_doc_begin();
	out_str("device", d->label);
	out_str("access", chan->access);
	out_named("opcode", op, true, name);
	out_hex("op_mod", o->op_mod);
	out_named("status", res.status, true, prm_name_of(&prm_cmd_status_names, res.status));
	out_hex_width("syndrome", res.syndrome, 32);
	/* the header's status and syndrome are above: fields only when there is more */
	if (info && info->out && info->out->nfields > 2) {
		out_obj_begin("fields");
		if (out_layout(info->out, out, outlen, 0, &err)) {
			out_doc_abort();
			rc = cmd_fail(&err);
			dev_close(d);
			goto done;
		}
		out_obj_end();
	}
	if (payload(op, (uint16_t)o->op_mod, in, inlen, out, outlen, &err)) {
		out_doc_abort();
		rc = cmd_fail(&err);
		dev_close(d);
		goto done;
	}
	if (!info || !info->out || G.verbose)
		out_be_words("output", 0, out, outlen);
	cmd_close_device(d);
	rc = cmd_done(EXIT_OK);
done:
	free(in);
	free(out);
	return rc;
}

static int run(int argc, char **argv)
{
	struct cmd_opts o = { 0 };
	struct prm_err err = { 0 };
	uint8_t *extra = NULL;
	size_t extra_len = 0;
	uint16_t op = 0;
	int rc = cmd_parse(&cmd_argp, argc, argv, &o);

	if (rc || G.help_shown)
		return rc;
	if (!o.name)
		return cmd_usage("cmd: which command? (OPCODE or NAME)");
	if (prm_cmd_opcode_parse(o.name, &op))
		return cmd_usage("cmd: unknown command '%s' (a name such as QUERY_ADAPTER, or an opcode)",
				 o.name);
	if (o.in && o.in[0] == '@') {
		uint8_t *text = NULL;
		size_t tlen = 0;

		rc = read_all(o.in + 1, 4 * CMD_MAX_BYTES, &text, &tlen, &err) ||
		     hex_parse((const char *)text, tlen, CMD_MAX_BYTES - 8, &extra, &extra_len,
			       &(size_t){ 0 }, &err);
		free(text);
		if (rc) {
			prm_err_prefix(&err, "--in: ");
			return cmd_fail(&err);
		}
	} else if (o.in && hex_parse(o.in, strlen(o.in), CMD_MAX_BYTES - 8, &extra, &extra_len,
				     &(size_t){ 0 }, &err)) {
		prm_err_prefix(&err, "--in: ");
		return cmd_fail(&err);
	}
	if (extra_len > CMD_MAX_BYTES - 8) {
		free(extra);
		return cmd_usage("cmd: --in is %zu bytes; a command carries at most %u", extra_len,
				 CMD_MAX_BYTES - 8);
	}
	rc = send(op, &o, extra, extra_len);
	free(extra);
	return rc;
}

const struct prm_cmd cmd_cmd = {
	.name = "cmd",
	.summary = "Send one raw PRM command (expert)",
	.argp = &cmd_argp,
	.run = run,
	.flags = CMD_NEEDS_DEVICE,
};
