// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* The command table: adding a command group is adding its line here. */
#include "cmd/core/cmd.h"

const struct prm_cmd *const prm_commands[] = {
	&cmd_atomic,
	&cmd_caps,
	&cmd_collect,
	&cmd_cmd,
	&cmd_cr,
	&cmd_dct,
	&cmd_decode,
	&cmd_device,
	&cmd_devlink,
	&cmd_esw,
	&cmd_health,
	&cmd_initseg,
	&cmd_nvmf,
	&cmd_probe,
	&cmd_qp,
	&cmd_reg,
	&cmd_sim,
	&cmd_trace,
	NULL,
};
