/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_DEV_DISCOVER_H
#define PRMCTL_DEV_DISCOVER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "lib/dev/devname.h"
#include "lib/util/err.h"

/* What the OS knows of one PCI function (libpci + sysfs). */
struct dev_info {
	struct pci_addr addr;
	char bdf[16];
	uint16_t vendor_id, device_id;
	uint16_t subsys_vendor_id, subsys_device_id;
	uint8_t revision;
	uint32_t class_code;		/* base/sub/prog-if */
	const char *model;		/* NULL when not an mlx5 function */
	bool vf;
	uint16_t chip_hw_id;		/* expected cr-space hw id, 0 unknown */
	bool recovery;			/* flash-recovery (livefish) id */
	char driver[64];		/* "" when unbound */
	char netdevs[256];		/* comma-joined */
	char rdma[256];
	char fwctl[128];
	char physfn[16];		/* VF: its PF's address */
	char fw_version[32];		/* from the RDMA device's fw_ver, "" if none */
	int iommu_group;		/* -1 when none */
	int numa_node;			/* -1 when unknown */
};

/*
 * Every function of vendor 0x15b3 on this machine, read by libpci from the
 * real PCI tree. *out is malloc'd (free() it); zero devices is not an error.
 */
int discover_list(struct dev_info **out, size_t *n, struct prm_err *err);

/* One function by address. Fails with PRM_E_NODEV if it is not present. */
int discover_one(const struct pci_addr *a, struct dev_info *info,
		 struct prm_err *err);

#endif
