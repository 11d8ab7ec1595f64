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

static void transpositions_and_case(void **state)
{
	static const char *const regs[] = { "MGCR", "MGIR", "MCIA" };
	static const struct match_set rs = { regs, 3, sizeof(regs[0]) };

	(void)state;
	/* one swap is one edit: MGIR, not MGCR (two substitutions) */
	assert_int_equal(match_distance("MGRI", "MGIR"), 1);
	assert_int_equal(match_distance("MGRI", "MGCR"), 2);
	assert_string_equal(match_suggest(&rs, "MGRI"), "MGIR");
	assert_string_equal(match_suggest(&rs, "mgri"), "MGIR");
	assert_int_equal(match_distance("ab", "AB"), 0);
	/* a short word with two wrong letters of four is a guess, not a hint */
	assert_null(match_suggest(&rs, "MXYR"));
}

static void prefix_first_over_sets(void **state)
{
	static const char *const more[] = { "healthy_extra", "heap" };
	static const struct match_set ms = { more, 2, sizeof(more[0]) };
	struct match_best b;

	(void)state;
	match_best_init(&b);
	match_consider(&b, &set, "hea");
	match_consider(&b, &ms, "hea");
	/* several names start with it: the first set's first one */
	assert_string_equal(match_best_name(&b, "hea"), "health");
	match_best_init(&b);
	match_consider(&b, &set, "heapp");
	match_consider(&b, &ms, "heapp");
	assert_string_equal(match_best_name(&b, "heapp"), "heap");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(matching),
		cmocka_unit_test(suggestions),
		cmocka_unit_test(transpositions_and_case),
		cmocka_unit_test(prefix_first_over_sets),
	};

	return cmocka_run_group_tests_name("match", tests, NULL, NULL);
}
