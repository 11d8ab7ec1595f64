// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * lib/nl/devlink_msg.c's attribute policy, on Linux 6.1 devlink messages
 * (net/devlink/leftover.c's fill functions, written byte by byte with
 * tests/unit/nlbuild.h and tests/unit/dlbuild.h) with one attribute
 * changed: attributes of the wrong size are errors naming them (iproute2's
 * attr_cb refuses them the same way), attributes newer than
 * DEVLINK_ATTR_MAX are skipped, the nest flag is not part of the type.
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
#include "tests/unit/dlbuild.h"
#include "tests/unit/nlbuild.h"

/* ---- helpers ---- */

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

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(newer_attributes_skipped),
		cmocka_unit_test(nested_flag_masked),
		cmocka_unit_test(policy),
	};

	return cmocka_run_group_tests_name("dlpolicy", tests, NULL, NULL);
}
