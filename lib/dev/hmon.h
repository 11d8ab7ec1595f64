/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_DEV_HMON_H
#define PRMCTL_DEV_HMON_H

#include <pthread.h>
#include <stdint.h>

#include "lib/prm/hwatch.h"
#include "lib/util/err.h"

struct dev;

/*
 * A health monitor: its own thread samples a device's initialization
 * segment every interval, whatever else the process does, and queues the
 * events. The caller takes them with hmon_next.
 */
struct hmon;

/*
 * Several monitors, one reader: each signals the waiter when it queues an
 * event, so one thread can sleep until any of them has something.
 */
struct hmon_waiter {
	pthread_mutex_t lock;
	pthread_cond_t cv;
	uint64_t seq;			/* events queued by any monitor so far */
};

void hmon_waiter_init(struct hmon_waiter *w);
/* Sleep until seq differs from *seen or timeout_ms passes; *seen updated. */
void hmon_waiter_wait(struct hmon_waiter *w, uint64_t *seen, unsigned timeout_ms);
void hmon_waiter_destroy(struct hmon_waiter *w);

struct hmon_event {
	struct prm_hwatch_event ev;
	struct prm_health_report report;	/* the sample that caused it */
	uint8_t seg[0x2010];			/* that sample's initialization segment */
};

/* waiter: NULL, or one shared with other monitors. */
int hmon_start(struct dev *d, unsigned interval_ms, unsigned misses, struct hmon_waiter *waiter,
	       struct hmon **out, struct prm_err *err);

/* The next event, waiting up to timeout_ms: 0 with *e, 1 when none came. */
int hmon_next(struct hmon *m, struct hmon_event *e, unsigned timeout_ms);

/* Samples taken and failed reads so far. */
void hmon_counts(struct hmon *m, uint64_t *samples, uint64_t *errors);

/* CPU time the monitor thread has used so far. */
uint64_t hmon_cpu_ns(struct hmon *m);

/* The device as its last sample saw it (device is left to the caller). */
struct prm_metrics_device;
void hmon_last(struct hmon *m, struct prm_metrics_device *out);

void hmon_stop(struct hmon *m);

#endif
