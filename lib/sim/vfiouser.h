/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_SIM_VFIOUSER_H
#define PRMCTL_SIM_VFIOUSER_H

#include <stdbool.h>
#include <stddef.h>
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

/*
 * Server to client: len bytes at iova read from (or written to) the
 * client's memory with DMA_READ / DMA_WRITE messages, for ranges it mapped
 * without a file descriptor (the range must lie in one DMA_MAP'd). From
 * any thread but the server's own; one request at a time, each bounded by
 * a timeout. 0, or a negative errno (-ENOTCONN with no client, the
 * client's errno when it refuses, -ETIMEDOUT).
 */
int sim_vfiouser_dma(struct sim_vfiouser *v, uint64_t iova, void *buf, size_t len, bool write);

/* Ends the client's connection and the thread, removes the socket. */
void sim_vfiouser_stop(struct sim_vfiouser *v);

/*
 * Serve one connected socket (tests: one end of a socketpair) until its
 * client goes; sim_vfiouser_stop() after. The fd becomes the server's.
 */
int sim_vfiouser_attach(struct sim_adapter *a, int fd, struct sim_vfiouser **out,
			struct prm_err *err);

#endif
