/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_CMD_HEALTHLOG_H
#define PRMCTL_CMD_HEALTHLOG_H

#include <argp.h>

/* health decode-log: its options and its verb (cmd/healthlog.c). */
struct health_log_opts {
	const char *file;
};
extern const struct argp health_log_argp;
struct cmd_run;
int health_decode_log(struct cmd_run *r);

#endif
