// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * MTCAP, Management Temperature Capabilities (access register 0x9009): how
 * many ASIC and board sensors MTMP can read, and which indexes. mlx5_core's
 * hwmon reads it at probe (core/hwmon.c mlx5_hwmon_get_sensors_count,
 * mlx5_hwmon_dev_init: one channel per bit of sensor_map); module sensors
 * (MTMP 64..) are not counted here.
 *
 * Layout and names: Linux include/linux/mlx5/mlx5_ifc.h struct
 * mlx5_ifc_mtcap_reg_bits (added with hwmon in 6.5; Debian
 * linux-headers-7.3.4+deb13-common, mlx5_ifc.h:11773-11780), id from
 * driver.h:137 MLX5_REG_MTCAP = 0x9009. Checked against Debian mstflint
 * 4.21.0+1-1 prm_dbs/hca/ext/register_access_table.adb node mtcap_ext
 * (line 1698), 0x10 bytes ("B.b" = dword at byte B, bit b from the LSB):
 *   slot_index             ifc 0x0c w4   adb 0x0.16  (INDEX; reserved in the kernel)
 *   sensor_count           ifc 0x19 w7   adb 0x0.0
 *   internal_sensor_count  ifc 0x39 w7   adb 0x4.0   (reserved in the kernel)
 *   sensor_map             ifc 0x40 w64  adb 0x8.0   (the adb's uint64 node: hi, lo)
 * sensor_map stays one 64-bit field as the kernel reads it (MLX5_GET64):
 * bit n set means MTMP sensor_index n measures.
 */
#include "lib/prm/layouts/layouts.h"

static const struct prm_field fields[] = {
	PRM_FIELD("slot_index", 0x0c, 4, .fmt = PRM_FMT_DEC, .access = PRM_ACC_RW,
		  .desc = "slot; 0: the main board"),
	PRM_FIELD("sensor_count", 0x19, 7, .fmt = PRM_FMT_DEC, .access = PRM_ACC_RO,
		  .desc = "ASIC and board sensors, cable modules not counted"),
	PRM_FIELD("internal_sensor_count", 0x39, 7, .fmt = PRM_FMT_DEC, .access = PRM_ACC_RO,
		  .desc = "of those, sensors on the ASIC"),
	PRM_FIELD("sensor_map", 0x40, 64, .access = PRM_ACC_RO,
		  .desc = "bit n: MTMP sensor_index n measures"),
};

const struct prm_layout prm_layout_mtcap = {
	.name = "mtcap",
	.desc = "MTCAP (0x9009): management temperature capabilities, which sensors MTMP reads",
	.source = "linux include/linux/mlx5/mlx5_ifc.h mlx5_ifc_mtcap_reg_bits; "
		  "mstflint register_access_table.adb mtcap_ext",
	.bits = 0x80,
	PRM_LAYOUT_FIELDS(fields),
};
