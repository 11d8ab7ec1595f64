/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_CMD_DLVIEW_H
#define PRMCTL_CMD_DLVIEW_H

/* What devlink says of a device, shared by devlink, device, health and esw. */

#include <stdbool.h>
#include <stddef.h>

#include "lib/dev/dev.h"
#include "lib/dev/devlink.h"

/*
 * The devlink socket and the handle of an open device (its PCI function's
 * pci/BDF, or a BUS/DEV name). On failure: the error reported, the exit
 * status returned, nothing left open.
 */
int cmd_devlink_open(struct dev *d, struct devlink *dl, struct dl_handle *h);
/* The same, the error left to the caller. */
int devlink_attach(struct dev *d, struct devlink *dl, struct dl_handle *h, struct prm_err *err);

struct cmd_run;
/*
 * check() of the devlink verbs: devlink is their only path, so -d is to be
 * opened with --access devlink; another --access is a usage error.
 */
int cmd_devlink_check(struct cmd_run *r);

/* What a devlink verb reached: device, access (devlink), and the handle when h is given. */
void out_devlink_device(const struct dev *d, const struct dl_handle *h);

/* The driver's identity: handle, driver, serial, board id, versions. */
void out_devlink_info(const struct dl_info *info);
/* One port's members (a table row or an event). */
void out_devlink_port(const struct dl_port *p);
/* One reporter's members. */
void out_devlink_reporter(const struct dl_reporter *r);
/* Ports of h as a table; an error is a warning and null. */
void out_devlink_ports(struct devlink *dl, const struct dl_handle *h, const char *key);

/* The driver's info and ports of handle as object key; null when devlink has none. */
void out_devlink_view(struct devlink *dl, const char *handle, const char *key);

/*
 * The running firmware version devlink's info gives for handle (pci/BDF)
 * into buf; false when there is no instance or no version.
 */
bool dl_running_fw(const char *handle, char *buf, size_t sz);

/* The version named name of a kind, or NULL. */
const char *dl_version(const struct dl_version *v, unsigned n, const char *name);

#endif
