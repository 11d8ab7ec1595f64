/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_OPS_TRACESEG_H
#define PRMCTL_OPS_TRACESEG_H

/*
 * A raw ring decoded in parts on two threads, each part by a decoder of
 * its own, its records made there and written in the ring's order: the
 * same bytes as one decoder fed every block (doc/performance.md).
 *
 * A part's decoder starts a few blocks before the part to learn the state
 * there, and goes on past the part's end until the items it started are out
 * (trace_dec_own). The thread that decoded the part before checks, at the
 * part's first block, that its own state is the same as that one learnt
 * (trace_dec_state_same): the part's items are then the ones a single
 * decoder makes. Where it is not (a message or a timestamp waiting across
 * the warm-up), that thread goes on alone with the true state to the end.
 */

#include <stdbool.h>
#include <stdint.h>

#include "lib/ops/tracepipe.h"
#include "lib/prm/trace.h"

struct trace_seg_input {
	uint64_t nblocks;	/* of the ring */
	uint64_t start;		/* the block decoded first; the order wraps at nblocks */
	/* blocks [index, index + n) of the ring into buf: 0, or -1 with errno (0: it came short) */
	int (*read)(void *ctx, uint8_t *buf, uint64_t index, unsigned n);
	/* after the ring's last block, on a decoder owning it: the rest (a cut block), and finish */
	int (*end)(void *ctx, struct trace_dec *d);
	/* the blocks whose items are out so far, on the caller's thread; may be NULL */
	void (*progress)(void *ctx, uint64_t blocks);
	void *ctx;
};

/* How it went: a read that failed (the items of the blocks before it went out); the parts. */
struct trace_seg_result {
	bool failed;
	uint64_t index;		/* the first block of the read that failed */
	int err;		/* 0: the file came short */
	uint64_t parts;
	uint64_t alone_from;	/* the part from which one thread went on alone; parts: none */
};

/* Rings this small are not worth a second thread. */
#define TRACE_SEG_MIN_BLOCKS 1024

/*
 * Decodes the ring with d's configuration and callback (which must only
 * make output through out: trace_pipe_output's contract) and adds its counts
 * to d's. Returns 0; a non-zero return of the decoder or of out->put (the
 * run stopped); 1 when it could not start (no threads or memory, a ring
 * under TRACE_SEG_MIN_BLOCKS, one CPU): nothing was decoded, feed d yourself.
 */
int trace_seg_run(struct trace_dec *d, const struct trace_pipe_output *out,
		  const struct trace_seg_input *in, struct trace_seg_result *f);

#endif
