// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * MTRC_CONF, firmware tracer configuration (access register 0x9041),
 * 0x80 bytes.
 *
 * Layout and names: Linux include/linux/mlx5/mlx5_ifc.h struct
 * mlx5_ifc_mtrc_conf_bits (knneth/mlnx-ofa_kernel@0ee1e518 =
 * saeedtx/mlx5ctl@0f64d161 mlx5_ifc.h). Access and descriptions: Debian
 * mstflint 4.21.0+1-1 prm_dbs/hca/ext/register_access_table.adb node
 * mtrc_conf_reg_ext. Both give the same places and the same 0x80 bytes:
 *   trace_mode            ifc 0x1c w4   adb 0x0.0
 *   log_trace_buffer_size ifc 0x38 w8   adb 0x4.0
 *   trace_mkey            ifc 0x40 w32  adb 0x8.0
 */
#include "lib/prm/layouts/layouts.h"

/* adb mtrc_conf_reg_ext.trace_mode; linux fw_tracer.h enum tracing_mode */
static const struct prm_name trace_mode_v[] = { { 1, "TRACE_TO_MEMORY" } };
static const struct prm_names trace_mode_names = { 1, trace_mode_v };

static const struct prm_field fields[] = {
	PRM_FIELD("trace_mode", 0x1c, 4, .fmt = PRM_FMT_DEC,
		  .names = &trace_mode_names, .access = PRM_ACC_RW,
		  .desc = "tracing mode; 1 = to host memory, others reserved"),
	PRM_FIELD("log_trace_buffer_size", 0x38, 8, .fmt = PRM_FMT_DEC,
		  .access = PRM_ACC_RW,
		  .desc = "log2 of the trace buffer size, 4 KB units"),
	PRM_FIELD("trace_mkey", 0x40, 32, .access = PRM_ACC_RW,
		  .desc = "mkey of the host trace buffer"),
};

const struct prm_layout prm_layout_mtrc_conf = {
	.name = "mtrc_conf",
	.desc = "MTRC_CONF (0x9041): firmware tracer mode and buffer",
	.source = "linux include/linux/mlx5/mlx5_ifc.h mlx5_ifc_mtrc_conf_bits; "
		  "mstflint register_access_table.adb mtrc_conf_reg_ext",
	.bits = 0x400,
	PRM_LAYOUT_FIELDS(fields),
};
