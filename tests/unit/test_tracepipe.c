// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * lib/ops/tracepipe: the decoder on its own thread gives the same items in
 * the same order, the same counts, and stops where the callback says, as
 * the decoder fed directly — over a ring with every kind of entry, messages
 * whose parameters span blocks, torn blocks and skips.
 */
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "lib/ops/tracepipe.h"
#include "lib/prm/trace.h"
#include "tests/unit/tracegen.h"

#define NBLOCKS 3000

static uint8_t ring[NBLOCKS][TRACE_BLOCK_BYTES];

static void make_ring(void)
{
	tg_make_ring(ring, NBLOCKS, 0x9e3779b97f4a7c15ull, (struct tg_shape){ 0 });
}

struct log {
	FILE *f;
	char *buf;
	size_t len;
	unsigned n, stop_after;
};

static int record(void *ctx, const struct trace_item *it)
{
	struct log *l = ctx;

	tg_line(l->f, it);
	return ++l->n == l->stop_after;
}

/* The whole ring, through a pipe or not; a skip op in the middle; the counts appended. */
static void feed(bool piped, struct log *l, int *rc_out)
{
	struct trace_dec *d = trace_dec_new(&tg_cfg, record, l);
	struct trace_pipe *p;
	int rc = 0;

	assert_non_null(d);
	l->f = open_memstream(&l->buf, &l->len);
	p = piped ? trace_pipe_start(d, NULL) : NULL;
	assert_true(!piped || p);
	for (uint64_t b = 0; b < NBLOCKS && !rc; b++) {
		rc = p ? trace_pipe_block(p, ring[b], b, b * TRACE_BLOCK_BYTES) :
			 trace_dec_block(d, ring[b], b, b * TRACE_BLOCK_BYTES);
		if (!rc && b == NBLOCKS / 2)
			rc = p ? trace_pipe_skip(p, TRACE_SKIP_OVERRUN, b + 1, 5, 0) :
				 trace_dec_skip(d, TRACE_SKIP_OVERRUN, b + 1, 5, 0);
	}
	if (!rc)
		rc = p ? trace_pipe_finish(p) : trace_dec_finish(d);
	if (p)
		trace_pipe_sync(p);
	trace_pipe_stop(p);
	if (!l->stop_after) {
		const struct trace_counts *c = trace_dec_counts(d);

		fprintf(l->f, "counts %llu %llu %llu %llu %llu %llu\n",
			(unsigned long long)c->decoded, (unsigned long long)c->events,
			(unsigned long long)c->strings, (unsigned long long)c->raws,
			(unsigned long long)c->uncompleted, (unsigned long long)c->duplicate_params);
	}
	fclose(l->f);
	trace_dec_free(d);
	*rc_out = rc;
}

static void same_items_as_direct(void **state)
{
	struct log a = { 0 }, b = { 0 };
	int ra, rb;

	(void)state;
	make_ring();
	feed(false, &a, &ra);
	feed(true, &b, &rb);
	assert_int_equal(ra, 0);
	assert_int_equal(rb, 0);
	assert_true(a.n > 10 * NBLOCKS);	/* the ring decodes: not a vacuous equality */
	assert_int_equal(a.n, b.n);
	assert_int_equal(a.len, b.len);
	assert_memory_equal(a.buf, b.buf, a.len);
	free(a.buf);
	free(b.buf);
}

/* The callback's stop ends both alike: the same first items, nothing after. */
static void stops_where_the_callback_says(void **state)
{
	/* a batch's size (lib/ops/tracepipe.c BATCH_ITEMS 256) and either side of it */
	const unsigned at[] = { 1, 255, 256, 257, 1024, 30000 };

	(void)state;
	make_ring();
	for (size_t k = 0; k < sizeof(at) / sizeof(at[0]); k++) {
		struct log a = { .stop_after = at[k] }, b = { .stop_after = at[k] };
		int ra, rb;

		feed(false, &a, &ra);
		feed(true, &b, &rb);
		assert_int_equal(a.n, at[k]);
		assert_int_equal(b.n, at[k]);
		assert_int_not_equal(ra, 0);
		assert_int_not_equal(rb, 0);
		assert_int_equal(a.len, b.len);
		assert_memory_equal(a.buf, b.buf, a.len);
		free(a.buf);
		free(b.buf);
	}
}

/* A direct decoder and a piped one, each logging to memory, for a test to feed alike. */
struct pair {
	struct log a, b;
	struct trace_dec *da, *db;
	struct trace_pipe *p;
};

static void pair_start(struct pair *x)
{
	memset(x, 0, sizeof(*x));
	make_ring();
	x->a.f = open_memstream(&x->a.buf, &x->a.len);
	x->b.f = open_memstream(&x->b.buf, &x->b.len);
	x->da = trace_dec_new(&tg_cfg, record, &x->a);
	x->db = trace_dec_new(&tg_cfg, record, &x->b);
	x->p = trace_pipe_start(x->db, NULL);
	assert_non_null(x->p);
}

/* Stops the pipe (what it still holds is dropped); the two logs are the same. */
static void pair_end_same(struct pair *x)
{
	trace_pipe_stop(x->p);
	fclose(x->a.f);
	fclose(x->b.f);
	assert_int_equal(x->a.n, x->b.n);
	assert_int_equal(x->a.len, x->b.len);
	assert_memory_equal(x->a.buf, x->b.buf, x->a.len);
	trace_dec_free(x->da);
	trace_dec_free(x->db);
	free(x->a.buf);
	free(x->b.buf);
}

/* A sync delivers everything of the blocks given so far, as the direct decoder has by then. */
static void sync_delivers_what_went_in(void **state)
{
	struct pair x;

	(void)state;
	pair_start(&x);
	for (uint64_t blk = 0; blk < 777; blk++) {
		assert_int_equal(trace_dec_block(x.da, ring[blk], blk, 0), 0);
		assert_int_equal(trace_pipe_block(x.p, ring[blk], blk, 0), 0);
	}
	assert_int_equal(trace_pipe_sync(x.p), 0);
	assert_true(x.a.n > 0);
	assert_int_equal(x.a.n, x.b.n);
	/* stopping with items still pending in the decoder drops nothing delivered */
	pair_end_same(&x);
}

/*
 * Blocks given in place (trace_pipe_room, trace_pipe_blocks) in runs of
 * uneven lengths, cut where the room ends, their index wrapping as a
 * capture's does: each block reaches the decoder with the index and offset
 * the direct decoder is given.
 */
static void blocks_in_place_keep_index_and_offset(void **state)
{
	const uint64_t wrap = 1000, first = 990, off = 4096;
	struct pair x;
	uint64_t s = 7;

	(void)state;
	pair_start(&x);
	for (uint64_t blk = 0; blk < NBLOCKS;) {
		unsigned room, n = 1 + (unsigned)(tg_rnd(&s) % 300);
		uint8_t *to = trace_pipe_room(x.p, &room);

		assert_true(room >= 1);
		n = n < room ? n : room;
		n = n < NBLOCKS - blk ? n : (unsigned)(NBLOCKS - blk);
		for (unsigned i = 0; i < n; i++) {
			memcpy(to + i * TRACE_BLOCK_BYTES, ring[blk + i], TRACE_BLOCK_BYTES);
			assert_int_equal(trace_dec_block(x.da, ring[blk + i], (first + blk + i) % wrap,
							 off + (blk + i) * TRACE_BLOCK_BYTES), 0);
		}
		assert_int_equal(trace_pipe_blocks(x.p, n, first + blk, wrap,
						   off + blk * TRACE_BLOCK_BYTES), 0);
		blk += n;
	}
	assert_int_equal(trace_dec_finish(x.da), 0);
	assert_int_equal(trace_pipe_finish(x.p), 0);
	assert_true(x.a.n > 10 * NBLOCKS);
	pair_end_same(&x);
}

/*
 * Output made on either thread (trace_pipe_output): the callback writes a
 * line per item into its thread's own buffer; the decoder's thread hands
 * its lines over a batch at a time. A caller slowed down on purpose makes
 * the thread take batches, and the lines still come out in the order and
 * with the bytes of the direct decoder's.
 */
static __thread char *tl_buf;
static __thread size_t tl_len, tl_cap;
static __thread bool on_decoder_thread;
static unsigned taken_batches;

static void tl_add(const char *b, size_t n)
{
	if (tl_len + n > tl_cap) {
		tl_cap = 2 * (tl_len + n) + 4096;
		tl_buf = realloc(tl_buf, tl_cap);
		assert_non_null(tl_buf);
	}
	memcpy(tl_buf + tl_len, b, n);
	tl_len += n;
}

static int line(void *ctx, const struct trace_item *it)
{
	char l[1024];
	/* some lines long: a batch of them outgrows the items' room (the heap then) */
	int n = snprintf(l, sizeof(l), "%d %llx %u %u [%.*s] %llu%*s\n", it->type,
			 (unsigned long long)it->timestamp, it->event_id, it->nparams,
			 it->msg ? (int)it->msg_len : 4, it->msg ? it->msg : "null",
			 (unsigned long long)it->block, it->timestamp % 64 < 40 ? 700 : 0, "");

	(void)ctx;
	tl_add(l, (size_t)n);
	if (!on_decoder_thread)	/* slow now and then, so the thread gets ahead */
		for (volatile unsigned i = 0; i < (it->event_id == 0x11 ? 3000u : 0u); i++)
			;
	return 0;
}

static void tl_start(void *ctx)
{
	(void)ctx;
	on_decoder_thread = true;
}

static const char *tl_take(void *ctx, size_t *n)
{
	(void)ctx;
	*n = tl_len;
	tl_len = 0;
	taken_batches += *n > 0;
	return tl_buf;
}

static int tl_put(void *ctx, const char *bytes, size_t n)
{
	(void)ctx;
	tl_add(bytes, n);
	return 0;
}

static void tl_end(void *ctx)
{
	(void)ctx;
	free(tl_buf);
	tl_buf = NULL;
	tl_len = tl_cap = 0;
}

static void output_made_on_either_thread(void **state)
{
	static const struct trace_pipe_output hooks = { tl_start, tl_take, tl_put, tl_end };
	struct trace_dec *d;
	struct trace_pipe *p;
	char *direct;
	size_t direct_len;

	(void)state;
	make_ring();
	d = trace_dec_new(&tg_cfg, line, NULL);
	for (uint64_t b = 0; b < NBLOCKS; b++)
		assert_int_equal(trace_dec_block(d, ring[b], b, 0), 0);
	assert_int_equal(trace_dec_finish(d), 0);
	trace_dec_free(d);
	direct = tl_buf;
	direct_len = tl_len;
	tl_buf = NULL;
	tl_len = tl_cap = 0;

	taken_batches = 0;
	d = trace_dec_new(&tg_cfg, line, NULL);
	p = trace_pipe_start(d, &hooks);
	assert_non_null(p);
	for (uint64_t b = 0; b < NBLOCKS; b++)
		assert_int_equal(trace_pipe_block(p, ring[b], b, 0), 0);
	assert_int_equal(trace_pipe_finish(p), 0);
	trace_pipe_stop(p);
	trace_dec_free(d);
	assert_true(taken_batches > 0);	/* the thread made some: not a vacuous equality */
	assert_true(direct_len > 100000);
	assert_int_equal(tl_len, direct_len);
	assert_memory_equal(tl_buf, direct, direct_len);
	free(direct);
	tl_end(NULL);
}

/* The sanitizers' allocator returns NULL for an impossible size, as the C library's does. */
const char *__asan_default_options(void);
const char *__asan_default_options(void)
{
	return "allocator_may_return_null=1";
}

/* Records made there that find no memory to be kept in: the run fails, not a silent hole. */
static unsigned huge_takes;

static const char *tl_take_huge(void *ctx, size_t *n)
{
	tl_take(ctx, n);
	*n = SIZE_MAX / 2;	/* more than any realloc gives */
	huge_takes++;
	return tl_buf;
}

static void made_output_without_memory_fails(void **state)
{
	static const struct trace_pipe_output hooks = { tl_start, tl_take_huge, tl_put, tl_end };
	struct trace_dec *d;
	struct trace_pipe *p;
	int rc = 0;

	(void)state;
	make_ring();
	huge_takes = 0;
	d = trace_dec_new(&tg_cfg, line, NULL);
	p = trace_pipe_start(d, &hooks);
	assert_non_null(p);
	for (uint64_t b = 0; b < NBLOCKS && !rc; b++)
		rc = trace_pipe_block(p, ring[b], b, 0);
	if (!rc)
		rc = trace_pipe_finish(p);
	trace_pipe_stop(p);
	trace_dec_free(d);
	tl_end(NULL);
	assert_true(huge_takes > 0);	/* the thread made a batch (the caller is slowed) */
	assert_int_not_equal(rc, 0);
}

/* A call runs on the decoder's thread, done by the next sync, after what went in before it. */
int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(same_items_as_direct),
		cmocka_unit_test(stops_where_the_callback_says),
		cmocka_unit_test(sync_delivers_what_went_in),
		cmocka_unit_test(blocks_in_place_keep_index_and_offset),
		cmocka_unit_test(output_made_on_either_thread),
		cmocka_unit_test(made_output_without_memory_fails),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
