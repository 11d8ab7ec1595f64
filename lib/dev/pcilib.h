/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_DEV_PCILIB_H
#define PRMCTL_DEV_PCILIB_H

/*
 * libpci, wrapped once: its error hook jumps back here instead of exiting;
 * loaded at its first use (lib/util/dl.h), as most runs (trace decode, every
 * command on a file) never reach a PCI device. discover_pci_open loads it;
 * its functions are called through pcilib after that.
 */

#include <pci/pci.h>
#include <setjmp.h>

#include "lib/util/dl.h"
#include "lib/util/err.h"

#define PCILIB_FUNCS(X)                                                                  \
	X(pci_alloc) X(pci_init) X(pci_cleanup) X(pci_set_param) X(pci_scan_bus)         \
	X(pci_get_dev) X(pci_free_dev) X(pci_fill_info) X(pci_get_string_property)       \
	X(pci_read_byte) X(pci_read_word) X(pci_read_long) X(pci_read_block)             \
	X(pci_write_block)

struct pcilib DL_TABLE(PCILIB_FUNCS);
extern struct pcilib pcilib;
extern struct dl_lib pcilib_lib;

extern jmp_buf discover_pci_jmp;
extern char discover_pci_msg[256];

/* libpci loaded, pci_alloc + our hooks + sysfs under sysfs_root() + pci_init; NULL on error. */
struct pci_access *discover_pci_open(struct prm_err *err);

#endif
