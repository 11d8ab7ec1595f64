// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* lib/util/units.c: durations and sizes as typed on a command line. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "lib/util/units.h"

static uint64_t ms_of(const char *s)
{
	uint64_t ms = 0;

	assert_int_equal(units_duration_ms(s, &ms), 0);
	return ms;
}

static void durations(void **state)
{
	uint64_t ms = 7;

	(void)state;
	assert_int_equal(ms_of("10"), 10000);
	assert_int_equal(ms_of("1.5s"), 1500);
	assert_int_equal(ms_of("500ms"), 500);
	assert_int_equal(ms_of("2m"), 120000);
	assert_int_equal(ms_of("0.001"), 1);
	assert_int_equal(ms_of("5h"), 18000000);
	assert_int_equal(ms_of("1.1s"), 1100);	/* exact: no binary fraction */
	assert_int_equal(ms_of("2000us"), 2);
	assert_int_equal(ms_of("31536000"), 31536000000ull);
	assert_int_equal(units_duration_ms("31536000.001", &ms), UNITS_TOO_LONG);
	assert_int_equal(units_duration_ms("0", &ms), UNITS_TOO_SHORT);
	assert_int_equal(units_duration_ms("0.5ms", &ms), UNITS_TOO_SHORT);
	assert_int_equal(units_duration_ms("", &ms), UNITS_BAD);
	assert_int_equal(units_duration_ms("-1", &ms), UNITS_BAD);
	assert_int_equal(units_duration_ms("1e3", &ms), UNITS_BAD);
	assert_int_equal(units_duration_ms("0x10", &ms), UNITS_BAD);
	assert_int_equal(units_duration_ms("1.2.3", &ms), UNITS_BAD);
	assert_int_equal(units_duration_ms("5x", &ms), UNITS_BAD);
	assert_int_equal(units_duration_ms("0.0015s", &ms), UNITS_FRACTION);
	assert_int_equal(units_duration_ms("inf", &ms), UNITS_BAD);
	assert_int_equal(ms, 7);	/* untouched on failure */
}

/* A plain number counts the caller's unit; the rest is the same syntax. */
static void durations_in_a_unit(void **state)
{
	uint64_t v = 7;

	(void)state;
	assert_int_equal(units_duration_ms_in("50", 1, &v), 0);
	assert_int_equal(v, 50);
	assert_int_equal(units_duration_ms_in("0", 1, &v), 0);
	assert_int_equal(v, 0);
	assert_int_equal(units_duration_ms_in("1.5s", 1, &v), 0);
	assert_int_equal(v, 1500);
	assert_int_equal(units_duration_ms_in("1.5", 1, &v), UNITS_FRACTION);
	assert_int_equal(units_duration_ms_in("0.5", 1, &v), UNITS_TOO_SHORT);
	assert_int_equal(units_duration_ms_in("99999999999999999999", 1, &v), UNITS_TOO_LONG);
	assert_int_equal(units_duration_ns("62.013631792", 1000000000, &v), 0);
	assert_int_equal(v, 62013631792ull);
	assert_int_equal(units_duration_ns("1.5ns", 1, &v), UNITS_FRACTION);
	assert_int_equal(units_duration_ns("18446744073709551616ns", 1, &v), UNITS_TOO_LONG);
}

/* What trace decode --realtime prints reads back to the same nanosecond. */
static void utc_times(void **state)
{
	uint64_t v = 7;

	(void)state;
	assert_int_equal(units_utc_ns("2026-12-01T23:20:32.296504303Z", &v), 0);
	assert_int_equal(v, 1796167232296504303ull);
	assert_int_equal(units_utc_ns("1970-01-01T00:00:01Z", &v), 0);
	assert_int_equal(v, 1000000000);
	assert_int_equal(units_utc_ns("1970-01-01T00:00:00.5Z", &v), 0);
	assert_int_equal(v, 500000000);
	v = 7;
	assert_int_equal(units_utc_ns("2026-02-31T00:00:00Z", &v), UNITS_BAD);
	assert_int_equal(units_utc_ns("2026-12-01T23:20:32", &v), UNITS_BAD);
	assert_int_equal(units_utc_ns("2026-12-01 23:20:32Z", &v), UNITS_BAD);
	assert_int_equal(units_utc_ns("2026-12-01T23:20:32.1234567890Z", &v), UNITS_BAD);
	assert_int_equal(units_utc_ns("+026-12-01T23:20:32Z", &v), UNITS_BAD);
	assert_int_equal(v, 7);
}

/* The way back: every digit in place, and what it prints reads back the same. */
static void utc_strings(void **state)
{
	char buf[UNITS_UTC_BYTES];
	uint64_t v = 0;

	(void)state;
	assert_string_equal(units_utc_str(1796167232296504303ull, buf),
			    "2026-12-01T23:20:32.296504303Z");
	assert_string_equal(units_utc_str(0, buf), "1970-01-01T00:00:00.000000000Z");
	assert_string_equal(units_utc_str(951782400000000007ull, buf),
			    "2000-02-29T00:00:00.000000007Z");
	assert_string_equal(units_utc_str(UINT64_MAX, buf), "2554-07-21T23:34:33.709551615Z");
	assert_int_equal(units_utc_ns(units_utc_str(1234567890123456789ull, buf), &v), 0);
	assert_int_equal(v, 1234567890123456789ull);
}

static void sizes(void **state)
{
	uint64_t v = 7;

	(void)state;
	assert_int_equal(units_size("4096", &v), 0);
	assert_int_equal(v, 4096);
	assert_int_equal(units_size("256K", &v), 0);
	assert_int_equal(v, 256u << 10);
	assert_int_equal(units_size("2m", &v), 0);
	assert_int_equal(v, 2u << 20);
	assert_int_equal(units_size("0x1000", &v), 0);
	assert_int_equal(v, 0x1000);
	assert_int_equal(units_size("1048576M", &v), 0);
	assert_int_equal(v, UNITS_MAX_SIZE);
	v = 7;
	assert_int_equal(units_size("1048577M", &v), UNITS_TOO_LONG);
	/* 2^54 K would wrap to 0 if shifted before the check */
	assert_int_equal(units_size("18014398509481984K", &v), UNITS_TOO_LONG);
	assert_int_equal(units_size("99999999999999999999", &v), UNITS_TOO_LONG);
	assert_int_equal(units_size("", &v), UNITS_BAD);
	assert_int_equal(units_size("-1", &v), UNITS_BAD);
	assert_int_equal(units_size("K", &v), UNITS_BAD);
	assert_int_equal(units_size("1G", &v), UNITS_BAD);
	assert_int_equal(units_size("1KB", &v), UNITS_BAD);
	assert_int_equal(v, 7);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(durations),
		cmocka_unit_test(durations_in_a_unit),
		cmocka_unit_test(utc_times),
		cmocka_unit_test(utc_strings),
		cmocka_unit_test(sizes),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
