// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * prmctl nvmf ns: NVMe-oF target offload namespace counters
 * (QUERY_NVMF_NAMESPACE_CONTEXT), once or as rates. The command and its
 * decoding are lib/ops/nvmf.c; here, options, sampling and printing.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/core/cmd.h"
#include "cmd/core/devsel.h"
#include "lib/dev/dev.h"
#include "lib/ops/nvmf.h"
#include "lib/out/out.h"
#include "lib/prm/nvmf.h"
#include "lib/util/clock.h"

#define MAX_NS 64

enum { OPT_XRQN = 0xa00, OPT_NSID, OPT_RAW, OPT_INTERVAL, OPT_COUNT };

struct nvmf_opts {
	uint64_t xrqn;
	uint32_t nsid[MAX_NS];
	unsigned nnsid;
	bool raw;
	uint64_t interval_ms, count;
};

static const struct argp_option options[] = {
	{ "xrqn", OPT_XRQN, "N", 0, "The offload XRQ the namespaces are attached to (default 0)", 0 },
	{ "nsid", OPT_NSID, "N", 0,
	  "A frontend namespace (repeatable); default: every one of 1-32 that answers", 0 },
	{ "raw", OPT_RAW, NULL, 0,
	  "Also the full 64-bit words, flagging upper halves that are not zero", 0 },
	{ "interval", OPT_INTERVAL, "MS", 0,
	  "Sample this often (" CMD_DURATION_MS
	  ") and print deltas and rates per second (JSON Lines)", 0 },
	{ "count", OPT_COUNT, "N", 0, "With --interval: stop after N samples", 0 },
	{ 0 }
};

static const struct cmd_duration interval_ms = { "--interval", true, 1, 3600000 };

static error_t parse(int key, char *arg, struct argp_state *state)
{
	struct nvmf_opts *o = state->input;
	uint64_t v;

	switch (key) {
	case OPT_XRQN:
		if (cmd_number(arg, 0xffffff, &o->xrqn)) {
			argp_error(state, "--xrqn '%s': a 24-bit XRQ number", arg);
			return EINVAL;
		}
		return 0;
	case OPT_NSID:
		if (cmd_number(arg, UINT32_MAX, &v) || o->nnsid == MAX_NS) {
			argp_error(state, "--nsid '%s': a 32-bit namespace id (at most %d)", arg,
				   MAX_NS);
			return EINVAL;
		}
		o->nsid[o->nnsid++] = (uint32_t)v;
		return 0;
	case OPT_RAW:
		o->raw = true;
		return 0;
	case OPT_INTERVAL:
		return cmd_opt_duration_in(state, &interval_ms, arg, &o->interval_ms);
	case OPT_COUNT:
		return cmd_opt_count(state, "--count", arg, UINT32_MAX, "a number of samples", &o->count);
	}
	return cmd_no_args(key, arg, state);
}

static const struct argp ns_argp = {
	options, parse, NULL,
	"NVMe-oF target offload counters of frontend namespaces (QUERY_NVMF_NAMESPACE_CONTEXT): "
	"reads, read blocks, writes, write blocks, inline writes, flushes, errors, backend "
	"errors. Only the low 32 bits of each counter are valid: they are what is shown "
	"(--raw adds the whole words); with --interval, deltas and rates, a 32-bit wrap "
	"counted as such. Needs general.nvmf_target_offload.",
	prm_global_children, NULL, NULL
};

static void counters(const struct nvmf_ns *ns, bool raw)
{
	for (unsigned i = 0; i < NVMF_COUNTERS; i++)
		out_u64(nvmf_counter_name(i), ns->low[i]);
	out_u64("current_q_depth", ns->current_q_depth);
	out_u64("last_read_req_latency", ns->last_read_req_latency);
	out_u64("last_write_req_latency", ns->last_write_req_latency);
	if (!raw)
		return;
	for (unsigned i = 0; i < NVMF_COUNTERS; i++) {	/* flat: a row of the table */
		char key[48];

		snprintf(key, sizeof(key), "%s_raw", nvmf_counter_name(i));
		out_hex_width(key, (uint64_t)ns->high[i] << 32 | ns->low[i], 64);
	}
	out_arr_begin("upper_nonzero");
	for (unsigned i = 0; i < NVMF_COUNTERS; i++)
		if (ns->high[i])
			out_str(NULL, nvmf_counter_name(i));
	out_arr_end();
}

static void rates(uint32_t nsid, const struct nvmf_ns *was, const struct nvmf_ns *now,
		  uint64_t ms)
{
	out_line_begin();
	out_time_ns("time", clock_wall_ns());
	out_u64("nsid", nsid);
	out_u64("interval_ms", ms);
	for (unsigned i = 0; i < NVMF_COUNTERS; i++) {
		char key[48];
		uint32_t dv = nvmf_delta(was->low[i], now->low[i]);

		snprintf(key, sizeof(key), "%s_delta", nvmf_counter_name(i));
		out_u64(key, dv);
		snprintf(key, sizeof(key), "%s_per_s", nvmf_counter_name(i));
		out_u64(key, ms ? (uint64_t)dv * 1000 / ms : 0);
	}
	out_u64("current_q_depth", now->current_q_depth);
}

static int sample_loop(struct dev *d, const struct nvmf_opts *o, const uint32_t *ids,
		       unsigned n, struct nvmf_ns *was, struct prm_err *err)
{
	uint64_t t = clock_now_ms();

	for (uint64_t k = 0; !cmd_stop_requested() && (!o->count || k < o->count); k++) {
		uint64_t now_ms;

		clock_sleep_us((unsigned)o->interval_ms * 1000);
		if (cmd_stop_requested())
			break;
		now_ms = clock_now_ms();
		for (unsigned i = 0; i < n; i++) {
			struct nvmf_ns now;
			int rc = nvmf_ns_query(d, o->xrqn, ids[i], &now, err);

			if (rc < 0)	/* a stop that cut a query short is a stop */
				return cmd_stop_requested() ? 0 : -1;
			if (rc > 0)
				return prm_err_set(err, PRM_E_FAILED, ENOENT, "ns_gone",
						   "namespace %u went away", ids[i]);
			rates(ids[i], &was[i], &now, now_ms - t);
			if (cmd_done(EXIT_OK))
				return 1;
			was[i] = now;
		}
		t = now_ms;
	}
	return 0;
}

static int ns_check(struct cmd_run *r)
{
	const struct nvmf_opts *o = r->opts;

	return o->count && !o->interval_ms ? cmd_usage("--count goes with --interval") : 0;
}

static int ns(struct cmd_run *r)
{
	const struct nvmf_opts *o = r->opts;
	struct nvmf_ns found[MAX_NS];
	uint32_t ids[MAX_NS];
	struct prm_err err = { 0 };
	struct dev *d = r->dev;
	unsigned n = 0;
	int rc;

	if (nvmf_offload_check(d, &err) ||
	    nvmf_ns_find(d, o->xrqn, o->nsid, o->nnsid, ids, found, &n, &err))
		return cmd_fail(&err);
	if (o->interval_ms && !n) {
		prm_err_set(&err, PRM_E_NODEV, ENOENT, "no_namespace",
			    "%s: no namespace among 1-%d answers on XRQ 0x%llx: nothing to sample",
			    d->label, NVMF_PROBE_NS, (unsigned long long)o->xrqn);
		return cmd_fail(&err);
	}
	if (o->interval_ms) {
		rc = sample_loop(d, o, ids, n, found, &err);
		if (rc < 0)
			return cmd_fail(&err);
		return rc ? EXIT_FAIL : EXIT_OK;
	}
	out_doc_begin();
	cmd_out_device(d);
	out_hex("xrqn", o->xrqn);
	out_table_begin("namespaces");
	for (unsigned i = 0; i < n; i++) {
		out_obj_begin(NULL);
		out_u64("nsid", ids[i]);
		counters(&found[i], o->raw);
		out_obj_end();
	}
	out_table_end();
	if (!n)
		out_note("no namespace among 1-%d answers on XRQ 0x%llx", NVMF_PROBE_NS,
			 (unsigned long long)o->xrqn);
	return cmd_done(EXIT_OK);
}

static const struct prm_verb verbs[] = {
	{ .name = "ns", .summary = "Namespace counters, once or as rates", .argp = &ns_argp,
	  .check = ns_check, .exec = ns, .opts_size = sizeof(struct nvmf_opts),
	  .flags = CMD_NEEDS_DEVICE },
};

const struct prm_cmd cmd_nvmf = {
	.name = "nvmf",
	.summary = "NVMe-oF target offload: namespace counters",
	.verbs = verbs,
	.nverbs = sizeof(verbs) / sizeof(verbs[0]),
	.default_verb = "ns",
	.flags = CMD_NEEDS_DEVICE,
};
