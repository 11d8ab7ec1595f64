// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * lib/nl/devlink_msg.c on DEVLINK_CMD_INFO_GET answers as Linux 6.1's
 * devlink fill functions emit them (net/devlink/leftover.c:
 * devlink_info_version_put, devlink_info_serial_number_put,
 * devlink_info_board_serial_number_put), with what mlx5_devlink_info_get
 * (drivers/net/ethernet/mellanox/mlx5/core/devlink.c) and netdevsim's
 * nsim_dev_info_get put in them, written byte by byte with
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

/* ---- INFO_GET ---- */

/* devlink_info_version_put */
static void version(struct nlb *b, uint16_t attr, const char *name, const char *value)
{
	nlb_nest_start(b, attr);
	nlb_str(b, DEVLINK_ATTR_INFO_VERSION_NAME, name);
	nlb_str(b, DEVLINK_ATTR_INFO_VERSION_VALUE, value);
	nlb_nest_end(b);
}

/* mlx5_devlink_info_get (core/devlink.c): no serial number in 6.1 */
static void info_mlx5(void **state)
{
	struct prm_err err = { 0 };
	struct dl_info *info = calloc(1, sizeof(*info));
	struct dl_handle h;
	struct nlb b;

	(void)state;
	assert_non_null(info);
	nlb_init(&b);
	nlb_msg_start(&b, DEVLINK_CMD_INFO_GET, NLM_F_MULTI, 3);
	handle(&b, "pci", "0000:08:00.0");
	nlb_str(&b, DEVLINK_ATTR_INFO_DRIVER_NAME, "mlx5_core");
	version(&b, DEVLINK_ATTR_INFO_VERSION_FIXED, "fw.psid", "MT_0000000359");
	version(&b, DEVLINK_ATTR_INFO_VERSION_RUNNING, "fw.version", "22.39.1002");
	version(&b, DEVLINK_ATTR_INFO_VERSION_RUNNING, "fw", "22.39.1002");
	version(&b, DEVLINK_ATTR_INFO_VERSION_STORED, "fw.version", "22.41.1000");
	version(&b, DEVLINK_ATTR_INFO_VERSION_STORED, "fw", "22.41.1000");
	nlb_msg_end(&b);

	assert_int_equal(dl_parse_info(nlb_nlh(&b, 0), info, &err), 0);
	assert_string_equal(info->h.bus, "pci");
	assert_string_equal(info->h.dev, "0000:08:00.0");
	assert_string_equal(info->driver, "mlx5_core");
	assert_string_equal(info->serial, "");
	assert_string_equal(info->board_serial, "");
	assert_int_equal(info->nfixed, 1);
	assert_string_equal(info->fixed[0].name, "fw.psid");
	assert_string_equal(info->fixed[0].value, "MT_0000000359");
	assert_int_equal(info->nrunning, 2);
	assert_string_equal(info->running[0].name, "fw.version");
	assert_string_equal(info->running[0].value, "22.39.1002");
	assert_string_equal(info->running[1].name, "fw");
	assert_string_equal(info->running[1].value, "22.39.1002");
	assert_int_equal(info->nstored, 2);
	assert_string_equal(info->stored[0].name, "fw.version");
	assert_string_equal(info->stored[0].value, "22.41.1000");
	assert_string_equal(info->stored[1].name, "fw");
	assert_string_equal(info->stored[1].value, "22.41.1000");
	assert_int_equal(dl_parse_handle(nlb_nlh(&b, 0), &h, &err), 0);
	assert_string_equal(h.bus, "pci");
	assert_string_equal(h.dev, "0000:08:00.0");
	nlb_free(&b);
	free(info);
}

/* nsim_dev_info_get (stored before running) plus the serial numbers other
 * drivers put with devlink_info_serial_number_put / _board_serial_number_put */
static void info_netdevsim_serials(void **state)
{
	struct prm_err err = { 0 };
	struct dl_info *info = calloc(1, sizeof(*info));
	struct nlb b;

	(void)state;
	assert_non_null(info);
	nlb_init(&b);
	nlb_msg_start(&b, DEVLINK_CMD_INFO_GET, 0, 0);
	handle(&b, "netdevsim", "netdevsim1");
	nlb_str(&b, DEVLINK_ATTR_INFO_DRIVER_NAME, "netdevsim");
	nlb_str(&b, DEVLINK_ATTR_INFO_SERIAL_NUMBER, "00-11-22-ff-fe-33-44-55");
	nlb_str(&b, DEVLINK_ATTR_INFO_BOARD_SERIAL_NUMBER, "MT2231X12345");
	version(&b, DEVLINK_ATTR_INFO_VERSION_STORED, "fw.mgmt", "10.20.30");
	version(&b, DEVLINK_ATTR_INFO_VERSION_RUNNING, "fw.mgmt", "10.20.30");
	nlb_msg_end(&b);

	assert_int_equal(dl_parse_info(nlb_nlh(&b, 0), info, &err), 0);
	assert_string_equal(info->h.bus, "netdevsim");
	assert_string_equal(info->h.dev, "netdevsim1");
	assert_string_equal(info->driver, "netdevsim");
	assert_string_equal(info->serial, "00-11-22-ff-fe-33-44-55");
	assert_string_equal(info->board_serial, "MT2231X12345");
	assert_int_equal(info->nfixed, 0);
	assert_int_equal(info->nrunning, 1);
	assert_int_equal(info->nstored, 1);
	assert_string_equal(info->stored[0].name, "fw.mgmt");
	assert_string_equal(info->running[0].value, "10.20.30");
	nlb_free(&b);
	free(info);
}

/* More versions than the struct holds: never written past its end. */
static void info_many_versions(void **state)
{
	struct prm_err err = { 0 };
	struct dl_info *info = calloc(1, sizeof(*info));
	char name[32];
	struct nlb b;
	int rc;

	(void)state;
	assert_non_null(info);
	nlb_init(&b);
	nlb_msg_start(&b, DEVLINK_CMD_INFO_GET, 0, 0);
	handle(&b, "pci", "0000:08:00.0");
	for (int i = 0; i < DL_VERSIONS_MAX + 8; i++) {
		snprintf(name, sizeof(name), "fw.part%d", i);
		version(&b, DEVLINK_ATTR_INFO_VERSION_RUNNING, name, "1.2.3");
	}
	nlb_msg_end(&b);
	rc = dl_parse_info(nlb_nlh(&b, 0), info, &err);
	if (rc == 0) {
		assert_true(info->nrunning <= DL_VERSIONS_MAX);
		assert_string_equal(info->running[0].name, "fw.part0");
	} else {
		assert_true(err.msg[0] != '\0');
	}
	nlb_free(&b);
	free(info);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(info_mlx5),
		cmocka_unit_test(info_netdevsim_serials),
		cmocka_unit_test(info_many_versions),
	};

	return cmocka_run_group_tests_name("dlinfo", tests, NULL, NULL);
}
