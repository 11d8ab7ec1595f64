// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * MTRC_STDB, firmware tracer string database read (access register 0x9042):
 * the 8-byte header only. read_size bytes of string_db_data follow it, so
 * the register length varies with the request.
 *
 * Layout and names: Linux include/linux/mlx5/mlx5_ifc.h struct
 * mlx5_ifc_mtrc_stdb_bits (knneth/mlnx-ofa_kernel@0ee1e518 =
 * saeedtx/mlx5ctl@0f64d161 mlx5_ifc.h). Access and descriptions: Debian
 * mstflint 4.21.0+1-1 prm_dbs/hca/ext/register_access_table.adb node
 * mtrc_stdb_reg_ext. Same places in both:
 *   string_db_index  ifc 0x00 w4   adb 0x0.28
 *   read_size        ifc 0x08 w24  adb 0x0.0
 *   start_offset     ifc 0x20 w32  adb 0x4.0
 *   string_db_data   ifc 0x40, flexible   adb 0x8.0, VARIABLE dwords
 * Differences: the kernel header is 0x40 bits and then string_db_data[].
 * The adb says 0xc bytes, the header plus one dword of string_db_data. Its
 * length is given by read_size, via size_condition in the git adb. The
 * kernel is followed here and the table is the 8-byte header.
 * The adb marks the header fields INDEX. Here they are RW, because the
 * caller writes them and the device echoes them.
 */
#include "lib/prm/layouts/layouts.h"

static const struct prm_field fields[] = {
	PRM_FIELD("string_db_index", 0x00, 4, .fmt = PRM_FMT_DEC,
		  .access = PRM_ACC_RW,
		  .desc = "string database section to read"),
	PRM_FIELD("read_size", 0x08, 24, .fmt = PRM_FMT_DEC,
		  .access = PRM_ACC_RW,
		  .desc = "bytes to read, a multiple of 64, within the section"),
	PRM_FIELD("start_offset", 0x20, 32, .access = PRM_ACC_RW,
		  .desc = "byte offset in the section, a multiple of 64"),
};

const struct prm_layout prm_layout_mtrc_stdb = {
	.name = "mtrc_stdb",
	.desc = "MTRC_STDB (0x9042) header: string database read request; read_size data bytes follow",
	.source = "linux include/linux/mlx5/mlx5_ifc.h mlx5_ifc_mtrc_stdb_bits; "
		  "mstflint register_access_table.adb mtrc_stdb_reg_ext",
	.bits = 0x40,
	PRM_LAYOUT_FIELDS(fields),
};
