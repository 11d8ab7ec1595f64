/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_OPS_ATOMIC_H
#define PRMCTL_OPS_ATOMIC_H

#include <stdbool.h>
#include <stdint.h>

#include "lib/util/err.h"

struct dev;

/*
 * What a device says about atomics: the atomic capability page
 * (QUERY_HCA_CAP cap_type 3, DEV_CAP_PAGE_BYTES into page) and the general
 * page's atomic bit, which lib/prm/atomiccaps.h turns into plain answers.
 */
int atomic_caps_query(struct dev *d, uint8_t *page, bool *general_atomic,
		      struct prm_err *err);

#endif
