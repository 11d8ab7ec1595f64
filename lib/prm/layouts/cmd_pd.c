// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Protection domains: ALLOC_PD (0x800) hands out a PD number, DEALLOC_PD
 * (0x801) returns it. A memory key (cmd_mkey.c, mkc.pd) belongs to one PD;
 * the firmware tracer allocates one for the mkey of its host buffer
 * (diag/fw_tracer.c: mlx5_fw_tracer_init :1082, freed on its error path
 * :1110 and in mlx5_fw_tracer_cleanup :1141).
 * mlx5_core allocates with uid 0 (core/pd.c mlx5_core_alloc_pd,
 * mlx5_core_dealloc_pd); mlx5_ib's DEVX passes the user context's uid.
 *
 * Source: include/linux/mlx5/mlx5_ifc.h as in knneth/mlnx-ofa_kernel@2850235
 * (MLNX_OFED 25.10.1.7.1.1):
 *   mlx5_ifc_dealloc_pd_out_bits :9481-9488, mlx5_ifc_dealloc_pd_in_bits
 *   :9490-9501, mlx5_ifc_alloc_pd_out_bits :10342-10352,
 *   mlx5_ifc_alloc_pd_in_bits :10354-10362; MLX5_CMD_OP_ALLOC_PD,
 *   MLX5_CMD_OP_DEALLOC_PD :229-230;
 *   drivers/net/ethernet/mellanox/mlx5/core/pd.c:37-59.
 * saeedtx/mlx5ctl@0f64d16 (its copy of upstream mlx5_ifc.h, :8230-8250,
 * :9085-9105): all four structs are identical.
 *
 * All four are 16 bytes (0x80 bits). The PD number is 24 bits, the low three
 * bytes of dword 2 (bit 0x48), as the UAR index is in cmd_uar.c.
 */
#include "lib/prm/layouts/layouts.h"
#include "lib/prm/names.h"

#define SRC "linux include/linux/mlx5/mlx5_ifc.h "

#define PD(d) PRM_FIELD("pd", 0x48, 0x18, .desc = (d))

/* ---- ALLOC_PD (0x800) ---- */

static const struct prm_field alloc_pd_in_fields[] = {
	PRM_CMD_IN_HDR_UID,
};

const struct prm_layout prm_layout_alloc_pd_in = {
	.name = "alloc_pd_in",
	.desc = "ALLOC_PD input",
	.source = SRC "mlx5_ifc_alloc_pd_in_bits",
	.bits = 0x80,
	PRM_LAYOUT_FIELDS(alloc_pd_in_fields),
};

static const struct prm_field alloc_pd_out_fields[] = {
	PRM_CMD_OUT_HDR,
	PD("protection domain allocated"),
};

const struct prm_layout prm_layout_alloc_pd_out = {
	.name = "alloc_pd_out",
	.desc = "ALLOC_PD output",
	.source = SRC "mlx5_ifc_alloc_pd_out_bits",
	.bits = 0x80,
	PRM_LAYOUT_FIELDS(alloc_pd_out_fields),
};

/* ---- DEALLOC_PD (0x801) ---- */

static const struct prm_field dealloc_pd_in_fields[] = {
	PRM_CMD_IN_HDR_UID,
	PD("protection domain to free"),
};

const struct prm_layout prm_layout_dealloc_pd_in = {
	.name = "dealloc_pd_in",
	.desc = "DEALLOC_PD input",
	.source = SRC "mlx5_ifc_dealloc_pd_in_bits",
	.bits = 0x80,
	PRM_LAYOUT_FIELDS(dealloc_pd_in_fields),
};

static const struct prm_field dealloc_pd_out_fields[] = {
	PRM_CMD_OUT_HDR,
};

const struct prm_layout prm_layout_dealloc_pd_out = {
	.name = "dealloc_pd_out",
	.desc = "DEALLOC_PD output",
	.source = SRC "mlx5_ifc_dealloc_pd_out_bits",
	.bits = 0x80,
	PRM_LAYOUT_FIELDS(dealloc_pd_out_fields),
};
