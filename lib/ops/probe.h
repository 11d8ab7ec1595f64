/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_OPS_PROBE_H
#define PRMCTL_OPS_PROBE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "lib/prm/cmdinfo.h"
#include "lib/util/err.h"

struct dev;

/*
 * The command-support matrix: each command prmctl knows, sent empty through
 * the device's command channel (or not, and why), its answer classified.
 */

/* What a probe learned of one command. */
enum probe_result {
	PROBE_SUPPORTED,	/* the firmware ran it, or knew it and refused the empty request */
	PROBE_UNSUPPORTED,	/* bad operation: the firmware does not know the opcode */
	PROBE_REFUSED,		/* the access path will not carry it */
	PROBE_CAP_OFF,		/* the capability bit that gates it is 0 */
	PROBE_NOT_TRIED,	/* it changes device state */
	PROBE_ERROR,		/* the carrier failed (timeout, delivery) */
};

struct probe_row {
	const struct prm_cmd_info *info;
	enum probe_result result;
	bool sent;
	uint8_t status;		/* when sent and answered */
	uint32_t syndrome;
	int gate_value;		/* the gating bit, -1 when none or unknown */
	char gate[48];		/* "general.dct", "" when none */
	char reason[256];
};

/*
 * Every command of prm_cmd_infos through d's command channel: state
 * changing ones are never sent, gated ones only when their bit is set.
 * rows has prm_ncmd_infos entries. Fails only when there is no channel.
 */
int probe_commands(struct dev *d, struct probe_row *rows, struct prm_err *err);

const char *probe_result_name(enum probe_result r);

#endif
