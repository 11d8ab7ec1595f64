// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * MCQS (0x9060), Management Component Query Status, and MCQI (0x9061),
 * Management Component Query Information, with MCQI's VERSION data: how a
 * driver learns which firmware component is the boot image and the version
 * running in it (Linux fw.c mlx5_fw_version_query, behind devlink dev info).
 *
 * Layouts: Linux 6.1 include/linux/mlx5/mlx5_ifc.h struct mlx5_ifc_mcqs_reg_bits
 * (line 10434), mlx5_ifc_mcqi_version_bits (10472), mlx5_ifc_mcqi_reg_bits
 * (10509). Checked against Debian mstflint 4.21.0+1-1
 * prm_dbs/hca/ext/register_access_table.adb nodes mcqs_reg_ext, mcqi_reg_ext,
 * mcqi_version_ext, which agree on every field both have (adb positions are
 * "B.b", b counted from the LSB, beside each field). Where they differ the
 * kernel header is followed:
 *  - MCQS byte 1: ifc fw_device[8] at o=0x8; the adb has a 12-bit
 *    device_index at 0x0.16 (o=0x4). The adb's progress (0x8.9) and
 *    device_type (0xC.0) are reserved in the ifc.
 *  - MCQI: the adb's device_index (0x0.16) and device_type (0x4.0) are
 *    reserved in the ifc.
 * MCQI's data is a union chosen by info_type (ifc data[], a flexible array,
 * not counted in MLX5_ST_SZ_BYTES(mcqi_reg)), so the register's layout ends
 * at data_size and the VERSION data is a layout of its own: the driver asks
 * for 0x18 + 0x7c bytes.
 *
 * build_time and user_defined_time are, in the ifc, 64 bits each; their
 * fields come from mstflint's Date-Time Layout,
 * Mellanox/mstflint@34a9ae92 tools_layouts/reg_access_hca_layouts.h
 * struct reg_access_hca_date_time_layout_ext: seconds 0x0.24, minutes
 * 0x0.16, hours 0x0.8, day 0x4.0, month 0x4.8, year 0x4.16 (w16), all BCD.
 */
#include "lib/prm/layouts/layouts.h"

#define RO .access = PRM_ACC_RO
#define RW .access = PRM_ACC_RW

/* fw.c MCQS_IDENTIFIER_*; the adb names the same values */
PRM_NAMES(identifier_names,
	{ 0x1, "BOOT_IMG" }, { 0x4, "OEM_NVCONFIG" }, { 0x5, "MLNX_NVCONFIG" },
	{ 0x6, "CS_TOKEN" }, { 0x7, "DBG_TOKEN" }, { 0xa, "GEARBOX" });

/* adb mcqs_reg_ext.component_status */
PRM_NAMES(component_status_names,
	{ 0, "NOT_PRESENT" }, { 1, "PRESENT" }, { 2, "IN_USE" });

/* fw.c MCQS_UPDATE_STATE_* (in order from 0) */
PRM_NAMES(update_state_names,
	{ 0, "IDLE" }, { 1, "IN_PROGRESS" }, { 2, "APPLIED" }, { 3, "ACTIVE" },
	{ 4, "ACTIVE_PENDING_RESET" }, { 5, "FAILED" }, { 6, "CANCELED" },
	{ 7, "BUSY" });

/* adb mcqs_reg_ext.last_update_state_changer_type */
PRM_NAMES(changer_type_names,
	{ 0, "unspecified" }, { 1, "Chassis_BMC" }, { 2, "MAD" }, { 3, "BMC" },
	{ 4, "command_interface" }, { 5, "ICMD" });

static const struct prm_field mcqs_fields[] = {
	PRM_FIELD("last_index_flag", 0x00, 1, RO, .fmt = PRM_FMT_BOOL,	/* 0x0.31 */
		  .desc = "this component is the last (highest component_index)"),
	PRM_FIELD("fw_device", 0x08, 8, RW, .fmt = PRM_FMT_DEC,	/* adb: device_index */
		  .desc = "index: device (0: this adapter)"),
	PRM_FIELD("component_index", 0x10, 16, RW, .fmt = PRM_FMT_DEC,	/* 0x0.0 */
		  .desc = "index: which component"),
	PRM_FIELD("identifier", 0x30, 16, RO, .names = &identifier_names,	/* 0x4.0 */
		  .desc = "component type"),
	PRM_FIELD("component_status", 0x57, 5, RO, .fmt = PRM_FMT_DEC,	/* 0x8.4 */
		  .names = &component_status_names,
		  .desc = "present, and in use"),
	PRM_FIELD("component_update_state", 0x5c, 4, RO, .fmt = PRM_FMT_DEC,	/* 0x8.0 */
		  .names = &update_state_names,
		  .desc = "state in the update flow (ACTIVE_PENDING_RESET: a new image waits for a reset)"),
	PRM_FIELD("last_update_state_changer_type", 0x60, 4, RO,	/* 0xC.28 */
		  .fmt = PRM_FMT_DEC, .names = &changer_type_names,
		  .desc = "who last changed component_update_state"),
	PRM_FIELD("last_update_state_changer_host_id", 0x64, 4, RO,	/* 0xC.24 */
		  .fmt = PRM_FMT_DEC,
		  .desc = "host of that changer"),
};

const struct prm_layout prm_layout_mcqs = {
	.name = "mcqs",
	.desc = "MCQS (0x9060): management component query status",
	.source = "linux include/linux/mlx5/mlx5_ifc.h mlx5_ifc_mcqs_reg_bits; "
		  "mstflint register_access_table.adb mcqs_reg_ext",
	.bits = 0x80,
	PRM_LAYOUT_FIELDS(mcqs_fields),
};

/* fw.c MCQI_INFO_TYPE_* */
PRM_NAMES(info_type_names,
	{ 0x0, "CAPABILITIES" }, { 0x1, "VERSION" }, { 0x5, "ACTIVATION_METHOD" });

static const struct prm_field mcqi_fields[] = {
	PRM_FIELD("read_pending_component", 0x00, 1, RW, .fmt = PRM_FMT_BOOL,	/* 0x0.31 */
		  .desc = "index: the pending (not the running) component"),
	PRM_FIELD("component_index", 0x10, 16, RW, .fmt = PRM_FMT_DEC,	/* 0x0.0 */
		  .desc = "index: which component (from MCQS)"),
	PRM_FIELD("info_type", 0x5b, 5, RW, .fmt = PRM_FMT_DEC,	/* 0x8.0 */
		  .names = &info_type_names,
		  .desc = "which properties the data holds"),
	PRM_FIELD("info_size", 0x60, 32, RO, .fmt = PRM_FMT_DEC,	/* 0xC.0 */
		  .desc = "bytes of the whole properties structure"),
	PRM_FIELD("offset", 0x80, 32, RW, .fmt = PRM_FMT_DEC,	/* 0x10.0 */
		  .desc = "bytes into the structure where data starts"),
	PRM_FIELD("data_size", 0xb0, 16, RW, .fmt = PRM_FMT_DEC,	/* 0x14.0 */
		  .desc = "bytes of data asked for and returned (data follows: mcqi_version for VERSION)"),
};

const struct prm_layout prm_layout_mcqi = {
	.name = "mcqi",
	.desc = "MCQI (0x9061): management component query information (header; data follows)",
	.source = "linux include/linux/mlx5/mlx5_ifc.h mlx5_ifc_mcqi_reg_bits; "
		  "mstflint register_access_table.adb mcqi_reg_ext",
	.bits = 0xc0,
	PRM_LAYOUT_FIELDS(mcqi_fields),
};

static const struct prm_field date_time_fields[] = {
	PRM_FIELD("seconds", 0x00, 8, RW, .fmt = PRM_FMT_BCD),	/* 0x0.24 */
	PRM_FIELD("minutes", 0x08, 8, RW, .fmt = PRM_FMT_BCD),	/* 0x0.16 */
	PRM_FIELD("hours", 0x10, 8, RW, .fmt = PRM_FMT_BCD,	/* 0x0.8 */
		  .desc = "UTC"),
	PRM_FIELD("year", 0x20, 16, RW, .fmt = PRM_FMT_BCD),	/* 0x4.16 */
	PRM_FIELD("month", 0x30, 8, RW, .fmt = PRM_FMT_BCD),	/* 0x4.8 */
	PRM_FIELD("day", 0x38, 8, RW, .fmt = PRM_FMT_BCD),	/* 0x4.0 */
};

static const struct prm_layout date_time = {
	.name = "mcqi_date_time",
	.desc = "MCQI date and time, BCD",
	.source = "Mellanox/mstflint@34a9ae92 reg_access_hca_layouts.h reg_access_hca_date_time_layout_ext",
	.bits = 0x40,
	PRM_LAYOUT_FIELDS(date_time_fields),
};

static const struct prm_field mcqi_version_fields[] = {
	PRM_FIELD("build_time_valid", 0x02, 1, RO, .fmt = PRM_FMT_BOOL,	/* 0x0.29 */
		  .desc = "build_time holds the image's build time"),
	PRM_FIELD("user_defined_time_valid", 0x03, 1, RO, .fmt = PRM_FMT_BOOL,	/* 0x0.28 */
		  .desc = "user_defined_time holds a time"),
	PRM_FIELD("version_string_length", 0x18, 8, RO, .fmt = PRM_FMT_DEC,	/* 0x0.0 */
		  .desc = "characters in version_string"),
	PRM_FIELD("version", 0x20, 32, RO,	/* 0x4.0 */
		  .desc = "major << 24 | minor << 16 | subminor (Linux devlink.c mlx5_fw_ver_*)"),
	PRM_FIELD("build_time", 0x40, 0x40, RO, .sub = &date_time,	/* 0x8.0 */
		  .desc = "when the image was built"),
	PRM_FIELD("user_defined_time", 0x80, 0x40, RO, .sub = &date_time,	/* 0x10.0 */
		  .desc = "a time the user gave the version"),
	PRM_FIELD("build_tool_version", 0xc0, 32, RO,	/* 0x18.0 */
		  .desc = "version of the tool that built it (0: none)"),
	PRM_FIELD("version_string", 0x100, 8, .count = 92, RO,	/* 0x20.24, [0..91] */
		  .fmt = PRM_FMT_ASCII,
		  .desc = "the version as text, NUL-terminated"),
};

const struct prm_layout prm_layout_mcqi_version = {
	.name = "mcqi_version",
	.desc = "MCQI VERSION data (info_type 1): a component's version",
	.source = "linux include/linux/mlx5/mlx5_ifc.h mlx5_ifc_mcqi_version_bits; "
		  "mstflint register_access_table.adb mcqi_version_ext",
	.bits = 0x3e0,
	PRM_LAYOUT_FIELDS(mcqi_version_fields),
};
