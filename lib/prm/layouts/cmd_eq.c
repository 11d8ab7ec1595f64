// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Event queues: the EQ context and the CREATE_EQ (0x301), DESTROY_EQ (0x302)
 * and GEN_EQE (0x304) commands.
 *
 * Source: include/linux/mlx5/mlx5_ifc.h as in knneth/mlnx-ofa_kernel@2850235
 * (MLNX_OFED 25.10.1.7.1.1):
 *   MLX5_EQC_STATUS_* :4684-4687, MLX5_EQC_ST_* :4689-4692,
 *   mlx5_ifc_eqc_bits :4694-4731, mlx5_ifc_gen_eqe_in_bits :8750-8763,
 *   mlx5_ifc_gen_eq_out_bits :8765-8772, mlx5_ifc_destroy_eq_out_bits
 *   :9244-9251, mlx5_ifc_destroy_eq_in_bits :9253-9264,
 *   mlx5_ifc_create_eq_out_bits :10009-10019, mlx5_ifc_create_eq_in_bits
 *   :10021-10039; MLX5_CMD_OP_CREATE_EQ..GEN_EQE :148-151.
 * EQ states: mlx5_ifc.h names only MLX5_EQC_ST_ARMED 0x9 and _FIRED 0xa;
 * 0xb (always armed) is drivers/net/ethernet/mellanox/mlx5/core/eq.c:30-34
 * MLX5_EQ_STATE_ARMED/FIRED/ALWAYS_ARMED, same tree.
 *
 * Other copies:
 *  - saeedtx/mlx5ctl@0f64d16 (its copy of upstream mlx5_ifc.h): every struct
 *    and enum here is identical.
 *  - torvalds/linux@87d93e9a (an older stored copy, from before mid-2021):
 *    identical except eqc, which has reserved_at_a0[0x18] + intr[0x8]
 *    (intr at bit 0xb8, 8 bits).
 *    Upstream widened it to intr[0xc] at 0xb4 in "net/mlx5: Enlarge
 *    interrupt field in CREATE_EQ" (Shay Drory, net-next, 2021-06: firmware
 *    with up to 2K MSI-X per PF). A device or driver of the old layout only
 *    uses the low 8 bits, which sit at the same place, so intr values below
 *    0x100 read the same under both.
 *  - Older still (before mlx5-next 2019-06, "net/mlx5: Use event mask based
 *    on device capabilities", Yishai Hadas): create_eq_in had one 64-bit
 *    event_bitmask[0x40] at 0x2c0 followed by reserved_at_300[0x580]; now
 *    event_bitmask[4][0x40] (0x2c0..0x3bf) and reserved_at_3c0[0x4c0]. Word
 *    0 is where the one word was, so a single-word mask reads the same.
 *    Before mlx5-next 2019-05 ("net/mlx5: Set completion EQs as shared
 *    resources") uid was reserved_at_10.
 *  - query_eq_out (not described here) still has a single event_bitmask[0x40]
 *    at 0x2c0 in all three copies.
 *
 * The driver (eq.c create_map_eq) sets, per 64-bit word i,
 * MLX5_ARRAY_SET64(create_eq_in, in, event_bitmask, i, mask[i]) with
 * mask[0] |= 1ull << MLX5_EVENT_TYPE_x: bit n (counted from the least
 * significant bit of the big-endian word) of word 0 subscribes event type n.
 * Words 1..3 carry types 0x40..0xff by the same rule (device.h
 * MLX5_EVENT_TYPE_MAX is 0x100; device_event_cap has the same [4][0x40]
 * shape); no type the headers name is above 0x3f.
 *
 * Sizes: create_eq_in ends where pas[][0x40] (the EQ's page addresses, a
 * flexible array) starts, at bit 0x880 = byte 0x110. gen_eqe_in is the
 * 16-byte header and the 64-byte entry (mlx5_eqe, see eqe.c) at byte 0x10.
 * QUERY_EQ (0x303) is not described yet.
 *
 * The descriptions of ec, oi and st are the PRM's names for those bits; the
 * headers do not spell them out.
 */
#include "lib/prm/layouts/layouts.h"
#include "lib/prm/names.h"

/* mlx5_ifc.h MLX5_EQC_STATUS_* */
PRM_NAMES(eqc_status_names, { 0x0, "ok" }, { 0xa, "eq_write_failure" });

/* mlx5_ifc.h MLX5_EQC_ST_*; 0xb from eq.c MLX5_EQ_STATE_ALWAYS_ARMED */
PRM_NAMES(eqc_st_names,
	{ 0x9, "armed" }, { 0xa, "fired" }, { 0xb, "always_armed" });

#define SRC "linux include/linux/mlx5/mlx5_ifc.h "

#define IN_HDR								\
	PRM_FIELD("opcode", 0x00, 0x10, .names = &prm_cmd_opcode_names),	\
	PRM_FIELD("op_mod", 0x30, 0x10)
#define EQ_NUMBER							\
	PRM_FIELD("eq_number", 0x58, 0x08, .fmt = PRM_FMT_DEC,		\
		  .desc = "EQ number (eqn)")

/* ---- EQ context ---- */

static const struct prm_field eqc_fields[] = {
	PRM_FIELD("status", 0x000, 0x04, .names = &eqc_status_names),
	PRM_FIELD("ec", 0x00d, 0x01, .fmt = PRM_FMT_BOOL,
		  .desc = "event collapse"),
	PRM_FIELD("oi", 0x00e, 0x01, .fmt = PRM_FMT_BOOL,
		  .desc = "overrun ignore"),
	PRM_FIELD("st", 0x014, 0x04, .names = &eqc_st_names,
		  .desc = "event delivery state"),
	PRM_FIELD("page_offset", 0x054, 0x06, .fmt = PRM_FMT_DEC),
	PRM_FIELD("log_eq_size", 0x063, 0x05, .fmt = PRM_FMT_DEC,
		  .desc = "log2 of the number of entries"),
	PRM_FIELD("uar_page", 0x068, 0x18,
		  .desc = "UAR page holding the EQ doorbell"),
	PRM_FIELD("intr", 0x0b4, 0x0c, .fmt = PRM_FMT_DEC,
		  .desc = "MSI-X vector (8 bits wide before 2021)"),
	PRM_FIELD("log_page_size", 0x0c3, 0x05, .fmt = PRM_FMT_DEC,
		  .desc = "log2 of the page size in 4 KiB units"),
	PRM_FIELD("consumer_counter", 0x148, 0x18, .fmt = PRM_FMT_DEC),
	PRM_FIELD("producer_counter", 0x168, 0x18, .fmt = PRM_FMT_DEC),
};

const struct prm_layout prm_layout_eqc = {
	.name = "eqc",
	.desc = "EQ context (64 bytes; CREATE_EQ and QUERY_EQ from byte 0x10)",
	.source = SRC "mlx5_ifc_eqc_bits",
	.bits = 0x200,
	PRM_LAYOUT_FIELDS(eqc_fields),
};

/* ---- CREATE_EQ (0x301) ---- */

/* pas[][0x40] follows at 0x880 (byte 0x110): the EQ buffer's page addresses. */
static const struct prm_field create_eq_in_fields[] = {
	PRM_FIELD("opcode", 0x00, 0x10, .names = &prm_cmd_opcode_names),
	PRM_FIELD("uid", 0x10, 0x10,
		  .desc = "user context; 0xffff (shared) for completion EQs"),
	PRM_FIELD("op_mod", 0x30, 0x10),
	PRM_FIELD("eq_context_entry", 0x80, 0x200, .sub = &prm_layout_eqc),
	PRM_FIELD("event_bitmask", 0x2c0, 0x40, .count = 4,
		  .desc = "events delivered to this EQ: word w bit n = event type 64w+n"),
};

const struct prm_layout prm_layout_create_eq_in = {
	.name = "create_eq_in",
	.desc = "CREATE_EQ input, without the page address array (272 bytes)",
	.source = SRC "mlx5_ifc_create_eq_in_bits",
	.bits = 0x880,
	PRM_LAYOUT_FIELDS(create_eq_in_fields),
};

static const struct prm_field create_eq_out_fields[] = {
	PRM_CMD_OUT_HDR,
	EQ_NUMBER,
};

const struct prm_layout prm_layout_create_eq_out = {
	.name = "create_eq_out",
	.desc = "CREATE_EQ output",
	.source = SRC "mlx5_ifc_create_eq_out_bits",
	.bits = 0x80,
	PRM_LAYOUT_FIELDS(create_eq_out_fields),
};

/* ---- DESTROY_EQ (0x302) ---- */

static const struct prm_field destroy_eq_in_fields[] = {
	IN_HDR,
	EQ_NUMBER,
};

const struct prm_layout prm_layout_destroy_eq_in = {
	.name = "destroy_eq_in",
	.desc = "DESTROY_EQ input",
	.source = SRC "mlx5_ifc_destroy_eq_in_bits",
	.bits = 0x80,
	PRM_LAYOUT_FIELDS(destroy_eq_in_fields),
};

static const struct prm_field destroy_eq_out_fields[] = {
	PRM_CMD_OUT_HDR,
};

const struct prm_layout prm_layout_destroy_eq_out = {
	.name = "destroy_eq_out",
	.desc = "DESTROY_EQ output",
	.source = SRC "mlx5_ifc_destroy_eq_out_bits",
	.bits = 0x80,
	PRM_LAYOUT_FIELDS(destroy_eq_out_fields),
};

/* ---- GEN_EQE (0x304) ---- */

static const struct prm_field gen_eqe_in_fields[] = {
	IN_HDR,
	EQ_NUMBER,
	PRM_FIELD("eqe", 0x80, 0x08, .count = 64,
		  .desc = "the event queue entry to write (layout eqe)"),
};

const struct prm_layout prm_layout_gen_eqe_in = {
	.name = "gen_eqe_in",
	.desc = "GEN_EQE input (80 bytes: header, then the 64-byte entry)",
	.source = SRC "mlx5_ifc_gen_eqe_in_bits",
	.bits = 0x280,
	PRM_LAYOUT_FIELDS(gen_eqe_in_fields),
};

static const struct prm_field gen_eqe_out_fields[] = {
	PRM_CMD_OUT_HDR,
};

const struct prm_layout prm_layout_gen_eqe_out = {
	.name = "gen_eqe_out",
	.desc = "GEN_EQE output",
	.source = SRC "mlx5_ifc_gen_eq_out_bits",
	.bits = 0x80,
	PRM_LAYOUT_FIELDS(gen_eqe_out_fields),
};
