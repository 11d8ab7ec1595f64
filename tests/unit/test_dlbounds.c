// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * lib/nl/devlink_msg.c at the edges of Linux 6.1 devlink messages
 * (net/devlink/leftover.c's fill functions, written byte by byte with
 * tests/unit/nlbuild.h and tests/unit/dlbuild.h): dl_msg_cmd and a genl
 * header cut short, devlink_fmsg_snd's NLMSG_DONE, nlmsg_len as the end of
 * a message, the handle or the object's own attribute missing (iproute2
 * refuses those too), addresses and names longer than the structs hold,
 * and a struct reused across a dump filled whole.
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

/* ---- what a message must have, and where it ends ---- */

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

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(msg_cmd),
		cmocka_unit_test(short_messages),
		cmocka_unit_test(handle_missing),
		cmocka_unit_test(struct_filled_whole),
		cmocka_unit_test(message_length_bounds),
		cmocka_unit_test(object_missing),
		cmocka_unit_test(hw_addr_lengths),
		cmocka_unit_test(long_strings),
	};

	return cmocka_run_group_tests_name("dlbounds", tests, NULL, NULL);
}
