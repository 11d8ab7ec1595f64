// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* lib/ops/health.c and psid.c against the in-process simulated adapter. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "lib/dev/dev.h"
#include "lib/ops/health.h"
#include "lib/ops/psid.h"

static struct dev *open_with(const char *inject)
{
	struct dev_open_opts o = { .sim_inject = inject };
	struct prm_err err = { 0 };
	struct dev *d = NULL;

	assert_int_equal(dev_open("sim", &o, &d, &err), 0);
	return d;
}

static struct ops_health h[3];

/* The firmware thread moves the counter every 10 ms: 30 ms apart, it moved. */
static void live_is_ok(void **state)
{
	struct prm_err err = { 0 };
	struct dev *d = open_with(NULL);

	(void)state;
	assert_int_equal(ops_health_check(d, 30, &h[0], &err), 0);
	assert_int_equal(h[0].r.status, PRM_HEALTH_OK);
	assert_true(h[0].moved);
	assert_int_equal(h[0].sample_ms, 30);
	/* one read: nothing said of the counter */
	assert_int_equal(ops_health_check(d, 0, &h[0], &err), 0);
	assert_int_equal(h[0].sample_ms, 0);
	assert_false(h[0].moved);
	dev_close(d);
}

/* A stalled counter without a syndrome is fw_unresponsive; with one it stays fw_error. */
static void stall_and_assert(void **state)
{
	struct prm_err err = { 0 };
	struct dev *d = open_with("health-stall");
	struct dev *e = open_with("health-stall;fw-assert:synd=0x1");

	(void)state;
	assert_int_equal(ops_health_check(d, 30, &h[0], &err), 0);
	assert_int_equal(h[0].r.status, PRM_HEALTH_FW_UNRESPONSIVE);
	assert_false(h[0].moved);
	assert_int_equal(ops_health_check(e, 30, &h[1], &err), 0);
	assert_int_equal(h[1].r.status, PRM_HEALTH_FW_ERROR);
	assert_false(h[1].moved);
	dev_close(d);
	dev_close(e);
}

/* Many devices, one wait: each judged on its own; a gone one is not sampled. */
static void many(void **state)
{
	struct prm_err errs[3] = { 0 };
	struct dev *d[3] = { open_with(NULL), open_with("device-gone"), open_with("health-stall") };
	int rc[3];

	(void)state;
	assert_int_equal(ops_health_check_many(d, 3, 30, h, rc, errs), 0);
	assert_int_equal(h[0].r.status, PRM_HEALTH_OK);
	assert_int_equal(h[1].r.status, PRM_HEALTH_PCI_GONE);
	assert_int_equal(h[1].sample_ms, 0);
	assert_int_equal(h[2].r.status, PRM_HEALTH_FW_UNRESPONSIVE);
	for (int i = 0; i < 3; i++)
		dev_close(d[i]);
}

/* No driver, no devlink: the PSID comes from the firmware's MGIR. */
static void psid_from_mgir(void **state)
{
	struct prm_err err = { 0 };
	struct dev *d = open_with(NULL);
	const char *source = "x";
	char psid[32];

	(void)state;
	assert_int_equal(ops_psid(d, 0, psid, sizeof(psid), &source, &err), 0);
	assert_string_equal(source, "mgir");
	assert_int_equal(strncmp(psid, "SIM", 3), 0);
	dev_close(d);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(live_is_ok),
		cmocka_unit_test(stall_and_assert),
		cmocka_unit_test(many),
		cmocka_unit_test(psid_from_mgir),
	};

	return cmocka_run_group_tests_name("ops_health", tests, NULL, NULL);
}
