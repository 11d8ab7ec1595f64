// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * lib/util/dl.c: libraries loaded at first use (libarchive, libpci,
 * libnettle), and what a missing or lacking one says.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "lib/dev/pcilib.h"
#include "lib/util/archive_dl.h"
#include "lib/util/dl.h"

static void loads(void **state)
{
	struct archive_dl la = { 0 };
	struct dl_lib l = ARCHIVE_DL_LIB(la, ARCHIVE_DL_SONAME);
	struct prm_err err = { 0 };
	struct archive *a;

	(void)state;
	assert_int_equal(dl_load(&l, &err), 0);
	assert_non_null(la.archive_entry_pathname);
	assert_non_null(a = la.archive_read_new());
	assert_int_equal(la.archive_read_support_format_tar(a), ARCHIVE_OK);
	assert_int_equal(la.archive_read_free(a), ARCHIVE_OK);
	/* loaded stays loaded: a second call does not look again */
	l.soname = "libarchive.so.0-prmctl-absent";
	assert_int_equal(dl_load(&l, &err), 0);
}

/* what a machine without Debian's libarchive13 sees, through a name no library has */
static void missing(void **state)
{
	static const struct archive_dl none;
	struct archive_dl la = { 0 };
	struct dl_lib l = ARCHIVE_DL_LIB(la, "libarchive.so.0-prmctl-absent");
	struct prm_err err = { 0 };

	(void)state;
	assert_int_equal(dl_load(&l, &err), -1);
	assert_int_equal(err.kind, PRM_E_FAILED);
	assert_string_equal(err.reason, "no_libarchive");
	assert_non_null(strstr(err.msg, "libarchive.so.0-prmctl-absent"));
	assert_non_null(strstr(err.msg, "libarchive13"));
	assert_non_null(strstr(err.msg, "tarballs"));
	assert_memory_equal(&la, &none, sizeof(la));
	/* a failed load is tried again, and may succeed then */
	l.soname = ARCHIVE_DL_SONAME;
	assert_int_equal(dl_load(&l, &err), 0);
	assert_non_null(la.archive_errno);
}

/* a library that loads but lacks the functions (one too old would): nothing half-filled */
static void lacking(void **state)
{
	static const struct archive_dl none;
	struct archive_dl la = { 0 };
	struct dl_lib l = ARCHIVE_DL_LIB(la, "libc.so.6");
	struct prm_err err = { 0 };

	(void)state;
	assert_int_equal(dl_load(&l, &err), -1);
	assert_string_equal(err.reason, "no_libarchive");
	assert_non_null(strstr(err.msg, "archive_errno"));
	assert_non_null(strstr(err.msg, "libarchive13"));
	assert_memory_equal(&la, &none, sizeof(la));
}

/* libpci's table as discover.c loads it: every function there, callable */
static void pci_table(void **state)
{
	struct prm_err err = { 0 };
	struct pci_access *pacc;

	(void)state;
	assert_int_equal(dl_load(&pcilib_lib, &err), 0);
	assert_non_null(pcilib.pci_write_block);
	assert_non_null(pacc = pcilib.pci_alloc());
	pcilib.pci_cleanup(pacc);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(loads),
		cmocka_unit_test(missing),
		cmocka_unit_test(lacking),
		cmocka_unit_test(pci_table),
	};

	return cmocka_run_group_tests_name("dl", tests, NULL, NULL);
}
