/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_PRM_ATOMIC_H
#define PRMCTL_PRM_ATOMIC_H

/*
 * Masked (extended) atomics: the rules that make 1- and 2-byte semaphores
 * out of 4-byte masked operations, checked and emulated (seed 000 §2,
 * tracer-atomics.md Part B). The argument is in network byte order: byte k
 * of the aligned unit is byte k of the argument, so a 1-byte semaphore at
 * offset k is bits 31-8k..24-8k of the 4-byte argument (mask 0xFF000000 >> 8k).
 */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum atomic_op { ATOMIC_CS, ATOMIC_FA, ATOMIC_SWAP, ATOMIC_NOPS };

const char *atomic_op_name(enum atomic_op op);
/* "cs", "fa", "swap" (and "cas", "fetch-add"); -1 if none. */
int atomic_op_parse(const char *s, enum atomic_op *op);

/* What the rules say an operation's masks are. */
struct atomic_masks {
	unsigned unit;		/* bytes the responder reads: 4, or 8 */
	unsigned shift;		/* the semaphore's value sits shifted left by this */
	uint64_t field;		/* the semaphore's bits in the argument */
	uint64_t compare_mask, swap_mask;	/* cs, swap */
	uint64_t field_boundary;		/* fa: the semaphore's top bit */
};

/* The masks of op at size (1, 2, 4, 8) and offset in its unit; -1, *why the rule. */
int atomic_masks(enum atomic_op op, unsigned size, unsigned offset, struct atomic_masks *m,
		 const char **why);

/* One operation as it travels: operands already placed in the argument. */
struct atomic_wire {
	enum atomic_op op;
	unsigned size, offset;
	uint64_t compare, swap_add;	/* swap_add: the swap value, or the add value */
	uint64_t compare_mask, swap_mask, field_boundary;
};

/* The wire fields the rules give for semaphore values compare and swap_add. */
int atomic_wire_build(enum atomic_op op, unsigned size, unsigned offset, uint64_t compare,
		      uint64_t swap_add, struct atomic_wire *w, const char **why);

/* One broken rule: which field, what it is, what it should be, which rule. */
struct atomic_problem {
	const char *field;
	uint64_t got, want;
	bool has_want;
	const char *rule;
};

#define ATOMIC_MAX_PROBLEMS 8

/* Check w against the rules; returns how many problems (at most max) went into p. */
unsigned atomic_verify(const struct atomic_wire *w, struct atomic_problem *p, unsigned max);

/* The responder, run on memory (the unit's bytes in memory order). */
struct atomic_result {
	unsigned unit;
	uint8_t before[8], after[8];
	uint64_t response;	/* the whole original unit, as the argument reads it */
	uint64_t semaphore;	/* the semaphore's value, from the response */
	bool swapped;		/* cs: the compare matched; swap: always; fa: false */
};

/* Runs w with its masks as given (wrong ones too: that is how a bug shows). */
int atomic_emulate(const struct atomic_wire *w, const uint8_t *mem, struct atomic_result *r,
		   const char **why);

/* Masked fetch-and-add over width bits: a carry out of a boundary bit is dropped. */
uint64_t atomic_masked_add(uint64_t a, uint64_t b, uint64_t boundary, unsigned width);

/*
 * RDMA WRITE atomicity with respect to atomics (seed 000 §2.3): atomic only
 * if the QP enables atomic writes, len <= max and the write does not cross a
 * max-aligned boundary. Otherwise why, and where it would be atomic.
 */
struct atomic_write_check {
	bool atomic;
	const char *why;	/* NULL when atomic */
	bool has_alternative;
	uint64_t alt_addr;	/* the nearest start that keeps [addr, addr+len) in one window */
	uint64_t pieces;	/* len > max: writes of at most max on max boundaries */
};

int atomic_check_write(uint64_t addr, uint64_t len, uint64_t max, bool enabled,
		       struct atomic_write_check *c, const char **why);

#endif
