// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * MTMP, Management Temperature register (access register 0x900a): one
 * sensor's temperature, its highest reading and its warning thresholds.
 * The ASIC's own sensor is sensor_index 0; 64..127 are the cable modules.
 *
 * Layout and names: Linux include/linux/mlx5/mlx5_ifc.h struct
 * mlx5_ifc_mtmp_reg_bits (added with mlx5's hwmon support, 6.5; its user
 * is drivers/net/ethernet/mellanox/mlx5/core/hwmon.c). Access and units:
 * Debian mstflint 4.21.0+1-1 prm_dbs/hca/ext/register_access_table.adb
 * node mtmp_ext, 0x20 bytes ("B.b" = dword at byte B, bit b from the LSB):
 *   sensor_index       ifc 0x14 w12  adb 0x0.0   (INDEX)
 *   slot_index         ifc 0x0c w4   adb 0x0.16  (INDEX; reserved in the kernel)
 *   temperature        ifc 0x30 w16  adb 0x4.0   0.125 degC, two's complement
 *   mte                ifc 0x40 w1   adb 0x8.31
 *   mtr                ifc 0x41 w1   adb 0x8.30
 *   max_temperature    ifc 0x50 w16  adb 0x8.0   valid when mte is set
 *   tee                ifc 0x60 w2   adb 0xc.30
 *   temp_threshold_hi  ifc 0x70 w16  adb 0xc.0   (adb: temperature_threshold_hi)
 *   temp_threshold_lo  ifc 0x90 w16  adb 0x10.0  (adb: temperature_threshold_lo)
 *   sensor_name_hi     ifc 0xc0 w32  adb 0x18.0
 *   sensor_name_lo     ifc 0xe0 w32  adb 0x1c.0
 * The adb's sdme, weme (0x8.28, 0x8.29) and sdee (0xc.28) are write-only
 * event controls for switches, reserved in the kernel: left out.
 */
#include "lib/prm/layouts/layouts.h"

PRM_NAMES(tee_names, { 0, "do_not_generate_event" }, { 1, "generate_event" },
	  { 2, "generate_single_event" });

static const struct prm_field fields[] = {
	PRM_FIELD("slot_index", 0x0c, 4, .fmt = PRM_FMT_DEC, .access = PRM_ACC_RW,
		  .desc = "slot; 0: the main board"),
	PRM_FIELD("sensor_index", 0x14, 12, .fmt = PRM_FMT_DEC, .access = PRM_ACC_RW,
		  .desc = "sensor to read: 0 the ASIC, 64.. the cable modules"),
	PRM_FIELD("temperature", 0x30, 16, .access = PRM_ACC_RO,
		  .desc = "reading, 0.125 degC units, two's complement"),
	PRM_FIELD("mte", 0x40, 1, .fmt = PRM_FMT_BOOL, .access = PRM_ACC_RW,
		  .desc = "max temperature enable: max_temperature is kept"),
	PRM_FIELD("mtr", 0x41, 1, .fmt = PRM_FMT_BOOL, .access = PRM_ACC_WO,
		  .desc = "max temperature reset"),
	PRM_FIELD("max_temperature", 0x50, 16, .access = PRM_ACC_RO,
		  .desc = "highest reading since reset, 0.125 degC units (when mte)"),
	PRM_FIELD("tee", 0x60, 2, .fmt = PRM_FMT_DEC, .names = &tee_names,
		  .access = PRM_ACC_RW, .desc = "temperature warning event enable"),
	PRM_FIELD("temp_threshold_hi", 0x70, 16, .access = PRM_ACC_RW,
		  .desc = "warning threshold, 0.125 degC units"),
	PRM_FIELD("temp_threshold_lo", 0x90, 16, .access = PRM_ACC_RW,
		  .desc = "warning cleared below this, 0.125 degC units"),
	PRM_FIELD("sensor_name_hi", 0xc0, 32, .access = PRM_ACC_RO,
		  .desc = "sensor name, first 4 characters"),
	PRM_FIELD("sensor_name_lo", 0xe0, 32, .access = PRM_ACC_RO,
		  .desc = "sensor name, last 4 characters"),
};

const struct prm_layout prm_layout_mtmp = {
	.name = "mtmp",
	.desc = "MTMP (0x900a): management temperature, one sensor",
	.source = "linux include/linux/mlx5/mlx5_ifc.h mlx5_ifc_mtmp_reg_bits; "
		  "mstflint register_access_table.adb mtmp_ext",
	.bits = 0x100,
	PRM_LAYOUT_FIELDS(fields),
};
