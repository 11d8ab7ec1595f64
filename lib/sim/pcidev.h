/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_SIM_PCIDEV_H
#define PRMCTL_SIM_PCIDEV_H

#include "lib/sim/adapter.h"

/*
 * The simulated adapter as a sysfs-style PCI device directory: DIR/BDF is a
 * FUSE mount whose `config` is served live (every read and write reaches
 * the adapter's config space at once, as a config cycle would), whose
 * `resource0` links to the shared BAR0 file the firmware thread updates,
 * and whose attributes read as sysfs's do. Mounted over
 * /sys/bus/pci/devices in a private mount namespace, libpci, prmctl's
 * hardware path and mstflint reach it as a real function.
 */
struct sim_pcidev;

int sim_pcidev_start(struct sim_adapter *a, const char *dir, const char *bdf,
		     const char *bar0_path, struct sim_pcidev **out,
		     struct prm_err *err);
void sim_pcidev_stop(struct sim_pcidev *p);

/* Unmount and remove what a crashed service left at this mount point. */
void sim_pcidev_cleanup(const char *mountpoint);

#endif
