// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* prmctl trace analyze: what the firmware said, how often, how regularly. */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "cmd/core/cmd.h"
#include "cmd/trace.h"
#include "lib/out/out.h"
#include "lib/prm/tracestat.h"

enum { OPT_TOP = 0x500 };

struct analyze_run {
	struct tracestat *st;
	bool nomem;
};

static const struct argp_option options[] = {
	{ "top", OPT_TOP, "N", 0, "How many top talkers to list (default 10)", 0 },
	{ 0 }
};

static error_t parse(int key, char *arg, struct argp_state *state)
{
	struct trace_analyze_opts *o = state->input;

	switch (key) {
	case ARGP_KEY_INIT:
		o->top = 10;
		return tracein_parse_input(key, arg, state, &o->in);
	case ARGP_KEY_ARG:
		return tracein_parse_input(key, arg, state, &o->in);
	case OPT_TOP:
		if (cmd_number(arg, 1000000, &o->top)) {
			argp_error(state, "--top '%s': expected a count, 0 to 1000000", arg);
			return EINVAL;
		}
		return 0;
	}
	return ARGP_ERR_UNKNOWN;
}

static const struct argp_child children[] = {
	{ &tracein_argp, 0, "Input:", 1 },
	{ &prm_global_argp, 0, "Global options:", 100 },
	{ 0 }
};

const struct argp trace_analyze_argp = {
	options, parse, "[FILE|-]",
	"Sum up a trace ring or capture file (the input options of 'trace decode'): for every "
	"event id and every format string, how many events, how many lost, the first and last "
	"time and the interval between consecutive ones (min, average, max; a negative "
	"interval means events out of order); then the top talkers.",
	children, NULL, NULL
};

static int add(void *ctx, const struct trace_item *it)
{
	struct analyze_run *r = ctx;

	if (tracestat_add(r->st, it)) {
		r->nomem = true;
		return 1;
	}
	return 0;
}

/* Counts say they count and raw clocks say ticks (prmctl(8) CONVENTIONS, Keys). */
static void figures(const struct tracestat_row *r, uint64_t khz)
{
	int64_t avg;

	out_u64("count", r->count);
	out_u64("lost_events", r->lost);
	if (r->timed) {
		out_u64("first_ticks", r->first);
		out_u64("last_ticks", r->last);
	} else {
		out_null("first_ticks");
		out_null("last_ticks");
	}
	if (tracestat_avg(r, &avg)) {
		out_s64("interval_min_ticks", r->imin);
		out_s64("interval_avg_ticks", avg);
		out_s64("interval_max_ticks", r->imax);
		if (khz) {
			/* ns of a signed tick count: the sign apart, then exact */
			int64_t v[3] = { r->imin, avg, r->imax };
			const char *k[3] = { "interval_min_ns", "interval_avg_ns", "interval_max_ns" };

			for (int i = 0; i < 3; i++) {
				uint64_t ns = trace_ticks_to_ns(v[i] < 0 ? (uint64_t)-v[i]
									 : (uint64_t)v[i], khz);

				out_s64(k[i], v[i] < 0 ? -(int64_t)ns : (int64_t)ns);
			}
		}
	} else {
		out_null("interval_min_ticks");
		out_null("interval_avg_ticks");
		out_null("interval_max_ticks");
	}
}

static void format_identity(const struct tracestat_row *r)
{
	if (r->has_pointer)
		out_hex_width("pointer", r->pointer, 32);
	else
		out_null("pointer");
	if (r->fmt)
		out_str("format", r->fmt);
	else
		out_strf("format", "<%s>", trace_problem_name(r->problem));
}

static void summary(const struct trace_counts *c, uint64_t start)
{
	struct trace_count list[TRACE_NCOUNTS];
	unsigned n = trace_counts_list(c, start, list);

	out_obj_begin("summary");
	for (unsigned i = 0; i < n; i++)
		out_u64(list[i].name, list[i].value);
	out_obj_end();
}

static void report(struct tracestat *st, const struct trace_counts *c, uint64_t start,
		   uint64_t khz, uint64_t top)
{
	unsigned nev, nfmt;
	const struct tracestat_row *ev = tracestat_events(st, &nev);
	const struct tracestat_row *fm = tracestat_formats(st, &nfmt);
	uint64_t strings = 0;

	out_doc_begin();
	summary(c, start);
	if (!out_json()) {
		trace_analyze_text(st, khz, top);
		return;
	}
	out_table_begin("event_ids");
	for (unsigned i = 0; ev && i < nev; i++) {
		out_obj_begin(NULL);
		out_hex_width("event_id", ev[i].event_id, 8);
		out_str("type", trace_item_type_name(ev[i].type));
		figures(&ev[i], khz);
		out_obj_end();
	}
	out_table_end();
	out_table_begin("formats");
	for (unsigned i = 0; fm && i < nfmt; i++) {
		out_obj_begin(NULL);
		format_identity(&fm[i]);
		figures(&fm[i], khz);
		out_obj_end();
		strings += fm[i].count;
	}
	out_table_end();
	out_table_begin("top");
	for (unsigned i = 0; fm && i < nfmt && i < top; i++) {
		out_obj_begin(NULL);
		out_u64("rank", i + 1);
		out_u64("count", fm[i].count);
		out_u64("share_permille", fm[i].count * 1000 / strings);
		format_identity(&fm[i]);
		out_obj_end();
	}
	out_table_end();
}

int trace_analyze(struct cmd_run *run)
{
	const struct trace_analyze_opts *o = run->opts;
	struct analyze_run r = { 0 };
	struct trace_dec *d = NULL;
	struct tracein in = { .fd = -1 };
	int rc;

	r.st = tracestat_new();
	if (!r.st)
		return cmd_usage("out of memory");
	rc = trace_open(&o->in, add, &r, &in, &d);
	if (rc == 0)
		rc = tracein_run(&in, &o->in, d);
	if (rc < 0 && r.nomem) {
		struct prm_err e = { .kind = PRM_E_FAILED, .reason = "nomem",
				     .msg = "out of memory counting formats" };

		rc = cmd_fail(&e);
	}
	if (rc == 0) {
		report(r.st, trace_dec_counts(d), in.start_block, in.clock_khz, o->top);
		rc = cmd_done(EXIT_OK);
	}
	trace_dec_free(d);
	tracein_close(&in);
	tracestat_free(r.st);
	return rc < 0 ? EXIT_FAIL : rc;
}
