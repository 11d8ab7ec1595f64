// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * The tracer decoder on arbitrary bytes. The input is a mode byte, then:
 *  mode even: trc_ver/first_string_trace/num_string_trace (3 bytes), a
 *    strings DB length (2 bytes) and the DB, then the ring: blocks fed in
 *    the scan's order, the tail as a truncated skip, an overrun skip when
 *    the mode says so;
 *  mode odd: capture metadata text and an MTRC_CAP image.
 * Every item is checked for what the API promises.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "lib/prm/trace.h"
#include "lib/prm/tracecap.h"
#include "lib/prm/tracefile.h"
#include "lib/prm/tracestat.h"

struct ctx {
	uint64_t items;
	struct tracestat *st;
};

static int check(void *p, const struct trace_item *it)
{
	struct ctx *c = p;

	c->items++;
	if (it->type > TRACE_ITEM_SKIP || it->nparams > TRACEFMT_MAX_PARAMS ||
	    (it->has_ts && it->timestamp >> TRACE_TS_BITS) || it->ts7 > 0x7f)
		abort();
	if (it->type == TRACE_ITEM_STRING) {
		if (!it->msg || it->msg_len > TRACEFMT_MSG_MAX || it->msg[it->msg_len] ||
		    it->problem >= TRACE_PROBLEM_N)
			abort();
		if (!it->has_pointer && it->problem != TRACE_PROBLEM_MISSING_POINTER)
			abort();
	}
	if (it->type == TRACE_ITEM_SKIP && it->reason >= TRACE_SKIP_N)
		abort();
	if (tracestat_add(c->st, it))
		abort();
	return 0;
}

static void ring(const uint8_t *data, size_t size, uint8_t mode)
{
	struct trace_db_section sec;
	struct trace_cfg cfg = { 0 };
	struct ctx c = { 0 };
	struct trace_ring_scan scan;
	struct trace_dec *d;
	const struct trace_counts *k;
	size_t dblen, nblocks;
	uint64_t start;
	unsigned n;

	if (size < 5)
		return;
	cfg.trc_ver = data[0] & 1;
	cfg.first_string_trace = data[1];
	cfg.num_string_trace = data[2];
	dblen = (size_t)data[3] << 8 | data[4];
	data += 5;
	size -= 5;
	if (dblen > size)
		dblen = size;
	/* a copy of exactly dblen bytes, so ASan sees any read past the section */
	uint8_t *db = malloc(dblen ? dblen : 1);

	if (!db)
		return;
	memcpy(db, data, dblen);
	sec.base = 0x1000;
	sec.data = db;
	sec.len = dblen;
	cfg.db = &sec;
	cfg.ndb = 1;
	data += dblen;
	size -= dblen;
	c.st = tracestat_new();
	d = trace_dec_new(&cfg, check, &c);
	if (!d || !c.st)
		abort();
	nblocks = size / TRACE_BLOCK_BYTES;
	trace_ring_scan_init(&scan);
	for (size_t i = 0; i < nblocks; i++)
		trace_ring_scan_add(&scan, data + i * TRACE_BLOCK_BYTES, i);
	start = nblocks ? trace_ring_scan_start(&scan) : 0;
	if (nblocks && start >= nblocks)
		abort();
	for (size_t i = 0; i < nblocks; i++) {
		size_t b = (start + i) % nblocks;

		trace_dec_block(d, data + b * TRACE_BLOCK_BYTES, b, b * TRACE_BLOCK_BYTES);
		if (mode & 2 && i == nblocks / 2)
			trace_dec_skip(d, TRACE_SKIP_OVERRUN, b, 0, 0);
	}
	if (size % TRACE_BLOCK_BYTES)
		trace_dec_skip(d, TRACE_SKIP_TRUNCATED, nblocks, 0, nblocks * TRACE_BLOCK_BYTES);
	trace_dec_finish(d);
	k = trace_dec_counts(d);
	if (k->blocks != nblocks || k->decoded > nblocks ||
	    k->strings + k->raws + k->timestamps > k->events)
		abort();
	tracestat_events(c.st, &n);
	tracestat_formats(c.st, &n);
	trace_dec_free(d);
	tracestat_free(c.st);
	free(db);
}

static void meta(const uint8_t *data, size_t size)
{
	struct tracefile_meta m;
	struct tracecap cap;
	struct prm_err err = { 0 };
	char *text = malloc(size ? size : 1);
	char out[512];

	if (!text)
		return;
	memcpy(text, data, size);
	if (tracefile_meta_parse(text, size, &m, &err) == 0) {
		size_t n = tracefile_meta_format(&m, out, sizeof(out));

		if (n >= sizeof(out) || (n && out[n]))
			abort();
	}
	tracecap_parse(data, size, &cap);
	if (cap.trc_ver > 3 || cap.num_string_db > 15)
		abort();
	free(text);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (!size)
		return 0;
	if (data[0] & 1)
		meta(data + 1, size - 1);
	else
		ring(data + 1, size - 1, data[0]);
	return 0;
}
