// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * The atomic capability page: QUERY_HCA_CAP cap_type 3 (MLX5_CAP_ATOMIC),
 * op_mod 0x6 (maximum) / 0x7 (current). 256 bytes at byte 0x10 of
 * query_hca_cap_out. Valid when cmd_hca_cap.atomic is set.
 *
 * Source: include/linux/mlx5/mlx5_ifc.h struct mlx5_ifc_atomic_caps_bits
 * (line 1474) in knneth/mlnx-ofa_kernel@2850235 (MLNX_OFED 25.10.1.7.1.1).
 * Mellanox/nic-kernel@09347ab7 (upstream net-next) and saeedtx/mlx5ctl@0f64d16
 * have the same struct, field for field. rdma-core's copy
 * (providers/mlx5/mlx5_ifc.h) also names fetch_add_pci_atomic,
 * swap_pci_atomic and compare_swap_pci_atomic at 0x50..0x6f; both kernel
 * headers have reserved bits there, so they are left out.
 *
 * Meanings, from the same tree:
 *  - atomic_operations: include/linux/mlx5/driver.h MLX5_ATOMIC_OPS_*.
 *  - atomic_size_qp / atomic_size_dc: mlx5_ifc.h
 *    MLX5_ATOMIC_CAPS_ATOMIC_SIZE_{QP,DC}_*: bit n means 2^n-byte operands
 *    (0x8 = 8 bytes, 0x100 = 256 bytes); 1 byte is 0x0 for QPs but 0x1 for
 *    DC in those enums.
 *  - atomic_req_8B_endianness_mode: core/main.c MLX5_ATOMIC_REQ_MODE_BE (0)
 *    and _HOST_ENDIANNESS (1); the driver sets 1 with SET_HCA_CAP when
 *    supported_atomic_req_8B_endianness_mode_1 says it may.
 */
#include "lib/prm/layouts/layouts.h"

static const struct prm_name endianness_mode_v[] = {
	{ 0, "big_endian" }, { 1, "host_endianness" },
};
static const struct prm_names endianness_mode_names = { 2, endianness_mode_v };

static const struct prm_field fields[] = {
	/* dword 2, byte 0x08 */
	PRM_FIELD("atomic_req_8B_endianness_mode", 0x040, 2, .fmt = PRM_FMT_DEC,
		  .names = &endianness_mode_names,
		  .desc = "byte order of 8-byte atomic responses"),
	PRM_FIELD("supported_atomic_req_8B_endianness_mode_1", 0x046, 1, .fmt = PRM_FMT_BOOL,
		  .desc = "host-endianness mode (1) may be selected"),
	/* dword 4, byte 0x10 */
	PRM_FIELD("atomic_operations", 0x090, 16,
		  .desc = "bit 0 CMP_SWAP, 1 FETCH_ADD, 2 EXTENDED_CMP_SWAP, 3 EXTENDED_FETCH_ADD"),
	/* dword 5, byte 0x14 */
	PRM_FIELD("atomic_size_qp", 0x0b0, 16,
		  .desc = "QP operand sizes: bit n = 2^n bytes (0x8: 8 bytes)"),
	/* dword 6, byte 0x18 */
	PRM_FIELD("atomic_size_dc", 0x0d0, 16,
		  .desc = "DC operand sizes: bit n = 2^n bytes (0x8: 8 bytes)"),
};

const struct prm_layout prm_layout_atomic_caps = {
	.name = "atomic_caps",
	.desc = "atomic capabilities (QUERY_HCA_CAP cap_type 3, 256 bytes)",
	.source = "linux include/linux/mlx5/mlx5_ifc.h mlx5_ifc_atomic_caps_bits",
	.bits = 0x800,
	PRM_LAYOUT_FIELDS(fields),
};
