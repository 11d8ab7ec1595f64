/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_TESTS_TRACEGEN_H
#define PRMCTL_TESTS_TRACEGEN_H

/*
 * Test-only tracer rings with every kind of entry — messages whose
 * parameters span blocks, unreliable timestamps, raw events, lost flags —
 * and now and then a block torn or a copy of the one before; and one line
 * per decoded item holding all it says, for comparing two decodes byte for
 * byte. Shared by test_tracepipe.c and test_traceseg.c.
 */

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "lib/prm/trace.h"

static const uint8_t tg_db[] = "\0a=%u b=%x\0three %d %d %d\0none\0wide %llx\0";
static const struct trace_db_section tg_sec = { 0x100, tg_db, sizeof(tg_db) };
static const struct trace_cfg tg_cfg = { .trc_ver = 1, .first_string_trace = 0x10,
					 .num_string_trace = 4, .db = &tg_sec, .ndb = 1 };

/* Regions of a ring: blocks with no reliable timestamp, blocks never written. */
struct tg_shape {
	unsigned wait_from, wait_to;
	unsigned zero_from, zero_to;
};

static inline uint64_t tg_rnd(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return *s;
}

static inline void tg_put(uint8_t *p, uint64_t v)
{
	for (int i = 0; i < 8; i++)
		p[i] = (uint8_t)(v >> (56 - 8 * i));
}

/* A timestamp entry for time t (bits 52:40 in 44:32, 39:8 in 31:0, 6:0 in ts7), urts u. */
static inline uint64_t tg_ts_entry(uint64_t t, unsigned urts)
{
	return (t & 0x7f) << 56 | 0xffull << 48 | (uint64_t)urts << 45 |
	       (t >> 40 & 0x1fff) << 32 | (t >> 8 & 0xffffffff);
}

static inline void tg_make_ring(uint8_t (*ring)[TRACE_BLOCK_BYTES], unsigned nblocks,
				uint64_t seed, struct tg_shape sh)
{
	static const uint32_t fmts[] = { 0x101, 0x10b, 0x119, 0x11e, 0x500 /* unknown */ };
	uint64_t s = seed, t = 0x1000000;

	for (unsigned b = 0; b < nblocks; b++) {
		uint8_t *blk = ring[b];
		bool waits = b >= sh.wait_from && b < sh.wait_to;

		for (int i = 0; i < 31; i++) {
			uint64_t r = tg_rnd(&s), v, ts7 = (t + (uint64_t)i) & 0x7f;
			unsigned eid = 0x10 + (unsigned)(r & 3), tmsn = (unsigned)(r >> 2 & 7);

			switch (r >> 8 & 7) {
			case 0: case 1:	/* a message's pointer */
				v = (uint64_t)eid << 48 | (uint64_t)tmsn << 35 |
				    fmts[(r >> 16) % 5];
				break;
			case 2: case 3: case 4:	/* one of its parameters */
				v = (uint64_t)eid << 48 | (uint64_t)tmsn << 35 |
				    (uint64_t)(1 + (r >> 16) % 3) << 32 | (uint32_t)(r >> 24);
				break;
			case 5:	/* a timestamp, now and then unreliable (always, where waiting) */
				v = tg_ts_entry(t + (uint64_t)i, waits || (r >> 20 & 1));
				ts7 = 0;
				break;
			default:	/* raw */
				v = (uint64_t)(r >> 16 & 0xf) << 48 | (r >> 24 & 0xffffffffffffull);
				break;
			}
			v |= ts7 << 56 | (r >> 60 == 0xf ? 1ull << 63 : 0);
			tg_put(blk + 8 * i, v);
		}
		t += 40;
		tg_put(blk + 248, tg_ts_entry(t, waits));
		if (b % 97 == 13)	/* no closing timestamp: incomplete */
			memset(blk + 248, 0, 8);
		if (b % 211 == 7)	/* a duplicate of the one before */
			memcpy(blk, ring[b - 1], TRACE_BLOCK_BYTES);
		if (b >= sh.zero_from && b < sh.zero_to)
			memset(blk, 0, TRACE_BLOCK_BYTES);
	}
}

/* Everything an item says, one line. */
static inline void tg_line(FILE *f, const struct trace_item *it)
{
	fprintf(f, "%d %d %llx %u %u %d %d %u %llx %u %d %x %d %u %x", it->type, it->has_ts,
		(unsigned long long)it->timestamp, it->ts7, it->event_id, it->lost,
		it->unreliable, it->urts, (unsigned long long)it->data, it->tmsn,
		it->has_pointer, it->pointer, it->problem, it->nparams, it->present);
	for (unsigned i = 0; i < it->nparams && i < TRACEFMT_MAX_PARAMS; i++)
		fprintf(f, " %x", it->params[i]);
	if (it->msg)
		fprintf(f, " [%.*s]", (int)it->msg_len, it->msg);
	fprintf(f, " %d %llu %llu %llu\n", it->reason, (unsigned long long)it->block,
		(unsigned long long)it->blocks, (unsigned long long)it->offset);
}

#endif
