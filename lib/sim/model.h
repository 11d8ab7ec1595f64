/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_SIM_MODEL_H
#define PRMCTL_SIM_MODEL_H

#include <stdint.h>

/* Identity of a simulated adapter. */
struct sim_model {
	const char *key;	/* "cx7" */
	uint16_t device_id;	/* PCI device id (vendor 0x15b3) */
	uint16_t hw_id;		/* cr-space 0xf0014 */
	uint16_t fw_major, fw_minor, fw_subminor;
	const char *psid;
	const char *serial;
	uint8_t revision;	/* PCI revision, also cr-space 0xf0014 bits 23:16 */
	uint32_t device_frequency_khz;	/* the internal timer's rate */
	uint8_t steering_format;	/* cmd_hca_cap steering_format_version */
	uint8_t pcie_speed;	/* Link Capabilities' max speed: 3 8 GT/s, 4 16, 5 32 */
	uint8_t pcie_width;	/* and its lanes */
	uint16_t msix_vectors;	/* MSI-X table size, when the transport offers MSI-X */
};

extern const struct sim_model sim_models[];	/* terminated by key == NULL */

const struct sim_model *sim_model_find(const char *key);

#endif
