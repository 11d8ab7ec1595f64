/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_DEV_DEVNAME_H
#define PRMCTL_DEV_DEVNAME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "lib/util/err.h"

struct pci_addr {
	uint32_t domain;
	uint8_t bus, dev, fn;
};

enum dev_kind {
	DEV_KIND_PCI,		/* 0000:3b:00.0, 3b:00.0, pci/0000:3b:00.0 */
	DEV_KIND_NAME,		/* RDMA device or netdev, resolved through sysfs */
	DEV_KIND_FWCTL,		/* fwctlN */
	DEV_KIND_SIM,		/* sim (in-process) or sim:NAME (a running one) */
	DEV_KIND_IMAGE,		/* image:FILE */
	DEV_KIND_DEVLINK,	/* BUS/DEV on a bus other than pci: devlink only */
};

#define DEVNAME_MAX 4096

struct dev_name {
	enum dev_kind kind;
	struct pci_addr pci;	/* DEV_KIND_PCI */
	char arg[DEVNAME_MAX];	/* name, sim name or file; "" for plain sim */
};

/* Syntax only: no file system access. Errors are PRM_E_USAGE. */
int devname_parse(const char *s, struct dev_name *n, struct prm_err *err);

/* "[dddd:]bb:dd.f" in hex; returns 0 or -1. */
int pci_addr_parse(const char *s, struct pci_addr *a);

/* Field by field: the struct has a padding byte that memcmp would read. */
bool pci_addr_eq(const struct pci_addr *a, const struct pci_addr *b);

/* "0000:3b:00.0" */
void pci_addr_format(const struct pci_addr *a, char *buf, size_t sz);

const char *dev_kind_name(enum dev_kind k);

#endif
