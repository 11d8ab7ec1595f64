// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* lib/prm/metrics.c: the Prometheus text format, by exact lines. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "lib/prm/metrics.h"

static void two_devices(void **state)
{
	struct prm_metrics_device d[2] = {
		{ "0000:3b:00.0", 0x212, true, 77, false, 0, PRM_HEALTH_OK, 1700000000.25, 0 },
		{ "we\"ird\\name", 0x218, false, 5, true, 0, PRM_HEALTH_FW_UNRESPONSIVE, 0, 3 },
	};
	static char buf[8192];
	int n = prm_metrics_format(d, 2, buf, sizeof(buf));

	(void)state;
	assert_true(n > 0);
	assert_int_equal((size_t)n, strlen(buf));
	assert_non_null(strstr(buf, "# TYPE prmctl_up gauge\n"
				    "prmctl_up{device=\"0000:3b:00.0\",hw_id=\"0x212\"} 1\n"
				    "prmctl_up{device=\"we\\\"ird\\\\name\",hw_id=\"0x218\"} 0\n"));
	assert_non_null(strstr(buf, "prmctl_health_stalled{device=\"we\\\"ird\\\\name\",hw_id=\"0x218\"} 1\n"));
	assert_non_null(strstr(buf, "prmctl_health_status{device=\"0000:3b:00.0\",hw_id=\"0x212\",status=\"ok\"} 1\n"));
	assert_non_null(strstr(buf, "status=\"fw_unresponsive\"} 1\n"));
	assert_non_null(strstr(buf, "prmctl_last_success_timestamp_seconds{device=\"0000:3b:00.0\",hw_id=\"0x212\"} 1700000000.250\n"));
	assert_non_null(strstr(buf, "# TYPE prmctl_collect_errors_total counter\n"));
	assert_non_null(strstr(buf, "prmctl_collect_errors_total{device=\"we\\\"ird\\\\name\",hw_id=\"0x218\"} 3\n"));
	assert_int_equal(prm_metrics_format(d, 2, buf, 100), -1);	/* does not fit */
}

/* A gone function reads all-ones: its counter is absent, never 16777215. */
static void gone_has_no_counter(void **state)
{
	struct prm_metrics_device d[2] = {
		{ "a", 0x212, true, 77, false, 0, PRM_HEALTH_OK, 1, 0 },
		{ "b", 0x218, true, 0xffffff, false, 0, PRM_HEALTH_PCI_GONE, 1, 0 },
	};
	static char buf[8192];

	(void)state;
	assert_true(prm_metrics_format(d, 2, buf, sizeof(buf)) > 0);
	assert_non_null(strstr(buf, "prmctl_health_counter{device=\"a\",hw_id=\"0x212\"} 77\n"));
	assert_null(strstr(buf, "prmctl_health_counter{device=\"b\""));
	assert_null(strstr(buf, "16777215"));
	assert_non_null(strstr(buf, "prmctl_health_status{device=\"b\",hw_id=\"0x218\",status=\"pci_gone\"} 1\n"));
}

int main(void)
{
	const struct CMUnitTest tests[] = { cmocka_unit_test(two_devices),
					    cmocka_unit_test(gone_has_no_counter) };

	return cmocka_run_group_tests_name("metrics", tests, NULL, NULL);
}
