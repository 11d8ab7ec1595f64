// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * lib/prm/atomicref.c: the byte-wise reference model of 1/2/4/8-byte
 * atomics (issue 9). Every expectation is written by hand from the rules:
 * the byte at A+k of the aligned unit is byte k of the argument, most
 * significant first; the responder writes back only the semaphore's bytes
 * and returns the whole unit as it was.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "lib/prm/atomicref.h"

#define CS ATOMICREF_CS
#define FA ATOMICREF_FA
#define SWAP ATOMICREF_SWAP

#define U4(...) ((const uint8_t[4]){ __VA_ARGS__ })
#define U8(...) ((const uint8_t[8]){ __VA_ARGS__ })

static void hex(char *out, const uint8_t *b, unsigned n)
{
	for (unsigned i = 0; i < n; i++)
		sprintf(out + 3 * i, "%02x ", b[i]);
}

/*
 * One valid run: the unit after, the semaphore before and swapped as
 * given; the response is always the unit as it was, mem is never written,
 * and the bytes beyond the unit are 0.
 */
static void expect_run(enum atomicref_op op, unsigned size, unsigned offset, const uint8_t *mem,
		       uint64_t compare, uint64_t swap_or_add, const uint8_t *want_after,
		       uint64_t want_sem, bool want_swapped, int line)
{
	unsigned unit = size == 8 ? 8 : 4;
	uint8_t copy[8];
	struct atomicref_result r;
	const char *why = "untouched";
	char got[32], want[32];

	memcpy(copy, mem, unit);
	memset(&r, 0xa5, sizeof(r));
	if (atomicref_run(op, size, offset, mem, compare, swap_or_add, &r, &why))
		fail_msg("line %d: rejected: %s", line, why);
	if (strcmp(why, "untouched"))
		fail_msg("line %d: why set on success: %s", line, why);
	if (r.unit != unit)
		fail_msg("line %d: unit %u, want %u", line, r.unit, unit);
	if (memcmp(r.after, want_after, unit)) {
		hex(got, r.after, unit);
		hex(want, want_after, unit);
		fail_msg("line %d: after %s, want %s", line, got, want);
	}
	if (memcmp(r.response, copy, unit)) {
		hex(got, r.response, unit);
		hex(want, copy, unit);
		fail_msg("line %d: response %s, want %s", line, got, want);
	}
	if (memcmp(mem, copy, unit))
		fail_msg("line %d: mem written", line);
	for (unsigned i = unit; i < 8; i++)
		if (r.after[i] || r.response[i])
			fail_msg("line %d: byte %u beyond the unit not 0", line, i);
	if (r.semaphore != want_sem)
		fail_msg("line %d: semaphore 0x%llx, want 0x%llx", line,
			 (unsigned long long)r.semaphore, (unsigned long long)want_sem);
	if (r.swapped != want_swapped)
		fail_msg("line %d: swapped %d, want %d", line, r.swapped, want_swapped);
}

#define RUN(op, size, off, mem, cmp, val, after, sem, sw) \
	expect_run(op, size, off, mem, cmp, val, after, sem, sw, __LINE__)

/* One invalid run: -1, the why, and r left alone. */
static void expect_bad(enum atomicref_op op, unsigned size, unsigned offset, uint64_t compare,
		       uint64_t swap_or_add, const char *want_why, int line)
{
	static const uint8_t mem[8] = { 1, 2, 3, 4, 5, 6, 7, 8 };
	struct atomicref_result r, before;
	const char *why = NULL;
	int rc;

	memset(&r, 0x5a, sizeof(r));
	memcpy(&before, &r, sizeof(r));
	rc = atomicref_run(op, size, offset, mem, compare, swap_or_add, &r, &why);
	if (rc != -1)
		fail_msg("line %d: returned %d, want -1", line, rc);
	if (!why || strcmp(why, want_why))
		fail_msg("line %d: why \"%s\", want \"%s\"", line, why ? why : "(null)", want_why);
	if (memcmp(&r, &before, sizeof(r)))
		fail_msg("line %d: r written on failure", line);
	/* and with why NULL it is still -1, and nothing crashes */
	if (atomicref_run(op, size, offset, mem, compare, swap_or_add, &r, NULL) != -1)
		fail_msg("line %d: accepted when why is NULL", line);
}

#define BAD(op, size, off, cmp, val, why) expect_bad(op, size, off, cmp, val, why, __LINE__)

#define W_SIZE "size must be 1, 2, 4 or 8"
#define W_ALIGN "offset must be a multiple of the size (natural alignment)"
#define W_UNIT "offset must lie inside the aligned 4-byte unit (0..3)"
#define W_SIZE8 "size 8 works on the aligned 8-byte unit: offset must be 0"
#define W_CMP "compare does not fit in the semaphore (8*size bits)"
#define W_SWAP "swap does not fit in the semaphore (8*size bits)"
#define W_ADD "add does not fit in the semaphore (8*size bits)"
#define W_OP "op must be cs, fa or swap"
#define W_NULL "mem and r are required"

static void cs_one_byte(void **state)
{
	(void)state;
	/* the brief's example: byte 1 of 11 22 33 44 is 0x22 */
	RUN(CS, 1, 1, U4(0x11, 0x22, 0x33, 0x44), 0x22, 0x99,
	    U4(0x11, 0x99, 0x33, 0x44), 0x22, true);
	/* every lane, each compared with its own byte */
	RUN(CS, 1, 0, U4(0x11, 0x22, 0x33, 0x44), 0x11, 0x99,
	    U4(0x99, 0x22, 0x33, 0x44), 0x11, true);
	RUN(CS, 1, 2, U4(0x11, 0x22, 0x33, 0x44), 0x33, 0x99,
	    U4(0x11, 0x22, 0x99, 0x44), 0x33, true);
	RUN(CS, 1, 3, U4(0x11, 0x22, 0x33, 0x44), 0x44, 0x99,
	    U4(0x11, 0x22, 0x33, 0x99), 0x44, true);
	/* a mismatch leaves the unit alone and still returns it */
	RUN(CS, 1, 1, U4(0x11, 0x22, 0x33, 0x44), 0x23, 0x99,
	    U4(0x11, 0x22, 0x33, 0x44), 0x22, false);
	/* a neighbour's value is not the semaphore's */
	RUN(CS, 1, 0, U4(0x11, 0x22, 0x33, 0x44), 0x22, 0x99,
	    U4(0x11, 0x22, 0x33, 0x44), 0x11, false);
	/* swap to the same value: matched, unit unchanged */
	RUN(CS, 1, 2, U4(0x11, 0x22, 0x33, 0x44), 0x33, 0x33,
	    U4(0x11, 0x22, 0x33, 0x44), 0x33, true);
	/* the extreme values 0x00 and 0xff */
	RUN(CS, 1, 3, U4(0xff, 0xff, 0xff, 0x00), 0x00, 0xff,
	    U4(0xff, 0xff, 0xff, 0xff), 0x00, true);
	RUN(CS, 1, 0, U4(0xff, 0x00, 0x00, 0x00), 0xff, 0x00,
	    U4(0x00, 0x00, 0x00, 0x00), 0xff, true);
}

/*
 * The seed's trap (§4.1): a 1-byte lock at offset 3 and one at offset 1
 * are different bytes of the unit. A lock word 00 01 00 00 holds 1 at
 * offset 1 and 0 at offset 3; releasing "the lock" with compare 1 only
 * works on the offset it really lives at.
 */
static void cs_offset_three_vs_one(void **state)
{
	(void)state;
	/* release at offset 1: matched, only byte 1 written */
	RUN(CS, 1, 1, U4(0x00, 0x01, 0x00, 0x00), 0x01, 0x00,
	    U4(0x00, 0x00, 0x00, 0x00), 0x01, true);
	/* the same compare at offset 3 sees 0 there: no swap */
	RUN(CS, 1, 3, U4(0x00, 0x01, 0x00, 0x00), 0x01, 0x00,
	    U4(0x00, 0x01, 0x00, 0x00), 0x00, false);
	/* and the other way round: the lock at offset 3 */
	RUN(CS, 1, 3, U4(0x00, 0x00, 0x00, 0x01), 0x01, 0x00,
	    U4(0x00, 0x00, 0x00, 0x00), 0x01, true);
	RUN(CS, 1, 1, U4(0x00, 0x00, 0x00, 0x01), 0x01, 0x00,
	    U4(0x00, 0x00, 0x00, 0x01), 0x00, false);
	/* acquiring at offset 3 does not disturb a held lock at offset 1 */
	RUN(CS, 1, 3, U4(0x00, 0x01, 0x00, 0x00), 0x00, 0x01,
	    U4(0x00, 0x01, 0x00, 0x01), 0x00, true);
	/* with distinct bytes: compare 0x22 matches at offset 1, not at 3 */
	RUN(CS, 1, 3, U4(0x11, 0x22, 0x33, 0x44), 0x22, 0x99,
	    U4(0x11, 0x22, 0x33, 0x44), 0x44, false);
	RUN(CS, 1, 1, U4(0x11, 0x22, 0x33, 0x44), 0x44, 0x99,
	    U4(0x11, 0x22, 0x33, 0x44), 0x22, false);
}

static void cs_two_four_eight(void **state)
{
	(void)state;
	/* size 2: bytes 0..1 and 2..3, first byte most significant */
	RUN(CS, 2, 0, U4(0x11, 0x22, 0x33, 0x44), 0x1122, 0xabcd,
	    U4(0xab, 0xcd, 0x33, 0x44), 0x1122, true);
	RUN(CS, 2, 2, U4(0x11, 0x22, 0x33, 0x44), 0x3344, 0x0102,
	    U4(0x11, 0x22, 0x01, 0x02), 0x3344, true);
	/* byte-swapped compare: no match */
	RUN(CS, 2, 2, U4(0x11, 0x22, 0x33, 0x44), 0x4433, 0x0102,
	    U4(0x11, 0x22, 0x33, 0x44), 0x3344, false);
	/* one byte of two matching is not a match, either byte */
	RUN(CS, 2, 2, U4(0x11, 0x22, 0x33, 0x44), 0x3345, 0x0102,
	    U4(0x11, 0x22, 0x33, 0x44), 0x3344, false);
	RUN(CS, 2, 2, U4(0x11, 0x22, 0x33, 0x44), 0x3244, 0x0102,
	    U4(0x11, 0x22, 0x33, 0x44), 0x3344, false);
	/* the other half's value does not count */
	RUN(CS, 2, 0, U4(0x11, 0x22, 0x33, 0x44), 0x3344, 0x0102,
	    U4(0x11, 0x22, 0x33, 0x44), 0x1122, false);
	/* a small swap value still fills both bytes */
	RUN(CS, 2, 0, U4(0x11, 0x22, 0x33, 0x44), 0x1122, 0x0005,
	    U4(0x00, 0x05, 0x33, 0x44), 0x1122, true);

	/* size 4: the whole unit */
	RUN(CS, 4, 0, U4(0x11, 0x22, 0x33, 0x44), 0x11223344, 0xdeadbeef,
	    U4(0xde, 0xad, 0xbe, 0xef), 0x11223344, true);
	RUN(CS, 4, 0, U4(0x11, 0x22, 0x33, 0x44), 0x44332211, 0xdeadbeef,
	    U4(0x11, 0x22, 0x33, 0x44), 0x11223344, false);
	RUN(CS, 4, 0, U4(0x11, 0x22, 0x33, 0x44), 0x11223345, 0xdeadbeef,
	    U4(0x11, 0x22, 0x33, 0x44), 0x11223344, false);

	/* size 8: the aligned 8-byte unit */
	RUN(CS, 8, 0, U8(1, 2, 3, 4, 5, 6, 7, 8), 0x0102030405060708ull, 0xa0a1a2a3a4a5a6a7ull,
	    U8(0xa0, 0xa1, 0xa2, 0xa3, 0xa4, 0xa5, 0xa6, 0xa7), 0x0102030405060708ull, true);
	/* the last byte differs */
	RUN(CS, 8, 0, U8(1, 2, 3, 4, 5, 6, 7, 8), 0x0102030405060709ull, 0xa0a1a2a3a4a5a6a7ull,
	    U8(1, 2, 3, 4, 5, 6, 7, 8), 0x0102030405060708ull, false);
	/* the first byte differs */
	RUN(CS, 8, 0, U8(1, 2, 3, 4, 5, 6, 7, 8), 0x0002030405060708ull, 0,
	    U8(1, 2, 3, 4, 5, 6, 7, 8), 0x0102030405060708ull, false);
	/* only the low half matching (a 4-byte model on an 8-byte unit) is no match */
	RUN(CS, 8, 0, U8(1, 2, 3, 4, 5, 6, 7, 8), 0x05060708ull, 0,
	    U8(1, 2, 3, 4, 5, 6, 7, 8), 0x0102030405060708ull, false);
	RUN(CS, 8, 0, U8(0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff), UINT64_MAX, 0,
	    U8(0, 0, 0, 0, 0, 0, 0, 0), UINT64_MAX, true);
}

static void swap_all_sizes(void **state)
{
	(void)state;
	RUN(SWAP, 1, 2, U4(0x11, 0x22, 0x33, 0x44), 0, 0x00,
	    U4(0x11, 0x22, 0x00, 0x44), 0x33, true);
	RUN(SWAP, 1, 3, U4(0x11, 0x22, 0x33, 0x44), 0, 0xee,
	    U4(0x11, 0x22, 0x33, 0xee), 0x44, true);
	/* compare is not an operand of swap: anything goes, it is ignored */
	RUN(SWAP, 1, 0, U4(0x11, 0x22, 0x33, 0x44), UINT64_MAX, 0x5a,
	    U4(0x5a, 0x22, 0x33, 0x44), 0x11, true);
	/* the same value: still swapped */
	RUN(SWAP, 1, 1, U4(0x11, 0x22, 0x33, 0x44), 0, 0x22,
	    U4(0x11, 0x22, 0x33, 0x44), 0x22, true);
	RUN(SWAP, 2, 0, U4(0x11, 0x22, 0x33, 0x44), 0, 0xffff,
	    U4(0xff, 0xff, 0x33, 0x44), 0x1122, true);
	RUN(SWAP, 2, 2, U4(0x11, 0x22, 0x33, 0x44), 0, 0x0001,
	    U4(0x11, 0x22, 0x00, 0x01), 0x3344, true);
	RUN(SWAP, 4, 0, U4(0x11, 0x22, 0x33, 0x44), 0, 0x01020304,
	    U4(0x01, 0x02, 0x03, 0x04), 0x11223344, true);
	RUN(SWAP, 8, 0, U8(1, 2, 3, 4, 5, 6, 7, 8), 0, 0x1122334455667788ull,
	    U8(0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77, 0x88), 0x0102030405060708ull, true);
	RUN(SWAP, 8, 0, U8(1, 2, 3, 4, 5, 6, 7, 8), 0, 0x9,
	    U8(0, 0, 0, 0, 0, 0, 0, 9), 0x0102030405060708ull, true);
}

static void fa_carry_stays_inside(void **state)
{
	(void)state;
	/* the brief's examples */
	RUN(FA, 2, 2, U4(0xff, 0xff, 0xff, 0xff), 0, 1,
	    U4(0xff, 0xff, 0x00, 0x00), 0xffff, false);
	RUN(FA, 1, 0, U4(0x80, 0x00, 0x00, 0x00), 0, 0x80,
	    U4(0x00, 0x00, 0x00, 0x00), 0x80, false);
	/* offset 3 wraps without touching byte 2 */
	RUN(FA, 1, 3, U4(0x00, 0x00, 0x00, 0xff), 0, 1,
	    U4(0x00, 0x00, 0x00, 0x00), 0xff, false);
	/* a middle byte wraps; both neighbours stay */
	RUN(FA, 1, 1, U4(0x01, 0xff, 0x01, 0x01), 0, 2,
	    U4(0x01, 0x01, 0x01, 0x01), 0xff, false);
	RUN(FA, 1, 2, U4(0x7f, 0x7f, 0xff, 0x7f), 0, 0xff,
	    U4(0x7f, 0x7f, 0xfe, 0x7f), 0xff, false);
	/* no wrap */
	RUN(FA, 1, 2, U4(0x11, 0x22, 0x33, 0x44), 0, 0x10,
	    U4(0x11, 0x22, 0x43, 0x44), 0x33, false);
	/* inside a 2-byte semaphore the carry does move up */
	RUN(FA, 2, 0, U4(0x00, 0xff, 0x00, 0x00), 0, 1,
	    U4(0x01, 0x00, 0x00, 0x00), 0x00ff, false);
	RUN(FA, 2, 2, U4(0x12, 0x34, 0x00, 0xff), 0, 1,
	    U4(0x12, 0x34, 0x01, 0x00), 0x00ff, false);
	/* 0xffff + 0xffff = 0x1fffe -> 0xfffe */
	RUN(FA, 2, 0, U4(0xff, 0xff, 0x00, 0x00), 0, 0xffff,
	    U4(0xff, 0xfe, 0x00, 0x00), 0xffff, false);
	/* 0x8000 + 0x8000 wraps to 0, byte 2 untouched by the carry */
	RUN(FA, 2, 0, U4(0x80, 0x00, 0x00, 0x00), 0, 0x8000,
	    U4(0x00, 0x00, 0x00, 0x00), 0x8000, false);
	/* the low half wrapping does not reach the high half */
	RUN(FA, 2, 2, U4(0x00, 0x00, 0xff, 0xff), 0, 1,
	    U4(0x00, 0x00, 0x00, 0x00), 0xffff, false);
	/* size 4: one 32-bit add mod 2^32 */
	RUN(FA, 4, 0, U4(0xff, 0xff, 0xff, 0xff), 0, 1,
	    U4(0x00, 0x00, 0x00, 0x00), 0xffffffff, false);
	RUN(FA, 4, 0, U4(0x12, 0x34, 0x56, 0x78), 0, 0x11111111,
	    U4(0x23, 0x45, 0x67, 0x89), 0x12345678, false);
	RUN(FA, 4, 0, U4(0x00, 0x00, 0xff, 0xff), 0, 1,
	    U4(0x00, 0x01, 0x00, 0x00), 0x0000ffff, false);
	/* add 0 */
	RUN(FA, 4, 0, U4(0x11, 0x22, 0x33, 0x44), 0, 0,
	    U4(0x11, 0x22, 0x33, 0x44), 0x11223344, false);
	/* compare is not an operand of fa: ignored */
	RUN(FA, 1, 1, U4(0x11, 0x22, 0x33, 0x44), UINT64_MAX, 1,
	    U4(0x11, 0x23, 0x33, 0x44), 0x22, false);
}

static void fa_eight(void **state)
{
	(void)state;
	/* the carry crosses the middle of the 8-byte unit: one 64-bit add */
	RUN(FA, 8, 0, U8(0, 0, 0, 0, 0xff, 0xff, 0xff, 0xff), 0, 1,
	    U8(0, 0, 0, 1, 0, 0, 0, 0), 0xffffffffull, false);
	RUN(FA, 8, 0, U8(0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff), 0, 1,
	    U8(0, 0, 0, 0, 0, 0, 0, 0), UINT64_MAX, false);
	RUN(FA, 8, 0, U8(0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff), 0, UINT64_MAX,
	    U8(0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xfe), UINT64_MAX, false);
	RUN(FA, 8, 0, U8(0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08), 0, 0x1010101010101010ull,
	    U8(0x11, 0x12, 0x13, 0x14, 0x15, 0x16, 0x17, 0x18), 0x0102030405060708ull, false);
}

/*
 * Every 1-byte lane and every add on two units: the lane becomes
 * (byte + add) % 256, the other three bytes stay, and the semaphore is the
 * lane's old byte. Plain arithmetic on one byte, nothing shifted.
 */
static void fa_one_byte_every_add(void **state)
{
	static const uint8_t units[2][4] = { { 0x00, 0x7f, 0x80, 0xff }, { 0xff, 0xff, 0xff, 0xff } };

	(void)state;
	for (unsigned u = 0; u < 2; u++)
		for (unsigned off = 0; off < 4; off++)
			for (unsigned add = 0; add < 256; add++) {
				uint8_t want[4];

				memcpy(want, units[u], 4);
				want[off] = (uint8_t)((units[u][off] + add) % 256);
				expect_run(FA, 1, off, units[u], 0, add, want, units[u][off], false,
					   (int)(off * 1000 + add));
			}
}

/* Every 1-byte lane, every compare: swapped exactly when compare is that byte. */
static void cs_one_byte_every_compare(void **state)
{
	static const uint8_t unit[4] = { 0x11, 0x22, 0x33, 0x44 };

	(void)state;
	for (unsigned off = 0; off < 4; off++)
		for (unsigned c = 0; c < 256; c++) {
			bool hit = c == unit[off];
			uint8_t want[4];

			memcpy(want, unit, 4);
			if (hit)
				want[off] = 0xa5;
			expect_run(CS, 1, off, unit, c, 0xa5, want, unit[off], hit,
				   (int)(off * 1000 + c));
		}
}

static void largest_operands_fit(void **state)
{
	(void)state;
	RUN(CS, 1, 0, U4(0xff, 0, 0, 0), 0xff, 0xff, U4(0xff, 0, 0, 0), 0xff, true);
	RUN(CS, 2, 2, U4(0, 0, 0xff, 0xff), 0xffff, 0xffff, U4(0, 0, 0xff, 0xff), 0xffff, true);
	RUN(CS, 4, 0, U4(0xff, 0xff, 0xff, 0xff), 0xffffffff, 0xffffffff,
	    U4(0xff, 0xff, 0xff, 0xff), 0xffffffff, true);
	RUN(FA, 1, 3, U4(0, 0, 0, 1), 0, 0xff, U4(0, 0, 0, 0), 1, false);
	RUN(FA, 2, 0, U4(0, 1, 0, 0), 0, 0xffff, U4(0, 0, 0, 0), 1, false);
	RUN(FA, 4, 0, U4(0, 0, 0, 1), 0, 0xffffffff, U4(0, 0, 0, 0), 1, false);
	RUN(SWAP, 8, 0, U8(0, 0, 0, 0, 0, 0, 0, 0), 0, UINT64_MAX,
	    U8(0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff), 0, true);
}

static void invalid_size(void **state)
{
	(void)state;
	BAD(CS, 0, 0, 0, 0, W_SIZE);
	BAD(CS, 3, 0, 0, 0, W_SIZE);
	BAD(FA, 5, 0, 0, 0, W_SIZE);
	BAD(SWAP, 6, 0, 0, 0, W_SIZE);
	BAD(CS, 16, 0, 0, 0, W_SIZE);
	BAD(CS, 32, 0, 0, 0, W_SIZE);
	BAD(FA, 64, 0, 0, 0, W_SIZE);
	BAD(CS, ~0u, 0, 0, 0, W_SIZE);
}

static void invalid_offset(void **state)
{
	(void)state;
	/* not naturally aligned */
	BAD(CS, 2, 1, 0, 0, W_ALIGN);
	BAD(FA, 2, 3, 0, 0, W_ALIGN);
	BAD(CS, 4, 1, 0, 0, W_ALIGN);
	BAD(SWAP, 4, 2, 0, 0, W_ALIGN);
	BAD(FA, 4, 3, 0, 0, W_ALIGN);
	BAD(CS, 2, 5, 0, 0, W_ALIGN);
	/* aligned, but outside the 4-byte unit */
	BAD(CS, 1, 4, 0, 0, W_UNIT);
	BAD(FA, 1, 7, 0, 0, W_UNIT);
	BAD(CS, 2, 4, 0, 0, W_UNIT);
	BAD(SWAP, 2, 6, 0, 0, W_UNIT);
	BAD(CS, 4, 4, 0, 0, W_UNIT);
	BAD(FA, 4, 8, 0, 0, W_UNIT);
	BAD(CS, 1, ~0u, 0, 0, W_UNIT);
	/* size 8: offset 0 only */
	BAD(CS, 8, 1, 0, 0, W_SIZE8);
	BAD(FA, 8, 4, 0, 0, W_SIZE8);
	BAD(SWAP, 8, 8, 0, 0, W_SIZE8);
}

static void invalid_operands(void **state)
{
	(void)state;
	BAD(CS, 1, 0, 0x100, 0, W_CMP);
	BAD(CS, 2, 0, 0x10000, 0, W_CMP);
	BAD(CS, 4, 0, 0x100000000ull, 0, W_CMP);
	BAD(CS, 1, 3, UINT64_MAX, 0, W_CMP);
	/* compare is looked at before swap */
	BAD(CS, 1, 0, 0x100, 0x100, W_CMP);
	BAD(CS, 1, 0, 0, 0x100, W_SWAP);
	BAD(CS, 2, 2, 0, 0x10000, W_SWAP);
	BAD(CS, 4, 0, 0, 0x100000000ull, W_SWAP);
	BAD(SWAP, 1, 1, 0, 0x1ff, W_SWAP);
	BAD(SWAP, 2, 0, 0, 0x10000, W_SWAP);
	BAD(SWAP, 4, 0, 0, UINT64_MAX, W_SWAP);
	BAD(FA, 1, 0, 0, 0x100, W_ADD);
	BAD(FA, 2, 2, 0, 0x10000, W_ADD);
	BAD(FA, 4, 0, 0, 0x100000000ull, W_ADD);
	/* a bad size or offset is reported before a bad operand */
	BAD(CS, 3, 0, UINT64_MAX, UINT64_MAX, W_SIZE);
	BAD(FA, 2, 1, 0, UINT64_MAX, W_ALIGN);
	BAD(FA, 8, 4, 0, UINT64_MAX, W_SIZE8);
}

static void invalid_call(void **state)
{
	static const uint8_t mem[4] = { 0x11, 0x22, 0x33, 0x44 };
	struct atomicref_result r;
	const char *why = NULL;

	(void)state;
	BAD((enum atomicref_op)3, 1, 0, 0, 0, W_OP);
	BAD((enum atomicref_op)-1, 4, 0, 0, 0, W_OP);
	assert_int_equal(atomicref_run(CS, 1, 0, NULL, 0, 0, &r, &why), -1);
	assert_string_equal(why, W_NULL);
	why = NULL;
	assert_int_equal(atomicref_run(CS, 1, 0, mem, 0, 0, NULL, &why), -1);
	assert_string_equal(why, W_NULL);
	assert_int_equal(atomicref_run(CS, 1, 0, mem, 0, 0, NULL, NULL), -1);
	/* success with why NULL */
	assert_int_equal(atomicref_run(CS, 1, 1, mem, 0x22, 0x99, &r, NULL), 0);
	assert_int_equal(r.after[1], 0x99);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(cs_one_byte),
		cmocka_unit_test(cs_offset_three_vs_one),
		cmocka_unit_test(cs_two_four_eight),
		cmocka_unit_test(swap_all_sizes),
		cmocka_unit_test(fa_carry_stays_inside),
		cmocka_unit_test(fa_eight),
		cmocka_unit_test(fa_one_byte_every_add),
		cmocka_unit_test(cs_one_byte_every_compare),
		cmocka_unit_test(largest_operands_fit),
		cmocka_unit_test(invalid_size),
		cmocka_unit_test(invalid_offset),
		cmocka_unit_test(invalid_operands),
		cmocka_unit_test(invalid_call),
	};

	return cmocka_run_group_tests_name("atomicref", tests, NULL, NULL);
}
