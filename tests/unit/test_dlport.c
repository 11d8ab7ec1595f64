// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * lib/nl/devlink_msg.c on PORT_GET answers (DEVLINK_CMD_PORT_NEW; a dump's
 * say DEVLINK_CMD_NEW) as Linux 6.1's devlink_nl_port_fill emits them
 * (net/devlink/leftover.c), with the ports mlx5 and a switch driver have:
 * the uplink, a split switch port, an IB port, PF, VF and SF eswitch ports
 * and their function nest; written byte by byte with tests/unit/nlbuild.h
 * and tests/unit/dlbuild.h.
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

/* ---- PORT_GET (answered as DEVLINK_CMD_PORT_NEW; dumps say DEVLINK_CMD_NEW) ---- */

/* mlx5's uplink: eth, netdev, physical port 0, not splittable; no function
 * attributes, so the function nest was cancelled */
static void port_physical(void **state)
{
	struct prm_err err = { 0 };
	struct dl_port p;
	struct nlb b;

	(void)state;
	nlb_init(&b);
	port_head(&b, DEVLINK_CMD_PORT_NEW, "pci", "0000:08:00.0", 131071, DEVLINK_PORT_TYPE_ETH);
	nlb_u32(&b, DEVLINK_ATTR_PORT_NETDEV_IFINDEX, 4);
	nlb_str(&b, DEVLINK_ATTR_PORT_NETDEV_NAME, "enp8s0f0np0");
	nlb_u8(&b, DEVLINK_ATTR_PORT_SPLITTABLE, 0);
	nlb_u16(&b, DEVLINK_ATTR_PORT_FLAVOUR, DEVLINK_PORT_FLAVOUR_PHYSICAL);
	nlb_u32(&b, DEVLINK_ATTR_PORT_NUMBER, 0);
	nlb_msg_end(&b);

	memset(&p, 0, sizeof(p));
	assert_int_equal(dl_parse_port(nlb_nlh(&b, 0), &p, &err), 0);
	assert_string_equal(p.h.bus, "pci");
	assert_string_equal(p.h.dev, "0000:08:00.0");
	assert_int_equal(p.index, 131071);
	assert_int_equal(p.type, DEVLINK_PORT_TYPE_ETH);
	assert_true(p.has_flavour);
	assert_int_equal(p.flavour, DEVLINK_PORT_FLAVOUR_PHYSICAL);
	assert_true(p.has_number);
	assert_int_equal(p.number, 0);
	assert_true(p.has_splittable);
	assert_false(p.splittable);
	assert_int_equal(p.lanes, 0);
	assert_string_equal(p.netdev, "enp8s0f0np0");
	assert_string_equal(p.ibdev, "");
	assert_false(p.has_controller);
	assert_false(p.has_pf);
	assert_false(p.has_vf);
	assert_false(p.has_sf);
	assert_false(p.has_external);
	assert_int_equal(p.hw_addr_len, 0);
	assert_false(p.has_fn_state);
	nlb_free(&b);
}

/* A switch port as a port dump sends it (cmd DEVLINK_CMD_NEW): lanes,
 * splittable, split group and subport, a desired type, a line card. */
static void port_split_dump(void **state)
{
	struct prm_err err = { 0 };
	struct dl_port p;
	struct nlb b;

	(void)state;
	nlb_init(&b);
	port_head(&b, DEVLINK_CMD_NEW, "pci", "0000:03:00.0", 61, DEVLINK_PORT_TYPE_ETH);
	nlb_u16(&b, DEVLINK_ATTR_PORT_DESIRED_TYPE, DEVLINK_PORT_TYPE_ETH);
	nlb_u32(&b, DEVLINK_ATTR_PORT_NETDEV_IFINDEX, 12);
	nlb_str(&b, DEVLINK_ATTR_PORT_NETDEV_NAME, "swp3s1");
	nlb_u32(&b, DEVLINK_ATTR_PORT_LANES, 4);
	nlb_u8(&b, DEVLINK_ATTR_PORT_SPLITTABLE, 1);
	nlb_u16(&b, DEVLINK_ATTR_PORT_FLAVOUR, DEVLINK_PORT_FLAVOUR_PHYSICAL);
	nlb_u32(&b, DEVLINK_ATTR_PORT_NUMBER, 3);
	nlb_u32(&b, DEVLINK_ATTR_PORT_SPLIT_GROUP, 3);
	nlb_u32(&b, DEVLINK_ATTR_PORT_SPLIT_SUBPORT_NUMBER, 1);
	nlb_u32(&b, DEVLINK_ATTR_LINECARD_INDEX, 2);
	nlb_msg_end(&b);

	memset(&p, 0, sizeof(p));
	assert_int_equal(dl_msg_cmd(nlb_nlh(&b, 0)), DEVLINK_CMD_NEW);
	assert_int_equal(dl_parse_port(nlb_nlh(&b, 0), &p, &err), 0);
	assert_int_equal(p.index, 61);
	assert_int_equal(p.lanes, 4);
	assert_true(p.has_splittable);
	assert_true(p.splittable);
	assert_int_equal(p.number, 3);
	assert_string_equal(p.netdev, "swp3s1");
	nlb_free(&b);
}

/* An IB port: the ibdev name, no netdev. */
static void port_ib(void **state)
{
	struct prm_err err = { 0 };
	struct dl_port p;
	struct nlb b;

	(void)state;
	nlb_init(&b);
	port_head(&b, DEVLINK_CMD_PORT_NEW, "pci", "0000:08:00.1", 1, DEVLINK_PORT_TYPE_IB);
	nlb_str(&b, DEVLINK_ATTR_PORT_IBDEV_NAME, "mlx5_1");
	nlb_u8(&b, DEVLINK_ATTR_PORT_SPLITTABLE, 0);
	nlb_u16(&b, DEVLINK_ATTR_PORT_FLAVOUR, DEVLINK_PORT_FLAVOUR_PHYSICAL);
	nlb_u32(&b, DEVLINK_ATTR_PORT_NUMBER, 1);
	nlb_msg_end(&b);

	memset(&p, 0, sizeof(p));
	assert_int_equal(dl_parse_port(nlb_nlh(&b, 0), &p, &err), 0);
	assert_int_equal(p.type, DEVLINK_PORT_TYPE_IB);
	assert_string_equal(p.ibdev, "mlx5_1");
	assert_string_equal(p.netdev, "");
	assert_int_equal(p.number, 1);
	nlb_free(&b);
}

/* An eswitch VF representor of an external controller, with its function. */
static void port_pcivf(void **state)
{
	static const uint8_t mac[6] = { 0x00, 0x11, 0x22, 0x33, 0x44, 0x55 };
	struct prm_err err = { 0 };
	struct dl_port p;
	struct nlb b;

	(void)state;
	nlb_init(&b);
	port_head(&b, DEVLINK_CMD_PORT_NEW, "pci", "0000:08:00.0", 131075, DEVLINK_PORT_TYPE_ETH);
	nlb_u32(&b, DEVLINK_ATTR_PORT_NETDEV_IFINDEX, 9);
	nlb_str(&b, DEVLINK_ATTR_PORT_NETDEV_NAME, "pf0vf3");
	nlb_u8(&b, DEVLINK_ATTR_PORT_SPLITTABLE, 0);
	nlb_u16(&b, DEVLINK_ATTR_PORT_FLAVOUR, DEVLINK_PORT_FLAVOUR_PCI_VF);
	nlb_u32(&b, DEVLINK_ATTR_PORT_CONTROLLER_NUMBER, 1);
	nlb_u16(&b, DEVLINK_ATTR_PORT_PCI_PF_NUMBER, 2);
	nlb_u16(&b, DEVLINK_ATTR_PORT_PCI_VF_NUMBER, 3);
	nlb_u8(&b, DEVLINK_ATTR_PORT_EXTERNAL, 1);
	port_function(&b, mac, sizeof(mac), DEVLINK_PORT_FN_STATE_ACTIVE, DEVLINK_PORT_FN_OPSTATE_ATTACHED);
	nlb_msg_end(&b);

	memset(&p, 0, sizeof(p));
	assert_int_equal(dl_parse_port(nlb_nlh(&b, 0), &p, &err), 0);
	assert_int_equal(p.index, 131075);
	assert_int_equal(p.flavour, DEVLINK_PORT_FLAVOUR_PCI_VF);
	assert_true(p.has_controller);
	assert_int_equal(p.controller, 1);
	assert_true(p.has_pf);
	assert_int_equal(p.pf, 2);
	assert_true(p.has_vf);
	assert_int_equal(p.vf, 3);
	assert_true(p.has_external);
	assert_true(p.external);
	assert_false(p.has_sf);
	assert_false(p.has_number);
	assert_string_equal(p.netdev, "pf0vf3");
	assert_int_equal(p.hw_addr_len, 6);
	assert_memory_equal(p.hw_addr, mac, 6);
	assert_true(p.has_fn_state);
	assert_int_equal(p.fn_state, DEVLINK_PORT_FN_STATE_ACTIVE);
	assert_int_equal(p.fn_opstate, DEVLINK_PORT_FN_OPSTATE_ATTACHED);
	nlb_free(&b);
}

/* A PF port: controller, pf, external 0 (present, false). */
static void port_pcipf(void **state)
{
	struct prm_err err = { 0 };
	struct dl_port p;
	struct nlb b;

	(void)state;
	nlb_init(&b);
	port_head(&b, DEVLINK_CMD_PORT_NEW, "pci", "0000:08:00.0", 131072, DEVLINK_PORT_TYPE_ETH);
	nlb_u8(&b, DEVLINK_ATTR_PORT_SPLITTABLE, 0);
	nlb_u16(&b, DEVLINK_ATTR_PORT_FLAVOUR, DEVLINK_PORT_FLAVOUR_PCI_PF);
	nlb_u32(&b, DEVLINK_ATTR_PORT_CONTROLLER_NUMBER, 0);
	nlb_u16(&b, DEVLINK_ATTR_PORT_PCI_PF_NUMBER, 0);
	nlb_u8(&b, DEVLINK_ATTR_PORT_EXTERNAL, 0);
	nlb_msg_end(&b);

	memset(&p, 0, sizeof(p));
	assert_int_equal(dl_parse_port(nlb_nlh(&b, 0), &p, &err), 0);
	assert_int_equal(p.flavour, DEVLINK_PORT_FLAVOUR_PCI_PF);
	assert_true(p.has_controller);
	assert_int_equal(p.controller, 0);
	assert_true(p.has_pf);
	assert_int_equal(p.pf, 0);
	assert_false(p.has_vf);
	assert_true(p.has_external);
	assert_false(p.external);
	nlb_free(&b);
}

/* An SF port (auxiliary devlink of the SF's own is another thing: this is
 * the eswitch port): controller, pf, sfnum u32, no external attribute;
 * function inactive and detached (state 0 is still a state). */
static void port_pcisf(void **state)
{
	static const uint8_t mac[6] = { 0x00, 0x00, 0x00, 0x00, 0x00, 0x88 };
	struct prm_err err = { 0 };
	struct dl_port p;
	struct nlb b;

	(void)state;
	nlb_init(&b);
	port_head(&b, DEVLINK_CMD_PORT_NEW, "pci", "0000:08:00.0", 98304, DEVLINK_PORT_TYPE_ETH);
	nlb_u32(&b, DEVLINK_ATTR_PORT_NETDEV_IFINDEX, 20);
	nlb_str(&b, DEVLINK_ATTR_PORT_NETDEV_NAME, "en8f0pf0sf88");
	nlb_u8(&b, DEVLINK_ATTR_PORT_SPLITTABLE, 0);
	nlb_u16(&b, DEVLINK_ATTR_PORT_FLAVOUR, DEVLINK_PORT_FLAVOUR_PCI_SF);
	nlb_u32(&b, DEVLINK_ATTR_PORT_CONTROLLER_NUMBER, 0);
	nlb_u16(&b, DEVLINK_ATTR_PORT_PCI_PF_NUMBER, 0);
	nlb_u32(&b, DEVLINK_ATTR_PORT_PCI_SF_NUMBER, 88);
	port_function(&b, mac, sizeof(mac), DEVLINK_PORT_FN_STATE_INACTIVE,
		      DEVLINK_PORT_FN_OPSTATE_DETACHED);
	nlb_msg_end(&b);

	memset(&p, 0, sizeof(p));
	assert_int_equal(dl_parse_port(nlb_nlh(&b, 0), &p, &err), 0);
	assert_int_equal(p.flavour, DEVLINK_PORT_FLAVOUR_PCI_SF);
	assert_true(p.has_sf);
	assert_int_equal(p.sf, 88);
	assert_true(p.has_pf);
	assert_int_equal(p.pf, 0);
	assert_true(p.has_controller);
	assert_false(p.has_vf);
	assert_false(p.has_external);
	assert_int_equal(p.hw_addr_len, 6);
	assert_memory_equal(p.hw_addr, mac, 6);
	assert_true(p.has_fn_state);
	assert_int_equal(p.fn_state, DEVLINK_PORT_FN_STATE_INACTIVE);
	assert_int_equal(p.fn_opstate, DEVLINK_PORT_FN_OPSTATE_DETACHED);
	nlb_free(&b);
}

/* A function nest with the hw_addr only (a driver without port_fn_state_get). */
static void port_function_addr_only(void **state)
{
	static const uint8_t mac[6] = { 0x02, 0x00, 0x00, 0x00, 0x00, 0x01 };
	struct prm_err err = { 0 };
	struct dl_port p;
	struct nlb b;

	(void)state;
	nlb_init(&b);
	port_head(&b, DEVLINK_CMD_PORT_NEW, "pci", "0000:08:00.0", 2, DEVLINK_PORT_TYPE_ETH);
	nlb_u8(&b, DEVLINK_ATTR_PORT_SPLITTABLE, 0);
	nlb_u16(&b, DEVLINK_ATTR_PORT_FLAVOUR, DEVLINK_PORT_FLAVOUR_PCI_VF);
	nlb_nest_start(&b, DEVLINK_ATTR_PORT_FUNCTION);
	nlb_put(&b, DEVLINK_PORT_FUNCTION_ATTR_HW_ADDR, mac, sizeof(mac));
	nlb_nest_end(&b);
	nlb_msg_end(&b);

	memset(&p, 0, sizeof(p));
	assert_int_equal(dl_parse_port(nlb_nlh(&b, 0), &p, &err), 0);
	assert_int_equal(p.hw_addr_len, 6);
	assert_memory_equal(p.hw_addr, mac, 6);
	assert_false(p.has_fn_state);
	nlb_free(&b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(port_physical),
		cmocka_unit_test(port_split_dump),
		cmocka_unit_test(port_ib),
		cmocka_unit_test(port_pcivf),
		cmocka_unit_test(port_pcipf),
		cmocka_unit_test(port_pcisf),
		cmocka_unit_test(port_function_addr_only),
	};

	return cmocka_run_group_tests_name("dlport", tests, NULL, NULL);
}
