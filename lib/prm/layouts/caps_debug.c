// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * The debug capability page: QUERY_HCA_CAP cap_type 0xd (MLX5_CAP_DEBUG),
 * op_mod 0x1a (maximum) / 0x1b (current). Valid when cmd_hca_cap.debug is
 * set.
 *
 * Source: include/linux/mlx5/mlx5_ifc.h struct mlx5_ifc_debug_cap_bits
 * (line 1205) in knneth/mlnx-ofa_kernel@2850235 (MLNX_OFED 25.10.1.7.1.1).
 * The struct is 0x200 bits (64 bytes) followed by diagnostic_counter[], a
 * flexible array of 32-bit mlx5_ifc_diagnostic_cntr_layout_bits (sync at
 * bit 0, counter_id at bits 0x10-0x1f), cmd_hca_cap.num_of_diagnostic_counters
 * long; this table stops where the array starts.
 * The copies disagree on this page:
 *  - Mellanox/nic-kernel@09347ab7 (upstream net-next) has only
 *    core_dump_general, core_dump_qp, resource_dump and stall_detect (0x22),
 *    at the same offsets, and a 0x800-bit struct without the array.
 *  - saeedtx/mlx5ctl@0f64d16 also names log_cr_dump_to_mem_size (0x4),
 *    log_min_resource_dump_eq (0xb), diag_counter_tracer_dump (0x23) and
 *    calls bit 0x22 health_mon_rx_activity; the OFED header says in a
 *    comment that it took the upstream name stall_detect for that bit.
 */
#include "lib/prm/layouts/layouts.h"

#define FLAG(n, o, ...) PRM_FIELD(n, o, 1, .fmt = PRM_FMT_BOOL, __VA_ARGS__)
#define NUM(n, o, w, ...) PRM_FIELD(n, o, w, .fmt = PRM_FMT_DEC, __VA_ARGS__)

static const struct prm_field fields[] = {
	/* dword 0, byte 0x00 */
	FLAG("core_dump_general", 0x000, .desc = "general core dump (cr-space dump)"),
	FLAG("core_dump_qp", 0x001, .desc = "QP core dump"),
	FLAG("resource_dump", 0x009, .desc = "resource dump (RSC dump)"),
	NUM("log_max_samples", 0x018, 8, .desc = "log2 diagnostic counter samples"),
	/* dword 1, byte 0x04 */
	FLAG("single", 0x020, .desc = "single-shot diagnostic counter sampling"),
	FLAG("repetitive", 0x021, .desc = "repetitive diagnostic counter sampling"),
	FLAG("stall_detect", 0x022, .desc = "health monitor stall detection"),
	NUM("log_min_sample_period", 0x038, 8, .desc = "log2 shortest sampling period"),
};

const struct prm_layout prm_layout_debug_cap = {
	.name = "debug_cap",
	.desc = "debug capabilities (QUERY_HCA_CAP cap_type 0xd; 64 bytes, then diagnostic counters)",
	.source = "linux include/linux/mlx5/mlx5_ifc.h mlx5_ifc_debug_cap_bits",
	.bits = 0x200,
	PRM_LAYOUT_FIELDS(fields),
};
