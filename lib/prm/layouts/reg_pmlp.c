// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * PMLP, Ports Module Lane Mapping (access register 0x5002): which cable
 * module (cage) and which of its lanes carry each lane of a local port.
 * mlx5_core reads local_port 1 to learn its module (core/port.c
 * mlx5_query_module_num): for ethtool's module EEPROM and for hwmon's
 * module sensor, MTMP sensor_index 64 + module.
 *
 * Layout: Linux include/linux/mlx5/mlx5_ifc.h struct mlx5_ifc_pmlp_reg_bits
 * (Linux 6.1 mlx5_ifc.h:9608-9624, the same in 7.3:10630-10646) and struct
 * mlx5_ifc_lane_2_module_mapping_bits (6.1:10072-10079), id from driver.h
 * MLX5_REG_PMLP = 0x5002. Checked against Debian mstflint 4.21.0+1-1
 * prm_dbs/hca/ext/register_access_table.adb nodes pmlp_reg_ext (line 2678)
 * and lane_2_module_mapping_ext (line 907), 0x40 bytes:
 *   rxtx                 ifc 0x00 w1   adb 0x0.31
 *   m_lane_m             ifc 0x03 w1   adb 0x0.28  (OP; reserved in the kernel)
 *   local_port           ifc 0x08 w8   adb 0x0.16  (INDEX)
 *   lp_msb               ifc 0x12 w2   adb 0x0.12  (INDEX; reserved in the kernel)
 *   width                ifc 0x18 w8   adb 0x0.0
 *   lane_module_mapping  ifc 0x20 + 0x20*i, 8 of them   adb 0x4.0, low_bound 0 high_bound 7
 * and in each lane's dword:
 *   rx_lane              ifc 0x04 w4   adb 0x0.24
 *   tx_lane              ifc 0x0c w4   adb 0x0.16
 *   slot_index           ifc 0x14 w4   adb 0x0.8   (reserved in the kernel)
 *   module               ifc 0x18 w8   adb 0x0.0
 * The lanes are kept as the adb publishes them, one array:
 * lane_module_mapping[i] is the kernel's lane<i>_module_mapping for i < 4;
 * lanes 4..7 lie in the kernel's reserved_at_a0. The kernel's module of
 * local port 1 is lane_module_mapping[0].module.
 * Access from the adb; its INDEX becomes RW and its OP WO, as in MTMP.
 */
#include "lib/prm/layouts/layouts.h"

/* adb pmlp_reg_ext.width enum */
PRM_NAMES(width_names, { 0, "unmap_local_port" }, { 1, "x1" }, { 2, "x2" }, { 4, "x4" },
	  { 8, "x8" });

static const struct prm_field lane_fields[] = {
	PRM_FIELD("rx_lane", 0x04, 4, .fmt = PRM_FMT_DEC, .access = PRM_ACC_RW,
		  .desc = "module lane for RX when rxtx is set"),
	PRM_FIELD("tx_lane", 0x0c, 4, .fmt = PRM_FMT_DEC, .access = PRM_ACC_RW,
		  .desc = "module lane (TX, and RX unless rxtx)"),
	PRM_FIELD("slot_index", 0x14, 4, .fmt = PRM_FMT_DEC, .access = PRM_ACC_RW,
		  .desc = "slot; 0: the main board"),
	PRM_FIELD("module", 0x18, 8, .fmt = PRM_FMT_DEC, .access = PRM_ACC_RW,
		  .desc = "module (cage) number"),
};

static const struct prm_layout lane_2_module_mapping = {
	.name = "lane_2_module_mapping",
	.desc = "one lane of a local port: its module and module lanes",
	.source = "linux mlx5_ifc.h mlx5_ifc_lane_2_module_mapping_bits; "
		  "mstflint register_access_table.adb lane_2_module_mapping_ext",
	.bits = 0x20,
	PRM_LAYOUT_FIELDS(lane_fields),
};

static const struct prm_field fields[] = {
	PRM_FIELD("rxtx", 0x00, 1, .fmt = PRM_FMT_BOOL, .access = PRM_ACC_RW,
		  .desc = "RX lanes given apart from TX (rx_lane)"),
	PRM_FIELD("m_lane_m", 0x03, 1, .fmt = PRM_FMT_BOOL, .access = PRM_ACC_WO,
		  .desc = "map to modules only, without module lanes"),
	PRM_FIELD("local_port", 0x08, 8, .fmt = PRM_FMT_DEC, .access = PRM_ACC_RW,
		  .desc = "local port to read (bits 7:0)"),
	PRM_FIELD("lp_msb", 0x12, 2, .fmt = PRM_FMT_DEC, .access = PRM_ACC_RW,
		  .desc = "local port bits 9:8"),
	PRM_FIELD("width", 0x18, 8, .fmt = PRM_FMT_DEC, .names = &width_names,
		  .access = PRM_ACC_RW, .desc = "lanes the port uses, from lane 0"),
	PRM_FIELD("lane_module_mapping", 0x20, 0x20, .count = 8, .sub = &lane_2_module_mapping,
		  .access = PRM_ACC_RW, .desc = "lane i: module and module lane"),
};

const struct prm_layout prm_layout_pmlp = {
	.name = "pmlp",
	.desc = "PMLP (0x5002): ports module lane mapping, the module of a local port",
	.source = "linux include/linux/mlx5/mlx5_ifc.h mlx5_ifc_pmlp_reg_bits; "
		  "mstflint register_access_table.adb pmlp_reg_ext",
	.bits = 0x200,
	PRM_LAYOUT_FIELDS(fields),
};
