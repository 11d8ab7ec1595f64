// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Value names. Strings follow what the Linux mlx5 driver prints, so that a
 * line from prmctl can be matched against a kernel log line.
 */
#include "lib/prm/names.h"

#include "lib/prm/cmdstatus.h"
#include "lib/prm/events.h"
#include "lib/prm/opcodes.h"
#include "lib/prm/regtlv.h"

#define NAMES(sym, ...)							\
	static const struct prm_name sym##_v[] = { __VA_ARGS__ };	\
	const struct prm_names sym = { sizeof(sym##_v) / sizeof(sym##_v[0]), sym##_v }

/* mlx5_ifc.h MLX5_INITIAL_SEG_HEALTH_SYNDROME_*, health.c hsynd_str(). */
NAMES(prm_health_synd_names,
	{ 0x01, "firmware internal error" },
	{ 0x07, "irisc not responding" },
	{ 0x08, "unrecoverable hardware error" },
	{ 0x09, "firmware CRC error" },
	{ 0x0a, "ICM fetch PCI error" },
	{ 0x0b, "HW fatal error" },	/* the kernel's string ends in a newline */
	{ 0x0c, "async EQ buffer overrun" },
	{ 0x0d, "EQ error" },
	{ 0x0e, "Invalid EQ referenced" },
	{ 0x0f, "FFSER error" },
	{ 0x10, "High temperature" },
	{ 0x12, "ICM fetch PCI data poisoned error" },
	{ 0x13, "Trust lockdown error" });

/* Linux log levels, health.c mlx5_loglevel_str(). */
NAMES(prm_severity_names,
	{ 0, "EMERGENCY" }, { 1, "ALERT" }, { 2, "CRITICAL" }, { 3, "ERROR" },
	{ 4, "WARNING" }, { 5, "NOTICE" }, { 6, "INFO" }, { 7, "DEBUG" });

/* mlx5_ifc.h MLX5_INITIAL_SEG_NIC_INTERFACE_*. */
NAMES(prm_nic_interface_names,
	{ 0, "full_driver" }, { 1, "disabled" }, { 2, "no_dram_nic" },
	{ 7, "sw_reset" });

NAMES(prm_nic_interface_supported_names,
	{ 0, "full_driver" }, { 1, "disabled" }, { 2, "no_dram_nic" });

/* cmd.c deliv_status_to_str(). */
NAMES(prm_cmd_delivery_status_names,
	{ 0x0, "no errors" },
	{ 0x1, "signature error" },
	{ 0x2, "token error" },
	{ 0x3, "bad block number" },
	{ 0x4, "output pointer not aligned to block size" },
	{ 0x5, "input pointer not aligned to block size" },
	{ 0x6, "firmware internal error" },
	{ 0x7, "command input length error" },
	{ 0x8, "command output length error" },
	{ 0x9, "reserved fields not cleared" },
	{ 0x10, "bad command descriptor type" });

/* cmd.c cmd_status_str(), from the one status list. */
#define STATUS_NAME(name, value, str) { value, str },
NAMES(prm_cmd_status_names, PRM_CMD_STATUSES(STATUS_NAME));
#undef STATUS_NAME

/* MLX5_CMD_OP_* without the prefix, from the one opcode list. */
#define OPCODE_NAME(name, value) { value, #name },
NAMES(prm_cmd_opcode_names, PRM_CMD_OPCODES(OPCODE_NAME));
#undef OPCODE_NAME

/* MLX5_EVENT_TYPE_* in lower case without the prefix, from the one event list. */
#define EVENT_NAME(name, value, str) { value, str },
NAMES(prm_event_type_names, PRM_EVENT_TYPES(EVENT_NAME));
#undef EVENT_NAME

/* device.h MLX5_PCI_CMD_XPORT. */
NAMES(prm_cmd_xport_names, { 7, "pci" });

/* driver.h CMD_OWNER_SW / CMD_OWNER_HW. */
NAMES(prm_cmd_owner_names, { 0, "sw" }, { 1, "hw" });

/* Register-access TLV status (mstflint return_by_reg_status), from the one list. */
#define REG_STATUS_NAME(name, value, str) { value, str },
NAMES(prm_reg_status_names, PRM_REG_STATUSES(REG_STATUS_NAME));
#undef REG_STATUS_NAME

/* ICMD control status (mstflint translate_status). */
NAMES(prm_icmd_status_names,
	{ 0, "ok" },
	{ 1, "invalid opcode" },
	{ 2, "invalid command" },
	{ 3, "operational error" },
	{ 4, "bad parameter" },
	{ 5, "busy" },
	{ 6, "ICM not available" },
	{ 7, "write protected" });
