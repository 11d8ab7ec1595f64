/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_CMD_HEALTHLOG_H
#define PRMCTL_CMD_HEALTHLOG_H

#include <argp.h>

/* health decode-log: its options and its verb (cmd/healthlog.c). */
extern const struct argp health_log_argp;
int health_decode_log(int argc, char **argv);

#endif
