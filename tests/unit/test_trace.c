// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * lib/prm/trace.c, tracefile.c, tracestat.c: the pieces the model test in
 * tests/trace/ does not reach directly. Entries are bytes written by hand
 * from the layouts in tracer-atomics.md §A5 (Linux fw_tracer.h
 * mlx5_ifc_tracer_*_bits), not produced by our code.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "lib/prm/trace.h"
#include "lib/prm/tracefile.h"
#include "lib/prm/tracestat.h"

/*
 * A timestamp event: byte 0 timestamp7_0 = 0xab, byte 1 event_id = 0xff,
 * bytes 2-3 = urts (bits 15:13) and timestamp52_40 (12:0), bytes 4-7 =
 * timestamp39_8. 0x2012: urts 1, timestamp52_40 0x12.
 */
static const uint8_t ts_entry[8] = { 0xab, 0xff, 0x20, 0x12, 0x34, 0x56, 0x78, 0x9a };

static void timestamp_entry_fields(void **state)
{
	uint64_t v = trace_entry(ts_entry);

	(void)state;
	assert_true(trace_entry_is_timestamp(v));
	assert_int_equal(trace_entry_time(v), 0x123456789aabull);
	assert_int_equal((v >> 45) & 7, 1);
}

/* A block holding one string event and 30 raw ones, closed by ts_entry. */
struct got {
	struct trace_item it[64];
	char msg[64][64];
	int n;
};

static int keep(void *ctx, const struct trace_item *it)
{
	struct got *g = ctx;

	if (g->n < 64) {
		g->it[g->n] = *it;
		if (it->msg)
			snprintf(g->msg[g->n], sizeof(g->msg[0]), "%.*s", (int)it->msg_len, it->msg);
		g->n++;
	}
	return 0;
}

static void string_event_in_a_block(void **state)
{
	static const uint8_t db[] = "\0x=%u\0";
	const struct trace_db_section sec = { 0x100, db, sizeof(db) };
	const struct trace_cfg cfg = { .trc_ver = 0, .first_string_trace = 0x10,
				       .num_string_trace = 4, .db = &sec, .ndb = 1 };
	uint8_t blk[256] = { 0 };
	struct got g = { .n = 0 };
	struct trace_dec *d = trace_dec_new(&cfg, keep, &g);

	(void)state;
	/* ts7 0x2a, event 0x11, tmsn 5 (bits 47:35), tdsn 0, pointer 0x101 */
	const uint8_t ptr[8] = { 0x2a, 0x11, 0x00, 0x28, 0x00, 0x00, 0x01, 0x01 };
	/* the same message, tdsn 1, parameter 7; lost bit set */
	const uint8_t par[8] = { 0xaa, 0x11, 0x00, 0x29, 0x00, 0x00, 0x00, 0x07 };
	/* a raw event 0x05: ts7 0x2b, data 0x0000deadbeef */
	const uint8_t raw[8] = { 0x2b, 0x05, 0x00, 0x00, 0xde, 0xad, 0xbe, 0xef };

	memcpy(blk, ptr, 8);
	memcpy(blk + 8, par, 8);
	for (int i = 2; i < 31; i++)
		memcpy(blk + 8 * i, raw, 8);
	memcpy(blk + 248, ts_entry, 8);
	assert_non_null(d);
	assert_int_equal(trace_dec_block(d, blk, 0, 0), 0);
	assert_int_equal(trace_dec_finish(d), 0);
	assert_int_equal(g.n, 31);
	assert_int_equal(g.it[0].type, TRACE_ITEM_STRING);
	assert_int_equal(g.it[0].tmsn, 5);
	assert_int_equal(g.it[0].pointer, 0x101);
	assert_true(g.it[0].lost);
	assert_string_equal(g.msg[0], "x=7");
	/* T = 0x123456789aab: T[6:0] = 0x2b, so ts7 0x2a is in T's window and
	 * ts7 0x2b (equal) in the one before */
	assert_int_equal(g.it[0].timestamp, 0x123456789aaaull);
	assert_int_equal(g.it[1].type, TRACE_ITEM_RAW);
	assert_int_equal(g.it[1].data, 0xdeadbeefull);
	assert_int_equal(g.it[1].timestamp, 0x123456789a2bull);
	/* trc_ver 0: the unreliable bit is urts bit 2, clear here */
	assert_int_equal(g.it[30].type, TRACE_ITEM_TIMESTAMP);
	assert_false(g.it[30].unreliable);
	assert_int_equal(trace_dec_counts(d)->lost_events, 1);
	trace_dec_free(d);
}

/*
 * Two messages open at once whose pointers share a slot of the decoder's
 * format cache (0x100 and 0x501: (p ^ p >> 10) % 1024 is 0x100 for both):
 * the second's lookup takes the first's slot before the first has its
 * parameters, and each is still made from its own format.
 */
static void formats_sharing_a_cache_slot(void **state)
{
	static uint8_t db[0x600];
	const struct trace_db_section sec = { 0, db, sizeof(db) };
	const struct trace_cfg cfg = { .trc_ver = 1, .first_string_trace = 0x10,
				       .num_string_trace = 4, .db = &sec, .ndb = 1 };
	/* ts7, event 0x10, tmsn 1 or 2 with tdsn (bytes 2-3: tmsn << 3 | tdsn), value */
	static const uint8_t e[6][8] = {
		{ 0x01, 0x10, 0x00, 0x08, 0x00, 0x00, 0x01, 0x00 },	/* A: pointer 0x100 */
		{ 0x02, 0x10, 0x00, 0x10, 0x00, 0x00, 0x05, 0x01 },	/* B: pointer 0x501 */
		{ 0x03, 0x10, 0x00, 0x09, 0x00, 0x00, 0x00, 0x01 },	/* A's first: 1 */
		{ 0x04, 0x10, 0x00, 0x0a, 0x00, 0x00, 0x00, 0x02 },	/* A's second: 2 */
		{ 0x05, 0x10, 0x00, 0x11, 0x00, 0x00, 0x00, 0x0a },	/* B's first: 0xa */
		{ 0x06, 0x10, 0x00, 0x12, 0x00, 0x00, 0x00, 0x0b },	/* B's second: 0xb */
	};
	const uint8_t raw[8] = { 0x07, 0x05, 0x00, 0x00, 0xde, 0xad, 0xbe, 0xef };
	uint8_t blk[256] = { 0 };
	struct got g = { .n = 0 };
	struct trace_dec *d;

	(void)state;
	memcpy(db + 0x100, "A %u %u", 8);
	memcpy(db + 0x501, "B %x %x", 8);
	d = trace_dec_new(&cfg, keep, &g);
	assert_non_null(d);
	for (int i = 0; i < 6; i++)
		memcpy(blk + 8 * i, e[i], 8);
	for (int i = 6; i < 31; i++)
		memcpy(blk + 8 * i, raw, 8);
	memcpy(blk + 248, ts_entry, 8);
	assert_int_equal(trace_dec_block(d, blk, 0, 0), 0);
	assert_int_equal(trace_dec_finish(d), 0);
	assert_int_equal(g.it[0].pointer, 0x100);
	assert_string_equal(g.msg[0], "A 1 2");
	assert_int_equal(g.it[1].pointer, 0x501);
	assert_string_equal(g.msg[1], "B a b");
	trace_dec_free(d);
}

/* Entry 31 a timestamp event for time v, byte by byte as in ts_entry above. */
static void closing(uint8_t *blk, uint64_t v)
{
	blk[248] = (uint8_t)v;
	blk[249] = 0xff;
	blk[250] = (uint8_t)(v >> 48 & 0x1f);
	blk[251] = (uint8_t)(v >> 40);
	blk[252] = (uint8_t)(v >> 32);
	blk[253] = (uint8_t)(v >> 24);
	blk[254] = (uint8_t)(v >> 16);
	blk[255] = (uint8_t)(v >> 8);
}

static void ring_start_and_clock_wrap(void **state)
{
	struct trace_ring_scan s;
	uint8_t blk[256] = { 0 };
	/* closing times, by block: a ring written past its end */
	static const uint64_t t[] = { 500, 600, 100, 200, 300 };
	/* the 53-bit clock wrapped inside the ring: 2^53 - 10 is older than 5 */
	static const uint64_t w[] = { 5, (1ull << 53) - 10, (1ull << 53) - 5 };

	(void)state;
	trace_ring_scan_init(&s);
	for (int i = 0; i < 5; i++) {
		closing(blk, t[i]);
		trace_ring_scan_add(&s, blk, (uint64_t)i);
	}
	assert_int_equal(trace_ring_scan_start(&s), 2);
	trace_ring_scan_init(&s);
	for (int i = 0; i < 3; i++) {
		closing(blk, w[i]);
		trace_ring_scan_add(&s, blk, (uint64_t)i);
	}
	assert_int_equal(trace_ring_scan_start(&s), 1);
	trace_ring_scan_init(&s);
	assert_int_equal(trace_ring_scan_start(&s), 0);	/* nothing complete */
}

/* A string event's entry: event 0x11, tmsn, tdsn, and its pointer or parameter; ts7 0x2a. */
static void string_entry(uint8_t *e, unsigned tmsn, unsigned tdsn, uint32_t v)
{
	e[0] = 0x2a;
	e[1] = 0x11;
	e[2] = (uint8_t)(tmsn >> 5);
	e[3] = (uint8_t)((tmsn & 0x1f) << 3 | tdsn);
	e[4] = (uint8_t)(v >> 24);
	e[5] = (uint8_t)(v >> 16);
	e[6] = (uint8_t)(v >> 8);
	e[7] = (uint8_t)v;
}

/*
 * The state a part's decoder learns (lib/ops/traceseg): two decoders that
 * saw different pasts but hold the same open messages compare the same,
 * whatever order closing left their lists in; a message open in one only,
 * a different last block, or a pending skip makes them differ.
 */
static void decoder_states_compared(void **state)
{
	static const uint8_t db[] = "\0two %u %u\0";
	const struct trace_db_section sec = { 0x100, db, sizeof(db) };
	const struct trace_cfg cfg = { .trc_ver = 0, .first_string_trace = 0x10,
				       .num_string_trace = 4, .db = &sec, .ndb = 1 };
	const uint8_t raw[8] = { 0x2b, 0x05, 0x00, 0x00, 0xde, 0xad, 0xbe, 0xef };
	uint8_t p[256], q[256], r[256];
	struct got g = { .n = 0 };
	struct trace_dec *a = trace_dec_new(&cfg, keep, &g), *b = trace_dec_new(&cfg, keep, &g);
	struct trace_dec_state *s = trace_dec_state_new();

	(void)state;
	assert_non_null(s);
	for (int i = 0; i < 31; i++) {
		memcpy(p + 8 * i, raw, 8);
		memcpy(q + 8 * i, raw, 8);
		memcpy(r + 8 * i, raw, 8);
	}
	string_entry(p, 1, 0, 0x101);	/* P opens tmsn 1, waiting for two parameters */
	closing(p, 1000);
	string_entry(q, 2, 0, 0x101);	/* Q opens 2 and 3; 1 closes at its end */
	string_entry(q + 8, 3, 0, 0x101);
	closing(q, 2000);
	string_entry(r, 4, 1, 7);	/* R: a parameter with no message open before it */
	closing(r, 3000);
	assert_int_equal(trace_dec_block(a, p, 0, 0), 0);
	assert_int_equal(trace_dec_block(a, q, 1, 256), 0);
	assert_int_equal(trace_dec_block(b, q, 1, 256), 0);
	assert_int_equal(trace_dec_state_save(a, s), 0);
	assert_true(trace_dec_state_same(b, s));
	assert_int_equal(trace_dec_block(a, r, 2, 512), 0);
	assert_false(trace_dec_state_same(a, s));	/* R was not in the past s holds */
	trace_dec_reset(b);
	assert_int_equal(trace_dec_block(b, p, 0, 0), 0);
	assert_int_equal(trace_dec_state_save(b, s), 0);
	assert_false(trace_dec_state_same(a, s));
	/* a skip pending in one */
	trace_dec_reset(a);
	trace_dec_reset(b);
	assert_int_equal(trace_dec_block(a, q, 1, 256), 0);
	assert_int_equal(trace_dec_block(b, q, 1, 256), 0);
	assert_int_equal(trace_dec_state_save(b, s), 0);
	memset(r, 0, sizeof(r));
	assert_int_equal(trace_dec_block(a, r, 2, 512), 0);
	assert_false(trace_dec_state_same(a, s));
	trace_dec_state_free(s);
	trace_dec_free(a);
	trace_dec_free(b);
}

/*
 * A ring scanned in two parts, the second after the first, merged: the start
 * the whole scan finds, at every cut — with ties (the first block wins),
 * blocks without a closing timestamp, the clock's wrap, and empty parts.
 */
static void ring_scan_in_two_parts(void **state)
{
	static const uint64_t rings[][8] = {
		{ 500, 600, 100, 200, 100, 300, 0, 700 },	/* 0: no closing timestamp */
		{ 5, (1ull << 53) - 10, 0, (1ull << 53) - 10, (1ull << 53) - 5, 7, 0, 9 },
		{ 0, 0, 0, 0, 0, 0, 0, 0 },
		{ 900, 900, 900, 0, 800, 800, 1000, 1100 },
	};
	uint8_t blk[256] = { 0 };

	(void)state;
	for (size_t r = 0; r < sizeof(rings) / sizeof(rings[0]); r++) {
		struct trace_ring_scan whole;

		trace_ring_scan_init(&whole);
		for (unsigned i = 0; i < 8; i++) {
			memset(blk, 0, sizeof(blk));
			if (rings[r][i])
				closing(blk, rings[r][i]);
			trace_ring_scan_add(&whole, blk, i);
		}
		for (unsigned cut = 0; cut <= 8; cut++) {
			struct trace_ring_scan a, b;

			trace_ring_scan_init(&a);
			trace_ring_scan_init(&b);
			for (unsigned i = 0; i < 8; i++) {
				memset(blk, 0, sizeof(blk));
				if (rings[r][i])
					closing(blk, rings[r][i]);
				trace_ring_scan_add(i < cut ? &a : &b, blk, i);
			}
			trace_ring_scan_merge(&a, &b);
			assert_int_equal(trace_ring_scan_start(&a), trace_ring_scan_start(&whole));
			assert_int_equal(a.any, whole.any);
			assert_int_equal(a.min, whole.min);
			assert_int_equal(a.max, whole.max);
			assert_int_equal(a.min_high_index, whole.min_high_index);
		}
	}
}

static void clock_conversion_is_exact(void **state)
{
	uint64_t khz;

	(void)state;
	assert_int_equal(trace_parse_mhz("156.25", &khz), 0);
	assert_int_equal(khz, 156250);
	assert_int_equal(trace_parse_mhz("2500", &khz), 0);
	assert_int_equal(khz, 2500000);
	assert_int_equal(trace_parse_mhz("1.", &khz), 0);
	assert_int_equal(khz, 1000);
	assert_int_equal(trace_parse_mhz("0", &khz), -1);
	assert_int_equal(trace_parse_mhz("1.2345", &khz), -1);
	assert_int_equal(trace_parse_mhz("100000.001", &khz), -1);
	assert_int_equal(trace_parse_mhz("", &khz), -1);
	assert_int_equal(trace_parse_mhz("1e3", &khz), -1);
	/* above 1 GHz a tick is under a nanosecond: mstfwtrace's int(1000/MHz) is 0 */
	assert_int_equal(trace_ticks_to_ns(5, 2500000), 2);
	assert_int_equal(trace_ticks_to_ns(1, 156250), 6);
	assert_int_equal(trace_ticks_to_ns(1000000, 156250), 6400000);
	/* the largest 53-bit time does not overflow */
	assert_int_equal(trace_ticks_to_ns((1ull << 53) - 1, 1000), ((1ull << 53) - 1) * 1000);
}

static void capture_metadata(void **state)
{
	static const char good[] = "clock_khz=156250\nring_blocks=1024\nfuture_key=x\n"
				   "device=0000:03:00.0\nwall_ns=10\ndevice_ts=20\n";
	static const char bad[] = "clock_khz=12a\n";
	struct tracefile_meta m;
	struct prm_err err = { 0 };
	char out[512];

	(void)state;
	assert_int_equal(tracefile_meta_parse(good, strlen(good), &m, &err), 0);
	assert_int_equal(m.clock_khz, 156250);
	assert_int_equal(m.ring_blocks, 1024);
	assert_true(m.has_anchor);
	assert_string_equal(m.device, "0000:03:00.0");
	assert_true(tracefile_meta_format(&m, out, sizeof(out)) > 0);
	assert_non_null(strstr(out, "wall_ns=10\ndevice_ts=20\n"));
	assert_int_equal(tracefile_meta_parse(bad, strlen(bad), &m, &err), -1);
	assert_string_equal(err.msg, "capture metadata: clock_khz is not a number ('12a')");
	/* the header: magic, version 1, 16 bytes, little-endian */
	static const uint8_t hdr[16] = { 'P', 'R', 'M', 'T', 'R', 'A', 'C', 'E', 1, 0, 0, 0,
					 16, 0, 0, 0 };
	uint8_t mine[16];

	tracefile_put_header(mine);
	assert_memory_equal(mine, hdr, 16);
	assert_int_equal(tracefile_check_header(hdr, 16, &err), 0);
	assert_int_equal(tracefile_check_header(hdr, 15, &err), -1);
}

static void analysis_intervals(void **state)
{
	struct tracestat *s = tracestat_new();
	struct trace_item it = { .type = TRACE_ITEM_RAW, .has_ts = true, .event_id = 3 };
	const struct tracestat_row *r;
	unsigned n;
	int64_t avg;

	(void)state;
	for (uint64_t t = 100; t <= 400; t += 100) {
		it.timestamp = t == 400 ? 250 : t;	/* the last one out of order */
		assert_int_equal(tracestat_add(s, &it), 0);
	}
	r = tracestat_events(s, &n);
	assert_int_equal(n, 1);
	assert_int_equal(r[0].count, 4);
	assert_int_equal(r[0].imin, -50);	/* out of order shows */
	assert_int_equal(r[0].imax, 100);
	assert_true(tracestat_avg(&r[0], &avg));
	assert_int_equal(avg, 50);	/* (100 + 100 - 50) / 3 */
	tracestat_free(s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(timestamp_entry_fields),
		cmocka_unit_test(string_event_in_a_block),
		cmocka_unit_test(ring_start_and_clock_wrap),
		cmocka_unit_test(formats_sharing_a_cache_slot),
		cmocka_unit_test(ring_scan_in_two_parts),
		cmocka_unit_test(decoder_states_compared),
		cmocka_unit_test(clock_conversion_is_exact),
		cmocka_unit_test(capture_metadata),
		cmocka_unit_test(analysis_intervals),
	};

	return cmocka_run_group_tests_name("trace", tests, NULL, NULL);
}
