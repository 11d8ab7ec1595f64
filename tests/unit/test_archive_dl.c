// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* lib/util/archive_dl.c: libarchive loaded at run time, and what a missing one says. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "lib/util/archive_dl.h"

static void loads(void **state)
{
	struct archive_dl la = { 0 };
	struct prm_err err = { 0 };
	struct archive *a;

	(void)state;
	assert_int_equal(archive_dl_open(ARCHIVE_DL_SONAME, &la, &err), 0);
	assert_non_null(la.archive_entry_pathname);
	assert_non_null(a = la.archive_read_new());
	assert_int_equal(la.archive_read_support_format_tar(a), ARCHIVE_OK);
	assert_int_equal(la.archive_read_free(a), ARCHIVE_OK);
}

/* what a machine without Debian's libarchive13 sees, through a name no library has */
static void missing(void **state)
{
	static const struct archive_dl none;
	struct archive_dl la = { 0 };
	struct prm_err err = { 0 };

	(void)state;
	assert_int_equal(archive_dl_open("libarchive.so.0-prmctl-absent", &la, &err), -1);
	assert_int_equal(err.kind, PRM_E_FAILED);
	assert_string_equal(err.reason, "no_libarchive");
	assert_non_null(strstr(err.msg, "libarchive.so.0-prmctl-absent"));
	assert_non_null(strstr(err.msg, "libarchive13"));
	assert_memory_equal(&la, &none, sizeof(la));
}

/* a library that loads but lacks the functions (one too old would): nothing half-filled */
static void lacking(void **state)
{
	static const struct archive_dl none;
	struct archive_dl la = { 0 };
	struct prm_err err = { 0 };

	(void)state;
	assert_int_equal(archive_dl_open("libc.so.6", &la, &err), -1);
	assert_string_equal(err.reason, "no_libarchive");
	assert_non_null(strstr(err.msg, "archive_errno"));
	assert_non_null(strstr(err.msg, "libarchive13"));
	assert_memory_equal(&la, &none, sizeof(la));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(loads),
		cmocka_unit_test(missing),
		cmocka_unit_test(lacking),
	};

	return cmocka_run_group_tests_name("archive_dl", tests, NULL, NULL);
}
