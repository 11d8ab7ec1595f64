// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Two threads take the ring's parts in turn (even parts, odd parts); each
 * reads, decodes and makes the records of its own, so nothing per item
 * crosses between them: with one decoder on a thread and the records made
 * on another (lib/ops/tracepipe.c), handing over each item cost 45% more
 * CPU than one thread alone spent on the whole decode.
 *
 * What they share is a few numbers a part, under one lock (a part is 64 KiB
 * of ring, milliseconds of work): which parts are checked, which are out,
 * where a read failed, whether the run stopped. A part's records go out
 * only once it is checked and every part before it is out.
 */
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lib/ops/traceseg.h"
#include "lib/util/par.h"

#define SEG_BLOCKS 256		/* a part */
#define WARM_BLOCKS 8		/* a part's decoder starts this many blocks early */
#define RUN_BLOCKS 8		/* read at a time past a part's end */
#define NONE UINT64_MAX

struct seg_run;

struct worker {
	struct seg_run *r;
	unsigned t;
	pthread_t thread;
	struct trace_dec *d;
	struct trace_dec_state *spec;	/* the state it learnt at its part's first block */
	uint8_t *buf;			/* SEG_BLOCKS blocks */
	struct trace_counts counts;	/* of the parts it gave out */
	/* under r->mu */
	uint64_t spec_for;		/* the part spec is of, plus one; 0: none */
	bool spec_ok;			/* false: the state could not be kept */
};

struct seg_run {
	const struct trace_seg_input *in;
	const struct trace_pipe_output *out;
	void *octx;
	uint64_t nseg;
	pthread_mutex_t mu;
	pthread_cond_t cv;
	/* under mu */
	uint64_t checked;	/* parts [0, checked) decode as one decoder does */
	uint64_t alone_from;	/* a part found different: the thread before it goes on alone */
	uint64_t written;	/* parts [0, written) are out */
	uint64_t last_part;	/* after a failure: parts past it are not given out */
	int stop;		/* a decoder's or put's non-zero return */
	struct trace_seg_result fail;
	uint64_t fail_pos;	/* in decoding order */
	unsigned sleepers;	/* threads asleep in sleep_on() */
	_Atomic unsigned changes;	/* unlock_changed() calls, read by a spinning sleep_on() */
	struct worker w[2];
};

static void lock(struct seg_run *r)
{
	pthread_mutex_lock(&r->mu);
}

/*
 * Something the other side may wait for changed. A wake-up is a system call
 * (tens of microseconds in a VM): only for one asleep.
 */
static void unlock_changed(struct seg_run *r)
{
	atomic_fetch_add_explicit(&r->changes, 1, memory_order_release);
	if (r->sleepers)
		pthread_cond_broadcast(&r->cv);
	pthread_mutex_unlock(&r->mu);
}

/* ~40 us: most waits for the other thread's turn are shorter (~17 us measured) */
#define SPINS 2000

/*
 * Returns, the lock held again, once something may have changed: the
 * caller's loop tests its condition again. A short spin on the change count
 * first, without the lock: a sleep and its wake-up cost two system calls
 * and an interrupt to the other CPU, 5% of a decode's time in the PVM guest
 * (perf: futex wake-ups under pthread_cond_broadcast).
 */
static void sleep_on(struct seg_run *r)
{
	unsigned seen = atomic_load_explicit(&r->changes, memory_order_relaxed);

	pthread_mutex_unlock(&r->mu);
	for (unsigned i = 0; i < SPINS; i++) {
		if (atomic_load_explicit(&r->changes, memory_order_acquire) != seen)
			break;
		par_relax();
	}
	pthread_mutex_lock(&r->mu);
	if (atomic_load_explicit(&r->changes, memory_order_relaxed) != seen)
		return;
	r->sleepers++;
	pthread_cond_wait(&r->cv, &r->mu);
	r->sleepers--;
}

static uint64_t min_u64(uint64_t a, uint64_t b)
{
	return a < b ? a : b;
}

static bool ended(const struct seg_run *r)
{
	return r->stop || r->fail.failed;
}

static void set_stop(struct seg_run *r, int rc)
{
	lock(r);
	if (!r->stop)
		r->stop = rc;
	unlock_changed(r);
}

/*
 * Blocks [from, to) in decoding order into w's decoder; with until_paid,
 * only until it owes nothing (past a part's end, its last message is
 * usually out one block on). Returns the decoder's non-zero return, or 0;
 * *failed when a read failed (recorded).
 */
static int feed(struct worker *w, uint64_t from, uint64_t to, bool until_paid, bool *failed)
{
	const struct trace_seg_input *in = w->r->in;

	while (from < to) {
		uint64_t index = (in->start + from) % in->nblocks;
		unsigned n = (unsigned)min_u64(min_u64(to - from, SEG_BLOCKS), in->nblocks - index);

		if (in->read(in->ctx, w->buf, index, n)) {
			struct seg_run *r = w->r;

			lock(r);
			if (!r->fail.failed || from < r->fail_pos)
				r->fail = (struct trace_seg_result){ .failed = true, .index = index,
								     .err = errno }, r->fail_pos = from;
			unlock_changed(r);
			*failed = true;
			return 0;
		}
		for (unsigned i = 0; i < n; i++) {
			int rc;

			if (until_paid && !trace_dec_owes(w->d))
				return 0;
			rc = trace_dec_block(w->d, w->buf + (size_t)i * TRACE_BLOCK_BYTES, index + i,
					     (index + i) * TRACE_BLOCK_BYTES);
			if (rc)
				return rc;
		}
		from += n;
	}
	return 0;
}

/* This thread's records so far, out (its turn come): non-zero when put says stop. */
static int give_out(struct worker *w)
{
	size_t n;
	const char *bytes = w->r->out->take(w->r->octx, &n);
	int rc = n ? w->r->out->put(w->r->octx, bytes, n) : 0;

	if (rc)
		set_stop(w->r, rc);
	return rc;
}

/* Parts [0, upto) are out; the caller's thread shows how far that is. */
static void given(struct worker *w, uint64_t upto)
{
	struct seg_run *r = w->r;

	lock(r);
	r->written = upto;
	unlock_changed(r);
	if (w->t == 0 && r->in->progress)
		r->in->progress(r->in->ctx, min_u64(upto * SEG_BLOCKS, r->in->nblocks));
}

static void drop(struct worker *w)
{
	size_t n;

	w->r->out->take(w->r->octx, &n);
}

/*
 * The part before k+1 is this thread's, its state the true one: is k+1's
 * learnt state the same? False: it is not, and this thread goes on alone.
 * *mine false: this thread's part k was itself found different.
 */
static bool check_next(struct worker *w, uint64_t k, bool *mine)
{
	struct seg_run *r = w->r;
	struct worker *o = &r->w[!w->t];
	bool same = true;

	*mine = true;
	lock(r);
	while (o->spec_for != k + 2 && r->alone_from > k && !ended(r))
		sleep_on(r);
	if (r->alone_from <= k) {
		*mine = false;
	} else if (o->spec_for == k + 2 && !ended(r)) {
		same = o->spec_ok && trace_dec_state_same(w->d, o->spec);
		if (same)
			r->checked = k + 2;
		else
			r->alone_from = k + 1;
	}
	unlock_changed(r);
	return same;
}

/* Decoding past the part's end [at, ...) until what it started is out. */
static int run_over(struct worker *w, uint64_t at, bool *failed)
{
	const struct trace_seg_input *in = w->r->in;
	int rc = 0;

	while (!rc && !*failed && trace_dec_owes(w->d) && at < in->nblocks) {
		uint64_t to = min_u64(at + RUN_BLOCKS, in->nblocks);

		rc = feed(w, at, to, true, failed);
		at = to;
	}
	if (!rc && !*failed && trace_dec_owes(w->d))
		rc = in->end(in->ctx, w->d);
	return rc;
}

/* The rest of the ring from at, on this thread alone, out as it goes. */
static int alone(struct worker *w, uint64_t k, uint64_t at, bool *failed)
{
	struct seg_run *r = w->r;
	const struct trace_seg_input *in = r->in;
	int rc = 0;

	trace_dec_own(w->d, true);
	for (uint64_t part = k; !rc && !*failed; part++) {
		bool stopped;

		lock(r);
		while (r->written < part && !ended(r))
			sleep_on(r);
		stopped = r->stop || r->written < part;
		pthread_mutex_unlock(&r->mu);
		if (stopped || give_out(w))
			return 0;
		given(w, part + 1);
		if (at == in->nblocks)
			break;
		rc = feed(w, at, min_u64(at + SEG_BLOCKS, in->nblocks), false, failed);
		at = min_u64(at + SEG_BLOCKS, in->nblocks);
		if (!rc && !*failed && at == in->nblocks)
			rc = in->end(in->ctx, w->d);
	}
	if (!rc && *failed && !give_out(w))
		given(w, r->nseg);
	return rc;
}

/*
 * Part k: learn the state, decode it, check the next part's, finish what it
 * started, then out in its turn. Returns whether the thread goes on.
 */
static bool part(struct worker *w, uint64_t k)
{
	struct seg_run *r = w->r;
	const struct trace_seg_input *in = r->in;
	uint64_t from = k * SEG_BLOCKS, to = min_u64(from + SEG_BLOCKS, in->nblocks);
	struct trace_counts c0;
	bool failed = false, mine = true, ok;
	int rc = 0;

	trace_dec_reset(w->d);
	c0 = *trace_dec_counts(w->d);
	if (k > 0) {
		trace_dec_own(w->d, false);
		rc = feed(w, from - min_u64(WARM_BLOCKS, from), from, false, &failed);
		ok = !rc && !failed && !trace_dec_state_save(w->d, w->spec);
		lock(r);
		w->spec_for = k + 1;
		w->spec_ok = ok;
		unlock_changed(r);
		if (!ok)
			goto out;
	}
	trace_dec_own(w->d, true);
	rc = feed(w, from, to, false, &failed);
	if (rc || failed)
		goto out;
	if (to == in->nblocks) {
		rc = in->end(in->ctx, w->d);
		goto out;
	}
	trace_dec_own(w->d, false);
	if (!check_next(w, k, &mine)) {
		rc = alone(w, k, to, &failed);
		if (rc)
			set_stop(r, rc);
		trace_counts_add(&w->counts, trace_dec_counts(w->d), 1);
		trace_counts_add(&w->counts, &c0, -1);
		return false;
	}
	if (mine)
		rc = run_over(w, to, &failed);
out:
	if (rc)
		set_stop(r, rc);
	lock(r);
	while (r->checked <= k && r->alone_from > k && !ended(r))
		sleep_on(r);
	/* out only if checked, and not past a failed read */
	ok = !r->stop && r->checked > k && (!r->fail.failed || from <= r->fail_pos);
	if (!ok && r->alone_from > k && r->last_part > k)
		r->last_part = k;	/* parts after k wait for it no more */
	while (ok && r->written < k && r->last_part >= k && !r->stop)
		sleep_on(r);
	ok = ok && r->written == k && !r->stop;
	pthread_mutex_unlock(&r->mu);
	if (!ok) {
		drop(w);
		return false;
	}
	trace_counts_add(&w->counts, trace_dec_counts(w->d), 1);
	trace_counts_add(&w->counts, &c0, -1);
	if (give_out(w))
		return false;
	given(w, k + 1);
	lock(r);
	ok = !failed && !ended(r);
	pthread_mutex_unlock(&r->mu);
	return ok;
}

/* This thread's parts, every other one. */
static void work(struct worker *w)
{
	struct seg_run *r = w->r;

	r->out->start(r->octx);
	for (uint64_t k = w->t; k < r->nseg && part(w, k); k += 2)
		;
	r->out->end(r->octx);
}

static void *worker_main(void *arg)
{
	work(arg);
	return NULL;
}

static void run_free(struct seg_run *r)
{
	for (unsigned t = 0; t < 2; t++) {
		trace_dec_free(r->w[t].d);
		trace_dec_state_free(r->w[t].spec);
		free(r->w[t].buf);
	}
	pthread_cond_destroy(&r->cv);
	pthread_mutex_destroy(&r->mu);
	free(r);
}

static struct seg_run *run_new(struct trace_dec *d, const struct trace_pipe_output *out,
			       const struct trace_seg_input *in)
{
	struct seg_run *r = calloc(1, sizeof(*r));
	pthread_mutexattr_t ma;
	trace_emit_fn fn = NULL;
	void *ctx = NULL;

	if (!r)
		return NULL;
	r->in = in;
	r->out = out;
	/* the callback's context is the output's too (a look: swapped out and back) */
	trace_dec_swap_emit(d, &fn, &ctx);
	r->octx = ctx;
	trace_dec_swap_emit(d, &fn, &ctx);
	r->nseg = (in->nblocks + SEG_BLOCKS - 1) / SEG_BLOCKS;
	r->checked = 1;
	r->alone_from = r->last_part = NONE;
	pthread_mutexattr_init(&ma);
	/* held for a few loads and stores: a contender spins a little rather than sleep */
	pthread_mutexattr_settype(&ma, PTHREAD_MUTEX_ADAPTIVE_NP);
	pthread_mutex_init(&r->mu, &ma);
	pthread_mutexattr_destroy(&ma);
	pthread_cond_init(&r->cv, NULL);
	for (unsigned t = 0; t < 2; t++) {
		struct worker *w = &r->w[t];

		w->r = r;
		w->t = t;
		w->d = trace_dec_clone(d);
		w->spec = trace_dec_state_new();
		w->buf = malloc((size_t)SEG_BLOCKS * TRACE_BLOCK_BYTES);
		if (!w->d || !w->spec || !w->buf) {
			run_free(r);
			return NULL;
		}
	}
	return r;
}

int trace_seg_run(struct trace_dec *d, const struct trace_pipe_output *out,
		  const struct trace_seg_input *in, struct trace_seg_result *f)
{
	struct seg_run *r;
	int rc, e;

	*f = (struct trace_seg_result){ 0 };
	if (in->nblocks < TRACE_SEG_MIN_BLOCKS || sysconf(_SC_NPROCESSORS_ONLN) < 2 ||
	    !(r = run_new(d, out, in)))
		return 1;
	/* signals stay this thread's; SIGPIPE is the writer's, as when this thread writes */
	e = par_thread_start(&r->w[1].thread, worker_main, &r->w[1], SIGPIPE);
	if (e) {
		run_free(r);
		return 1;
	}
	work(&r->w[0]);
	pthread_join(r->w[1].thread, NULL);
	for (unsigned t = 0; t < 2; t++)
		trace_dec_count_in(d, &r->w[t].counts);
	*f = r->fail;
	f->parts = r->nseg;
	f->alone_from = min_u64(r->alone_from, r->nseg);
	rc = r->stop;
	run_free(r);
	return rc;
}
