// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
#include <pthread.h>
#include <signal.h>

#include "lib/util/par.h"

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
	sigset_t all, old;
	pthread_t t;
	int e;

	sigfillset(&all);
	pthread_sigmask(SIG_SETMASK, &all, &old);
	e = pthread_create(&t, NULL, run, &c);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	fn(a);
	if (e)
		fn(b);
	else
		pthread_join(t, NULL);
}
