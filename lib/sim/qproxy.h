/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_SIM_QPROXY_H
#define PRMCTL_SIM_QPROXY_H

#include <stdbool.h>

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
void sim_qproxy_stop(struct sim_qproxy *p);

#endif
