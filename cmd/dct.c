// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * prmctl dct create|query|drain|destroy|arm|list: DC targets and the rules
 * that keep them safe (seed 001): DRAIN is asynchronous and done only at the
 * DCT_DRAINED event; a DCT is destroyed drained; a key violation is reported
 * once per arm. lifecycle and watch are in cmd/dctrun.c; the commands
 * themselves are built and decoded in lib/ops/dct.c.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/core/cmd.h"
#include "cmd/core/devsel.h"
#include "cmd/dct.h"
#include "cmd/trace.h"
#include "lib/dev/dev.h"
#include "lib/ops/pd.h"
#include "lib/out/layout_print.h"
#include "lib/out/out.h"
#include "lib/prm/dct.h"
#include "lib/prm/layouts/layouts.h"
#include "lib/util/clock.h"

static const struct argp_option create_options[] = {
	{ "pd", DCT_OPT_PD, "N", 0, "Protection domain (default: one is allocated)", 0 },
	{ "cqn", DCT_OPT_CQN, "N", 0, "Completion queue (24 bits, default 0)", 0 },
	{ "srqn", DCT_OPT_SRQN, "N", 0, "SRQ/XRQ receiving (24 bits, default 0)", 0 },
	{ "key", DCT_OPT_KEY, "K", 0, "DC access key (64 bits, default 0)", 0 },
	{ "mtu", DCT_OPT_MTU, "BYTES", 0, "256, 512, 1024 (default), 2048 or 4096", 0 },
	{ "port", DCT_OPT_PORT, "N", 0, "Port (default 1)", 0 },
	{ "user-index", DCT_OPT_UINDEX, "N", 0, "User index (24 bits)", 0 },
	{ "min-rnr-nak", DCT_OPT_RNR, "N", 0, "Minimum RNR NAK timer code (0-31)", 0 },
	{ "hop-limit", DCT_OPT_HOP, "N", 0, "Hop limit (0-255, default 64)", 0 },
	{ "tclass", DCT_OPT_TCLASS, "N", 0, "Traffic class (0-255)", 0 },
	{ "remote-read", DCT_OPT_RRE, NULL, 0, "Allow remote reads (rre)", 0 },
	{ "remote-write", DCT_OPT_RWE, NULL, 0, "Allow remote writes (rwe)", 0 },
	{ "remote-atomic", DCT_OPT_RAE, NULL, 0, "Allow remote atomics (rae)", 0 },
	{ 0 }
};

static const struct argp_option drain_options[] = {
	{ "wait", DCT_OPT_WAIT, NULL, 0, "Wait for the DCT_DRAINED event", 0 },
	{ "timeout", DCT_OPT_TIMEOUT, "T", 0, "How long --wait waits (" CMD_DURATION_S
	  "; default 5s)", 0 },
	{ 0 }
};

static const struct argp_option destroy_options[] = {
	{ "force", DCT_OPT_FORCE, NULL, 0, "Destroy even when it is not drained", 0 },
	{ 0 }
};

static const struct argp_option list_options[] = {
	{ "first", DCT_OPT_FIRST, "N", 0, "First DCT number to look at (default 0x100)", 0 },
	{ "count", DCT_OPT_COUNT, "N", 0, "How many numbers to look at (default 64)", 0 },
	{ 0 }
};

static int number(struct argp_state *state, const char *opt, const char *arg, uint64_t max,
		  uint64_t *v)
{
	if (cmd_number(arg, max, v)) {
		argp_error(state, "%s '%s': a number up to 0x%llx", opt, arg,
			   (unsigned long long)max);
		return EINVAL;
	}
	return 0;
}

error_t dct_parse(int key, char *arg, struct argp_state *state)
{
	struct dct_opts *o = state->input;
	uint64_t v;

	switch (key) {
	case ARGP_KEY_INIT:	/* the defaults of the verbs that have these options */
		o->timeout_ms = 5000;
		o->first = 0x100;
		o->t0_ms = clock_now_ms();
		return 0;
	case ARGP_KEY_ARG:
		if (o->has_dctn || number(state, "DCTN", arg, 0xffffff, &o->dctn))
			return o->has_dctn ? (argp_error(state, "one DCT ('%s' is one too many)", arg),
					      EINVAL) : EINVAL;
		o->has_dctn = true;
		return 0;
	case DCT_OPT_MTU:
		if (cmd_number(arg, 4096, &v) || !prm_dct_mtu_code(v)) {
			argp_error(state, "--mtu '%s': 256, 512, 1024, 2048 or 4096", arg);
			return EINVAL;
		}
		o->attr.mtu = prm_dct_mtu_code(v);
		return 0;
	case DCT_OPT_PD:
		o->has_pd = true;
		return number(state, "--pd", arg, 0xffffff, &o->attr.pd);
	case DCT_OPT_CQN:
		return number(state, "--cqn", arg, 0xffffff, &o->attr.cqn);
	case DCT_OPT_SRQN:
		return number(state, "--srqn", arg, 0xffffff, &o->attr.srqn);
	case DCT_OPT_KEY:
		return number(state, "--key", arg, UINT64_MAX, &o->attr.key);
	case DCT_OPT_PORT:
		return number(state, "--port", arg, 255, &o->attr.port);
	case DCT_OPT_UINDEX:
		return number(state, "--user-index", arg, 0xffffff, &o->attr.user_index);
	case DCT_OPT_RNR:
		return number(state, "--min-rnr-nak", arg, 31, &o->attr.min_rnr_nak);
	case DCT_OPT_HOP:
		return number(state, "--hop-limit", arg, 255, &o->attr.hop_limit);
	case DCT_OPT_TCLASS:
		return number(state, "--tclass", arg, 255, &o->attr.tclass);
	case DCT_OPT_RRE:
		o->attr.rre = true;
		return 0;
	case DCT_OPT_RWE:
		o->attr.rwe = true;
		return 0;
	case DCT_OPT_RAE:
		o->attr.rae = true;
		return 0;
	case DCT_OPT_WAIT:
		o->wait = true;
		return 0;
	case DCT_OPT_TIMEOUT:
		return cmd_opt_duration(state, "--timeout", arg, &o->timeout_ms);
	case DCT_OPT_FORCE:
		o->force = true;
		return 0;
	case DCT_OPT_FIRST:
		return number(state, "--first", arg, 0xffffff, &o->first);
	case DCT_OPT_COUNT:
		return number(state, "--count", arg, 4096, &o->count);
	case DCT_OPT_DURATION:
		return cmd_opt_duration(state, "--duration", arg, &o->duration_ms);
	case DCT_OPT_DCT:
		if (o->ndcts == DCT_MAX_WATCH) {
			argp_error(state, "--dct: at most %d DCTs", DCT_MAX_WATCH);
			return EINVAL;
		}
		if (number(state, "--dct", arg, 0xffffff, &v))
			return EINVAL;
		o->dcts[o->ndcts++] = (uint32_t)v;
		return 0;
	}
	return ARGP_ERR_UNKNOWN;
}

/* list's --count is how many numbers (64 unless given); watch's is unbounded unless given */
static error_t list_parse(int key, char *arg, struct argp_state *state)
{
	error_t rc = dct_parse(key, arg, state);

	if (key == ARGP_KEY_INIT)
		((struct dct_opts *)state->input)->count = 64;
	return rc;
}

static const struct argp create_argp = {
	create_options, dct_parse, NULL,
	"Create a DC target (CREATE_DCT) from the fields given, each checked before sending. "
	"Without --pd a protection domain is allocated for it (and left to it).",
	prm_global_children, NULL, NULL
};
static const struct argp query_argp = {
	NULL, dct_parse, "DCTN", "A DCT's context (QUERY_DCT), every field decoded.",
	prm_global_children, NULL, NULL
};
static const struct argp drain_argp = {
	drain_options, dct_parse, "DCTN",
	"Drain a DCT (DRAIN_DCT). Draining is asynchronous: it is done at the DCT_DRAINED "
	"event, which --wait waits for (an event queue on the command queue), reporting how "
	"long it took; running out of --timeout is exit 5.",
	prm_global_children, NULL, NULL
};
static const struct argp destroy_argp = {
	destroy_options, dct_parse, "DCTN",
	"Destroy a DCT (DESTROY_DCT). One that is not drained is refused, with its state, "
	"unless --force.",
	prm_global_children, NULL, NULL
};
static const struct argp arm_argp = {
	NULL, dct_parse, "DCTN",
	"Arm a DCT for one key-violation event (ARM_DCT_FOR_KEY_VIOLATION): an un-armed DCT "
	"counts violations silently.",
	prm_global_children, NULL, NULL
};
static const struct argp list_argp = {
	list_options, list_parse, NULL,
	"The DCTs that answer QUERY_DCT in a range of numbers (no command lists them; the "
	"simulator hands them out from 0x100): number, state, PD, CQ, key, violations.",
	prm_global_children, NULL, NULL
};

int dct_fail(struct prm_err *err)
{
	size_t n = strlen(err->msg);

	/* fwctl passes no DCT command: say where they can be run */
	if (err->reason && !strncmp(err->reason, "fwctl", 5))
		snprintf(err->msg + n, sizeof(err->msg) - n,
			 "; DCTs of a function the kernel drives are the kernel's: use the "
			 "simulator (-d sim) or a driverless function");
	return cmd_fail(err);
}

static int one_dct_check(struct cmd_run *r)
{
	const struct dct_opts *o = r->opts;

	return o->has_dctn ? 0 : cmd_usage("which DCT? (its number, as 'dct create' printed it)");
}

/* Without --pd, one allocated for the DCT (and left to it). */
static int create_with_pd(struct dev *d, struct dct_opts *o, uint32_t *dctn,
			  struct prm_err *err)
{
	uint32_t pd;

	if (!o->has_pd) {
		if (pd_alloc(d, &pd, err))
			return -1;
		o->attr.pd = pd;
	}
	return dct_create(d, &o->attr, dctn, err);
}

static int create(struct cmd_run *r)
{
	struct dct_opts *o = r->opts;
	struct prm_err err = { 0 };
	uint32_t dctn;

	if (create_with_pd(r->dev, o, &dctn, &err))
		return dct_fail(&err);
	out_doc_begin();
	cmd_out_device(r->dev);
	out_hex("dctn", dctn);
	out_u64("pd", o->attr.pd);
	out_bool("pd_allocated", !o->has_pd);
	return cmd_done(EXIT_OK);
}

static int query(struct cmd_run *r)
{
	const struct dct_opts *o = r->opts;
	struct prm_err err = { 0 };
	struct dct_info info;
	int rc;

	if (dct_query(r->dev, (uint32_t)o->dctn, &info, &err))
		return dct_fail(&err);
	out_doc_begin();
	cmd_out_device(r->dev);
	out_hex("dctn", o->dctn);
	out_str("state", prm_dct_state_name(info.state));
	out_obj_begin("dct_context");
	rc = out_layout(&prm_layout_dctc, info.ctx, sizeof(info.ctx), 0, &err);
	out_obj_end();
	return rc ? cmd_fail(&err) : cmd_done(EXIT_OK);
}

static int drain(struct cmd_run *r)
{
	const struct dct_opts *o = r->opts;
	struct prm_err err = { 0 };
	uint64_t waited;

	if (dct_drain_wait(r->dev, (uint32_t)o->dctn, o->wait, o->timeout_ms, &waited, &err))
		return dct_fail(&err);
	out_doc_begin();
	cmd_out_device(r->dev);
	out_hex("dctn", o->dctn);
	out_str("state", o->wait ? "DRAINED" : "DRAINING");
	if (o->wait)
		out_u64("waited_ms", waited);
	return cmd_done(EXIT_OK);
}

static int destroy(struct cmd_run *r)
{
	const struct dct_opts *o = r->opts;
	struct prm_err err = { 0 };
	struct dct_info info;

	if (dct_query(r->dev, (uint32_t)o->dctn, &info, &err))
		return dct_fail(&err);
	if (info.state != DCT_STATE_DRAINED && !o->force) {
		prm_err_set(&err, PRM_E_FAILED, EBUSY, "not_drained",
			    "%s: DCT 0x%llx is %s, not drained: 'dct drain 0x%llx --wait' first "
			    "(or --force)", r->dev->label, (unsigned long long)o->dctn,
			    prm_dct_state_name(info.state), (unsigned long long)o->dctn);
		return dct_fail(&err);
	}
	if (dct_destroy(r->dev, (uint32_t)o->dctn, &err))
		return dct_fail(&err);
	out_doc_begin();
	cmd_out_device(r->dev);
	out_hex("dctn", o->dctn);
	out_str("was", prm_dct_state_name(info.state));
	out_bool("destroyed", true);
	return cmd_done(EXIT_OK);
}

static int arm(struct cmd_run *r)
{
	const struct dct_opts *o = r->opts;
	struct prm_err err = { 0 };

	if (dct_arm(r->dev, (uint32_t)o->dctn, &err))
		return dct_fail(&err);
	out_doc_begin();
	cmd_out_device(r->dev);
	out_hex("dctn", o->dctn);
	out_bool("armed", true);
	return cmd_done(EXIT_OK);
}

static int list(struct cmd_run *r)
{
	const struct dct_opts *o = r->opts;
	struct prm_err err = { 0 };
	uint32_t v[DCT_MAX_WATCH];
	unsigned n;

	if (dct_probe(r->dev, o->first, o->count, v, DCT_MAX_WATCH, &n, &err))
		return dct_fail(&err);
	out_doc_begin();
	cmd_out_device(r->dev);
	out_table_begin("dcts");
	for (unsigned i = 0; i < n; i++) {
		struct dct_info info;

		if (dct_query(r->dev, v[i], &info, &err)) {
			out_doc_abort();
			return dct_fail(&err);
		}
		out_obj_begin(NULL);
		out_hex("dctn", v[i]);
		out_str("state", prm_dct_state_name(info.state));
		out_u64("pd", info.pd);
		out_u64("cqn", info.cqn);
		out_hex("dc_access_key", info.key);
		out_u64("key_violations", info.key_violations);
		out_obj_end();
	}
	out_table_end();
	return cmd_done(EXIT_OK);
}

static const struct prm_verb verbs[] = {
	{ .name = "create", .summary = "Create a DC target", .argp = &create_argp,
	  .exec = create, .opts_size = sizeof(struct dct_opts),
	  .flags = CMD_NEEDS_DEVICE | CMD_WRITES },
	{ .name = "query", .summary = "A DCT's context, decoded", .argp = &query_argp,
	  .check = one_dct_check, .exec = query, .opts_size = sizeof(struct dct_opts),
	  .flags = CMD_NEEDS_DEVICE },
	{ .name = "drain", .summary = "Drain it; --wait for the DCT_DRAINED event",
	  .argp = &drain_argp, .check = one_dct_check, .exec = drain,
	  .opts_size = sizeof(struct dct_opts), .flags = CMD_NEEDS_DEVICE | CMD_WRITES },
	{ .name = "destroy", .summary = "Destroy it (drained)", .argp = &destroy_argp,
	  .check = one_dct_check, .exec = destroy, .opts_size = sizeof(struct dct_opts),
	  .flags = CMD_NEEDS_DEVICE | CMD_WRITES },
	{ .name = "arm", .summary = "Arm it for a key-violation event", .argp = &arm_argp,
	  .check = one_dct_check, .exec = arm, .opts_size = sizeof(struct dct_opts),
	  .flags = CMD_NEEDS_DEVICE | CMD_WRITES },
	{ .name = "list", .summary = "The DCTs that answer in a range of numbers",
	  .argp = &list_argp, .exec = list, .opts_size = sizeof(struct dct_opts),
	  .flags = CMD_NEEDS_DEVICE },
	{ .name = "lifecycle", .summary = "Create, drain, wait, destroy: each step timed",
	  .argp = &dct_lifecycle_argp, .exec = dct_lifecycle,
	  .opts_size = sizeof(struct dct_opts), .flags = CMD_NEEDS_DEVICE | CMD_WRITES },
	{ .name = "watch", .summary = "Report key violations and re-arm", .argp = &dct_watch_argp,
	  .exec = dct_watch, .opts_size = sizeof(struct dct_opts),
	  .flags = CMD_NEEDS_DEVICE | CMD_WRITES },
};

const struct prm_cmd cmd_dct = {
	.name = "dct",
	.summary = "DC targets: create, drain, destroy, key violations",
	.verbs = verbs,
	.nverbs = sizeof(verbs) / sizeof(verbs[0]),
	.flags = CMD_NEEDS_DEVICE,
};
