// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * lib/util/par.c: a helper thread's signals and CPUs as it runs (placed on
 * another CPU to start, the caller's CPUs taken back), and par_both.
 */
#include <pthread.h>
#include <sched.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "lib/util/par.h"

struct seen {
	sigset_t mask;
	cpu_set_t cpus;
	int cpu;
};

static void *look(void *arg)
{
	struct seen *s = arg;

	pthread_sigmask(SIG_SETMASK, NULL, &s->mask);
	sched_getaffinity(0, sizeof(s->cpus), &s->cpus);
	s->cpu = sched_getcpu();
	return NULL;
}

static void run_one(struct seen *s, int keep)
{
	pthread_t t;

	memset(s, 0, sizeof(*s));
	assert_int_equal(par_thread_start(&t, look, s, keep), 0);
	assert_int_equal(pthread_join(t, NULL), 0);
}

/* every signal blocked on the thread but the one kept; the caller's own mask unchanged */
static void signals(void **state)
{
	sigset_t before, after;
	struct seen s;

	(void)state;
	pthread_sigmask(SIG_SETMASK, NULL, &before);
	run_one(&s, SIGPIPE);
	assert_false(sigismember(&s.mask, SIGPIPE));
	assert_true(sigismember(&s.mask, SIGINT));
	assert_true(sigismember(&s.mask, SIGTERM));
	run_one(&s, 0);
	assert_true(sigismember(&s.mask, SIGPIPE));
	assert_true(sigismember(&s.mask, SIGINT));
	pthread_sigmask(SIG_SETMASK, NULL, &after);
	assert_int_equal(sigismember(&after, SIGINT), sigismember(&before, SIGINT));
	assert_int_equal(sigismember(&after, SIGPIPE), sigismember(&before, SIGPIPE));
}

/* the thread runs with the caller's CPUs, whatever it was placed on first */
static void cpus_taken_back(void **state)
{
	cpu_set_t mine, one;
	struct seen s;
	int here;

	(void)state;
	assert_int_equal(sched_getaffinity(0, sizeof(mine), &mine), 0);
	run_one(&s, 0);
	assert_true(CPU_EQUAL(&s.cpus, &mine));
	/* a caller held to one CPU: nowhere else to place it, and it still runs there */
	here = sched_getcpu();
	assert_true(here >= 0);
	CPU_ZERO(&one);
	CPU_SET(here, &one);
	assert_int_equal(sched_setaffinity(0, sizeof(one), &one), 0);
	run_one(&s, 0);
	assert_int_equal(sched_setaffinity(0, sizeof(mine), &mine), 0);
	assert_true(CPU_EQUAL(&s.cpus, &one));
	assert_int_equal(s.cpu, here);
}

static void add_one(void *arg)
{
	(*(int *)arg)++;
}

static void both(void **state)
{
	int a = 0, b = 10;

	(void)state;
	par_both(add_one, &a, &b);
	assert_int_equal(a, 1);
	assert_int_equal(b, 11);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(signals),
		cmocka_unit_test(cpus_taken_back),
		cmocka_unit_test(both),
	};

	return cmocka_run_group_tests_name("par", tests, NULL, NULL);
}
