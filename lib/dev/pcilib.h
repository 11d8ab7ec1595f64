/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_DEV_PCILIB_H
#define PRMCTL_DEV_PCILIB_H

/* libpci, wrapped once: its error hook jumps back here instead of exiting. */

#include <pci/pci.h>
#include <setjmp.h>

#include "lib/util/err.h"

extern jmp_buf discover_pci_jmp;
extern char discover_pci_msg[256];

/* pci_alloc + our hooks + sysfs under sysfs_root() + pci_init; NULL on error. */
struct pci_access *discover_pci_open(struct prm_err *err);

#endif
