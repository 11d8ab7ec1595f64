// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Bring-up commands, in the order the driver issues them (main.c
 * mlx5_function_enable/mlx5_function_open): ENABLE_HCA, QUERY_ISSI, SET_ISSI,
 * QUERY_PAGES, MANAGE_PAGES, INIT_HCA; TEARDOWN_HCA and DISABLE_HCA on the
 * way down.
 *
 * Source: include/linux/mlx5/mlx5_ifc.h, the mlx5_ifc_<name>_bits structs, as
 * in knneth/mlnx-ofa_kernel@2850235 (MLNX_OFED 25.10.1.7.1.1); the
 * saeedtx/mlx5ctl@0f64d16 copy of upstream mlx5_ifc.h (2024-11) is the same
 * for every struct here, and torvalds/linux@87d93e9a (an older stored copy)
 * differs only in init_hca_in, where sw_vhca_id is still reserved. Offsets are
 * mlx5_ifc bit offsets (the sum of the widths before a field, as the
 * reserved_at_<off> names state); sizes are the struct widths, so
 * enable_hca_out and disable_hca_out are 12 bytes, not 16.
 *
 * None of these commands has a uid: the header word after the opcode is
 * reserved_at_10 in all of them.
 *
 * Left out (flexible arrays, not part of the fixed size): manage_pages_in.pas[]
 * and manage_pages_out.pas[], 64-bit page addresses from byte 0x10.
 */
#include "lib/prm/layouts/layouts.h"
#include "lib/prm/names.h"

/* mlx5_ifc.h MLX5_QUERY_PAGES_IN_OP_MOD_* */
PRM_NAMES(query_pages_op_mod_names,
	{ 1, "boot_pages" }, { 2, "init_pages" }, { 3, "regular_pages" });

/* mlx5_ifc.h MLX5_MANAGE_PAGES_IN_OP_MOD_* */
PRM_NAMES(manage_pages_op_mod_names,
	{ 0, "allocation_fail" }, { 1, "allocation_success" },
	{ 2, "hca_return_pages" });

/* mlx5_ifc.h MLX5_TEARDOWN_HCA_IN_PROFILE_* */
PRM_NAMES(teardown_profile_names,
	{ 0, "graceful_close" }, { 1, "force_close" },
	{ 2, "prepare_fast_teardown" });

/* mlx5_ifc.h MLX5_TEARDOWN_HCA_OUT_FORCE_STATE_* */
PRM_NAMES(teardown_state_names, { 0, "success" }, { 1, "fail" });

#define SRC "linux include/linux/mlx5/mlx5_ifc.h "

/* The two header words every command input and output starts with. */
#define IN_HDR(op_mod_names)						\
	PRM_FIELD("opcode", 0x00, 0x10, .names = &prm_cmd_opcode_names),	\
	PRM_FIELD("op_mod", 0x30, 0x10, .names = (op_mod_names))

#define ECPF								\
	PRM_FIELD("embedded_cpu_function", 0x40, 0x01, .fmt = PRM_FMT_BOOL,	\
		  .desc = "1: function_id is an embedded CPU (ECPF) function")
#define FUNCTION_ID							\
	PRM_FIELD("function_id", 0x50, 0x10, .desc = "function index")

/* ---- ENABLE_HCA (0x104) ---- */

static const struct prm_field enable_hca_in_fields[] = {
	IN_HDR(NULL),
	ECPF,
	FUNCTION_ID,
};

const struct prm_layout prm_layout_enable_hca_in = {
	.name = "enable_hca_in",
	.desc = "ENABLE_HCA input",
	.source = SRC "mlx5_ifc_enable_hca_in_bits",
	.bits = 0x80,
	PRM_LAYOUT_FIELDS(enable_hca_in_fields),
};

static const struct prm_field enable_hca_out_fields[] = {
	PRM_CMD_OUT_HDR,
};

const struct prm_layout prm_layout_enable_hca_out = {
	.name = "enable_hca_out",
	.desc = "ENABLE_HCA output (12 bytes)",
	.source = SRC "mlx5_ifc_enable_hca_out_bits",
	.bits = 0x60,
	PRM_LAYOUT_FIELDS(enable_hca_out_fields),
};

/* ---- DISABLE_HCA (0x105) ---- */

static const struct prm_field disable_hca_in_fields[] = {
	IN_HDR(NULL),
	ECPF,
	FUNCTION_ID,
};

const struct prm_layout prm_layout_disable_hca_in = {
	.name = "disable_hca_in",
	.desc = "DISABLE_HCA input",
	.source = SRC "mlx5_ifc_disable_hca_in_bits",
	.bits = 0x80,
	PRM_LAYOUT_FIELDS(disable_hca_in_fields),
};

static const struct prm_field disable_hca_out_fields[] = {
	PRM_CMD_OUT_HDR,
};

const struct prm_layout prm_layout_disable_hca_out = {
	.name = "disable_hca_out",
	.desc = "DISABLE_HCA output (12 bytes)",
	.source = SRC "mlx5_ifc_disable_hca_out_bits",
	.bits = 0x60,
	PRM_LAYOUT_FIELDS(disable_hca_out_fields),
};

/* ---- QUERY_ISSI (0x10a), SET_ISSI (0x10b) ---- */

static const struct prm_field query_issi_in_fields[] = {
	IN_HDR(NULL),
};

const struct prm_layout prm_layout_query_issi_in = {
	.name = "query_issi_in",
	.desc = "QUERY_ISSI input",
	.source = SRC "mlx5_ifc_query_issi_in_bits",
	.bits = 0x80,
	PRM_LAYOUT_FIELDS(query_issi_in_fields),
};

/*
 * The header has only the last dword of the supported-ISSI bitmask:
 * reserved_at_100[76][0x8] (bytes 0x20..0x6b) then supported_issi_dw0 at
 * byte 0x6c. Bit n set: ISSI n supported (main.c mlx5_core_set_issi tests
 * bit 1, then bit 0).
 */
static const struct prm_field query_issi_out_fields[] = {
	PRM_CMD_OUT_HDR,
	PRM_FIELD("current_issi", 0x50, 0x10, .fmt = PRM_FMT_DEC,
		  .desc = "interface step sequence ID in use"),
	PRM_FIELD("supported_issi_dw0", 0x360, 0x20,
		  .desc = "supported ISSIs, bit n = ISSI n (last dword of the bitmask)"),
};

const struct prm_layout prm_layout_query_issi_out = {
	.name = "query_issi_out",
	.desc = "QUERY_ISSI output (112 bytes)",
	.source = SRC "mlx5_ifc_query_issi_out_bits",
	.bits = 0x380,
	PRM_LAYOUT_FIELDS(query_issi_out_fields),
};

static const struct prm_field set_issi_in_fields[] = {
	IN_HDR(NULL),
	PRM_FIELD("current_issi", 0x50, 0x10, .fmt = PRM_FMT_DEC,
		  .desc = "ISSI to use"),
};

const struct prm_layout prm_layout_set_issi_in = {
	.name = "set_issi_in",
	.desc = "SET_ISSI input",
	.source = SRC "mlx5_ifc_set_issi_in_bits",
	.bits = 0x80,
	PRM_LAYOUT_FIELDS(set_issi_in_fields),
};

static const struct prm_field set_issi_out_fields[] = {
	PRM_CMD_OUT_HDR,
};

const struct prm_layout prm_layout_set_issi_out = {
	.name = "set_issi_out",
	.desc = "SET_ISSI output",
	.source = SRC "mlx5_ifc_set_issi_out_bits",
	.bits = 0x80,
	PRM_LAYOUT_FIELDS(set_issi_out_fields),
};

/* ---- QUERY_PAGES (0x107), MANAGE_PAGES (0x108) ---- */

static const struct prm_field query_pages_in_fields[] = {
	IN_HDR(&query_pages_op_mod_names),
	ECPF,
	FUNCTION_ID,
};

const struct prm_layout prm_layout_query_pages_in = {
	.name = "query_pages_in",
	.desc = "QUERY_PAGES input",
	.source = SRC "mlx5_ifc_query_pages_in_bits",
	.bits = 0x80,
	PRM_LAYOUT_FIELDS(query_pages_in_fields),
};

static const struct prm_field query_pages_out_fields[] = {
	PRM_CMD_OUT_HDR,
	ECPF,
	FUNCTION_ID,
	PRM_FIELD("num_pages", 0x60, 0x20, .fmt = PRM_FMT_DEC,
		  .desc = "pages the device wants; the driver reads it as s32"),
};

const struct prm_layout prm_layout_query_pages_out = {
	.name = "query_pages_out",
	.desc = "QUERY_PAGES output",
	.source = SRC "mlx5_ifc_query_pages_out_bits",
	.bits = 0x80,
	PRM_LAYOUT_FIELDS(query_pages_out_fields),
};

/* pas[][0x40] follows at 0x80 (byte 0x10): input_num_entries addresses. */
static const struct prm_field manage_pages_in_fields[] = {
	IN_HDR(&manage_pages_op_mod_names),
	ECPF,
	FUNCTION_ID,
	PRM_FIELD("input_num_entries", 0x60, 0x20, .fmt = PRM_FMT_DEC,
		  .desc = "page addresses following from byte 0x10"),
};

const struct prm_layout prm_layout_manage_pages_in = {
	.name = "manage_pages_in",
	.desc = "MANAGE_PAGES input, without the page address array",
	.source = SRC "mlx5_ifc_manage_pages_in_bits",
	.bits = 0x80,
	PRM_LAYOUT_FIELDS(manage_pages_in_fields),
};

/* pas[][0x40] follows at 0x80 (byte 0x10): output_num_entries addresses. */
static const struct prm_field manage_pages_out_fields[] = {
	PRM_CMD_OUT_HDR,
	PRM_FIELD("output_num_entries", 0x40, 0x20, .fmt = PRM_FMT_DEC,
		  .desc = "page addresses returned from byte 0x10"),
};

const struct prm_layout prm_layout_manage_pages_out = {
	.name = "manage_pages_out",
	.desc = "MANAGE_PAGES output, without the page address array",
	.source = SRC "mlx5_ifc_manage_pages_out_bits",
	.bits = 0x80,
	PRM_LAYOUT_FIELDS(manage_pages_out_fields),
};

/* ---- INIT_HCA (0x102), TEARDOWN_HCA (0x103) ---- */

static const struct prm_field init_hca_in_fields[] = {
	IN_HDR(NULL),
	PRM_FIELD("sw_vhca_id", 0x62, 0x0e,
		  .desc = "software vHCA id, when cmd_hca_cap_2.sw_vhca_id_valid"),
	PRM_FIELD("sw_owner_id", 0x80, 0x20, .count = 4,
		  .desc = "software owner id (steering), when cmd_hca_cap.sw_owner_id"),
};

const struct prm_layout prm_layout_init_hca_in = {
	.name = "init_hca_in",
	.desc = "INIT_HCA input (32 bytes)",
	.source = SRC "mlx5_ifc_init_hca_in_bits",
	.bits = 0x100,
	PRM_LAYOUT_FIELDS(init_hca_in_fields),
};

static const struct prm_field init_hca_out_fields[] = {
	PRM_CMD_OUT_HDR,
};

const struct prm_layout prm_layout_init_hca_out = {
	.name = "init_hca_out",
	.desc = "INIT_HCA output",
	.source = SRC "mlx5_ifc_init_hca_out_bits",
	.bits = 0x80,
	PRM_LAYOUT_FIELDS(init_hca_out_fields),
};

static const struct prm_field teardown_hca_in_fields[] = {
	IN_HDR(NULL),
	PRM_FIELD("profile", 0x50, 0x10, .fmt = PRM_FMT_DEC,
		  .names = &teardown_profile_names),
};

const struct prm_layout prm_layout_teardown_hca_in = {
	.name = "teardown_hca_in",
	.desc = "TEARDOWN_HCA input",
	.source = SRC "mlx5_ifc_teardown_hca_in_bits",
	.bits = 0x80,
	PRM_LAYOUT_FIELDS(teardown_hca_in_fields),
};

static const struct prm_field teardown_hca_out_fields[] = {
	PRM_CMD_OUT_HDR,
	PRM_FIELD("state", 0x7f, 0x01, .fmt = PRM_FMT_DEC,
		  .names = &teardown_state_names,
		  .desc = "outcome of a force_close or prepare_fast_teardown"),
};

const struct prm_layout prm_layout_teardown_hca_out = {
	.name = "teardown_hca_out",
	.desc = "TEARDOWN_HCA output",
	.source = SRC "mlx5_ifc_teardown_hca_out_bits",
	.bits = 0x80,
	PRM_LAYOUT_FIELDS(teardown_hca_out_fields),
};
