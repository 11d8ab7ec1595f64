/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_DEV_SYSFS_H
#define PRMCTL_DEV_SYSFS_H

#include <stddef.h>

#include "lib/dev/devname.h"
#include "lib/util/err.h"

/* The root sysfs is read from ("/sys" unless a test points elsewhere). */
const char *sysfs_root(void);
void sysfs_set_root(const char *root);

/*
 * The PCI function behind a name: an RDMA device (/sys/class/infiniband),
 * a netdev (/sys/class/net) or a fwctl node (/sys/class/fwctl). The nearest
 * PCI ancestor of the class device's "device" link is taken, so a netdev on
 * a virtio function resolves to that function. what is set to "rdma",
 * "netdev" or "fwctl".
 */
int sysfs_resolve_name(const char *cls_hint, const char *name,
		       struct pci_addr *addr, const char **what,
		       struct prm_err *err);

/* Does /sys/bus/pci/devices/BDF exist? */
int sysfs_pci_exists(const struct pci_addr *a);

/* Names of entries of /sys/bus/pci/devices/BDF/<sub>, comma-joined. */
void sysfs_pci_children(const struct pci_addr *a, const char *sub, char *buf,
			size_t sz);

/* fwctl nodes whose device is this PCI function, comma-joined. */
void sysfs_fwctl_of(const struct pci_addr *a, char *buf, size_t sz);

/* One-line attribute of the PCI function (e.g. "physfn" link basename). */
int sysfs_pci_link_base(const struct pci_addr *a, const char *link, char *buf,
			size_t sz);

/* Names in the directory <root>/<rel>, sorted, comma-joined ("" if none). */
void sysfs_list(const char *rel, char *buf, size_t sz);

/*
 * The next name of a comma-joined list (sysfs_list's, dev_info's netdevs):
 * copied into name, and where the one after it starts; NULL past the end.
 */
const char *sysfs_list_next(const char *p, char *name, size_t sz);

/* The last component of where the link <root>/<rel> points; -1 if none. */
int sysfs_link_base(const char *rel, char *buf, size_t sz);

/* Store text in the attribute <root>/<rel> in one write; -1 with errno. */
int sysfs_write(const char *rel, const char *text);

/* First line of <root>/<rel> without the newline; -1 if unreadable. */
int sysfs_read_line(const char *rel, char *buf, size_t sz);

/* /sys/kernel/security/lockdown mode: "none", "integrity", "confidentiality" or NULL. */
const char *sysfs_lockdown_mode(char *buf, size_t sz);

#endif
