/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_SIM_SEAM_H
#define PRMCTL_SIM_SEAM_H

/*
 * The one header through which lib/dev reaches the simulator
 * (tools/check-layers allows no other). The simulator is a device: only how
 * a config dword, a BAR word or a DMA page is reached differs, and that
 * difference lives in lib/dev/sim.c (the adapter in this process) and
 * lib/dev/simsvc.c (a service: run directory, socket, shared files). The
 * rest of lib/dev sees a struct dev, never what stands behind it.
 */

#include "lib/sim/adapter.h"
#include "lib/sim/model.h"
#include "lib/sim/proto.h"
#include "lib/sim/rundir.h"

#endif
