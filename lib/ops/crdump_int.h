/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_OPS_CRDUMP_INT_H
#define PRMCTL_OPS_CRDUMP_INT_H

#include <stdbool.h>

#include "lib/ops/crdump.h"

/*
 * The range list into c (ranges, nranges, nlisted, list): o->list, else the
 * chip's in the directory. *hca: the chip's firmware adds scratchpad TLVs.
 * label names the device in messages.
 */
int crdump_list_load(const char *label, const struct crdump_opts *o, uint16_t hw_id,
		     struct crdump *c, bool *hca, struct prm_err *err);

#endif
