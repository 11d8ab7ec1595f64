// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * lib/nl/devlink_msg.c on HEALTH_REPORTER_GET answers as Linux 6.1's
 * devlink_nl_health_reporter_fill emits them (net/devlink/leftover.c), for
 * mlx5's "fw" and "fw_fatal" (drivers/net/ethernet/mellanox/mlx5/core/
 * health.c) and a port reporter (devlink_port_health_reporter_create), each
 * optional attribute there or not; written byte by byte with
 * tests/unit/nlbuild.h and tests/unit/dlbuild.h.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "lib/nl/devlink_msg.h"
#include "tests/unit/dlbuild.h"
#include "tests/unit/nlbuild.h"

/* ---- HEALTH_REPORTER_GET ---- */

/* mlx5 "fw_fatal" after an error: everything there (recover, dump, dumped) */
static void reporter_full(void **state)
{
	const struct rep_in in = {
		.name = "fw_fatal", .state = DL_REPORTER_ERROR, .err = 3, .rec = 2,
		.recover = true, .dumped = true, .dump = true, .grace = 60000,
		.ts = 4295012345ull, .ts_ns = 1700000000123456789ull,
		.auto_recover = true, .auto_dump = true,
	};
	struct prm_err err = { 0 };
	struct dl_reporter r;
	struct nlb b;

	(void)state;
	nlb_init(&b);
	reporter_msg(&b, &in);
	memset(&r, 0, sizeof(r));
	assert_int_equal(dl_parse_reporter(nlb_nlh(&b, 0), &r, &err), 0);
	assert_string_equal(r.h.bus, "pci");
	assert_string_equal(r.h.dev, "0000:08:00.0");
	assert_false(r.has_port);
	assert_string_equal(r.name, "fw_fatal");
	assert_int_equal(r.state, DL_REPORTER_ERROR);
	assert_int_equal(r.error_count, 3);
	assert_int_equal(r.recover_count, 2);
	assert_true(r.has_grace_period);
	assert_int_equal(r.grace_period_ms, 60000);
	assert_true(r.has_auto_recover);
	assert_true(r.auto_recover);
	assert_true(r.has_dump_ts);
	assert_int_equal(r.dump_ts_ms, 4295012345ull);
	assert_true(r.has_dump_ts_ns);
	assert_int_equal(r.dump_ts_ns, 1700000000123456789ull);
	assert_true(r.has_auto_dump);
	assert_true(r.auto_dump);
	nlb_free(&b);
}

/* mlx5 "fw" in 6.1 (diagnose + dump, no recover, nothing dumped yet): no
 * grace period, no auto_recover, no dump time stamps. */
static void reporter_minimal(void **state)
{
	const struct rep_in in = {
		.name = "fw", .state = DL_REPORTER_HEALTHY, .dump = true, .auto_dump = true,
	};
	struct prm_err err = { 0 };
	struct dl_reporter r;
	struct nlb b;

	(void)state;
	nlb_init(&b);
	reporter_msg(&b, &in);
	memset(&r, 0, sizeof(r));
	assert_int_equal(dl_parse_reporter(nlb_nlh(&b, 0), &r, &err), 0);
	assert_string_equal(r.name, "fw");
	assert_int_equal(r.state, DL_REPORTER_HEALTHY);
	assert_int_equal(r.error_count, 0);
	assert_int_equal(r.recover_count, 0);
	assert_false(r.has_grace_period);
	assert_false(r.has_auto_recover);
	assert_false(r.has_dump_ts);
	assert_false(r.has_dump_ts_ns);
	assert_true(r.has_auto_dump);
	assert_true(r.auto_dump);
	nlb_free(&b);
}

/* A port reporter (devlink_port_health_reporter_create): the port index
 * before the nest; auto_recover given as 0; a VF "fw_fatal" has no dump. */
static void reporter_port(void **state)
{
	const struct rep_in in = {
		.name = "tx", .state = DL_REPORTER_HEALTHY, .err = 0xffffffffffull, .rec = 1,
		.recover = true, .grace = 500, .auto_recover = false,
		.port = true, .port_index = 65535,
	};
	struct prm_err err = { 0 };
	struct dl_reporter r;
	struct nlb b;

	(void)state;
	nlb_init(&b);
	reporter_msg(&b, &in);
	memset(&r, 0, sizeof(r));
	assert_int_equal(dl_parse_reporter(nlb_nlh(&b, 0), &r, &err), 0);
	assert_true(r.has_port);
	assert_int_equal(r.port, 65535);
	assert_string_equal(r.name, "tx");
	assert_int_equal(r.error_count, 0xffffffffffull);
	assert_true(r.has_auto_recover);
	assert_false(r.auto_recover);
	assert_int_equal(r.grace_period_ms, 500);
	assert_false(r.has_auto_dump);
	nlb_free(&b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(reporter_full),
		cmocka_unit_test(reporter_minimal),
		cmocka_unit_test(reporter_port),
	};

	return cmocka_run_group_tests_name("dlreporter", tests, NULL, NULL);
}
