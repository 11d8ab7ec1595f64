// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * The RoCE capability page: QUERY_HCA_CAP cap_type 4 (MLX5_CAP_ROCE),
 * op_mod 0x8 (maximum) / 0x9 (current). 256 bytes at byte 0x10 of
 * query_hca_cap_out. Valid when cmd_hca_cap.roce is set.
 *
 * Source: include/linux/mlx5/mlx5_ifc.h struct mlx5_ifc_roce_cap_bits
 * (line 1286) in knneth/mlnx-ofa_kernel@2850235 (MLNX_OFED 25.10.1.7.1.1).
 * Mellanox/nic-kernel@09347ab7 (upstream net-next) has the same struct; the
 * older upstream copy in saeedtx/mlx5ctl@0f64d16 lacks roce_cc_general (0x7)
 * and qp_ooo_transmit_default (0x8).
 * Bit meanings of l3_type and roce_version: include/linux/mlx5/device.h
 * MLX5_ROCE_L3_TYPE_*_CAP, MLX5_ROCE_VERSION_*_CAP. qp_ts_format:
 * mlx5_ifc.h MLX5_TIMESTAMP_FORMAT_CAP_*.
 */
#include "lib/prm/layouts/layouts.h"

static const struct prm_name ts_format_v[] = {
	{ 0, "free_running" }, { 1, "real_time" }, { 2, "free_running_and_real_time" },
};
static const struct prm_names ts_format_names = { 3, ts_format_v };

#define FLAG(n, o, ...) PRM_FIELD(n, o, 1, .fmt = PRM_FMT_BOOL, __VA_ARGS__)
#define NUM(n, o, w, ...) PRM_FIELD(n, o, w, .fmt = PRM_FMT_DEC, __VA_ARGS__)

static const struct prm_field fields[] = {
	/* dword 0, byte 0x00 */
	FLAG("roce_apm", 0x000, .desc = "RoCE automatic path migration"),
	FLAG("sw_r_roce_src_udp_port", 0x004,
	     .desc = "software may choose the RoCE v2 source UDP port"),
	FLAG("fl_rc_qp_when_roce_disabled", 0x005,
	     .desc = "force-loopback RC QPs while RoCE is disabled"),
	FLAG("fl_rc_qp_when_roce_enabled", 0x006,
	     .desc = "force-loopback RC QPs while RoCE is enabled"),
	FLAG("roce_cc_general", 0x007),
	FLAG("qp_ooo_transmit_default", 0x008),
	NUM("qp_ts_format", 0x01e, 2, .names = &ts_format_names, .desc = "QP timestamp formats"),
	/* dword 4, byte 0x10 */
	PRM_FIELD("l3_type", 0x08c, 4, .desc = "bit 1 IPv4, bit 2 IPv6 (MLX5_ROCE_L3_TYPE_*_CAP)"),
	PRM_FIELD("roce_version", 0x098, 8,
		  .desc = "bit 0 RoCE v1, bit 2 RoCE v2 (MLX5_ROCE_VERSION_*_CAP)"),
	/* dword 5, byte 0x14 */
	NUM("r_roce_dest_udp_port", 0x0b0, 16, .desc = "RoCE v2 destination UDP port (4791)"),
	/* dword 6, byte 0x18 */
	NUM("r_roce_max_src_udp_port", 0x0c0, 16),
	NUM("r_roce_min_src_udp_port", 0x0d0, 16),
	/* dword 7, byte 0x1c */
	NUM("roce_address_table_size", 0x0f0, 16, .desc = "GID table entries (SET_ROCE_ADDRESS)"),
};

const struct prm_layout prm_layout_roce_cap = {
	.name = "roce_cap",
	.desc = "RoCE capabilities (QUERY_HCA_CAP cap_type 4, 256 bytes)",
	.source = "linux include/linux/mlx5/mlx5_ifc.h mlx5_ifc_roce_cap_bits",
	.bits = 0x800,
	PRM_LAYOUT_FIELDS(fields),
};
