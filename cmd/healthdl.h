/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_CMD_HEALTHDL_H
#define PRMCTL_CMD_HEALTHDL_H

#include <stdbool.h>
#include <stdint.h>

#include "lib/dev/dev.h"

/*
 * health show and watch over devlink: the driver's fw and fw_fatal
 * reporters read into the keys health show uses elsewhere. why: the note
 * when BAR0 could not be read and devlink was the way left (NULL if asked).
 */
int health_show_devlink(struct dev *d, const char *why);

struct health_dl_watch {
	uint64_t interval_ms, count, duration_ms;
	bool exit_on_fault;
	const char *bar0_error;	/* why BAR0 is not watched (the started line says it), or NULL */
};
int health_watch_devlink(struct dev *d, const struct health_dl_watch *o);

#endif
