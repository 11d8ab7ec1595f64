/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_PRM_TRACE_H
#define PRMCTL_PRM_TRACE_H

/*
 * The firmware tracer's ring, decoded as a stream: blocks go in one at a
 * time, items (events, string messages, skipped blocks) come out in time
 * order through a callback. Pure: no I/O; memory bounded by a few blocks of
 * pending items whatever the size of the ring. The exact rules are in
 * doc/trace-decode.md, the contract with the test model in tests/trace/.
 */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "lib/prm/tracefmt.h"

#define TRACE_BLOCK_BYTES 256
#define TRACE_BLOCK_ENTRIES 32
#define TRACE_EVENT_TIMESTAMP 0xff
#define TRACE_TS_BITS 53
/* Items that may wait for a reliable timestamp before the oldest are given up. */
#define TRACE_MAX_PENDING 65536

struct trace_db_section {
	uint32_t base;		/* firmware address of its first byte */
	const uint8_t *data;
	size_t len;
};

struct trace_cfg {
	unsigned trc_ver;	/* MTRC_CAP.trc_ver: where the unreliable bit is */
	unsigned first_string_trace, num_string_trace;
	const struct trace_db_section *db;
	unsigned ndb;
};

enum trace_item_type {
	TRACE_ITEM_STRING,
	TRACE_ITEM_RAW,
	TRACE_ITEM_TIMESTAMP,
	TRACE_ITEM_SKIP,
};

/* Why blocks were not decoded; the order of doc/trace-decode.md §2. */
enum trace_skip {
	TRACE_SKIP_EMPTY,
	TRACE_SKIP_INCOMPLETE,
	TRACE_SKIP_DUPLICATE,
	TRACE_SKIP_TORN,
	TRACE_SKIP_STALE,
	TRACE_SKIP_OVERRUN,
	TRACE_SKIP_TRUNCATED,
	TRACE_SKIP_N,
};

enum trace_problem {
	TRACE_PROBLEM_NONE,
	TRACE_PROBLEM_MISSING_POINTER,
	TRACE_PROBLEM_UNKNOWN_POINTER,
	TRACE_PROBLEM_UNTERMINATED,
	TRACE_PROBLEM_MISSING_PARAMS,
	TRACE_PROBLEM_TOO_MANY_PARAMS,
	TRACE_PROBLEM_N,
};

struct trace_item {
	enum trace_item_type type;
	bool has_ts;		/* false: could never be completed; ts7 is what is known */
	uint64_t timestamp;
	uint8_t ts7;
	uint8_t event_id;
	bool lost;
	/* timestamp events */
	bool unreliable;
	uint8_t urts;
	/* raw events */
	uint64_t data;
	/* string messages */
	uint16_t tmsn;
	bool has_pointer;
	uint32_t pointer;
	enum trace_problem problem;
	unsigned nparams;	/* params[0..nparams) shown, bit i of present = arrived */
	unsigned present;
	uint32_t params[TRACEFMT_MAX_PARAMS];
	const char *msg;	/* valid during the callback only */
	size_t msg_len;
	/* with msg NULL: the message is still to be made (trace_dec_defer_render) */
	const struct tracefmt_prog *prog;
	const char *fmt;	/* the format string, NULL when there is none */
	size_t fmt_len;
	/* skips */
	enum trace_skip reason;
	uint64_t block, blocks, offset;
};

struct trace_counts {
	uint64_t blocks;	/* every block given, decoded or not */
	uint64_t decoded;
	uint64_t skipped[TRACE_SKIP_N];
	uint64_t events;	/* entries of decoded blocks */
	uint64_t strings, raws, timestamps;
	uint64_t unreliable;
	uint64_t lost_events;
	uint64_t uncompleted;
	uint64_t problems[TRACE_PROBLEM_N];
	uint64_t duplicate_params;
};

/* Returns non-zero to stop the decoder (the value comes back from trace_dec_*). */
typedef int (*trace_emit_fn)(void *ctx, const struct trace_item *it);

struct trace_dec;

/* NULL when out of memory. cfg (and the strings DB it points to) must outlive d. */
struct trace_dec *trace_dec_new(const struct trace_cfg *cfg, trace_emit_fn emit, void *ctx);
void trace_dec_free(struct trace_dec *d);

/*
 * Exchanges d's callback and its context with *emit and *ctx (a decoder run
 * on another thread hands its items over through its own, lib/ops/tracepipe).
 */
void trace_dec_swap_emit(struct trace_dec *d, trace_emit_fn *emit, void **ctx);
/*
 * On: messages of a compiled format are not made by the decoder but handed
 * over as it->prog with it->msg NULL, for trace_item_render() to make where
 * they are consumed (tracepipe: on the caller's thread, which then shares the
 * work). The programs live as long as d.
 */
void trace_dec_defer_render(struct trace_dec *d, bool on);
/* The message of an item left with it->prog: into out (TRACEFMT_MSG_MAX + 1), its length. */
size_t trace_item_render(char *out, const struct trace_item *it);
/* That message made into buf (TRACEFMT_MSG_MAX + 1) and set as it->msg; returns it. */
struct trace_item *trace_item_make_msg(struct trace_item *it, char *buf);

/*
 * Decoding a ring in parts, each part on its own decoder (lib/ops/traceseg):
 * a part's decoder starts a few blocks early to learn the state at its
 * first block, and goes on past its last until what it started is out.
 * Own off: the blocks given count nothing, and the items they start are
 * decoded but never given out (nor counted); on (the default) as usual.
 */
void trace_dec_own(struct trace_dec *d, bool on);
/* Are items (or a skip) started while owning still to be given out? */
bool trace_dec_owes(const struct trace_dec *d);
/* Back to the state of a new decoder (counts, format cache and callback kept). */
void trace_dec_reset(struct trace_dec *d);
/* A new decoder with d's configuration and callback. NULL when out of memory. */
struct trace_dec *trace_dec_clone(const struct trace_dec *d);
/*
 * The state a decoder's next items depend on, saved to be compared with
 * another decoder's at the same block: equal states decode what follows
 * alike. Save fails (-1) when too many items are pending to keep; a state
 * is compared only after a save that succeeded (new, it holds nothing).
 */
struct trace_dec_state;
struct trace_dec_state *trace_dec_state_new(void);
void trace_dec_state_free(struct trace_dec_state *s);
int trace_dec_state_save(const struct trace_dec *d, struct trace_dec_state *s);
bool trace_dec_state_same(const struct trace_dec *d, const struct trace_dec_state *s);
/* Adds c to d's counts (the parts' counts into the decoder that reports them). */
void trace_dec_count_in(struct trace_dec *d, const struct trace_counts *c);
/* to += from, or -= when sign is negative. */
void trace_counts_add(struct trace_counts *to, const struct trace_counts *from, int sign);

/* One block in visiting order; index and offset say where it was, for skips. */
int trace_dec_block(struct trace_dec *d, const uint8_t *blk, uint64_t index, uint64_t offset);
/* Blocks a container knows were lost (capture overruns, a record cut short). */
int trace_dec_skip(struct trace_dec *d, enum trace_skip reason, uint64_t index,
		   uint64_t blocks, uint64_t offset);
/* End of input: everything pending leaves. */
int trace_dec_finish(struct trace_dec *d);
const struct trace_counts *trace_dec_counts(const struct trace_dec *d);

/* The counters by name, in the order of doc/trace-decode.md §7; returns how many. */
struct trace_count {
	const char *name;
	uint64_t value;
};
#define TRACE_NCOUNTS 25
unsigned trace_counts_list(const struct trace_counts *c, uint64_t start_block,
			   struct trace_count out[TRACE_NCOUNTS]);

/* Does any counter --strict treats as a problem show one? */
bool trace_counts_bad(const struct trace_counts *c);

const char *trace_skip_name(enum trace_skip r);
const char *trace_problem_name(enum trace_problem p);
const char *trace_item_type_name(enum trace_item_type t);

/*
 * Where a raw ring starts: the complete block with the oldest closing
 * timestamp, the 53-bit clock's wrap allowed for. Feed every block in index
 * order, then ask.
 */
struct trace_ring_scan {
	bool any;
	uint64_t min, max;
	uint64_t min_index;
	bool any_high;		/* a closing time >= 2^52 */
	uint64_t min_high, min_high_index;
};

void trace_ring_scan_init(struct trace_ring_scan *s);
void trace_ring_scan_add(struct trace_ring_scan *s, const uint8_t *blk, uint64_t index);
/* b scanned the blocks after a's (two threads each a part): a as if it had scanned all. */
void trace_ring_scan_merge(struct trace_ring_scan *a, const struct trace_ring_scan *b);
uint64_t trace_ring_scan_start(const struct trace_ring_scan *s);

/* Entry fields (doc/trace-decode.md §1). */
uint64_t trace_entry(const uint8_t *p);
bool trace_entry_is_timestamp(uint64_t v);
uint64_t trace_entry_time(uint64_t v);

/*
 * Device ticks to nanoseconds at a clock given in kHz, exactly (floor);
 * 0 when the clock is unknown. Parses "156.25" (MHz, up to 3 decimals) into
 * kHz; -1 on anything else.
 */
uint64_t trace_ticks_to_ns(uint64_t ticks, uint64_t khz);
int trace_parse_mhz(const char *s, uint64_t *khz);

#endif
