/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_DEV_PCIBIND_H
#define PRMCTL_DEV_PCIBIND_H

#include <stdbool.h>
#include <stddef.h>

#include "lib/dev/discover.h"
#include "lib/util/err.h"

struct ifaddrs;

/*
 * Moving a PCI function from one kernel driver to another through sysfs
 * (driver_override, unbind, drivers_probe), as driverctl and mlx5cmd's
 * scripts do: vfio-pci for --access vfio, mlx5_core back.
 */

/*
 * Does one of the function's netdevs (comma-joined names) carry the host's
 * traffic: up, with an address beyond its own link (IPv4 not 169.254/16 or
 * loopback, IPv6 not fe80::/10 or ::1)? Pure: the addresses are given
 * (getifaddrs). Returns true with the netdev and the address in why.
 */
bool pci_bind_carries_traffic(const char *netdevs, const struct ifaddrs *addrs, char *why,
			      size_t sz);

/* The same, of this host's addresses now; false (why empty) when they cannot be read. */
bool pci_bind_host_traffic(const char *netdevs, char *why, size_t sz);

/*
 * Can the function leave vfio-pci now? Not while a process holds its
 * group open: no other driver may take it then, and unbinding a device the
 * process has open waits, unkillable. -1 with the process named
 * (PRM_E_NODEV, "vfio_busy"). pci_bind() asks this too; ask it first to
 * refuse before saying what is unbound.
 */
int pci_bind_blocked(const struct dev_info *info, const char *driver, struct prm_err *err);

/* The function's driver_override, "" when none is set. */
void pci_bind_override(const struct dev_info *info, char *buf, size_t sz);

/*
 * Bind the function to driver (NULL: the kernel's own choice, any override
 * cleared) and wait up to wait_ms for the driver to hold it (a driver may
 * probe in the background). The driver must be loaded. On success now
 * holds the driver's name; a driver that did not take the function is an
 * error naming the kernel log.
 */
int pci_bind(const struct dev_info *info, const char *driver, unsigned wait_ms, char *now,
	     size_t sz, struct prm_err *err);

#endif
