/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_DEV_PCISTATE_H
#define PRMCTL_DEV_PCISTATE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "lib/prm/pciaer.h"
#include "lib/prm/pcilink.h"
#include "lib/util/err.h"

struct dev;

/*
 * The function's config space as far as it can be read, up to max bytes
 * (PRM_PCI_CFG_BYTES for all of it): the 256-byte standard space, then the
 * extended space when it reads and holds an extended capability. *len is
 * what was read: 64 without root on hardware, where the kernel shows only
 * the header. -1 when not even the header reads (an image, no access).
 */
int dev_cfg_snapshot(struct dev *d, uint8_t *buf, size_t max, size_t *len,
		     struct prm_err *err);

/* The PCIe link, current and capable, from config space (prm_pci_link_decode). */
int dev_pci_link(struct dev *d, struct prm_pci_link *out, struct prm_err *err);

/*
 * AER counters from sysfs (aer_dev_correctable, aer_dev_fatal,
 * aer_dev_nonfatal). A file the kernel does not show (no AER capability,
 * no CONFIG_PCIEAER, not a PCI function) leaves its has_ flag false; -1
 * only for a file that reads but does not parse.
 */
struct dev_pci_aer {
	bool has_correctable, has_fatal, has_nonfatal;
	struct prm_aer_counts correctable, fatal, nonfatal;
};
int dev_pci_aer(struct dev *d, struct dev_pci_aer *out, struct prm_err *err);

#endif
