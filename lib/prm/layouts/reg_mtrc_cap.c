// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * MTRC_CAP, firmware tracer capabilities (access register 0x9040).
 *
 * Layout and names: Linux include/linux/mlx5/mlx5_ifc.h struct
 * mlx5_ifc_mtrc_cap_bits and mlx5_ifc_mtrc_string_db_param_bits
 * (knneth/mlnx-ofa_kernel@0ee1e518 = saeedtx/mlx5ctl@0f64d161 mlx5_ifc.h);
 * the kernel's user is drivers/net/ethernet/mellanox/mlx5/core/diag/fw_tracer.c.
 * Access and descriptions: Debian mstflint 4.21.0+1-1
 * prm_dbs/hca/ext/register_access_table.adb nodes mtrc_cap_reg_ext and
 * string_db_parameters_ext. Every field has the same place in both (adb
 * "B.b" = dword at byte B, bit b from the LSB):
 *   trace_owner        ifc 0x00 w1   adb 0x0.31
 *   trace_to_memory    ifc 0x01 w1   adb 0x0.30
 *   trc_ver            ifc 0x06 w2   adb 0x0.24
 *   num_string_db      ifc 0x1c w4   adb 0x0.0
 *   first_string_trace ifc 0x20 w8   adb 0x4.24
 *   num_string_trace   ifc 0x28 w8   adb 0x4.16
 *   log_max_trace_buffer_size ifc 0x58 w8  adb 0x8.0
 *   string_db_param[8] ifc 0x80, 0x40 each  adb 0x10.0, 8 bytes each:
 *     string_db_base_address ifc +0x00 w32  adb 0x0.0
 *     string_db_size         ifc +0x28 w24  adb 0x4.0
 * Disagreements (the kernel is followed):
 *  - size: the kernel has 0x400 bits (128 bytes, reserved_at_280[0x180]);
 *    the adb says 0x84 bytes.
 *  - the git adb (Mellanox/mstflint@b9d9e844) adds tracer_capabilities,
 *    0x8.30 w2 (ifc 0x40), "0: FIFO, 1: MEM mode". The kernel keeps that in
 *    reserved_at_30 and the Debian adb does not have it, so it is left out.
 */
#include "lib/prm/layouts/layouts.h"

/* adb mtrc_cap_reg_ext.trc_ver */
static const struct prm_name trc_ver_v[] = { { 0, "VER_0" }, { 1, "VER_1" } };
static const struct prm_names trc_ver_names = { 2, trc_ver_v };

static const struct prm_field string_db_param_fields[] = {
	PRM_FIELD("string_db_base_address", 0x00, 32, .access = PRM_ACC_RO,
		  .desc = "offset of the section in the whole string database, bytes"),
	PRM_FIELD("string_db_size", 0x28, 24, .fmt = PRM_FMT_DEC,
		  .access = PRM_ACC_RO,
		  .desc = "size of the section, bytes"),
};

static const struct prm_layout string_db_param = {
	.name = "mtrc_string_db_param",
	.desc = "one string database section",
	.source = "linux mlx5_ifc.h mlx5_ifc_mtrc_string_db_param_bits",
	.bits = 0x40,
	PRM_LAYOUT_FIELDS(string_db_param_fields),
};

static const struct prm_field fields[] = {
	PRM_FIELD("trace_owner", 0x00, 1, .fmt = PRM_FMT_BOOL,
		  .access = PRM_ACC_RW,
		  .desc = "write 1 to take tracer ownership, 0 to release; reads 1 when owned"),
	PRM_FIELD("trace_to_memory", 0x01, 1, .fmt = PRM_FMT_BOOL,
		  .access = PRM_ACC_RO,
		  .desc = "device can log traces to host memory"),
	PRM_FIELD("trc_ver", 0x06, 2, .fmt = PRM_FMT_DEC,
		  .names = &trc_ver_names, .access = PRM_ACC_RO,
		  .desc = "tracer version (timestamp event format)"),
	PRM_FIELD("num_string_db", 0x1c, 4, .fmt = PRM_FMT_DEC,
		  .access = PRM_ACC_RO,
		  .desc = "number of string database sections"),
	PRM_FIELD("first_string_trace", 0x20, 8, .fmt = PRM_FMT_DEC,
		  .access = PRM_ACC_RO,
		  .desc = "lowest event_id that is a string trace"),
	PRM_FIELD("num_string_trace", 0x28, 8, .fmt = PRM_FMT_DEC,
		  .access = PRM_ACC_RO,
		  .desc = "number of consecutive event_ids that are string traces"),
	PRM_FIELD("log_max_trace_buffer_size", 0x58, 8, .fmt = PRM_FMT_DEC,
		  .access = PRM_ACC_RO,
		  .desc = "log2 of the largest trace buffer, 4 KB units"),
	PRM_FIELD("string_db_param", 0x80, 0x40, .count = 8,
		  .sub = &string_db_param, .access = PRM_ACC_RO,
		  .desc = "string database sections"),
};

const struct prm_layout prm_layout_mtrc_cap = {
	.name = "mtrc_cap",
	.desc = "MTRC_CAP (0x9040): firmware tracer capabilities and ownership",
	.source = "linux include/linux/mlx5/mlx5_ifc.h mlx5_ifc_mtrc_cap_bits; "
		  "mstflint register_access_table.adb mtrc_cap_reg_ext",
	.bits = 0x400,
	PRM_LAYOUT_FIELDS(fields),
};
