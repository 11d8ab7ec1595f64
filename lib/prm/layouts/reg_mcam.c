// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * MCAM, Management Capabilities Mask register (access register 0x907f),
 * 0x48 bytes.
 *
 * Layout: Linux include/linux/mlx5/mlx5_ifc.h struct mlx5_ifc_mcam_reg_bits
 * (knneth/mlnx-ofa_kernel@0ee1e518; same text in saeedtx/mlx5ctl@0f64d161
 * mlx5_ifc.h), checked against Debian mstflint 4.21.0+1-1
 * prm_dbs/hca/ext/register_access_table.adb node mcam_reg_ext. The two agree
 * on every offset and width:
 *   feature_group     ifc o=0x08 w8   adb 0x0.16 w8
 *   access_reg_group  ifc o=0x18 w8   adb 0x0.0  w8
 *   mng_access_reg_cap_mask  ifc o=0x40 w0x80 (a union of named-bit views)
 *                            adb 0x8.0, 4 x 32 bits
 *   mng_feature_cap_mask     ifc o=0x140 w0x80   adb 0x28.0, 4 x 32 bits
 * The masks are kept as the adb publishes them, four big-endian dwords.
 * Mask bit n is register ID group_base + n, bit 127 being the MSB of dword
 * [0] and bit 0 the LSB of dword [3]. With access_reg_group 0 the tracer
 * registers 0x9040..0x9043 are bits 64..67, which is dword [1] bits 3:0
 * (ifc mcam_access_reg_bits.tracer_registers, o=0x3c w4).
 * Access from the adb. The adb's INDEX becomes RW: the caller writes the
 * field and the device echoes it.
 */
#include "lib/prm/layouts/layouts.h"

/* adb mcam_reg_ext.access_reg_group enum */
static const struct prm_name access_reg_group_v[] = {
	{ 0, "0x9000-0x907f" }, { 1, "0x9080-0x90ff" }, { 2, "0x9100-0x917f" },
};
static const struct prm_names access_reg_group_names = { 3, access_reg_group_v };

/* adb mcam_reg_ext.feature_group enum */
static const struct prm_name feature_group_v[] = { { 0, "enhanced_features" } };
static const struct prm_names feature_group_names = { 1, feature_group_v };

static const struct prm_field fields[] = {
	PRM_FIELD("feature_group", 0x08, 8, .fmt = PRM_FMT_DEC,
		  .names = &feature_group_names, .access = PRM_ACC_RW,
		  .desc = "index: which feature mask to return"),
	PRM_FIELD("access_reg_group", 0x18, 8, .fmt = PRM_FMT_DEC,
		  .names = &access_reg_group_names, .access = PRM_ACC_RW,
		  .desc = "index: which 128 register IDs the mask covers"),
	PRM_FIELD("mng_access_reg_cap_mask", 0x40, 32, .count = 4,
		  .access = PRM_ACC_RO,
		  .desc = "supported registers: bit n = ID base+n; [0] holds bits 127:96, [3] bits 31:0"),
	PRM_FIELD("mng_feature_cap_mask", 0x140, 32, .count = 4,
		  .access = PRM_ACC_RO,
		  .desc = "supported features of feature_group; [0] holds bits 127:96, [3] bits 31:0"),
};

const struct prm_layout prm_layout_mcam = {
	.name = "mcam",
	.desc = "MCAM (0x907f): management access-register and feature capability masks",
	.source = "linux include/linux/mlx5/mlx5_ifc.h mlx5_ifc_mcam_reg_bits; "
		  "mstflint register_access_table.adb mcam_reg_ext",
	.bits = 0x240,
	PRM_LAYOUT_FIELDS(fields),
};
