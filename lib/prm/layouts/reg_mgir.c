// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * MGIR, Management General Information Register (access register 0x9020),
 * 0xa0 bytes: hw_info 0x00, fw_info 0x20, sw_info 0x60, dev_info 0x80.
 *
 * MGIR is not in mlx5_ifc.h; the source is NVIDIA's register database as
 * mstflint ships it: Debian mstflint 4.21.0+1-1
 * /usr/share/mstflint/prm_dbs/hca/ext/register_access_table.adb (PRM Rev
 * 0.57), nodes mgir_ext, mgir_hardware_info_ext, mgir_fw_info_ext,
 * mgir_sw_info_ext, rom_version_ext. Fields marked [git] are only in the
 * newer Mellanox/mstflint@b9d9e844 tools_layouts/adb/prm/hca/ext/
 * register_access_table.adb ("NIC PRM 0.64 Draft"), which adds
 * mgir_dev_info_ext and bits inside what the Debian file leaves reserved;
 * several are marked [DWIP] (draft) there.
 *
 * adb offsets read "B.b": dword at byte B, field starting at bit b counted
 * from the LSB of that dword (trace_owner of MTRC_CAP is "0x0.31", and it is
 * mlx5_ifc bit 0). A field of width w at "B.b" is therefore at mlx5_ifc bit
 * offset B*8 + 32 - b - w; the adb position is given beside every field.
 *
 * Disagreements:
 *  - hw_info.num_ports: 8 bits at 0x4.16 in the Debian adb, 12 bits at 0x4.16
 *    in the git adb. The Debian width is used.
 *  - The two adbs only add fields to each other, with no other conflicts. The
 *    git adb of Mellanox/mstflint@1481fdd4 had hw_info.ib_mad_gen (0x4.28, 3
 *    bits). HEAD no longer has it, so it is left out.
 */
#include "lib/prm/layouts/layouts.h"

/* adb mgir_hardware_info_ext.technology */
PRM_NAMES(technology_names,
	{ 0, "N/A" }, { 1, "40nm" }, { 2, "28nm" }, { 3, "16nm" }, { 4, "7nm" },
	{ 5, "5nm" });

/* git adb mgir_hardware_info_ext.chip_type */
PRM_NAMES(chip_type_names,
	{ 0, "real_chip" }, { 1, "emulation" }, { 2, "chipsim" }, { 3, "simx" });

/* adb mgir_fw_info_ext.life_cycle (2 bits; git adb: 4 Pre Production via life_cycle_msb) */
PRM_NAMES(life_cycle_names,
	{ 0, "production" }, { 1, "ga_secured" }, { 2, "ga_non_secured" },
	{ 3, "rma" });

/* adb mgir_sw_info_ext.romN_type; 4..8 only in the git adb */
PRM_NAMES(rom_type_names,
	{ 0, "none" }, { 1, "flexboot" }, { 2, "uefi" }, { 3, "uefi_clp" },
	{ 4, "nvme" }, { 5, "fcode" }, { 6, "uefi_virtio_net" },
	{ 7, "uefi_virtio_blk" }, { 8, "pxe_virtio_net" });

/* adb mgir_sw_info_ext.romN_arch */
PRM_NAMES(rom_arch_names,
	{ 0, "unspecified" }, { 1, "amd64" }, { 2, "aarch64" },
	{ 3, "amd64_aarch64" }, { 4, "ia32" });

#define RO .access = PRM_ACC_RO

/* mgir_hardware_info_ext, 0x20 bytes */
static const struct prm_field hw_info_fields[] = {
	PRM_FIELD("device_hw_revision", 0x00, 16, RO,		/* 0x0.16 */
		  .desc = "device hardware revision (step)"),
	PRM_FIELD("device_id", 0x10, 16, RO,			/* 0x0.0 */
		  .desc = "PCI device ID"),
	PRM_FIELD("num_ports", 0x28, 8, RO, .fmt = PRM_FMT_DEC,	/* 0x4.16; git adb: 12 bits */
		  .desc = "number of physical ports"),
	PRM_FIELD("technology", 0x30, 5, RO, .fmt = PRM_FMT_DEC,	/* 0x4.11 */
		  .names = &technology_names,
		  .desc = "process technology"),
	PRM_FIELD("pvs", 0x3b, 5, RO, .fmt = PRM_FMT_DEC,	/* 0x4.0 */
		  .desc = "process voltage scaling: nominal V_CORE, 50 mV units"),
	PRM_FIELD("hw_dev_id", 0x50, 16, RO,			/* 0x8.0 */
		  .desc = "PCI device ID in recovery (livefish) mode"),
	PRM_FIELD("pci_switch_only_mode", 0x60, 1, RO, .fmt = PRM_FMT_BOOL,	/* 0xC.31 [git] */
		  .desc = "embedded HCA PCIe endpoint disabled [git adb]"),
	PRM_FIELD("development", 0x61, 1, RO, .fmt = PRM_FMT_BOOL,	/* 0xC.30 [git] */
		  .desc = "running development-secure firmware [git adb, DWIP]"),
	PRM_FIELD("ga_valid", 0x63, 1, RO, .fmt = PRM_FMT_BOOL,	/* 0xC.28 [git] */
		  .desc = "ga is valid [git adb]"),
	PRM_FIELD("cpo_indication", 0x64, 1, RO, .fmt = PRM_FMT_BOOL,	/* 0xC.27 [git] */
		  .desc = "co-packaged optics system [git adb]"),
	PRM_FIELD("module_master_fw_default", 0x6e, 2, RO, .fmt = PRM_FMT_DEC,	/* 0xC.16 [git] */
		  .desc = "module management default: 0 FW, 1 SW, 2 standalone [git adb]"),
	PRM_FIELD("chip_type", 0x84, 4, RO, .fmt = PRM_FMT_DEC,	/* 0x10.24 [git] */
		  .names = &chip_type_names,
		  .desc = "real chip or emulation [git adb, DWIP]"),
	PRM_FIELD("ga", 0x8a, 6, RO, .fmt = PRM_FMT_DEC,		/* 0x10.16 [git] */
		  .desc = "geographical address (ASIC index) [git adb, DWIP]"),
	PRM_FIELD("manufacturing_base_mac_47_32", 0x90, 16, RO,	/* 0x10.0 */
		  .desc = "factory base MAC, bits 47:32 (0: not supported)"),
	PRM_FIELD("manufacturing_base_mac_31_0", 0xa0, 32, RO,	/* 0x14.0 */
		  .desc = "factory base MAC, bits 31:0"),
	PRM_FIELD("uptime", 0xe0, 32, RO, .fmt = PRM_FMT_DEC,	/* 0x1C.0 */
		  .desc = "seconds since the last reset"),
};

static const struct prm_layout hw_info = {
	.name = "mgir_hw_info",
	.desc = "MGIR hardware info",
	.source = "adb mgir_hardware_info_ext",
	.bits = 0x100,
	PRM_LAYOUT_FIELDS(hw_info_fields),
};

/* mgir_fw_info_ext, 0x40 bytes */
static const struct prm_field fw_info_fields[] = {
	PRM_FIELD("dev_sc", 0x01, 1, RO, .fmt = PRM_FMT_BOOL,	/* 0x0.30 */
		  .desc = "development-secure firmware"),
	PRM_FIELD("string_tlv", 0x03, 1, RO, .fmt = PRM_FMT_BOOL,	/* 0x0.28 */
		  .desc = "string TLV supported"),
	PRM_FIELD("dev", 0x04, 1, RO, .fmt = PRM_FMT_BOOL,		/* 0x0.27 */
		  .desc = "development (NIC: development-secure) firmware"),
	PRM_FIELD("debug", 0x05, 1, RO, .fmt = PRM_FMT_BOOL,	/* 0x0.26 */
		  .desc = "debug firmware"),
	PRM_FIELD("signed_fw", 0x06, 1, RO, .fmt = PRM_FMT_BOOL,	/* 0x0.25 */
		  .desc = "signed firmware"),
	PRM_FIELD("secured", 0x07, 1, RO, .fmt = PRM_FMT_BOOL,	/* 0x0.24 */
		  .desc = "secure firmware updates"),
	PRM_FIELD("major", 0x08, 8, RO, .fmt = PRM_FMT_DEC,	/* 0x0.16 */
		  .desc = "deprecated (0), see extended_major"),
	PRM_FIELD("minor", 0x10, 8, RO, .fmt = PRM_FMT_DEC,	/* 0x0.8 */
		  .desc = "deprecated (0), see extended_minor"),
	PRM_FIELD("sub_minor", 0x18, 8, RO, .fmt = PRM_FMT_DEC,	/* 0x0.0 */
		  .desc = "deprecated (0), see extended_sub_minor"),
	PRM_FIELD("build_id", 0x20, 32, RO,			/* 0x4.0 */
		  .desc = "firmware build ID (optional)"),
	PRM_FIELD("month", 0x40, 8, RO, .fmt = PRM_FMT_BCD,	/* 0x8.24 */
		  .desc = "firmware date: month, BCD (May = 0x05)"),
	PRM_FIELD("day", 0x48, 8, RO, .fmt = PRM_FMT_BCD,	/* 0x8.16 */
		  .desc = "firmware date: day, BCD"),
	PRM_FIELD("year", 0x50, 16, RO, .fmt = PRM_FMT_BCD,	/* 0x8.0 */
		  .desc = "firmware date: year, BCD"),
	PRM_FIELD("bkv_major", 0x64, 4, RO, .fmt = PRM_FMT_DEC,	/* 0xC.24 [git] BKV_major */
		  .desc = "uPHY best known values version, major [git adb]"),
	PRM_FIELD("bkv_minor", 0x68, 4, RO, .fmt = PRM_FMT_DEC,	/* 0xC.20 [git] BKV_minor */
		  .desc = "uPHY best known values version, minor [git adb]"),
	PRM_FIELD("bkv_sub_minor", 0x6c, 4, RO, .fmt = PRM_FMT_DEC,	/* 0xC.16 [git] BKV_sub_minor */
		  .desc = "uPHY best known values version, sub-minor [git adb]"),
	PRM_FIELD("hour", 0x70, 16, RO, .fmt = PRM_FMT_BCD,	/* 0xC.0 */
		  .desc = "firmware time, BCD hhmm (17:43 = 0x1743, shown 1743)"),
	PRM_FIELD("psid", 0x80, 8, .count = 16, RO,		/* 0x10.24, [0..15] */
		  .fmt = PRM_FMT_ASCII,
		  .desc = "parameter set ID (board firmware identity)"),
	PRM_FIELD("ini_file_version", 0x100, 32, RO, .fmt = PRM_FMT_DEC,	/* 0x20.0 */
		  .desc = "user-configured version of the INI file"),
	PRM_FIELD("extended_major", 0x120, 32, RO, .fmt = PRM_FMT_DEC,	/* 0x24.0 */
		  .desc = "firmware version, major"),
	PRM_FIELD("extended_minor", 0x140, 32, RO, .fmt = PRM_FMT_DEC,	/* 0x28.0 */
		  .desc = "firmware version, minor"),
	PRM_FIELD("extended_sub_minor", 0x160, 32, RO, .fmt = PRM_FMT_DEC,	/* 0x2C.0 */
		  .desc = "firmware version, sub-minor"),
	PRM_FIELD("disabled_tiles_bitmap", 0x180, 16, RO,	/* 0x30.16 [git] */
		  .desc = "disabled ASIC tiles, tile 0 = MSB [git adb]"),
	PRM_FIELD("isfu_major", 0x190, 16, RO, .fmt = PRM_FMT_DEC,	/* 0x30.0 */
		  .desc = "ISSU major: bumped when not in-service updatable"),
	PRM_FIELD("dev_counter", 0x1ab, 5, RO, .fmt = PRM_FMT_DEC,	/* 0x34.16 [git] */
		  .desc = "dev fuse counter [git adb]"),
	PRM_FIELD("ec_offload_engine_disabled", 0x1b0, 1, RO,	/* 0x34.15 [git] */
		  .fmt = PRM_FMT_BOOL,
		  .desc = "embedded CPU engine disabled [git adb]"),
	PRM_FIELD("pds", 0x1b1, 1, RO, .fmt = PRM_FMT_BOOL,	/* 0x34.14 [git] */
		  .desc = "PSC in PDS mode [git adb, DWIP]"),
	PRM_FIELD("issu_able", 0x1b2, 1, RO, .fmt = PRM_FMT_BOOL,	/* 0x34.13 [git] */
		  .desc = "in-service update possible [git adb, DWIP]"),
	PRM_FIELD("dev_state", 0x1b4, 1, RO, .fmt = PRM_FMT_BOOL,	/* 0x34.11 [git] */
		  .desc = "device in dev mode [git adb]"),
	PRM_FIELD("life_cycle_msb", 0x1b9, 3, RO, .fmt = PRM_FMT_DEC,	/* 0x34.4 [git] */
		  .desc = "life_cycle high bits [git adb, DWIP]"),
	PRM_FIELD("encryption", 0x1bc, 1, RO, .fmt = PRM_FMT_BOOL,	/* 0x34.3 */
		  .desc = "encryption enabled"),
	PRM_FIELD("sec_boot", 0x1bd, 1, RO, .fmt = PRM_FMT_BOOL,	/* 0x34.2 */
		  .desc = "secure boot enabled"),
	PRM_FIELD("life_cycle", 0x1be, 2, RO, .fmt = PRM_FMT_DEC,	/* 0x34.0 */
		  .names = &life_cycle_names,
		  .desc = "device life cycle"),
};

static const struct prm_layout fw_info = {
	.name = "mgir_fw_info",
	.desc = "MGIR firmware info",
	.source = "adb mgir_fw_info_ext",
	.bits = 0x200,
	PRM_LAYOUT_FIELDS(fw_info_fields),
};

/* rom_version_ext, 4 bytes */
static const struct prm_field rom_version_fields[] = {
	PRM_FIELD("major", 0x00, 8, RO, .fmt = PRM_FMT_DEC),	/* 0x0.24 */
	PRM_FIELD("minor", 0x08, 8, RO, .fmt = PRM_FMT_DEC),	/* 0x0.16 */
	PRM_FIELD("build", 0x10, 16, RO, .fmt = PRM_FMT_DEC),	/* 0x0.0 */
};

static const struct prm_layout rom_version = {
	.name = "rom_version",
	.desc = "expansion ROM version",
	.source = "adb rom_version_ext",
	.bits = 0x20,
	PRM_LAYOUT_FIELDS(rom_version_fields),
};

/* mgir_sw_info_ext, 0x20 bytes */
static const struct prm_field sw_info_fields[] = {
	PRM_FIELD("major", 0x08, 8, RO, .fmt = PRM_FMT_DEC,	/* 0x0.16 */
		  .desc = "oldest compatible driver version, major"),
	PRM_FIELD("minor", 0x10, 8, RO, .fmt = PRM_FMT_DEC,	/* 0x0.8 */
		  .desc = "oldest compatible driver version, minor"),
	PRM_FIELD("sub_minor", 0x18, 8, RO, .fmt = PRM_FMT_DEC,	/* 0x0.0 */
		  .desc = "oldest compatible driver version, sub-minor"),
	PRM_FIELD("rom0_arch", 0x20, 4, RO, .fmt = PRM_FMT_DEC,	/* 0x4.28 */
		  .names = &rom_arch_names, .desc = "ROM 0 architecture"),
	PRM_FIELD("rom0_type", 0x24, 4, RO, .fmt = PRM_FMT_DEC,	/* 0x4.24 */
		  .names = &rom_type_names, .desc = "ROM 0 type"),
	PRM_FIELD("rom1_arch", 0x28, 4, RO, .fmt = PRM_FMT_DEC,	/* 0x4.20 */
		  .names = &rom_arch_names, .desc = "ROM 1 architecture"),
	PRM_FIELD("rom1_type", 0x2c, 4, RO, .fmt = PRM_FMT_DEC,	/* 0x4.16 */
		  .names = &rom_type_names, .desc = "ROM 1 type"),
	PRM_FIELD("rom2_arch", 0x30, 4, RO, .fmt = PRM_FMT_DEC,	/* 0x4.12 */
		  .names = &rom_arch_names, .desc = "ROM 2 architecture"),
	PRM_FIELD("rom2_type", 0x34, 4, RO, .fmt = PRM_FMT_DEC,	/* 0x4.8 */
		  .names = &rom_type_names, .desc = "ROM 2 type"),
	PRM_FIELD("rom3_arch", 0x38, 4, RO, .fmt = PRM_FMT_DEC,	/* 0x4.4 */
		  .names = &rom_arch_names, .desc = "ROM 3 architecture"),
	PRM_FIELD("rom3_type", 0x3c, 4, RO, .fmt = PRM_FMT_DEC,	/* 0x4.0 */
		  .names = &rom_type_names, .desc = "ROM 3 type"),
	PRM_FIELD("rom0_version", 0x40, 0x20, RO, .sub = &rom_version),	/* 0x8.0 */
	PRM_FIELD("rom1_version", 0x60, 0x20, RO, .sub = &rom_version),	/* 0xC.0 */
	PRM_FIELD("rom2_version", 0x80, 0x20, RO, .sub = &rom_version),	/* 0x10.0 */
	PRM_FIELD("rom3_version", 0xa0, 0x20, RO, .sub = &rom_version),	/* 0x14.0 */
};

static const struct prm_layout sw_info = {
	.name = "mgir_sw_info",
	.desc = "MGIR software info: oldest driver compatible with this firmware, expansion ROMs",
	.source = "adb mgir_sw_info_ext",
	.bits = 0x100,
	PRM_LAYOUT_FIELDS(sw_info_fields),
};

/* mgir_dev_info_ext, 0x1c bytes [git adb only] */
static const struct prm_field dev_info_fields[] = {
	PRM_FIELD("dev_branch_tag", 0x00, 8, .count = 28, RO,	/* 0x0.24, [0..27] */
		  .fmt = PRM_FMT_ASCII,
		  .desc = "development branch tag, ASCII"),
};

static const struct prm_layout dev_info = {
	.name = "mgir_dev_info",
	.desc = "MGIR development info [git adb]",
	.source = "Mellanox/mstflint@b9d9e844 adb mgir_dev_info_ext",
	.bits = 0xe0,
	PRM_LAYOUT_FIELDS(dev_info_fields),
};

/* The adb marks the four sections RW, although every field in them is RO. */
#define RW .access = PRM_ACC_RW

static const struct prm_field fields[] = {
	PRM_FIELD("hw_info", 0x000, 0x100, .sub = &hw_info, RW),	/* 0x0.0 */
	PRM_FIELD("fw_info", 0x100, 0x200, .sub = &fw_info, RW),	/* 0x20.0 */
	PRM_FIELD("sw_info", 0x300, 0x100, .sub = &sw_info, RW),	/* 0x60.0 */
	PRM_FIELD("dev_info", 0x400, 0xe0, .sub = &dev_info, RW),	/* 0x80.0 [git] */
};

const struct prm_layout prm_layout_mgir = {
	.name = "mgir",
	.desc = "MGIR (0x9020): hardware, firmware, software and development info",
	.source = "Debian mstflint 4.21.0+1-1 prm_dbs/hca/ext/register_access_table.adb mgir_ext; "
		  "dev_info and [git] fields: Mellanox/mstflint@b9d9e844 tools_layouts/adb/prm/hca/ext/register_access_table.adb",
	.bits = 0x500,
	PRM_LAYOUT_FIELDS(fields),
};
