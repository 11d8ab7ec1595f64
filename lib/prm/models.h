/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_PRM_MODELS_H
#define PRMCTL_PRM_MODELS_H

#include <stdbool.h>
#include <stdint.h>

#define PRM_PCI_VENDOR_MELLANOX 0x15b3

/* One PCI function id of the mlx5 family. */
struct prm_model {
	uint16_t device_id;
	const char *name;	/* "ConnectX-7" */
	bool vf;
	uint16_t hw_id;		/* chip id at cr-space 0xf0014 (low 16 bits), 0 if unknown */
};

/* By PCI device id (vendor 0x15b3); NULL if not an mlx5 function. */
const struct prm_model *prm_model_by_device_id(uint16_t device_id);

/* The chip named by a hardware id (cr-space 0xf0014, health buffer hw_id). */
const char *prm_chip_by_hw_id(uint16_t hw_id);

/*
 * cr-space address of the static_cfg_not_done bit (bit 31) that must read 0
 * before ICMD is used (mstflint icmd_is_cmd_ifc_ready); 0 if unknown.
 */
uint32_t prm_static_cfg_not_done_addr(uint16_t hw_id);

/* Flash-recovery ("livefish") functions expose the chip's hw_id as PCI id. */
bool prm_is_recovery_device_id(uint16_t device_id);

#endif
