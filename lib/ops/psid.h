/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_OPS_PSID_H
#define PRMCTL_OPS_PSID_H

#include <stddef.h>

#include "lib/util/err.h"

struct dev;

/*
 * The board's PSID, the first thing support asks for: the driver's
 * (devlink info fw.psid) where a driver has a devlink instance, else the
 * firmware's own MGIR (no driver bound, the simulator). *source is
 * "devlink" or "mgir". -1 with err when neither answers.
 */
int ops_psid(struct dev *d, unsigned timeout_ms, char *psid, size_t size, const char **source,
	     struct prm_err *err);

#endif
