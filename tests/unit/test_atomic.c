// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * lib/prm/atomic.c: the masked-atomic rules, their checks and the
 * responder (RDMA WRITE atomicity: test_atomicwrite.c; the mask table
 * reader: test_atomictable.c).
 * Every expectation is written by hand from the rules (seed 000 §2): the
 * 4-byte argument is in network byte order, the byte at A+k of the aligned
 * dword is byte k of the argument, so a 1-byte semaphore at offset k has
 * mask 0xFF000000 >> 8k, a 2-byte one 0xFFFF0000 (offset 0) or 0x0000FFFF
 * (offset 2); fetch-and-add marks the field's most significant bit.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "lib/prm/atomic.h"
#include "lib/prm/atomictable.h"
#include "tests/unit/atomic_rows.h"

static void masks_every_op_size_offset(void **state)
{
	(void)state;
	for (size_t i = 0; i < NROWS; i++) {
		const struct row *r = &rows[i];
		struct atomic_masks m;
		const char *why = NULL;

		assert_int_equal(atomic_masks(r->op, r->size, r->offset, &m, &why), 0);
		assert_int_equal(m.unit, r->unit);
		assert_int_equal(m.shift, r->shift);
		assert_int_equal(m.field, r->field);
		assert_int_equal(m.compare_mask, r->compare_mask);
		assert_int_equal(m.swap_mask, r->swap_mask);
		assert_int_equal(m.field_boundary, r->field_boundary);
	}
}

static void wire_build_places_values(void **state)
{
	(void)state;
	for (size_t i = 0; i < NROWS; i++) {
		const struct row *r = &rows[i];
		struct atomic_wire w;
		struct atomic_problem p[ATOMIC_MAX_PROBLEMS];
		const char *why = NULL;

		assert_int_equal(atomic_wire_build(r->op, r->size, r->offset, r->cmp, r->swp, &w, &why),
				 0);
		assert_int_equal(w.op, r->op);
		assert_int_equal(w.size, r->size);
		assert_int_equal(w.offset, r->offset);
		assert_int_equal(w.compare, r->wire_cmp);
		assert_int_equal(w.swap_add, r->wire_swp);
		assert_int_equal(w.compare_mask, r->compare_mask);
		assert_int_equal(w.swap_mask, r->swap_mask);
		assert_int_equal(w.field_boundary, r->field_boundary);
		/* what the rules build, the rules accept */
		assert_int_equal(atomic_verify(&w, p, ATOMIC_MAX_PROBLEMS), 0);
	}
}

static void wire_build_largest_values(void **state)
{
	struct atomic_wire w;
	const char *why = NULL;

	(void)state;
	assert_int_equal(atomic_wire_build(CS, 1, 2, 0xff, 0xff, &w, &why), 0);
	assert_int_equal(w.compare, 0x0000ff00);
	assert_int_equal(w.swap_add, 0x0000ff00);
	assert_int_equal(atomic_wire_build(CS, 2, 0, 0xffff, 0, &w, &why), 0);
	assert_int_equal(w.compare, 0xffff0000);
	assert_int_equal(atomic_wire_build(FA, 4, 0, 0, 0xffffffff, &w, &why), 0);
	assert_int_equal(w.swap_add, 0xffffffff);
	assert_int_equal(atomic_wire_build(SWAP, 8, 0, 0, ALL64, &w, &why), 0);
	assert_int_equal(w.swap_add, ALL64);
}

static void expect_masks_error(enum atomic_op op, unsigned size, unsigned offset, const char *rule)
{
	struct atomic_masks m;
	struct atomic_wire w;
	struct atomic_result res;
	static const uint8_t mem[8] = { 0 };
	const char *why = NULL;

	assert_int_equal(atomic_masks(op, size, offset, &m, &why), -1);
	assert_non_null(why);
	assert_string_equal(why, rule);
	why = NULL;
	assert_int_equal(atomic_wire_build(op, size, offset, 0, 0, &w, &why), -1);
	assert_string_equal(why, rule);
	why = NULL;
	w = (struct atomic_wire){ .op = op, .size = size, .offset = offset };
	assert_int_equal(atomic_emulate(&w, mem, &res, &why), -1);
	assert_string_equal(why, rule);
}

static void invalid_size_and_offset(void **state)
{
	(void)state;
	for (int op = 0; op < ATOMIC_NOPS; op++) {
		expect_masks_error(op, 3, 0, R_SIZE);
		expect_masks_error(op, 0, 0, R_SIZE);
		expect_masks_error(op, 5, 0, R_SIZE);
		expect_masks_error(op, 16, 0, R_SIZE);
		expect_masks_error(op, 2, 1, R_ALIGN);	/* a 2-byte operation at an odd offset */
		expect_masks_error(op, 2, 3, R_ALIGN);
		expect_masks_error(op, 4, 2, R_ALIGN);
		expect_masks_error(op, 8, 4, R_ALIGN);	/* offset 4 is not a multiple of 8 */
		expect_masks_error(op, 1, 4, R_IN4);	/* past the dword */
		expect_masks_error(op, 2, 4, R_IN4);
		expect_masks_error(op, 4, 4, R_IN4);
		expect_masks_error(op, 8, 8, R_AT0);
	}
	expect_masks_error(ATOMIC_NOPS, 4, 0, "the operation is cs, fa or swap");
}

static void wire_build_value_too_big(void **state)
{
	struct atomic_wire w;
	const char *why = NULL;

	(void)state;
	assert_int_equal(atomic_wire_build(CS, 1, 0, 0x100, 0, &w, &why), -1);
	assert_string_equal(why, "a 1-byte value is at most 0xff");
	why = NULL;
	assert_int_equal(atomic_wire_build(CS, 1, 3, 0, 0x100, &w, &why), -1);
	assert_string_equal(why, "a 1-byte value is at most 0xff");
	why = NULL;
	assert_int_equal(atomic_wire_build(FA, 1, 1, 0, 0x100, &w, &why), -1);
	assert_string_equal(why, "a 1-byte value is at most 0xff");
	why = NULL;
	assert_int_equal(atomic_wire_build(SWAP, 2, 2, 0, 0x10000, &w, &why), -1);
	assert_string_equal(why, "a 2-byte value is at most 0xffff");
	why = NULL;
	assert_int_equal(atomic_wire_build(CS, 4, 0, UINT64_C(0x100000000), 0, &w, &why), -1);
	assert_string_equal(why, "a 4-byte value is at most 0xffffffff");
}

static void op_names_and_aliases(void **state)
{
	static const struct { const char *s; enum atomic_op op; } ok[] = {
		{ "cs", CS }, { "cas", CS }, { "compare-swap", CS },
		{ "fa", FA }, { "fetch-add", FA }, { "faa", FA },
		{ "swap", SWAP },
	};
	static const char *const bad[] = { "", "CS", "Swap", "add", "cs ", "fetch_add", "c" };
	enum atomic_op op;

	(void)state;
	for (size_t i = 0; i < sizeof(ok) / sizeof(ok[0]); i++) {
		op = ATOMIC_NOPS;
		assert_int_equal(atomic_op_parse(ok[i].s, &op), 0);
		assert_int_equal(op, ok[i].op);
	}
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		assert_int_equal(atomic_op_parse(bad[i], &op), -1);
	assert_string_equal(atomic_op_name(CS), "cs");
	assert_string_equal(atomic_op_name(FA), "fa");
	assert_string_equal(atomic_op_name(SWAP), "swap");
	assert_string_equal(atomic_op_name(ATOMIC_NOPS), "?");
}

/* ---- atomic_verify ---- */

static struct atomic_wire wire(enum atomic_op op, unsigned size, unsigned offset, uint64_t cmp,
			       uint64_t swp, uint64_t cmask, uint64_t smask, uint64_t fb)
{
	return (struct atomic_wire){ .op = op, .size = size, .offset = offset, .compare = cmp,
				     .swap_add = swp, .compare_mask = cmask, .swap_mask = smask,
				     .field_boundary = fb };
}

/* Seed 000: a 1-byte CAS of the lock byte at offset 1, compare 0x22 sent as is. */
static void verify_unshifted_compare(void **state)
{
	struct atomic_wire w = wire(CS, 1, 1, 0x22, 0x00330000, 0x00ff0000, 0x00ff0000, 0);
	struct atomic_problem p[ATOMIC_MAX_PROBLEMS];

	(void)state;
	assert_int_equal(atomic_verify(&w, p, ATOMIC_MAX_PROBLEMS), 1);
	expect_problem(&p[0], "compare", 0x22, true, 0x00220000, R_UNSHIFTED);

	/* the swap value unshifted as well: two problems, compare first */
	w.swap_add = 0x33;
	assert_int_equal(atomic_verify(&w, p, ATOMIC_MAX_PROBLEMS), 2);
	expect_problem(&p[0], "compare", 0x22, true, 0x00220000, R_UNSHIFTED);
	expect_problem(&p[1], "swap", 0x33, true, 0x00330000, R_UNSHIFTED);

	/* fa: the add value unshifted, 2-byte at offset 0 */
	w = wire(FA, 2, 0, 0, 0x0001, 0, 0, 0x80000000);
	assert_int_equal(atomic_verify(&w, p, ATOMIC_MAX_PROBLEMS), 1);
	expect_problem(&p[0], "add", 0x0001, true, 0x00010000, R_UNSHIFTED);

	/* swap, 1-byte at offset 2 */
	w = wire(SWAP, 1, 2, 0, 0x7f, 0, 0x0000ff00, 0);
	assert_int_equal(atomic_verify(&w, p, ATOMIC_MAX_PROBLEMS), 1);
	expect_problem(&p[0], "swap", 0x7f, true, 0x00007f00, R_UNSHIFTED);
}

static void verify_value_too_big(void **state)
{
	struct atomic_problem p[ATOMIC_MAX_PROBLEMS];
	/* offset 3: nothing to shift, 0x1ff has a bit above the byte */
	struct atomic_wire w = wire(CS, 1, 3, 0x1ff, 0x01, 0xff, 0xff, 0);

	(void)state;
	assert_int_equal(atomic_verify(&w, p, ATOMIC_MAX_PROBLEMS), 1);
	assert_string_equal(p[0].field, "compare");
	assert_int_equal(p[0].got, 0x1ff);
	assert_string_equal(p[0].rule, R_OUTSIDE);

	/* a 4-byte swap with a bit above the dword */
	w = wire(SWAP, 4, 0, 0, UINT64_C(0x100000001), 0, 0xffffffff, 0);
	assert_int_equal(atomic_verify(&w, p, ATOMIC_MAX_PROBLEMS), 1);
	assert_string_equal(p[0].field, "swap");
	assert_int_equal(p[0].got, UINT64_C(0x100000001));
	assert_string_equal(p[0].rule, R_OUTSIDE);

	/* a 1-byte value in the wrong lane (offset 0's bytes for offset 2) */
	w = wire(FA, 1, 2, 0, 0x01000000, 0, 0, 0x00008000);
	assert_int_equal(atomic_verify(&w, p, ATOMIC_MAX_PROBLEMS), 1);
	assert_string_equal(p[0].field, "add");
	assert_string_equal(p[0].rule, R_OUTSIDE);
}

static void verify_non_contiguous_mask(void **state)
{
	struct atomic_problem p[ATOMIC_MAX_PROBLEMS];
	struct atomic_wire w = wire(CS, 2, 2, 0x1234, 0x5678, 0x00ff00ff, 0x0000ffff, 0);

	(void)state;
	assert_int_equal(atomic_verify(&w, p, ATOMIC_MAX_PROBLEMS), 1);
	expect_problem(&p[0], "compare_mask", 0x00ff00ff, true, 0x0000ffff, R_CONTIG);

	/* whole bytes, contiguous, but not aligned to its size: 0x00ffff00 */
	w = wire(SWAP, 2, 2, 0, 0x5678, 0, 0x00ffff00, 0);
	assert_int_equal(atomic_verify(&w, p, ATOMIC_MAX_PROBLEMS), 1);
	expect_problem(&p[0], "swap_mask", 0x00ffff00, true, 0x0000ffff, R_CONTIG);

	/* not whole bytes */
	w = wire(CS, 1, 0, 0x5a000000, 0xa5000000, 0xff000000, 0x7f000000, 0);
	assert_int_equal(atomic_verify(&w, p, ATOMIC_MAX_PROBLEMS), 1);
	expect_problem(&p[0], "swap_mask", 0x7f000000, true, 0xff000000, R_CONTIG);
}

static void verify_wrong_lane_mask(void **state)
{
	struct atomic_problem p[ATOMIC_MAX_PROBLEMS];
	/* the lock byte at offset 1, masks of offset 3 (the little-endian guess) */
	struct atomic_wire w = wire(CS, 1, 1, 0x00220000, 0x00330000, 0x000000ff, 0x000000ff, 0);

	(void)state;
	assert_int_equal(atomic_verify(&w, p, ATOMIC_MAX_PROBLEMS), 2);
	expect_problem(&p[0], "compare_mask", 0x000000ff, true, 0x00ff0000, R_CMASK);
	expect_problem(&p[1], "swap_mask", 0x000000ff, true, 0x00ff0000, R_SMASK);

	/* a 2-byte at offset 0 with offset 2's mask; a zero swap mask */
	w = wire(CS, 2, 0, 0x12340000, 0x56780000, 0x0000ffff, 0, 0);
	assert_int_equal(atomic_verify(&w, p, ATOMIC_MAX_PROBLEMS), 2);
	expect_problem(&p[0], "compare_mask", 0x0000ffff, true, 0xffff0000, R_CMASK);
	expect_problem(&p[1], "swap_mask", 0, true, 0xffff0000, R_SMASK);

	/* a 4-byte mask in the upper half of 64 bits */
	w = wire(SWAP, 4, 0, 0, 1, 0, UINT64_C(0xffffffff00000000), 0);
	assert_int_equal(atomic_verify(&w, p, ATOMIC_MAX_PROBLEMS), 1);
	expect_problem(&p[0], "swap_mask", UINT64_C(0xffffffff00000000), true, 0xffffffff, R_SMASK);
}

/* The 0xFF-instead-of-0x80 mistake has its own rule text. */
static void verify_fa_boundary_whole_field(void **state)
{
	struct atomic_problem p[ATOMIC_MAX_PROBLEMS];
	struct atomic_wire w = wire(FA, 1, 1, 0, 0x00010000, 0, 0, 0x00ff0000);

	(void)state;
	assert_int_equal(atomic_verify(&w, p, ATOMIC_MAX_PROBLEMS), 1);
	expect_problem(&p[0], "field_boundary", 0x00ff0000, true, 0x00800000, R_FB_FF);

	w = wire(FA, 2, 2, 0, 1, 0, 0, 0x0000ffff);
	assert_int_equal(atomic_verify(&w, p, ATOMIC_MAX_PROBLEMS), 1);
	expect_problem(&p[0], "field_boundary", 0x0000ffff, true, 0x00008000, R_FB_FF);

	w = wire(FA, 8, 0, 0, 1, 0, 0, ALL64);
	assert_int_equal(atomic_verify(&w, p, ATOMIC_MAX_PROBLEMS), 1);
	expect_problem(&p[0], "field_boundary", ALL64, true, TOP64, R_FB_FF);
}

static void verify_fa_boundary_zero(void **state)
{
	struct atomic_problem p[ATOMIC_MAX_PROBLEMS];
	struct atomic_wire w = wire(FA, 1, 0, 0, 0x01000000, 0, 0, 0);

	(void)state;
	assert_int_equal(atomic_verify(&w, p, ATOMIC_MAX_PROBLEMS), 1);
	expect_problem(&p[0], "field_boundary", 0, true, 0x80000000, R_FB_ONE);
}

/*
 * A field boundary with one bit in the wrong place (offset 0's top bit for
 * a byte at offset 1, or the field's low bit): the rule broken is where the
 * boundary bit goes. A boundary is a single bit, never a run of whole
 * bytes, so the "contiguous run of whole bytes" text does not apply to it.
 */
static void verify_fa_boundary_wrong_bit(void **state)
{
	struct atomic_problem p[ATOMIC_MAX_PROBLEMS];
	struct atomic_wire w = wire(FA, 1, 1, 0, 0x00010000, 0, 0, 0x80000000);

	(void)state;
	assert_int_equal(atomic_verify(&w, p, ATOMIC_MAX_PROBLEMS), 1);
	expect_problem(&p[0], "field_boundary", 0x80000000, true, 0x00800000, R_FB_ONE);

	w = wire(FA, 1, 3, 0, 1, 0, 0, 0x00000001);
	assert_int_equal(atomic_verify(&w, p, ATOMIC_MAX_PROBLEMS), 1);
	expect_problem(&p[0], "field_boundary", 0x00000001, true, 0x00000080, R_FB_ONE);
}

static void verify_swap_with_compare_mask(void **state)
{
	struct atomic_problem p[ATOMIC_MAX_PROBLEMS];
	struct atomic_wire w = wire(SWAP, 1, 0, 0, 0xa5000000, 0xff000000, 0xff000000, 0);

	(void)state;
	assert_int_equal(atomic_verify(&w, p, ATOMIC_MAX_PROBLEMS), 1);
	expect_problem(&p[0], "compare_mask", 0xff000000, true, 0, R_SWAP0);

	/* a non-contiguous compare mask on a swap is still "should be 0" */
	w.compare_mask = 0x00ff00ff;
	assert_int_equal(atomic_verify(&w, p, ATOMIC_MAX_PROBLEMS), 1);
	expect_problem(&p[0], "compare_mask", 0x00ff00ff, true, 0, R_SWAP0);
}

static void verify_bad_size_offset(void **state)
{
	struct atomic_problem p[ATOMIC_MAX_PROBLEMS];
	struct atomic_wire w = wire(CS, 3, 0, 0, 0, 0xffffff00, 0xffffff00, 0);

	(void)state;
	assert_int_equal(atomic_verify(&w, p, ATOMIC_MAX_PROBLEMS), 1);
	expect_problem(&p[0], "size", 3, false, 0, R_SIZE);

	w = wire(CS, 2, 1, 0, 0, 0x00ffff00, 0x00ffff00, 0);
	assert_int_equal(atomic_verify(&w, p, ATOMIC_MAX_PROBLEMS), 1);
	expect_problem(&p[0], "offset", 1, false, 0, R_ALIGN);

	w = wire(FA, 1, 4, 0, 0, 0, 0, 0x80);
	assert_int_equal(atomic_verify(&w, p, ATOMIC_MAX_PROBLEMS), 1);
	expect_problem(&p[0], "offset", 4, false, 0, R_IN4);

	w = wire(SWAP, 8, 4, 0, 0, 0, ALL64, 0);
	assert_int_equal(atomic_verify(&w, p, ATOMIC_MAX_PROBLEMS), 1);
	expect_problem(&p[0], "offset", 4, false, 0, R_ALIGN);
}

/* An operation that is none of cs/fa/swap: the problem is the op, not the offset. */
static void verify_bad_op_names_op(void **state)
{
	struct atomic_problem p[ATOMIC_MAX_PROBLEMS];
	struct atomic_wire w = wire(ATOMIC_NOPS, 4, 0, 0, 0, 0, 0, 0);

	(void)state;
	assert_int_equal(atomic_verify(&w, p, ATOMIC_MAX_PROBLEMS), 1);
	assert_string_equal(p[0].rule, "the operation is cs, fa or swap");
	assert_string_equal(p[0].field, "op");
}

static void verify_counts_past_max(void **state)
{
	struct atomic_problem p[3];
	/* everything wrong: both masks, both values */
	struct atomic_wire w = wire(CS, 1, 1, 0x22, 0x33, 0x000000ff, 0x0000ff00, 0);

	(void)state;
	memset(p, 0, sizeof(p));
	p[2].field = "untouched";
	assert_int_equal(atomic_verify(&w, p, 2), 4);
	assert_string_equal(p[0].field, "compare_mask");
	assert_string_equal(p[1].field, "swap_mask");
	assert_string_equal(p[2].field, "untouched");
	/* max 0: only counted, nothing written */
	assert_int_equal(atomic_verify(&w, NULL, 0), 4);
	assert_int_equal(atomic_verify(&w, p, ATOMIC_MAX_PROBLEMS > 3 ? 3 : ATOMIC_MAX_PROBLEMS), 4);
	assert_string_equal(p[2].field, "compare");
}

/* ---- atomic_masked_add ---- */

static void masked_add_carry_stops_at_boundary(void **state)
{
	(void)state;
	/* the byte at offset 1 wraps; its neighbours stay */
	assert_int_equal(atomic_masked_add(0x00ff0000, 0x00010000, 0x00800000, 32), 0x00000000);
	assert_int_equal(atomic_masked_add(0x12ff3456, 0x00010000, 0x00800000, 32), 0x12003456);
	assert_int_equal(atomic_masked_add(0xffffffff, 0x00010000, 0x00800000, 32), 0xff00ffff);
	/* a carry into the boundary bit is kept, only the one out of it goes */
	assert_int_equal(atomic_masked_add(0x007f0000, 0x00010000, 0x00800000, 32), 0x00800000);
	/* four 1-byte fields at once */
	assert_int_equal(atomic_masked_add(0xff7f01fe, 0x01010101, 0x80808080, 32), 0x008002ff);
	/* two 2-byte fields */
	assert_int_equal(atomic_masked_add(0xffff0001, 0x00010001, 0x80008000, 32), 0x00000002);
	/* 8 bytes, top bit boundary: plain add modulo 2^64 */
	assert_int_equal(atomic_masked_add(ALL64, 2, TOP64, 64), 1);
	/* 8 bytes as two 4-byte fields */
	assert_int_equal(atomic_masked_add(UINT64_C(0x00000001ffffffff), 1,
					   UINT64_C(0x8000000080000000), 64),
			 UINT64_C(0x0000000100000000));
}

static void masked_add_all_ones_is_xor(void **state)
{
	(void)state;
	assert_int_equal(atomic_masked_add(0x0f0f00ff, 0x01010101, 0xffffffff, 32), 0x0e0e01fe);
	assert_int_equal(atomic_masked_add(0xffffffff, 0xffffffff, 0xffffffff, 32), 0);
	assert_int_equal(atomic_masked_add(0x12345678, 0, 0xffffffff, 32), 0x12345678);
	assert_int_equal(atomic_masked_add(UINT64_C(0xaaaaaaaaaaaaaaaa), UINT64_C(0x5555555555555555),
					   ALL64, 64),
			 ALL64);
}

static void masked_add_zero_boundary_is_plain_add(void **state)
{
	(void)state;
	assert_int_equal(atomic_masked_add(0xffffffff, 1, 0, 32), 0);
	assert_int_equal(atomic_masked_add(0x7fffffff, 1, 0, 32), 0x80000000);
	assert_int_equal(atomic_masked_add(0x00ff0000, 0x00010000, 0, 32), 0x01000000);
	assert_int_equal(atomic_masked_add(0x89abcdef, 0x76543211, 0, 32), 0);
	assert_int_equal(atomic_masked_add(ALL64, 1, 0, 64), 0);
	/* bits above the width are not part of the sum */
	assert_int_equal(atomic_masked_add(UINT64_C(0x100000005), UINT64_C(0x200000003), 0, 32), 8);
}

/* ---- atomic_emulate ---- */

#define M4(...) ((const uint8_t[4]){ __VA_ARGS__ })
#define M8(...) ((const uint8_t[8]){ __VA_ARGS__ })

static void expect_after(const struct atomic_result *r, const uint8_t *want, unsigned n)
{
	for (unsigned i = 0; i < n; i++)
		if (r->after[i] != want[i])
			fail_msg("after[%u] = 0x%02x, want 0x%02x", i, r->after[i], want[i]);
}

/*
 * Seed 000's trap: a 1-byte lock at offset 1 of its dword. The right masks
 * (0x00FF0000) take the lock; offset 3's masks (0x000000FF) compare byte 3
 * instead: the CAS fails although the lock is free, or, when byte 3
 * happens to match, writes byte 3 and leaves the lock alone.
 */
static void emulate_offset1_vs_offset3(void **state)
{
	const uint8_t mem[4] = { 0x11, 0x00, 0x33, 0x44 };
	const uint8_t mem3z[4] = { 0x11, 0x00, 0x33, 0x00 };
	uint8_t taken[4];
	struct atomic_wire w;
	struct atomic_result r;
	const char *why = NULL;

	(void)state;
	assert_int_equal(atomic_wire_build(CS, 1, 1, 0x00, 0x01, &w, &why), 0);
	assert_int_equal(atomic_emulate(&w, mem, &r, &why), 0);
	assert_int_equal(r.unit, 4);
	assert_memory_equal(r.before, mem, 4);
	expect_after(&r, M4(0x11, 0x01, 0x33, 0x44), 4);
	assert_true(r.swapped);
	assert_int_equal(r.response, 0x11003344);
	assert_int_equal(r.semaphore, 0x00);

	/* the lock is taken: a second CAS(0 -> 1) misses and changes nothing */
	memcpy(taken, r.after, 4);
	assert_int_equal(atomic_emulate(&w, taken, &r, &why), 0);
	assert_false(r.swapped);
	expect_after(&r, M4(0x11, 0x01, 0x33, 0x44), 4);
	assert_int_equal(r.semaphore, 0x01);

	/* offset 3's lane: compares 0x44 with 0, misses, the free lock stays free */
	w = wire(CS, 1, 1, 0x00, 0x01, 0x000000ff, 0x000000ff, 0);
	assert_int_equal(atomic_emulate(&w, mem, &r, &why), 0);
	assert_false(r.swapped);
	expect_after(&r, M4(0x11, 0x00, 0x33, 0x44), 4);
	assert_int_equal(r.response, 0x11003344);
	assert_int_equal(r.semaphore, 0x00);

	/* byte 3 happens to be 0: the wrong byte is written, the lock not */
	assert_int_equal(atomic_emulate(&w, mem3z, &r, &why), 0);
	assert_true(r.swapped);
	expect_after(&r, M4(0x11, 0x00, 0x33, 0x01), 4);
	assert_int_equal(r.response, 0x11003300);
	assert_int_equal(r.semaphore, 0x00);

	/* unshifted values with the right masks: compare 0x00 happens to match, swap writes 0 */
	w = wire(CS, 1, 1, 0x00, 0x01, 0x00ff0000, 0x00ff0000, 0);
	assert_int_equal(atomic_emulate(&w, mem, &r, &why), 0);
	assert_true(r.swapped);
	expect_after(&r, M4(0x11, 0x00, 0x33, 0x44), 4);
}

static void emulate_cs_miss_and_hit(void **state)
{
	const uint8_t mem[4] = { 0xde, 0xad, 0xbe, 0xef };
	struct atomic_wire w;
	struct atomic_result r;
	const char *why = NULL;

	(void)state;
	/* 2-byte at offset 2 holds 0xbeef */
	assert_int_equal(atomic_wire_build(CS, 2, 2, 0xbeee, 0x1234, &w, &why), 0);
	assert_int_equal(atomic_emulate(&w, mem, &r, &why), 0);
	assert_false(r.swapped);
	expect_after(&r, mem, 4);
	assert_int_equal(r.semaphore, 0xbeef);
	assert_int_equal(atomic_wire_build(CS, 2, 2, 0xbeef, 0x1234, &w, &why), 0);
	assert_int_equal(atomic_emulate(&w, mem, &r, &why), 0);
	assert_true(r.swapped);
	expect_after(&r, M4(0xde, 0xad, 0x12, 0x34), 4);
	assert_int_equal(r.response, 0xdeadbeef);
	/* 2-byte at offset 0 holds 0xdead; the other half is not compared */
	assert_int_equal(atomic_wire_build(CS, 2, 0, 0xdead, 0x0000, &w, &why), 0);
	assert_int_equal(atomic_emulate(&w, mem, &r, &why), 0);
	assert_true(r.swapped);
	expect_after(&r, M4(0x00, 0x00, 0xbe, 0xef), 4);
	assert_int_equal(r.semaphore, 0xdead);
	/* 4-byte */
	assert_int_equal(atomic_wire_build(CS, 4, 0, 0xdeadbeef, 0x01020304, &w, &why), 0);
	assert_int_equal(atomic_emulate(&w, mem, &r, &why), 0);
	assert_true(r.swapped);
	expect_after(&r, M4(0x01, 0x02, 0x03, 0x04), 4);
	assert_int_equal(r.semaphore, 0xdeadbeef);
}

static void emulate_fa_wraps_in_its_byte(void **state)
{
	const uint8_t mem[4] = { 0xaa, 0xff, 0xbb, 0xcc };
	struct atomic_wire w;
	struct atomic_result r;
	const char *why = NULL;

	(void)state;
	assert_int_equal(atomic_wire_build(FA, 1, 1, 0, 0x01, &w, &why), 0);
	assert_int_equal(atomic_emulate(&w, mem, &r, &why), 0);
	expect_after(&r, M4(0xaa, 0x00, 0xbb, 0xcc), 4);
	assert_false(r.swapped);
	assert_int_equal(r.response, 0xaaffbbcc);
	assert_int_equal(r.semaphore, 0xff);

	/* offset 3: 0xcc + 0x80 = 0x14c, the 1 dropped */
	assert_int_equal(atomic_wire_build(FA, 1, 3, 0, 0x80, &w, &why), 0);
	assert_int_equal(atomic_emulate(&w, mem, &r, &why), 0);
	expect_after(&r, M4(0xaa, 0xff, 0xbb, 0x4c), 4);
	assert_int_equal(r.semaphore, 0xcc);

	/* offset 0: 0xaa + 0x60 = 0x10a */
	assert_int_equal(atomic_wire_build(FA, 1, 0, 0, 0x60, &w, &why), 0);
	assert_int_equal(atomic_emulate(&w, mem, &r, &why), 0);
	expect_after(&r, M4(0x0a, 0xff, 0xbb, 0xcc), 4);
	assert_int_equal(r.semaphore, 0xaa);

	/* 2-byte at offset 2: 0xbbcc + 0x4435 = 0x10001 */
	assert_int_equal(atomic_wire_build(FA, 2, 2, 0, 0x4435, &w, &why), 0);
	assert_int_equal(atomic_emulate(&w, mem, &r, &why), 0);
	expect_after(&r, M4(0xaa, 0xff, 0x00, 0x01), 4);
	assert_int_equal(r.semaphore, 0xbbcc);

	/* 4-byte: 0xaaffbbcc + 0x55004434 = 0x1_00000000 */
	assert_int_equal(atomic_wire_build(FA, 4, 0, 0, 0x55004434, &w, &why), 0);
	assert_int_equal(atomic_emulate(&w, mem, &r, &why), 0);
	expect_after(&r, M4(0x00, 0x00, 0x00, 0x00), 4);
	assert_int_equal(r.semaphore, 0xaaffbbcc);
}

/* A wrong field boundary: the carry leaks into the next byte, or never happens. */
static void emulate_fa_wrong_boundary(void **state)
{
	const uint8_t mem[4] = { 0x10, 0xff, 0x20, 0x30 };
	struct atomic_wire w;
	struct atomic_result r;
	const char *why = NULL;

	(void)state;
	/* offset 0's boundary for the byte at offset 1: the carry leaks into byte 0 */
	w = wire(FA, 1, 1, 0, 0x00010000, 0, 0, 0x80000000);
	assert_int_equal(atomic_emulate(&w, mem, &r, &why), 0);
	expect_after(&r, M4(0x11, 0x00, 0x20, 0x30), 4);
	/* no boundary at all: the same leak */
	w.field_boundary = 0;
	assert_int_equal(atomic_emulate(&w, mem, &r, &why), 0);
	expect_after(&r, M4(0x11, 0x00, 0x20, 0x30), 4);
	/* 0xff instead of 0x80: every bit its own field, so 0xff + 1 = 0xfe */
	w.field_boundary = 0x00ff0000;
	assert_int_equal(atomic_emulate(&w, mem, &r, &why), 0);
	expect_after(&r, M4(0x10, 0xfe, 0x20, 0x30), 4);
	/* the right one: wraps to 0 in its byte */
	w.field_boundary = 0x00800000;
	assert_int_equal(atomic_emulate(&w, mem, &r, &why), 0);
	expect_after(&r, M4(0x10, 0x00, 0x20, 0x30), 4);
	/* an unshifted add with the right boundary lands on byte 3 */
	w.swap_add = 0x01;
	assert_int_equal(atomic_emulate(&w, mem, &r, &why), 0);
	expect_after(&r, M4(0x10, 0xff, 0x20, 0x31), 4);
}

static void emulate_swap(void **state)
{
	const uint8_t mem[4] = { 0x01, 0x02, 0x03, 0x04 };
	struct atomic_wire w;
	struct atomic_result r;
	const char *why = NULL;

	(void)state;
	assert_int_equal(atomic_wire_build(SWAP, 1, 2, 0, 0x77, &w, &why), 0);
	assert_int_equal(atomic_emulate(&w, mem, &r, &why), 0);
	assert_true(r.swapped);
	expect_after(&r, M4(0x01, 0x02, 0x77, 0x04), 4);
	assert_int_equal(r.response, 0x01020304);
	assert_int_equal(r.semaphore, 0x03);
	/* a compare value is ignored: compare_mask is 0 */
	w.compare = 0xffffffff;
	assert_int_equal(atomic_emulate(&w, mem, &r, &why), 0);
	assert_true(r.swapped);
	expect_after(&r, M4(0x01, 0x02, 0x77, 0x04), 4);
	/* 2-byte at offset 0 */
	assert_int_equal(atomic_wire_build(SWAP, 2, 0, 0, 0xcafe, &w, &why), 0);
	assert_int_equal(atomic_emulate(&w, mem, &r, &why), 0);
	expect_after(&r, M4(0xca, 0xfe, 0x03, 0x04), 4);
	assert_int_equal(r.semaphore, 0x0102);
	/* a swap with a compare mask is a CAS in disguise: it can miss */
	w.compare_mask = 0xffff0000;
	w.compare = 0;
	assert_int_equal(atomic_emulate(&w, mem, &r, &why), 0);
	assert_false(r.swapped);
	expect_after(&r, mem, 4);
}

static void emulate_8_byte(void **state)
{
	const uint8_t mem[8] = { 0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07 };
	const uint8_t ff[8] = { 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff };
	struct atomic_wire w;
	struct atomic_result r;
	const char *why = NULL;

	(void)state;
	assert_int_equal(atomic_wire_build(CS, 8, 0, 0x0001020304050607, 0x1122334455667788, &w,
					   &why),
			 0);
	assert_int_equal(atomic_emulate(&w, mem, &r, &why), 0);
	assert_int_equal(r.unit, 8);
	assert_true(r.swapped);
	assert_memory_equal(r.before, mem, 8);
	expect_after(&r, M8(0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77, 0x88), 8);
	assert_int_equal(r.response, 0x0001020304050607);
	assert_int_equal(r.semaphore, 0x0001020304050607);
	/* a miss in the last byte */
	w.compare = 0x0001020304050606;
	assert_int_equal(atomic_emulate(&w, mem, &r, &why), 0);
	assert_false(r.swapped);
	expect_after(&r, mem, 8);

	assert_int_equal(atomic_wire_build(FA, 8, 0, 0, 1, &w, &why), 0);
	assert_int_equal(atomic_emulate(&w, ff, &r, &why), 0);
	expect_after(&r, M8(0, 0, 0, 0, 0, 0, 0, 0), 8);
	assert_int_equal(r.response, ALL64);
	assert_int_equal(r.semaphore, ALL64);
	assert_int_equal(atomic_wire_build(FA, 8, 0, 0, 0x0100, &w, &why), 0);
	assert_int_equal(atomic_emulate(&w, mem, &r, &why), 0);
	expect_after(&r, M8(0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x07, 0x07), 8);

	assert_int_equal(atomic_wire_build(SWAP, 8, 0, 0, 0xfedcba9876543210, &w, &why), 0);
	assert_int_equal(atomic_emulate(&w, mem, &r, &why), 0);
	assert_true(r.swapped);
	expect_after(&r, M8(0xfe, 0xdc, 0xba, 0x98, 0x76, 0x54, 0x32, 0x10), 8);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(masks_every_op_size_offset),
		cmocka_unit_test(wire_build_places_values),
		cmocka_unit_test(wire_build_largest_values),
		cmocka_unit_test(invalid_size_and_offset),
		cmocka_unit_test(wire_build_value_too_big),
		cmocka_unit_test(op_names_and_aliases),
		cmocka_unit_test(verify_unshifted_compare),
		cmocka_unit_test(verify_value_too_big),
		cmocka_unit_test(verify_non_contiguous_mask),
		cmocka_unit_test(verify_wrong_lane_mask),
		cmocka_unit_test(verify_fa_boundary_whole_field),
		cmocka_unit_test(verify_fa_boundary_zero),
		cmocka_unit_test(verify_fa_boundary_wrong_bit),
		cmocka_unit_test(verify_swap_with_compare_mask),
		cmocka_unit_test(verify_bad_size_offset),
		cmocka_unit_test(verify_bad_op_names_op),
		cmocka_unit_test(verify_counts_past_max),
		cmocka_unit_test(masked_add_carry_stops_at_boundary),
		cmocka_unit_test(masked_add_all_ones_is_xor),
		cmocka_unit_test(masked_add_zero_boundary_is_plain_add),
		cmocka_unit_test(emulate_offset1_vs_offset3),
		cmocka_unit_test(emulate_cs_miss_and_hit),
		cmocka_unit_test(emulate_fa_wraps_in_its_byte),
		cmocka_unit_test(emulate_fa_wrong_boundary),
		cmocka_unit_test(emulate_swap),
		cmocka_unit_test(emulate_8_byte),
	};

	return cmocka_run_group_tests_name("atomic", tests, NULL, NULL);
}
