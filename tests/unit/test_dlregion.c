// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * lib/nl/devlink_msg.c on REGION_GET, REGION_NEW and REGION_READ answers as
 * Linux 6.1 emits them (net/devlink/leftover.c: the region fill function,
 * devlink_nl_region_notify_build, devlink_nl_cmd_region_read_dumpit and
 * devlink_nl_cmd_region_read_chunk_fill), for netdevsim's "dummy" region
 * and a port region; written byte by byte with tests/unit/nlbuild.h and
 * tests/unit/dlbuild.h.
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

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(region_get),
		cmocka_unit_test(region_many_snapshots),
		cmocka_unit_test(region_new),
		cmocka_unit_test(region_read_small),
		cmocka_unit_test(region_read_dump),
	};

	return cmocka_run_group_tests_name("dlregion", tests, NULL, NULL);
}
