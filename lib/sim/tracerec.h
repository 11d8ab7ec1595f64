/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_SIM_TRACEREC_H
#define PRMCTL_SIM_TRACEREC_H

/*
 * Every block the simulated tracer writes into a host's ring, kept as a
 * capture file (prmctl-trace(8) CAPTURE FILE) that 'trace decode' reads: what
 * the host was given, byte for byte, whoever the host is (prmctl's capture,
 * the kernel's mlx5_core), so a decode of it can be held against what the
 * host made of the same ring. Not thread-safe: the tracer's lock covers it.
 */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "lib/prm/tracefile.h"

struct sim_tracerec {
	int fd;			/* -1: not recording */
	uint64_t bytes;		/* written so far; stops at SIM_TRACELOG_MAX */
	bool started;		/* the configuration records are in */
};

/* What the configuration records say, taken when the first blocks come. */
struct sim_tracerec_head {
	const uint8_t *cap;	/* MTRC_CAP as the host reads it */
	size_t cap_len;
	uint32_t db_base;
	const uint8_t *db;
	size_t db_len;
	struct tracefile_meta meta;
};

void sim_tracerec_init(struct sim_tracerec *r);
/* Record into fd from now on (-1 stops); the fd stays the caller's. */
void sim_tracerec_to(struct sim_tracerec *r, int fd);
/* n blocks the ring got, the first at ring index first (blocks since the tracer started). */
void sim_tracerec_blocks(struct sim_tracerec *r, const struct sim_tracerec_head *h,
			 uint64_t first, const uint8_t *blocks, size_t n);

#endif
