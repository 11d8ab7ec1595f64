/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_PRM_PCILINK_H
#define PRMCTL_PRM_PCILINK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "lib/util/err.h"

/*
 * The PCIe link of a function, from its config space: the PCI Express
 * capability (id 0x10) found by walking the capability list from 0x34,
 * then Link Capabilities (capability + 0x0c) and Link Status (+ 0x12).
 * Layout: PCI Express Base Specification, "PCI Express Capability
 * Structure"; speeds are the encodings lspci and the kernel decode
 * (1 = 2.5 GT/s ... 6 = 64 GT/s).
 */
#define PRM_PCI_CFG_BYTES 4096		/* config space with the extended part */
#define PRM_PCI_CAP_ID_EXP 0x10

struct prm_pci_link {
	uint8_t cap_off;		/* where the PCI Express capability is */
	uint8_t cap_version;		/* capability version (1 or 2) */
	uint8_t port_type;		/* device/port type: 0 endpoint, 4 root port, ... */
	uint8_t speed, speed_max;	/* encodings; 0 or unknown: see speed_gts */
	uint8_t width, width_max;	/* lanes */
	bool degraded;			/* trained below what it is capable of */
};

/*
 * Decode len bytes of config space from offset 0 (at least the 64-byte
 * header). -1 with err when the function reads all-ones (gone:
 * "pci_gone"), has no capability list or no PCI Express capability
 * ("no_pcie"), or the list is cut short or loops ("bad_config").
 */
int prm_pci_link_decode(const uint8_t *cfg, size_t len, struct prm_pci_link *out,
			struct prm_err *err);

/* GT/s of a speed encoding; 0 when it is not one (reserved, link down). */
double prm_pci_speed_gts(uint8_t code);

/* The encoding of a rate in GT/s (2.5, 5, 8, 16, 32, 64); 0 when none. */
uint8_t prm_pci_speed_code(double gts);

#endif
