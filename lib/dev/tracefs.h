/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_DEV_TRACEFS_H
#define PRMCTL_DEV_TRACEFS_H

#include <stdbool.h>
#include <stddef.h>

#include "lib/util/err.h"

/*
 * The kernel's trace events in tracefs: where it is mounted, whether an
 * event (SYSTEM/NAME, e.g. "mlx5/mlx5_fw") exists and is on, turning it on
 * or off, and reading the trace buffer without consuming it (the file
 * "trace", not "trace_pipe": other readers keep what they would see).
 */
#define TRACEFS_PATH_MAX 256

/*
 * The first tracefs mount that has the event: /sys/kernel/tracing, then
 * /sys/kernel/debug/tracing. PRM_E_NODEV "no_tracefs" when neither is
 * mounted, "no_trace_event" when the kernel has no such event (its module
 * is not loaded), "permission" when reading it is refused (root, lockdown).
 */
int tracefs_find(const char *event, char root[TRACEFS_PATH_MAX], struct prm_err *err);
int tracefs_event_enabled(const char *root, const char *event, bool *on, struct prm_err *err);
int tracefs_event_set(const char *root, const char *event, bool on, struct prm_err *err);
/* Each line of ROOT/trace (newline excluded) to fn, which returns nonzero to stop. */
int tracefs_read_trace(const char *root, int (*fn)(void *ctx, const char *line, size_t len),
		       void *ctx, struct prm_err *err);

#endif
