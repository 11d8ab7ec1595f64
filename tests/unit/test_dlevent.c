// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * lib/nl/devlink_msg.c on the "config" group's notifications, and a health
 * watch's reporter list kept by them (dl_parse_event, dl_reporters_apply).
 * The messages are written out byte by byte as Linux 6.1 multicasts them
 * (net/devlink/leftover.c) for netdevsim (drivers/net/netdevsim/health.c):
 * genlmsg_put(msg, 0, 0, family, 0, cmd), so no flags, sequence or port id;
 * attributes {len (unpadded), type}, payload padded to 4; u64 without
 * DEVLINK_ATTR_PAD on x86-64; strings with their NUL; numbers little-endian;
 * nla_nest_start() (not _noflag) sets NLA_F_NESTED (0x8000) in the type.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <linux/devlink.h>

#include "lib/nl/devlink_msg.h"

#define NLH(a) ((const struct nlmsghdr *)(const void *)(a))

/*
 * devlink_recover_notify() from devlink_health_report(): netdevsim's
 * "dummy" (ops with recover and dump) just broken, its error count 1, no
 * dump yet (the report notifies before it takes one): 128 bytes.
 */
static const uint8_t recover_error[] __attribute__((aligned(4))) = {
	0x80, 0x00, 0x00, 0x00,	/* nlmsg_len 128 */
	0x15, 0x00,		/* nlmsg_type: devlink's family id (dynamic) */
	0x00, 0x00,		/* flags 0 */
	0x00, 0x00, 0x00, 0x00,	/* seq 0 */
	0x00, 0x00, 0x00, 0x00,	/* pid 0: the kernel */
	0x36, 0x01, 0x00, 0x00,	/* cmd 54 HEALTH_REPORTER_RECOVER, version 1 */
	/* BUS_NAME (1): "netdevsim", len 4 + 10, 2 bytes of padding */
	0x0e, 0x00, 0x01, 0x00, 'n', 'e', 't', 'd', 'e', 'v', 's', 'i', 'm', 0x00, 0x00, 0x00,
	/* DEV_NAME (2): "netdevsim1", len 4 + 11, 1 byte of padding */
	0x0f, 0x00, 0x02, 0x00, 'n', 'e', 't', 'd', 'e', 'v', 's', 'i', 'm', '1', 0x00, 0x00,
	/* HEALTH_REPORTER (114), nla_nest_start_noflag: len 76 */
	0x4c, 0x00, 0x72, 0x00,
	/* NAME (115) "dummy" */
	0x0a, 0x00, 0x73, 0x00, 'd', 'u', 'm', 'm', 'y', 0x00, 0x00, 0x00,
	/* STATE (116): 1, error */
	0x05, 0x00, 0x74, 0x00, 0x01, 0x00, 0x00, 0x00,
	/* ERR_COUNT (117): 1 */
	0x0c, 0x00, 0x75, 0x00, 0x01, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
	/* RECOVER_COUNT (118): 0 */
	0x0c, 0x00, 0x76, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
	/* GRACEFUL_PERIOD (120): 0 ms (ops->recover) */
	0x0c, 0x00, 0x78, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
	/* AUTO_RECOVER (121): 1 (ops->recover) */
	0x05, 0x00, 0x79, 0x00, 0x01, 0x00, 0x00, 0x00,
	/* AUTO_DUMP (141): 1 (ops->dump) */
	0x05, 0x00, 0x8d, 0x00, 0x01, 0x00, 0x00, 0x00,
};

/*
 * The same reporter recovered by hand (devlink_health_reporter_recover):
 * healthy, errors 1, recoveries 1, and now the dump the report took (its
 * DUMP_TS in ms since boot, DUMP_TS_NS wall clock): 152 bytes.
 */
static const uint8_t recover_healthy[] __attribute__((aligned(4))) = {
	0x98, 0x00, 0x00, 0x00, 0x15, 0x00, 0x00, 0x00,
	0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
	0x36, 0x01, 0x00, 0x00,
	0x0e, 0x00, 0x01, 0x00, 'n', 'e', 't', 'd', 'e', 'v', 's', 'i', 'm', 0x00, 0x00, 0x00,
	0x0f, 0x00, 0x02, 0x00, 'n', 'e', 't', 'd', 'e', 'v', 's', 'i', 'm', '1', 0x00, 0x00,
	/* HEALTH_REPORTER (114): len 100 */
	0x64, 0x00, 0x72, 0x00,
	0x0a, 0x00, 0x73, 0x00, 'd', 'u', 'm', 'm', 'y', 0x00, 0x00, 0x00,
	0x05, 0x00, 0x74, 0x00, 0x00, 0x00, 0x00, 0x00,	/* healthy */
	0x0c, 0x00, 0x75, 0x00, 0x01, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
	0x0c, 0x00, 0x76, 0x00, 0x01, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
	0x0c, 0x00, 0x78, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
	0x05, 0x00, 0x79, 0x00, 0x01, 0x00, 0x00, 0x00,
	/* DUMP_TS (119): 4295012345 ms = 0x1_0000_AFF9 */
	0x0c, 0x00, 0x77, 0x00, 0xf9, 0xaf, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00,
	/* DUMP_TS_NS (137): 1700000000123456789 = 0x1797_9CFE_3D85_CD15 */
	0x0c, 0x00, 0x89, 0x00, 0x15, 0xcd, 0x85, 0x3d, 0xfe, 0x9c, 0x97, 0x17,
	0x05, 0x00, 0x8d, 0x00, 0x01, 0x00, 0x00, 0x00,
};

/*
 * A port's reporter (devlink_port_health_reporter_create, as mlx5e's "tx"
 * on port 2): PORT_INDEX between the handle and the nest; no recover or
 * dump ops here, so only the four attributes every reporter has: 104 bytes.
 */
static const uint8_t recover_port[] __attribute__((aligned(4))) = {
	0x68, 0x00, 0x00, 0x00, 0x15, 0x00, 0x00, 0x00,
	0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
	0x36, 0x01, 0x00, 0x00,
	0x0e, 0x00, 0x01, 0x00, 'n', 'e', 't', 'd', 'e', 'v', 's', 'i', 'm', 0x00, 0x00, 0x00,
	0x0f, 0x00, 0x02, 0x00, 'n', 'e', 't', 'd', 'e', 'v', 's', 'i', 'm', '1', 0x00, 0x00,
	/* PORT_INDEX (3): 2 */
	0x08, 0x00, 0x03, 0x00, 0x02, 0x00, 0x00, 0x00,
	/* HEALTH_REPORTER (114): len 44 */
	0x2c, 0x00, 0x72, 0x00,
	0x07, 0x00, 0x73, 0x00, 't', 'x', 0x00, 0x00,
	0x05, 0x00, 0x74, 0x00, 0x01, 0x00, 0x00, 0x00,
	0x0c, 0x00, 0x75, 0x00, 0x03, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
	0x0c, 0x00, 0x76, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
};

/*
 * devlink_notify(DEVLINK_CMD_DEL) from devlink_unregister (devlink_nl_fill):
 * the handle, RELOAD_FAILED, and DEV_STATS with netdevsim's one reload
 * action (driver_reinit, limit unspec, done 0 times); the remote statistics
 * (an entry for every action and limit) are left as an empty nest: 108 bytes.
 */
static const uint8_t dev_del[] __attribute__((aligned(4))) = {
	0x6c, 0x00, 0x00, 0x00, 0x15, 0x00, 0x00, 0x00,
	0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
	0x04, 0x01, 0x00, 0x00,	/* cmd 4 DEVLINK_CMD_DEL */
	0x0e, 0x00, 0x01, 0x00, 'n', 'e', 't', 'd', 'e', 'v', 's', 'i', 'm', 0x00, 0x00, 0x00,
	0x0f, 0x00, 0x02, 0x00, 'n', 'e', 't', 'd', 'e', 'v', 's', 'i', 'm', '1', 0x00, 0x00,
	/* RELOAD_FAILED (136): 0 */
	0x05, 0x00, 0x88, 0x00, 0x00, 0x00, 0x00, 0x00,
	/* DEV_STATS (156 | NLA_F_NESTED): len 48 */
	0x30, 0x00, 0x9c, 0x80,
	/* RELOAD_STATS (157 | NLA_F_NESTED): len 40 */
	0x28, 0x00, 0x9d, 0x80,
	/* RELOAD_ACTION_INFO (162 | NLA_F_NESTED): len 36 */
	0x24, 0x00, 0xa2, 0x80,
	/* RELOAD_ACTION (153): 1, driver_reinit */
	0x05, 0x00, 0x99, 0x00, 0x01, 0x00, 0x00, 0x00,
	/* RELOAD_ACTION_STATS (163 | NLA_F_NESTED): len 24 */
	0x18, 0x00, 0xa3, 0x80,
	/* RELOAD_STATS_ENTRY (158 | NLA_F_NESTED): len 20 */
	0x14, 0x00, 0x9e, 0x80,
	/* RELOAD_STATS_LIMIT (159): 0, unspec; RELOAD_STATS_VALUE (160): 0 */
	0x05, 0x00, 0x9f, 0x00, 0x00, 0x00, 0x00, 0x00,
	0x08, 0x00, 0xa0, 0x00, 0x00, 0x00, 0x00, 0x00,
	/* REMOTE_RELOAD_STATS (161 | NLA_F_NESTED): abbreviated, empty */
	0x04, 0x00, 0xa1, 0x80,
};

/*
 * devlink_port_notify(DEVLINK_CMD_PORT_DEL) for port 2, the head of
 * devlink_nl_port_fill (its type and flavour attributes left out): 60 bytes.
 */
static const uint8_t port_del[] __attribute__((aligned(4))) = {
	0x3c, 0x00, 0x00, 0x00, 0x15, 0x00, 0x00, 0x00,
	0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
	0x08, 0x01, 0x00, 0x00,	/* cmd 8 DEVLINK_CMD_PORT_DEL */
	0x0e, 0x00, 0x01, 0x00, 'n', 'e', 't', 'd', 'e', 'v', 's', 'i', 'm', 0x00, 0x00, 0x00,
	0x0f, 0x00, 0x02, 0x00, 'n', 'e', 't', 'd', 'e', 'v', 's', 'i', 'm', '1', 0x00, 0x00,
	/* PORT_INDEX (3): 2 */
	0x08, 0x00, 0x03, 0x00, 0x02, 0x00, 0x00, 0x00,
};

/* A copy of a message to change a byte of, 4-aligned. */
struct msg {
	uint32_t w[64];
};

static const struct nlmsghdr *copy(struct msg *m, const uint8_t *bytes, size_t len)
{
	assert_true(len <= sizeof(m->w));
	memcpy(m->w, bytes, len);
	return (const struct nlmsghdr *)m->w;
}

static const struct dl_handle nsim1 = { "netdevsim", "netdevsim1" };

/* ---- dl_parse_event ---- */

static void event_reporter_error(void **state)
{
	struct prm_err err = { 0 };
	struct dl_event ev;

	(void)state;
	assert_int_equal(NLH(recover_error)->nlmsg_len, sizeof(recover_error));
	assert_int_equal(dl_parse_event(NLH(recover_error), &ev, &err), 0);
	assert_int_equal(ev.cmd, DEVLINK_CMD_HEALTH_REPORTER_RECOVER);
	assert_string_equal(ev.h.bus, "netdevsim");
	assert_string_equal(ev.h.dev, "netdevsim1");
	assert_string_equal(ev.reporter.h.dev, "netdevsim1");
	assert_false(ev.reporter.has_port);
	assert_string_equal(ev.reporter.name, "dummy");
	assert_int_equal(ev.reporter.state, DL_REPORTER_ERROR);
	assert_int_equal(ev.reporter.error_count, 1);
	assert_int_equal(ev.reporter.recover_count, 0);
	assert_true(ev.reporter.has_grace_period);
	assert_int_equal(ev.reporter.grace_period_ms, 0);
	assert_true(ev.reporter.has_auto_recover && ev.reporter.auto_recover);
	assert_true(ev.reporter.has_auto_dump && ev.reporter.auto_dump);
	assert_false(ev.reporter.has_dump_ts);
	assert_false(ev.reporter.has_dump_ts_ns);
}

static void event_reporter_healthy(void **state)
{
	struct prm_err err = { 0 };
	struct dl_event ev;

	(void)state;
	assert_int_equal(NLH(recover_healthy)->nlmsg_len, sizeof(recover_healthy));
	assert_int_equal(dl_parse_event(NLH(recover_healthy), &ev, &err), 0);
	assert_string_equal(ev.reporter.name, "dummy");
	assert_int_equal(ev.reporter.state, DL_REPORTER_HEALTHY);
	assert_int_equal(ev.reporter.error_count, 1);
	assert_int_equal(ev.reporter.recover_count, 1);
	assert_true(ev.reporter.has_dump_ts);
	assert_int_equal(ev.reporter.dump_ts_ms, 4295012345ull);
	assert_true(ev.reporter.has_dump_ts_ns);
	assert_int_equal(ev.reporter.dump_ts_ns, 1700000000123456789ull);
}

static void event_port_reporter(void **state)
{
	struct prm_err err = { 0 };
	struct dl_event ev;

	(void)state;
	assert_int_equal(NLH(recover_port)->nlmsg_len, sizeof(recover_port));
	assert_int_equal(dl_parse_event(NLH(recover_port), &ev, &err), 0);
	assert_true(ev.reporter.has_port);
	assert_int_equal(ev.reporter.port, 2);
	assert_string_equal(ev.reporter.name, "tx");
	assert_int_equal(ev.reporter.error_count, 3);
	assert_false(ev.reporter.has_grace_period);
	assert_false(ev.reporter.has_auto_recover);
	assert_false(ev.reporter.has_auto_dump);
}

/* a device's notification: the handle, whatever else it carries (nested flags too) */
static void event_device(void **state)
{
	struct prm_err err = { 0 };
	struct dl_event ev;
	struct msg m;

	(void)state;
	assert_int_equal(NLH(dev_del)->nlmsg_len, sizeof(dev_del));
	assert_int_equal(dl_parse_event(NLH(dev_del), &ev, &err), 0);
	assert_int_equal(ev.cmd, DEVLINK_CMD_DEL);
	assert_string_equal(ev.h.bus, "netdevsim");
	assert_string_equal(ev.h.dev, "netdevsim1");
	/* DEVLINK_CMD_NEW is the same message */
	copy(&m, dev_del, sizeof(dev_del));
	((uint8_t *)m.w)[16] = DEVLINK_CMD_NEW;
	assert_int_equal(dl_parse_event((const struct nlmsghdr *)m.w, &ev, &err), 0);
	assert_int_equal(ev.cmd, DEVLINK_CMD_NEW);
	assert_int_equal(NLH(port_del)->nlmsg_len, sizeof(port_del));
	assert_int_equal(dl_parse_event(NLH(port_del), &ev, &err), 0);
	assert_int_equal(ev.cmd, DEVLINK_CMD_PORT_DEL);
	assert_int_equal(ev.port.index, 2);
	assert_string_equal(ev.h.dev, "netdevsim1");
}

/* what is not read: skipped (1), not an error; what is read and bad: -1, named */
static void event_bad(void **state)
{
	struct prm_err err = { 0 };
	const struct nlmsghdr *nlh;
	struct dl_event ev;
	struct msg m;

	(void)state;
	/* no genl header */
	nlh = copy(&m, recover_error, sizeof(recover_error));
	m.w[0] = 18;
	assert_int_equal(dl_parse_event(nlh, &ev, &err), 1);
	/* a trap's notification without a device name: skipped */
	nlh = copy(&m, dev_del, sizeof(dev_del));
	((uint8_t *)m.w)[16] = DEVLINK_CMD_TRAP_NEW;
	((uint8_t *)m.w)[38] = 0x7f;	/* DEV_NAME's type changed to an unknown one */
	assert_int_equal(dl_parse_event(nlh, &ev, &err), 1);
	/* the reporter nest's length past the message's end */
	nlh = copy(&m, recover_error, sizeof(recover_error));
	((uint8_t *)m.w)[52] = 0x50;
	assert_int_equal(dl_parse_event(nlh, &ev, &err), -1);
	assert_string_equal(err.reason, "bad_netlink");
	/* no state: STATE's type changed to the (unread) PAD's */
	memset(&err, 0, sizeof(err));
	nlh = copy(&m, recover_error, sizeof(recover_error));
	((uint8_t *)m.w)[70] = DEVLINK_ATTR_PAD;
	assert_int_equal(dl_parse_event(nlh, &ev, &err), -1);
	assert_non_null(strstr(err.msg, "no name, state or counters"));
	/* a u64 counter of 4 bytes */
	memset(&err, 0, sizeof(err));
	nlh = copy(&m, recover_error, sizeof(recover_error));
	((uint8_t *)m.w)[76] = 0x08;
	assert_int_equal(dl_parse_event(nlh, &ev, &err), -1);
	assert_string_equal(err.reason, "bad_netlink");
}

/* ---- dl_reporters_apply ---- */

/* netdevsim's two reporters as the watch's first dump finds them */
static struct dl_reporter *nsim_list(size_t *n)
{
	struct dl_reporter *r = calloc(2, sizeof(*r));

	assert_non_null(r);
	r[0].h = nsim1;
	strcpy(r[0].name, "empty");
	r[1].h = nsim1;
	strcpy(r[1].name, "dummy");
	r[1].has_grace_period = r[1].has_auto_recover = r[1].has_auto_dump = true;
	r[1].auto_recover = r[1].auto_dump = true;
	*n = 2;
	return r;
}

static int apply(struct dl_reporter **r, size_t *n, const struct dl_handle *h,
		 const void *bytes)
{
	struct prm_err err = { 0 };
	struct dl_event ev;

	assert_int_equal(dl_parse_event(bytes, &ev, &err), 0);
	return dl_reporters_apply(r, n, h, &ev, &err);
}

static void apply_state_changes(void **state)
{
	size_t n;
	struct dl_reporter *r = nsim_list(&n);

	(void)state;
	assert_int_equal(apply(&r, &n, &nsim1, recover_error), DL_LIST_UPDATED);
	assert_int_equal(n, 2);
	assert_string_equal(r[0].name, "empty");
	assert_int_equal(r[0].state, DL_REPORTER_HEALTHY);
	assert_string_equal(r[1].name, "dummy");
	assert_int_equal(r[1].state, DL_REPORTER_ERROR);
	assert_int_equal(r[1].error_count, 1);
	assert_int_equal(r[1].recover_count, 0);
	assert_int_equal(apply(&r, &n, &nsim1, recover_healthy), DL_LIST_UPDATED);
	assert_int_equal(n, 2);
	assert_int_equal(r[1].state, DL_REPORTER_HEALTHY);
	assert_int_equal(r[1].error_count, 1);
	assert_int_equal(r[1].recover_count, 1);
	assert_true(r[1].has_dump_ts_ns);
	free(r);
}

/* a reporter the list did not have (made after the dump): added; a port's, dropped with it */
static void apply_new_reporter_and_port(void **state)
{
	size_t n;
	struct dl_reporter *r = nsim_list(&n);

	(void)state;
	assert_int_equal(apply(&r, &n, &nsim1, recover_port), DL_LIST_UPDATED);
	assert_int_equal(n, 3);
	assert_true(r[2].has_port);
	assert_int_equal(r[2].port, 2);
	assert_string_equal(r[2].name, "tx");
	/* told again: replaced, not added */
	assert_int_equal(apply(&r, &n, &nsim1, recover_port), DL_LIST_UPDATED);
	assert_int_equal(n, 3);
	assert_int_equal(apply(&r, &n, &nsim1, port_del), DL_LIST_UPDATED);
	assert_int_equal(n, 2);
	assert_string_equal(r[0].name, "empty");
	assert_string_equal(r[1].name, "dummy");
	/* a port without reporters: nothing to drop */
	assert_int_equal(apply(&r, &n, &nsim1, port_del), DL_LIST_SAME);
	assert_int_equal(n, 2);
	free(r);
}

/* the device came or went (a reload makes its reporters anew, untold): read again */
static void apply_device_stale(void **state)
{
	size_t n;
	struct dl_reporter *r = nsim_list(&n);
	struct msg m;

	(void)state;
	assert_int_equal(apply(&r, &n, &nsim1, dev_del), DL_LIST_STALE);
	copy(&m, dev_del, sizeof(dev_del));
	((uint8_t *)m.w)[16] = DEVLINK_CMD_NEW;
	assert_int_equal(apply(&r, &n, &nsim1, m.w), DL_LIST_STALE);
	/* a region's notification for the device: nothing the list holds */
	((uint8_t *)m.w)[16] = DEVLINK_CMD_REGION_NEW;
	assert_int_equal(apply(&r, &n, &nsim1, m.w), DL_LIST_SAME);
	assert_int_equal(n, 2);
	free(r);
}

/* another device's notifications change nothing */
static void apply_other_device(void **state)
{
	const struct dl_handle nsim2 = { "netdevsim", "netdevsim2" };
	const struct dl_handle pci = { "pci", "netdevsim1" };
	size_t n;
	struct dl_reporter *r = nsim_list(&n);

	(void)state;
	assert_int_equal(apply(&r, &n, &nsim2, recover_error), DL_LIST_SAME);
	assert_int_equal(apply(&r, &n, &pci, recover_error), DL_LIST_SAME);
	assert_int_equal(apply(&r, &n, &nsim2, dev_del), DL_LIST_SAME);
	assert_int_equal(apply(&r, &n, &nsim2, port_del), DL_LIST_SAME);
	assert_int_equal(n, 2);
	assert_int_equal(r[1].state, DL_REPORTER_HEALTHY);
	free(r);
}

/* an empty list (a device that had none) grows from NULL */
static void apply_empty_list(void **state)
{
	struct dl_reporter *r = NULL;
	size_t n = 0;

	(void)state;
	assert_int_equal(apply(&r, &n, &nsim1, recover_error), DL_LIST_UPDATED);
	assert_int_equal(n, 1);
	assert_string_equal(r[0].name, "dummy");
	free(r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(event_reporter_error),
		cmocka_unit_test(event_reporter_healthy),
		cmocka_unit_test(event_port_reporter),
		cmocka_unit_test(event_device),
		cmocka_unit_test(event_bad),
		cmocka_unit_test(apply_state_changes),
		cmocka_unit_test(apply_new_reporter_and_port),
		cmocka_unit_test(apply_device_stale),
		cmocka_unit_test(apply_other_device),
		cmocka_unit_test(apply_empty_list),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
