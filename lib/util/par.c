// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdbool.h>
#include <stdlib.h>

#include "lib/util/par.h"

struct start {
	void *(*fn)(void *arg);
	void *arg;
	bool placed;
	cpu_set_t cpus;		/* the creator's, taken back at the start */
};

static void *begin(void *p)
{
	struct start s = *(struct start *)p;

	free(p);
	if (s.placed)
		pthread_setaffinity_np(pthread_self(), sizeof(s.cpus), &s.cpus);
	return s.fn(s.arg);
}

/* the thread's first CPU: the next after the caller's that it may run on */
static void place(pthread_attr_t *at, struct start *s)
{
	int here = sched_getcpu();
	cpu_set_t one;

	if (here < 0 || sched_getaffinity(0, sizeof(s->cpus), &s->cpus))
		return;
	for (int k = 1; k < CPU_SETSIZE; k++) {
		int c = (here + k) % CPU_SETSIZE;

		if (!CPU_ISSET(c, &s->cpus))
			continue;
		CPU_ZERO(&one);
		CPU_SET(c, &one);
		s->placed = !pthread_attr_setaffinity_np(at, sizeof(one), &one);
		return;
	}
}

int par_thread_start(pthread_t *t, void *(*fn)(void *arg), void *arg, int keep_signal)
{
	struct start *s = malloc(sizeof(*s));
	pthread_attr_t at;
	sigset_t all, old;
	int e;

	if (!s)
		return ENOMEM;
	*s = (struct start){ .fn = fn, .arg = arg };
	if ((e = pthread_attr_init(&at))) {
		free(s);
		return e;
	}
	place(&at, s);
	sigfillset(&all);
	if (keep_signal)
		sigdelset(&all, keep_signal);
	pthread_sigmask(SIG_SETMASK, &all, &old);
	e = pthread_create(t, &at, begin, s);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	pthread_attr_destroy(&at);
	if (e)
		free(s);
	return e;
}

struct call {
	void (*fn)(void *arg);
	void *arg;
};

static void *run(void *arg)
{
	struct call *c = arg;

	c->fn(c->arg);
	return NULL;
}

void par_both(void (*fn)(void *arg), void *a, void *b)
{
	struct call c = { fn, b };
	pthread_t t;
	int e = par_thread_start(&t, run, &c, 0);

	fn(a);
	if (e)
		fn(b);
	else
		pthread_join(t, NULL);
}
