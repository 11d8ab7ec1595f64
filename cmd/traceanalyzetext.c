// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * prmctl trace analyze for people: the same figures as the JSON document,
 * cut to what fits 120 columns. Times in seconds when the clock is known,
 * shares in percent, and --top rows in every table, the busiest first;
 * JSON keeps every row and the raw ticks for scripts.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/trace.h"
#include "lib/out/out.h"
#include "lib/prm/tracestat.h"

/*
 * The longest format shown: what 120 columns leave beside the other
 * columns at their widest (ten-digit counts, thirteen-character times).
 */
#define FORMATS_FMT_MAX 56
#define TOP_FMT_MAX 80

/* Seconds with the precision the column needs: the clock's ns are exact. */
static void put_secs(const char *key, uint64_t ticks, uint64_t khz, unsigned decimals)
{
	uint64_t ns = trace_ticks_to_ns(ticks, khz), div = 1;

	for (unsigned i = decimals; i < 9; i++)
		div *= 10;
	out_strf(key, "%" PRIu64 ".%0*" PRIu64, ns / 1000000000, (int)decimals,
		 ns % 1000000000 / div);
}

/* An interval: seconds (or ticks), a '-' first when events came out of order. */
static void put_gap(const char *key, int64_t v, uint64_t khz)
{
	uint64_t a = v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v, ns;

	if (!khz) {
		out_s64(key, v);
		return;
	}
	ns = trace_ticks_to_ns(a, khz);
	out_strf(key, "%s%" PRIu64 ".%09" PRIu64, v < 0 ? "-" : "", ns / 1000000000,
		 ns % 1000000000);
}

static void put_share(uint64_t part, uint64_t whole)
{
	out_strf("share", "%.1f%%", whole ? 100.0 * (double)part / (double)whole : 0.0);
}

/* A format cut to max bytes, on a UTF-8 character boundary, marked with "...". */
static void put_format(const struct tracestat_row *r, size_t max)
{
	char buf[256];
	size_t n;

	if (!r->fmt) {
		out_strf("format", "<%s>", trace_problem_name(r->problem));
		return;
	}
	n = strlen(r->fmt);
	if (n <= max) {
		out_str("format", r->fmt);
		return;
	}
	n = max - 3;
	while (n && ((unsigned char)r->fmt[n] & 0xc0) == 0x80)
		n--;
	snprintf(buf, sizeof(buf), "%.*s...", (int)n, r->fmt);
	out_str("format", buf);
}

static int by_count(const void *a, const void *b)
{
	const struct tracestat_row *x = *(const struct tracestat_row *const *)a;
	const struct tracestat_row *y = *(const struct tracestat_row *const *)b;

	if (x->count != y->count)
		return x->count < y->count ? 1 : -1;
	return (x->event_id > y->event_id) - (x->event_id < y->event_id);
}

static void more(unsigned shown, unsigned n, const char *what)
{
	if (shown < n)
		out_note("(%u more %s; --top %u shows them all)", n - shown, what, n);
}

static void event_ids(const struct tracestat_row *ev, unsigned nev, uint64_t khz,
		      uint64_t top)
{
	const struct tracestat_row **order = calloc(nev ? nev : 1, sizeof(*order));
	uint64_t all = 0;
	unsigned shown = 0;

	if (!order)
		return;
	for (unsigned i = 0; i < nev; i++) {
		order[i] = &ev[i];
		all += ev[i].count;
	}
	qsort(order, nev, sizeof(*order), by_count);
	out_table_begin("event_ids");
	for (; shown < nev && shown < top; shown++) {
		const struct tracestat_row *r = order[shown];
		int64_t avg;

		out_obj_begin(NULL);
		out_hex_width("event_id", r->event_id, 8);
		out_str("type", trace_item_type_name(r->type));
		out_u64("count", r->count);
		put_share(r->count, all);
		out_u64("lost", r->lost);
		if (!r->timed) {
			out_str(khz ? "first_s" : "first", NULL);
			out_str(khz ? "last_s" : "last", NULL);
		} else if (khz) {
			put_secs("first_s", r->first, khz, 6);
			put_secs("last_s", r->last, khz, 6);
		} else {
			out_u64("first", r->first);
			out_u64("last", r->last);
		}
		if (tracestat_avg(r, &avg)) {
			put_gap(khz ? "gap_min_s" : "gap_min", r->imin, khz);
			put_gap(khz ? "gap_avg_s" : "gap_avg", avg, khz);
			put_gap(khz ? "gap_max_s" : "gap_max", r->imax, khz);
		} else {
			out_str(khz ? "gap_min_s" : "gap_min", NULL);
			out_str(khz ? "gap_avg_s" : "gap_avg", NULL);
			out_str(khz ? "gap_max_s" : "gap_max", NULL);
		}
		out_obj_end();
	}
	out_table_end();
	more(shown, nev, "event ids");
	free(order);
}

static void formats(const struct tracestat_row *fm, unsigned nfmt, uint64_t strings,
		    uint64_t khz, uint64_t top)
{
	unsigned shown = 0;

	out_table_begin("formats");
	for (; shown < nfmt && shown < top; shown++) {
		const struct tracestat_row *r = &fm[shown];
		int64_t avg;

		out_obj_begin(NULL);
		if (r->has_pointer)
			out_hex_width("pointer", r->pointer, 32);
		else
			out_str("pointer", NULL);
		out_u64("count", r->count);
		put_share(r->count, strings);
		out_u64("lost", r->lost);
		if (tracestat_avg(r, &avg))
			put_gap(khz ? "gap_avg_s" : "gap_avg", avg, khz);
		else
			out_str(khz ? "gap_avg_s" : "gap_avg", NULL);
		put_format(r, FORMATS_FMT_MAX);
		out_obj_end();
	}
	out_table_end();
	more(shown, nfmt, "formats");
}

void trace_analyze_text(struct tracestat *st, uint64_t khz, uint64_t top)
{
	unsigned nev, nfmt;
	const struct tracestat_row *ev = tracestat_events(st, &nev);
	const struct tracestat_row *fm = tracestat_formats(st, &nfmt);
	uint64_t strings = 0;

	for (unsigned i = 0; fm && i < nfmt; i++)
		strings += fm[i].count;
	if (!khz)
		out_note("(times in device ticks: --clock-mhz gives seconds)");
	event_ids(ev, ev ? nev : 0, khz, top);
	formats(fm, fm ? nfmt : 0, strings, khz, top);
	out_table_begin("top");
	for (unsigned i = 0; fm && i < nfmt && i < top; i++) {
		out_obj_begin(NULL);
		out_u64("rank", i + 1);
		out_u64("count", fm[i].count);
		put_share(fm[i].count, strings);
		if (fm[i].has_pointer)
			out_hex_width("pointer", fm[i].pointer, 32);
		else
			out_str("pointer", NULL);
		put_format(&fm[i], TOP_FMT_MAX);
		out_obj_end();
	}
	out_table_end();
}
