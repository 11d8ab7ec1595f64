/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_CMD_CRDUMP_H
#define PRMCTL_CMD_CRDUMP_H

#include "cmd/core/cmd.h"

/* prmctl cr dump, a verb of cmd/cr.c's group (its row: CR_DUMP_VERB). */
struct crdump_cmd_opts {
	const char *file;	/* -o, NULL or "-": standard output */
	bool force;
	const char *ranges;	/* --ranges FILE */
};

extern const struct argp crdump_argp;
/* Beside mlx5_core: a warning that the gateway is shared, and how (cmd/cr.c). */
int cr_shared_gate(struct cmd_run *r);
int crdump_check(struct cmd_run *r);
int crdump_exec(struct cmd_run *r);

#define CR_DUMP_VERB                                                                     \
	{ .name = "dump", .summary = "Dump cr-space as mstregdump does", .argp = &crdump_argp, \
	  .check = crdump_check, .exec = crdump_exec, .gate = cr_shared_gate,              \
	  .opts_size = sizeof(struct crdump_cmd_opts), .flags = CMD_NEEDS_DEVICE }

#endif
