// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * lib/prm/healthbuf.c against a health buffer written by hand from the
 * kernel's mlx5_ifc health_buffer (time at byte 0x2c, fw_ver 0x30, hw_id
 * 0x34), with the values of the real cx6dx log (tests/fixtures/health-logs).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "lib/prm/health.h"
#include "lib/prm/healthbuf.h"

static void from_the_log(void **state)
{
	uint8_t hb[PRM_HEALTH_BUFFER_BYTES] = { 0 };
	static const uint8_t t[] = { 0x67, 0xd8, 0x2c, 0x96 };		/* 1742220438 */
	static const uint8_t v[] = { 0x16, 0x2c, 0x04, 0x0c };		/* raw fw_ver 0x162c040c */
	static const uint8_t id[] = { 0x00, 0x00, 0x02, 0x12 };	/* hw_id 0x212 */
	struct prm_health_extras x;

	(void)state;
	memcpy(hb + 0x2c, t, 4);
	memcpy(hb + 0x30, v, 4);
	memcpy(hb + 0x34, id, 4);
	assert_true(prm_health_extras(hb, &x));
	assert_string_equal(x.time_iso, "2025-03-17T14:07:18Z");
	assert_string_equal(x.fw_ver, "22.44.1036");
	assert_string_equal(x.chip, "ConnectX-6 Dx");
}

static void empty_and_gone(void **state)
{
	uint8_t hb[PRM_HEALTH_BUFFER_BYTES] = { 0 };
	struct prm_health_extras x;

	(void)state;
	assert_true(prm_health_extras(hb, &x));
	assert_string_equal(x.time_iso, "");
	assert_string_equal(x.fw_ver, "");
	memset(hb, 0xff, sizeof(hb));
	assert_false(prm_health_extras(hb, &x));
	assert_string_equal(x.fw_ver, "");
	assert_null(x.chip);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(from_the_log),
		cmocka_unit_test(empty_and_gone),
	};

	return cmocka_run_group_tests_name("healthbuf", tests, NULL, NULL);
}
