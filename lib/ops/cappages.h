/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_OPS_CAPPAGES_H
#define PRMCTL_OPS_CAPPAGES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "lib/prm/caps.h"
#include "lib/util/err.h"

struct dev;

/*
 * The capability pages as prmctl caps shows them: each QUERY_HCA_CAP page
 * prmctl has a layout for, and the tracer's, which is the MTRC_CAP
 * register. *via names the carrier.
 */

/*
 * A page into buf (DEV_CAP_PAGE_BYTES): p's current or maximum values, or
 * with p NULL the MTRC_CAP register (no maximum: max is ignored).
 */
int cappages_read(struct dev *d, const struct prm_cap_page *p, bool max, uint8_t *buf,
		  const char **via, struct prm_err *err);

/*
 * For each of prm_cap_pages (the first max), whether the general page says
 * the device has it.
 */
int cappages_present(struct dev *d, bool *present, size_t max, const char **via,
		     struct prm_err *err);

#endif
