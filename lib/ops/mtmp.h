/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_OPS_MTMP_H
#define PRMCTL_OPS_MTMP_H

#include "lib/prm/mtmp.h"
#include "lib/util/err.h"

struct dev;

/*
 * One sensor's temperature through MTMP (PRM_MTMP_SENSOR_ASIC for the
 * adapter's die), over whatever carries register access (ICMD, else the
 * command channel). -1 when the device cannot answer: an image, no
 * register access, the register refused; callers show nothing then.
 */
int mtmp_read(struct dev *d, unsigned sensor, struct prm_mtmp *out, struct prm_err *err);

#endif
