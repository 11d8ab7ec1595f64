// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * prmctl trace: the firmware tracer. decode prints a ring or a capture
 * event by event; analyze sums it up per event id and per format string.
 */
#include <errno.h>
#include <inttypes.h>
#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/core/cmd.h"
#include "cmd/trace.h"
#include "cmd/tracein.h"
#include "lib/out/out.h"
#include "lib/prm/trace.h"
#include "lib/util/match.h"
#include "lib/util/units.h"

#define MAX_FILTERS 16

enum { OPT_STRICT = 0x400, OPT_FILTER, OPT_SINCE, OPT_UNTIL, OPT_DEVICE_CLOCK, OPT_TIMESTAMPS };

enum filter_kind { F_EVENT_ID, F_TMSN, F_TYPE, F_MSG };

struct filter {
	enum filter_kind kind;
	bool neg;		/* != or !~: the events that do not match */
	uint64_t v;
	regex_t re;
};

/* A bound of --since/--until: ticks, device nanoseconds, or wall-clock ns since the epoch. */
struct bound {
	bool set, ns, wall;
	uint64_t v;
};

struct decode_opts {
	struct tracein_opts in;
	bool strict;
	struct filter filters[MAX_FILTERS];
	unsigned nfilters;
	struct bound since, until;
	bool device_clock;	/* text: the device clock even with a wall-clock anchor */
	bool timestamps;	/* text: timestamp events too */
};

struct decode_run {
	const struct decode_opts *o;
	const struct tracein *in;
	bool wall;		/* text times on the wall clock */
	bool hide_ts;		/* text leaves timestamp events out */
	int write_failed;
};

static const struct argp_option decode_options[] = {
	{ "strict", OPT_STRICT, NULL, 0,
	  "Exit 4 when anything was lost, torn, stale, incomplete or uncompleted", 0 },
	{ "filter", OPT_FILTER, "EXPR", 0,
	  "Only events matching event_id=N, tmsn=N, type=string|raw|timestamp or msg~REGEX; "
	  "!= and !~ keep the others (repeatable: all must match)", 0 },
	{ "device-clock", OPT_DEVICE_CLOCK, NULL, 0,
	  "Text: times on the device clock, even when the capture has a wall-clock anchor", 0 },
	{ "timestamps", OPT_TIMESTAMPS, NULL, 0,
	  "Text: show timestamp events too (JSON always has them)", 0 },
	{ "since", OPT_SINCE, "T", 0,
	  "Only events at or after T, as decode prints it: device ticks, device seconds "
	  "(62.013631792, or with a unit: 500ms, 1.5s, 2m, 1h; needs the clock), or with "
	  "a UTC time (2026-01-31T12:00:00.5Z) where decode prints wall-clock times", 0 },
	{ "until", OPT_UNTIL, "T", 0, "Only events at or before T (as --since)", 0 },
	{ 0 }
};

#define FILTER_FORMS "event_id=N (0-255), tmsn=N (0-8191), type=string|raw|timestamp or " \
	"msg~REGEX"

/* "; did you mean 'X'?" for a word close to one of names, else "". */
static const char *closest(const char *const *names, size_t n, const char *word)
{
	static char buf[64];
	const struct match_set set = { names, n, sizeof(*names) };
	const char *c = *word ? match_suggest(&set, word) : NULL;

	if (!c || !strcmp(c, word))
		return "";
	snprintf(buf, sizeof(buf), "; did you mean '%s'?", c);
	return buf;
}

/* EXPR is NAME OP VALUE, OP one of = != ~ !~ (~ for msg, = for the others). */
static int parse_filter(struct argp_state *state, struct decode_opts *o, const char *arg)
{
	struct filter *f = &o->filters[o->nfilters];
	size_t k = strcspn(arg, "!=~");
	const char *val;
	char op;

	if (o->nfilters == MAX_FILTERS) {
		argp_error(state, "at most %d --filter expressions", MAX_FILTERS);
		return EINVAL;
	}
	f->neg = arg[k] == '!';
	op = arg[k + f->neg];
	val = arg + k + f->neg + (op != '\0');
	if (op == '~' && k == 3 && !strncmp(arg, "msg", 3)) {
		int rc = regcomp(&f->re, val, REG_EXTENDED | REG_NOSUB);

		if (rc) {
			char why[128];

			regerror(rc, &f->re, why, sizeof(why));
			argp_error(state, "--filter '%s': %s", arg, why);
			return EINVAL;
		}
		f->kind = F_MSG;
	} else if (op == '=' && k == 8 && !strncmp(arg, "event_id", 8) &&
		   !cmd_number(val, 255, &f->v)) {
		f->kind = F_EVENT_ID;
	} else if (op == '=' && k == 4 && !strncmp(arg, "tmsn", 4) &&
		   !cmd_number(val, 0x1fff, &f->v)) {
		f->kind = F_TMSN;
	} else if (op == '=' && k == 4 && !strncmp(arg, "type", 4)) {
		f->kind = F_TYPE;
		for (f->v = 0; f->v <= TRACE_ITEM_TIMESTAMP; f->v++)
			if (!strcmp(val, trace_item_type_name(f->v)))
				break;
		if (f->v > TRACE_ITEM_TIMESTAMP) {
			static const char *const types[] = { "string", "raw", "timestamp" };

			argp_error(state, "--filter '%s': type is string, raw or timestamp%s", arg,
				   closest(types, 3, val));
			return EINVAL;
		}
	} else {
		static const char *const keys[] = { "event_id", "tmsn", "type", "msg" };
		char key[32];

		snprintf(key, sizeof(key), "%.*s", (int)k, arg);
		argp_error(state, "--filter '%s': expected " FILTER_FORMS
			   " (!= and !~ keep the events that do not match)%s", arg,
			   closest(keys, 4, key));
		return EINVAL;
	}
	o->nfilters++;
	return 0;
}

/*
 * What decode prints in its time column is what a bound takes: ticks
 * ("1234", or 0x hex), device seconds ("62.013631792", or any duration
 * with a unit), or with --realtime a UTC time ("2026-12-01T23:20:32.296504303Z").
 */
static int parse_bound(struct argp_state *state, const char *opt, const char *arg,
		       struct bound *b)
{
	uint64_t v;

	if (!cmd_number(arg, UINT64_MAX, &v)) {
		*b = (struct bound){ .set = true, .v = v };
		return 0;
	}
	if (!units_utc_ns(arg, &v)) {
		*b = (struct bound){ .set = true, .wall = true, .v = v };
		return 0;
	}
	if (!units_duration_ns(arg, 1000000000, &v)) {
		*b = (struct bound){ .set = true, .ns = true, .v = v };
		return 0;
	}
	argp_error(state, "%s '%s': device ticks, device seconds (62.013631792, or with ns, us, "
		   "ms, s, m, h), or with --realtime a UTC time (2026-01-31T12:00:00.5Z), as decode "
		   "prints them", opt, arg);
	return EINVAL;
}

static error_t decode_parse(int key, char *arg, struct argp_state *state)
{
	struct decode_opts *o = state->input;

	switch (key) {
	case ARGP_KEY_INIT:
	case ARGP_KEY_ARG:
		return tracein_parse_input(key, arg, state, &o->in);
	case OPT_STRICT:
		o->strict = true;
		return 0;
	case OPT_FILTER:
		return parse_filter(state, o, arg);
	case OPT_SINCE:
		return parse_bound(state, "--since", arg, &o->since);
	case OPT_UNTIL:
		return parse_bound(state, "--until", arg, &o->until);
	case OPT_DEVICE_CLOCK:
		o->device_clock = true;
		return 0;
	case OPT_TIMESTAMPS:
		o->timestamps = true;
		return 0;
	}
	return ARGP_ERR_UNKNOWN;
}

static const struct argp_child decode_children[] = {
	{ &tracein_argp, 0, "Input:", 1 },
	{ &prm_global_argp, 0, "Global options:", 100 },
	{ 0 }
};

static const struct argp decode_argp = {
	decode_options, decode_parse, "[FILE|-]",
	"Decode a firmware tracer ring (the host-memory buffer as the device writes it) or a "
	"capture file from 'trace capture': every event in the order the device wrote it, from "
	"the oldest block, with its completed timestamp, string messages formatted from the strings database, and every block that "
	"could not be decoded reported with its reason and position. JSON Lines with --json; "
	"the last line is a summary. Exit 4 with --strict when anything was lost.",
	decode_children, NULL, NULL
};

static uint64_t realtime_ns(const struct tracein *in, uint64_t ts)
{
	uint64_t d = (ts - in->meta.device_ts) & ((UINT64_C(1) << TRACE_TS_BITS) - 1);

	if (d < UINT64_C(1) << (TRACE_TS_BITS - 1))
		return in->meta.wall_ns + trace_ticks_to_ns(d, in->clock_khz);
	d = (UINT64_C(1) << TRACE_TS_BITS) - d;
	return in->meta.wall_ns - trace_ticks_to_ns(d, in->clock_khz);
}

/* The event's time in the bound's terms. */
static uint64_t bound_of(const struct decode_run *r, const struct bound *b,
			 const struct trace_item *it, uint64_t ns)
{
	if (b->wall)
		return realtime_ns(r->in, it->timestamp);
	return b->ns ? ns : it->timestamp;
}

static bool in_bounds(const struct decode_run *r, const struct trace_item *it)
{
	const struct decode_opts *o = r->o;
	uint64_t ns;

	if (!o->since.set && !o->until.set)
		return true;
	if (!it->has_ts)
		return false;
	ns = trace_ticks_to_ns(it->timestamp, r->in->clock_khz);
	if (o->since.set && bound_of(r, &o->since, it, ns) < o->since.v)
		return false;
	if (o->until.set && bound_of(r, &o->until, it, ns) > o->until.v)
		return false;
	return true;
}

static bool matches(const struct filter *f, const struct trace_item *it)
{
	switch (f->kind) {
	case F_EVENT_ID:
		return it->event_id == f->v;
	case F_TMSN:
		return it->type == TRACE_ITEM_STRING && it->tmsn == f->v;
	case F_TYPE:
		return it->type == f->v;
	case F_MSG:
		return it->type == TRACE_ITEM_STRING && !regexec(&f->re, it->msg, 0, NULL, 0);
	}
	return false;
}

static bool wanted(const struct decode_run *r, const struct trace_item *it)
{
	if (r->hide_ts && it->type == TRACE_ITEM_TIMESTAMP)
		return false;
	for (unsigned i = 0; i < r->o->nfilters; i++)
		if (matches(&r->o->filters[i], it) == r->o->filters[i].neg)
			return false;
	return in_bounds(r, it);
}

/*
 * The event's time: the text's first column (wall clock, device seconds or
 * ticks) and JSON's clocks, each with its unit in its name (prmctl(8)
 * CONVENTIONS, Keys): ticks, device_ns, and on the wall clock time (the
 * text column's string, formatted only for events that print) and time_ns.
 */
static void event_time(const struct decode_run *r, const struct trace_item *it)
{
	const unsigned flags = OUT_REC_NOJSON | OUT_REC_WIDTH(20);
	char buf[UNITS_UTC_BYTES];

	if (!it->has_ts) {
		snprintf(buf, sizeof(buf), "?+%u", it->ts7);
		out_rec_str("time", buf, r->wall ? OUT_REC_NOJSON | OUT_REC_WIDTH(30) : flags);
		out_rec_null("ticks", OUT_REC_NOTEXT);
		out_rec_u64("ts7", it->ts7, OUT_REC_NOTEXT);
		return;
	}
	out_rec_u64("ticks", it->timestamp, OUT_REC_NOTEXT);
	if (r->in->clock_khz)
		out_rec_u64("device_ns", trace_ticks_to_ns(it->timestamp, r->in->clock_khz),
			    OUT_REC_NOTEXT);
	if (r->wall) {
		uint64_t ns = realtime_ns(r->in, it->timestamp);

		out_rec_str("time", units_utc_str(ns, buf), 0);
		out_rec_u64("time_ns", ns, OUT_REC_NOTEXT);
	} else if (r->in->clock_khz) {
		uint64_t ns = trace_ticks_to_ns(it->timestamp, r->in->clock_khz);

		snprintf(buf, sizeof(buf), "%" PRIu64 ".%09" PRIu64, ns / 1000000000,
			 ns % 1000000000);
		out_rec_str("time", buf, flags);
	} else {
		out_rec_u64("time", it->timestamp, flags);
	}
}

static void event_members(const struct decode_run *r, const struct trace_item *it)
{
	out_rec_str("type", trace_item_type_name(it->type), OUT_REC_NOTEXT);
	event_time(r, it);
	out_rec_u64("event_id", it->event_id, OUT_REC_HEX | OUT_REC_DIGITS(2));
	out_rec_bool("lost", it->lost, OUT_REC_NOTEXT);
	out_rec_str("lost_flag", it->lost ? "L" : "-", OUT_REC_NOJSON);
}

/*
 * Without a format to put them in, the parameters that arrived are the
 * message: text shows them as JSON's params does, in hex (- when missing).
 */
static void text_params(const struct trace_item *it)
{
	char buf[TRACEFMT_MAX_PARAMS * 12 + 1] = "", *p = buf;

	if (!it->nparams)
		return;
	for (unsigned i = 0; i < it->nparams; i++) {
		if (it->present & 1u << i)
			p += sprintf(p, "%s0x%" PRIx32, i ? "," : "", it->params[i]);
		else
			p += sprintf(p, "%s-", i ? "," : "");
	}
	out_rec_str("params", buf, OUT_REC_NOJSON | OUT_REC_KV);
}

static void string_members(const struct trace_item *it)
{
	out_rec_u64("tmsn", it->tmsn, OUT_REC_NOTEXT);
	if (it->has_pointer)
		out_rec_u64("pointer", it->pointer, OUT_REC_NOTEXT);
	else
		out_rec_null("pointer", OUT_REC_NOTEXT);
	out_rec_strn("msg", it->msg, it->msg_len, 0);
	out_rec_arr_begin("params", OUT_REC_NOTEXT);
	for (unsigned i = 0; i < it->nparams; i++) {
		if (it->present & 1u << i)
			out_rec_u64(NULL, it->params[i], out_rec_arr_flags());
		else
			out_rec_null(NULL, out_rec_arr_flags());
	}
	out_rec_arr_end();
	if (it->problem == TRACE_PROBLEM_MISSING_POINTER ||
	    it->problem == TRACE_PROBLEM_UNKNOWN_POINTER ||
	    it->problem == TRACE_PROBLEM_UNTERMINATED)
		text_params(it);
	if (it->problem != TRACE_PROBLEM_NONE) {
		out_rec_str("problem", trace_problem_name(it->problem), OUT_REC_NOTEXT);
		out_rec_str("problem", trace_problem_name(it->problem),
			    OUT_REC_NOJSON | OUT_REC_KV);
	}
}

static void skip_members(const struct trace_item *it)
{
	out_rec_str("type", "skip", OUT_REC_KV);
	out_rec_str("reason", trace_skip_name(it->reason), OUT_REC_KV);
	out_rec_u64("block", it->block, OUT_REC_KV);
	out_rec_u64("blocks", it->blocks, OUT_REC_KV);
	out_rec_u64("offset", it->offset, OUT_REC_KV);
}

static int decode_item(void *ctx, const struct trace_item *it)
{
	struct decode_run *r = ctx;

	if (it->type != TRACE_ITEM_SKIP && !wanted(r, it))
		return 0;
	out_rec_begin();
	if (it->type == TRACE_ITEM_SKIP) {
		skip_members(it);
	} else {
		event_members(r, it);
	}
	switch (it->type) {
	case TRACE_ITEM_STRING:
		string_members(it);
		break;
	case TRACE_ITEM_RAW:
		out_rec_str("kind", "raw", OUT_REC_NOJSON);
		out_rec_u64("data", it->data, OUT_REC_HEX | OUT_REC_KV | OUT_REC_DIGITS(12));
		break;
	case TRACE_ITEM_TIMESTAMP:
		out_rec_str("kind", "timestamp", OUT_REC_NOJSON);
		out_rec_bool("unreliable", it->unreliable, OUT_REC_NOTEXT);
		if (it->unreliable)
			out_rec_str("reliability", "unreliable", OUT_REC_NOJSON);
		out_rec_u64("urts", it->urts, OUT_REC_NOTEXT);
		break;
	case TRACE_ITEM_SKIP:
		break;
	}
	if (out_rec_end()) {
		r->write_failed = 1;
		return 1;
	}
	return 0;
}

void trace_summary(const struct trace_counts *c, uint64_t start_block)
{
	struct trace_count list[TRACE_NCOUNTS];
	unsigned n = trace_counts_list(c, start_block, list);

	out_rec_begin();
	out_rec_str("type", "summary", OUT_REC_KV);
	for (unsigned i = 0; i < n; i++)
		out_rec_u64(list[i].name, list[i].value, OUT_REC_KV);
}

int trace_open(const struct tracein_opts *io, trace_emit_fn fn, void *ctx, struct tracein *in,
	       struct trace_dec **dec)
{
	int rc = tracein_open(in, io);
	struct prm_err e = { .kind = PRM_E_FAILED, .reason = "nomem", .msg = "out of memory" };

	if (rc)
		return rc;
	*dec = trace_dec_new(&in->cfg, fn, ctx);
	return *dec ? 0 : cmd_fail(&e);
}

/* A filter that selects timestamp events shows them in text without --timestamps. */
static bool asks_timestamps(const struct decode_opts *o)
{
	for (unsigned i = 0; i < o->nfilters; i++)
		if (o->filters[i].kind == F_TYPE && !o->filters[i].neg &&
		    o->filters[i].v == TRACE_ITEM_TIMESTAMP)
			return true;
	return false;
}

/* Text names its columns once, above the first event, the time's unit included. */
static void text_header(const struct decode_run *r)
{
	if (out_json())
		return;
	if (r->wall)
		printf("%-30s %-4s %s %s\n", "TIME (UTC)", "ID", "L", "MESSAGE");
	else
		printf("%20s %-4s %s %s\n", r->in->clock_khz ? "DEVICE TIME (s)" : "TICKS", "ID",
		       "L", "MESSAGE");
}

static int decode(struct cmd_run *run)
{
	struct decode_opts *o = run->opts;
	struct decode_run r = { .o = o };
	struct trace_dec *d = NULL;
	struct tracein in = { .fd = -1 };
	int rc;

	r.in = &in;
	rc = trace_open(&o->in, decode_item, &r, &in, &d);
	if (rc == 0 && o->device_clock && o->in.realtime)
		rc = cmd_usage("--device-clock and --realtime ask for different clocks: give one");
	if (rc == 0 && ((o->since.set && o->since.ns) || (o->until.set && o->until.ns)) &&
	    !in.clock_khz)
		rc = cmd_usage("--since/--until with a unit need the device clock (--clock-mhz "
			       "or a capture file)");
	/* decode prints wall-clock times when it can: a UTC bound is taken whenever it does */
	r.wall = o->in.realtime || (!o->device_clock && in.capture && in.meta.has_anchor &&
				    in.clock_khz);
	if (rc == 0 && (o->since.wall || o->until.wall) && !r.wall)
		rc = cmd_usage("--since/--until at a UTC time need wall-clock times: a capture "
			       "with a wall-clock anchor (or --realtime), not --device-clock");
	if (rc == 0) {
		r.hide_ts = !out_json() && !o->timestamps && !asks_timestamps(o);
		text_header(&r);
		if (fflush(stdout))
			rc = EXIT_FAIL;
		out_rec_batch(true);
		if (rc == 0)
			rc = tracein_run(&in, &o->in, d);
		/* what was decoded goes out, whatever stopped the run */
		if (out_rec_flush() && rc == 0)
			rc = EXIT_FAIL;
		out_rec_batch(false);
	}
	if (rc == 0) {
		trace_summary(trace_dec_counts(d), in.start_block);
		if (in.capture) {	/* who it came from */
			out_rec_str("device", in.meta.device[0] ? in.meta.device : NULL, OUT_REC_KV);
			out_rec_str("psid", in.meta.psid[0] ? in.meta.psid : NULL, OUT_REC_KV);
			out_rec_str("fw_version", in.meta.fw_version[0] ? in.meta.fw_version : NULL,
				    OUT_REC_KV);
			out_rec_u64("clock_khz", in.meta.clock_khz, OUT_REC_KV);
		}
		if (out_rec_end() || out_rec_flush() || fflush(stdout))
			rc = EXIT_FAIL;
		else if (o->strict && trace_counts_bad(trace_dec_counts(d)))
			rc = EXIT_CHECK;
	}
	trace_dec_free(d);
	tracein_close(&in);
	for (unsigned i = 0; i < o->nfilters; i++)
		if (o->filters[i].kind == F_MSG)
			regfree(&o->filters[i].re);
	out_rec_free();
	return rc < 0 ? EXIT_FAIL : rc;
}

static const struct prm_verb verbs[] = {
	{ .name = "decode", .summary = "Decode a trace ring or capture file, event by event",
	  .argp = &decode_argp, .exec = decode, .opts_size = sizeof(struct decode_opts) },
	{ .name = "analyze",
	  .summary = "Per event id and format string: counts, intervals, top talkers",
	  .argp = &trace_analyze_argp, .exec = trace_analyze,
	  .opts_size = sizeof(struct trace_analyze_opts) },
	{ .name = "status", .summary = "The tracer's registers: owner, configuration, state",
	  .argp = &trace_status_argp, .exec = trace_status, .flags = CMD_NEEDS_DEVICE },
	{ .name = "own", .summary = "Take the tracer's ownership", .argp = &trace_own_argp,
	  .exec = trace_own, .opts_size = sizeof(struct trace_own_opts), .gate = trace_kernel_gate,
	  .flags = CMD_NEEDS_DEVICE | CMD_WRITES },
	{ .name = "release", .summary = "Give the tracer's ownership back",
	  .argp = &trace_release_argp, .exec = trace_release, .gate = trace_kernel_gate,
	  .flags = CMD_NEEDS_DEVICE | CMD_WRITES },
	{ .name = "capture", .summary = "Capture the tracer into a file (owns, configures, releases)",
	  .argp = &trace_capture_argp, .check = trace_capture_check, .exec = trace_capture,
	  .gate = trace_kernel_gate,
	  .cleanup = trace_capture_cleanup, .opts_size = sizeof(struct trace_capture_opts),
	  .flags = CMD_NEEDS_DEVICE | CMD_WRITES },
	{ .name = "stop", .summary = "Stop a tracer left running and release it",
	  .argp = &trace_stop_argp, .exec = trace_stop, .gate = trace_kernel_gate,
	  .flags = CMD_NEEDS_DEVICE | CMD_WRITES },
	{ .name = "kernel", .summary = "The traces the kernel's mlx5_core prints (tracefs)",
	  .argp = &trace_kernel_argp, .exec = trace_kernel,
	  .opts_size = sizeof(struct trace_kernel_opts), .flags = CMD_NEEDS_DEVICE },
	{ .name = "strings", .summary = "Save the strings database for offline decodes",
	  .argp = &trace_strings_argp, .group = &cmd_trace_strings, .flags = CMD_NEEDS_DEVICE },
};

const struct prm_cmd cmd_trace = {
	.name = "trace",
	.summary = "The firmware tracer: decode and analyze its traces, capture them, own it",
	.verbs = verbs,
	.nverbs = sizeof(verbs) / sizeof(verbs[0]),
};
