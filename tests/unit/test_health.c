// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* lib/prm/health.c on initialization segments written by hand (device.h offsets). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "lib/prm/health.h"
#include "lib/prm/healthadvice.h"

static uint8_t seg[0x2010];

/* fw 22.44.1036, cmdif rev 5: fw_rev (0x0) = minor << 16 | major, 0x4 = rev << 16 | sub */
static void healthy(void)
{
	static const uint8_t head[8] = { 0x00, 0x2c, 0x00, 0x16, 0x00, 0x05, 0x04, 0x0c };

	memset(seg, 0, sizeof(seg));
	memcpy(seg, head, sizeof(head));
}

static void classes(void **state)
{
	struct prm_health_report r;
	struct prm_err err = { 0 };

	(void)state;
	healthy();
	assert_int_equal(prm_health_report(seg, sizeof(seg), &r, &err), 0);
	assert_int_equal(r.status, PRM_HEALTH_OK);
	seg[0x23d] = 0x01;			/* synd: health buffer byte 0x3d */
	assert_int_equal(prm_health_report(seg, sizeof(seg), &r, &err), 0);
	assert_int_equal(r.status, PRM_HEALTH_FW_ERROR);
	seg[0x23d] = 0x10;
	assert_int_equal(prm_health_report(seg, sizeof(seg), &r, &err), 0);
	assert_int_equal(r.status, PRM_HEALTH_THERMAL);
	healthy();
	seg[0x1fc] = 0x80;			/* initializing: bit 31 of 0x1fc */
	assert_int_equal(prm_health_report(seg, sizeof(seg), &r, &err), 0);
	assert_int_equal(r.status, PRM_HEALTH_FW_INITIALIZING);
	memset(seg, 0xff, sizeof(seg));		/* synd reads 0xff too: still pci_gone */
	assert_int_equal(prm_health_report(seg, sizeof(seg), &r, &err), 0);
	assert_int_equal(r.status, PRM_HEALTH_PCI_GONE);
	assert_string_equal(prm_health_status_name(r.status), "pci_gone");
	assert_int_equal(prm_health_report(seg, 0x23f, &r, &err), -1);	/* no whole buffer */
}

static void fw_ver_and_time(void **state)
{
	/* the real log's "raw fw_ver 0x162c040c" and a time of 0x6553f100 */
	static const uint8_t fw_ver[4] = { 0x16, 0x2c, 0x04, 0x0c }, t[4] = { 0x65, 0x53, 0xf1, 0x00 };
	struct prm_health_report r;
	struct prm_err err = { 0 };

	(void)state;
	healthy();
	seg[0x23d] = 0x01;
	memcpy(seg + 0x230, fw_ver, 4);		/* fw_ver: health buffer byte 0x30 */
	memcpy(seg + 0x22c, t, 4);		/* time: byte 0x2c */
	seg[0x236] = 0x02, seg[0x237] = 0x12;	/* hw_id 0x212: bytes 0x34-0x37 */
	assert_int_equal(prm_health_report(seg, sizeof(seg), &r, &err), 0);
	assert_string_equal(r.fw_ver, "22.44.1036");
	assert_true(r.fw_ver_matches);
	assert_string_equal(r.fw_time_iso, "2023-11-14T22:13:20Z");	/* 1700000000 */
	assert_string_equal(r.chip, "ConnectX-6 Dx");
	seg[0x233] = 0x0d;			/* a different subminor: no match */
	assert_int_equal(prm_health_report(seg, sizeof(seg), &r, &err), 0);
	assert_false(r.fw_ver_matches);
}

/* Every class has its sentence: one, ending in a full stop, none beyond the enum. */
static void advice(void **state)
{
	(void)state;
	for (int s = 0; s < PRM_HEALTH_NSTATUS; s++) {
		const char *a = prm_health_advice((enum prm_health_status)s);

		assert_non_null(a);
		assert_true(strlen(a) > 40);
		assert_int_equal(a[strlen(a) - 1], '.');
		assert_null(strstr(a, ". "));
		assert_null(strchr(a, '\n'));
	}
	assert_non_null(strstr(prm_health_advice(PRM_HEALTH_FW_UNRESPONSIVE), "miss count"));
	assert_null(prm_health_advice(PRM_HEALTH_NSTATUS));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(classes),
		cmocka_unit_test(fw_ver_and_time),
		cmocka_unit_test(advice),
	};

	return cmocka_run_group_tests_name("health", tests, NULL, NULL);
}
