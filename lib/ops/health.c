// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
#include "lib/ops/health.h"

#include <errno.h>
#include <string.h>
#include <time.h>

#include "lib/dev/cfg.h"

int ops_health_read(struct dev *d, struct ops_health *h, struct prm_err *err)
{
	h->sample_ms = 0;
	h->moved = false;
	if (dev_bar_read(d, 0, h->seg, sizeof(h->seg), err))
		return -1;
	return prm_health_report(h->seg, sizeof(h->seg), &h->r, err);
}

bool ops_health_can_sample(const struct dev *d, const struct ops_health *h)
{
	return d->name.kind != DEV_KIND_IMAGE && h->r.status != PRM_HEALTH_PCI_GONE &&
	       h->r.status != PRM_HEALTH_FW_INITIALIZING;
}

int ops_health_resample(struct dev *d, struct ops_health *h, uint64_t ms, struct prm_err *err)
{
	uint8_t again[DEV_INITSEG_BYTES];
	struct prm_health_report r2;

	if (dev_bar_read(d, 0, again, sizeof(again), err) ||
	    prm_health_report(again, sizeof(again), &r2, err))
		return -1;
	h->sample_ms = ms;
	if (r2.status == PRM_HEALTH_PCI_GONE) {
		/* gone between the reads: that is the news, and its bytes the evidence */
		memcpy(h->seg, again, sizeof(h->seg));
		return prm_health_report(h->seg, sizeof(h->seg), &h->r, err);
	}
	h->moved = r2.seg.health_counter != h->r.seg.health_counter;
	if (!h->moved && h->r.status == PRM_HEALTH_OK)
		h->r.status = PRM_HEALTH_FW_UNRESPONSIVE;
	return 0;
}

/* Sleeps ms, or less when a stop is asked for: then returns the ms it did wait. */
static uint64_t wait_ms(uint64_t ms)
{
	struct timespec ts = { (time_t)(ms / 1000), (long)(ms % 1000) * 1000000L }, t0, t1;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	/* another signal: sleep the rest; SIGINT/SIGTERM: stop waiting, answer now */
	while (nanosleep(&ts, &ts) == -1 && errno == EINTR && !dev_stop_requested())
		;
	if (!dev_stop_requested())
		return ms;	/* at least ms: the time asked for is the time said */
	clock_gettime(CLOCK_MONOTONIC, &t1);
	ms = (uint64_t)(t1.tv_sec - t0.tv_sec) * 1000u +
	     (uint64_t)((t1.tv_nsec - t0.tv_nsec) / 1000000L);
	return ms ? ms : 1;	/* 0 would say "one read" */
}

int ops_health_check(struct dev *d, uint64_t sample_ms, struct ops_health *h,
		     struct prm_err *err)
{
	if (ops_health_read(d, h, err))
		return -1;
	if (!sample_ms || !ops_health_can_sample(d, h))
		return 0;
	return ops_health_resample(d, h, wait_ms(sample_ms), err);
}

size_t ops_health_check_many(struct dev *const *d, size_t n, uint64_t sample_ms,
			     struct ops_health *h, int *rc, struct prm_err *errs)
{
	uint64_t waited = 0;
	bool any = false;
	size_t failed = 0;

	for (size_t i = 0; i < n; i++) {
		rc[i] = ops_health_read(d[i], &h[i], &errs[i]);
		any |= rc[i] == 0 && ops_health_can_sample(d[i], &h[i]);
	}
	if (sample_ms && any)
		waited = wait_ms(sample_ms);
	for (size_t i = 0; i < n; i++) {
		if (rc[i] == 0 && waited && ops_health_can_sample(d[i], &h[i]))
			rc[i] = ops_health_resample(d[i], &h[i], waited, &errs[i]);
		failed += rc[i] != 0;
	}
	return failed;
}
