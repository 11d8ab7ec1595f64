// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* lib/util/match.c: exact, unique prefix, ambiguity, suggestions. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "lib/util/match.h"

static const char *const names[] = { "decode", "device", "health", "help" };
static const struct match_set set = { names, 4, sizeof(names[0]) };

static void matching(void **state)
{
	size_t idx = 99;
	char buf[64];

	(void)state;
	assert_int_equal(match_name(&set, "device", &idx), MATCH_EXACT);
	assert_int_equal(idx, 1);
	assert_int_equal(match_name(&set, "dev", &idx), MATCH_PREFIX);
	assert_int_equal(idx, 1);
	assert_int_equal(match_name(&set, "de", &idx), MATCH_AMBIGUOUS);
	assert_int_equal(match_name(&set, "hea", &idx), MATCH_PREFIX);
	assert_int_equal(match_name(&set, "x", &idx), MATCH_NONE);
	assert_int_equal(match_name(&set, "", &idx), MATCH_NONE);
	match_list_prefixed(&set, "he", buf, sizeof(buf));
	assert_string_equal(buf, "health, help");
}

static void suggestions(void **state)
{
	(void)state;
	assert_string_equal(match_suggest(&set, "devcie"), "device");
	assert_string_equal(match_suggest(&set, "helth"), "health");
	assert_null(match_suggest(&set, "zzzzzzzz"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(matching),
		cmocka_unit_test(suggestions),
	};

	return cmocka_run_group_tests_name("match", tests, NULL, NULL);
}
