/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_SIM_SERVICE_H
#define PRMCTL_SIM_SERVICE_H

#include "lib/util/err.h"

struct sim_service_opts {
	const char *name;
	const char *model;
	unsigned boot_ms;
	int ready_fd;		/* written once the service answers, then closed; -1 */
	const char *pci_dir;	/* also a sysfs-style PCI device in pci_dir/bdf, or NULL */
	const char *bdf;
	int qemu_fd;		/* serve QEMU's PCI proxy on this socket too; -1 */
	const char *vfio_user;	/* be a vfio-user device server at this socket path too, or NULL */
};

/*
 * Run a simulator service until it is asked to stop (SIM_OP_STOP or
 * sim_service_stop() from a signal handler). Creates its directory (BAR0
 * file, socket, lock, pid) and removes it on the way out. A leftover of a
 * dead service is cleaned up first; a live one is an error.
 */
int sim_service_run(const struct sim_service_opts *o, struct prm_err *err);

/* Async-signal-safe: ask a running service loop to stop. */
void sim_service_stop(void);

#endif
