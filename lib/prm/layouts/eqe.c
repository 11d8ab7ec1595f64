// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * The event queue entry: 64 bytes the device writes into an EQ's buffer (and
 * GEN_EQE carries from byte 0x10 of its input).
 *
 * Source: include/linux/mlx5/device.h as in knneth/mlnx-ofa_kernel@2850235
 * (MLNX_OFED 25.10.1.7.1.1), struct mlx5_eqe :802-812 (a plain C struct,
 * __packed, not an mlx5_ifc _bits struct):
 *
 *	u8 rsvd0;            byte 0x00
 *	u8 type;             byte 0x01       enum mlx5_event, device.h:324-376
 *	u8 rsvd1;            byte 0x02
 *	u8 sub_type;         byte 0x03
 *	__be32 rsvd2[7];     bytes 0x04-0x1f
 *	union ev_data data;  bytes 0x20-0x3b (raw[7]: 28 bytes; :778-800)
 *	__be16 rsvd3;        bytes 0x3c-0x3d
 *	u8 signature;        byte 0x3e
 *	u8 owner;            byte 0x3f
 *
 * so the bit offsets below are byte offsets times 8. The data union's
 * members (cmd, comp, cq_err, port, page_fault, ...) depend on type and are
 * left to the raw bytes here.
 *
 * owner is a whole byte in the struct but only bit 0 counts: the driver
 * (drivers/net/ethernet/mellanox/mlx5/core/eq.c:820, mlx5_eq_get_eqe) takes
 * the entry as software's when (owner & 1) equals bit log_nent of the
 * consumer index ((owner & 1) ^ !!(ci & nent) == 0), and init_eq_buf
 * (eq.c:245-254) starts every entry at MLX5_EQE_OWNER_INIT_VAL = 1 (eq.c:27).
 *
 * torvalds/linux@82c1388f (an old stored device.h, ~v4.13) has the same
 * struct mlx5_eqe; its union ev_data has fewer members but is the same 28
 * bytes, and its enum mlx5_event names fewer types (see names.c).
 */
#include "lib/prm/layouts/layouts.h"
#include "lib/prm/names.h"

static const struct prm_field eqe_fields[] = {
	PRM_FIELD("type", 0x008, 0x08, .names = &prm_event_type_names,
		  .desc = "event type (MLX5_EVENT_TYPE_*)"),
	PRM_FIELD("sub_type", 0x018, 0x08,
		  .desc = "event sub-type, meaning depends on type"),
	PRM_FIELD("data", 0x100, 0x08, .count = 28,
		  .desc = "event data (union ev_data), meaning depends on type"),
	PRM_FIELD("signature", 0x1f0, 0x08),
	PRM_FIELD("owner", 0x1f8, 0x08, .fmt = PRM_FMT_DEC,
		  .desc = "bit 0: ownership, flips on each pass over the queue"),
};

const struct prm_layout prm_layout_eqe = {
	.name = "eqe",
	.desc = "event queue entry (64 bytes)",
	.source = "linux include/linux/mlx5/device.h struct mlx5_eqe",
	.bits = 0x200,
	PRM_LAYOUT_FIELDS(eqe_fields),
};

/*
 * A page request (event 0x0b, MLX5_EVENT_TYPE_PAGE_REQUEST): the firmware
 * wants num_pages more pages for function func_id, or, negative, gives that
 * many back (the driver's pagealloc.c req_pages_handler: give_pages when
 * positive, reclaim_pages when negative; bits 15 and 14 of ec_function are
 * its EC_FUNCTION_MASK and RELEASE_ALL_PAGES_MASK). struct mlx5_eqe_page_req
 * (device.h) { __be16 ec_function; __be16 func_id; __be32 num_pages;
 * __be32 rsvd1[5]; }: 28 bytes, the EQE's data from byte 0x20.
 */
static const struct prm_field eqe_page_req_fields[] = {
	PRM_FIELD("ec_function", 0x00, 0x10,
		  .desc = "bit 15: for the embedded CPU's function; bit 14: release all its pages"),
	PRM_FIELD("func_id", 0x10, 0x10, .fmt = PRM_FMT_DEC, .desc = "the function (0: itself)"),
	PRM_FIELD("num_pages", 0x20, 0x20, .fmt = PRM_FMT_DEC,
		  .desc = "pages wanted; a negative count (two's complement) are given back"),
};

const struct prm_layout prm_layout_eqe_page_req = {
	.name = "eqe_page_req",
	.desc = "page request event data (28 bytes; EQE from byte 0x20, event 0x0b)",
	.source = "linux include/linux/mlx5/device.h struct mlx5_eqe_page_req",
	.bits = 0xe0,
	PRM_LAYOUT_FIELDS(eqe_page_req_fields),
};
