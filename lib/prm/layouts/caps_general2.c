// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * The second general capability page: QUERY_HCA_CAP cap_type 0x20
 * (MLX5_CAP_GENERAL_2), op_mod 0x40 (maximum) / 0x41 (current). 256 bytes at
 * byte 0x10 of query_hca_cap_out. Exists when cmd_hca_cap.hca_cap_2 is set.
 *
 * Source: include/linux/mlx5/mlx5_ifc.h struct mlx5_ifc_cmd_hca_cap_2_bits
 * (line 2211) in knneth/mlnx-ofa_kernel@2850235 (MLNX_OFED 25.10.1.7.1.1).
 * Every named field; offsets are the sums of the widths (all of this
 * struct's reserved_at_ names agree with them).
 * Mellanox/nic-kernel@09347ab7 (upstream net-next) has the same fields at
 * the same offsets except ten it does not name (reserved there):
 * general_obj_types_127_64 0x1c0, max_mkey_log_entity_size_fixed_buffer
 * 0x3a2, load_balance_id 0x5a4, query_adjacent_functions_id 0x5c0,
 * ingress_egress_esw_vport_connect 0x5c1, function_id_type_vhca_id 0x5c2,
 * lag_per_mp_group 0x5c4, delegate_vhca_management_profiles 0x5d0,
 * delegated_vhca_max 0x5e0, delegate_vhca_max 0x5f0. The older copy in
 * saeedtx/mlx5ctl@0f64d16 names 8 of the 46.
 */
#include "lib/prm/layouts/layouts.h"

#define FLAG(n, o, ...) PRM_FIELD(n, o, 1, .fmt = PRM_FMT_BOOL, __VA_ARGS__)
#define NUM(n, o, w, ...) PRM_FIELD(n, o, w, .fmt = PRM_FMT_DEC, __VA_ARGS__)

static const struct prm_field fields[] = {
	/* dword 4, byte 0x10 */
	FLAG("migratable", 0x080, .desc = "function can be live-migrated"),
	FLAG("dp_ordering_force", 0x088),
	FLAG("query_vuid", 0x092),
	FLAG("umr_log_entity_size_5", 0x098),
	/* dword 5, byte 0x14 */
	NUM("max_reformat_insert_size", 0x0a0, 8),
	NUM("max_reformat_insert_offset", 0x0a8, 8),
	NUM("max_reformat_remove_size", 0x0b0, 8),
	NUM("max_reformat_remove_offset", 0x0b8, 8),
	/* dword 6, byte 0x18 */
	FLAG("migration_multi_load", 0x0c8),
	FLAG("migration_tracking_state", 0x0c9),
	FLAG("multiplane_qp_ud", 0x0ca),
	FLAG("migration_in_chunks", 0x0d0),
	FLAG("sf_eq_usage", 0x0d2),
	FLAG("multiplane", 0x0d8),
	/* dword 7, byte 0x1c */
	PRM_FIELD("cross_vhca_object_to_object_supported", 0x0e0, 32),
	/* dword 8, byte 0x20 */
	PRM_FIELD("allowed_object_for_other_vhca_access", 0x100, 64),
	/* dword 13, byte 0x34 */
	NUM("flow_table_type_2_type", 0x1a0, 8),
	FLAG("format_select_dw_8_6_ext", 0x1aa),
	NUM("log_min_mkey_entity_size", 0x1ab, 5),
	/* dword 14, byte 0x38 */
	PRM_FIELD("general_obj_types_127_64", 0x1c0, 64,
		  .desc = "bitmask: bit n = general object type 64 + n"),
	/* dword 17, byte 0x44 */
	FLAG("sw_vhca_id_valid", 0x221, .desc = "sw_vhca_id is set"),
	PRM_FIELD("sw_vhca_id", 0x222, 14, .desc = "software-assigned vHCA id"),
	/* dword 18, byte 0x48 */
	NUM("ts_cqe_metadata_size2wqe_counter", 0x24b, 5),
	/* dword 20, byte 0x50 */
	NUM("format_select_dw_gtpu_dw_0", 0x280, 8),
	NUM("format_select_dw_gtpu_dw_1", 0x288, 8),
	NUM("format_select_dw_gtpu_dw_2", 0x290, 8),
	NUM("format_select_dw_gtpu_first_ext_dw_0", 0x298, 8),
	/* dword 21, byte 0x54 */
	PRM_FIELD("generate_wqe_type", 0x2a0, 32, .desc = "bitmask of GENERATE_WQE types"),
	/* dword 28, byte 0x70 */
	NUM("min_mkey_log_entity_size_fixed_buffer", 0x38b, 5),
	PRM_FIELD("ec_vf_vport_base", 0x390, 16,
		  .desc = "vport number of the first embedded-CPU VF"),
	/* dword 29, byte 0x74 */
	NUM("max_mkey_log_entity_size_fixed_buffer", 0x3a2, 6),
	NUM("max_mkey_log_entity_size_mtt", 0x3aa, 6),
	PRM_FIELD("max_rqt_vhca_id", 0x3b0, 16),
	/* dword 31, byte 0x7c */
	FLAG("pcc_ifa2", 0x3f0),
	/* dword 32, byte 0x80 */
	FLAG("min_mkey_log_entity_size_fixed_buffer_valid", 0x401),
	PRM_FIELD("return_reg_id", 0x410, 16),
	/* dword 33, byte 0x84 */
	NUM("flow_table_hash_type", 0x43c, 4),
	/* dword 34, byte 0x88 */
	NUM("max_num_eqs_24b", 0x448, 24,
	    .desc = "EQs; when non-zero, used instead of cmd_hca_cap.max_num_eqs"),
	/* dword 45, byte 0xb4 */
	PRM_FIELD("load_balance_id", 0x5a4, 4),
	/* dword 46, byte 0xb8 */
	FLAG("query_adjacent_functions_id", 0x5c0),
	FLAG("ingress_egress_esw_vport_connect", 0x5c1),
	FLAG("function_id_type_vhca_id", 0x5c2,
	     .desc = "commands accept a vhca_id as function_id (function_id_type 1)"),
	FLAG("lag_per_mp_group", 0x5c4),
	PRM_FIELD("delegate_vhca_management_profiles", 0x5d0, 16),
	/* dword 47, byte 0xbc */
	NUM("delegated_vhca_max", 0x5e0, 16),
	NUM("delegate_vhca_max", 0x5f0, 16),
};

const struct prm_layout prm_layout_cmd_hca_cap_2 = {
	.name = "cmd_hca_cap_2",
	.desc = "general device capabilities, second page (QUERY_HCA_CAP cap_type 0x20, 256 bytes)",
	.source = "linux include/linux/mlx5/mlx5_ifc.h mlx5_ifc_cmd_hca_cap_2_bits",
	.bits = 0x800,
	PRM_LAYOUT_FIELDS(fields),
};
