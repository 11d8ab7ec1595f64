// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* lib/prm/layout.c: bit access, paths, table checks. Expected bytes are hand-written. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "lib/prm/layout.h"
#include "lib/prm/layouts/layouts.h"

static void get_msb_first(void **state)
{
	/* dword 0x12345678 big-endian; bits [27:20] = 0x23 */
	const uint8_t b[] = { 0x12, 0x34, 0x56, 0x78 };
	uint64_t v;

	(void)state;
	assert_int_equal(prm_bits_get(b, 4, 4, 8, &v), 0);
	assert_int_equal(v, 0x23);
	assert_int_equal(prm_bits_get(b, 4, 0, 32, &v), 0);
	assert_int_equal(v, 0x12345678);
	assert_int_equal(prm_bits_get(b, 4, 31, 1, &v), 0);
	assert_int_equal(v, 0);	/* 0x78 ends in bit 0 = 0 */
	assert_int_equal(prm_bits_get(b, 4, 30, 1, &v), 0);
	assert_int_equal(v, 0);
	assert_int_equal(prm_bits_get(b, 4, 28, 4, &v), 0);
	assert_int_equal(v, 0x8);
}

static void get_64_and_bounds(void **state)
{
	const uint8_t b[] = { 0xde, 0xad, 0xbe, 0xef, 0x01, 0x02, 0x03, 0x04, 0xff };
	uint64_t v = 0;

	(void)state;
	assert_int_equal(prm_bits_get(b, 8, 0, 64, &v), 0);
	assert_true(v == 0xdeadbeef01020304ULL);
	/* across a byte boundary, unaligned */
	assert_int_equal(prm_bits_get(b, 9, 60, 12, &v), 0);
	assert_int_equal(v, 0x4ff);
	assert_int_not_equal(prm_bits_get(b, 8, 1, 64, &v), 0);
	assert_int_not_equal(prm_bits_get(b, 8, 0, 0, &v), 0);
	assert_int_not_equal(prm_bits_get(b, 8, 0, 65, &v), 0);
	assert_int_not_equal(prm_bits_get(b, 0, 0, 1, &v), 0);
	assert_int_not_equal(prm_bits_get(b, 8, UINT32_MAX, 8, &v), 0);
}

static void set_leaves_neighbours(void **state)
{
	uint8_t b[4] = { 0xff, 0xff, 0xff, 0xff };
	const uint8_t want[4] = { 0xff, 0xf0, 0x0f, 0xff };

	(void)state;
	assert_int_equal(prm_bits_set(b, 4, 12, 8, 0x00), 0);
	assert_memory_equal(b, want, 4);
	assert_int_not_equal(prm_bits_set(b, 4, 0, 4, 0x10), 0);	/* does not fit */
	assert_int_not_equal(prm_bits_set(b, 4, 30, 4, 1), 0);	/* out of bounds */
	assert_int_equal(prm_bits_set(b, 4, 0, 32, 0x01020304), 0);
	assert_int_equal(b[0], 0x01);
	assert_int_equal(b[3], 0x04);
}

static void paths(void **state)
{
	uint8_t seg[0x2010] = { 0 };
	struct prm_err err = { 0 };
	struct prm_loc loc;
	uint64_t v;

	(void)state;
	seg[0x23d] = 0x10;		/* health_buffer.synd: high temperature */
	seg[0x208] = 0xab;		/* health_buffer.assert_var[2], first byte */
	assert_int_equal(prm_get(&prm_layout_initseg, seg, sizeof(seg),
				 "health_buffer.synd", &v, &err), 0);
	assert_int_equal(v, 0x10);
	assert_int_equal(prm_get(&prm_layout_initseg, seg, sizeof(seg),
				 "health_buffer.assert_var[2]", &v, &err), 0);
	assert_int_equal(v, 0xab000000);
	assert_int_equal(prm_path_resolve(&prm_layout_initseg, "health_buffer.assert_var[0x5]",
					  &loc, &err), 0);
	assert_int_equal(loc.off, 0x1000 + 5 * 32);
	/* errors say what is wrong */
	assert_int_not_equal(prm_get(&prm_layout_initseg, seg, sizeof(seg), "nope", &v, &err), 0);
	assert_non_null(strstr(err.msg, "no field 'nope'"));
	assert_int_not_equal(prm_get(&prm_layout_initseg, seg, sizeof(seg),
				     "health_buffer.assert_var[6]", &v, &err), 0);
	assert_non_null(strstr(err.msg, "out of range"));
	assert_int_not_equal(prm_get(&prm_layout_initseg, seg, sizeof(seg),
				     "health_buffer.assert_var", &v, &err), 0);
	assert_int_not_equal(prm_get(&prm_layout_initseg, seg, sizeof(seg),
				     "health_buffer", &v, &err), 0);
	assert_int_not_equal(prm_get(&prm_layout_initseg, seg, sizeof(seg),
				     "fw_rev_major.x", &v, &err), 0);
	assert_int_not_equal(prm_get(&prm_layout_initseg, seg, sizeof(seg),
				     "health_buffer.assert_var[-1]", &v, &err), 0);
	assert_int_not_equal(prm_get(&prm_layout_initseg, seg, sizeof(seg), "", &v, &err), 0);
	assert_int_not_equal(prm_get(&prm_layout_initseg, seg, sizeof(seg), "a[", &v, &err), 0);
	/* a buffer shorter than the field */
	assert_int_not_equal(prm_get(&prm_layout_initseg, seg, 0x100,
				     "health_buffer.synd", &v, &err), 0);
	assert_non_null(strstr(err.msg, "beyond"));
}

static void set_by_path(void **state)
{
	uint8_t hb[64] = { 0 };
	struct prm_err err = { 0 };

	(void)state;
	assert_int_equal(prm_set(&prm_layout_health_buffer, hb, sizeof(hb), "severity", 5, &err), 0);
	assert_int_equal(prm_set(&prm_layout_health_buffer, hb, sizeof(hb), "rfr", 1, &err), 0);
	assert_int_equal(hb[0x38], 0x85);
	assert_int_not_equal(prm_set(&prm_layout_health_buffer, hb, sizeof(hb), "severity", 8, &err), 0);
	assert_non_null(strstr(err.msg, "does not fit"));
	assert_int_equal(hb[0x38], 0x85);	/* untouched on error */
}

/* MGIR fw_info.psid: 16 bytes from byte 0x30 (fw_info 0x20, psid +0x10). */
static void byte_arrays(void **state)
{
	uint8_t reg[0xa0] = { 0 }, got[16];
	const uint8_t psid[4] = { 'M', 'T', '_', '1' };
	struct prm_err err = { 0 };

	(void)state;
	memset(reg, 0xee, sizeof(reg));
	assert_int_equal(prm_set_bytes(&prm_layout_mgir, reg, sizeof(reg), "fw_info.psid",
				       psid, sizeof(psid), &err), 0);
	assert_memory_equal(reg + 0x30, "MT_1", 4);
	assert_int_equal(reg[0x2f], 0xee);	/* neither side touched */
	assert_int_equal(reg[0x34], 0xee);
	assert_int_equal(prm_get_bytes(&prm_layout_mgir, reg, sizeof(reg), "fw_info.psid",
				       got, 16, &err), 0);
	assert_memory_equal(got, "MT_1\xee", 5);
	/* no more than the array holds, only an array of bytes, inside the buffer */
	assert_int_not_equal(prm_get_bytes(&prm_layout_mgir, reg, sizeof(reg), "fw_info.psid",
					   got, 17, &err), 0);
	assert_non_null(strstr(err.msg, "has 16 bytes"));
	assert_int_not_equal(prm_get_bytes(&prm_layout_mgir, reg, sizeof(reg), "fw_info.psid[0]",
					   got, 1, &err), 0);
	assert_int_not_equal(prm_get_bytes(&prm_layout_mgir, reg, sizeof(reg), "fw_info",
					   got, 1, &err), 0);
	assert_int_not_equal(prm_get_bytes(&prm_layout_mgir, reg, sizeof(reg), "fw_info.major",
					   got, 1, &err), 0);
	assert_non_null(strstr(err.msg, "not an array of bytes"));
	assert_int_not_equal(prm_get_bytes(&prm_layout_mgir, reg, sizeof(reg), "fw_info.psd",
					   got, 1, &err), 0);
	memset(got, 0x55, sizeof(got));
	assert_int_not_equal(prm_get_bytes(&prm_layout_mgir, reg, 0x38, "fw_info.psid",
					   got, 16, &err), 0);
	assert_non_null(strstr(err.msg, "beyond"));
	assert_int_equal(got[0], 0x55);	/* nothing copied half-way */
	assert_int_not_equal(prm_set_bytes(&prm_layout_mgir, reg, 0x38, "fw_info.psid",
					   got, 16, &err), 0);
	assert_int_equal(reg[0x30], 'M');
	/* the part of the array inside the buffer is enough for fewer bytes */
	assert_int_equal(prm_get_bytes(&prm_layout_mgir, reg, 0x38, "fw_info.psid", got, 8, &err), 0);
}

static void every_table_is_consistent(void **state)
{
	struct prm_err err = { 0 };

	(void)state;
	for (size_t i = 0; prm_layouts[i]; i++) {
		if (prm_layout_check(prm_layouts[i], &err))
			fail_msg("%s", err.msg);
	}
}

static void check_catches_bad_tables(void **state)
{
	const struct prm_field overlap[] = {
		{ .name = "a", .off = 0, .width = 8 },
		{ .name = "b", .off = 4, .width = 8 },
	};
	const struct prm_field past[] = { { .name = "a", .off = 0, .width = 40 } };
	const struct prm_field wide[] = { { .name = "a", .off = 0, .width = 65 } };
	const struct prm_field dup[] = {
		{ .name = "a", .off = 0, .width = 8 },
		{ .name = "a", .off = 8, .width = 8 },
	};
	const struct prm_field dotted[] = { { .name = "a.b", .off = 0, .width = 8 } };
	const struct prm_field gate[] = { { .name = "a", .off = 0, .width = 8, .names_if = "v" } };
	struct prm_layout l = { .name = "t", .bits = 32 };
	struct prm_err err = { 0 };

	(void)state;
	l.fields = overlap; l.nfields = 2;
	assert_int_not_equal(prm_layout_check(&l, &err), 0);
	l.fields = past; l.nfields = 1;
	assert_int_not_equal(prm_layout_check(&l, &err), 0);
	l.bits = 128;
	l.fields = wide; l.nfields = 1;
	assert_int_not_equal(prm_layout_check(&l, &err), 0);
	l.fields = dup; l.nfields = 2;
	assert_int_not_equal(prm_layout_check(&l, &err), 0);
	l.fields = dotted; l.nfields = 1;
	assert_int_not_equal(prm_layout_check(&l, &err), 0);
	l.fields = gate; l.nfields = 1;
	assert_int_not_equal(prm_layout_check(&l, &err), 0);
	assert_non_null(strstr(err.msg, "names_if"));
}

static void bcd(void **state)
{
	uint64_t v = 99;

	(void)state;
	assert_int_equal(prm_bcd_decode(0x2026, 16, &v), 0);
	assert_int_equal(v, 2026);
	assert_int_equal(prm_bcd_decode(0x1743, 16, &v), 0);
	assert_int_equal(v, 1743);
	assert_int_equal(prm_bcd_decode(0x05, 8, &v), 0);
	assert_int_equal(v, 5);
	assert_int_equal(prm_bcd_decode(0, 8, &v), 0);
	assert_int_equal(v, 0);
	/* a width that is not whole nibbles: the top one is partial */
	assert_int_equal(prm_bcd_decode(0x19, 5, &v), 0);
	assert_int_equal(v, 19);
	v = 99;
	assert_int_equal(prm_bcd_decode(0x1a, 8, &v), -1);
	assert_int_equal(prm_bcd_decode(0xf000, 16, &v), -1);
	assert_int_equal(v, 99);
}

/* The signatures' XOR, at every length and alignment a word-wise loop can get wrong. */
static void xor8(void **state)
{
	static const uint8_t hand[] = { 0xff, 0x0f, 0xf0, 0x01, 0x80, 0x80, 0x00, 0x42, 0x24, 0x66 };
	uint8_t buf[600 + 8];

	(void)state;
	assert_int_equal(prm_xor8(hand, 0), 0);
	assert_int_equal(prm_xor8(hand, 4), 0x01);
	assert_int_equal(prm_xor8(hand, 8), 0x43);
	assert_int_equal(prm_xor8(hand, 10), 0x01);
	for (size_t i = 0; i < sizeof(buf); i++)
		buf[i] = (uint8_t)(i * 37 + 11);
	for (size_t at = 0; at < 8; at++)
		for (size_t n = 0; n <= 600; n++) {
			uint8_t x = 0;

			for (size_t i = 0; i < n; i++)
				x ^= buf[at + i];
			assert_int_equal(prm_xor8(buf + at, n), x);
		}
}

static void names(void **state)
{
	const struct prm_field *f = prm_field_find(&prm_layout_health_buffer, "synd");

	(void)state;
	assert_non_null(f);
	assert_string_equal(prm_name_of(f->names, 0x10), "High temperature");
	assert_string_equal(prm_name_of(f->names, 0x01), "firmware internal error");
	assert_null(prm_name_of(f->names, 0x42));
	assert_null(prm_name_of(NULL, 1));
	assert_non_null(prm_layout_lookup("HEALTH_BUFFER"));
	assert_null(prm_layout_lookup("health"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(get_msb_first),
		cmocka_unit_test(get_64_and_bounds),
		cmocka_unit_test(set_leaves_neighbours),
		cmocka_unit_test(paths),
		cmocka_unit_test(set_by_path),
		cmocka_unit_test(byte_arrays),
		cmocka_unit_test(every_table_is_consistent),
		cmocka_unit_test(check_catches_bad_tables),
		cmocka_unit_test(bcd),
		cmocka_unit_test(names),
		cmocka_unit_test(xor8),
	};

	return cmocka_run_group_tests_name("layout", tests, NULL, NULL);
}
