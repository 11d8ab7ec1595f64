/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_OPS_ESW_H
#define PRMCTL_OPS_ESW_H

#include <stdbool.h>
#include <stdint.h>

#include "lib/prm/esw.h"
#include "lib/util/err.h"

struct dev;
struct eq;

/*
 * The host functions behind an e-switch manager (QUERY_ESW_FUNCTIONS), once
 * or as they change: after an ESW_FUNCTIONS_CHANGED event where the device
 * raises them and an event queue can be had (the command queue), else at
 * each poll interval.
 */

/* What the capability pages say about asking. */
struct esw_manager {
	unsigned sf_words;	/* host_sf_enable words to read (esw.log_max_esw_sf) */
	bool events;		/* esw.esw_functions_changed: the device raises the event */
};

/* 0, or -1 (PRM_E_NODEV) when d is not an e-switch manager. */
int esw_manager_check(struct dev *d, struct esw_manager *m, struct prm_err *err);

int esw_functions_query(struct dev *d, unsigned sf_words, struct esw_functions *f,
			struct prm_err *err);

/* Following the functions. The caller sets d, interval_ms and duration_ms. */
struct esw_watch {
	struct dev *d;
	uint64_t interval_ms;	/* polling: how often */
	uint64_t duration_ms;	/* 0: no end; a poll is cut short when it is reached */
	uint64_t t0;		/* clock_now_ms() when the watch started */
	struct esw_manager m;
	struct eq *q;		/* the events' queue; NULL: polling */
};

/*
 * The manager checked, the functions as they are now into first, and an
 * event queue if the device raises the event (without one: polling).
 */
int esw_watch_start(struct esw_watch *w, struct esw_functions *first, struct prm_err *err);

/*
 * One wait for a change, then the functions read again into now: 0, 1 when
 * the wait ended with no change (a stop, the duration reached, no event
 * within 100 ms), -1 on failure. A stop (SIGINT) may end the wait or the
 * query with either.
 */
int esw_watch_next(struct esw_watch *w, struct esw_functions *now, struct prm_err *err);

/* The event queue back, if there was one. */
void esw_watch_end(struct esw_watch *w);

#endif
