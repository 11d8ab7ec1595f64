/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_DEV_CFG_H
#define PRMCTL_DEV_CFG_H

#include <stdint.h>

#include "lib/util/err.h"

/*
 * The config-dword line. Below it: how one 32-bit config-space dword of a
 * function is read or written (libpci on the sysfs config file for hardware,
 * the simulator's config space for sim). Above it, one implementation of
 * the vendor-specific gateway, ICMD and register access serves both.
 * Values are host-order numbers of the little-endian config dword.
 */
struct cfg_port {
	int (*read32)(struct cfg_port *p, uint32_t off, uint32_t *val,
		      struct prm_err *err);
	int (*write32)(struct cfg_port *p, uint32_t off, uint32_t val,
		       struct prm_err *err);
	void (*close)(struct cfg_port *p);
	const char *label;	/* device name for messages */
	void *ctx;
};

/* Hardware: libpci on the function's config space (root; writable if write). */
struct dev;
int cfg_open_pci(struct dev *d, struct cfg_port **out, struct prm_err *err);

/*
 * Cooperative interruption: cmd/ calls dev_interrupt() from its SIGINT and
 * SIGTERM handlers; every bounded wait in lib/dev checks dev_interrupted()
 * and unwinds, releasing what it holds.
 */
void dev_interrupt(void);
int dev_interrupted(void);
/* Long-running commands (and tests) start over after handling one. */
void dev_interrupt_reset(void);

#endif
