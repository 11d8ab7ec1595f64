/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_OPS_TRACEPIPE_H
#define PRMCTL_OPS_TRACEPIPE_H

/*
 * The tracer decoder on a thread of its own: blocks, skips and the end go
 * in here in order, and the decoder's items come back on the caller's
 * thread, through the callback the decoder was made with, in the order it
 * made them. Decoding one part of a ring then overlaps printing the part
 * before it (doc/performance.md); nothing else changes: the same items, the
 * same counts, and the callback's non-zero return stops it as it stops the
 * decoder. Memory is a few batches, whatever the size of the ring.
 */

#include <stddef.h>
#include <stdint.h>

#include "lib/prm/trace.h"

struct trace_pipe;

/*
 * The callback may also run on the decoder's thread, for the batches the
 * caller is behind on, when it gives these: its output made there, held by
 * start (once, on that thread), taken after each batch (bytes valid until
 * the callback runs there again), and put in its place on the caller's
 * thread; end, when the thread leaves. Only for a callback whose one effect
 * is that output and which only reads its context.
 */
struct trace_pipe_output {
	void (*start)(void *ctx);
	const char *(*take)(void *ctx, size_t *n);
	int (*put)(void *ctx, const char *bytes, size_t n);	/* non-zero: stop */
	void (*end)(void *ctx);
};

/*
 * made_there NULL: the callback runs on the caller's thread only. NULL when
 * no thread could be had: the caller then feeds d itself.
 */
struct trace_pipe *trace_pipe_start(struct trace_dec *d, const struct trace_pipe_output *made_there);

/* As trace_dec_block, trace_dec_skip and trace_dec_finish; the returns may come a batch late. */
int trace_pipe_block(struct trace_pipe *p, const uint8_t *blk, uint64_t index, uint64_t offset);
/*
 * Blocks without a copy: trace_pipe_room() says where the next ones go and
 * how many fit (at least one); the caller reads them there and gives the
 * first n with trace_pipe_blocks(): block i is the ring's block index + i
 * (modulo wrap, when not 0) and was at offset + 256 i. Nothing else may
 * come between the two calls.
 */
uint8_t *trace_pipe_room(struct trace_pipe *p, unsigned *n);
int trace_pipe_blocks(struct trace_pipe *p, unsigned n, uint64_t index, uint64_t wrap,
		      uint64_t offset);
int trace_pipe_skip(struct trace_pipe *p, enum trace_skip reason, uint64_t index,
		    uint64_t blocks, uint64_t offset);
int trace_pipe_finish(struct trace_pipe *p);

/* Every item of what went in so far delivered (before anything else is printed). */
int trace_pipe_sync(struct trace_pipe *p);

/* Ends the thread (what it still holds is dropped) and gives d its callback back. */
void trace_pipe_stop(struct trace_pipe *p);

#endif
