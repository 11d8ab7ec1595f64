// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * UAR pages: ALLOC_UAR (0x802) hands out the index of a User Access Region
 * page in BAR0 (doorbells, BlueFlame), DEALLOC_UAR (0x803) returns it.
 * mlx5_core allocates with uid 0 (core/uar.c mlx5_cmd_alloc_uar,
 * mlx5_cmd_free_uar); mlx5_ib's DEVX passes the user context's uid
 * (drivers/infiniband/hw/mlx5/cmd.c:230, :245).
 *
 * Source: include/linux/mlx5/mlx5_ifc.h as in knneth/mlnx-ofa_kernel@2850235
 * (MLNX_OFED 25.10.1.7.1.1):
 *   mlx5_ifc_dealloc_uar_out_bits :9415-9422, mlx5_ifc_dealloc_uar_in_bits
 *   :9424-9435, mlx5_ifc_alloc_uar_out_bits :10276-10286,
 *   mlx5_ifc_alloc_uar_in_bits :10288-10296; MLX5_CMD_OP_ALLOC_UAR,
 *   MLX5_CMD_OP_DEALLOC_UAR :231-232;
 *   drivers/net/ethernet/mellanox/mlx5/core/uar.c:37-59.
 * saeedtx/mlx5ctl@0f64d16 (its copy of upstream mlx5_ifc.h): all four
 * structs are identical.
 *
 * All four are 16 bytes (0x80 bits). The UAR index is 24 bits, the low three
 * bytes of dword 2 (bit 0x48).
 */
#include "lib/prm/layouts/layouts.h"
#include "lib/prm/names.h"

#define SRC "linux include/linux/mlx5/mlx5_ifc.h "

#define IN_HDR								\
	PRM_FIELD("opcode", 0x00, 0x10, .names = &prm_cmd_opcode_names),	\
	PRM_FIELD("uid", 0x10, 0x10, .desc = "user context; 0: the kernel's"),	\
	PRM_FIELD("op_mod", 0x30, 0x10)
#define UAR(d) PRM_FIELD("uar", 0x48, 0x18, .desc = (d))

/* ---- ALLOC_UAR (0x802) ---- */

static const struct prm_field alloc_uar_in_fields[] = {
	IN_HDR,
};

const struct prm_layout prm_layout_alloc_uar_in = {
	.name = "alloc_uar_in",
	.desc = "ALLOC_UAR input",
	.source = SRC "mlx5_ifc_alloc_uar_in_bits",
	.bits = 0x80,
	PRM_LAYOUT_FIELDS(alloc_uar_in_fields),
};

static const struct prm_field alloc_uar_out_fields[] = {
	PRM_CMD_OUT_HDR,
	UAR("index of the UAR page allocated"),
};

const struct prm_layout prm_layout_alloc_uar_out = {
	.name = "alloc_uar_out",
	.desc = "ALLOC_UAR output",
	.source = SRC "mlx5_ifc_alloc_uar_out_bits",
	.bits = 0x80,
	PRM_LAYOUT_FIELDS(alloc_uar_out_fields),
};

/* ---- DEALLOC_UAR (0x803) ---- */

static const struct prm_field dealloc_uar_in_fields[] = {
	IN_HDR,
	UAR("index of the UAR page to free"),
};

const struct prm_layout prm_layout_dealloc_uar_in = {
	.name = "dealloc_uar_in",
	.desc = "DEALLOC_UAR input",
	.source = SRC "mlx5_ifc_dealloc_uar_in_bits",
	.bits = 0x80,
	PRM_LAYOUT_FIELDS(dealloc_uar_in_fields),
};

static const struct prm_field dealloc_uar_out_fields[] = {
	PRM_CMD_OUT_HDR,
};

const struct prm_layout prm_layout_dealloc_uar_out = {
	.name = "dealloc_uar_out",
	.desc = "DEALLOC_UAR output",
	.source = SRC "mlx5_ifc_dealloc_uar_out_bits",
	.bits = 0x80,
	PRM_LAYOUT_FIELDS(dealloc_uar_out_fields),
};
