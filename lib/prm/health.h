/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_PRM_HEALTH_H
#define PRMCTL_PRM_HEALTH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "lib/prm/initseg.h"

/*
 * What a support engineer needs first: is the firmware alive, and if not,
 * what happened. One classification for health show, health watch and the
 * kernel-log decoder.
 */
enum prm_health_status {
	PRM_HEALTH_OK,
	PRM_HEALTH_FW_ERROR,		/* the health buffer has a syndrome */
	PRM_HEALTH_THERMAL,		/* syndrome 0x10: high temperature */
	PRM_HEALTH_PCI_GONE,		/* reads return all-ones: never a syndrome 0xff */
	PRM_HEALTH_FW_UNRESPONSIVE,	/* counter stalled, health syndrome 0: over time only */
	PRM_HEALTH_FW_INITIALIZING,	/* 'initializing' still set */
	PRM_HEALTH_CMD_TIMEOUT,		/* kernel logs: a command that timed out */
	PRM_HEALTH_NSTATUS
};

#define PRM_HEALTH_SYND_THERMAL 0x10

/* Something is wrong: not ok, and not merely still booting. */
bool prm_health_is_fault(enum prm_health_status s);

/* "ok", "fw_error", "thermal", "pci_gone", "fw_unresponsive", ... */
const char *prm_health_status_name(enum prm_health_status s);

/*
 * One look at an initialization segment (a single read: a stalled counter
 * needs two, see health watch). pci_gone before anything else; then a
 * health buffer syndrome (thermal for 0x10); then initializing; else ok.
 */
enum prm_health_status prm_health_classify(const struct prm_initseg_summary *s);

/* The health buffer in the initialization segment. */
#define PRM_HEALTH_BUFFER_OFFSET 0x200
#define PRM_HEALTH_BUFFER_BYTES 0x40

/* A health report: the classification and what needs more than one field. */
struct prm_health_report {
	enum prm_health_status status;
	struct prm_initseg_summary seg;
	const uint8_t *buffer;		/* the health buffer, inside the caller's bytes */
	uint32_t fw_time;		/* the buffer's time, seconds since the epoch; 0: none */
	char fw_time_iso[32];		/* ... as ISO-8601 UTC, "" when 0 */
	char fw_ver[32];		/* the buffer's raw fw_ver decoded, "" when 0 */
	bool fw_ver_matches;		/* ... equals the initialization segment's */
	const char *chip;		/* named by the buffer's hw_id, NULL unknown */
};

/* From an initialization segment (buf, len bytes from BAR0 offset 0). */
int prm_health_report(const void *buf, size_t len, struct prm_health_report *r,
		      struct prm_err *err);

/* The buffer's time (epoch seconds) as ISO-8601 UTC; "" when 0. */
void prm_health_time_iso(uint32_t t, char *buf, size_t sz);

/*
 * The health buffer's raw fw_ver as real logs show it: major in bits
 * 31:24, minor 23:16, subminor 15:0 ("raw fw_ver 0x162c040c" is 22.44.1036).
 */
void prm_health_fw_ver(uint32_t raw, char *buf, size_t sz);

#endif
