/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_PRM_ATOMICREF_H
#define PRMCTL_PRM_ATOMICREF_H

#include <stdbool.h>
#include <stdint.h>

/*
 * A byte-wise reference model of the responder side of 1/2/4/8-byte
 * atomics (issue 9), written from the rules in words and nothing else: no
 * masks, no shifts of a 32-bit word. It exists to check the mask-based
 * emulator (lib/prm/atomic.c) against a second, independent opinion.
 *
 * The unit is the naturally aligned 4-byte unit (8 for size 8) the
 * responder reads. The byte at address A+k of the unit is byte k of the
 * argument in network byte order, so the semaphore of size s at offset k
 * is bytes k..k+s-1 of the unit, most significant first. The responder
 * reads the whole unit, applies the operation to the semaphore only,
 * writes back only the semaphore's bytes and returns the whole unit as it
 * was before.
 *
 *   cs:   if the semaphore equals compare it becomes swap, else unchanged
 *   swap: the semaphore becomes swap
 *   fa:   the semaphore becomes (value + add) mod 2^(8*size); the carry
 *         out of the semaphore's first byte is dropped, never reaching the
 *         bytes around it
 */
enum atomicref_op { ATOMICREF_CS, ATOMICREF_FA, ATOMICREF_SWAP };

struct atomicref_result {
	uint8_t after[8];	/* the unit after the operation (unit bytes used) */
	uint8_t response[8];	/* what the responder returns: the unit before */
	uint64_t semaphore;	/* the semaphore's value before, from the response bytes */
	bool swapped;		/* cs: compare matched; swap: always; fa: false */
	unsigned unit;		/* 4 or 8 */
};

/*
 * mem: the unit's bytes in memory order (4 bytes, 8 for size 8); it is
 * only read. compare is used by cs only; swap_or_add is swap for cs and
 * swap, add for fa. On success fills all of *r (after[] and response[]
 * beyond the unit are 0) and returns 0. -1 with *why set (a static string
 * naming the broken rule, when why is not NULL) for invalid input; *r is
 * then left untouched. Invalid: an unknown op; size not 1, 2, 4 or 8; an
 * offset that is not a multiple of the size, or not below 4 (sizes 1, 2,
 * 4), or not 0 (size 8); an operand the op uses that does not fit in
 * 8*size bits; mem or r NULL.
 */
int atomicref_run(enum atomicref_op op, unsigned size, unsigned offset, const uint8_t *mem,
		  uint64_t compare, uint64_t swap_or_add, struct atomicref_result *r,
		  const char **why);

#endif
