// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* lib/util/err.c: the fields an error carries for scripts. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "lib/util/err.h"

static void fields(void **state)
{
	struct prm_err e = { 0 };

	(void)state;
	prm_err_set(&e, PRM_E_FAILED, 0, "cmd_status", "failed");
	prm_err_num(&e, "status", 5);
	prm_err_str(&e, "status_name", "bad resource");
	prm_err_str(&e, "opcode_name", NULL);	/* unknown name: no member */
	assert_int_equal(e.nfields, 2);
	assert_string_equal(e.fields[0].key, "status");
	assert_null(e.fields[0].str);
	assert_int_equal(e.fields[0].num, 5);
	assert_string_equal(e.fields[1].str, "bad resource");
	/* the innermost layer set it first and knows best */
	prm_err_num(&e, "status", 9);
	assert_int_equal(e.fields[0].num, 5);
	assert_int_equal(e.nfields, 2);
	/* a prefix keeps them; a new error drops them */
	prm_err_prefix(&e, "ctx: ");
	assert_int_equal(e.nfields, 2);
	prm_err_set(&e, PRM_E_USAGE, 0, "usage", "other");
	assert_int_equal(e.nfields, 0);
}

static void bounded(void **state)
{
	static const char *const keys[] = { "a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l" };
	struct prm_err e = { 0 };

	(void)state;
	for (size_t i = 0; i < sizeof(keys) / sizeof(keys[0]); i++)
		prm_err_num(&e, keys[i], i);
	assert_int_equal(e.nfields, PRM_ERR_MAX_FIELDS);
	prm_err_num(NULL, "x", 1);	/* no error to fill: nothing happens */
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(fields),
		cmocka_unit_test(bounded),
	};

	return cmocka_run_group_tests_name("err", tests, NULL, NULL);
}
