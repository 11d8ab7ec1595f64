/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_CMD_DEVSEL_H
#define PRMCTL_CMD_DEVSEL_H

#include <stdbool.h>

#include "lib/dev/dev.h"

/*
 * Open the device named by -d, or the only ConnectX present when -d is
 * absent. On failure the error is reported and the exit status returned.
 */
int cmd_open_device(bool need_bar, struct dev **out);

/*
 * Open every device named by -d (repeated), and with all every ConnectX
 * function present too; none named and not all: as cmd_open_device. At
 * most max; reported and the exit status returned on failure.
 */
int cmd_open_devices(bool all, struct dev **out, size_t max, size_t *n);

/*
 * Close a device that ran firmware commands: its command queue torn down
 * first, a failure there a warning (the command's answer stands).
 */
void cmd_close_device(struct dev *d);

/*
 * The "device" and "access" members every command that reached a device
 * prints (prmctl(8) CONVENTIONS, Keys): access is the command channel that
 * carried its PRM commands once one was chosen, else icmd once registers
 * went over ICMD, else the path BAR0 and config space are read through. A
 * text line (a watch's event) names the device alone.
 */
void cmd_out_device(const struct dev *d);

#endif
