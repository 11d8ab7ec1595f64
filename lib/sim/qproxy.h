/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_SIM_QPROXY_H
#define PRMCTL_SIM_QPROXY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "lib/sim/adapter.h"

/*
 * The simulated adapter as the remote end of QEMU's multi-process PCI
 * proxy (-device x-pci-proxy-dev,fd=N): config space, BAR0, guest memory
 * for DMA, reset and INTx eventfds over the socket QEMU holds the other
 * end of. A thread serves it until QEMU closes the socket.
 */
struct sim_qproxy;

int sim_qproxy_start(struct sim_adapter *a, int fd, struct sim_qproxy **out,
		     struct prm_err *err);
bool sim_qproxy_running(const struct sim_qproxy *p);

/*
 * One message as bytes (header and payload, no descriptors), as the thread
 * handles it: 1 with *ret for one that wants a RET, 0 for one that does
 * not, -1 for one malformed or unknown. For tests and fuzzing.
 */
int sim_qproxy_message(struct sim_adapter *a, const uint8_t *msg, size_t len, uint64_t *ret);
void sim_qproxy_stop(struct sim_qproxy *p);

#endif
