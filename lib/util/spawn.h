/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_UTIL_SPAWN_H
#define PRMCTL_UTIL_SPAWN_H

#include <stdbool.h>
#include <stddef.h>

#include "lib/util/err.h"

/*
 * Run one program to its end or its deadline, its standard output into a
 * file: the unit of `prmctl collect`, so that a step that hangs, crashes or
 * fails costs that step only. Standard input is /dev/null; the last bytes
 * of standard error are kept for the record.
 */
struct spawn_result {
	int exit_code;		/* when it exited; else -1 */
	int signal;		/* the signal that ended it (SIGKILL after a timeout), else 0 */
	bool timed_out;		/* killed at its deadline */
	bool stopped;		/* killed because should_stop() said so */
	unsigned long ms;	/* how long it ran */
	char err_tail[512];	/* last line(s) of its standard error, trimmed */
};

struct spawn_opts {
	const char *stdout_path;	/* created (0644); NULL: /dev/null */
	unsigned long timeout_ms;	/* 0: none */
	bool (*should_stop)(void);	/* polled while it runs; NULL: never */
};

/* -1 (err set) only when it could not be started at all. */
int spawn_run(char *const argv[], const struct spawn_opts *o, struct spawn_result *r,
	      struct prm_err *err);

/* "exit 3", "killed by signal 9", "timed out after 20000 ms", "interrupted". */
void spawn_describe(const struct spawn_result *r, char *buf, size_t sz);

#endif
