/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_DEV_VSEC_H
#define PRMCTL_DEV_VSEC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "lib/dev/cfg.h"

/* Address spaces behind the gateway (mstflint address_space_t). */
enum vsec_space {
	VSEC_SPACE_ICMD_EXT = 0x1,
	VSEC_SPACE_CR = 0x2,
	VSEC_SPACE_ICMD = 0x3,
	VSEC_SPACE_ND_CR = 0x6,
	VSEC_SPACE_SCAN_CR = 0x7,
	VSEC_SPACE_SEMAPHORE = 0xa,
};

/*
 * The Mellanox vendor-specific capability gateway in config space: a ticket
 * semaphore, a space select, and flag-polled address/data transfers. Every
 * wait is bounded; the semaphore is released on every path.
 */
struct vsec {
	struct cfg_port *cfg;
	uint32_t base;		/* config offset of the capability */
	uint32_t ticket;	/* ours, while locked */
	bool locked;
	unsigned lock_ms;	/* how long to wait for the semaphore */
	unsigned flag_ms;	/* how long to wait for one transfer */
	/*
	 * A gateway shared with mlx5_core (dev_mlx5_core_bound): after each
	 * hold, leave it free three times as long (1 ms at least), so that a
	 * driver lock, which blocks our config access until it gets the
	 * semaphore or gives up, finds it free most of the time.
	 */
	bool yield;
	uint64_t locked_at_us;
};

int vsec_open(struct vsec *v, struct cfg_port *cfg, struct prm_err *err);
int vsec_lock(struct vsec *v, struct prm_err *err);
void vsec_unlock(struct vsec *v);

/*
 * Free the semaphore whoever holds it, as mstflint's --clear_semaphore
 * does: *holder is the ticket it held (0: it was free, nothing written).
 * Only for a holder known to be dead: a live one loses its transaction.
 */
int vsec_clear(struct vsec *v, uint32_t *holder, struct prm_err *err);

/* Under the lock: select a space, move one dword. */
int vsec_select(struct vsec *v, uint16_t space, struct prm_err *err);
int vsec_read(struct vsec *v, uint32_t addr, uint32_t *val, struct prm_err *err);
int vsec_write(struct vsec *v, uint32_t addr, uint32_t val, struct prm_err *err);

/*
 * Under the lock, with a space selected: the dword at each addrs[i] into
 * vals[i], as n vsec_read calls would read them, a stop looked at between
 * them. Where the port batches accesses, the transfers go out in batches and
 * a value is taken only when its transfer was seen done; any other dword is
 * read again by vsec_read, so the gateway protocol is the single read's.
 */
int vsec_read_many(struct vsec *v, const uint32_t *addrs, uint32_t *vals, size_t n,
		   struct prm_err *err);

/*
 * Dwords moved per hold of the semaphore. A 1 MiB read in one hold kept the
 * gateway for 30 s on the simulator: every other agent timed out, and to
 * them an unmoving ticket is a dead holder. 256 dwords take about 30 ms there
 * and far less on hardware.
 */
#define VSEC_HOLD_DWORDS 256

/*
 * n dwords from addr on, in transactions (lock, select, move, unlock) of at
 * most VSEC_HOLD_DWORDS, so no other agent waits long for the gateway.
 */
int vsec_read_block(struct vsec *v, uint16_t space, uint32_t addr,
		    uint32_t *vals, size_t n, struct prm_err *err);
int vsec_write_block(struct vsec *v, uint16_t space, uint32_t addr,
		     const uint32_t *vals, size_t n, struct prm_err *err);

/* Is a space implemented (space-select status non-zero)? */
int vsec_space_supported(struct vsec *v, uint16_t space, bool *yes,
			 struct prm_err *err);

#endif
