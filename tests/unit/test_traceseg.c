// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * lib/ops/traceseg: a ring decoded in parts on two threads gives the bytes
 * and the counts one decoder fed every block in the same order gives —
 * from any start, with a cut last block, with a skip far longer than a
 * part's warm-up (the parts' states then differ and one thread goes on
 * alone) — stops where the output says, and after a failed read gives out
 * only what came before it.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "lib/ops/traceseg.h"
#include "lib/prm/trace.h"
#include "tests/unit/tracegen.h"

#define NBLOCKS 5000
#define CUT_BYTES 100	/* a ring of NBLOCKS blocks and this much of one more */

static uint8_t ring[NBLOCKS][TRACE_BLOCK_BYTES];

static void make_ring(uint64_t seed, struct tg_shape sh)
{
	tg_make_ring(ring, NBLOCKS, seed, sh);
}

/* Each thread makes its lines in a buffer of its own, as the records of prmctl do. */
static _Thread_local FILE *mine;
static _Thread_local char *mine_buf;
static _Thread_local size_t mine_len;

struct run {
	FILE *out;		/* what went out, in order */
	char *buf;
	size_t len;
	unsigned lines, stop_after;	/* 0: never */
	uint64_t fail_at;		/* a read of this block fails; UINT64_MAX: none */
	uint64_t nblocks, start;
	bool cut;			/* a cut block after the last */
};

static int record(void *ctx, const struct trace_item *it)
{
	(void)ctx;
	tg_line(mine, it);
	return 0;
}

static void start_lines(void *ctx)
{
	(void)ctx;
	mine = open_memstream(&mine_buf, &mine_len);
	assert_non_null(mine);
}

static const char *take_lines(void *ctx, size_t *n)
{
	(void)ctx;
	fflush(mine);
	*n = mine_len;
	rewind(mine);	/* the next lines overwrite these, once put */
	return mine_buf;
}

static int put_lines(void *ctx, const char *bytes, size_t n)
{
	struct run *r = ctx;

	for (size_t i = 0; i < n; i++) {
		fputc(bytes[i], r->out);
		if (bytes[i] == '\n' && ++r->lines == r->stop_after)
			return 7;
	}
	return 0;
}

static void end_lines(void *ctx)
{
	(void)ctx;
	fclose(mine);
	free(mine_buf);
}

static const struct trace_pipe_output lines_out = { start_lines, take_lines, put_lines,
						    end_lines };

static int read_ring(void *ctx, uint8_t *buf, uint64_t index, unsigned n)
{
	struct run *r = ctx;

	if (r->fail_at >= index && r->fail_at < index + n) {
		errno = EIO;
		return -1;
	}
	memcpy(buf, ring[index], (size_t)n * TRACE_BLOCK_BYTES);
	return 0;
}

static int ring_end(void *ctx, struct trace_dec *d)
{
	struct run *r = ctx;

	if (r->cut && trace_dec_skip(d, TRACE_SKIP_TRUNCATED, r->nblocks, 0,
				     r->nblocks * TRACE_BLOCK_BYTES))
		return -1;
	return trace_dec_finish(d);
}

static void counts_line(FILE *f, const struct trace_counts *c)
{
	const uint64_t *v = (const uint64_t *)c;

	for (size_t i = 0; i < sizeof(*c) / sizeof(uint64_t); i++)
		fprintf(f, "%llu ", (unsigned long long)v[i]);
	fputc('\n', f);
}

/* One decoder, every block in order, lines made and put as they come. */
static void direct(struct run *r)
{
	struct trace_dec *d = trace_dec_new(&tg_cfg, record, r);
	int rc = 0;

	assert_non_null(d);
	r->out = open_memstream(&r->buf, &r->len);
	start_lines(r);
	for (uint64_t i = 0; i < r->nblocks && !rc; i++) {
		uint64_t b = (r->start + i) % r->nblocks;
		size_t n;
		const char *bytes;

		rc = trace_dec_block(d, ring[b], b, b * TRACE_BLOCK_BYTES);
		bytes = take_lines(r, &n);
		put_lines(r, bytes, n);
	}
	if (!rc) {
		size_t n;
		const char *bytes;

		ring_end(r, d);
		bytes = take_lines(r, &n);
		put_lines(r, bytes, n);
	}
	end_lines(r);
	counts_line(r->out, trace_dec_counts(d));
	fclose(r->out);
	trace_dec_free(d);
}

static int in_parts(struct run *r, struct trace_seg_result *f, bool counts)
{
	struct trace_dec *d = trace_dec_new(&tg_cfg, record, r);
	const struct trace_seg_input in = { .nblocks = r->nblocks, .start = r->start,
					    .read = read_ring, .end = ring_end, .ctx = r };
	int rc;

	assert_non_null(d);
	r->out = open_memstream(&r->buf, &r->len);
	rc = trace_seg_run(d, &lines_out, &in, f);
	if (counts)
		counts_line(r->out, trace_dec_counts(d));
	fclose(r->out);
	trace_dec_free(d);
	return rc;
}

/* Returns the part from which one thread went on alone (the parts: none did). */
static uint64_t same_as_direct(uint64_t seed, struct tg_shape sh, uint64_t start, bool cut)
{
	struct run a = { .fail_at = UINT64_MAX, .nblocks = NBLOCKS, .start = start, .cut = cut };
	struct run b = a;
	struct trace_seg_result f;

	make_ring(seed, sh);
	direct(&a);
	assert_int_equal(in_parts(&b, &f, true), 0);
	assert_false(f.failed);
	assert_true(a.len > 100000);
	assert_int_equal(b.len, a.len);
	assert_memory_equal(b.buf, a.buf, a.len);
	free(a.buf);
	free(b.buf);
	assert_int_equal(f.parts, (NBLOCKS + 255) / 256);
	return f.alone_from;
}

static const struct tg_shape plain;

/* Each part on its own decoder, all the way: the parallel path itself. */
static void same_bytes_and_counts(void **state)
{
	(void)state;
	assert_int_equal(same_as_direct(0x9e3779b97f4a7c15ull, plain, 0, false),
			 (NBLOCKS + 255) / 256);
	assert_int_equal(same_as_direct(0x31415926, (struct tg_shape){ 1000, 1300, 0, 0 }, 0, true),
			 (NBLOCKS + 255) / 256);
}

/* Past the wrap every block is older than the last accepted: stale, one long skip. */
static void same_from_any_start_with_a_cut_block(void **state)
{
	(void)state;
	assert_true(same_as_direct(0x1234567, plain, 1234, true) < (NBLOCKS + 255) / 256);
	same_as_direct(0x7654321, plain, NBLOCKS - 3, true);
}

/* A skip begun long before a part's first block: its warm-up cannot learn that. */
static void same_when_a_skip_spans_parts(void **state)
{
	(void)state;
	assert_int_equal(same_as_direct(0xabcdef, (struct tg_shape){ 0, 0, 700, 1100 }, 0, false),
			 3);
}

static void stops_where_put_says(void **state)
{
	struct run a = { .fail_at = UINT64_MAX, .nblocks = NBLOCKS };
	struct run b = a;
	struct trace_seg_result f;
	unsigned total;

	(void)state;
	make_ring(0x5555, plain);
	direct(&a);
	total = 0;
	for (size_t i = 0; i < a.len; i++)
		total += a.buf[i] == '\n';
	b.stop_after = total / 3;
	assert_int_equal(in_parts(&b, &f, false), 7);
	/* what went out is the direct run's beginning, and at least up to the stop */
	assert_true(b.len <= a.len);
	assert_memory_equal(b.buf, a.buf, b.len);
	assert_true(b.lines >= b.stop_after);
	free(a.buf);
	free(b.buf);
}

/* The bytes one decoder makes of the blocks before limit (none of the end's). */
static size_t direct_before(uint64_t limit)
{
	struct run r = { .fail_at = UINT64_MAX, .nblocks = limit };
	size_t len;

	r.cut = false;
	direct(&r);
	len = r.len;
	free(r.buf);
	return len;
}

static void a_failed_read_gives_out_what_came_before(void **state)
{
	struct run a = { .fail_at = UINT64_MAX, .nblocks = NBLOCKS };
	struct run b = a;
	struct trace_seg_result f;

	(void)state;
	make_ring(0x777, plain);
	direct(&a);
	b.fail_at = 3000;
	assert_int_equal(in_parts(&b, &f, false), 0);
	assert_true(f.failed);
	assert_true(f.index <= 3000 && f.index + 256 > 3000);
	assert_int_equal(f.err, EIO);
	assert_memory_equal(b.buf, a.buf, b.len);
	/* the parts before the failed one went out, nothing of the blocks from it on */
	assert_true(b.len >= direct_before(2000));
	assert_true(b.len <= direct_before(3000));
	free(a.buf);
	free(b.buf);
}

static void a_small_ring_is_left_to_the_caller(void **state)
{
	struct run b = { .fail_at = UINT64_MAX, .nblocks = TRACE_SEG_MIN_BLOCKS - 1 };
	struct trace_seg_result f;

	(void)state;
	make_ring(0x999, plain);
	assert_int_equal(in_parts(&b, &f, false), 1);
	assert_int_equal(b.len, 0);
	free(b.buf);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(same_bytes_and_counts),
		cmocka_unit_test(same_from_any_start_with_a_cut_block),
		cmocka_unit_test(same_when_a_skip_spans_parts),
		cmocka_unit_test(stops_where_put_says),
		cmocka_unit_test(a_failed_read_gives_out_what_came_before),
		cmocka_unit_test(a_small_ring_is_left_to_the_caller),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
