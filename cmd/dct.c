// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * prmctl dct create|query|drain|destroy|arm|list: DC targets and the rules
 * that keep them safe (seed 001): DRAIN is asynchronous and done only at the
 * DCT_DRAINED event; a DCT is destroyed drained; a key violation is reported
 * once per arm. lifecycle and watch are in cmd/dctrun.c.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/cmd.h"
#include "cmd/dct.h"
#include "cmd/devsel.h"
#include "cmd/trace.h"
#include "lib/dev/cmdchan.h"
#include "lib/ops/eq.h"
#include "lib/out/layout_print.h"
#include "lib/out/out.h"
#include "lib/prm/dct.h"
#include "lib/prm/layouts/layouts.h"
#include "lib/util/clock.h"
#include "lib/prm/opcodes.h"

#define DCTC_AT 0x10

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
	{ "timeout", DCT_OPT_TIMEOUT, "T", 0, "How long --wait waits (default 5 s)", 0 },
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
	case ARGP_KEY_ARG:
		if (o->has_dctn || number(state, "DCTN", arg, 0xffffff, &o->dctn))
			return o->has_dctn ? (argp_error(state, "one DCT ('%s' is one too many)", arg),
					      EINVAL) : EINVAL;
		o->has_dctn = true;
		return 0;
	case DCT_OPT_MTU:
		if (cmd_number(arg, 4096, &v) || !dct_mtu_code(v)) {
			argp_error(state, "--mtu '%s': 256, 512, 1024, 2048 or 4096", arg);
			return EINVAL;
		}
		o->mtu = dct_mtu_code(v);
		return 0;
	case DCT_OPT_PD:
		o->has_pd = true;
		return number(state, "--pd", arg, 0xffffff, &o->pd);
	case DCT_OPT_CQN:
		return number(state, "--cqn", arg, 0xffffff, &o->cqn);
	case DCT_OPT_SRQN:
		return number(state, "--srqn", arg, 0xffffff, &o->srqn);
	case DCT_OPT_KEY:
		return number(state, "--key", arg, UINT64_MAX, &o->key);
	case DCT_OPT_PORT:
		return number(state, "--port", arg, 255, &o->port);
	case DCT_OPT_UINDEX:
		return number(state, "--user-index", arg, 0xffffff, &o->user_index);
	case DCT_OPT_RNR:
		return number(state, "--min-rnr-nak", arg, 31, &o->min_rnr_nak);
	case DCT_OPT_HOP:
		return number(state, "--hop-limit", arg, 255, &o->hop_limit);
	case DCT_OPT_TCLASS:
		return number(state, "--tclass", arg, 255, &o->tclass);
	case DCT_OPT_RRE:
	case DCT_OPT_RWE:
	case DCT_OPT_RAE:
		o->access[key - DCT_OPT_RRE] = true;
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
	list_options, dct_parse, NULL,
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

int dct_open_writing(struct dev **d, const char *what)
{
	struct prm_err err = { 0 };
	int rc = cmd_open_device(false, d);

	if (rc)
		return rc;
	if (dev_check_write(*d, G.write, what, &err)) {
		rc = cmd_fail(&err);
		cmd_close_device(*d);
		*d = NULL;
	}
	return rc;
}

/* A command of 16 bytes naming one object: opcode and a 24-bit number field. */
int dct_simple(struct dev *d, const struct prm_layout *l, uint16_t opcode, const char *field,
	       uint64_t v, uint8_t *out, size_t outlen, struct prm_err *err)
{
	uint8_t in[16] = { 0 }, res[16];

	prm_set(l, in, sizeof(in), "opcode", opcode, NULL);
	if (field)
		prm_set(l, in, sizeof(in), field, v, NULL);
	return dev_cmd_run(d, in, sizeof(in), out ? out : res, out ? outlen : sizeof(res), err);
}

int dct_alloc_pd(struct dev *d, uint64_t *pd, struct prm_err *err)
{
	uint8_t out[16] = { 0 };

	if (dct_simple(d, &prm_layout_alloc_pd_in, MLX5_CMD_OP_ALLOC_PD, NULL, 0, out, sizeof(out), err))
		return -1;
	*pd = prm_field_value(&prm_layout_alloc_pd_out, out, sizeof(out), "pd");
	return 0;
}

int dct_dealloc_pd(struct dev *d, uint64_t pd, struct prm_err *err)
{
	return dct_simple(d, &prm_layout_dealloc_pd_in, MLX5_CMD_OP_DEALLOC_PD, "pd", pd, NULL, 0, err);
}

int dct_create(struct dev *d, const struct dct_opts *o, uint64_t pd, uint64_t *dctn,
	       struct prm_err *err)
{
	const struct prm_layout *l = &prm_layout_create_dct_in;
	uint8_t in[128] = { 0 }, out[16] = { 0 };

	PRM_SET(create_dct_in, in, sizeof(in), "opcode", MLX5_CMD_OP_CREATE_DCT);
#define C(f, v) prm_set(l, in, sizeof(in), "dct_context_entry." f, (v), NULL)
	C("pd", pd);
	C("cqn", o->cqn);
	C("srqn_xrqn", o->srqn);
	C("dc_access_key", o->key);
	C("mtu", o->mtu ? o->mtu : dct_mtu_code(1024));
	C("port", o->port ? o->port : 1);
	C("user_index", o->user_index);
	C("min_rnr_nak", o->min_rnr_nak);
	C("hop_limit", o->hop_limit ? o->hop_limit : 64);
	C("tclass", o->tclass);
	C("rre", o->access[0]);
	C("rwe", o->access[1]);
	C("rae", o->access[2]);
#undef C
	if (dev_cmd_run(d, in, sizeof(in), out, sizeof(out), err))
		return -1;
	*dctn = prm_field_value(&prm_layout_create_dct_out, out, sizeof(out), "dctn");
	return 0;
}

int dct_query(struct dev *d, uint64_t dctn, uint8_t *ctx, struct prm_err *err)
{
	uint8_t out[128] = { 0 };

	if (dct_simple(d, &prm_layout_query_dct_in, MLX5_CMD_OP_QUERY_DCT, "dctn", dctn, out, sizeof(out),
		       err))
		return -1;
	memcpy(ctx, out + DCTC_AT, DCT_CTX_BYTES);
	return 0;
}

int dct_drain_wait(struct dev *d, uint64_t dctn, bool wait, uint64_t timeout_ms,
		   uint64_t *waited_ms, struct prm_err *err)
{
	uint64_t types[4] = { 0 }, t0;
	struct prm_err ignored = { 0 };
	struct eq *q = NULL;
	uint8_t eqe[EQE_BYTES];
	int rc = 0;

	types[0] = UINT64_C(1) << DCT_EVENT_DRAINED;
	/* the queue first: an event that comes before it is there is lost */
	if (wait && eq_create(d, 4, types, &q, err))
		return prm_err_prefix(err, "no event queue to wait on: ");
	if (dct_simple(d, &prm_layout_drain_dct_in, MLX5_CMD_OP_DRAIN_DCT, "dctn", dctn, NULL, 0, err)) {
		eq_destroy(q, &ignored);
		return -1;
	}
	t0 = clock_now_ms();
	while (wait) {
		uint64_t now = clock_now_ms(), left = t0 + timeout_ms > now ? t0 + timeout_ms - now : 0;
		int got = left ? eq_next(q, eqe, (unsigned)(left < 100 ? left : 100), err) : 1;

		if (got < 0) {
			rc = -1;
			break;
		}
		if (got == 0 && dct_eqe_type(eqe) == DCT_EVENT_DRAINED && dct_eqe_dctn(eqe) == dctn)
			break;
		if (!left) {
			rc = prm_err_set(err, PRM_E_TIMEOUT, ETIMEDOUT, "drain_timeout",
					 "%s: DCT 0x%llx did not drain within %llu ms (no DCT_DRAINED "
					 "event)", d->label, (unsigned long long)dctn,
					 (unsigned long long)timeout_ms);
			break;
		}
	}
	*waited_ms = clock_now_ms() - t0;
	if (q && eq_destroy(q, rc ? &ignored : err) && !rc)
		rc = -1;
	return rc;
}

static int one_dct(int argc, char **argv, const struct argp *argp, struct dct_opts *o,
		   struct dev **d, const char *writes)
{
	int rc = cmd_parse(argp, argc, argv, o);

	if (rc || G.help_shown)
		return rc ? rc : -1;
	if (!o->has_dctn)
		return cmd_usage("which DCT? (its number, as 'dct create' printed it)");
	return writes ? dct_open_writing(d, writes) : cmd_open_device(false, d);
}

static int create(int argc, char **argv)
{
	struct dct_opts o = { 0 };
	struct prm_err err = { 0 };
	struct dev *d = NULL;
	uint64_t pd, dctn;
	int rc = cmd_parse(&create_argp, argc, argv, &o);

	if (rc || G.help_shown || (rc = dct_open_writing(&d, "dct create")))
		return rc;
	pd = o.pd;
	if ((!o.has_pd && dct_alloc_pd(d, &pd, &err)) || dct_create(d, &o, pd, &dctn, &err)) {
		rc = dct_fail(&err);
	} else {
		out_doc_begin();
		out_str("device", d->label);
		out_hex("dctn", dctn);
		out_u64("pd", pd);
		out_bool("pd_allocated", !o.has_pd);
		rc = cmd_done(EXIT_OK);
	}
	cmd_close_device(d);
	return rc;
}

static int query(int argc, char **argv)
{
	struct dct_opts o = { 0 };
	struct prm_err err = { 0 };
	struct dev *d = NULL;
	uint8_t ctx[DCT_CTX_BYTES];
	int rc = one_dct(argc, argv, &query_argp, &o, &d, NULL);

	if (rc)
		return rc < 0 ? EXIT_OK : rc;
	if (dct_query(d, o.dctn, ctx, &err)) {
		rc = dct_fail(&err);
	} else {
		out_doc_begin();
		out_str("device", d->label);
		out_hex("dctn", o.dctn);
		out_str("state_name", dct_state_name(PRM_GET(dctc, ctx, sizeof(ctx), "state")));
		out_obj_begin("dct_context");
		rc = out_layout(&prm_layout_dctc, ctx, sizeof(ctx), 0, &err);
		out_obj_end();
		rc = rc ? cmd_fail(&err) : cmd_done(EXIT_OK);
	}
	cmd_close_device(d);
	return rc;
}

static int drain(int argc, char **argv)
{
	struct dct_opts o = { .timeout_ms = 5000 };
	struct prm_err err = { 0 };
	struct dev *d = NULL;
	uint64_t waited;
	int rc = one_dct(argc, argv, &drain_argp, &o, &d, "dct drain");

	if (rc)
		return rc < 0 ? EXIT_OK : rc;
	if (dct_drain_wait(d, o.dctn, o.wait, o.timeout_ms, &waited, &err)) {
		rc = dct_fail(&err);
	} else {
		out_doc_begin();
		out_str("device", d->label);
		out_hex("dctn", o.dctn);
		out_str("state_name", o.wait ? "DRAINED" : "DRAINING");
		if (o.wait)
			out_u64("waited_ms", waited);
		rc = cmd_done(EXIT_OK);
	}
	cmd_close_device(d);
	return rc;
}

static int destroy(int argc, char **argv)
{
	struct dct_opts o = { 0 };
	struct prm_err err = { 0 };
	struct dev *d = NULL;
	uint8_t ctx[DCT_CTX_BYTES];
	uint64_t state = DCT_STATE_DRAINED;
	int rc = one_dct(argc, argv, &destroy_argp, &o, &d, "dct destroy");

	if (rc)
		return rc < 0 ? EXIT_OK : rc;
	if (dct_query(d, o.dctn, ctx, &err))
		goto fail;
	state = PRM_GET(dctc, ctx, sizeof(ctx), "state");
	if (state != DCT_STATE_DRAINED && !o.force) {
		prm_err_set(&err, PRM_E_FAILED, EBUSY, "not_drained",
			    "%s: DCT 0x%llx is %s, not drained: 'dct drain 0x%llx --wait' first "
			    "(or --force)", d->label, (unsigned long long)o.dctn,
			    dct_state_name(state), (unsigned long long)o.dctn);
		goto fail;
	}
	if (dct_simple(d, &prm_layout_destroy_dct_in, MLX5_CMD_OP_DESTROY_DCT, "dctn", o.dctn, NULL, 0,
		       &err))
		goto fail;
	out_doc_begin();
	out_str("device", d->label);
	out_hex("dctn", o.dctn);
	out_str("was", dct_state_name(state));
	out_bool("destroyed", true);
	rc = cmd_done(EXIT_OK);
	cmd_close_device(d);
	return rc;
fail:
	rc = dct_fail(&err);
	cmd_close_device(d);
	return rc;
}

static int arm(int argc, char **argv)
{
	struct dct_opts o = { 0 };
	struct prm_err err = { 0 };
	struct dev *d = NULL;
	int rc = one_dct(argc, argv, &arm_argp, &o, &d, "dct arm");

	if (rc)
		return rc < 0 ? EXIT_OK : rc;
	if (dct_simple(d, &prm_layout_arm_dct_in, MLX5_CMD_OP_ARM_DCT_FOR_KEY_VIOLATION, "dct_number", o.dctn, NULL, 0,
		       &err)) {
		rc = dct_fail(&err);
	} else {
		out_doc_begin();
		out_str("device", d->label);
		out_hex("dctn", o.dctn);
		out_bool("armed", true);
		rc = cmd_done(EXIT_OK);
	}
	cmd_close_device(d);
	return rc;
}

/* The DCTs in [first, first + count) that answer; n of them into v. */
int dct_probe(struct dev *d, uint64_t first, uint64_t count, uint32_t *v, unsigned max,
	      unsigned *n, struct prm_err *err)
{
	uint8_t in[16] = { 0 }, out[128];
	struct cmd_result res;

	*n = 0;
	for (uint64_t x = first; x < first + count && *n < max; x++) {
		memset(in, 0, sizeof(in));
		PRM_SET(query_dct_in, in, sizeof(in), "opcode", MLX5_CMD_OP_QUERY_DCT);
		PRM_SET(query_dct_in, in, sizeof(in), "dctn", x);
		if (dev_cmd_exec(d, in, sizeof(in), out, sizeof(out), &res, err))
			return -1;
		if (!res.status)
			v[(*n)++] = (uint32_t)x;
	}
	return 0;
}

static int list(int argc, char **argv)
{
	struct dct_opts o = { .first = 0x100, .count = 64 };
	struct prm_err err = { 0 };
	struct dev *d = NULL;
	uint32_t v[DCT_MAX_WATCH];
	unsigned n;
	int rc = cmd_parse(&list_argp, argc, argv, &o);

	if (rc || G.help_shown || (rc = cmd_open_device(false, &d)))
		return rc;
	if (dct_probe(d, o.first, o.count, v, DCT_MAX_WATCH, &n, &err))
		goto fail;
	out_doc_begin();
	out_str("device", d->label);
	out_table_begin("dcts");
	for (unsigned i = 0; i < n; i++) {
		uint8_t ctx[DCT_CTX_BYTES];

		if (dct_query(d, v[i], ctx, &err)) {
			out_doc_abort();
			goto fail;
		}
		out_obj_begin(NULL);
		out_hex("dctn", v[i]);
		out_str("state", dct_state_name(PRM_GET(dctc, ctx, sizeof(ctx), "state")));
		out_u64("pd", PRM_GET(dctc, ctx, sizeof(ctx), "pd"));
		out_u64("cqn", PRM_GET(dctc, ctx, sizeof(ctx), "cqn"));
		out_hex("dc_access_key", PRM_GET(dctc, ctx, sizeof(ctx), "dc_access_key"));
		out_u64("key_violations",
			PRM_GET(dctc, ctx, sizeof(ctx), "dc_access_key_violation_count"));
		out_obj_end();
	}
	out_table_end();
	rc = cmd_done(EXIT_OK);
	cmd_close_device(d);
	return rc;
fail:
	rc = dct_fail(&err);
	cmd_close_device(d);
	return rc;
}

static const struct prm_verb verbs[] = {
	{ "create", "Create a DC target", &create_argp, create, CMD_NEEDS_DEVICE | CMD_WRITES },
	{ "query", "A DCT's context, decoded", &query_argp, query, CMD_NEEDS_DEVICE },
	{ "drain", "Drain it; --wait for the DCT_DRAINED event", &drain_argp, drain,
	  CMD_NEEDS_DEVICE | CMD_WRITES },
	{ "destroy", "Destroy it (drained)", &destroy_argp, destroy,
	  CMD_NEEDS_DEVICE | CMD_WRITES },
	{ "arm", "Arm it for a key-violation event", &arm_argp, arm,
	  CMD_NEEDS_DEVICE | CMD_WRITES },
	{ "list", "The DCTs that answer in a range of numbers", &list_argp, list,
	  CMD_NEEDS_DEVICE },
	{ "lifecycle", "Create, drain, wait, destroy: each step timed", &dct_lifecycle_argp,
	  dct_lifecycle, CMD_NEEDS_DEVICE | CMD_WRITES },
	{ "watch", "Report key violations and re-arm", &dct_watch_argp, dct_watch,
	  CMD_NEEDS_DEVICE | CMD_WRITES },
};

const struct prm_cmd cmd_dct = {
	.name = "dct",
	.summary = "DC targets: create, drain, destroy, key violations",
	.verbs = verbs,
	.nverbs = sizeof(verbs) / sizeof(verbs[0]),
	.flags = CMD_NEEDS_DEVICE,
};
