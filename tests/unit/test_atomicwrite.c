// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * lib/prm/atomic.c atomic_check_write: an RDMA WRITE is atomic with respect
 * to atomics only if the QP enables it, len <= max and (addr % max) + len
 * <= max (seed 000 §2.3). Expectations written by hand.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "lib/prm/atomic.h"

/* ---- atomic_check_write ---- */

static struct atomic_write_check write_ok(uint64_t addr, uint64_t len, uint64_t max, bool enabled)
{
	struct atomic_write_check c;
	const char *why = NULL;

	memset(&c, 0xa5, sizeof(c));
	assert_int_equal(atomic_check_write(addr, len, max, enabled, &c, &why), 0);
	assert_int_equal(c.atomic, c.why == NULL);
	return c;
}

static void write_atomic_and_not_enabled(void **state)
{
	struct atomic_write_check c;

	(void)state;
	c = write_ok(0x1000, 8, 8, true);
	assert_true(c.atomic);
	assert_null(c.why);
	assert_false(c.has_alternative);
	assert_int_equal(c.pieces, 0);
	/* ends exactly on the boundary: (8 % 16) + 8 <= 16 */
	c = write_ok(0x1008, 8, 16, true);
	assert_true(c.atomic);
	c = write_ok(0x100f, 1, 16, true);
	assert_true(c.atomic);
	c = write_ok(0x1003, 1, 1, true);
	assert_true(c.atomic);
	c = write_ok(0, 64, 64, true);
	assert_true(c.atomic);

	c = write_ok(0x1000, 8, 8, false);
	assert_false(c.atomic);
	assert_string_equal(c.why, "the receiving QP does not enable atomic writes");
	assert_false(c.has_alternative);
	/* crossing and not enabled: not atomic either way */
	c = write_ok(0x100c, 8, 16, false);
	assert_false(c.atomic);
	assert_non_null(c.why);
}

static void write_longer_than_max(void **state)
{
	struct atomic_write_check c;

	(void)state;
	/* 0x1004..0x1013 touches windows 0x1000, 0x1008, 0x1010 */
	c = write_ok(0x1004, 16, 8, true);
	assert_false(c.atomic);
	assert_string_equal(c.why, "it is longer than max_atomic_size");
	assert_false(c.has_alternative);
	assert_int_equal(c.pieces, 3);
	c = write_ok(0x1000, 16, 8, true);
	assert_int_equal(c.pieces, 2);
	c = write_ok(0, 9, 8, true);
	assert_int_equal(c.pieces, 2);
	c = write_ok(7, 9, 8, true);	/* 7..15: windows 0 and 8 */
	assert_int_equal(c.pieces, 2);
	c = write_ok(7, 10, 8, true);	/* 7..16 */
	assert_int_equal(c.pieces, 3);
	c = write_ok(0x1000, 4096, 64, true);
	assert_int_equal(c.pieces, 64);
	c = write_ok(0x1000, 16, 8, false);
	assert_false(c.atomic);
}

static void write_crossing_nearest_alternative(void **state)
{
	struct atomic_write_check c;

	(void)state;
	/* 0x1009 + 8 crosses 0x1010 by 1: down to 0x1008 (1 away), not up to 0x1010 (7) */
	c = write_ok(0x1009, 8, 16, true);
	assert_false(c.atomic);
	assert_string_equal(c.why, "it crosses a max_atomic_size boundary");
	assert_true(c.has_alternative);
	assert_int_equal(c.alt_addr, 0x1008);
	assert_int_equal(c.pieces, 0);
	/* 0x100f + 8 crosses by 7: up to 0x1010 (1 away), not down to 0x1008 (7) */
	c = write_ok(0x100f, 8, 16, true);
	assert_true(c.has_alternative);
	assert_int_equal(c.alt_addr, 0x1010);
	/* a tie: 0x100c is 4 from 0x1008 and from 0x1010; the lower start is taken */
	c = write_ok(0x100c, 8, 16, true);
	assert_true(c.has_alternative);
	assert_int_equal(c.alt_addr, 0x1008);
	/* len == max and unaligned: the only starts are the boundaries around it */
	c = write_ok(0x1003, 8, 8, true);
	assert_false(c.atomic);
	assert_int_equal(c.alt_addr, 0x1000);
	c = write_ok(0x1005, 8, 8, true);
	assert_int_equal(c.alt_addr, 0x1008);
	/* a crossing near the top of the address space */
	c = write_ok(UINT64_C(0xfffffffffffffff6), 4, 8, true);
	assert_false(c.atomic);
	assert_int_equal(c.alt_addr, UINT64_C(0xfffffffffffffff4));
}

static void write_bad_arguments(void **state)
{
	struct atomic_write_check c;
	const char *why = NULL;

	(void)state;
	assert_int_equal(atomic_check_write(0, 4, 12, true, &c, &why), -1);
	assert_string_equal(why, "max_atomic_size is a power of two");
	why = NULL;
	assert_int_equal(atomic_check_write(0, 4, 0, true, &c, &why), -1);
	assert_string_equal(why, "max_atomic_size is a power of two");
	why = NULL;
	assert_int_equal(atomic_check_write(0x1000, 0, 8, true, &c, &why), -1);
	assert_string_equal(why, "a write of 0 bytes");
	why = NULL;
	assert_int_equal(atomic_check_write(UINT64_C(0xfffffffffffffffc), 8, 8, true, &c, &why), -1);
	assert_string_equal(why, "the write runs past the end of the address space");
	why = NULL;
	assert_int_equal(atomic_check_write(UINT64_MAX, 2, 8, true, &c, &why), -1);
	assert_string_equal(why, "the write runs past the end of the address space");
}

/*
 * The last bytes of the address space: [2^64 - 8, 2^64) is 8 bytes on an
 * 8-byte boundary and does not run past the end.
 */
static void write_last_bytes_of_address_space(void **state)
{
	struct atomic_write_check c;

	(void)state;
	c = write_ok(UINT64_C(0xfffffffffffffff8), 8, 8, true);
	assert_true(c.atomic);
	c = write_ok(UINT64_MAX, 1, 8, true);
	assert_true(c.atomic);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(write_atomic_and_not_enabled),
		cmocka_unit_test(write_longer_than_max),
		cmocka_unit_test(write_crossing_nearest_alternative),
		cmocka_unit_test(write_bad_arguments),
		cmocka_unit_test(write_last_bytes_of_address_space),
	};

	return cmocka_run_group_tests_name("atomic_write", tests, NULL, NULL);
}
