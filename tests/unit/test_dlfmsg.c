// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * lib/nl/devlink_msg.c's dl_parse_fmsg on HEALTH_REPORTER_DIAGNOSE and
 * HEALTH_REPORTER_DUMP_GET answers as Linux 6.1 sends them
 * (net/devlink/leftover.c: devlink_fmsg_snd, devlink_fmsg_dumpit), with
 * mlx5_fw_reporter_diagnose's items and a dump's binary in pieces
 * (drivers/net/ethernet/mellanox/mlx5/core/health.c), recorded and cut into
 * messages with tests/unit/nlbuild.h; and a bad item passed up as an error.
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
#include "tests/unit/nlbuild.h"

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

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(diagnose_fmsg),
		cmocka_unit_test(dump_fmsg_messages),
		cmocka_unit_test(fmsg_error_passes_up),
	};

	return cmocka_run_group_tests_name("dlfmsg", tests, NULL, NULL);
}
