/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_CMD_PHYSVIEW_H
#define PRMCTL_CMD_PHYSVIEW_H

#include <stdbool.h>

#include "lib/dev/dev.h"

/*
 * The physical side of a function, shared by device show and health show:
 * its PCIe link against what it is capable of (link_speed, link_width,
 * link_speed_max, link_width_max, link_degraded), the kernel's AER counters
 * (aer) and the ASIC's temperature (temperature_c and, where the device
 * keeps them, temperature_max_c, temperature_warning_c). What cannot be
 * read is null in JSON and left out of the text, never an error of its
 * own: an image, a function read without root, a device that refuses
 * MTMP. thermal: the caller classified the device thermal, so the
 * temperature gets a note.
 */
void out_physical(struct dev *d, bool thermal);

#endif
