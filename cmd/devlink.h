/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_CMD_DEVLINK_H
#define PRMCTL_CMD_DEVLINK_H

#include <argp.h>

#include "cmd/core/cmd.h"

/* prmctl devlink region: a group of verbs inside the devlink command. */
extern const struct argp devlink_region_argp;
extern const struct prm_cmd cmd_devlink_region;

#endif
