// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* lib/util/hexparse.c: the dump formats customers send. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "lib/util/hexparse.h"

static size_t parse_ok(const char *text, uint8_t **out)
{
	struct prm_err err = { 0 };
	size_t len = 0, base;

	if (hex_parse(text, strlen(text), HEX_MAX_BYTES, out, &len, &base, &err))
		fail_msg("%s", err.msg);
	return len;
}

static void parse_bad(const char *text, const char *needle)
{
	struct prm_err err = { 0 };
	uint8_t *out = NULL;
	size_t len, base;

	assert_int_not_equal(hex_parse(text, strlen(text), HEX_MAX_BYTES, &out, &len, &base, &err), 0);
	assert_null(out);
	if (!strstr(err.msg, needle))
		fail_msg("message '%s' lacks '%s'", err.msg, needle);
	assert_int_equal(err.kind, PRM_E_USAGE);
}

static void plain_bytes_and_words(void **state)
{
	const uint8_t want[] = { 0x00, 0x01, 0xab, 0xde, 0xad, 0xbe, 0xef, 0x12, 0x34 };
	uint8_t *out;

	(void)state;
	assert_int_equal(parse_ok("00 01 AB\n0xdeadbeef 1234 # comment\n\n", &out), 9);
	assert_memory_equal(out, want, 9);
	free(out);
	assert_int_equal(parse_ok("", &out), 0);
	free(out);
}

static void xxd(void **state)
{
	const char *text =
		"00000000: 0102 0304 0506 0708 090a 0b0c 0d0e 0f10  ................\n"
		"00000010: 4142 4344                                ABCD\n";
	uint8_t *out;

	(void)state;
	assert_int_equal(parse_ok(text, &out), 20);
	assert_int_equal(out[0], 0x01);
	assert_int_equal(out[15], 0x10);
	assert_int_equal(out[19], 0x44);
	free(out);
}

static void hexdump_c_with_repeat(void **state)
{
	const char *text =
		"00000000  11 22 33 44 55 66 77 88  99 aa bb cc dd ee ff 00  |.\"3DUfw.........|\n"
		"00000010  00 00 00 00 00 00 00 00  00 00 00 00 00 00 00 00  |................|\n"
		"*\n"
		"00000040  de ad be ef 00 00 00 00  00 00 00 00 00 00 00 00  |................|\n"
		"00000050\n";
	uint8_t *out;

	(void)state;
	assert_int_equal(parse_ok(text, &out), 0x50);
	assert_int_equal(out[0], 0x11);
	assert_int_equal(out[0x2f], 0x00);
	assert_int_equal(out[0x40], 0xde);
	assert_int_equal(out[0x43], 0xef);
	free(out);
}

static void kernel_and_devlink(void **state)
{
	const char *kernel = "00000000: 00 00 00 01 00 00 00 02  ........\n"
			     "00000008: 00 00 00 03\n";
	const char *devlink = "0000000000000000 0a 0b 0c 0d\n0000000000000004 0e 0f\n";
	uint8_t *out;

	(void)state;
	assert_int_equal(parse_ok(kernel, &out), 12);
	assert_int_equal(out[3], 1);
	assert_int_equal(out[11], 3);
	free(out);
	assert_int_equal(parse_ok(devlink, &out), 6);
	assert_int_equal(out[5], 0x0f);
	free(out);
}

static void dump_not_starting_at_zero(void **state)
{
	const char *xxd_s = "00000200: 0000 0000 0000 0001  ........\n"
			    "00000208: 0000 0002\n";
	const char *od = "000000 0a 0b 0c 0d\n000004 0e\n000005\n";
	struct prm_err err = { 0 };
	uint8_t *out;
	size_t len, base;

	(void)state;
	assert_int_equal(hex_parse(xxd_s, strlen(xxd_s), HEX_MAX_BYTES, &out, &len, &base, &err), 0);
	assert_int_equal(base, 0x200);
	assert_int_equal(len, 12);
	assert_int_equal(out[7], 1);
	free(out);
	assert_int_equal(hex_parse(od, strlen(od), HEX_MAX_BYTES, &out, &len, &base, &err), 0);
	assert_int_equal(base, 0);
	assert_int_equal(len, 5);
	assert_int_equal(out[4], 0x0e);
	free(out);
}

static void errors_name_line_and_column(void **state)
{
	(void)state;
	parse_bad("00 01\n02 zz\n", "line 2, column 4");
	parse_bad("0 1 2\n", "not a whole number");
	parse_bad("00000000: 01 02\n00000010: 03\n", "offset 0x10, expected 0x2");
	parse_bad("00000200: 01 02\n00000100: 03\n", "before the start");
	parse_bad("0000000 01 02 03 04 05 06 07 08 09 0a 0b 0c 0d 0e 0f 10\n0000020 11\n", "octal");
	parse_bad("*\n", "'*'");
	parse_bad("00000000  01 02\n*\n", "'*' at the end");
}

static void nul_byte(void **state)
{
	static const char text[] = "00 \0 01\n";
	struct prm_err err = { 0 };
	uint8_t *out = NULL;
	size_t len, base;

	(void)state;
	assert_int_not_equal(hex_parse(text, sizeof(text) - 1, HEX_MAX_BYTES, &out, &len, &base, &err), 0);
	assert_non_null(strstr(err.msg, "NUL"));
}

static void parse_bad_max(const char *text, size_t max, const char *needle)
{
	struct prm_err err = { 0 };
	uint8_t *out = NULL;
	size_t len, base;

	assert_int_not_equal(hex_parse(text, strlen(text), max, &out, &len, &base, &err), 0);
	assert_null(out);
	if (!strstr(err.msg, needle))
		fail_msg("message '%s' lacks '%s'", err.msg, needle);
	assert_int_equal(err.kind, PRM_E_USAGE);
	assert_string_equal(err.reason, "too_large");
}

/* A few bytes of '*' dump expand to max: the caller's bound, named when passed. */
static void the_bound_is_named(void **state)
{
	const char *rep = "00000000  01 02 03 04\n*\n00000400\n";
	struct prm_err err = { 0 };
	uint8_t *out = NULL;
	size_t len, base;

	(void)state;
	assert_int_equal(hex_parse(rep, strlen(rep), 1024, &out, &len, &base, &err), 0);
	assert_int_equal(len, 1024);
	assert_int_equal(out[1023], 4);
	free(out);
	parse_bad_max(rep, 1023, "line 3, column 1: offset 0x400 is past 1023 bytes (0x3ff)");
	parse_bad_max("00 01 02 03 04\n", 4, "line 1: more than 4 bytes");
	parse_bad_max("00000000: 00\n04000010: 00\n", HEX_MAX_BYTES,
		      "offset 0x4000010 is past 64 MiB (0x4000000), the most a hex dump may hold");
	parse_bad_max("0000: 00 01\n*\n00000800\n", 1024, "offset 0x800 is past 1 KiB (0x400)");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(plain_bytes_and_words),
		cmocka_unit_test(xxd),
		cmocka_unit_test(hexdump_c_with_repeat),
		cmocka_unit_test(kernel_and_devlink),
		cmocka_unit_test(dump_not_starting_at_zero),
		cmocka_unit_test(errors_name_line_and_column),
		cmocka_unit_test(nul_byte),
		cmocka_unit_test(the_bound_is_named),
	};

	return cmocka_run_group_tests_name("hexparse", tests, NULL, NULL);
}
