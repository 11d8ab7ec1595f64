/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_PRM_HWATCH_H
#define PRMCTL_PRM_HWATCH_H

#include <stddef.h>
#include <stdint.h>

#include "lib/prm/health.h"

/*
 * Health over time: samples of the initialization segment in, events out.
 * A counter unchanged for `misses` samples in a row, with nothing else
 * wrong, is a stall (fw_unresponsive). An event is given when the state
 * changes, never again while it holds.
 */
enum prm_hwatch_kind {
	PRM_HWATCH_STARTED,
	PRM_HWATCH_STALLED,
	PRM_HWATCH_RECOVERED,
	PRM_HWATCH_FW_ERROR,
	PRM_HWATCH_THERMAL,
	PRM_HWATCH_PCI_GONE,
	PRM_HWATCH_INITIALIZING,
	PRM_HWATCH_SYND_CHANGED,
};

struct prm_hwatch_event {
	enum prm_hwatch_kind kind;
	enum prm_health_status status;	/* the state it leads to */
	uint64_t at_ns;			/* when the sample was taken */
	uint64_t stalled_ns;		/* stalled: since the counter last moved */
	uint32_t counter;
	uint8_t synd, prev_synd;
};

struct prm_hwatch {
	unsigned misses;
	bool started;
	enum prm_health_status state;
	uint32_t counter;
	unsigned unchanged;
	uint64_t moved_ns;		/* when the counter last changed */
	uint8_t synd;
};

void prm_hwatch_init(struct prm_hwatch *w, unsigned misses);

/* One sample at now_ns; returns how many events (at most 2) went to ev[]. */
size_t prm_hwatch_sample(struct prm_hwatch *w, uint64_t now_ns,
			 const struct prm_health_report *r, struct prm_hwatch_event ev[2]);

const char *prm_hwatch_kind_name(enum prm_hwatch_kind k);

#endif
