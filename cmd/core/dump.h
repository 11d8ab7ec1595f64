/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_CMD_DUMP_H
#define PRMCTL_CMD_DUMP_H

#include "cmd/core/cmd.h"

/* `prmctl --dump-commands`: the command table as JSON (completions, man check). */
int dump_commands(const struct prm_cmd *const *cmds, const struct argp *global);

#endif
