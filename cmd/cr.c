// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* prmctl cr read | write | dump | unlock: cr-space through the vendor-specific gateway. */
#include <errno.h>
#include <stdlib.h>

#include "cmd/core/cmd.h"
#include "cmd/core/devsel.h"
#include "cmd/crdump.h"
#include "lib/dev/dev.h"
#include "lib/dev/icmd.h"
#include "lib/dev/vsec.h"
#include "lib/out/out.h"

/* cr-space addresses are 30 bits; reads stop at 1 MiB per command. */
#define CR_ADDR_MAX 0x3fffffffu
#define CR_READ_MAX (1u << 20)

struct cr_opts {
	const char *arg[2];
	int n;
	uint64_t addr, len, val;	/* from arg, once judged */
};

static error_t parse(int key, char *arg, struct argp_state *state)
{
	struct cr_opts *o = state->input;

	if (key != ARGP_KEY_ARG)
		return ARGP_ERR_UNKNOWN;
	if (o->n == 2) {
		argp_error(state, "unexpected argument '%s'", arg);
		return EINVAL;
	}
	o->arg[o->n++] = arg;
	return 0;
}

static const struct argp read_argp = {
	NULL, parse, "ADDR [BYTES]",
	"Read BYTES (default 4, a multiple of 4) of cr-space from ADDR, through "
	"the vendor-specific gateway in config space.",
	prm_global_children, NULL, NULL
};

static const struct argp write_argp = {
	NULL, parse, "ADDR VALUE",
	"Write one dword of cr-space (needs --write on real hardware).",
	prm_global_children, NULL, NULL
};

static const struct argp unlock_argp = {
	NULL, cmd_no_args, NULL,
	"Free the gateway semaphore and the ICMD semaphore, whoever holds them, "
	"after a holder was killed (needs --write on real hardware). A live holder "
	"loses its transaction: only when the holder is known to be dead.",
	prm_global_children, NULL, NULL
};

static int read_check(struct cmd_run *r)
{
	struct cr_opts *o = r->opts;

	o->len = 4;
	if (o->n < 1)
		return cmd_usage("cr read: which address?");
	if (cmd_number(o->arg[0], CR_ADDR_MAX, &o->addr) || o->addr % 4)
		return cmd_usage("cr read: '%s' is not a dword-aligned cr-space address "
				 "(0 to 0x%x)", o->arg[0], CR_ADDR_MAX - 3);
	if (o->n == 2 && (cmd_number(o->arg[1], CR_READ_MAX, &o->len) || !o->len || o->len % 4))
		return cmd_usage("cr read: '%s' is not a byte count (a multiple of 4, at most %u)",
				 o->arg[1], CR_READ_MAX);
	if (o->addr + o->len - 1 > CR_ADDR_MAX)
		return cmd_usage("cr read: 0x%llx + %llu runs past the 30-bit cr-space",
				 (unsigned long long)o->addr, (unsigned long long)o->len);
	return 0;
}

static int cr_read(struct cmd_run *r)
{
	const struct cr_opts *o = r->opts;
	struct prm_err err = { 0 };
	uint32_t *w = calloc(o->len / 4, 4);
	struct vsec *v;

	if (!w || dev_vsec(r->dev, &v, &err) ||
	    vsec_read_block(v, VSEC_SPACE_CR, (uint32_t)o->addr, w, o->len / 4, &err)) {
		free(w);
		return err.msg[0] ? cmd_fail(&err) : EXIT_FAIL;
	}
	out_doc_begin();
	cmd_out_device(r->dev);
	out_hex("address", o->addr);
	out_words("dwords", (uint32_t)o->addr, w, o->len / 4);
	free(w);
	return cmd_done(EXIT_OK);
}

static int write_check(struct cmd_run *r)
{
	struct cr_opts *o = r->opts;

	if (o->n != 2)
		return cmd_usage("cr write: ADDR VALUE");
	if (cmd_number(o->arg[0], CR_ADDR_MAX, &o->addr) || o->addr % 4)
		return cmd_usage("cr write: '%s' is not a dword-aligned cr-space address "
				 "(0 to 0x%x)", o->arg[0], CR_ADDR_MAX - 3);
	if (cmd_number(o->arg[1], 0xffffffffu, &o->val))
		return cmd_usage("cr write: '%s' is not a 32-bit value", o->arg[1]);
	return 0;
}

static int cr_write(struct cmd_run *r)
{
	const struct cr_opts *o = r->opts;
	struct prm_err err = { 0 };
	uint32_t back;
	struct vsec *v;

	if (dev_vsec(r->dev, &v, &err) ||
	    vsec_write_block(v, VSEC_SPACE_CR, (uint32_t)o->addr, (uint32_t[]){ (uint32_t)o->val },
			     1, &err) ||
	    vsec_read_block(v, VSEC_SPACE_CR, (uint32_t)o->addr, &back, 1, &err))
		return cmd_fail(&err);
	out_doc_begin();
	cmd_out_device(r->dev);
	out_hex("address", o->addr);
	out_hex_width("written", o->val, 32);
	out_hex_width("read_back", back, 32);
	return cmd_done(EXIT_OK);
}

/* What one semaphore held and what was done: holder null when it was free. */
static void sem_report(const char *key, bool present, uint32_t holder)
{
	out_obj_begin(key);
	out_str("state", !present ? "absent" : holder ? "cleared" : "free");
	if (holder)
		out_u64("holder", holder);
	else
		out_null("holder");
	out_obj_end();
}

static int cr_unlock(struct cmd_run *r)
{
	struct prm_err err = { 0 };
	uint32_t gw = 0, ic = 0;
	bool has_icmd = false;
	struct vsec *v;

	/* the gateway first: the ICMD semaphore is reached through it */
	if (dev_vsec(r->dev, &v, &err) ||
	    vsec_clear(v, &gw, &err) || icmd_semaphore_clear(v, &has_icmd, &ic, &err)) {
		/* half done is still done: say what was freed before the failure */
		if (gw)
			out_warn("%s: gateway semaphore freed (it was held by ticket %u)",
				 r->dev->label, gw);
		return cmd_fail(&err);
	}
	out_doc_begin();
	cmd_out_device(r->dev);
	sem_report("gateway_semaphore", true, gw);
	sem_report("icmd_semaphore", has_icmd, ic);
	return cmd_done(EXIT_OK);
}

int cr_shared_gate(struct cmd_run *r)
{
	if (dev_mlx5_core_bound(r->dev))
		out_warn("%s: mlx5_core is bound and locks this gateway too, for its crdump and "
			 "its reset, with config access blocked until it gets the semaphore: one "
			 "that starts while prmctl holds it fails (\"failed to lock vsc gw\"), so "
			 "prmctl holds it for %u dwords at a time and leaves it free 3/4 of the time",
			 r->dev->label, VSEC_HOLD_DWORDS);
	return 0;
}

static const struct prm_verb verbs[] = {
	{ .name = "read", .summary = "Read cr-space dwords", .argp = &read_argp,
	  .check = read_check, .exec = cr_read, .gate = cr_shared_gate,
	  .opts_size = sizeof(struct cr_opts), .flags = CMD_NEEDS_DEVICE },
	{ .name = "write", .summary = "Write a cr-space dword", .argp = &write_argp,
	  .check = write_check, .exec = cr_write, .gate = cr_shared_gate,
	  .opts_size = sizeof(struct cr_opts), .flags = CMD_NEEDS_DEVICE | CMD_WRITES },
	CR_DUMP_VERB,
	{ .name = "unlock", .summary = "Free semaphores a killed holder left", .argp = &unlock_argp,
	  .exec = cr_unlock, .gate = cr_shared_gate, .flags = CMD_NEEDS_DEVICE | CMD_WRITES },
};

const struct prm_cmd cmd_cr = {
	.name = "cr",
	.summary = "Read and write cr-space through the PCI gateway",
	.verbs = verbs,
	.nverbs = sizeof(verbs) / sizeof(verbs[0]),
	.flags = CMD_NEEDS_DEVICE,
};
