/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_OPS_CAPS_H
#define PRMCTL_OPS_CAPS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "lib/prm/caps.h"
#include "lib/util/err.h"

struct dev;

/*
 * Capability pages (QUERY_HCA_CAP): what the device says it can do, which
 * caps prints and probe, atomic, esw, nvmf and trace capture consult.
 */

/* Bytes of the capability union QUERY_HCA_CAP returns after its header. */
#define DEV_CAP_PAGE_BYTES 4096

/* One capability page (QUERY_HCA_CAP), current or maximum, into page. */
int caps_query(struct dev *d, uint16_t cap_type, bool current, uint8_t *page,
		  struct prm_err *err);

/* The device clock (general caps, current): what turns tracer timestamps into time. */
int caps_device_frequency_khz(struct dev *d, uint64_t *khz, struct prm_err *err);

/*
 * The capability pages as prmctl caps shows them: each QUERY_HCA_CAP page
 * prmctl has a layout for, and the tracer's, which is the MTRC_CAP
 * register. *via names the carrier.
 */

/*
 * A page into buf (DEV_CAP_PAGE_BYTES): p's current or maximum values, or
 * with p NULL the MTRC_CAP register (no maximum: max is ignored).
 */
int caps_page_read(struct dev *d, const struct prm_cap_page *p, bool max, uint8_t *buf,
		  const char **via, struct prm_err *err);

/*
 * For each of prm_cap_pages (the first max), whether the general page says
 * the device has it.
 */
int caps_page_present(struct dev *d, bool *present, size_t max, const char **via,
		     struct prm_err *err);

#endif
