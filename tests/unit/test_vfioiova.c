// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * --access vfio's choice of I/O virtual addresses from VFIO_IOMMU_GET_INFO's
 * reply, written byte by byte from include/uapi/linux/vfio.h: the info
 * header (argsz, flags, iova_pgsizes, cap_offset, pad: 24 bytes), a
 * capability header (id u16, version u16, next u32), the IOVA range
 * capability (id 1: nr_iovas u32, reserved u32, then start/end u64 pairs).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "lib/dev/vfio.h"

#define MiB (1ull << 20)

static uint8_t buf[256];

static void le32(size_t at, uint32_t v)
{
	for (int i = 0; i < 4; i++)
		buf[at + i] = (uint8_t)(v >> 8 * i);
}

static void le64(size_t at, uint64_t v)
{
	le32(at, (uint32_t)v);
	le32(at + 4, (uint32_t)(v >> 32));
}

/* header with caps (flags: PGSIZES 1 | CAPS 2) at cap_offset */
static void header(uint32_t cap_offset)
{
	memset(buf, 0, sizeof(buf));
	le32(0, sizeof(buf));
	le32(4, 3);
	le64(8, 0x40201000);		/* 4K, 2M, 1G */
	le32(16, cap_offset);
}

/* an IOVA range capability at off: n ranges, next as given */
static void ranges(size_t off, uint32_t next, uint32_t n, const uint64_t (*r)[2])
{
	buf[off] = 1;			/* VFIO_IOMMU_TYPE1_INFO_CAP_IOVA_RANGE */
	buf[off + 2] = 1;		/* version */
	le32(off + 4, next);
	le32(off + 8, n);
	for (uint32_t i = 0; i < n; i++) {
		le64(off + 16 + i * 16, r[i][0]);
		le64(off + 24 + i * 16, r[i][1]);
	}
}

static void the_lowest_range_with_room_wins(void **state)
{
	/* x86 with a vIOMMU: below the MSI window, and above it (here not
	 * on a megabyte) */
	const uint64_t r[][2] = { { 0, 0xfedfffff }, { 0xfef01000, 0x7fffffffffffull } };
	uint64_t base = 0;

	(void)state;
	header(24);
	ranges(24, 0, 2, r);
	assert_int_equal(vfio_iova_pick(buf, sizeof(buf), 256 * MiB, MiB, MiB, &base), 0);
	assert_int_equal(base, MiB);		/* the floor, never 0 */
	/* more than fits below the window: the range above it */
	assert_int_equal(vfio_iova_pick(buf, sizeof(buf), 0xff000000ull, MiB, MiB, &base), 0);
	assert_int_equal(base, 0xff000000ull);	/* 0xfef01000 aligned up to 1 MiB */
	/* nothing that large anywhere */
	assert_int_equal(vfio_iova_pick(buf, sizeof(buf), 1ull << 48, MiB, MiB, &base), -1);
}

static void a_range_exactly_filled_fits(void **state)
{
	const uint64_t r[][2] = { { 0x100000, 0x1fffff } };
	uint64_t base = 0;

	(void)state;
	header(24);
	ranges(24, 0, 1, r);
	assert_int_equal(vfio_iova_pick(buf, sizeof(buf), MiB, MiB, MiB, &base), 0);
	assert_int_equal(base, 0x100000);
	assert_int_equal(vfio_iova_pick(buf, sizeof(buf), MiB + 1, MiB, MiB, &base), -1);
}

static void other_capabilities_are_walked_past(void **state)
{
	const uint64_t r[][2] = { { 0x80000000ull, 0xffffffffull } };
	uint64_t base = 0;

	(void)state;
	header(24);
	buf[24] = 2;			/* MIGRATION, some other capability */
	le32(28, 64);			/* next */
	ranges(64, 0, 1, r);
	assert_int_equal(vfio_iova_pick(buf, sizeof(buf), MiB, MiB, MiB, &base), 0);
	assert_int_equal(base, 0x80000000ull);
}

static void no_ranges_or_a_broken_chain_say_none(void **state)
{
	const uint64_t r[][2] = { { 0x80000000ull, 0xffffffffull } };
	uint64_t base = 7;

	(void)state;
	header(0);			/* no capability */
	assert_int_equal(vfio_iova_pick(buf, sizeof(buf), MiB, MiB, MiB, &base), 1);
	le32(4, 1);			/* flags without CAPS */
	le32(16, 24);
	assert_int_equal(vfio_iova_pick(buf, sizeof(buf), MiB, MiB, MiB, &base), 1);
	header(24);
	buf[24] = 2;
	le32(28, 24);			/* next pointing at itself: no loop */
	assert_int_equal(vfio_iova_pick(buf, sizeof(buf), MiB, MiB, MiB, &base), 1);
	header(250);			/* past the reply */
	assert_int_equal(vfio_iova_pick(buf, sizeof(buf), MiB, MiB, MiB, &base), 1);
	header(8);			/* inside the header */
	assert_int_equal(vfio_iova_pick(buf, sizeof(buf), MiB, MiB, MiB, &base), 1);
	/* a range list longer than the reply: what is there is read, no more */
	header(24);
	ranges(24, 0, 1, r);
	le32(32, 1000);
	assert_int_equal(vfio_iova_pick(buf, sizeof(buf), MiB, MiB, MiB, &base), 0);
	assert_int_equal(base, 0x80000000ull);
	assert_int_equal(vfio_iova_pick(buf, 40, MiB, MiB, MiB, &base), -1);	/* cut before it */
	assert_int_equal(vfio_iova_pick(buf, 16, MiB, MiB, MiB, &base), 1);	/* not even a header */
	assert_int_equal(base, 0x80000000ull);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(the_lowest_range_with_room_wins),
		cmocka_unit_test(a_range_exactly_filled_fits),
		cmocka_unit_test(other_capabilities_are_walked_past),
		cmocka_unit_test(no_ranges_or_a_broken_chain_say_none),
	};

	return cmocka_run_group_tests_name("vfioiova", tests, NULL, NULL);
}
