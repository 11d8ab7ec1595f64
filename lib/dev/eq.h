/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_DEV_EQ_H
#define PRMCTL_DEV_EQ_H

#include <stdint.h>

#include "lib/util/err.h"

struct dev;

/*
 * An event queue in host memory (CREATE_EQ over the command queue): the
 * firmware writes an entry for each event of the types asked for. Polled:
 * prmctl arms no interrupt. fwctl cannot create one (the kernel owns the
 * device's queues), so events need the command queue.
 */
struct eq;

#define EQE_BYTES 64

/* 2^log_nent entries; types: bit n of types[n / 64] asks for event type n. */
int eq_create(struct dev *d, unsigned log_nent, const uint64_t types[4], struct eq **out,
	      struct prm_err *err);

/* The same for one event type (an MLX5_EVENT_TYPE_*). */
int eq_create_one(struct dev *d, unsigned log_nent, unsigned type, struct eq **out,
		  struct prm_err *err);

uint8_t eq_number(const struct eq *q);

/*
 * The next entry (64 bytes into eqe), waiting up to timeout_ms; 1 when none
 * came (not an error), -1 on failure (interrupted).
 */
int eq_next(struct eq *q, uint8_t *eqe, unsigned timeout_ms, struct prm_err *err);

/*
 * Forget the queue without DESTROY_EQ (TEARDOWN_HCA will take it): its
 * memory stays allocated, as the firmware may still write it.
 */
void eq_abandon(struct eq *q);

/* DESTROY_EQ, and its memory back. */
int eq_destroy(struct eq *q, struct prm_err *err);

#endif
