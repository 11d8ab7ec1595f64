/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_OPS_HEALTH_H
#define PRMCTL_OPS_HEALTH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "lib/dev/dev.h"
#include "lib/prm/health.h"

/*
 * Health in one shot: the initialization segment read, and the health
 * counter read again sample_ms later, because one look cannot tell a hung
 * firmware from a live one. For health show, device show and collect.
 */
struct ops_health {
	uint8_t seg[DEV_INITSEG_BYTES];	/* BAR0 from 0, as read (all-ones included) */
	struct prm_health_report r;	/* r.buffer points into seg: do not copy the struct */
	uint64_t sample_ms;		/* between the two reads; 0: one read */
	bool moved;			/* the counter moved (sample_ms != 0 only) */
};

/*
 * The first read. All-ones is an answer (pci_gone), not an error; -1 only
 * when BAR0 cannot be read at all. h->sample_ms is left 0.
 */
int ops_health_read(struct dev *d, struct ops_health *h, struct prm_err *err);

/*
 * Whether a second read can say more: not for an image (it never changes)
 * nor for a gone or booting function (no counter runs).
 */
bool ops_health_can_sample(const struct dev *d, const struct ops_health *h);

/*
 * The second read, the caller having waited ms since the first: a counter
 * that did not move makes an ok function fw_unresponsive; a syndrome stays
 * the class (moved says the firmware stopped too); gone between the reads
 * is pci_gone.
 */
int ops_health_resample(struct dev *d, struct ops_health *h, uint64_t ms, struct prm_err *err);

/* Both reads of one device, sample_ms apart where that can say more. */
int ops_health_check(struct dev *d, uint64_t sample_ms, struct ops_health *h,
		     struct prm_err *err);

/*
 * Many devices with one wait: every first read, sample_ms, every second
 * read. rc[i] is 0 or -1 with errs[i] saying why; returns how many failed.
 */
size_t ops_health_check_many(struct dev *const *d, size_t n, uint64_t sample_ms,
			     struct ops_health *h, int *rc, struct prm_err *errs);

#endif
