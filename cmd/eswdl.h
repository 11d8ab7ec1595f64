/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_CMD_ESWDL_H
#define PRMCTL_CMD_ESWDL_H

#include <stdint.h>

#include "lib/dev/dev.h"

/*
 * esw watch over devlink: the driver's port notifications (new, del) for
 * the e-switch's VF and SF ports, each followed by a re-query of the ports
 * and one line per change. count 0 / duration_ms 0: no bound.
 */
int esw_watch_devlink(struct dev *d, uint64_t count, uint64_t duration_ms);

#endif
