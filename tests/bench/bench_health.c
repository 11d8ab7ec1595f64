// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * health watch, measured: the CPU its monitor thread uses per second of
 * watching, and how long after a fault is injected its event arrives, at
 * 10 ms and 50 ms intervals, against the in-process simulator. The peer is
 * the Linux driver's own detection with its defaults (health poll every
 * 2000 ms: a syndrome is seen at the next poll, a stall after 3 missed
 * polls), printed beside it. Machines here are shared: medians, and the max.
 *
 * usage: bench_health [INJECTIONS]
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "lib/dev/dev.h"
#include "lib/dev/hmon.h"
#include "lib/sim/adapter.h"

static uint64_t now_ns(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (uint64_t)t.tv_sec * 1000000000ull + (uint64_t)t.tv_nsec;
}

static int cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/* The next event of this kind, in ms after t0; -1 if none within 2 s. */
static double wait_for(struct hmon *m, struct hmon_event *e, enum prm_hwatch_kind k, uint64_t t0)
{
	uint64_t end = t0 + 2000000000ull;

	while (now_ns() < end)
		if (hmon_next(m, e, 50) == 0 && e->ev.kind == k)
			return (double)(now_ns() - t0) / 1e6;
	return -1;
}

static int run(struct dev *d, unsigned interval, int injections, struct hmon_event *e)
{
	static double lat[1000], stall[100];
	struct prm_err err = { 0 };
	uint64_t cpu0, t0;
	struct hmon *m;
	int nstall = injections / 5 > 0 ? injections / 5 : 1;

	if (hmon_start(d, interval, 3, NULL, &m, &err))
		return fprintf(stderr, "bench_health: %s\n", err.msg), -1;
	wait_for(m, e, PRM_HWATCH_STARTED, now_ns());
	/* CPU while nothing happens: 3 s of watching */
	cpu0 = hmon_cpu_ns(m);
	t0 = now_ns();
	while (now_ns() - t0 < 3000000000ull)
		hmon_next(m, e, 100);
	printf("%5u ms  CPU %6.3f%% of a core", interval,
	       100.0 * (double)(hmon_cpu_ns(m) - cpu0) / (double)(now_ns() - t0));
	srand(1);
	for (int i = 0; i < injections; i++) {
		/* at a random phase of the sampling, as faults come */
		struct timespec pause = { 0, (long)(rand() % (int)interval) * 1000000L };

		nanosleep(&pause, NULL);
		t0 = now_ns();
		sim_fault_inject(d->sim, "fw-assert:synd=0x1", &err);
		lat[i] = wait_for(m, e, PRM_HWATCH_FW_ERROR, t0);
		sim_fault_clear(d->sim, NULL, &err);
		wait_for(m, e, PRM_HWATCH_RECOVERED, now_ns());
	}
	for (int i = 0; i < nstall; i++) {
		struct timespec pause = { 0, (long)(rand() % (int)interval) * 1000000L };

		nanosleep(&pause, NULL);
		t0 = now_ns();
		sim_fault_inject(d->sim, "health-stall", &err);
		stall[i] = wait_for(m, e, PRM_HWATCH_STALLED, t0);
		sim_fault_clear(d->sim, NULL, &err);
		wait_for(m, e, PRM_HWATCH_RECOVERED, now_ns());
	}
	hmon_stop(m);
	qsort(lat, (size_t)injections, sizeof(lat[0]), cmp);
	qsort(stall, (size_t)nstall, sizeof(stall[0]), cmp);
	printf("  assert→event median %7.1f ms max %7.1f  stall→event median %7.1f ms max %7.1f (%d/%d)\n",
	       lat[injections / 2], lat[injections - 1], stall[nstall / 2], stall[nstall - 1],
	       injections, nstall);
	/* lines of make bench's table (tests/bench/bench_table): against the driver's best case */
	printf("figure\thealth watch %u ms: assert to event\t%.1f ms median\tLinux driver poll\t"
	       "2000-3000 ms\t%.0fx\t\n", interval, lat[injections / 2], 2000.0 / lat[injections / 2]);
	printf("figure\thealth watch %u ms: stall to event\t%.1f ms median\tLinux driver, 3 polls\t"
	       "6000-9000 ms\t%.0fx\t\n", interval, stall[nstall / 2], 6000.0 / stall[nstall / 2]);
	return lat[0] < 0 || stall[0] < 0 ? -1 : 0;
}

int main(int argc, char **argv)
{
	int injections = argc > 1 ? atoi(argv[1]) : 100;
	struct hmon_event *e = malloc(sizeof(*e));
	struct prm_err err = { 0 };
	struct dev *d = NULL;
	int rc = 0;

	if (injections < 1 || injections > 1000 || !e) {
		fprintf(stderr, "usage: %s [INJECTIONS (1-1000)]\n", argv[0]);
		return 2;
	}
	if (dev_open("sim", NULL, &d, &err)) {
		fprintf(stderr, "bench_health: %s\n", err.msg);
		return 1;
	}
	printf("health watch against the in-process simulator (misses 3)\n");
	rc |= run(d, 10, injections, e);
	rc |= run(d, 50, injections, e);
	printf(" peer: the Linux driver's defaults: health poll every 2000 ms (+ up to 1 s of jitter):\n"
	       "       a syndrome seen within 2000-3000 ms, a stall after 3 missed polls, 6000-9000 ms\n");
	dev_close(d);
	free(e);
	return rc ? 1 : 0;
}
