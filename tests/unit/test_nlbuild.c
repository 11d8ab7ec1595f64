// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * tests/unit/nlbuild.h itself, against bytes typed by hand from the rules of
 * include/net/netlink.h (Linux 6.1): attributes, nests and the genl message
 * header as nla_put, nla_nest_end and genlmsg_put write them, and devlink's
 * fmsg as devlink_fmsg_prepare_skb and devlink_fmsg_snd
 * (net/devlink/leftover.c) cut it into messages, the value type repeated
 * when its data does not fit. Every other netlink test builds its kernel
 * bytes with it.
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

/* ---- the builder against bytes typed by hand ---- */

static void builder_attrs(void **state)
{
	static const uint8_t want[] = {
		0x08, 0x00, 0x05, 0x00, 0x44, 0x33, 0x22, 0x11,	/* u32 5 = 0x11223344 */
		0x05, 0x00, 0x06, 0x00, 0xab, 0x00, 0x00, 0x00,	/* u8 6 = 0xab, 3 pad */
		0x06, 0x00, 0x07, 0x00, 0x34, 0x12, 0x00, 0x00,	/* u16 7 = 0x1234, 2 pad */
		0x07, 0x00, 0x08, 0x00, 'a', 'b', 0x00, 0x00,	/* string 8 "ab": NUL + 1 pad */
		0x04, 0x00, 0x09, 0x00,				/* flag 9 */
		0x0c, 0x00, 0x0a, 0x00, 0x08, 0x07, 0x06, 0x05,	/* u64 10, no pad attr */
		0x04, 0x03, 0x02, 0x01,
		0x10, 0x00, 0x0b, 0x00,				/* nest 11: 4 + 8 + 4 */
		0x05, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0x00,	/*   u8 1 = 1, its pad counted */
		0x04, 0x00, 0x02, 0x00,				/*   flag 2 */
	};
	struct nlb b;

	(void)state;
	nlb_init(&b);
	nlb_u32(&b, 5, 0x11223344);
	nlb_u8(&b, 6, 0xab);
	nlb_u16(&b, 7, 0x1234);
	nlb_str(&b, 8, "ab");
	nlb_flag(&b, 9);
	nlb_u64(&b, 10, 0x0102030405060708ull);
	nlb_nest_start(&b, 11);
	nlb_u8(&b, 1, 1);
	nlb_flag(&b, 2);
	nlb_nest_end(&b);
	assert_int_equal(b.len, sizeof(want));
	assert_memory_equal(b.buf, want, sizeof(want));
	nlb_free(&b);
}

/*
 * mlx5_fw_reporter_diagnose on a healthy device as devlink_fmsg_snd sends
 * it: {"Syndrome": u8 0} in the devlink object, typed in from the rules of
 * include/net/netlink.h, then NLMSG_DONE.
 */
static void builder_diagnose_bytes(void **state)
{
	static const uint8_t want[] = {
		0x48, 0x00, 0x00, 0x00, 0x14, 0x00, 0x02, 0x00,	/* len 72, family, NLM_F_MULTI */
		0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,	/* seq, pid */
		0x37, 0x01, 0x00, 0x00,				/* cmd 55 diagnose, version 1 */
		0x34, 0x00, 0x6a, 0x00,				/* FMSG (106), 52 bytes */
		0x04, 0x00, 0x6b, 0x00,				/* OBJ_NEST_START */
		0x04, 0x00, 0x6c, 0x00,				/* PAIR_NEST_START */
		0x0d, 0x00, 0x6f, 0x00, 'S', 'y', 'n', 'd',	/* OBJ_NAME "Syndrome" */
		'r', 'o', 'm', 'e', 0x00, 0x00, 0x00, 0x00,
		0x05, 0x00, 0x70, 0x00, 0x01, 0x00, 0x00, 0x00,	/* VALUE_TYPE NLA_U8 */
		0x05, 0x00, 0x71, 0x00, 0x00, 0x00, 0x00, 0x00,	/* VALUE_DATA 0 */
		0x04, 0x00, 0x6e, 0x00,				/* NEST_END (pair) */
		0x04, 0x00, 0x6e, 0x00,				/* NEST_END (object) */
		0x10, 0x00, 0x00, 0x00, 0x03, 0x00, 0x02, 0x00,	/* NLMSG_DONE, NLM_F_MULTI */
		0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
	};
	struct kfmsg k;
	struct nlb b;

	(void)state;
	kf_init(&k);
	kf_obj_nest_start(&k);
	kf_u8_pair_put(&k, "Syndrome", 0);
	kf_obj_nest_end(&k);
	nlb_init(&b);
	assert_int_equal(kf_send(&k, &b, KF_ROOM_DOIT, DEVLINK_CMD_HEALTH_REPORTER_DIAGNOSE, 0), 1);
	nlb_done(&b, NLM_F_MULTI, 0);
	assert_int_equal(b.len, sizeof(want));
	assert_memory_equal(b.buf, want, sizeof(want));
	kf_free(&k);
	nlb_free(&b);
}

/* The split the kernel makes when a value's data does not fit: the type goes
 * in, then comes again at the start of the next message. */
static void builder_split_repeats_type(void **state)
{
	static const uint8_t want[] = {
		/* message 1: the room is 20 + 4 + 4 + 4 + 8 + 8 = 48 bytes */
		0x30, 0x00, 0x00, 0x00, 0x14, 0x00, 0x02, 0x00,
		0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
		0x37, 0x01, 0x00, 0x00,
		0x1c, 0x00, 0x6a, 0x00,
		0x04, 0x00, 0x6b, 0x00,				/* OBJ_NEST_START */
		0x04, 0x00, 0x6c, 0x00,				/* PAIR_NEST_START */
		0x06, 0x00, 0x6f, 0x00, 'a', 0x00, 0x00, 0x00,	/* OBJ_NAME "a" */
		0x05, 0x00, 0x70, 0x00, 0x04, 0x00, 0x00, 0x00,	/* VALUE_TYPE NLA_U64: its data did not fit */
		/* message 2 */
		0x30, 0x00, 0x00, 0x00, 0x14, 0x00, 0x02, 0x00,
		0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
		0x37, 0x01, 0x00, 0x00,
		0x1c, 0x00, 0x6a, 0x00,
		0x05, 0x00, 0x70, 0x00, 0x04, 0x00, 0x00, 0x00,	/* VALUE_TYPE NLA_U64 again */
		0x0c, 0x00, 0x71, 0x00, 0x01, 0x00, 0x00, 0x00,	/* VALUE_DATA 1 */
		0x00, 0x00, 0x00, 0x00,
		0x04, 0x00, 0x6e, 0x00,				/* NEST_END */
		/* message 3 */
		0x1c, 0x00, 0x00, 0x00, 0x14, 0x00, 0x02, 0x00,
		0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
		0x37, 0x01, 0x00, 0x00,
		0x08, 0x00, 0x6a, 0x00,
		0x04, 0x00, 0x6e, 0x00,				/* NEST_END */
	};
	struct kfmsg k;
	struct nlb b;

	(void)state;
	kf_init(&k);
	kf_obj_nest_start(&k);
	kf_u64_pair_put(&k, "a", 1);
	kf_obj_nest_end(&k);
	nlb_init(&b);
	assert_int_equal(kf_send(&k, &b, 48, DEVLINK_CMD_HEALTH_REPORTER_DIAGNOSE, 0), 3);
	assert_int_equal(b.len, sizeof(want));
	assert_memory_equal(b.buf, want, sizeof(want));
	kf_free(&k);
	nlb_free(&b);
}

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

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(builder_attrs),
		cmocka_unit_test(builder_diagnose_bytes),
		cmocka_unit_test(builder_split_repeats_type),
		cmocka_unit_test(builder_message),
	};

	return cmocka_run_group_tests_name("nlbuild", tests, NULL, NULL);
}
