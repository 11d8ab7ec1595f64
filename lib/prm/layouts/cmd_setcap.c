// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * SET_HCA_CAP (0x109): the driver writes a capability page back, with the
 * settable fields changed (core/main.c handle_hca_cap and friends, through
 * set_caps, main.c:523-528: op_mod = MLX5_SET_HCA_CAP_OP_MOD_<page> << 1).
 *
 * Source: include/linux/mlx5/mlx5_ifc.h as in knneth/mlnx-ofa_kernel@2850235
 * (MLNX_OFED 25.10.1.7.1.1):
 *   mlx5_ifc_set_hca_cap_out_bits :5481-5488, mlx5_ifc_set_hca_cap_in_bits
 *   :5490-5507, union mlx5_ifc_hca_cap_union_bits :3884,
 *   MLX5_SET_HCA_CAP_OP_MOD_* :67-74, MLX5_CMD_OP_SET_HCA_CAP :128;
 *   drivers/net/ethernet/mellanox/mlx5/core/main.c:523-528 set_caps.
 * Other copies: saeedtx/mlx5ctl@0f64d16 (mlx5_ifc.h:4720) has
 * reserved_at_41[0xf] where the OFED header has ec_vf_function (0x41) and
 * function_id_type (0x43), as for query_hca_cap_in (see cmd_query.c);
 * set_hca_cap_out is the same in both.
 *
 * Sizes are the struct widths: set_hca_cap_in is the 16-byte header plus the
 * 4096-byte capability union (0x8080 bits, 4112 bytes), of which only the
 * header is described here, as for query_hca_cap_out; the page itself is
 * one of the caps_*.c layouts (lib/prm/caps.h), from byte 0x10.
 * set_hca_cap_out is 16 bytes.
 */
#include "lib/prm/layouts/layouts.h"
#include "lib/prm/names.h"

#define SRC "linux include/linux/mlx5/mlx5_ifc.h "

/* capability (union mlx5_ifc_hca_cap_union_bits, 0x8000 bits) at 0x80: see caps_*.c. */
static const struct prm_field set_hca_cap_in_fields[] = {
	PRM_FIELD("opcode", 0x00, 0x10, .names = &prm_cmd_opcode_names),
	PRM_FIELD("op_mod", 0x30, 0x10, .desc = "capability type << 1"),
	PRM_FIELD("other_function", 0x40, 0x01, .fmt = PRM_FMT_BOOL,
		  .desc = "set the function in function_id"),
	PRM_FIELD("ec_vf_function", 0x41, 0x01, .fmt = PRM_FMT_BOOL,
		  .desc = "function_id is a VF of the embedded CPU"),
	PRM_FIELD("function_id_type", 0x43, 0x01, .fmt = PRM_FMT_DEC,
		  .desc = "1: function_id is a vhca_id"),
	PRM_FIELD("function_id", 0x50, 0x10),
};

const struct prm_layout prm_layout_set_hca_cap_in = {
	.name = "set_hca_cap_in",
	.desc = "SET_HCA_CAP input (4112 bytes; header only, capability page from 0x10)",
	.source = SRC "mlx5_ifc_set_hca_cap_in_bits",
	.bits = 0x8080,
	PRM_LAYOUT_FIELDS(set_hca_cap_in_fields),
};

static const struct prm_field set_hca_cap_out_fields[] = {
	PRM_CMD_OUT_HDR,
};

const struct prm_layout prm_layout_set_hca_cap_out = {
	.name = "set_hca_cap_out",
	.desc = "SET_HCA_CAP output",
	.source = SRC "mlx5_ifc_set_hca_cap_out_bits",
	.bits = 0x80,
	PRM_LAYOUT_FIELDS(set_hca_cap_out_fields),
};
