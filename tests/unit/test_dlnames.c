// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * lib/nl/devlink_msg.c's names for people: the devlink uapi's port
 * flavours, port types and port function states (Linux 6.1
 * include/uapi/linux/devlink.h) and the health reporter states, in the
 * words iproute2's devlink prints, and something for a newer kernel's
 * values.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <linux/devlink.h>

#include <cmocka.h>

#include "lib/nl/devlink_msg.h"

/* ---- names ---- */

static void names_for_people(void **state)
{
	(void)state;
	/* iproute2 devlink's port_flavour_map, port_type_name, port_fn_*_map,
	 * HEALTH_REPORTER_STATE_*_STR */
	assert_string_equal(dl_port_flavour_name(DEVLINK_PORT_FLAVOUR_PHYSICAL), "physical");
	assert_string_equal(dl_port_flavour_name(DEVLINK_PORT_FLAVOUR_CPU), "cpu");
	assert_string_equal(dl_port_flavour_name(DEVLINK_PORT_FLAVOUR_DSA), "dsa");
	assert_string_equal(dl_port_flavour_name(DEVLINK_PORT_FLAVOUR_PCI_PF), "pcipf");
	assert_string_equal(dl_port_flavour_name(DEVLINK_PORT_FLAVOUR_PCI_VF), "pcivf");
	assert_string_equal(dl_port_flavour_name(DEVLINK_PORT_FLAVOUR_PCI_SF), "pcisf");
	assert_string_equal(dl_port_flavour_name(DEVLINK_PORT_FLAVOUR_VIRTUAL), "virtual");
	assert_string_equal(dl_port_type_name(DEVLINK_PORT_TYPE_NOTSET), "notset");
	assert_string_equal(dl_port_type_name(DEVLINK_PORT_TYPE_AUTO), "auto");
	assert_string_equal(dl_port_type_name(DEVLINK_PORT_TYPE_ETH), "eth");
	assert_string_equal(dl_port_type_name(DEVLINK_PORT_TYPE_IB), "ib");
	assert_string_equal(dl_fn_state_name(DEVLINK_PORT_FN_STATE_INACTIVE), "inactive");
	assert_string_equal(dl_fn_state_name(DEVLINK_PORT_FN_STATE_ACTIVE), "active");
	assert_string_equal(dl_fn_opstate_name(DEVLINK_PORT_FN_OPSTATE_DETACHED), "detached");
	assert_string_equal(dl_fn_opstate_name(DEVLINK_PORT_FN_OPSTATE_ATTACHED), "attached");
	assert_string_equal(dl_reporter_state_name(DL_REPORTER_HEALTHY), "healthy");
	assert_string_equal(dl_reporter_state_name(DL_REPORTER_ERROR), "error");
	/* values from a newer kernel still print as something */
	assert_non_null(dl_port_flavour_name(DEVLINK_PORT_FLAVOUR_UNUSED));
	assert_non_null(dl_port_flavour_name(999));
	assert_non_null(dl_port_type_name(999));
	assert_non_null(dl_fn_state_name(99));
	assert_non_null(dl_fn_opstate_name(99));
	assert_non_null(dl_reporter_state_name(99));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(names_for_people),
	};

	return cmocka_run_group_tests_name("dlnames", tests, NULL, NULL);
}
