// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * The health buffer, at initialization-segment offset 0x200.
 * Linux include/linux/mlx5/device.h struct health_buffer (byte view, with the
 * rfr/crr/valid/severity bits of device.h MLX5_*_BIT_OFFSET/MLX5_SEVERITY_*)
 * and mlx5_ifc.h mlx5_ifc_health_buffer_bits (bit view).
 */
#include "lib/prm/layouts/layouts.h"
#include "lib/prm/names.h"

static const struct prm_field fields[] = {
	PRM_FIELD("assert_var", 0x000, 32, .count = 6,
		  .desc = "firmware assert variables"),
	PRM_FIELD("assert_exit_ptr", 0x100, 32,
		  .desc = "assert exit pointer (ifc: assert_existptr)"),
	PRM_FIELD("assert_callra", 0x120, 32,
		  .desc = "return address of the assert call"),
	PRM_FIELD("time", 0x160, 32, .fmt = PRM_FMT_DEC,
		  .desc = "firmware time of the event, epoch seconds"),
	PRM_FIELD("fw_ver", 0x180, 32,
		  .desc = "firmware version; all-ones means PCI is not working"),
	PRM_FIELD("hw_id", 0x1a0, 32, .desc = "hardware id"),
	PRM_FIELD("rfr", 0x1c0, 1, .fmt = PRM_FMT_BOOL,
		  .desc = "recovery flow required"),
	PRM_FIELD("crr", 0x1c1, 1, .fmt = PRM_FMT_BOOL,
		  .desc = "chip reset required"),
	PRM_FIELD("valid", 0x1c4, 1, .fmt = PRM_FMT_BOOL,
		  .desc = "severity is valid"),
	PRM_FIELD("severity", 0x1c5, 3, .fmt = PRM_FMT_DEC,
		  .names = &prm_severity_names, .names_if = "valid",
		  .desc = "Linux log level of the event"),
	PRM_FIELD("irisc_index", 0x1e0, 8, .fmt = PRM_FMT_DEC,
		  .desc = "index of the irisc that reported"),
	PRM_FIELD("synd", 0x1e8, 8, .names = &prm_health_synd_names,
		  .desc = "health syndrome, 0 when healthy"),
	PRM_FIELD("ext_synd", 0x1f0, 16, .desc = "extended syndrome"),
};

const struct prm_layout prm_layout_health_buffer = {
	.name = "health_buffer",
	.desc = "firmware health buffer (initialization segment 0x200)",
	.source = "linux include/linux/mlx5/device.h struct health_buffer; mlx5_ifc.h mlx5_ifc_health_buffer_bits",
	.bits = 0x200,
	PRM_LAYOUT_FIELDS(fields),
};
