// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Query commands: QUERY_HCA_CAP, QUERY_ADAPTER, NOP, ACCESS_REG.
 *
 * Source: include/linux/mlx5/mlx5_ifc.h, the mlx5_ifc_<name>_bits structs, as
 * in knneth/mlnx-ofa_kernel@2850235 (MLNX_OFED 25.10.1.7.1.1). Other copies:
 *  - query_hca_cap_in: ec_vf_function (bit 0x41) came upstream with "mlx5_ifc
 *    updates for embedded CPU SRIOV" (net-next, 2023-06), function_id_type
 *    (0x43) with "Add hardware definitions needed for adjacent vports"
 *    (mlx5-next, 2025-08); the OFED header has both. The older copies read
 *    here, saeedtx/mlx5ctl@0f64d16 and torvalds/linux@87d93e9a, have
 *    reserved_at_41[0xf] instead.
 *  - access_register_in: the mlx5ctl copy names bits 0x20..0x2f
 *    vhca_tunnel_id, a change of its own (mlx5ctl@7cc5000, "rscdump: umem
 *    support"); the OFED header and torvalds/linux@87d93e9a have
 *    reserved_at_20 there, so it is left out.
 * Everything else is the same in all three.
 *
 * Sizes are the struct widths: query_hca_cap_out is the 16-byte header plus
 * the 4096-byte capability union (0x8080 bits); only the header is described
 * here. query_adapter_out is the header plus query_adapter_struct.
 * access_register_in/out end where register_data[][0x20] (a flexible array,
 * the register itself) starts, at byte 0x10.
 */
#include "lib/prm/layouts/layouts.h"
#include "lib/prm/names.h"

/* mlx5_ifc.h MLX5_ACCESS_REGISTER_IN_OP_MOD_* */
PRM_NAMES(access_reg_op_mod_names, { 0, "write" }, { 1, "read" });

#define SRC "linux include/linux/mlx5/mlx5_ifc.h "

#define IN_HDR(op_mod_desc)						\
	PRM_FIELD("opcode", 0x00, 0x10, .names = &prm_cmd_opcode_names),	\
	PRM_FIELD("op_mod", 0x30, 0x10, .desc = (op_mod_desc))

/* ---- QUERY_HCA_CAP (0x100) ---- */

static const struct prm_field query_hca_cap_in_fields[] = {
	IN_HDR("capability type << 1 | 1 for current, 0 for maximum"),
	PRM_FIELD("other_function", 0x40, 0x01, .fmt = PRM_FMT_BOOL,
		  .desc = "query the function in function_id"),
	PRM_FIELD("ec_vf_function", 0x41, 0x01, .fmt = PRM_FMT_BOOL,
		  .desc = "function_id is a VF of the embedded CPU"),
	PRM_FIELD("function_id_type", 0x43, 0x01, .fmt = PRM_FMT_DEC,
		  .desc = "1: function_id is a vhca_id"),
	PRM_FIELD("function_id", 0x50, 0x10),
};

const struct prm_layout prm_layout_query_hca_cap_in = {
	.name = "query_hca_cap_in",
	.desc = "QUERY_HCA_CAP input",
	.source = SRC "mlx5_ifc_query_hca_cap_in_bits",
	.bits = 0x80,
	PRM_LAYOUT_FIELDS(query_hca_cap_in_fields),
};

/* capability (union mlx5_ifc_hca_cap_union_bits, 0x8000 bits) at 0x80: not described yet. */
static const struct prm_field query_hca_cap_out_fields[] = {
	PRM_CMD_OUT_HDR,
};

const struct prm_layout prm_layout_query_hca_cap_out = {
	.name = "query_hca_cap_out",
	.desc = "QUERY_HCA_CAP output (4112 bytes; header only, capability page from 0x10)",
	.source = SRC "mlx5_ifc_query_hca_cap_out_bits",
	.bits = 0x8080,
	PRM_LAYOUT_FIELDS(query_hca_cap_out_fields),
};

/* ---- QUERY_ADAPTER (0x101) ---- */

static const struct prm_field query_adapter_in_fields[] = {
	IN_HDR(NULL),
};

const struct prm_layout prm_layout_query_adapter_in = {
	.name = "query_adapter_in",
	.desc = "QUERY_ADAPTER input",
	.source = SRC "mlx5_ifc_query_adapter_in_bits",
	.bits = 0x80,
	PRM_LAYOUT_FIELDS(query_adapter_in_fields),
};

static const struct prm_field query_adapter_struct_fields[] = {
	PRM_FIELD("ieee_vendor_id", 0x0c8, 0x18,
		  .desc = "IEEE OUI of the vendor"),
	PRM_FIELD("vsd_vendor_id", 0x0f0, 0x10,
		  .desc = "PCI vendor id of the VSD owner"),
	PRM_FIELD("vsd", 0x100, 0x08, .count = 208, .fmt = PRM_FMT_ASCII,
		  .desc = "vendor specific data"),
	PRM_FIELD("vsd_contd_psid", 0x780, 0x08, .count = 16,
		  .fmt = PRM_FMT_ASCII, .desc = "PSID, the board's firmware id"),
};

const struct prm_layout prm_layout_query_adapter_struct = {
	.name = "query_adapter_struct",
	.desc = "QUERY_ADAPTER parameter block (256 bytes, from byte 0x10 of the output)",
	.source = SRC "mlx5_ifc_query_adapter_param_block_bits",
	.bits = 0x800,
	PRM_LAYOUT_FIELDS(query_adapter_struct_fields),
};

static const struct prm_field query_adapter_out_fields[] = {
	PRM_CMD_OUT_HDR,
	PRM_FIELD("query_adapter_struct", 0x80, 0x800,
		  .sub = &prm_layout_query_adapter_struct),
};

const struct prm_layout prm_layout_query_adapter_out = {
	.name = "query_adapter_out",
	.desc = "QUERY_ADAPTER output (272 bytes)",
	.source = SRC "mlx5_ifc_query_adapter_out_bits",
	.bits = 0x880,
	PRM_LAYOUT_FIELDS(query_adapter_out_fields),
};

/* ---- NOP (0x80d) ---- */

static const struct prm_field nop_in_fields[] = {
	IN_HDR(NULL),
};

const struct prm_layout prm_layout_nop_in = {
	.name = "nop_in",
	.desc = "NOP input",
	.source = SRC "mlx5_ifc_nop_in_bits",
	.bits = 0x80,
	PRM_LAYOUT_FIELDS(nop_in_fields),
};

static const struct prm_field nop_out_fields[] = {
	PRM_CMD_OUT_HDR,
};

const struct prm_layout prm_layout_nop_out = {
	.name = "nop_out",
	.desc = "NOP output",
	.source = SRC "mlx5_ifc_nop_out_bits",
	.bits = 0x80,
	PRM_LAYOUT_FIELDS(nop_out_fields),
};

/* ---- ACCESS_REG (0x805) ---- */

/* register_data[][0x20] follows at 0x80 (byte 0x10). */
static const struct prm_field access_register_in_fields[] = {
	PRM_FIELD("opcode", 0x00, 0x10, .names = &prm_cmd_opcode_names),
	PRM_FIELD("op_mod", 0x30, 0x10, .fmt = PRM_FMT_DEC,
		  .names = &access_reg_op_mod_names),
	PRM_FIELD("register_id", 0x50, 0x10),
	PRM_FIELD("argument", 0x60, 0x20, .desc = "register-specific argument"),
};

const struct prm_layout prm_layout_access_register_in = {
	.name = "access_register_in",
	.desc = "ACCESS_REG input header (the register data follows from byte 0x10)",
	.source = SRC "mlx5_ifc_access_register_in_bits",
	.bits = 0x80,
	PRM_LAYOUT_FIELDS(access_register_in_fields),
};

/* register_data[][0x20] follows at 0x80 (byte 0x10). */
static const struct prm_field access_register_out_fields[] = {
	PRM_CMD_OUT_HDR,
};

const struct prm_layout prm_layout_access_register_out = {
	.name = "access_register_out",
	.desc = "ACCESS_REG output header (the register data follows from byte 0x10)",
	.source = SRC "mlx5_ifc_access_register_out_bits",
	.bits = 0x80,
	PRM_LAYOUT_FIELDS(access_register_out_fields),
};
