/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_SIM_VFIOUSER_H
#define PRMCTL_SIM_VFIOUSER_H

#include <stdint.h>

#include "lib/sim/adapter.h"
#include "lib/sim/vumsg.h"

/*
 * The simulated adapter as a vfio-user device server (QEMU's -device
 * vfio-user-pci,socket=PATH): a UNIX socket at a path, one client at a
 * time, served by a thread. When the client goes, its mappings and
 * eventfds go with it and the adapter keeps its state for the next one
 * (what the protocol asks of a server); the thread ends with the service.
 */
struct sim_vfiouser;

/*
 * Listen at path. A socket nobody listens on (a leftover) is replaced;
 * one in use, or anything else at path, is refused and left alone.
 */
int sim_vfiouser_start(struct sim_adapter *a, const char *path, struct sim_vfiouser **out,
		       struct prm_err *err);

/* What the clients sent so far: messages per command (0: unknown ones), refused ones. */
struct sim_vfiouser_stats {
	uint64_t clients, messages, refused, counts[SIM_VU_NCMDS];
};
void sim_vfiouser_stats(struct sim_vfiouser *v, struct sim_vfiouser_stats *st);

/* Ends the client's connection and the thread, removes the socket. */
void sim_vfiouser_stop(struct sim_vfiouser *v);

/* Serve one connected client until it goes (tests: one end of a socketpair). */
void sim_vfiouser_serve_fd(struct sim_adapter *a, int fd, struct sim_vfiouser_stats *st);

#endif
