/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_PRM_INITSEG_H
#define PRMCTL_PRM_INITSEG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "lib/util/err.h"

/* The command interface revision every mlx5 driver requires (cmd.c CMD_IF_REV). */
#define PRM_CMD_INTERFACE_REV 5

/* The initialization-segment facts a device summary needs. */
struct prm_initseg_summary {
	/*
	 * "pci_gone" (all-ones reads), "fw_initializing", "ready", or
	 * "unrecognized" when the command interface revision is not 5 (not an
	 * mlx5 initialization segment, or a firmware that never came up).
	 */
	const char *state;
	bool all_ones;		/* fw_rev reads 0xffffffff: the function is gone */
	uint16_t fw_major, fw_minor, fw_subminor;
	char fw_version[32];	/* "28.41.1000" (subminor as %04u, as devlink) */
	uint16_t cmd_interface_rev;
	bool initializing;
	uint8_t nic_interface;
	const char *nic_interface_name;
	uint8_t health_syndrome;
	uint32_t health_counter;
	uint8_t synd;		/* health buffer syndrome */
	const char *synd_name;
	uint32_t hw_id;		/* health buffer hw_id */
	const char *chip;	/* chip named by hw_id, NULL if unknown */
	/* decoded from several fields */
	uint64_t cmdq_address;	/* cmdq_phy_addr_63_32 : cmdq_phy_addr_31_12 << 12 */
	uint32_t cmdq_entries;	/* 2^log_cmdq_size */
	uint32_t cmdq_stride;	/* 2^log_cmdq_stride bytes */
	uint64_t cmd_exec_timeout_ms;	/* 0 when the firmware gives none */
	uint64_t fw_init_timeout_ms;
	uint64_t internal_timer;	/* internal_timer_h:l */
	uint64_t real_time_ns;	/* real_time_h s * 1e9 + real_time_l ns */
};

/* Initialization-segment timeout word in ms (lib/tout.c encoding); 0 if none. */
uint64_t prm_initseg_timeout_ms(uint32_t word);

/* buf holds BAR0 from offset 0, at least the initialization segment. */
int prm_initseg_summarize(const void *buf, size_t len,
			  struct prm_initseg_summary *s, struct prm_err *err);

#endif
