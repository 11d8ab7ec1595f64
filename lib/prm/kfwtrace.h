/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_PRM_KFWTRACE_H
#define PRMCTL_PRM_KFWTRACE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/*
 * One line of the kernel's mlx5:mlx5_fw trace event as tracefs prints it
 * (trace, trace_pipe): the ftrace header ("TASK-PID [CPU] FLAGS SECONDS: ")
 * then the event's TP_printk, "mlx5_fw: DEV [0x%llx] %d [0x%x] MSG"
 * (drivers/net/ethernet/mellanox/mlx5/core/diag/fw_tracer_tracepoint.h):
 * the device's name, the firmware timestamp the driver rebuilt, whether
 * events were lost, the event id, the message the driver rendered.
 */
struct prm_kfwtrace {
	double seconds;		/* the header's timestamp (trace_clock, local: uptime) */
	bool has_seconds;
	const char *dev;	/* into the line, dev_len bytes */
	size_t dev_len;
	uint64_t timestamp;	/* device ticks */
	unsigned lost;
	unsigned event_id;
	const char *msg;	/* into the line, msg_len bytes, line end excluded */
	size_t msg_len;
};

/*
 * Parse len bytes of one line (a trailing newline allowed). 0 when it is an
 * mlx5_fw event line, -1 otherwise (another event, a comment, cut short).
 */
int prm_kfwtrace_parse(const char *line, size_t len, struct prm_kfwtrace *out);

#endif
