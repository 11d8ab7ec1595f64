// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * lib/nl/devlink_msg.c on whole generic netlink messages as Linux 6.1's
 * devlink fill functions emit them (net/devlink/leftover.c), with what
 * mlx5 and netdevsim put in them, written byte by byte with
 * tests/unit/nlbuild.h. Then the policy: attributes of the wrong size are
 * errors naming them (iproute2's attr_cb refuses them the same way),
 * attributes newer than DEVLINK_ATTR_MAX are skipped.
 */
#include <ctype.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "lib/nl/devlink_msg.h"
#include "tests/unit/nlbuild.h"

/* ---- helpers ---- */

/* devlink_nl_put_handle */
static void handle(struct nlb *b, const char *bus, const char *dev)
{
	nlb_str(b, DEVLINK_ATTR_BUS_NAME, bus);
	nlb_str(b, DEVLINK_ATTR_DEV_NAME, dev);
}

/*
 * err.msg names the attribute: its uapi name in any case, '_', '-' or ' '
 * between the words, with or without DEVLINK_ATTR_; or its number.
 */
static bool names(const char *msg, const char *name, unsigned num)
{
	char m[sizeof(((struct prm_err *)0)->msg)], n[64], d[16];
	const char *p;
	size_t i;

	for (i = 0; msg[i] && i < sizeof(m) - 1; i++)
		m[i] = (msg[i] == ' ' || msg[i] == '-') ? '_' : (char)tolower((unsigned char)msg[i]);
	m[i] = '\0';
	for (i = 0; name[i] && i < sizeof(n) - 1; i++)
		n[i] = (char)tolower((unsigned char)name[i]);
	n[i] = '\0';
	if (strstr(m, n))
		return true;
	snprintf(d, sizeof(d), "%u", num);
	for (p = strstr(m, d); p; p = strstr(p + 1, d))
		if ((p == m || !isdigit((unsigned char)p[-1])) && !isdigit((unsigned char)p[strlen(d)]))
			return true;
	return false;
}

#define ASSERT_NAMES(rc, err, name, num) do {						\
	assert_int_equal((rc), -1);							\
	if (!(err).msg[0] || !names((err).msg, (name), (num)))				\
		fail_msg("error \"%s\" does not name %s (%u)", (err).msg, (name), (num));	\
} while (0)

/* ---- the builder's message header against bytes typed by hand ---- */

static void builder_message(void **state)
{
	static const uint8_t want[] = {
		0x38, 0x00, 0x00, 0x00, 0x14, 0x00, 0x00, 0x00,	/* len 56, family, no flags */
		0x07, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,	/* seq 7, pid 0 */
		0x07, 0x01, 0x00, 0x00,				/* cmd PORT_NEW, version 1 */
		0x08, 0x00, 0x01, 0x00, 'p', 'c', 'i', 0x00,	/* BUS_NAME "pci" */
		0x11, 0x00, 0x02, 0x00, '0', '0', '0', '0',	/* DEV_NAME, 13 + 4 */
		':', '0', '8', ':', '0', '0', '.', '0',
		0x00, 0x00, 0x00, 0x00,				/* NUL + 3 pad */
		0x08, 0x00, 0x03, 0x00, 0x01, 0x00, 0x00, 0x00,	/* PORT_INDEX 1 */
	};
	struct nlb b;

	(void)state;
	nlb_init(&b);
	nlb_msg_start(&b, DEVLINK_CMD_PORT_NEW, 0, 7);
	handle(&b, "pci", "0000:08:00.0");
	nlb_u32(&b, DEVLINK_ATTR_PORT_INDEX, 1);
	nlb_msg_end(&b);
	assert_int_equal(b.len, sizeof(want));
	assert_memory_equal(b.buf, want, sizeof(want));
	assert_int_equal(dl_msg_cmd(nlb_nlh(&b, 0)), DEVLINK_CMD_PORT_NEW);
	nlb_free(&b);
}

/* ---- dl_msg_cmd and the genl header ---- */

static void msg_cmd(void **state)
{
	struct prm_err err = { 0 };
	struct dl_handle h;
	struct nlb b;
	size_t off;

	(void)state;
	nlb_init(&b);
	off = nlb_msg_start(&b, DEVLINK_CMD_HEALTH_REPORTER_GET, NLM_F_MULTI, 1);
	nlb_msg_end(&b);
	assert_int_equal(dl_msg_cmd(nlb_nlh(&b, off)), DEVLINK_CMD_HEALTH_REPORTER_GET);

	/* nlmsg_len 19: one byte short of the genl header */
	nlb_nlh(&b, off)->nlmsg_len = NLMSG_HDRLEN + GENL_HDRLEN - 1;
	assert_int_equal(dl_msg_cmd(nlb_nlh(&b, off)), -1);
	assert_int_equal(dl_parse_handle(nlb_nlh(&b, off), &h, &err), -1);
	assert_true(err.msg[0] != '\0');

	/* devlink_fmsg_snd's NLMSG_DONE: a bare header */
	off = nlb_done(&b, NLM_F_MULTI, 1);
	assert_int_equal(dl_msg_cmd(nlb_nlh(&b, off)), -1);
	nlb_free(&b);
}

static int no_chunk(uint64_t addr, const void *data, size_t len, void *arg)
{
	(void)addr, (void)data, (void)len, (void)arg;
	return 99;	/* never called: there are no chunks */
}

/* Every parser refuses a message without a genl header. */
static void short_messages(void **state)
{
	struct prm_err err;
	struct dl_info *info = calloc(1, sizeof(*info));
	struct dl_port port;
	struct dl_reporter rep;
	struct dl_region reg;
	struct fmsg f;
	uint32_t id;
	struct nlb b;
	struct nlmsghdr *nlh;

	(void)state;
	assert_non_null(info);
	nlb_init(&b);
	nlb_msg_start(&b, DEVLINK_CMD_INFO_GET, 0, 0);
	nlb_msg_end(&b);
	nlh = nlb_nlh(&b, 0);
	for (uint32_t len = NLMSG_HDRLEN; len < NLMSG_HDRLEN + GENL_HDRLEN; len++) {
		nlh->nlmsg_len = len;
		memset(&err, 0, sizeof(err));
		assert_int_equal(dl_parse_info(nlh, info, &err), -1);
		assert_true(err.msg[0] != '\0');
		memset(&err, 0, sizeof(err));
		assert_int_equal(dl_parse_port(nlh, &port, &err), -1);
		assert_true(err.msg[0] != '\0');
		memset(&err, 0, sizeof(err));
		assert_int_equal(dl_parse_reporter(nlh, &rep, &err), -1);
		assert_true(err.msg[0] != '\0');
		memset(&err, 0, sizeof(err));
		assert_int_equal(dl_parse_region(nlh, &reg, &err), -1);
		assert_true(err.msg[0] != '\0');
		memset(&err, 0, sizeof(err));
		assert_int_equal(dl_parse_snapshot_id(nlh, &id, &err), -1);
		assert_true(err.msg[0] != '\0');
		memset(&err, 0, sizeof(err));
		assert_int_equal(dl_parse_chunks(nlh, no_chunk, NULL, &err), -1);
		assert_true(err.msg[0] != '\0');
		memset(&err, 0, sizeof(err));
		fmsg_init(&f);
		assert_int_equal(dl_parse_fmsg(nlh, &f, &err), -1);
		assert_true(err.msg[0] != '\0');
		fmsg_free(&f);
	}
	nlb_free(&b);
	free(info);
}

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

/* ---- PORT_GET (answered as DEVLINK_CMD_PORT_NEW; dumps say DEVLINK_CMD_NEW) ---- */

/* devlink_nl_port_fill up to the flavour attributes */
static void port_head(struct nlb *b, uint8_t cmd, const char *bus, const char *dev,
		      uint32_t index, uint16_t type)
{
	nlb_msg_start(b, cmd, cmd == DEVLINK_CMD_NEW ? NLM_F_MULTI : 0, 0);
	handle(b, bus, dev);
	nlb_u32(b, DEVLINK_ATTR_PORT_INDEX, index);
	nlb_u16(b, DEVLINK_ATTR_PORT_TYPE, type);
}

/* devlink_nl_port_function_attrs_put with hw_addr and state filled */
static void port_function(struct nlb *b, const uint8_t *mac, size_t len, uint8_t state, uint8_t opstate)
{
	nlb_nest_start(b, DEVLINK_ATTR_PORT_FUNCTION);
	nlb_put(b, DEVLINK_PORT_FUNCTION_ATTR_HW_ADDR, mac, len);
	nlb_u8(b, DEVLINK_PORT_FN_ATTR_STATE, state);
	nlb_u8(b, DEVLINK_PORT_FN_ATTR_OPSTATE, opstate);
	nlb_nest_end(b);
}

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

/* ---- HEALTH_REPORTER_GET ---- */

/* devlink_nl_health_reporter_fill, every optional attribute given or none */
struct rep_in {
	const char *name;
	uint8_t state;
	uint64_t err, rec;
	bool recover, dumped, dump;
	uint64_t grace, ts, ts_ns;
	bool auto_recover, auto_dump;
	bool port;
	uint32_t port_index;
};

static void reporter_msg(struct nlb *b, const struct rep_in *r)
{
	nlb_msg_start(b, DEVLINK_CMD_HEALTH_REPORTER_GET, NLM_F_MULTI, 0);
	handle(b, "pci", "0000:08:00.0");
	if (r->port)
		nlb_u32(b, DEVLINK_ATTR_PORT_INDEX, r->port_index);
	nlb_nest_start(b, DEVLINK_ATTR_HEALTH_REPORTER);
	nlb_str(b, DEVLINK_ATTR_HEALTH_REPORTER_NAME, r->name);
	nlb_u8(b, DEVLINK_ATTR_HEALTH_REPORTER_STATE, r->state);
	nlb_u64(b, DEVLINK_ATTR_HEALTH_REPORTER_ERR_COUNT, r->err);
	nlb_u64(b, DEVLINK_ATTR_HEALTH_REPORTER_RECOVER_COUNT, r->rec);
	if (r->recover)
		nlb_u64(b, DEVLINK_ATTR_HEALTH_REPORTER_GRACEFUL_PERIOD, r->grace);
	if (r->recover)
		nlb_u8(b, DEVLINK_ATTR_HEALTH_REPORTER_AUTO_RECOVER, r->auto_recover);
	if (r->dumped)
		nlb_u64(b, DEVLINK_ATTR_HEALTH_REPORTER_DUMP_TS, r->ts);
	if (r->dumped)
		nlb_u64(b, DEVLINK_ATTR_HEALTH_REPORTER_DUMP_TS_NS, r->ts_ns);
	if (r->dump)
		nlb_u8(b, DEVLINK_ATTR_HEALTH_REPORTER_AUTO_DUMP, r->auto_dump);
	nlb_nest_end(b);
	nlb_msg_end(b);
}

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

/* ---- REGION_GET, REGION_NEW ---- */

static void region_msg(struct nlb *b, bool port, const char *name, uint64_t size, uint32_t max,
		       const uint32_t *ids, unsigned n)
{
	nlb_msg_start(b, DEVLINK_CMD_REGION_GET, 0, 0);
	handle(b, "netdevsim", "netdevsim1");
	if (port)
		nlb_u32(b, DEVLINK_ATTR_PORT_INDEX, 0);
	nlb_str(b, DEVLINK_ATTR_REGION_NAME, name);
	nlb_u64(b, DEVLINK_ATTR_REGION_SIZE, size);
	nlb_u32(b, DEVLINK_ATTR_REGION_MAX_SNAPSHOTS, max);
	nlb_nest_start(b, DEVLINK_ATTR_REGION_SNAPSHOTS);
	for (unsigned i = 0; i < n; i++) {
		nlb_nest_start(b, DEVLINK_ATTR_REGION_SNAPSHOT);
		nlb_u32(b, DEVLINK_ATTR_REGION_SNAPSHOT_ID, ids[i]);
		nlb_nest_end(b);
	}
	nlb_nest_end(b);
	nlb_msg_end(b);
}

/* netdevsim's "dummy" region: 32 KiB, 16 snapshots at most */
static void region_get(void **state)
{
	static const uint32_t ids[] = { 1, 2, 5 };
	struct prm_err err = { 0 };
	struct dl_region r;
	struct nlb b;

	(void)state;
	nlb_init(&b);
	region_msg(&b, false, "dummy", 32768, 16, ids, 3);
	memset(&r, 0, sizeof(r));
	assert_int_equal(dl_parse_region(nlb_nlh(&b, 0), &r, &err), 0);
	assert_string_equal(r.h.bus, "netdevsim");
	assert_string_equal(r.h.dev, "netdevsim1");
	assert_false(r.has_port);
	assert_string_equal(r.name, "dummy");
	assert_int_equal(r.size, 32768);
	assert_int_equal(r.max_snapshots, 16);
	assert_int_equal(r.nsnapshots, 3);
	assert_int_equal(r.snapshots[0], 1);
	assert_int_equal(r.snapshots[1], 2);
	assert_int_equal(r.snapshots[2], 5);
	nlb_free(&b);

	/* a port region, no snapshot yet: the nest is there, empty */
	nlb_init(&b);
	region_msg(&b, true, "nvm-flash", 0x100000000ull, 1, NULL, 0);
	memset(&r, 0, sizeof(r));
	assert_int_equal(dl_parse_region(nlb_nlh(&b, 0), &r, &err), 0);
	assert_true(r.has_port);
	assert_int_equal(r.port, 0);
	assert_string_equal(r.name, "nvm-flash");
	assert_int_equal(r.size, 0x100000000ull);
	assert_int_equal(r.nsnapshots, 0);
	nlb_free(&b);
}

/* More snapshots than kept: all counted, the first DL_SNAPSHOTS_MAX kept. */
static void region_many_snapshots(void **state)
{
	uint32_t ids[300];
	struct prm_err err = { 0 };
	struct dl_region r;
	struct nlb b;

	(void)state;
	for (unsigned i = 0; i < 300; i++)
		ids[i] = 1000 + i;
	nlb_init(&b);
	region_msg(&b, false, "big", 4096, 300, ids, 300);
	memset(&r, 0, sizeof(r));
	assert_int_equal(dl_parse_region(nlb_nlh(&b, 0), &r, &err), 0);
	assert_int_equal(r.nsnapshots, 300);
	assert_int_equal(r.snapshots[0], 1000);
	assert_int_equal(r.snapshots[DL_SNAPSHOTS_MAX - 1], 1000 + DL_SNAPSHOTS_MAX - 1);
	nlb_free(&b);
}

/* devlink_nl_region_notify_build: the REGION_NEW answer carries the id;
 * the notification of a new region carries the size instead. */
static void region_new(void **state)
{
	struct prm_err err = { 0 };
	uint32_t id = 0;
	struct nlb b;

	(void)state;
	nlb_init(&b);
	nlb_msg_start(&b, DEVLINK_CMD_REGION_NEW, 0, 9);
	handle(&b, "netdevsim", "netdevsim1");
	nlb_str(&b, DEVLINK_ATTR_REGION_NAME, "dummy");
	nlb_u32(&b, DEVLINK_ATTR_REGION_SNAPSHOT_ID, 4294967295u);
	nlb_msg_end(&b);
	assert_int_equal(dl_msg_cmd(nlb_nlh(&b, 0)), DEVLINK_CMD_REGION_NEW);
	assert_int_equal(dl_parse_snapshot_id(nlb_nlh(&b, 0), &id, &err), 0);
	assert_int_equal(id, 4294967295u);
	nlb_free(&b);

	nlb_init(&b);
	nlb_msg_start(&b, DEVLINK_CMD_REGION_NEW, 0, 0);
	handle(&b, "netdevsim", "netdevsim1");
	nlb_u32(&b, DEVLINK_ATTR_PORT_INDEX, 1);
	nlb_str(&b, DEVLINK_ATTR_REGION_NAME, "dummy");
	nlb_u32(&b, DEVLINK_ATTR_REGION_SNAPSHOT_ID, 7);
	nlb_msg_end(&b);
	assert_int_equal(dl_parse_snapshot_id(nlb_nlh(&b, 0), &id, &err), 0);
	assert_int_equal(id, 7);
	nlb_free(&b);

	nlb_init(&b);
	nlb_msg_start(&b, DEVLINK_CMD_REGION_NEW, 0, 0);
	handle(&b, "netdevsim", "netdevsim1");
	nlb_str(&b, DEVLINK_ATTR_REGION_NAME, "dummy");
	nlb_u64(&b, DEVLINK_ATTR_REGION_SIZE, 32768);
	nlb_msg_end(&b);
	memset(&err, 0, sizeof(err));
	assert_int_equal(dl_parse_snapshot_id(nlb_nlh(&b, 0), &id, &err), -1);
	assert_true(err.msg[0] != '\0');
	nlb_free(&b);
}

/* ---- REGION_READ ---- */

#define DEVLINK_REGION_READ_CHUNK_SIZE 256

/*
 * devlink_nl_cmd_region_read_dumpit: one message per skb of room bytes,
 * handle, region name, then chunks of 256 bytes {DATA, ADDR} as long as
 * they fit (devlink_nl_cmd_region_read_chunk_fill cancels the one that
 * does not). The number of messages, -1 where the kernel fails.
 */
static int region_read_msgs(struct nlb *b, const uint8_t *data, uint64_t start, uint64_t end,
			    size_t room)
{
	int n = 0;

	while (start < end) {
		uint64_t cur = start;

		nlb_msg_start(b, DEVLINK_CMD_REGION_READ, NLM_F_ACK | NLM_F_MULTI, 0);
		handle(b, "netdevsim", "netdevsim1");
		nlb_str(b, DEVLINK_ATTR_REGION_NAME, "dummy");
		nlb_nest_start(b, DEVLINK_ATTR_REGION_CHUNKS);
		while (cur < end) {
			size_t size = end - cur < DEVLINK_REGION_READ_CHUNK_SIZE ?
				      (size_t)(end - cur) : DEVLINK_REGION_READ_CHUNK_SIZE;
			size_t need = NLA_HDRLEN + NLA_ALIGN(NLA_HDRLEN + size) + NLA_ALIGN(NLA_HDRLEN + 8);

			if (b->len - b->msg + NLA_HDRLEN > room) {
				nlb_msg_cancel(b);	/* the nest start fails: -EINVAL */
				return -1;
			}
			if (b->len - b->msg + need > room)
				break;
			nlb_nest_start(b, DEVLINK_ATTR_REGION_CHUNK);
			nlb_put(b, DEVLINK_ATTR_REGION_CHUNK_DATA, data + cur, size);
			nlb_u64(b, DEVLINK_ATTR_REGION_CHUNK_ADDR, cur);
			nlb_nest_end(b);
			cur += size;
		}
		if (cur == start) {
			nlb_msg_cancel(b);
			return -1;
		}
		nlb_nest_end(b);
		nlb_msg_end(b);
		start = cur;
		n++;
	}
	return n;
}

struct collect {
	uint8_t buf[32768];
	uint64_t next;		/* the address the next chunk should have */
	unsigned chunks, stop_at;
	bool bad;
};

static int collect_cb(uint64_t addr, const void *data, size_t len, void *arg)
{
	struct collect *c = arg;

	if (addr != c->next || addr + len > sizeof(c->buf)) {
		c->bad = true;
		return -5;
	}
	memcpy(c->buf + addr, data, len);
	c->next = addr + len;
	if (++c->chunks == c->stop_at)
		return 42;
	return 0;
}

static int read_all(struct nlb *b, struct collect *c, struct prm_err *err)
{
	size_t off = 0;

	while (off < b->len) {
		const struct nlmsghdr *nlh = nlb_nlh(b, off);
		int rc = dl_parse_chunks(nlh, collect_cb, c, err);

		if (rc)
			return rc;
		off += NLMSG_ALIGN(nlh->nlmsg_len);
	}
	return 0;
}

/* devlink region read netdevsim/netdevsim1/dummy snapshot 1 address 0
 * length 600: 256 + 256 + 88 at 0, 256, 512, one message */
static void region_read_small(void **state)
{
	static uint8_t data[32768];
	static struct collect c;
	struct prm_err err = { 0 };
	struct nlb b;

	(void)state;
	for (size_t i = 0; i < sizeof(data); i++)
		data[i] = (uint8_t)(i ^ (i >> 8));
	memset(&c, 0, sizeof(c));
	nlb_init(&b);
	assert_int_equal(region_read_msgs(&b, data, 0, 600, KF_ROOM_DUMP), 1);
	assert_int_equal(read_all(&b, &c, &err), 0);
	assert_false(c.bad);
	assert_int_equal(c.chunks, 3);
	assert_int_equal(c.next, 600);
	assert_memory_equal(c.buf, data, 600);
	nlb_free(&b);
}

/* The whole 32 KiB dump: many messages of many chunks, then a callback
 * that stops after the 20th chunk. */
static void region_read_dump(void **state)
{
	static uint8_t data[32768];
	static struct collect c;
	struct prm_err err = { 0 };
	struct nlb b;
	int nmsg;

	(void)state;
	for (size_t i = 0; i < sizeof(data); i++)
		data[i] = (uint8_t)(i * 13 + (i >> 9));
	memset(&c, 0, sizeof(c));
	nlb_init(&b);
	nmsg = region_read_msgs(&b, data, 0, sizeof(data), KF_ROOM_DUMP);
	assert_true(nmsg > 8);
	assert_int_equal(read_all(&b, &c, &err), 0);
	assert_false(c.bad);
	assert_int_equal(c.chunks, 128);
	assert_int_equal(c.next, sizeof(data));
	assert_memory_equal(c.buf, data, sizeof(data));

	memset(&c, 0, sizeof(c));
	c.stop_at = 20;
	assert_int_equal(read_all(&b, &c, &err), 42);
	assert_int_equal(c.chunks, 20);
	nlb_free(&b);

	/* a read from the middle, odd length: first address 100 */
	memset(&c, 0, sizeof(c));
	c.next = 100;
	nlb_init(&b);
	assert_true(region_read_msgs(&b, data, 100, 100 + 1001, 1024) > 1);
	assert_int_equal(read_all(&b, &c, &err), 0);
	assert_false(c.bad);
	assert_int_equal(c.next, 1101);
	assert_memory_equal(c.buf + 100, data + 100, 1001);
	nlb_free(&b);
}

/* ---- DIAGNOSE / DUMP_GET ---- */

/* mlx5_fw_reporter_diagnose with syndrome 1, as devlink_fmsg_snd sends it */
static void diagnose_fmsg(void **state)
{
	struct prm_err err = { 0 };
	struct kfmsg k;
	struct fmsg f;
	struct nlb b;
	uint64_t v;

	(void)state;
	kf_init(&k);
	kf_obj_nest_start(&k);
	kf_u8_pair_put(&k, "Syndrome", 1);
	kf_string_pair_put(&k, "Description", "firmware internal error");
	kf_obj_nest_end(&k);
	nlb_init(&b);
	assert_int_equal(kf_send(&k, &b, KF_ROOM_DOIT, DEVLINK_CMD_HEALTH_REPORTER_DIAGNOSE, 0), 1);
	assert_int_equal(dl_msg_cmd(nlb_nlh(&b, 0)), DEVLINK_CMD_HEALTH_REPORTER_DIAGNOSE);
	fmsg_init(&f);
	assert_int_equal(dl_parse_fmsg(nlb_nlh(&b, 0), &f, &err), 0);
	assert_int_equal(fmsg_finish(&f, &err), 0);
	assert_true(fmsg_get_u64(f.root, "Syndrome", &v));
	assert_int_equal(v, 1);
	assert_string_equal(fmsg_get(f.root, "Description")->str, "firmware internal error");
	fmsg_free(&f);
	nlb_free(&b);
	kf_free(&k);
}

/* A dump over several messages (devlink_fmsg_dumpit): each message's part
 * into the same fmsg, a binary's pieces in two of them. */
static void dump_fmsg_messages(void **state)
{
	static uint8_t bin[2 * KF_FMSG_MAX_SIZE + 77];
	struct prm_err err = { 0 };
	const struct fmsg_node *n;
	struct kfmsg k;
	struct fmsg f;
	struct nlb b;
	size_t off = 0;
	int nmsg, seen = 0;
	uint64_t v;

	(void)state;
	for (size_t i = 0; i < sizeof(bin); i++)
		bin[i] = (uint8_t)(i * 31);
	kf_init(&k);
	kf_obj_nest_start(&k);
	kf_u8_pair_put(&k, "syndrome", 0);
	kf_u32_pair_put(&k, "fw_miss_counter", 5);
	kf_binary_pair_put(&k, "crdump_data", bin, sizeof(bin));
	kf_obj_nest_end(&k);
	nlb_init(&b);
	nmsg = kf_send(&k, &b, KF_ROOM_DUMP, DEVLINK_CMD_HEALTH_REPORTER_DUMP_GET, NLM_F_ACK);
	assert_int_equal(nmsg, 2);
	fmsg_init(&f);
	while (off < b.len) {
		const struct nlmsghdr *nlh = nlb_nlh(&b, off);

		assert_int_equal(dl_msg_cmd(nlh), DEVLINK_CMD_HEALTH_REPORTER_DUMP_GET);
		if (dl_parse_fmsg(nlh, &f, &err))
			fail_msg("message %d: %s", seen, err.msg);
		seen++;
		off += NLMSG_ALIGN(nlh->nlmsg_len);
	}
	assert_int_equal(seen, nmsg);
	assert_int_equal(fmsg_finish(&f, &err), 0);
	assert_true(fmsg_get_u64(f.root, "fw_miss_counter", &v));
	assert_int_equal(v, 5);
	n = fmsg_get(f.root, "crdump_data");
	assert_non_null(n);
	if (n->kind == FMSG_ARR)
		n = n->child;
	assert_non_null(n);
	assert_int_equal(n->len, sizeof(bin));
	assert_memory_equal(n->bin, bin, sizeof(bin));
	fmsg_free(&f);
	nlb_free(&b);
	kf_free(&k);
}

/* A bad item inside a message's fmsg is an error of dl_parse_fmsg. */
static void fmsg_error_passes_up(void **state)
{
	struct prm_err err = { 0 };
	struct fmsg f;
	struct nlb b;

	(void)state;
	nlb_init(&b);
	nlb_msg_start(&b, DEVLINK_CMD_HEALTH_REPORTER_DIAGNOSE, NLM_F_MULTI, 0);
	nlb_nest_start(&b, DEVLINK_ATTR_FMSG);
	nlb_flag(&b, DEVLINK_ATTR_FMSG_NEST_END);
	nlb_nest_end(&b);
	nlb_msg_end(&b);
	fmsg_init(&f);
	assert_int_equal(dl_parse_fmsg(nlb_nlh(&b, 0), &f, &err), -1);
	assert_true(err.msg[0] != '\0');
	fmsg_free(&f);
	nlb_free(&b);
}

/* ---- the policy ---- */

/* Attributes after DEVLINK_ATTR_MAX (a newer kernel's), of any size, at the
 * top and inside every nest: skipped. Inside the port function nest the
 * bound is DEVLINK_PORT_FUNCTION_ATTR_MAX (a newer kernel's caps, a 64-bit
 * bitfield32, is type 4). */
static void newer_attributes_skipped(void **state)
{
	static const uint8_t odd[3] = { 1, 2, 3 };
	static const uint8_t mac[6] = { 0x00, 0x11, 0x22, 0x33, 0x44, 0x55 };
	static const uint8_t caps[8] = { 1, 0, 0, 0, 1, 0, 0, 0 };
	struct prm_err err = { 0 };
	struct dl_info *info = calloc(1, sizeof(*info));
	struct dl_reporter r;
	struct dl_region reg;
	struct dl_port p;
	struct collect *c = calloc(1, sizeof(*c));
	struct nlb b;

	(void)state;
	assert_non_null(info);
	assert_non_null(c);

	nlb_init(&b);
	port_head(&b, DEVLINK_CMD_PORT_NEW, "pci", "0000:08:00.0", 5, DEVLINK_PORT_TYPE_ETH);
	nlb_put(&b, DEVLINK_ATTR_MAX + 1, odd, sizeof(odd));
	nlb_u8(&b, DEVLINK_ATTR_PORT_SPLITTABLE, 0);
	nlb_u16(&b, DEVLINK_ATTR_PORT_FLAVOUR, DEVLINK_PORT_FLAVOUR_PCI_VF);
	nlb_nest_start(&b, DEVLINK_ATTR_PORT_FUNCTION);
	nlb_put(&b, DEVLINK_PORT_FUNCTION_ATTR_HW_ADDR, mac, sizeof(mac));
	nlb_u8(&b, DEVLINK_PORT_FN_ATTR_STATE, DEVLINK_PORT_FN_STATE_ACTIVE);
	nlb_u8(&b, DEVLINK_PORT_FN_ATTR_OPSTATE, DEVLINK_PORT_FN_OPSTATE_ATTACHED);
	nlb_put(&b, DEVLINK_PORT_FUNCTION_ATTR_MAX + 1, caps, sizeof(caps));
	nlb_put(&b, DEVLINK_PORT_FUNCTION_ATTR_MAX + 2, odd, 1);
	nlb_nest_end(&b);
	nlb_put(&b, 0x3fff, odd, sizeof(odd));	/* the highest type there is */
	nlb_u16(&b, DEVLINK_ATTR_PORT_PCI_VF_NUMBER, 7);
	nlb_msg_end(&b);
	memset(&p, 0, sizeof(p));
	if (dl_parse_port(nlb_nlh(&b, 0), &p, &err))
		fail_msg("port: %s", err.msg);
	assert_int_equal(p.vf, 7);
	assert_int_equal(p.hw_addr_len, 6);
	assert_true(p.has_fn_state);
	assert_int_equal(p.fn_opstate, DEVLINK_PORT_FN_OPSTATE_ATTACHED);
	nlb_free(&b);

	nlb_init(&b);
	nlb_msg_start(&b, DEVLINK_CMD_HEALTH_REPORTER_GET, 0, 0);
	handle(&b, "pci", "0000:08:00.0");
	nlb_nest_start(&b, DEVLINK_ATTR_HEALTH_REPORTER);
	nlb_str(&b, DEVLINK_ATTR_HEALTH_REPORTER_NAME, "fw");
	nlb_put(&b, DEVLINK_ATTR_MAX + 7, odd, 2);
	nlb_u8(&b, DEVLINK_ATTR_HEALTH_REPORTER_STATE, 1);
	nlb_u64(&b, DEVLINK_ATTR_HEALTH_REPORTER_ERR_COUNT, 9);
	nlb_u64(&b, DEVLINK_ATTR_HEALTH_REPORTER_RECOVER_COUNT, 0);
	nlb_nest_end(&b);
	nlb_u32(&b, DEVLINK_ATTR_MAX + 1, 0);
	nlb_msg_end(&b);
	memset(&r, 0, sizeof(r));
	if (dl_parse_reporter(nlb_nlh(&b, 0), &r, &err))
		fail_msg("reporter: %s", err.msg);
	assert_int_equal(r.state, 1);
	assert_int_equal(r.error_count, 9);
	nlb_free(&b);

	nlb_init(&b);
	nlb_msg_start(&b, DEVLINK_CMD_INFO_GET, 0, 0);
	handle(&b, "pci", "0000:08:00.0");
	nlb_nest_start(&b, DEVLINK_ATTR_INFO_VERSION_RUNNING);
	nlb_str(&b, DEVLINK_ATTR_INFO_VERSION_NAME, "fw");
	nlb_put(&b, DEVLINK_ATTR_MAX + 1, odd, 3);
	nlb_str(&b, DEVLINK_ATTR_INFO_VERSION_VALUE, "1.0");
	nlb_nest_end(&b);
	nlb_put(&b, DEVLINK_ATTR_MAX + 2, NULL, 0);
	nlb_msg_end(&b);
	if (dl_parse_info(nlb_nlh(&b, 0), info, &err))
		fail_msg("info: %s", err.msg);
	assert_int_equal(info->nrunning, 1);
	assert_string_equal(info->running[0].value, "1.0");
	nlb_free(&b);

	nlb_init(&b);
	nlb_msg_start(&b, DEVLINK_CMD_REGION_GET, 0, 0);
	handle(&b, "netdevsim", "netdevsim1");
	nlb_str(&b, DEVLINK_ATTR_REGION_NAME, "dummy");
	nlb_u64(&b, DEVLINK_ATTR_REGION_SIZE, 32768);
	nlb_u32(&b, DEVLINK_ATTR_REGION_MAX_SNAPSHOTS, 16);
	nlb_nest_start(&b, DEVLINK_ATTR_REGION_SNAPSHOTS);
	nlb_nest_start(&b, DEVLINK_ATTR_REGION_SNAPSHOT);
	nlb_u32(&b, DEVLINK_ATTR_REGION_SNAPSHOT_ID, 3);
	nlb_put(&b, DEVLINK_ATTR_MAX + 1, odd, 1);
	nlb_nest_end(&b);
	nlb_nest_end(&b);
	nlb_msg_end(&b);
	memset(&reg, 0, sizeof(reg));
	if (dl_parse_region(nlb_nlh(&b, 0), &reg, &err))
		fail_msg("region: %s", err.msg);
	assert_int_equal(reg.nsnapshots, 1);
	assert_int_equal(reg.snapshots[0], 3);
	nlb_free(&b);

	nlb_init(&b);
	nlb_msg_start(&b, DEVLINK_CMD_REGION_READ, NLM_F_MULTI, 0);
	handle(&b, "netdevsim", "netdevsim1");
	nlb_str(&b, DEVLINK_ATTR_REGION_NAME, "dummy");
	nlb_nest_start(&b, DEVLINK_ATTR_REGION_CHUNKS);
	nlb_nest_start(&b, DEVLINK_ATTR_REGION_CHUNK);
	nlb_put(&b, DEVLINK_ATTR_REGION_CHUNK_DATA, odd, 3);
	nlb_put(&b, DEVLINK_ATTR_MAX + 3, odd, 3);
	nlb_u64(&b, DEVLINK_ATTR_REGION_CHUNK_ADDR, 0);
	nlb_nest_end(&b);
	nlb_nest_end(&b);
	nlb_msg_end(&b);
	if (dl_parse_chunks(nlb_nlh(&b, 0), collect_cb, c, &err))
		fail_msg("chunks: %s", err.msg);
	assert_int_equal(c->chunks, 1);
	assert_int_equal(c->next, 3);
	nlb_free(&b);
	free(info);
	free(c);
}

/* The nest flag (NLA_F_NESTED) and byte-order flag are not part of the
 * type (nla_type() masks them): a reporter nest marked nested parses. */
static void nested_flag_masked(void **state)
{
	struct prm_err err = { 0 };
	struct dl_reporter r;
	struct nlb b;

	(void)state;
	nlb_init(&b);
	nlb_msg_start(&b, DEVLINK_CMD_HEALTH_REPORTER_GET, 0, 0);
	handle(&b, "pci", "0000:08:00.0");
	nlb_nest_start(&b, NLA_F_NESTED | DEVLINK_ATTR_HEALTH_REPORTER);
	nlb_str(&b, DEVLINK_ATTR_HEALTH_REPORTER_NAME, "fw");
	nlb_u8(&b, DEVLINK_ATTR_HEALTH_REPORTER_STATE, 0);
	nlb_u64(&b, DEVLINK_ATTR_HEALTH_REPORTER_ERR_COUNT, 1);
	nlb_u64(&b, DEVLINK_ATTR_HEALTH_REPORTER_RECOVER_COUNT, 1);
	nlb_nest_end(&b);
	nlb_msg_end(&b);
	memset(&r, 0, sizeof(r));
	if (dl_parse_reporter(nlb_nlh(&b, 0), &r, &err))
		fail_msg("%s", err.msg);
	assert_string_equal(r.name, "fw");
	assert_int_equal(r.error_count, 1);
	nlb_free(&b);
}

/* One wrong attribute in an otherwise good message: the parser, the
 * attribute's name (without DEVLINK_ATTR_, lower case) and number. */
enum which { P_HANDLE, P_INFO, P_PORT, P_REPORTER, P_REGION, P_SNAPSHOT, P_CHUNKS };

struct policy_case {
	const char *what;
	enum which parser;
	const char *name;
	unsigned num;
	void (*build)(struct nlb *b);
};

static void pc_port_index_u16(struct nlb *b)
{
	nlb_msg_start(b, DEVLINK_CMD_PORT_NEW, 0, 0);
	handle(b, "pci", "0000:08:00.0");
	nlb_u16(b, DEVLINK_ATTR_PORT_INDEX, 1);
	nlb_u16(b, DEVLINK_ATTR_PORT_TYPE, DEVLINK_PORT_TYPE_ETH);
}

static void pc_netdev_name_no_nul(struct nlb *b)
{
	port_head(b, DEVLINK_CMD_PORT_NEW, "pci", "0000:08:00.0", 1, DEVLINK_PORT_TYPE_ETH);
	nlb_u32(b, DEVLINK_ATTR_PORT_NETDEV_IFINDEX, 4);
	nlb_put(b, DEVLINK_ATTR_PORT_NETDEV_NAME, "eth0", 4);
}

static void pc_flavour_u8(struct nlb *b)
{
	port_head(b, DEVLINK_CMD_PORT_NEW, "pci", "0000:08:00.0", 1, DEVLINK_PORT_TYPE_ETH);
	nlb_u8(b, DEVLINK_ATTR_PORT_FLAVOUR, DEVLINK_PORT_FLAVOUR_PHYSICAL);
}

static void pc_port_type_u32(struct nlb *b)
{
	nlb_msg_start(b, DEVLINK_CMD_PORT_NEW, 0, 0);
	handle(b, "pci", "0000:08:00.0");
	nlb_u32(b, DEVLINK_ATTR_PORT_INDEX, 1);
	nlb_u32(b, DEVLINK_ATTR_PORT_TYPE, DEVLINK_PORT_TYPE_ETH);
}

static void pc_vf_number_u32(struct nlb *b)
{
	port_head(b, DEVLINK_CMD_PORT_NEW, "pci", "0000:08:00.0", 1, DEVLINK_PORT_TYPE_ETH);
	nlb_u16(b, DEVLINK_ATTR_PORT_FLAVOUR, DEVLINK_PORT_FLAVOUR_PCI_VF);
	nlb_u32(b, DEVLINK_ATTR_PORT_PCI_VF_NUMBER, 1);
}

static void pc_fn_state_u32(struct nlb *b)
{
	port_head(b, DEVLINK_CMD_PORT_NEW, "pci", "0000:08:00.0", 1, DEVLINK_PORT_TYPE_ETH);
	nlb_nest_start(b, DEVLINK_ATTR_PORT_FUNCTION);
	nlb_u32(b, DEVLINK_PORT_FN_ATTR_STATE, 1);
	nlb_nest_end(b);
}

static void pc_bus_no_nul(struct nlb *b)
{
	nlb_msg_start(b, DEVLINK_CMD_PORT_NEW, 0, 0);
	nlb_put(b, DEVLINK_ATTR_BUS_NAME, "pci", 3);
	nlb_str(b, DEVLINK_ATTR_DEV_NAME, "0000:08:00.0");
}

static void pc_dev_empty(struct nlb *b)
{
	nlb_msg_start(b, DEVLINK_CMD_PORT_NEW, 0, 0);
	nlb_str(b, DEVLINK_ATTR_BUS_NAME, "pci");
	nlb_put(b, DEVLINK_ATTR_DEV_NAME, NULL, 0);
}

static void pc_driver_no_nul(struct nlb *b)
{
	nlb_msg_start(b, DEVLINK_CMD_INFO_GET, 0, 0);
	handle(b, "pci", "0000:08:00.0");
	nlb_put(b, DEVLINK_ATTR_INFO_DRIVER_NAME, "mlx5_core", 9);
}

static void pc_version_name_no_nul(struct nlb *b)
{
	nlb_msg_start(b, DEVLINK_CMD_INFO_GET, 0, 0);
	handle(b, "pci", "0000:08:00.0");
	nlb_nest_start(b, DEVLINK_ATTR_INFO_VERSION_FIXED);
	nlb_put(b, DEVLINK_ATTR_INFO_VERSION_NAME, "fw.psid", 7);
	nlb_str(b, DEVLINK_ATTR_INFO_VERSION_VALUE, "MT_0000000359");
	nlb_nest_end(b);
}

static void pc_version_value_no_nul(struct nlb *b)
{
	nlb_msg_start(b, DEVLINK_CMD_INFO_GET, 0, 0);
	handle(b, "pci", "0000:08:00.0");
	nlb_nest_start(b, DEVLINK_ATTR_INFO_VERSION_STORED);
	nlb_str(b, DEVLINK_ATTR_INFO_VERSION_NAME, "fw");
	nlb_put(b, DEVLINK_ATTR_INFO_VERSION_VALUE, "22.41.1000", 10);
	nlb_nest_end(b);
}

/* a whole reporter message (every attribute the fill function always
 * puts) with one of them, the one named, replaced by a bad one */
static void pc_reporter(struct nlb *b, uint16_t bad, void (*put_bad)(struct nlb *b))
{
	nlb_msg_start(b, DEVLINK_CMD_HEALTH_REPORTER_GET, 0, 0);
	handle(b, "pci", "0000:08:00.0");
	if (bad == DEVLINK_ATTR_PORT_INDEX)
		put_bad(b);
	nlb_nest_start(b, DEVLINK_ATTR_HEALTH_REPORTER);
	if (bad == DEVLINK_ATTR_HEALTH_REPORTER_NAME)
		put_bad(b);
	else
		nlb_str(b, DEVLINK_ATTR_HEALTH_REPORTER_NAME, "fw");
	if (bad == DEVLINK_ATTR_HEALTH_REPORTER_STATE)
		put_bad(b);
	else
		nlb_u8(b, DEVLINK_ATTR_HEALTH_REPORTER_STATE, 0);
	if (bad == DEVLINK_ATTR_HEALTH_REPORTER_ERR_COUNT)
		put_bad(b);
	else
		nlb_u64(b, DEVLINK_ATTR_HEALTH_REPORTER_ERR_COUNT, 0);
	nlb_u64(b, DEVLINK_ATTR_HEALTH_REPORTER_RECOVER_COUNT, 0);
	if (bad == DEVLINK_ATTR_HEALTH_REPORTER_DUMP_TS_NS)
		put_bad(b);
	nlb_nest_end(b);
}

static void bad_state(struct nlb *b)
{
	nlb_u32(b, DEVLINK_ATTR_HEALTH_REPORTER_STATE, 1);
}

static void pc_reporter_state_u32(struct nlb *b)
{
	pc_reporter(b, DEVLINK_ATTR_HEALTH_REPORTER_STATE, bad_state);
}

static void bad_err_count(struct nlb *b)
{
	nlb_u32(b, DEVLINK_ATTR_HEALTH_REPORTER_ERR_COUNT, 1);
}

static void pc_err_count_u32(struct nlb *b)
{
	pc_reporter(b, DEVLINK_ATTR_HEALTH_REPORTER_ERR_COUNT, bad_err_count);
}

static void bad_ts_ns(struct nlb *b)
{
	nlb_u32(b, DEVLINK_ATTR_HEALTH_REPORTER_DUMP_TS_NS, 1);
}

static void pc_dump_ts_ns_u32(struct nlb *b)
{
	pc_reporter(b, DEVLINK_ATTR_HEALTH_REPORTER_DUMP_TS_NS, bad_ts_ns);
}

static void bad_rep_name(struct nlb *b)
{
	nlb_put(b, DEVLINK_ATTR_HEALTH_REPORTER_NAME, "fw_fatal", 8);
}

static void pc_reporter_name_no_nul(struct nlb *b)
{
	pc_reporter(b, DEVLINK_ATTR_HEALTH_REPORTER_NAME, bad_rep_name);
}

static void bad_rep_port(struct nlb *b)
{
	nlb_u64(b, DEVLINK_ATTR_PORT_INDEX, 1);
}

static void pc_reporter_port_u64(struct nlb *b)
{
	pc_reporter(b, DEVLINK_ATTR_PORT_INDEX, bad_rep_port);
}

/* a whole REGION_GET with one attribute replaced */
static void pc_region(struct nlb *b, uint16_t bad)
{
	nlb_msg_start(b, DEVLINK_CMD_REGION_GET, 0, 0);
	handle(b, "netdevsim", "netdevsim1");
	nlb_str(b, DEVLINK_ATTR_REGION_NAME, "dummy");
	if (bad == DEVLINK_ATTR_REGION_SIZE)
		nlb_u32(b, DEVLINK_ATTR_REGION_SIZE, 32768);
	else
		nlb_u64(b, DEVLINK_ATTR_REGION_SIZE, 32768);
	if (bad == DEVLINK_ATTR_REGION_MAX_SNAPSHOTS)
		nlb_u8(b, DEVLINK_ATTR_REGION_MAX_SNAPSHOTS, 16);
	else
		nlb_u32(b, DEVLINK_ATTR_REGION_MAX_SNAPSHOTS, 16);
	nlb_nest_start(b, DEVLINK_ATTR_REGION_SNAPSHOTS);
	nlb_nest_start(b, DEVLINK_ATTR_REGION_SNAPSHOT);
	if (bad == DEVLINK_ATTR_REGION_SNAPSHOT_ID)
		nlb_u16(b, DEVLINK_ATTR_REGION_SNAPSHOT_ID, 1);
	else
		nlb_u32(b, DEVLINK_ATTR_REGION_SNAPSHOT_ID, 1);
	nlb_nest_end(b);
	nlb_nest_end(b);
}

static void pc_region_size_u32(struct nlb *b)
{
	pc_region(b, DEVLINK_ATTR_REGION_SIZE);
}

static void pc_snapshot_id_u16(struct nlb *b)
{
	pc_region(b, DEVLINK_ATTR_REGION_SNAPSHOT_ID);
}

static void pc_max_snapshots_u8(struct nlb *b)
{
	pc_region(b, DEVLINK_ATTR_REGION_MAX_SNAPSHOTS);
}

static void pc_new_snapshot_id_u64(struct nlb *b)
{
	nlb_msg_start(b, DEVLINK_CMD_REGION_NEW, 0, 0);
	handle(b, "netdevsim", "netdevsim1");
	nlb_str(b, DEVLINK_ATTR_REGION_NAME, "dummy");
	nlb_u64(b, DEVLINK_ATTR_REGION_SNAPSHOT_ID, 1);
}

static void pc_chunk_addr_u32(struct nlb *b)
{
	nlb_msg_start(b, DEVLINK_CMD_REGION_READ, NLM_F_MULTI, 0);
	handle(b, "netdevsim", "netdevsim1");
	nlb_str(b, DEVLINK_ATTR_REGION_NAME, "dummy");
	nlb_nest_start(b, DEVLINK_ATTR_REGION_CHUNKS);
	nlb_nest_start(b, DEVLINK_ATTR_REGION_CHUNK);
	nlb_put(b, DEVLINK_ATTR_REGION_CHUNK_DATA, "abcd", 4);
	nlb_u32(b, DEVLINK_ATTR_REGION_CHUNK_ADDR, 0);
	nlb_nest_end(b);
	nlb_nest_end(b);
}

static const struct policy_case policy_cases[] = {
	{ "port index of 2 bytes", P_PORT, "port_index", DEVLINK_ATTR_PORT_INDEX, pc_port_index_u16 },
	{ "netdev name without NUL", P_PORT, "netdev_name", DEVLINK_ATTR_PORT_NETDEV_NAME,
	  pc_netdev_name_no_nul },
	{ "flavour of 1 byte", P_PORT, "flavour", DEVLINK_ATTR_PORT_FLAVOUR, pc_flavour_u8 },
	{ "port type of 4 bytes", P_PORT, "port_type", DEVLINK_ATTR_PORT_TYPE, pc_port_type_u32 },
	{ "vf number of 4 bytes", P_PORT, "vf_number", DEVLINK_ATTR_PORT_PCI_VF_NUMBER,
	  pc_vf_number_u32 },
	{ "function state of 4 bytes", P_PORT, "state", DEVLINK_PORT_FN_ATTR_STATE, pc_fn_state_u32 },
	{ "bus name without NUL", P_HANDLE, "bus_name", DEVLINK_ATTR_BUS_NAME, pc_bus_no_nul },
	{ "dev name of 0 bytes", P_HANDLE, "dev_name", DEVLINK_ATTR_DEV_NAME, pc_dev_empty },
	{ "bus name without NUL (port)", P_PORT, "bus_name", DEVLINK_ATTR_BUS_NAME, pc_bus_no_nul },
	{ "driver name without NUL", P_INFO, "driver_name", DEVLINK_ATTR_INFO_DRIVER_NAME,
	  pc_driver_no_nul },
	{ "version name without NUL", P_INFO, "version_name", DEVLINK_ATTR_INFO_VERSION_NAME,
	  pc_version_name_no_nul },
	{ "version value without NUL", P_INFO, "version_value", DEVLINK_ATTR_INFO_VERSION_VALUE,
	  pc_version_value_no_nul },
	{ "reporter state of 4 bytes", P_REPORTER, "reporter_state",
	  DEVLINK_ATTR_HEALTH_REPORTER_STATE, pc_reporter_state_u32 },
	{ "error count of 4 bytes", P_REPORTER, "err_count", DEVLINK_ATTR_HEALTH_REPORTER_ERR_COUNT,
	  pc_err_count_u32 },
	{ "dump ts ns of 4 bytes", P_REPORTER, "dump_ts_ns", DEVLINK_ATTR_HEALTH_REPORTER_DUMP_TS_NS,
	  pc_dump_ts_ns_u32 },
	{ "reporter name without NUL", P_REPORTER, "reporter_name",
	  DEVLINK_ATTR_HEALTH_REPORTER_NAME, pc_reporter_name_no_nul },
	{ "reporter port index of 8 bytes", P_REPORTER, "port_index", DEVLINK_ATTR_PORT_INDEX,
	  pc_reporter_port_u64 },
	{ "region size of 4 bytes", P_REGION, "region_size", DEVLINK_ATTR_REGION_SIZE,
	  pc_region_size_u32 },
	{ "snapshot id of 2 bytes", P_REGION, "snapshot_id", DEVLINK_ATTR_REGION_SNAPSHOT_ID,
	  pc_snapshot_id_u16 },
	{ "max snapshots of 1 byte", P_REGION, "max_snapshots", DEVLINK_ATTR_REGION_MAX_SNAPSHOTS,
	  pc_max_snapshots_u8 },
	{ "new snapshot id of 8 bytes", P_SNAPSHOT, "snapshot_id", DEVLINK_ATTR_REGION_SNAPSHOT_ID,
	  pc_new_snapshot_id_u64 },
	{ "chunk address of 4 bytes", P_CHUNKS, "chunk_addr", DEVLINK_ATTR_REGION_CHUNK_ADDR,
	  pc_chunk_addr_u32 },
};

static void policy(void **state)
{
	struct dl_info *info = calloc(1, sizeof(*info));
	struct collect *c = calloc(1, sizeof(*c));
	unsigned failed = 0;

	(void)state;
	assert_non_null(info);
	assert_non_null(c);
	for (size_t i = 0; i < sizeof(policy_cases) / sizeof(policy_cases[0]); i++) {
		const struct policy_case *pc = &policy_cases[i];
		struct prm_err err = { 0 };
		struct dl_reporter r;
		struct dl_region reg;
		struct dl_handle h;
		struct dl_port p;
		const struct nlmsghdr *nlh;
		uint32_t id;
		struct nlb b;
		int rc = 0;

		nlb_init(&b);
		pc->build(&b);
		nlb_msg_end(&b);
		nlh = nlb_nlh(&b, 0);
		switch (pc->parser) {
		case P_HANDLE: rc = dl_parse_handle(nlh, &h, &err); break;
		case P_INFO: rc = dl_parse_info(nlh, info, &err); break;
		case P_PORT: rc = dl_parse_port(nlh, &p, &err); break;
		case P_REPORTER: rc = dl_parse_reporter(nlh, &r, &err); break;
		case P_REGION: rc = dl_parse_region(nlh, &reg, &err); break;
		case P_SNAPSHOT: rc = dl_parse_snapshot_id(nlh, &id, &err); break;
		case P_CHUNKS:
			memset(c, 0, sizeof(*c));
			rc = dl_parse_chunks(nlh, collect_cb, c, &err);
			break;
		}
		if (rc != -1 || !err.msg[0] || !names(err.msg, pc->name, pc->num)) {
			print_error("%s: rc %d, msg \"%s\" (want it to name %s or %u)\n", pc->what, rc,
				    err.msg, pc->name, pc->num);
			failed++;
		}
		nlb_free(&b);
	}
	free(info);
	free(c);
	assert_int_equal(failed, 0);
}

/* The handle is what every object message starts with: without it (iproute2
 * refuses such a message: MNL_CB_ERROR) there is no object. */
static void handle_missing(void **state)
{
	struct prm_err err = { 0 };
	struct dl_handle h;
	struct nlb b;

	(void)state;
	nlb_init(&b);
	nlb_msg_start(&b, DEVLINK_CMD_PORT_NEW, 0, 0);
	nlb_str(&b, DEVLINK_ATTR_BUS_NAME, "pci");
	nlb_u32(&b, DEVLINK_ATTR_PORT_INDEX, 1);
	nlb_msg_end(&b);
	assert_int_equal(dl_parse_handle(nlb_nlh(&b, 0), &h, &err), -1);
	assert_true(err.msg[0] != '\0');
	nlb_free(&b);
}

/* The parsers fill the whole struct: what the message lacks is absent,
 * whatever the struct held before (a struct reused across a dump). */
static void struct_filled_whole(void **state)
{
	const struct rep_in in = { .name = "fw", .state = DL_REPORTER_HEALTHY };
	struct prm_err err = { 0 };
	struct dl_reporter r;
	struct dl_port p;
	struct nlb b;

	(void)state;
	nlb_init(&b);
	reporter_msg(&b, &in);
	memset(&r, 0xa5, sizeof(r));
	assert_int_equal(dl_parse_reporter(nlb_nlh(&b, 0), &r, &err), 0);
	assert_false(r.has_port);
	assert_false(r.has_grace_period);
	assert_false(r.has_auto_recover);
	assert_false(r.has_auto_dump);
	assert_false(r.has_dump_ts);
	assert_false(r.has_dump_ts_ns);
	nlb_free(&b);

	nlb_init(&b);
	port_head(&b, DEVLINK_CMD_PORT_NEW, "pci", "0000:08:00.0", 1, DEVLINK_PORT_TYPE_ETH);
	nlb_msg_end(&b);
	memset(&p, 0xa5, sizeof(p));
	assert_int_equal(dl_parse_port(nlb_nlh(&b, 0), &p, &err), 0);
	assert_false(p.has_flavour);
	assert_false(p.has_number);
	assert_false(p.has_controller);
	assert_false(p.has_pf);
	assert_false(p.has_vf);
	assert_false(p.has_sf);
	assert_false(p.has_external);
	assert_false(p.has_splittable);
	assert_false(p.has_fn_state);
	assert_int_equal(p.hw_addr_len, 0);
	assert_int_equal(p.lanes, 0);
	assert_string_equal(p.netdev, "");
	assert_string_equal(p.ibdev, "");
	nlb_free(&b);
}

/* nlmsg_len is where the message ends, whatever bytes follow it in the
 * buffer (the next message of a dump): an attribute past it is not read. */
static void message_length_bounds(void **state)
{
	struct prm_err err = { 0 };
	struct dl_port p;
	struct nlb b;

	(void)state;
	nlb_init(&b);
	port_head(&b, DEVLINK_CMD_PORT_NEW, "pci", "0000:08:00.0", 1, DEVLINK_PORT_TYPE_ETH);
	nlb_u8(&b, DEVLINK_ATTR_PORT_SPLITTABLE, 0);
	nlb_u16(&b, DEVLINK_ATTR_PORT_FLAVOUR, DEVLINK_PORT_FLAVOUR_PHYSICAL);
	nlb_msg_end(&b);
	nlb_u32(&b, DEVLINK_ATTR_PORT_NUMBER, 7);	/* after the end */
	memset(&p, 0, sizeof(p));
	assert_int_equal(dl_parse_port(nlb_nlh(&b, 0), &p, &err), 0);
	assert_true(p.has_flavour);
	assert_false(p.has_number);
	nlb_free(&b);
}

/* iproute2 refuses a reporter message without the reporter nest, a port
 * message without the port index (cmd_health_show_cb, cmd_port_show_cb:
 * MNL_CB_ERROR): there is no object to show. */
static void object_missing(void **state)
{
	struct prm_err err = { 0 };
	struct dl_reporter r;
	struct dl_port p;
	struct nlb b;

	(void)state;
	nlb_init(&b);
	nlb_msg_start(&b, DEVLINK_CMD_HEALTH_REPORTER_GET, 0, 0);
	handle(&b, "pci", "0000:08:00.0");
	nlb_msg_end(&b);
	assert_int_equal(dl_parse_reporter(nlb_nlh(&b, 0), &r, &err), -1);
	assert_true(err.msg[0] != '\0');
	nlb_free(&b);

	memset(&err, 0, sizeof(err));
	nlb_init(&b);
	nlb_msg_start(&b, DEVLINK_CMD_PORT_NEW, 0, 0);
	handle(&b, "pci", "0000:08:00.0");
	nlb_u16(&b, DEVLINK_ATTR_PORT_TYPE, DEVLINK_PORT_TYPE_ETH);
	nlb_msg_end(&b);
	assert_int_equal(dl_parse_port(nlb_nlh(&b, 0), &p, &err), -1);
	assert_true(err.msg[0] != '\0');
	nlb_free(&b);
}

/* Hardware addresses of every length the kernel allows (MAX_ADDR_LEN 32:
 * 6 for Ethernet, 20 for IPoIB), and one longer than that. */
static void hw_addr_lengths(void **state)
{
	static const size_t lens[] = { 6, 20, 32 };
	uint8_t addr[40];
	struct prm_err err;
	struct dl_port p;
	struct nlb b;
	int rc;

	(void)state;
	for (size_t i = 0; i < sizeof(addr); i++)
		addr[i] = (uint8_t)(0xa0 + i);
	for (size_t i = 0; i < sizeof(lens) / sizeof(lens[0]); i++) {
		memset(&err, 0, sizeof(err));
		nlb_init(&b);
		port_head(&b, DEVLINK_CMD_PORT_NEW, "pci", "0000:08:00.0", 1, DEVLINK_PORT_TYPE_IB);
		nlb_u16(&b, DEVLINK_ATTR_PORT_FLAVOUR, DEVLINK_PORT_FLAVOUR_PCI_VF);
		port_function(&b, addr, lens[i], 1, 1);
		nlb_msg_end(&b);
		memset(&p, 0, sizeof(p));
		assert_int_equal(dl_parse_port(nlb_nlh(&b, 0), &p, &err), 0);
		assert_int_equal(p.hw_addr_len, lens[i]);
		assert_memory_equal(p.hw_addr, addr, lens[i]);
		nlb_free(&b);
	}
	memset(&err, 0, sizeof(err));
	nlb_init(&b);
	port_head(&b, DEVLINK_CMD_PORT_NEW, "pci", "0000:08:00.0", 1, DEVLINK_PORT_TYPE_IB);
	port_function(&b, addr, 40, 1, 1);
	nlb_msg_end(&b);
	memset(&p, 0, sizeof(p));
	rc = dl_parse_port(nlb_nlh(&b, 0), &p, &err);
	if (rc == 0)
		assert_true(p.hw_addr_len <= sizeof(p.hw_addr));
	else
		assert_true(err.msg[0] != '\0');
	nlb_free(&b);
}

/* Handle strings longer than the struct's fields: refused or cut, and
 * terminated either way. */
static void long_strings(void **state)
{
	char longname[200];
	struct prm_err err = { 0 };
	struct dl_port p;
	struct nlb b;
	int rc;

	(void)state;
	memset(longname, 'x', sizeof(longname) - 1);
	longname[sizeof(longname) - 1] = '\0';
	nlb_init(&b);
	port_head(&b, DEVLINK_CMD_PORT_NEW, longname, longname, 1, DEVLINK_PORT_TYPE_ETH);
	nlb_str(&b, DEVLINK_ATTR_PORT_NETDEV_NAME, longname);
	nlb_msg_end(&b);
	memset(&p, 0x55, sizeof(p));
	rc = dl_parse_port(nlb_nlh(&b, 0), &p, &err);
	if (rc == 0) {
		assert_non_null(memchr(p.h.bus, '\0', sizeof(p.h.bus)));
		assert_non_null(memchr(p.h.dev, '\0', sizeof(p.h.dev)));
		assert_non_null(memchr(p.netdev, '\0', sizeof(p.netdev)));
	} else {
		assert_true(err.msg[0] != '\0');
	}
	nlb_free(&b);
}

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
		cmocka_unit_test(builder_message),
		cmocka_unit_test(msg_cmd),
		cmocka_unit_test(short_messages),
		cmocka_unit_test(info_mlx5),
		cmocka_unit_test(info_netdevsim_serials),
		cmocka_unit_test(info_many_versions),
		cmocka_unit_test(port_physical),
		cmocka_unit_test(port_split_dump),
		cmocka_unit_test(port_ib),
		cmocka_unit_test(port_pcivf),
		cmocka_unit_test(port_pcipf),
		cmocka_unit_test(port_pcisf),
		cmocka_unit_test(port_function_addr_only),
		cmocka_unit_test(reporter_full),
		cmocka_unit_test(reporter_minimal),
		cmocka_unit_test(reporter_port),
		cmocka_unit_test(region_get),
		cmocka_unit_test(region_many_snapshots),
		cmocka_unit_test(region_new),
		cmocka_unit_test(region_read_small),
		cmocka_unit_test(region_read_dump),
		cmocka_unit_test(diagnose_fmsg),
		cmocka_unit_test(dump_fmsg_messages),
		cmocka_unit_test(fmsg_error_passes_up),
		cmocka_unit_test(newer_attributes_skipped),
		cmocka_unit_test(nested_flag_masked),
		cmocka_unit_test(policy),
		cmocka_unit_test(handle_missing),
		cmocka_unit_test(struct_filled_whole),
		cmocka_unit_test(message_length_bounds),
		cmocka_unit_test(object_missing),
		cmocka_unit_test(hw_addr_lengths),
		cmocka_unit_test(long_strings),
		cmocka_unit_test(names_for_people),
	};

	return cmocka_run_group_tests_name("devlink_msg", tests, NULL, NULL);
}
