/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_OPS_TRACEID_H
#define PRMCTL_OPS_TRACEID_H

#include "lib/prm/tracefile.h"

struct dev;

/*
 * Who a trace record comes from and its clock, into m: firmware version
 * from BAR0, PSID from MGIR, device_frequency_khz from the general caps.
 * Each is left out when the device will not tell: a strings database or a
 * capture is still worth having without it.
 */
void tracer_identity(struct dev *d, struct tracefile_meta *m);

#endif
