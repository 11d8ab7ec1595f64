// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* lib/dev/dev.c, image.c, sim.c: opening by name, BAR0 reads, bad inputs. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "lib/dev/dev.h"

static char dir[] = "/tmp/prmctl-dev-XXXXXX";

static void write_file(const char *name, const uint8_t *buf, size_t len)
{
	char path[256];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "wb");
	assert_non_null(f);
	assert_int_equal(fwrite(buf, 1, len, f), len);
	fclose(f);
}

static int setup(void **state)
{
	static uint8_t bar[0x3000];

	(void)state;
	if (!mkdtemp(dir))
		return -1;
	/* fw 22.39.1002: dword 0 = minor<<16 | major, dword 1 = cmdif<<16 | subminor */
	bar[0x00] = 0x00; bar[0x01] = 0x27; bar[0x02] = 0x00; bar[0x03] = 0x16;
	bar[0x04] = 0x00; bar[0x05] = 0x05; bar[0x06] = 0x03; bar[0x07] = 0xea;
	bar[0x1000] = 0xaa;
	write_file("bar0.bin", bar, sizeof(bar));
	write_file("short.bin", bar, 0x1000);
	return 0;
}

static int teardown(void **state)
{
	char cmd[128];

	(void)state;
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	return system(cmd) == 0 ? 0 : -1;
}

static void image_ok(void **state)
{
	char name[256];
	struct prm_err err = { 0 };
	struct dev *d;
	uint8_t b[4];

	(void)state;
	snprintf(name, sizeof(name), "image:%s/bar0.bin", dir);
	assert_int_equal(dev_open(name, NULL, &d, &err), 0);
	assert_string_equal(d->access, "image");
	assert_int_equal(d->bar_size, 0x3000);
	assert_int_equal(dev_bar_read(d, 0x1000, b, 4, &err), 0);
	assert_int_equal(b[0], 0xaa);
	assert_int_not_equal(dev_bar_read(d, 0x2ffe, b, 4, &err), 0);
	assert_non_null(strstr(err.msg, "beyond"));
	dev_close(d);
}

static void image_errors(void **state)
{
	char name[256];
	struct prm_err err = { 0 };
	struct dev *d = NULL;

	(void)state;
	snprintf(name, sizeof(name), "image:%s/short.bin", dir);
	assert_int_not_equal(dev_open(name, NULL, &d, &err), 0);
	assert_null(d);
	assert_non_null(strstr(err.msg, "4096 bytes"));
	assert_non_null(strstr(err.msg, "8208"));
	snprintf(name, sizeof(name), "image:%s/missing.bin", dir);
	assert_int_not_equal(dev_open(name, NULL, &d, &err), 0);
	assert_int_equal(err.kind, PRM_E_NODEV);
	assert_string_equal(err.reason, "not_found");
	/* a directory is named as what it is, as by every other input */
	snprintf(name, sizeof(name), "image:%s", dir);
	assert_int_not_equal(dev_open(name, NULL, &d, &err), 0);
	assert_int_equal(err.kind, PRM_E_NODEV);
	assert_string_equal(err.reason, "not_a_file");
	assert_non_null(strstr(err.msg, "Is a directory"));
}

static void sim_and_names(void **state)
{
	struct dev_open_opts o = { .access = "nonsense" };
	struct prm_err err = { 0 };
	struct dev *d = NULL;
	uint8_t b[4];

	(void)state;
	assert_int_equal(dev_open("sim", NULL, &d, &err), 0);
	assert_string_equal(d->access, "sim");
	assert_int_equal(dev_bar_read(d, 4, b, 4, &err), 0);
	assert_int_equal(b[1], 5);	/* cmd_interface_rev 5, big-endian [31:16] */
	dev_close(d);
	assert_int_not_equal(dev_open("sim:nosuch", NULL, &d, &err), 0);
	assert_int_equal(err.kind, PRM_E_NODEV);
	assert_int_not_equal(dev_open("sim", &o, &d, &err), 0);
	assert_int_equal(err.kind, PRM_E_USAGE);
	assert_int_not_equal(dev_open("not a name", NULL, &d, &err), 0);
	assert_int_equal(err.kind, PRM_E_NODEV);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(image_ok),
		cmocka_unit_test(image_errors),
		cmocka_unit_test(sim_and_names),
	};

	return cmocka_run_group_tests_name("dev", tests, setup, teardown);
}
