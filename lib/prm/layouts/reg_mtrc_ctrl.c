// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * MTRC_CTRL, firmware tracer control (access register 0x9043), 0x40 bytes.
 *
 * Layout and names: Linux include/linux/mlx5/mlx5_ifc.h struct
 * mlx5_ifc_mtrc_ctrl_bits (knneth/mlnx-ofa_kernel@0ee1e518 =
 * saeedtx/mlx5ctl@0f64d161 mlx5_ifc.h). Access and descriptions: Debian
 * mstflint 4.21.0+1-1 prm_dbs/hca/ext/register_access_table.adb node
 * mtrc_ctrl_reg_ext. Same places in both:
 *   trace_status            ifc 0x00 w2   adb 0x0.30
 *   arm_event               ifc 0x04 w1   adb 0x0.27
 *   modify_field_select     ifc 0x10 w16  adb 0x0.0
 *   current_timestamp52_32  ifc 0x4b w21  adb 0x8.0 (current_timestamp_52_32)
 *   current_timestamp31_0   ifc 0x60 w32  adb 0xC.0 (current_timestamp_31_0)
 * Disagreements (the kernel is followed):
 *  - names: the adb spells current_timestamp_52_32 / current_timestamp_31_0.
 *  - the git adb (Mellanox/mstflint@b9d9e844) adds slcg_cmd, an OP field
 *    at 0x0.16 w2 (ifc 0x0e). The kernel keeps it in reserved_at_5 and the
 *    Debian adb does not have it, so it is left out.
 */
#include "lib/prm/layouts/layouts.h"

/* adb mtrc_ctrl_reg_ext.trace_status */
static const struct prm_name trace_status_v[] = { { 0, "DISABLED" }, { 1, "ACTIVE" } };
static const struct prm_names trace_status_names = { 2, trace_status_v };

static const struct prm_field fields[] = {
	PRM_FIELD("trace_status", 0x00, 2, .fmt = PRM_FMT_DEC,
		  .names = &trace_status_names, .access = PRM_ACC_RW,
		  .desc = "tracer state; write 1 to start logging, 0 to stop"),
	PRM_FIELD("arm_event", 0x04, 1, .fmt = PRM_FMT_BOOL,
		  .access = PRM_ACC_WO,
		  .desc = "raise one event when new traces have been logged"),
	PRM_FIELD("modify_field_select", 0x10, 16, .access = PRM_ACC_WO,
		  .desc = "fields to modify; bit 0 = trace_status"),
	PRM_FIELD("current_timestamp52_32", 0x4b, 21, .access = PRM_ACC_RO,
		  .desc = "tracer timestamp counter, bits 52:32"),
	PRM_FIELD("current_timestamp31_0", 0x60, 32, .access = PRM_ACC_RO,
		  .desc = "tracer timestamp counter, bits 31:0"),
};

const struct prm_layout prm_layout_mtrc_ctrl = {
	.name = "mtrc_ctrl",
	.desc = "MTRC_CTRL (0x9043): firmware tracer start/stop, event arming, timestamp",
	.source = "linux include/linux/mlx5/mlx5_ifc.h mlx5_ifc_mtrc_ctrl_bits; "
		  "mstflint register_access_table.adb mtrc_ctrl_reg_ext",
	.bits = 0x200,
	PRM_LAYOUT_FIELDS(fields),
};
