// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * The tracer ring decoder: block accounting, timestamp completion and string
 * message assembly, by the rules of doc/trace-decode.md (the PRM's, where the
 * kernel and mstfwtrace deviate: tracer-atomics.md §A4-§A8).
 *
 * Items wait in a queue in entry order until they are final and timed; a
 * message is final when its parameters are in, or one block later, so the
 * queue holds a few blocks' worth unless reliable timestamps stop coming
 * (then TRACE_MAX_PENDING bounds it).
 */
#include <endian.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/prm/trace.h"

#define TS_MASK ((UINT64_C(1) << TRACE_TS_BITS) - 1)
#define TS_HALF (UINT64_C(1) << (TRACE_TS_BITS - 1))
#define FMT_CACHE 1024
#define MSG_BUF (TRACEFMT_MSG_MAX + 1)

enum fmt_status { FMT_OK, FMT_UNKNOWN, FMT_UNTERMINATED };

struct fmt_info {
	bool valid;
	uint32_t pointer;
	enum fmt_status status;
	const char *fmt;
	size_t len;
	unsigned need;
	const struct tracefmt_prog *prog;	/* NULL: rendered by tracefmt_render */
};

/*
 * Compiled formats live as long as the decoder (items copy a cache slot,
 * which may be taken by another pointer before they are rendered); a ring
 * pointing at ever new addresses stops compiling at PROGS_MAX.
 */
#define PROGS_MAX 4096

struct pitem {
	struct trace_item it;
	bool final;		/* nothing more can join it */
	bool waiting_ts;	/* a reliable timestamp event may still complete it */
	bool open;
	bool own;		/* started while the decoder owned its blocks: given out */
	uint64_t open_seq;	/* accepted block of its first entry */
	bool has_fmt;		/* false: no pointer */
	struct fmt_info fmt;	/* a copy: the cache slot may be taken by another pointer */
	unsigned highest;	/* highest parameter number seen */
};

/*
 * An open message as its lookup sees it: the key and age beside the queue
 * position, so the search for an entry's message reads one small array and
 * not the queue's items (it runs for every parameter entry).
 */
struct open_msg {
	uint64_t pos;
	uint64_t seq;		/* the item's open_seq */
	uint32_t key;		/* open_key() */
};

static uint32_t open_key(unsigned eid, unsigned tmsn)
{
	return eid << 13 | tmsn;
}

struct trace_dec {
	struct trace_cfg cfg;
	trace_emit_fn emit;
	void *ctx;
	int stop;
	bool defer;		/* trace_dec_defer_render() */
	bool own;		/* trace_dec_own() */

	struct pitem *q;
	uint64_t cap, head, tail, unresolved;
	uint64_t nwaiting;	/* items waiting for a reliable timestamp */
	uint64_t nown;		/* own items in the queue */

	struct open_msg *open;	/* messages still taking parameters */
	unsigned nopen, open_cap;

	bool have_last;
	uint64_t last_t;	/* closing time of the last accepted block */
	uint64_t seq;		/* accepted blocks so far */

	bool skip_pending;
	bool skip_own;
	struct trace_item skip;

	struct fmt_info cache[FMT_CACHE];
	struct tracefmt_prog **progs;
	unsigned nprogs, progs_cap;
	struct trace_counts c;
	char msg[MSG_BUF];
};

uint64_t trace_entry(const uint8_t *p)
{
	uint64_t v;

	memcpy(&v, p, sizeof(v));
	return be64toh(v);
}

bool trace_entry_is_timestamp(uint64_t v)
{
	return ((v >> 48) & 0xff) == TRACE_EVENT_TIMESTAMP;
}

uint64_t trace_entry_time(uint64_t v)
{
	return ((v >> 32) & 0x1fff) << 40 | (v & 0xffffffff) << 8 | v >> 56;
}

/* a after b on the 53-bit clock */
static bool ts_after(uint64_t a, uint64_t b)
{
	uint64_t d = (a - b) & TS_MASK;

	return d != 0 && d < TS_HALF;
}

static uint64_t complete_ts(uint8_t ts7, uint64_t t)
{
	uint64_t window = t >> 7;

	if (ts7 >= (t & 0x7f))
		window = (window - 1) & (TS_MASK >> 7);
	return window << 7 | ts7;
}

static bool unreliable(const struct trace_dec *d, unsigned urts)
{
	return d->cfg.trc_ver == 0 ? (urts >> 2) & 1 : urts & 1;
}

static bool is_string(const struct trace_dec *d, unsigned eid)
{
	return eid >= d->cfg.first_string_trace &&
	       eid - d->cfg.first_string_trace < d->cfg.num_string_trace;
}

static const struct tracefmt_prog *compile(struct trace_dec *d, const char *fmt, size_t len)
{
	struct tracefmt_prog *pr;

	if (d->nprogs == d->progs_cap) {
		unsigned cap = d->progs_cap ? 2 * d->progs_cap : 64;
		struct tracefmt_prog **n;

		if (cap > PROGS_MAX || !(n = realloc(d->progs, cap * sizeof(*n))))
			return NULL;
		d->progs = n;
		d->progs_cap = cap;
	}
	pr = tracefmt_compile(fmt, len);
	if (pr)
		d->progs[d->nprogs++] = pr;
	return pr;
}

static const struct fmt_info *lookup_fmt(struct trace_dec *d, uint32_t ptr)
{
	struct fmt_info *f = &d->cache[(ptr ^ ptr >> 10 ^ ptr >> 20) % FMT_CACHE];

	if (f->valid && f->pointer == ptr)
		return f;
	memset(f, 0, sizeof(*f));
	f->valid = true;
	f->pointer = ptr;
	f->status = FMT_UNKNOWN;
	for (unsigned i = 0; i < d->cfg.ndb; i++) {
		const struct trace_db_section *s = &d->cfg.db[i];
		const uint8_t *nul;
		size_t off;

		if (ptr < s->base || ptr - s->base >= s->len)
			continue;
		off = ptr - s->base;
		nul = memchr(s->data + off, 0, s->len - off);
		if (!nul) {
			f->status = FMT_UNTERMINATED;
			return f;
		}
		f->status = FMT_OK;
		f->fmt = (const char *)s->data + off;
		f->len = (size_t)(nul - (s->data + off));
		f->need = tracefmt_nparams(f->fmt, f->len);
		f->prog = compile(d, f->fmt, f->len);
		return f;
	}
	return f;
}

static int grow_queue(struct trace_dec *d)
{
	uint64_t ncap = d->cap ? d->cap * 2 : 256;
	struct pitem *nq = malloc(ncap * sizeof(*nq));

	if (!nq)
		return -1;
	for (uint64_t p = d->head; p < d->tail; p++)
		nq[p & (ncap - 1)] = d->q[p & (d->cap - 1)];
	free(d->q);
	d->q = nq;
	d->cap = ncap;
	return 0;
}

static struct pitem *at(struct trace_dec *d, uint64_t pos)
{
	return &d->q[pos & (d->cap - 1)];
}

static void finalize(struct pitem *p)
{
	const struct fmt_info *f = &p->fmt;
	struct trace_item *it = &p->it;
	unsigned shown = p->highest;

	p->final = true;
	if (it->type != TRACE_ITEM_STRING)
		return;
	if (!it->has_pointer) {
		it->problem = TRACE_PROBLEM_MISSING_POINTER;
	} else if (f->status == FMT_UNKNOWN) {
		it->problem = TRACE_PROBLEM_UNKNOWN_POINTER;
	} else if (f->status == FMT_UNTERMINATED) {
		it->problem = TRACE_PROBLEM_UNTERMINATED;
	} else {
		unsigned need = f->need < TRACEFMT_MAX_PARAMS ? f->need : TRACEFMT_MAX_PARAMS;
		unsigned want = (1u << need) - 1;

		if (need > shown)
			shown = need;
		if ((it->present & want) != want)
			it->problem = TRACE_PROBLEM_MISSING_PARAMS;
		else if (f->need > TRACEFMT_MAX_PARAMS)
			it->problem = TRACE_PROBLEM_TOO_MANY_PARAMS;
	}
	it->nparams = shown;
}

static void close_open(struct trace_dec *d, unsigned i)
{
	struct pitem *p = at(d, d->open[i].pos);

	p->open = false;
	finalize(p);
	d->open[i] = d->open[--d->nopen];
}

static int find_open(struct trace_dec *d, unsigned eid, unsigned tmsn)
{
	uint32_t key = open_key(eid, tmsn);

	for (unsigned i = 0; i < d->nopen; i++)
		if (d->open[i].key == key)
			return (int)i;
	return -1;
}

static int add_open(struct trace_dec *d, uint64_t pos)
{
	if (d->nopen == d->open_cap) {
		unsigned ncap = d->open_cap ? d->open_cap * 2 : 64;
		struct open_msg *n = realloc(d->open, ncap * sizeof(*n));

		if (!n)
			return -1;
		d->open = n;
		d->open_cap = ncap;
	}
	struct pitem *p = at(d, pos);

	d->open[d->nopen++] = (struct open_msg){
		.pos = pos, .seq = p->open_seq, .key = open_key(p->it.event_id, p->it.tmsn) };
	p->open = true;
	return 0;
}

static const char *render(struct trace_dec *d, struct pitem *p, size_t *len)
{
	struct trace_item *it = &p->it;
	int n;

	switch (it->problem) {
	case TRACE_PROBLEM_MISSING_POINTER:
		n = snprintf(d->msg, MSG_BUF, "<missing string pointer>");
		break;
	case TRACE_PROBLEM_UNKNOWN_POINTER:
		n = snprintf(d->msg, MSG_BUF, "<unknown string pointer 0x%08x>", it->pointer);
		break;
	case TRACE_PROBLEM_UNTERMINATED:
		n = snprintf(d->msg, MSG_BUF, "<unterminated string at 0x%08x>", it->pointer);
		break;
	default:
		it->fmt = p->fmt.fmt;
		it->fmt_len = p->fmt.len;
		if (d->defer && p->fmt.prog) {
			it->prog = p->fmt.prog;
			*len = 0;
			return NULL;
		}
		*len = p->fmt.prog ? tracefmt_run(d->msg, p->fmt.prog, it->params, it->present) :
			tracefmt_render(d->msg, p->fmt.fmt, p->fmt.len, it->params, it->present);
		return d->msg;
	}
	*len = (size_t)n;
	return d->msg;
}

static int emit(struct trace_dec *d, struct pitem *p)
{
	struct trace_item *it = &p->it;

	if (!p->own)
		return d->stop;
	switch (it->type) {
	case TRACE_ITEM_STRING:
		d->c.strings++;
		d->c.problems[it->problem]++;
		it->msg = render(d, p, &it->msg_len);
		break;
	case TRACE_ITEM_RAW:
		d->c.raws++;
		break;
	case TRACE_ITEM_TIMESTAMP:
		d->c.timestamps++;
		break;
	case TRACE_ITEM_SKIP:
		break;
	}
	if (it->type != TRACE_ITEM_SKIP && !it->has_ts)
		d->c.uncompleted++;
	if (!d->stop)
		d->stop = d->emit(d->ctx, it);
	return d->stop;
}

static int flush(struct trace_dec *d)
{
	while (d->head < d->tail) {
		struct pitem *p = at(d, d->head);

		if (!p->final || p->waiting_ts)
			break;
		d->nown -= p->own;
		emit(d, p);
		d->head++;
	}
	if (d->unresolved < d->head)
		d->unresolved = d->head;
	return d->stop;
}

/* Nothing pending can be completed any more (a gap, the end). */
static int give_up_pending(struct trace_dec *d)
{
	while (d->nopen)
		close_open(d, 0);
	for (uint64_t pos = d->unresolved; pos < d->tail; pos++)
		at(d, pos)->waiting_ts = false;
	d->unresolved = d->tail;
	d->nwaiting = 0;
	return flush(d);
}

static int emit_skip(struct trace_dec *d)
{
	struct pitem p = { .it = d->skip, .final = true, .own = d->skip_own };

	if (!d->skip_pending)
		return d->stop;
	d->skip_pending = false;
	return emit(d, &p);
}

static const struct pitem zero_item;

static struct pitem *push(struct trace_dec *d, enum trace_item_type type, uint64_t v)
{
	struct pitem *p;

	if (d->tail - d->head == d->cap && grow_queue(d))
		return NULL;
	p = at(d, d->tail++);
	/*
	 * Cleared whole, padding too (trace_dec_state_same compares items'
	 * bytes), by copying a zero item: the compiler makes that sixteen-byte
	 * stores, where a memset of this size became a slow rep stos.
	 */
	memcpy(p, &zero_item, sizeof(*p));
	p->it.type = type;
	p->it.event_id = (v >> 48) & 0xff;
	p->it.ts7 = (v >> 56) & 0x7f;
	p->it.lost = v >> 63;
	p->final = true;
	p->own = d->own;
	d->nown += d->own;
	p->waiting_ts = type != TRACE_ITEM_TIMESTAMP;
	d->nwaiting += p->waiting_ts;
	p->open_seq = d->seq;
	return p;
}

/* Too many wait for a reliable timestamp: the oldest give up waiting. */
static void relieve(struct trace_dec *d)
{
	uint64_t pos = d->head;

	while (d->nwaiting > TRACE_MAX_PENDING && pos < d->tail) {
		struct pitem *p = at(d, pos++);

		if (!p->waiting_ts)
			continue;
		p->waiting_ts = false;
		d->nwaiting--;
		if (p->open)
			for (unsigned i = 0; i < d->nopen; i++)
				if (d->open[i].pos == pos - 1) {
					close_open(d, i);
					break;
				}
	}
	flush(d);
}

static void resolve(struct trace_dec *d, uint64_t t)
{
	for (uint64_t pos = d->unresolved; pos < d->tail; pos++) {
		struct pitem *p = at(d, pos);

		if (!p->waiting_ts)
			continue;
		p->it.has_ts = true;
		p->it.timestamp = complete_ts(p->it.ts7, t);
		p->waiting_ts = false;
	}
	d->unresolved = d->tail;
	d->nwaiting = 0;
}

static int timestamp_event(struct trace_dec *d, uint64_t v)
{
	uint64_t t = trace_entry_time(v);
	struct pitem *p;
	unsigned urts = (v >> 45) & 7;
	bool unrel = unreliable(d, urts);

	if (!unrel)
		resolve(d, t);
	p = push(d, TRACE_ITEM_TIMESTAMP, v);
	if (!p)
		return -1;
	p->it.lost = false;
	p->it.has_ts = true;
	p->it.timestamp = t;
	p->it.urts = (uint8_t)urts;
	p->it.unreliable = unrel;
	if (unrel && d->own)
		d->c.unreliable++;
	return 0;
}

static bool params_done(const struct pitem *p)
{
	unsigned need;

	if (!p->has_fmt || p->fmt.status != FMT_OK)
		return false;
	need = p->fmt.need < TRACEFMT_MAX_PARAMS ? p->fmt.need : TRACEFMT_MAX_PARAMS;
	return (p->it.present & ((1u << need) - 1)) == (1u << need) - 1;
}

static int string_event(struct trace_dec *d, uint64_t v)
{
	unsigned eid = (v >> 48) & 0xff, tmsn = (v >> 35) & 0x1fff, tdsn = (v >> 32) & 7;
	uint32_t param = (uint32_t)v;
	int i = find_open(d, eid, tmsn);
	struct pitem *p;

	if (tdsn == 0) {
		if (i >= 0)
			close_open(d, (unsigned)i);
		p = push(d, TRACE_ITEM_STRING, v);
		if (!p)
			return -1;
		p->it.tmsn = (uint16_t)tmsn;
		p->it.has_pointer = true;
		p->it.pointer = param;
		p->fmt = *lookup_fmt(d, param);
		p->has_fmt = true;
		if (params_done(p)) {
			finalize(p);
			return 0;
		}
		p->final = false;
		return add_open(d, d->tail - 1);
	}
	if (i < 0) {
		p = push(d, TRACE_ITEM_STRING, v);
		if (!p)
			return -1;
		p->it.tmsn = (uint16_t)tmsn;
		p->final = false;
		if (add_open(d, d->tail - 1))
			return -1;
		i = (int)d->nopen - 1;
	} else {
		p = at(d, d->open[i].pos);
		p->it.lost |= v >> 63;
	}
	if (p->it.present & 1u << (tdsn - 1)) {
		d->c.duplicate_params += d->own;
	} else {
		p->it.present |= 1u << (tdsn - 1);
		p->it.params[tdsn - 1] = param;
		if (tdsn > p->highest)
			p->highest = tdsn;
	}
	if (params_done(p))
		close_open(d, (unsigned)i);
	return 0;
}

static int entry(struct trace_dec *d, uint64_t v)
{
	unsigned eid = (v >> 48) & 0xff;
	struct pitem *p;

	if (eid == TRACE_EVENT_TIMESTAMP)
		return timestamp_event(d, v);
	if (v >> 63)
		d->c.lost_events += d->own;
	if (is_string(d, eid))
		return string_event(d, v);
	p = push(d, TRACE_ITEM_RAW, v);
	if (!p)
		return -1;
	p->it.data = v & UINT64_C(0xffffffffffff);
	return 0;
}

/* A new skip item, pending: the next skipped blocks may join it. */
static void start_skip(struct trace_dec *d, enum trace_skip r, uint64_t index, uint64_t blocks,
		       uint64_t offset)
{
	memset(&d->skip, 0, sizeof(d->skip));
	d->skip.type = TRACE_ITEM_SKIP;
	d->skip.reason = r;
	d->skip.block = index;
	d->skip.blocks = blocks;
	d->skip.offset = offset;
	d->skip_pending = true;
	d->skip_own = d->own;
}

static int skip_block(struct trace_dec *d, enum trace_skip r, uint64_t index, uint64_t offset)
{
	d->c.skipped[r] += d->own;
	if (give_up_pending(d))
		return d->stop;
	if (d->skip_pending && d->skip.reason == r && index == d->skip.block + d->skip.blocks) {
		d->skip.blocks++;
		return 0;
	}
	if (emit_skip(d))
		return d->stop;
	start_skip(d, r, index, 1, offset);
	return 0;
}

static bool all_zero(const uint8_t *blk)
{
	for (size_t i = 0; i < TRACE_BLOCK_BYTES; i++)
		if (blk[i])
			return false;
	return true;
}

static enum trace_skip classify(const struct trace_dec *d, const uint8_t *blk)
{
	uint64_t last = trace_entry(blk + 8 * (TRACE_BLOCK_ENTRIES - 1)), t;

	if (!last && all_zero(blk))
		return TRACE_SKIP_EMPTY;
	if (!trace_entry_is_timestamp(last))
		return TRACE_SKIP_INCOMPLETE;
	t = trace_entry_time(last);
	if (d->have_last && t == d->last_t)
		return TRACE_SKIP_DUPLICATE;
	for (int i = 0; i < TRACE_BLOCK_ENTRIES - 1; i++) {
		uint64_t v = trace_entry(blk + 8 * i);

		if (trace_entry_is_timestamp(v) && ts_after(trace_entry_time(v), t))
			return TRACE_SKIP_TORN;
	}
	if (d->have_last && !ts_after(t, d->last_t))
		return TRACE_SKIP_STALE;
	return TRACE_SKIP_N;
}

int trace_dec_block(struct trace_dec *d, const uint8_t *blk, uint64_t index, uint64_t offset)
{
	enum trace_skip r;

	if (d->stop)
		return d->stop;
	d->c.blocks += d->own;
	r = classify(d, blk);
	if (r != TRACE_SKIP_N)
		return skip_block(d, r, index, offset);
	if (emit_skip(d))
		return d->stop;
	d->c.decoded += d->own;
	d->c.events += d->own ? TRACE_BLOCK_ENTRIES : 0;
	for (int i = 0; i < TRACE_BLOCK_ENTRIES; i++) {
		if (entry(d, trace_entry(blk + 8 * i)))
			return -1;
		if (d->nwaiting > TRACE_MAX_PENDING)
			relieve(d);
	}
	for (unsigned i = 0; i < d->nopen;) {
		if (d->open[i].seq < d->seq)
			close_open(d, i);
		else
			i++;
	}
	d->have_last = true;
	d->last_t = trace_entry_time(trace_entry(blk + 8 * (TRACE_BLOCK_ENTRIES - 1)));
	d->seq++;
	return flush(d);
}

int trace_dec_skip(struct trace_dec *d, enum trace_skip reason, uint64_t index,
		   uint64_t blocks, uint64_t offset)
{
	if (d->stop)
		return d->stop;
	d->c.skipped[reason] += d->own;
	if (give_up_pending(d) || emit_skip(d))
		return d->stop;
	start_skip(d, reason, index, blocks, offset);
	return emit_skip(d);
}

int trace_dec_finish(struct trace_dec *d)
{
	if (d->stop)
		return d->stop;
	if (give_up_pending(d))
		return d->stop;
	return emit_skip(d);
}

const struct trace_counts *trace_dec_counts(const struct trace_dec *d)
{
	return &d->c;
}

struct trace_dec *trace_dec_new(const struct trace_cfg *cfg, trace_emit_fn emit_fn, void *ctx)
{
	struct trace_dec *d = calloc(1, sizeof(*d));

	if (!d)
		return NULL;
	d->cfg = *cfg;
	d->emit = emit_fn;
	d->ctx = ctx;
	d->own = true;
	if (grow_queue(d)) {
		free(d);
		return NULL;
	}
	return d;
}

void trace_dec_swap_emit(struct trace_dec *d, trace_emit_fn *emit, void **ctx)
{
	trace_emit_fn f = d->emit;
	void *c = d->ctx;

	d->emit = *emit;
	d->ctx = *ctx;
	*emit = f;
	*ctx = c;
}

void trace_dec_defer_render(struct trace_dec *d, bool on)
{
	d->defer = on;
}

struct trace_dec *trace_dec_clone(const struct trace_dec *d)
{
	struct trace_dec *c = trace_dec_new(&d->cfg, d->emit, d->ctx);

	if (c)
		c->defer = d->defer;
	return c;
}

void trace_dec_own(struct trace_dec *d, bool on)
{
	d->own = on;
}

bool trace_dec_owes(const struct trace_dec *d)
{
	return d->nown || (d->skip_pending && d->skip_own);
}

void trace_dec_reset(struct trace_dec *d)
{
	d->stop = 0;
	d->head = d->tail = d->unresolved = 0;
	d->nwaiting = d->nown = 0;
	d->nopen = 0;
	d->have_last = false;
	d->last_t = 0;
	d->seq = 0;
	d->skip_pending = d->skip_own = false;
	memset(&d->skip, 0, sizeof(d->skip));
}

/*
 * What decides everything a decoder does next: its pending items, open
 * messages, last accepted block and pending skip, positions relative to the
 * queue's head and to the accepted block count. Not the format cache (it
 * changes how fast a message is made, not its bytes) nor the counts.
 */
#define STATE_MAX_ITEMS 256

struct trace_dec_state {
	bool have_last, skip_pending;
	uint64_t last_t;
	struct trace_item skip;
	uint64_t nitems, unresolved, nwaiting;
	unsigned nopen;
	struct pitem item[STATE_MAX_ITEMS];
	struct open_msg open[STATE_MAX_ITEMS];
};

/* An item as the state compares it: without what depends on who decoded it. */
static void state_item(struct pitem *to, const struct pitem *p, uint64_t seq)
{
	memcpy(to, p, sizeof(*to));
	to->own = false;
	to->open_seq = seq - p->open_seq;
	to->fmt.prog = NULL;
}

/* Not cleared: save writes what same reads, and a clear would touch every page (~66 KiB) */
struct trace_dec_state *trace_dec_state_new(void)
{
	return malloc(sizeof(struct trace_dec_state));
}

void trace_dec_state_free(struct trace_dec_state *s)
{
	free(s);
}

int trace_dec_state_save(const struct trace_dec *d, struct trace_dec_state *s)
{
	if (d->stop || d->tail - d->head > STATE_MAX_ITEMS)
		return -1;
	s->have_last = d->have_last;
	s->last_t = d->last_t;
	s->skip_pending = d->skip_pending;
	s->skip = d->skip;
	s->nitems = d->tail - d->head;
	s->unresolved = d->unresolved - d->head;
	s->nwaiting = d->nwaiting;
	for (uint64_t i = 0; i < s->nitems; i++)
		state_item(&s->item[i], at((struct trace_dec *)d, d->head + i), d->seq);
	s->nopen = d->nopen;
	for (unsigned i = 0; i < d->nopen; i++)
		s->open[i] = (struct open_msg){ .pos = d->open[i].pos - d->head,
						.seq = d->seq - d->open[i].seq, .key = d->open[i].key };
	return 0;
}

/*
 * The open list's order is its history's (closing moves the last into the
 * hole), and does not matter: keys are unique among open messages.
 */
static bool same_open(const struct trace_dec_state *s, const struct trace_dec *d,
		      const struct open_msg *o)
{
	for (unsigned i = 0; i < s->nopen; i++)
		if (s->open[i].key == o->key)
			return s->open[i].pos == o->pos - d->head && s->open[i].seq == d->seq - o->seq;
	return false;
}

bool trace_dec_state_same(const struct trace_dec *d, const struct trace_dec_state *s)
{
	struct pitem mine;

	if (d->stop || s->have_last != d->have_last || s->last_t != d->last_t ||
	    s->skip_pending != d->skip_pending || s->nitems != d->tail - d->head ||
	    s->unresolved != d->unresolved - d->head || s->nwaiting != d->nwaiting ||
	    s->nopen != d->nopen || memcmp(&s->skip, &d->skip, sizeof(s->skip)))
		return false;
	for (unsigned i = 0; i < d->nopen; i++)
		if (!same_open(s, d, &d->open[i]))
			return false;
	for (uint64_t i = 0; i < s->nitems; i++) {
		state_item(&mine, at((struct trace_dec *)d, d->head + i), d->seq);
		if (memcmp(&mine, &s->item[i], sizeof(mine)))
			return false;
	}
	return true;
}

void trace_dec_count_in(struct trace_dec *d, const struct trace_counts *c)
{
	trace_counts_add(&d->c, c, 1);
}

/* to += sign * from, counter by counter (sign 1 or -1: a difference). */
void trace_counts_add(struct trace_counts *to, const struct trace_counts *from, int sign)
{
	uint64_t *t = (uint64_t *)to;
	const uint64_t *f = (const uint64_t *)from;

	for (size_t i = 0; i < sizeof(*to) / sizeof(uint64_t); i++)
		t[i] += sign > 0 ? f[i] : 0 - f[i];
}

size_t trace_item_render(char *out, const struct trace_item *it)
{
	return tracefmt_run(out, it->prog, it->params, it->present);
}

struct trace_item *trace_item_make_msg(struct trace_item *it, char *buf)
{
	it->msg_len = trace_item_render(buf, it);
	it->msg = buf;
	return it;
}

void trace_dec_free(struct trace_dec *d)
{
	if (!d)
		return;
	free(d->q);
	free(d->open);
	for (unsigned i = 0; i < d->nprogs; i++)
		tracefmt_prog_free(d->progs[i]);
	free(d->progs);
	free(d);
}

static const char *const skip_names[TRACE_SKIP_N] = {
	"empty", "incomplete", "duplicate", "torn", "stale", "overrun", "truncated",
};

static const char *const problem_names[TRACE_PROBLEM_N] = {
	"none", "missing_pointer", "unknown_pointer", "unterminated", "missing_params",
	"too_many_params",
};

unsigned trace_counts_list(const struct trace_counts *c, uint64_t start_block,
			   struct trace_count out[TRACE_NCOUNTS])
{
	unsigned n = 0;

	out[n++] = (struct trace_count){ "blocks", c->blocks };
	out[n++] = (struct trace_count){ "decoded", c->decoded };
	for (int r = 0; r < TRACE_SKIP_N; r++)
		out[n++] = (struct trace_count){ skip_names[r], c->skipped[r] };
	out[n++] = (struct trace_count){ "start_block", start_block };
	out[n++] = (struct trace_count){ "events", c->events };
	out[n++] = (struct trace_count){ "strings", c->strings };
	out[n++] = (struct trace_count){ "raws", c->raws };
	out[n++] = (struct trace_count){ "timestamps", c->timestamps };
	out[n++] = (struct trace_count){ "unreliable_events", c->unreliable };
	out[n++] = (struct trace_count){ "lost_events", c->lost_events };
	out[n++] = (struct trace_count){ "uncompleted", c->uncompleted };
	for (int p = TRACE_PROBLEM_NONE + 1; p < TRACE_PROBLEM_N; p++)
		out[n++] = (struct trace_count){ problem_names[p], c->problems[p] };
	out[n++] = (struct trace_count){ "duplicate_params", c->duplicate_params };
	return n;
}

bool trace_counts_bad(const struct trace_counts *c)
{
	for (int r = 0; r < TRACE_SKIP_N; r++)
		if (r != TRACE_SKIP_EMPTY && c->skipped[r])
			return true;
	for (int p = 1; p < TRACE_PROBLEM_N; p++)
		if (c->problems[p])
			return true;
	return c->lost_events || c->uncompleted || c->duplicate_params;
}

static const char *const type_names[] = { "string", "raw", "timestamp", "skip" };

const char *trace_skip_name(enum trace_skip r)
{
	return (unsigned)r < TRACE_SKIP_N ? skip_names[r] : "?";
}

const char *trace_problem_name(enum trace_problem p)
{
	return (unsigned)p < TRACE_PROBLEM_N ? problem_names[p] : "?";
}

const char *trace_item_type_name(enum trace_item_type t)
{
	return (unsigned)t <= TRACE_ITEM_SKIP ? type_names[t] : "?";
}

void trace_ring_scan_init(struct trace_ring_scan *s)
{
	memset(s, 0, sizeof(*s));
}

void trace_ring_scan_add(struct trace_ring_scan *s, const uint8_t *blk, uint64_t index)
{
	uint64_t last = trace_entry(blk + 8 * (TRACE_BLOCK_ENTRIES - 1)), t;

	if (!trace_entry_is_timestamp(last))
		return;
	t = trace_entry_time(last);
	if (!s->any || t < s->min) {
		s->min = t;
		s->min_index = index;
	}
	if (!s->any || t > s->max)
		s->max = t;
	if (t >= TS_HALF && (!s->any_high || t < s->min_high)) {
		s->min_high = t;
		s->min_high_index = index;
		s->any_high = true;
	}
	s->any = true;
}

void trace_ring_scan_merge(struct trace_ring_scan *a, const struct trace_ring_scan *b)
{
	if (!b->any)
		return;
	if (!a->any || b->min < a->min) {
		a->min = b->min;
		a->min_index = b->min_index;
	}
	if (!a->any || b->max > a->max)
		a->max = b->max;
	if (b->any_high && (!a->any_high || b->min_high < a->min_high)) {
		a->min_high = b->min_high;
		a->min_high_index = b->min_high_index;
		a->any_high = true;
	}
	a->any = true;
}

uint64_t trace_ring_scan_start(const struct trace_ring_scan *s)
{
	if (!s->any)
		return 0;
	if (s->max - s->min > TS_HALF)
		return s->min_high_index;
	return s->min_index;
}

uint64_t trace_ticks_to_ns(uint64_t ticks, uint64_t khz)
{
	if (!khz)
		return 0;
	return (uint64_t)((unsigned __int128)ticks * 1000000 / khz);
}

int trace_parse_mhz(const char *s, uint64_t *khz)
{
	uint64_t v = 0;
	int frac = -1;

	if (!*s)
		return -1;
	for (; *s; s++) {
		if (*s == '.' && frac < 0) {
			frac = 0;
			continue;
		}
		if (*s < '0' || *s > '9' || frac == 3 || v > UINT64_C(100000000))
			return -1;
		v = v * 10 + (uint64_t)(*s - '0');
		if (frac >= 0)
			frac++;
	}
	for (frac = frac < 0 ? 0 : frac; frac < 3; frac++)
		v *= 10;
	if (!v || v > UINT64_C(100000000))
		return -1;
	*khz = v;
	return 0;
}
