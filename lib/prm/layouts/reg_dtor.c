// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * DTOR (0xc00e), the default timeouts register: how long the firmware says
 * each slow operation may take. mlx5_core reads it at probe, after the boot
 * pages, when the initialization segment's cmd_q_init_to is not zero
 * (lib/tout.c tout_is_supported, tout_query_dtor); a zero timeout leaves the
 * driver's default in place.
 *
 * Source: include/linux/mlx5/mlx5_ifc.h mlx5_ifc_default_timeout_bits (line
 * 3476) and mlx5_ifc_dtor_reg_bits (3482), knneth/mlnx-ofa_kernel@28502354
 * (MLNX_OFED 25.10.1.7.1.1); the multiplier's units from lib/tout.c
 * tout_convert_reg_field_to_ms (0 ms, 1 s, 2 min, 3 h). The header's
 * trailing reserved_at_1c0[0x20] sits at 0x1e0, after reset_unload_to,
 * which took the first half of an older reserved_at_1c0[0x40]; the
 * register is 64 bytes in both.
 */
#include "lib/prm/layouts/layouts.h"

PRM_NAMES(multiplier_names, { 0, "ms" }, { 1, "s" }, { 2, "min" }, { 3, "h" });

static const struct prm_field timeout_fields[] = {
	PRM_FIELD("to_multiplier", 0x00, 3, .fmt = PRM_FMT_DEC, .names = &multiplier_names,
		  .access = PRM_ACC_RO, .desc = "unit of to_value"),
	PRM_FIELD("to_value", 0x0c, 0x14, .fmt = PRM_FMT_DEC, .access = PRM_ACC_RO,
		  .desc = "timeout in those units; 0: none given"),
};

static const struct prm_layout default_timeout = {
	.name = "default_timeout",
	.desc = "one timeout: multiplier and value",
	.source = "linux mlx5_ifc.h mlx5_ifc_default_timeout_bits",
	.bits = 0x20,
	PRM_LAYOUT_FIELDS(timeout_fields),
};

#define TO(n, o, d) PRM_FIELD(n, o, 0x20, .sub = &default_timeout, .access = PRM_ACC_RO, .desc = d)

static const struct prm_field fields[] = {
	TO("pcie_toggle_to", 0x020, "PCIe link toggle"),
	TO("health_poll_to", 0x0a0, "health poll interval"),
	TO("full_crdump_to", 0x0c0, "full cr-space dump"),
	TO("fw_reset_to", 0x0e0, "firmware reset"),
	TO("flush_on_err_to", 0x100, "flush on error"),
	TO("pci_sync_update_to", 0x120, "PCI sync for firmware update"),
	TO("tear_down_to", 0x140, "TEARDOWN_HCA"),
	TO("fsm_reactivate_to", 0x160, "firmware image reactivation"),
	TO("reclaim_pages_to", 0x180, "page reclaim"),
	TO("reclaim_vfs_pages_to", 0x1a0, "VF page reclaim"),
	TO("reset_unload_to", 0x1c0, "unload for reset"),
};

const struct prm_layout prm_layout_dtor = {
	.name = "dtor",
	.desc = "DTOR (0xc00e): default timeouts",
	.source = "linux include/linux/mlx5/mlx5_ifc.h mlx5_ifc_dtor_reg_bits",
	.bits = 0x200,
	PRM_LAYOUT_FIELDS(fields),
};
