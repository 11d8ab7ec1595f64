// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * The command interface: queue entry (device.h struct mlx5_cmd_layout),
 * mailbox block (struct mlx5_cmd_prot_block) and the generic command
 * headers (cmd.c mlx5_ifc_mbox_in_bits / mlx5_ifc_mbox_out_bits).
 */
#include "lib/prm/layouts/layouts.h"
#include "lib/prm/names.h"

static const struct prm_field entry_fields[] = {
	PRM_FIELD("type", 0x000, 8, .names = &prm_cmd_xport_names,
		  .desc = "transport type, 7 = PCI"),
	PRM_FIELD("inlen", 0x020, 32, .fmt = PRM_FMT_DEC,
		  .desc = "input length in bytes"),
	PRM_FIELD("in_ptr", 0x040, 64, .desc = "first input mailbox block"),
	PRM_FIELD("in", 0x080, 32, .count = 4,
		  .desc = "first 16 input bytes, inline"),
	PRM_FIELD("out", 0x100, 32, .count = 4,
		  .desc = "first 16 output bytes, inline"),
	PRM_FIELD("out_ptr", 0x180, 64, .desc = "first output mailbox block"),
	PRM_FIELD("outlen", 0x1c0, 32, .fmt = PRM_FMT_DEC,
		  .desc = "output length in bytes"),
	PRM_FIELD("token", 0x1e0, 8),
	PRM_FIELD("sig", 0x1e8, 8, .desc = "entry signature"),
	PRM_FIELD("status", 0x1f8, 7, .names = &prm_cmd_delivery_status_names,
		  .desc = "delivery status"),
	PRM_FIELD("ownership", 0x1ff, 1, .fmt = PRM_FMT_DEC,
		  .names = &prm_cmd_owner_names,
		  .desc = "1 while the entry belongs to the device"),
};

const struct prm_layout prm_layout_cmdq_entry = {
	.name = "cmdq_entry",
	.desc = "command queue entry (64 bytes)",
	.source = "linux include/linux/mlx5/device.h struct mlx5_cmd_layout",
	.bits = 64 * 8,
	PRM_LAYOUT_FIELDS(entry_fields),
};

static const struct prm_field block_fields[] = {
	PRM_FIELD("data", 0x0000, 8, .count = 512,
		  .desc = "512-byte payload chunk"),
	PRM_FIELD("next", 0x1180, 64, .desc = "next block, 0 in the last"),
	PRM_FIELD("block_num", 0x11c0, 32, .fmt = PRM_FMT_DEC),
	PRM_FIELD("token", 0x11e8, 8),
	PRM_FIELD("ctrl_sig", 0x11f0, 8, .desc = "control signature"),
	PRM_FIELD("sig", 0x11f8, 8, .desc = "block signature"),
};

const struct prm_layout prm_layout_cmd_mailbox_block = {
	.name = "cmd_mailbox_block",
	.desc = "command mailbox block (576 bytes)",
	.source = "linux include/linux/mlx5/device.h struct mlx5_cmd_prot_block",
	.bits = 576 * 8,
	PRM_LAYOUT_FIELDS(block_fields),
};

static const struct prm_field in_fields[] = {
	PRM_FIELD("opcode", 0x00, 16, .names = &prm_cmd_opcode_names),
	PRM_FIELD("uid", 0x10, 16),
	PRM_FIELD("op_mod", 0x30, 16),
};

const struct prm_layout prm_layout_mbox_in = {
	.name = "mbox_in",
	.desc = "command input header",
	.source = "linux drivers/net/ethernet/mellanox/mlx5/core/cmd.c mlx5_ifc_mbox_in_bits",
	.bits = 0x80,
	PRM_LAYOUT_FIELDS(in_fields),
};

static const struct prm_field out_fields[] = {
	PRM_FIELD("status", 0x00, 8, .names = &prm_cmd_status_names),
	PRM_FIELD("syndrome", 0x20, 32),
};

const struct prm_layout prm_layout_mbox_out = {
	.name = "mbox_out",
	.desc = "command output header",
	.source = "linux drivers/net/ethernet/mellanox/mlx5/core/cmd.c mlx5_ifc_mbox_out_bits",
	.bits = 0x80,
	PRM_LAYOUT_FIELDS(out_fields),
};
