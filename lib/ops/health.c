// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
#include "lib/ops/health.h"

#include <errno.h>
#include <string.h>
#include <time.h>

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

static void wait_ms(uint64_t ms)
{
	struct timespec ts = { (time_t)(ms / 1000), (long)(ms % 1000) * 1000000L };

	/* a signal cuts the wait short: sleep the rest, the stop check is the caller's */
	while (nanosleep(&ts, &ts) == -1 && errno == EINTR)
		;
}

int ops_health_check(struct dev *d, uint64_t sample_ms, struct ops_health *h,
		     struct prm_err *err)
{
	if (ops_health_read(d, h, err))
		return -1;
	if (!sample_ms || !ops_health_can_sample(d, h))
		return 0;
	wait_ms(sample_ms);
	return ops_health_resample(d, h, sample_ms, err);
}

size_t ops_health_check_many(struct dev *const *d, size_t n, uint64_t sample_ms,
			     struct ops_health *h, int *rc, struct prm_err *errs)
{
	bool any = false;
	size_t failed = 0;

	for (size_t i = 0; i < n; i++) {
		rc[i] = ops_health_read(d[i], &h[i], &errs[i]);
		any |= rc[i] == 0 && ops_health_can_sample(d[i], &h[i]);
	}
	if (sample_ms && any)
		wait_ms(sample_ms);
	for (size_t i = 0; i < n; i++) {
		if (rc[i] == 0 && sample_ms && ops_health_can_sample(d[i], &h[i]))
			rc[i] = ops_health_resample(d[i], &h[i], sample_ms, &errs[i]);
		failed += rc[i] != 0;
	}
	return failed;
}
