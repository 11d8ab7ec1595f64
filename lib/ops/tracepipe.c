// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Two rings of batches between two threads: operations (blocks with their
 * places, skips, the end) from the caller to the decoder's thread, and the
 * items it makes back, their messages copied out (a message lives only as
 * long as the callback). Each side fills its batch alone; a slot is the
 * other side's once its counter is published, and comes back when that side
 * is done. The counters are atomics: a side that finds what it waits for
 * takes no lock and makes no system call. One that does not spins a little
 * (a batch takes tens of microseconds to fill), then sleeps on the condition
 * variable, and only then do the other side's changes take the mutex to wake
 * it: with a lock and a broadcast on every change, an 8 MiB ring cost 3400
 * futex calls and ~1400 context switches.
 * Batches are small on purpose: what one thread writes the other reads
 * from its cache, and with 1024 items a batch (4 of them, ~1 MB) the two
 * threads spent 28% more CPU than one alone on JSON, 35% on text; at 256,
 * 0% and 20%, for the same wall time (8 MiB ring, perf stat -r 25).
 */
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "lib/ops/tracepipe.h"
#include "lib/util/par.h"

#define NBATCH 4
#define BATCH_OPS 64
#define BATCH_BLOCKS 256	/* 64 KiB: read straight into the batch, one read a batch */
#define BATCH_ITEMS 256
#define BATCH_TEXT (32 * 1024)	/* room for the messages of a batch */

enum op_kind { OP_BLOCK, OP_SKIP, OP_FINISH, OP_SYNC };

/* OP_BLOCK: blocks [first, first + blocks) of the batch's blk, index and offset of the first */
struct op {
	enum op_kind kind;
	enum trace_skip reason;
	unsigned first;
	uint64_t index, blocks, offset, wrap;
};

struct op_batch {
	unsigned n;
	unsigned nblk;		/* of blk, taken */
	struct op op[BATCH_OPS];
	uint8_t blk[BATCH_BLOCKS][TRACE_BLOCK_BYTES];
};

/*
 * Items, or what the callback made of them on the thread (made): that goes
 * where the items would be, memory already in use (a fresh page costs
 * 7-18 us on this VM), and to the heap only when it does not fit.
 */
struct item_batch {
	unsigned n;
	bool made;
	const char *out;	/* made: the bytes, in room or in big */
	size_t out_len;
	char *big;
	size_t big_cap;
	size_t text_len;
	union {
		struct {
			struct trace_item item[BATCH_ITEMS];
			size_t msg_at[BATCH_ITEMS];
			char text[BATCH_TEXT];
		};
		char room[BATCH_ITEMS * (sizeof(struct trace_item) + sizeof(size_t)) +
			  BATCH_TEXT];
	};
};

struct trace_pipe {
	struct trace_dec *d;
	trace_emit_fn emit;	/* the decoder's own callback, run on the caller's thread */
	void *ctx;
	const struct trace_pipe_output *made_there;	/* NULL: the callback runs on the caller only */
	pthread_t thread;
	/* each counter is written by one side (release) and read by the other (acquire) */
	_Atomic uint64_t ops_posted, syncs_asked;	/* the caller's */
	_Atomic uint64_t ops_done, items_posted, syncs_done;	/* the thread's */
	_Atomic uint64_t items_done;	/* the caller's */
	_Atomic bool quit;	/* the caller is leaving */
	_Atomic int rc;		/* the first non-zero return of trace_dec_* on the thread */
	/* sleeping: only a side that found nothing to do takes mu */
	pthread_mutex_t mu;
	pthread_cond_t cv;
	_Atomic unsigned sleepers;
	/* the caller's own */
	bool have_ops;		/* ops[ops_posted % NBATCH] is being filled */
	int stop;		/* the callback's non-zero return */
	bool (*goal)(const struct trace_pipe *);	/* what pump() waits for */
	char msg[TRACEFMT_MSG_MAX + 1];	/* messages are made here (trace_dec_defer_render) */
	/* the thread's own */
	struct item_batch *filling_items;	/* NULL, or items[items_posted % NBATCH] */
	bool nomem;		/* a batch's output found no memory: the decoder stops */
	char thread_msg[TRACEFMT_MSG_MAX + 1];
	struct op_batch ops[NBATCH];
	struct item_batch items[NBATCH];
};

#define LOAD(x) atomic_load_explicit(&(x), memory_order_acquire)
#define PUBLISH(x, v) atomic_store(&(x), (v))

/*
 * A counter was published: wake the other side if it sleeps. A full fence
 * here between the store and the sleeper count's load, and one in
 * wait_until() between the count and the test: either this sees the
 * sleeper, or the sleeper sees the change.
 */
static void changed(struct trace_pipe *p)
{
	atomic_thread_fence(memory_order_seq_cst);
	if (!atomic_load(&p->sleepers))
		return;
	pthread_mutex_lock(&p->mu);
	pthread_cond_broadcast(&p->cv);
	pthread_mutex_unlock(&p->mu);
}

/* ~40 us here (a pause is ~20 ns): about what a batch of items takes to fill. */
#define SPINS 2000

/* Returns once until(p) holds: a short spin, then asleep until a change. */
static void wait_until(struct trace_pipe *p, bool (*until)(const struct trace_pipe *))
{
	for (unsigned i = 0; i < SPINS; i++) {
		if (until(p))
			return;
		par_relax();
	}
	pthread_mutex_lock(&p->mu);
	atomic_fetch_add(&p->sleepers, 1);
	/* the predicates' loads are acquire only: nothing may pass the count */
	atomic_thread_fence(memory_order_seq_cst);
	while (!until(p))
		pthread_cond_wait(&p->cv, &p->mu);
	atomic_fetch_sub(&p->sleepers, 1);
	pthread_mutex_unlock(&p->mu);
}

/* ---- the decoder's thread ---- */

/*
 * A side that finds no room waits until half the batches are free again, not
 * one: it waits half as often.
 */
static bool items_half_free(const struct trace_pipe *p)
{
	return LOAD(p->items_posted) - LOAD(p->items_done) <= NBATCH / 2 || LOAD(p->quit);
}

/* The batch being filled; NULL when the caller is leaving. */
static struct item_batch *items_slot(struct trace_pipe *p)
{
	if (!p->filling_items) {
		uint64_t posted = LOAD(p->items_posted);
		bool behind;

		if (posted - LOAD(p->items_done) == NBATCH)
			wait_until(p, items_half_free);
		if (LOAD(p->quit))
			return NULL;
		behind = posted - LOAD(p->items_done) >= NBATCH - 1;
		/*
		 * The work is done by whichever side has time: while the caller
		 * is behind (all but this batch wait for it), messages are made
		 * here, and with trace_pipe_output the records too; when it keeps
		 * up, there. 8 MiB ring, perf stat -r 20, messages only: JSON 95
		 * -> 83 ms, text 78 -> 74 ms against making them all there (at
		 * half the batches waiting: 91 and 88 ms; all here: 108 and 86).
		 */
		trace_dec_defer_render(p->d, !behind);
		p->items[posted % NBATCH].n = 0;
		p->items[posted % NBATCH].text_len = 0;
		p->items[posted % NBATCH].out_len = 0;
		p->items[posted % NBATCH].made = behind && p->made_there;
		p->filling_items = &p->items[posted % NBATCH];
	}
	return p->filling_items;
}

/* What the callback made of a batch's items here, kept with the batch. */
static void keep_output(struct trace_pipe *p, struct item_batch *b)
{
	size_t n;
	const char *bytes = p->made_there->take(p->ctx, &n);
	char *to = b->room;

	b->out = b->room;
	b->out_len = 0;
	if (n > sizeof(b->room)) {
		if (n > b->big_cap) {
			char *o = realloc(b->big, n);

			if (!o) {
				p->nomem = true;
				return;
			}
			b->big = o;
			b->big_cap = n;
		}
		to = b->big;
	}
	memcpy(to, bytes, n);
	b->out = to;
	b->out_len = n;
}

static void items_post(struct trace_pipe *p)
{
	struct item_batch *b = &p->items[LOAD(p->items_posted) % NBATCH];

	if (!p->filling_items)
		return;
	if (b->made)
		keep_output(p, b);
	PUBLISH(p->items_posted, LOAD(p->items_posted) + 1);
	changed(p);
	p->filling_items = NULL;
}

/* The decoder's callback on its thread: the item into the batch, its message copied. */
static int hand_over(void *ctx, const struct trace_item *it)
{
	struct trace_pipe *p = ctx;
	struct item_batch *b = p->filling_items ? p->filling_items : items_slot(p);
	size_t need = it->msg ? it->msg_len + 1 : 0;

	if (b && (b->n == BATCH_ITEMS || BATCH_TEXT - b->text_len < need)) {
		items_post(p);
		b = items_slot(p);
	}
	if (!b)
		return 1;
	if (p->nomem)
		return -1;
	if (b->made) {
		struct trace_item own;
		int rc;

		if (!it->msg && it->prog) {	/* deferred before this batch began */
			own = *it;
			it = trace_item_make_msg(&own, p->thread_msg);
		}
		rc = p->emit(p->ctx, it);
		b->n++;
		return rc;
	}
	b->item[b->n] = *it;
	if (it->msg) {
		memcpy(b->text + b->text_len, it->msg, it->msg_len);
		b->text[b->text_len + it->msg_len] = '\0';
		b->msg_at[b->n] = b->text_len;
		b->text_len += need;
	}
	b->n++;
	return 0;
}

static int run_blocks(struct trace_pipe *p, const struct op *o, const struct op_batch *b)
{
	uint64_t index = o->index;

	for (unsigned i = 0; i < o->blocks; i++, index++) {
		int rc;

		if (o->wrap && index == o->wrap)
			index = 0;
		rc = trace_dec_block(p->d, b->blk[o->first + i], index,
				     o->offset + (uint64_t)i * TRACE_BLOCK_BYTES);
		if (rc)
			return rc;
	}
	return 0;
}

static int run_op(struct trace_pipe *p, const struct op *o, const struct op_batch *b)
{
	switch (o->kind) {
	case OP_BLOCK:
		return run_blocks(p, o, b);
	case OP_SKIP:
		return trace_dec_skip(p->d, o->reason, o->index, o->blocks, o->offset);
	case OP_FINISH:
		return trace_dec_finish(p->d);
	case OP_SYNC:
		break;
	}
	return 0;
}

static bool ops_ready(const struct trace_pipe *p)
{
	return LOAD(p->ops_done) != LOAD(p->ops_posted) || LOAD(p->quit);
}

static void *decoder_thread(void *arg)
{
	struct trace_pipe *p = arg;
	int rc = 0;

	if (p->made_there)
		p->made_there->start(p->ctx);
	for (;;) {
		uint64_t done = LOAD(p->ops_done);
		const struct op_batch *b;
		unsigned syncs = 0;

		if (done == LOAD(p->ops_posted) && !LOAD(p->quit))
			wait_until(p, ops_ready);
		if (LOAD(p->quit))
			break;
		b = &p->ops[done % NBATCH];
		for (unsigned i = 0; i < b->n; i++) {
			/* after a failure the decoder takes nothing more, but the caller's waits end */
			if (!rc)
				rc = run_op(p, &b->op[i], b);
			if (b->op[i].kind == OP_FINISH || b->op[i].kind == OP_SYNC) {
				items_post(p);
				syncs++;
			}
		}
		if (p->nomem && !rc)	/* a batch's records were lost: the run fails */
			rc = -1;
		if (rc && !LOAD(p->rc))
			PUBLISH(p->rc, rc);
		if (syncs)
			PUBLISH(p->syncs_done, LOAD(p->syncs_done) + syncs);
		PUBLISH(p->ops_done, done + 1);
		changed(p);
	}
	if (p->made_there)
		p->made_there->end(p->ctx);
	return NULL;
}

/* ---- the caller's thread ---- */

static void deliver(struct trace_pipe *p, struct item_batch *b)
{
	if (b->made) {
		if (!p->stop)
			p->stop = p->made_there->put(p->ctx, b->out, b->out_len);
		return;
	}
	for (unsigned i = 0; i < b->n && !p->stop; i++) {
		struct trace_item *it = &b->item[i];

		if (it->msg) {
			it->msg = b->text + b->msg_at[i];
		} else if (it->prog) {
			trace_item_make_msg(it, p->msg);
		}
		p->stop = p->emit(p->ctx, it);
	}
}

/* What pump() waits for: its goal, or items to deliver meanwhile. */
static bool goal_or_items(const struct trace_pipe *p)
{
	return p->goal(p) || LOAD(p->items_done) != LOAD(p->items_posted);
}

/*
 * Delivers the thread's items until done(p) holds, or only what is ready now
 * when wait is false. The caller must keep delivering while it waits: the
 * thread may itself be waiting for room to put items in.
 */
static int pump(struct trace_pipe *p, bool (*done)(const struct trace_pipe *), bool wait)
{
	while (!done(p)) {
		uint64_t n = LOAD(p->items_done);

		if (n != LOAD(p->items_posted)) {
			deliver(p, &p->items[n % NBATCH]);
			PUBLISH(p->items_done, n + 1);
			changed(p);
		} else if (wait) {
			p->goal = done;
			wait_until(p, goal_or_items);
		} else {
			break;
		}
	}
	return p->stop ? p->stop : LOAD(p->rc);
}

static bool room_for_ops(const struct trace_pipe *p)
{
	return LOAD(p->ops_posted) - LOAD(p->ops_done) < NBATCH;
}

static bool half_free_for_ops(const struct trace_pipe *p)
{
	return LOAD(p->ops_posted) - LOAD(p->ops_done) <= NBATCH / 2;
}

static bool synced(const struct trace_pipe *p)
{
	return LOAD(p->syncs_done) == LOAD(p->syncs_asked) &&
	       LOAD(p->items_done) == LOAD(p->items_posted);
}

static bool nothing(const struct trace_pipe *p)
{
	(void)p;
	return false;
}

/* The batch of operations being filled (ops_posted is this thread's own). */
static struct op_batch *filling(struct trace_pipe *p)
{
	return &p->ops[atomic_load_explicit(&p->ops_posted, memory_order_relaxed) % NBATCH];
}

/* The next operation's place in the batch being filled. */
static unsigned op_slot(struct trace_pipe *p)
{
	if (!p->have_ops) {
		pump(p, room_for_ops(p) ? room_for_ops : half_free_for_ops, true);
		filling(p)->n = 0;
		filling(p)->nblk = 0;
		p->have_ops = true;
	}
	return filling(p)->n;
}

/* The operation at op_slot() is written: post the batch when full (or asked), then deliver. */
static int op_added(struct trace_pipe *p, bool post)
{
	struct op_batch *b = filling(p);

	if (++b->n < BATCH_OPS && b->nblk < BATCH_BLOCKS && !post)
		return p->stop;
	PUBLISH(p->ops_posted, LOAD(p->ops_posted) + 1);
	changed(p);
	p->have_ops = false;
	return pump(p, nothing, false);
}

uint8_t *trace_pipe_room(struct trace_pipe *p, unsigned *n)
{
	struct op_batch *b;

	op_slot(p);
	b = filling(p);
	*n = BATCH_BLOCKS - b->nblk;
	return b->blk[b->nblk];
}

int trace_pipe_blocks(struct trace_pipe *p, unsigned n, uint64_t index, uint64_t wrap,
		      uint64_t offset)
{
	struct op_batch *b;
	unsigned i;

	if (p->stop || !n)
		return p->stop;
	i = op_slot(p);
	b = filling(p);
	b->op[i] = (struct op){ .kind = OP_BLOCK, .first = b->nblk, .blocks = n,
				.index = wrap ? index % wrap : index, .wrap = wrap,
				.offset = offset };
	b->nblk += n;
	return op_added(p, false);
}

int trace_pipe_block(struct trace_pipe *p, const uint8_t *blk, uint64_t index, uint64_t offset)
{
	unsigned room;

	if (p->stop)
		return p->stop;
	memcpy(trace_pipe_room(p, &room), blk, TRACE_BLOCK_BYTES);
	return trace_pipe_blocks(p, 1, index, 0, offset);
}

int trace_pipe_skip(struct trace_pipe *p, enum trace_skip reason, uint64_t index,
		    uint64_t blocks, uint64_t offset)
{
	unsigned i;

	if (p->stop)
		return p->stop;
	i = op_slot(p);
	filling(p)->op[i] = (struct op){
		.kind = OP_SKIP, .reason = reason, .index = index, .blocks = blocks,
		.offset = offset };
	return op_added(p, false);
}

/* The end of the input, or a point the caller needs reached: everything up to it delivered. */
static int sync_on(struct trace_pipe *p, enum op_kind kind)
{
	unsigned i = op_slot(p);

	filling(p)->op[i] = (struct op){ .kind = kind };
	PUBLISH(p->syncs_asked, LOAD(p->syncs_asked) + 1);
	op_added(p, true);
	return pump(p, synced, true);
}

int trace_pipe_finish(struct trace_pipe *p)
{
	return sync_on(p, OP_FINISH);
}

int trace_pipe_sync(struct trace_pipe *p)
{
	return sync_on(p, OP_SYNC);
}

struct trace_pipe *trace_pipe_start(struct trace_dec *d, const struct trace_pipe_output *made_there)
{
	struct trace_pipe *p = calloc(1, sizeof(*p));
	int e;

	if (!p)
		return NULL;
	p->d = d;
	p->made_there = made_there;
	p->emit = hand_over;
	p->ctx = p;
	trace_dec_swap_emit(d, &p->emit, &p->ctx);
	trace_dec_defer_render(d, true);
	pthread_mutex_init(&p->mu, NULL);
	pthread_cond_init(&p->cv, NULL);
	/* signals stay the caller's: its reads and waits are the ones they interrupt */
	e = par_thread_start(&p->thread, decoder_thread, p, 0);
	if (e) {
		trace_dec_swap_emit(d, &p->emit, &p->ctx);
		trace_dec_defer_render(d, false);
		pthread_cond_destroy(&p->cv);
		pthread_mutex_destroy(&p->mu);
		free(p);
		return NULL;
	}
	return p;
}

void trace_pipe_stop(struct trace_pipe *p)
{
	if (!p)
		return;
	PUBLISH(p->quit, true);
	changed(p);
	pthread_join(p->thread, NULL);
	trace_dec_swap_emit(p->d, &p->emit, &p->ctx);
	trace_dec_defer_render(p->d, false);
	pthread_cond_destroy(&p->cv);
	pthread_mutex_destroy(&p->mu);
	for (unsigned i = 0; i < NBATCH; i++)
		free(p->items[i].big);
	free(p);
}
