/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_TEST_ATOMIC_ROWS_H
#define PRMCTL_TEST_ATOMIC_ROWS_H

/*
 * Shared by test_atomic.c and test_atomictable.c: the hand-written mask
 * table (every op x size x offset) and the rule texts the checks must give.
 */

#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "lib/prm/atomic.h"

#define CS ATOMIC_CS
#define FA ATOMIC_FA
#define SWAP ATOMIC_SWAP
#define ALL64 UINT64_C(0xffffffffffffffff)
#define TOP64 UINT64_C(0x8000000000000000)

#define R_UNSHIFTED "the value is left unshifted: it goes where the semaphore's bytes are in the argument"
#define R_OUTSIDE "the value has bits outside the semaphore's bytes"
#define R_CONTIG "a mask is one contiguous run of whole bytes, aligned to its size"
#define R_CMASK "compare_mask covers exactly the semaphore's bytes"
#define R_SMASK "swap_mask covers exactly the semaphore's bytes"
#define R_SWAP0 "a swap compares nothing: compare_mask is 0"
#define R_FB_FF "field_boundary marks the field's most significant bit (0x80...), not the whole field (0xff...)"
#define R_FB_ONE "field_boundary has one bit: the semaphore's most significant"
#define R_SIZE "the size is 1, 2, 4 or 8 bytes"
#define R_ALIGN "a semaphore is naturally aligned: its offset is a multiple of its size"
#define R_IN4 "a semaphore lies within its aligned 4-byte unit (offset 0 to 3)"
#define R_AT0 "an 8-byte operation is at offset 0 of its 8-byte unit"

/*
 * Every valid op x size x offset, with the masks written out by hand, and
 * two semaphore values placed by hand where the semaphore's bytes are.
 */
static const struct row {
	enum atomic_op op;
	unsigned size, offset, unit, shift;
	uint64_t field, compare_mask, swap_mask, field_boundary;
	uint64_t cmp, swp;		/* the values, as the caller gives them */
	uint64_t wire_cmp, wire_swp;	/* and as they travel */
} rows[] = {
	/* compare-and-swap: compare mask = swap mask = the semaphore's bytes */
	{ CS, 1, 0, 4, 24, 0xff000000, 0xff000000, 0xff000000, 0, 0x5a, 0xa5, 0x5a000000, 0xa5000000 },
	{ CS, 1, 1, 4, 16, 0x00ff0000, 0x00ff0000, 0x00ff0000, 0, 0x5a, 0xa5, 0x005a0000, 0x00a50000 },
	{ CS, 1, 2, 4, 8, 0x0000ff00, 0x0000ff00, 0x0000ff00, 0, 0x5a, 0xa5, 0x00005a00, 0x0000a500 },
	{ CS, 1, 3, 4, 0, 0x000000ff, 0x000000ff, 0x000000ff, 0, 0x5a, 0xa5, 0x0000005a, 0x000000a5 },
	{ CS, 2, 0, 4, 16, 0xffff0000, 0xffff0000, 0xffff0000, 0, 0x1234, 0xabcd, 0x12340000, 0xabcd0000 },
	{ CS, 2, 2, 4, 0, 0x0000ffff, 0x0000ffff, 0x0000ffff, 0, 0x1234, 0xabcd, 0x00001234, 0x0000abcd },
	{ CS, 4, 0, 4, 0, 0xffffffff, 0xffffffff, 0xffffffff, 0, 0x12345678, 0x9abcdef0, 0x12345678,
	  0x9abcdef0 },
	{ CS, 8, 0, 8, 0, ALL64, ALL64, ALL64, 0, 0x0123456789abcdef, 0xfedcba9876543210,
	  0x0123456789abcdef, 0xfedcba9876543210 },
	/* fetch-and-add: the boundary is the field's top bit, no compare/swap masks */
	{ FA, 1, 0, 4, 24, 0xff000000, 0, 0, 0x80000000, 0, 0x01, 0, 0x01000000 },
	{ FA, 1, 1, 4, 16, 0x00ff0000, 0, 0, 0x00800000, 0, 0x01, 0, 0x00010000 },
	{ FA, 1, 2, 4, 8, 0x0000ff00, 0, 0, 0x00008000, 0, 0x01, 0, 0x00000100 },
	{ FA, 1, 3, 4, 0, 0x000000ff, 0, 0, 0x00000080, 0, 0x01, 0, 0x00000001 },
	{ FA, 2, 0, 4, 16, 0xffff0000, 0, 0, 0x80000000, 0, 0x0102, 0, 0x01020000 },
	{ FA, 2, 2, 4, 0, 0x0000ffff, 0, 0, 0x00008000, 0, 0x0102, 0, 0x00000102 },
	{ FA, 4, 0, 4, 0, 0xffffffff, 0, 0, 0x80000000, 0, 0x01020304, 0, 0x01020304 },
	{ FA, 8, 0, 8, 0, ALL64, 0, 0, TOP64, 0, 0x0102030405060708, 0, 0x0102030405060708 },
	/* swap: compare mask 0, swap mask the semaphore's bytes, no compare value */
	{ SWAP, 1, 0, 4, 24, 0xff000000, 0, 0xff000000, 0, 0, 0xa5, 0, 0xa5000000 },
	{ SWAP, 1, 1, 4, 16, 0x00ff0000, 0, 0x00ff0000, 0, 0, 0xa5, 0, 0x00a50000 },
	{ SWAP, 1, 2, 4, 8, 0x0000ff00, 0, 0x0000ff00, 0, 0, 0xa5, 0, 0x0000a500 },
	{ SWAP, 1, 3, 4, 0, 0x000000ff, 0, 0x000000ff, 0, 0, 0xa5, 0, 0x000000a5 },
	{ SWAP, 2, 0, 4, 16, 0xffff0000, 0, 0xffff0000, 0, 0, 0xabcd, 0, 0xabcd0000 },
	{ SWAP, 2, 2, 4, 0, 0x0000ffff, 0, 0x0000ffff, 0, 0, 0xabcd, 0, 0x0000abcd },
	{ SWAP, 4, 0, 4, 0, 0xffffffff, 0, 0xffffffff, 0, 0, 0x9abcdef0, 0, 0x9abcdef0 },
	{ SWAP, 8, 0, 8, 0, ALL64, 0, ALL64, 0, 0, 0xfedcba9876543210, 0, 0xfedcba9876543210 },
};

#define NROWS (sizeof(rows) / sizeof(rows[0]))

static inline void expect_problem(const struct atomic_problem *p, const char *field,
				  uint64_t got, bool has_want, uint64_t want, const char *rule)
{
	assert_string_equal(p->field, field);
	assert_int_equal(p->got, got);
	assert_int_equal(p->has_want, has_want);
	if (has_want)
		assert_int_equal(p->want, want);
	assert_non_null(p->rule);
	assert_string_equal(p->rule, rule);
}

#endif
