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
#include "lib/ops/tracepipe.h"
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
	struct out_rec_shape *shape;	/* of the events */
	uint32_t shown;		/* bit c: column c is written in this output mode */
	bool reads_msg;		/* a filter reads the message */
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
 * An event's members, in the order they are written: one shape for the three
 * kinds of event (out_rec_row() leaves out what an event does not set). The
 * time has a member per form: the text's first column (wall clock, device
 * seconds or ticks, or ?+ts7 when it could not be completed) and JSON's
 * clocks, each with its unit in its name (prmctl(8) CONVENTIONS, Keys):
 * ticks, device_ns, and on the wall clock time and time_ns.
 */
enum event_col {
	C_TYPE, C_TIME_UNKNOWN, C_TICKS, C_TS7, C_DEVICE_NS, C_WALL, C_TIME_NS, C_TIME,
	C_EVENT_ID, C_LOST, C_LOST_FLAG,
	C_TMSN, C_POINTER, C_MSG, C_PARAMS, C_PARAMS_TEXT, C_PROBLEM, C_PROBLEM_TEXT,
	C_KIND, C_DATA, C_UNRELIABLE, C_RELIABILITY, C_URTS, C_N
};

static const struct out_rec_col event_cols[C_N] = {
	[C_TYPE] = { "type", OUT_REC_NOTEXT },
	[C_TIME_UNKNOWN] = { "time", OUT_REC_NOJSON | OUT_REC_WIDTH(20) },	/* 30 on the wall clock */
	[C_TICKS] = { "ticks", OUT_REC_NOTEXT | OUT_REC_RISING },
	[C_TS7] = { "ts7", OUT_REC_NOTEXT },
	[C_DEVICE_NS] = { "device_ns", OUT_REC_NOTEXT },
	[C_WALL] = { "time", 0 },
	[C_TIME_NS] = { "time_ns", OUT_REC_NOTEXT },
	[C_TIME] = { "time", OUT_REC_NOJSON | OUT_REC_WIDTH(20) | OUT_REC_RISING },
	[C_EVENT_ID] = { "event_id", OUT_REC_HEX | OUT_REC_DIGITS(2) },
	[C_LOST] = { "lost", OUT_REC_NOTEXT },
	[C_LOST_FLAG] = { "lost_flag", OUT_REC_NOJSON },
	[C_TMSN] = { "tmsn", OUT_REC_NOTEXT },
	[C_POINTER] = { "pointer", OUT_REC_NOTEXT },
	[C_MSG] = { "msg", 0 },
	[C_PARAMS] = { "params", OUT_REC_NOTEXT },
	/* without a format to put them in, the parameters that arrived are the message */
	[C_PARAMS_TEXT] = { "params", OUT_REC_NOJSON | OUT_REC_KV },
	[C_PROBLEM] = { "problem", OUT_REC_NOTEXT },
	[C_PROBLEM_TEXT] = { "problem", OUT_REC_NOJSON | OUT_REC_KV },
	[C_KIND] = { "kind", OUT_REC_NOJSON },
	[C_DATA] = { "data", OUT_REC_HEX | OUT_REC_KV | OUT_REC_DIGITS(12) },
	[C_UNRELIABLE] = { "unreliable", OUT_REC_NOTEXT },
	[C_RELIABILITY] = { "reliability", OUT_REC_NOJSON },
	[C_URTS] = { "urts", OUT_REC_NOTEXT },
};

static struct out_rec_shape *event_shape(bool wall)
{
	struct out_rec_col cols[C_N];

	memcpy(cols, event_cols, sizeof(cols));
	if (wall)
		cols[C_TIME_UNKNOWN].flags = OUT_REC_NOJSON | OUT_REC_WIDTH(30);
	return out_rec_shape_new(cols, C_N);
}

_Static_assert(C_N <= 32, "decode_run.shown has a bit per column");

/* an event's values, in the order they are written: only those of shown columns */
struct event_row {
	struct out_rec_val v[C_N + 1];	/* a hidden one is written past the last, not counted */
	unsigned n;
	uint32_t shown;
	char time[UNITS_UTC_BYTES];	/* the text column's string */
	char params[TRACEFMT_MAX_PARAMS * 12 + 1];	/* text's params= */
};

static struct out_rec_val *add(struct event_row *row, enum event_col c, enum out_val_kind kind)
{
	struct out_rec_val *v = &row->v[row->n];

	v->col = (uint8_t)c;
	v->kind = (uint8_t)kind;
	row->n += row->shown >> c & 1;
	return v;
}

static bool shows(const struct event_row *row, enum event_col c)
{
	return row->shown >> c & 1;
}

static void add_u64(struct event_row *row, enum event_col c, uint64_t u)
{
	add(row, c, OUT_VAL_U64)->u = u;
}

static void add_bool(struct event_row *row, enum event_col c, bool b)
{
	add(row, c, OUT_VAL_BOOL)->u = b;
}

static void add_str(struct event_row *row, enum event_col c, const char *s, size_t n)
{
	struct out_rec_val *v = add(row, c, OUT_VAL_STR);

	v->s = s;
	v->n = (uint32_t)n;
}

/*
 * A string of ours (a name, a time we formatted): printable ASCII without
 * quotes or backslashes, so a short one is copied as it is (OUT_VAL_LIT).
 */
static void add_lit(struct event_row *row, enum event_col c, const char *s, size_t n)
{
	struct out_rec_val *v;

	if (n > OUT_LIT_MAX) {
		add_str(row, c, s, n);
		return;
	}
	v = add(row, c, OUT_VAL_LIT);
	v->s = s;
	v->n = (uint32_t)n;
}

static void add_cstr(struct event_row *row, enum event_col c, const char *s)
{
	if (shows(row, c))
		add_lit(row, c, s, strlen(s));
}

static void event_time(const struct decode_run *r, const struct trace_item *it,
		       struct event_row *row)
{
	if (!it->has_ts) {
		if (shows(row, C_TIME_UNKNOWN)) {
			snprintf(row->time, sizeof(row->time), "?+%u", it->ts7);
			add_cstr(row, C_TIME_UNKNOWN, row->time);
		}
		add(row, C_TICKS, OUT_VAL_NULL);
		add_u64(row, C_TS7, it->ts7);
		return;
	}
	add_u64(row, C_TICKS, it->timestamp);
	if (r->in->clock_khz && shows(row, C_DEVICE_NS))
		add_u64(row, C_DEVICE_NS, trace_ticks_to_ns(it->timestamp, r->in->clock_khz));
	if (r->wall) {
		uint64_t ns = realtime_ns(r->in, it->timestamp);

		add_cstr(row, C_WALL, units_utc_str(ns, row->time));
		add_u64(row, C_TIME_NS, ns);
	} else if (!shows(row, C_TIME)) {
		return;
	} else if (r->in->clock_khz) {
		uint64_t ns = trace_ticks_to_ns(it->timestamp, r->in->clock_khz);

		snprintf(row->time, sizeof(row->time), "%" PRIu64 ".%09" PRIu64,
			 ns / 1000000000, ns % 1000000000);
		add_cstr(row, C_TIME, row->time);
	} else {
		add_u64(row, C_TIME, it->timestamp);
	}
}

static void text_params(const struct trace_item *it, struct event_row *row)
{
	char *p = row->params;

	if (!it->nparams || !shows(row, C_PARAMS_TEXT))
		return;
	for (unsigned i = 0; i < it->nparams; i++) {
		if (it->present & 1u << i)
			p += sprintf(p, "%s0x%" PRIx32, i ? "," : "", it->params[i]);
		else
			p += sprintf(p, "%s-", i ? "," : "");
	}
	add_str(row, C_PARAMS_TEXT, row->params, (size_t)(p - row->params));
}

static size_t make_msg(char *dst, const void *it)
{
	return trace_item_render(dst, it);
}

static void string_members(const struct trace_item *it, struct event_row *row)
{
	struct out_rec_val *v;

	add_u64(row, C_TMSN, it->tmsn);
	if (it->has_pointer)
		add_u64(row, C_POINTER, it->pointer);
	else
		add(row, C_POINTER, OUT_VAL_NULL);
	if (!it->msg && it->prog) {	/* plain (decode_item): made in its record */
		v = add(row, C_MSG, OUT_VAL_MADE);
		v->n = TRACEFMT_MSG_MAX + 1;
		v->make = make_msg;
		v->arg = it;
	} else {
		add_str(row, C_MSG, it->msg, it->msg_len);
	}
	v = add(row, C_PARAMS, OUT_VAL_U32S);
	v->n = it->nparams;
	v->present = it->present;
	v->u32s = it->params;
	if (it->problem == TRACE_PROBLEM_MISSING_POINTER ||
	    it->problem == TRACE_PROBLEM_UNKNOWN_POINTER ||
	    it->problem == TRACE_PROBLEM_UNTERMINATED)
		text_params(it, row);
	if (it->problem != TRACE_PROBLEM_NONE) {
		add_cstr(row, C_PROBLEM, trace_problem_name(it->problem));
		add_cstr(row, C_PROBLEM_TEXT, trace_problem_name(it->problem));
	}
}

static void event_members(const struct decode_run *r, const struct trace_item *it,
			  struct event_row *row)
{
	add_cstr(row, C_TYPE, trace_item_type_name(it->type));
	event_time(r, it, row);
	add_u64(row, C_EVENT_ID, it->event_id);
	add_bool(row, C_LOST, it->lost);
	add_lit(row, C_LOST_FLAG, it->lost ? "L" : "-", 1);
	switch (it->type) {
	case TRACE_ITEM_STRING:
		string_members(it, row);
		break;
	case TRACE_ITEM_RAW:
		add_cstr(row, C_KIND, "raw");
		add_u64(row, C_DATA, it->data);
		break;
	case TRACE_ITEM_TIMESTAMP:
		add_cstr(row, C_KIND, "timestamp");
		add_bool(row, C_UNRELIABLE, it->unreliable);
		if (it->unreliable)
			add_cstr(row, C_RELIABILITY, "unreliable");
		add_u64(row, C_URTS, it->urts);
		break;
	case TRACE_ITEM_SKIP:
		break;
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

/*
 * The decoder leaves compiled formats' messages to be made here
 * (trace_dec_defer_render): straight into the record where they print as
 * they are (tracefmt_prog_plain), into buf first where a filter reads them
 * or they need escaping.
 */
static const struct trace_item *with_msg(const struct decode_run *r, const struct trace_item *it,
					 struct trace_item *own, char *buf)
{
	if (it->msg || !it->prog || (!r->reads_msg && tracefmt_prog_plain(it->prog)))
		return it;
	*own = *it;
	return trace_item_make_msg(own, buf);
}

static int decode_item(void *ctx, const struct trace_item *it)
{
	struct decode_run *r = ctx;
	struct event_row row;
	struct trace_item own;
	char msg[TRACEFMT_MSG_MAX + 1];
	int rc;

	it = with_msg(r, it, &own, msg);
	if (it->type == TRACE_ITEM_SKIP) {
		out_rec_begin();
		skip_members(it);
		rc = out_rec_end();
	} else if (!wanted(r, it)) {
		return 0;
	} else {
		row.n = 0;
		row.shown = r->shown;
		event_members(r, it, &row);
		rc = out_rec_row(r->shape, row.v, row.n);
	}
	return rc ? 1 : 0;
}

/*
 * decode_item writes records and only reads its run: its records may be made
 * on the decoder's thread too, and handed over as bytes (lib/ops/tracepipe.h).
 */
static void hold_records(void *ctx)
{
	(void)ctx;
	out_rec_hold();
}

static const char *take_records(void *ctx, size_t *n)
{
	(void)ctx;
	return out_rec_take(n);
}

static int put_records(void *ctx, const char *bytes, size_t n)
{
	(void)ctx;
	return out_rec_put(bytes, n) ? 1 : 0;
}

static void free_records(void *ctx)
{
	(void)ctx;
	out_rec_free();
}

static const struct trace_pipe_output records_made_there = {
	hold_records, take_records, put_records, free_records };

void trace_summary(const struct trace_counts *c, uint64_t start_block)
{
	struct trace_count list[TRACE_NCOUNTS];
	unsigned n = trace_counts_list(c, start_block, list);

	out_rec_begin();
	out_rec_str("type", "summary", OUT_REC_KV);
	for (unsigned i = 0; i < n; i++)
		out_rec_u64(list[i].name, list[i].value, OUT_REC_KV);
}

static int out_of_memory(void)
{
	struct prm_err e = { .kind = PRM_E_FAILED, .reason = "nomem", .msg = "out of memory" };

	return cmd_fail(&e);
}

int trace_open(const struct tracein_opts *io, trace_emit_fn fn, void *ctx, struct tracein *in,
	       struct trace_dec **dec)
{
	int rc = tracein_open(in, io);

	if (rc)
		return rc;
	*dec = trace_dec_new(&in->cfg, fn, ctx);
	return *dec ? 0 : out_of_memory();
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
	for (unsigned i = 0; i < o->nfilters; i++)
		r.reads_msg |= o->filters[i].kind == F_MSG;
	rc = trace_open(&o->in, decode_item, &r, &in, &d);
	if (rc == 0)
		trace_dec_defer_render(d, true);	/* decode_item makes the messages */
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
	if (rc == 0 && !(r.shape = event_shape(r.wall)))
		rc = out_of_memory();
	for (unsigned c = 0; rc == 0 && c < C_N; c++)
		r.shown |= (uint32_t)out_rec_shown(r.shape, c) << c;
	if (rc == 0) {
		r.hide_ts = !out_json() && !o->timestamps && !asks_timestamps(o);
		text_header(&r);
		if (fflush(stdout))
			rc = EXIT_FAIL;
		out_rec_batch(true);
		in.made_there = &records_made_there;
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
	out_rec_shape_free(r.shape);
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
