/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_OPS_CAPS_H
#define PRMCTL_OPS_CAPS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "lib/util/err.h"

struct dev;

/*
 * Capability pages (QUERY_HCA_CAP): what the device says it can do, which
 * caps prints and probe, atomic, esw, nvmf and trace capture consult.
 */

/* Bytes of the capability union QUERY_HCA_CAP returns after its header. */
#define DEV_CAP_PAGE_BYTES 4096

/* One capability page (QUERY_HCA_CAP), current or maximum, into page. */
int dev_query_cap(struct dev *d, uint16_t cap_type, bool current, uint8_t *page,
		  struct prm_err *err);

/* The device clock (general caps, current): what turns tracer timestamps into time. */
int caps_device_frequency_khz(struct dev *d, uint64_t *khz, struct prm_err *err);

#endif
