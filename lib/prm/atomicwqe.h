/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_PRM_ATOMICWQE_H
#define PRMCTL_PRM_ATOMICWQE_H

/*
 * A send WQE for one atomic, as a raw-WQE user (UCX, NVSHMEM IBGDA, DOCA)
 * writes it (tracer-atomics.md §B1-§B2): control, remote address, the atomic
 * segment of its kind, and a data segment for the reply when asked.
 */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "lib/prm/atomic.h"
#include "lib/prm/layout.h"

struct atomic_wqe_req {
	struct atomic_wire w;	/* what atomic_wire_build() gives */
	uint64_t raddr;		/* the aligned unit's address */
	uint32_t rkey;
	bool has_local;		/* a data segment for the returned value */
	uint64_t laddr;
	uint32_t lkey;
	uint32_t qpn;
	uint16_t wqe_index;
	bool masked8;		/* 8-byte cs/fa as extended (opmod 0x09), not the standard ops */
};

struct atomic_wqe_seg {
	const char *name;
	const struct prm_layout *layout;
	size_t off, len;
};

#define ATOMIC_WQE_MAX 128
#define ATOMIC_WQE_SEGS 4

struct atomic_wqe {
	uint8_t bytes[ATOMIC_WQE_MAX];
	size_t len;
	unsigned opcode, opmod, ds;
	struct atomic_wqe_seg seg[ATOMIC_WQE_SEGS];
	unsigned nseg;
};

/* -1 with *why (the rule broken) for what cannot be sent. */
int atomic_wqe_build(const struct atomic_wqe_req *r, struct atomic_wqe *q, const char **why);

#endif
