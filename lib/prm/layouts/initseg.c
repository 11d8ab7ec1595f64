// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * The initialization segment, BAR0 offset 0: Linux device.h struct
 * mlx5_init_seg (0x2010 bytes) with the field names of mlx5_ifc.h
 * mlx5_ifc_initial_seg_bits.
 */
#include "lib/prm/layouts/layouts.h"
#include "lib/prm/names.h"

static const struct prm_field fields[] = {
	PRM_FIELD("fw_rev_minor", 0x00, 16, .fmt = PRM_FMT_DEC),
	PRM_FIELD("fw_rev_major", 0x10, 16, .fmt = PRM_FMT_DEC),
	PRM_FIELD("cmd_interface_rev", 0x20, 16, .fmt = PRM_FMT_DEC,
		  .desc = "command interface revision (drivers require 5)"),
	PRM_FIELD("fw_rev_subminor", 0x30, 16, .fmt = PRM_FMT_DEC),
	PRM_FIELD("cmdq_phy_addr_63_32", 0x80, 32,
		  .desc = "command queue address, bits 63:32"),
	PRM_FIELD("cmdq_phy_addr_31_12", 0xa0, 20,
		  .desc = "command queue address, bits 31:12"),
	/*
	 * mlx5_ifc.h gives nic_interface 2 bits at [9:8]; the driver reads
	 * 3 bits at [10:8] because SW reset (and an all-ones read) is 7.
	 */
	PRM_FIELD("nic_interface", 0xb5, 3, .fmt = PRM_FMT_DEC,
		  .names = &prm_nic_interface_names),
	PRM_FIELD("log_cmdq_size", 0xb8, 4, .fmt = PRM_FMT_DEC,
		  .desc = "log2 of the number of command queue entries"),
	PRM_FIELD("log_cmdq_stride", 0xbc, 4, .fmt = PRM_FMT_DEC,
		  .desc = "log2 of the command queue entry stride"),
	PRM_FIELD("command_doorbell_vector", 0xc0, 32,
		  .desc = "command doorbell, one bit per queue slot"),
	PRM_FIELD("initializing", 0xfe0, 1, .fmt = PRM_FMT_BOOL,
		  .desc = "firmware is still initializing"),
	PRM_FIELD("fw_reset_supported", 0xfe1, 1, .fmt = PRM_FMT_BOOL,
		  .desc = "device.h MLX5_FW_RESET_SUPPORTED_OFFSET"),
	PRM_FIELD("nic_interface_supported", 0xfe5, 3, .fmt = PRM_FMT_DEC,
		  .names = &prm_nic_interface_supported_names),
	PRM_FIELD("embedded_cpu", 0xfe8, 1, .fmt = PRM_FMT_BOOL,
		  .desc = "function of an embedded CPU (BlueField Arm)"),
	PRM_FIELD("health_buffer", 0x1000, 0x200,
		  .sub = &prm_layout_health_buffer),
	PRM_FIELD("no_dram_nic_offset", 0x1200, 32),
	PRM_FIELD("cmd_exec_to", 0x7fc0, 32,
		  .desc = "command execution timeout: bits 30:29 unit, 19:0 value"),
	PRM_FIELD("cmd_q_init_to", 0x7fe0, 32,
		  .desc = "firmware init timeout, same encoding; 0 = not given"),
	PRM_FIELD("internal_timer_h", 0x8000, 32),
	PRM_FIELD("internal_timer_l", 0x8020, 32),
	PRM_FIELD("clear_int", 0x807f, 1, .fmt = PRM_FMT_BOOL),
	PRM_FIELD("health_syndrome", 0x8080, 8),
	PRM_FIELD("health_counter", 0x8088, 24, .fmt = PRM_FMT_DEC,
		  .desc = "advanced by the firmware every 10 ms while alive"),
	PRM_FIELD("real_time_h", 0x8200, 32, .fmt = PRM_FMT_DEC,
		  .desc = "real-time clock, seconds"),
	PRM_FIELD("real_time_l", 0x8220, 32, .fmt = PRM_FMT_DEC,
		  .desc = "real-time clock, nanoseconds"),
	PRM_FIELD("ieee1588_clk", 0x10000, 64),
	PRM_FIELD("ieee1588_clk_type", 0x10040, 32),
};

const struct prm_layout prm_layout_initseg = {
	.name = "initseg",
	.desc = "initialization segment (BAR0 offset 0)",
	.source = "linux include/linux/mlx5/device.h struct mlx5_init_seg; mlx5_ifc.h mlx5_ifc_initial_seg_bits",
	.bits = 0x2010 * 8,
	PRM_LAYOUT_FIELDS(fields),
};
