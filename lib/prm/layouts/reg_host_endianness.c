// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * HOST_ENDIANNESS (0x7004): the byte order of the host. mlx5_core writes it
 * once at probe, on a PF only (core/main.c set_hca_ctrl, main.c:925-940):
 * he_in.he = MLX5_SET_HOST_ENDIANNESS, ACCESS_REG write.
 *
 * Source: knneth/mlnx-ofa_kernel@28502354 (MLNX_OFED 25.10.1.7.1.1):
 *   include/linux/mlx5/mlx5_ifc.h:11495-11500
 *     mlx5_ifc_register_host_endianness_bits: he[0x1] at bit 0 (the most
 *     significant bit of byte 0), reserved_at_1[0x1f], reserved_at_20[0x60];
 *     16 bytes;
 *   include/linux/mlx5/driver.h:134 MLX5_REG_HOST_ENDIANNESS = 0x7004;
 *   drivers/net/ethernet/mellanox/mlx5/core/main.c:390-393
 *     struct mlx5_reg_host_endianness { u8 he; u8 rsvd[15]; }, the byte view
 *     the driver actually uses;
 *   include/linux/mlx5/device.h:41-47 MLX5_SET_HOST_ENDIANNESS: 0 under
 *     __LITTLE_ENDIAN, 0x80 under __BIG_ENDIAN.
 * The byte the driver writes is 0x00 or 0x80, i.e. the one-bit he of the
 * mlx5_ifc struct: 0 little endian, 1 big endian; the other seven bits of
 * the byte are reserved. mstflint (Mellanox/mstflint@b9d9e844
 * tools_layouts/adb/prm/hca/ext/register_access_table.adb:5778-5780,
 * register_host_endianness_ext) agrees: he at 0x0.31, one bit, RW,
 * LITTLE_ENDIAN=0x0, BIG_ENDIAN=0x1. saeedtx/mlx5ctl@0f64d16 (mlx5_ifc.h:10169)
 * has the same struct.
 */
#include "lib/prm/layouts/layouts.h"

/* device.h MLX5_SET_HOST_ENDIANNESS, as the one bit it sets */
PRM_NAMES(he_names, { 0, "little_endian" }, { 1, "big_endian" });

static const struct prm_field fields[] = {
	PRM_FIELD("he", 0x00, 0x01, .fmt = PRM_FMT_DEC, .names = &he_names,
		  .access = PRM_ACC_RW,
		  .desc = "host byte order (byte 0 is 0x00 or 0x80)"),
};

const struct prm_layout prm_layout_host_endianness = {
	.name = "host_endianness",
	.desc = "HOST_ENDIANNESS (0x7004): byte order of the host",
	.source = "linux include/linux/mlx5/mlx5_ifc.h mlx5_ifc_register_host_endianness_bits",
	.bits = 0x80,
	PRM_LAYOUT_FIELDS(fields),
};
