/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_DEV_CMDCHAN_H
#define PRMCTL_DEV_CMDCHAN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "lib/util/err.h"

struct dev;

/* What the firmware said about a command it ran. */
struct cmd_result {
	uint8_t status;
	uint32_t syndrome;
};

/*
 * One way of carrying a PRM command to the firmware: fwctl, the command
 * queue, or ICMD (registers only). exec returns -1 for a failure of the
 * carrier itself (refused, not delivered, timed out); otherwise 0 with the
 * firmware's status and syndrome in *res.
 */
struct cmd_chan {
	const char *access;	/* "fwctl", "cmdq", "icmd": what the output says */
	int (*exec)(struct dev *d, const void *in, size_t inlen, void *out,
		    size_t outlen, struct cmd_result *res, struct prm_err *err);
	/* Why an opcode cannot go this way at all (NULL: it can be tried). */
	const char *(*refuses)(struct dev *d, uint16_t opcode, uint16_t op_mod);
};

/*
 * The command channel of d, chosen on first use: fwctl when the device has
 * a node, else the command queue (the simulator, its services), else ICMD
 * for ACCESS_REG; --access forces one.
 */
int dev_cmd_chan(struct dev *d, const struct cmd_chan **out, struct prm_err *err);

/* Run one command through d's channel (chosen if not yet). */
int dev_cmd_exec(struct dev *d, const void *in, size_t inlen, void *out, size_t outlen,
		 struct cmd_result *res, struct prm_err *err);

/* dev_cmd_exec, and a non-zero status turned into the decoded failure line. */
int dev_cmd_run(struct dev *d, const void *in, size_t inlen, void *out, size_t outlen,
		struct prm_err *err);

/*
 * dev_check_write() for one command: 0 when it may be sent. Refused without
 * write on hardware (PRM_E_USAGE, "needs_write"); through fwctl the refusal
 * says what the kernel would do instead: a command its allowlist refuses at
 * every scope is PRM_E_NODEV, "fwctl_refused" (--write would not help), and
 * one it passes only at debug-write says the kernel would taint itself.
 */
int dev_cmd_check_write(struct dev *d, uint16_t opcode, uint16_t op_mod, bool write,
			const char *what, struct prm_err *err);

/* The command goes through fwctl at a scope that taints the kernel. */
bool dev_cmd_taints(const struct dev *d, uint16_t opcode, uint16_t op_mod);

/*
 * Give the command channel back now (the command queue's teardown), so a
 * failure can be reported; dev_close() does it silently otherwise.
 */
int dev_cmd_release(struct dev *d, struct prm_err *err);

#endif
