/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_PRM_METRICS_H
#define PRMCTL_PRM_METRICS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "lib/prm/health.h"

/* What one device looked like at its last sample, for a metrics exporter. */
struct prm_metrics_device {
	const char *device;		/* label value: PCI address or prmctl's name */
	uint32_t hw_id;
	bool up;			/* the last read succeeded */
	uint32_t health_counter;
	bool stalled;
	uint8_t synd;
	enum prm_health_status status;
	double last_success_s;		/* epoch seconds of the last good read, 0 none */
	uint64_t collect_errors;
};

/*
 * The Prometheus text exposition format (node_exporter's textfile
 * collector) for n devices, into buf. Returns the length, or -1 when buf is
 * too small.
 */
int prm_metrics_format(const struct prm_metrics_device *d, size_t n, char *buf, size_t sz);

#endif
