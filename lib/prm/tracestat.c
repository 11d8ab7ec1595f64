// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
#include <stdlib.h>
#include <string.h>

#include "lib/prm/tracestat.h"

#define TS_MASK ((UINT64_C(1) << TRACE_TS_BITS) - 1)

struct tracestat {
	struct tracestat_row ev[256];
	bool ev_seen[256];
	struct tracestat_row *ev_list;
	unsigned nev;

	struct tracestat_row *fmts;	/* open addressing on key */
	uint64_t *keys;			/* 0 = free */
	unsigned cap, nfmts;
	struct tracestat_row *sorted;
};

/* Keys: pointer + 1 for known pointers, high values for the pointerless buckets. */
static uint64_t key_of(const struct trace_item *it)
{
	if (!it->has_pointer)
		return UINT64_C(1) << 40;
	if (it->problem == TRACE_PROBLEM_UNKNOWN_POINTER)
		return (UINT64_C(1) << 40) + 1;
	return (uint64_t)it->pointer + 1;
}

static int64_t circ_diff(uint64_t a, uint64_t b)
{
	uint64_t d = (a - b) & TS_MASK;

	return d < (UINT64_C(1) << (TRACE_TS_BITS - 1)) ? (int64_t)d
		: -(int64_t)((UINT64_C(1) << TRACE_TS_BITS) - d);
}

static void account(struct tracestat_row *r, const struct trace_item *it)
{
	r->count++;
	r->lost += it->lost;
	if (!it->has_ts)
		return;
	if (r->timed) {
		int64_t d = circ_diff(it->timestamp, r->last);

		if (!r->intervals || d < r->imin)
			r->imin = d;
		if (!r->intervals || d > r->imax)
			r->imax = d;
		r->isum += d;
		r->intervals++;
	} else {
		r->first = it->timestamp;
	}
	r->last = it->timestamp;
	r->timed++;
}

static int grow(struct tracestat *s)
{
	unsigned ncap = s->cap ? s->cap * 2 : 256;
	struct tracestat_row *nf = calloc(ncap, sizeof(*nf));
	uint64_t *nk = calloc(ncap, sizeof(*nk));

	if (!nf || !nk) {
		free(nf);
		free(nk);
		return -1;
	}
	for (unsigned i = 0; i < s->cap; i++) {
		unsigned j;

		if (!s->keys[i])
			continue;
		for (j = (unsigned)(s->keys[i] * 2654435761u) & (ncap - 1); nk[j];
		     j = (j + 1) & (ncap - 1))
			;
		nk[j] = s->keys[i];
		nf[j] = s->fmts[i];
	}
	free(s->fmts);
	free(s->keys);
	s->fmts = nf;
	s->keys = nk;
	s->cap = ncap;
	return 0;
}

static struct tracestat_row *format_row(struct tracestat *s, const struct trace_item *it)
{
	uint64_t key = key_of(it);
	struct tracestat_row *r;
	unsigned j;

	if (2 * (s->nfmts + 1) > s->cap && grow(s))
		return NULL;
	for (j = (unsigned)(key * 2654435761u) & (s->cap - 1); s->keys[j];
	     j = (j + 1) & (s->cap - 1))
		if (s->keys[j] == key)
			return &s->fmts[j];
	r = &s->fmts[j];
	memset(r, 0, sizeof(*r));
	s->keys[j] = key;
	s->nfmts++;
	r->type = it->type;
	r->event_id = it->event_id;
	r->has_pointer = it->has_pointer && it->problem != TRACE_PROBLEM_UNKNOWN_POINTER;
	r->pointer = it->pointer;
	r->problem = it->has_pointer ? (it->problem == TRACE_PROBLEM_UNKNOWN_POINTER
					 ? it->problem : TRACE_PROBLEM_NONE)
				     : TRACE_PROBLEM_MISSING_POINTER;
	if (it->fmt) {
		r->fmt = malloc(it->fmt_len + 1);
		if (!r->fmt)
			return NULL;
		memcpy(r->fmt, it->fmt, it->fmt_len);
		r->fmt[it->fmt_len] = '\0';
	}
	return r;
}

int tracestat_add(struct tracestat *s, const struct trace_item *it)
{
	struct tracestat_row *r;

	if (it->type == TRACE_ITEM_SKIP || it->type == TRACE_ITEM_TIMESTAMP)
		return 0;
	if (!s->ev_seen[it->event_id]) {
		s->ev_seen[it->event_id] = true;
		s->ev[it->event_id].event_id = it->event_id;
		s->ev[it->event_id].type = it->type;
	}
	account(&s->ev[it->event_id], it);
	if (it->type != TRACE_ITEM_STRING)
		return 0;
	r = format_row(s, it);
	if (!r)
		return -1;
	account(r, it);
	return 0;
}

struct tracestat *tracestat_new(void)
{
	return calloc(1, sizeof(struct tracestat));
}

void tracestat_free(struct tracestat *s)
{
	if (!s)
		return;
	for (unsigned i = 0; i < s->cap; i++)
		if (s->keys[i])
			free(s->fmts[i].fmt);
	free(s->fmts);
	free(s->keys);
	free(s->sorted);
	free(s->ev_list);
	free(s);
}

const struct tracestat_row *tracestat_events(const struct tracestat *cs, unsigned *n)
{
	struct tracestat *s = (struct tracestat *)cs;

	free(s->ev_list);
	s->ev_list = malloc(256 * sizeof(*s->ev_list));
	*n = 0;
	if (!s->ev_list)
		return NULL;
	for (unsigned i = 0; i < 256; i++)
		if (s->ev_seen[i])
			s->ev_list[(*n)++] = s->ev[i];
	return s->ev_list;
}

static int by_count(const void *a, const void *b)
{
	const struct tracestat_row *x = a, *y = b;

	if (x->count != y->count)
		return x->count < y->count ? 1 : -1;
	if (x->has_pointer != y->has_pointer)
		return x->has_pointer ? -1 : 1;
	if (x->pointer != y->pointer)
		return x->pointer < y->pointer ? -1 : 1;
	return (int)x->problem - (int)y->problem;
}

const struct tracestat_row *tracestat_formats(struct tracestat *s, unsigned *n)
{
	unsigned k = 0;

	free(s->sorted);
	s->sorted = malloc((s->nfmts ? s->nfmts : 1) * sizeof(*s->sorted));
	*n = 0;
	if (!s->sorted)
		return NULL;
	for (unsigned i = 0; i < s->cap; i++)
		if (s->keys[i])
			s->sorted[k++] = s->fmts[i];
	qsort(s->sorted, k, sizeof(*s->sorted), by_count);
	*n = k;
	return s->sorted;
}

bool tracestat_avg(const struct tracestat_row *r, int64_t *avg)
{
	__int128 q;

	if (!r->intervals)
		return false;
	q = r->isum / (__int128)r->intervals;
	if (r->isum % (__int128)r->intervals < 0)
		q--;
	*avg = (int64_t)q;
	return true;
}
