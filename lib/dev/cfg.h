/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_DEV_CFG_H
#define PRMCTL_DEV_CFG_H

#include <stddef.h>
#include <stdint.h>

#include "lib/util/err.h"

/*
 * The config-dword line. Below it: how one 32-bit config-space dword of a
 * function is read or written (libpci on the sysfs config file for hardware,
 * the simulator's config space for sim). Above it, one implementation of
 * the vendor-specific gateway, ICMD and register access serves both.
 * Values are host-order numbers of the little-endian config dword.
 */
/* One access of a batch: a read, or a write of val, of the dword at off. */
struct cfg_access {
	uint32_t off;
	uint32_t val;
	int write;
};

struct cfg_port {
	int (*read32)(struct cfg_port *p, uint32_t off, uint32_t *val,
		      struct prm_err *err);
	int (*write32)(struct cfg_port *p, uint32_t off, uint32_t val,
		       struct prm_err *err);
	void (*close)(struct cfg_port *p);
	const char *label;	/* device name for messages */
	void *ctx;
	/*
	 * Optional: the dwords at off and off + 4 in one access, read in that
	 * order (a sysfs config read of 8 bytes is two dword cycles, lower
	 * first). NULL: callers make two read32 calls.
	 */
	int (*read_pair)(struct cfg_port *p, uint32_t off, uint32_t val[2],
			 struct prm_err *err);
	/*
	 * Optional, for a line where each access is a round trip (a simulator
	 * service's socket): the n accesses in order, each exactly as read32 or
	 * write32 would do it, the reads' values into reads in order. NULL:
	 * callers make the accesses one by one.
	 */
	int (*batch)(struct cfg_port *p, const struct cfg_access *a, size_t n,
		     uint32_t *reads, struct prm_err *err);
};

/* Hardware: libpci on the function's config space (root; writable if write). */
struct dev;
int cfg_open_pci(struct dev *d, struct cfg_port **out, struct prm_err *err);

/*
 * Cooperative interruption: cmd/ calls dev_interrupt() from its one SIGINT
 * and SIGTERM handler; every bounded wait in lib/dev checks dev_interrupted()
 * and unwinds, releasing what it holds.
 */
void dev_interrupt(void);
int dev_interrupted(void);
/* The stop was asked for, cleanup scope or not: loops in cmd/ end on it. */
int dev_stop_requested(void);
/* Long-running commands (and tests) start over after handling one. */
void dev_interrupt_reset(void);

/*
 * A release path (a semaphore, the tracer, objects, the command queue's
 * teardown) runs inside a cleanup scope: dev_interrupted() is false there,
 * because giving back what we hold matters more than stopping at once, and
 * every wait it makes is bounded. Scopes nest; async-signal-safe to query.
 */
void dev_cleanup_begin(void);
void dev_cleanup_end(void);
int dev_cleanup_active(void);

/*
 * A semaphore is held from taking to giving back (dev_hold_begin/end). While
 * anything is held or given back, dev_holding() is true: cmd/'s handler does
 * not end the process then, and is called back (dev_on_released) when the
 * last hold or cleanup ends, to deliver a kill it put off.
 */
void dev_hold_begin(void);
void dev_hold_end(void);
int dev_holding(void);
void dev_on_released(void (*hook)(void));

#endif
