/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_CMD_DEVICE_H
#define PRMCTL_CMD_DEVICE_H

/* Between cmd/device.c and cmd/devicebind.c. */

#include <argp.h>
#include <stdbool.h>
#include <stdint.h>

struct cmd_run;

struct device_bind_opts {
	const char *driver;
	bool restore, force;
	uint64_t wait_ms;
};

extern const struct argp device_bind_argp;
int device_bind(struct cmd_run *r);

#endif
