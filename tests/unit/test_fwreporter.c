// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * lib/out/fwreporter_read.c and lib/prm/fwreporter.c on the trees of mlx5's
 * "fw" and "fw_fatal" devlink health reporters, each made from the exact
 * devlink_fmsg_* calls of drivers/net/ethernet/mellanox/mlx5/core/health.c
 * (Linux 6.1: mlx5_fw_reporter_diagnose, _ctx_pairs_put,
 * _heath_buffer_data_put, _dump, mlx5_fw_fatal_reporter_dump) and
 * diag/fw_tracer.c (mlx5_devlink_fmsg_fill_trace), wrapped in devlink's own
 * object and sent as devlink_fmsg_prepare_skb sends them
 * (tests/unit/mlx5_fmsg.h, tests/unit/nlbuild.h): what the driver sends,
 * read and classified. A known key of the wrong type is
 * test_fwreporter_types.c.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "lib/nl/fmsg.h"
#include "lib/prm/crdump.h"
#include "lib/prm/fwreporter.h"
#include "tests/unit/mlx5_fmsg.h"
#include "tests/unit/nlbuild.h"

/* ---- well-formed ---- */

/* A healthy device: {"Syndrome": 0} and nothing else. */
static void healthy(void **state)
{
	struct prm_err err = { 0 };
	struct prm_fw_reporter r;
	struct fmsg f;

	(void)state;
	diagnose_tree(0, NULL, &f);
	memset(&r, 0, sizeof(r));
	assert_int_equal(read_tree(&f, &r, &err), 0);
	assert_true(r.has_synd);
	assert_int_equal(r.synd, 0);
	assert_null(r.description);
	assert_false(r.has_ctx);
	assert_false(r.has_buffer);
	assert_false(r.has_traces);
	assert_false(r.has_crdump);
	assert_int_equal(prm_fw_reporter_classify(&r, false), PRM_HEALTH_OK);
	fmsg_free(&f);
}

/* Syndrome 0x1: diagnose, then the dump of the automatic report, into the
 * same struct; every field. */
static void fw_error_everything(void **state)
{
	struct prm_err err = { 0 };
	struct prm_fw_reporter r;
	struct fmsg d, f;

	(void)state;
	diagnose_tree(SYND_FW_ERR, "firmware internal error", &d);
	fw_dump_tree(true, SYND_FW_ERR, 0, &hb_fw_err, 3, &f);
	memset(&r, 0, sizeof(r));
	assert_int_equal(read_tree(&d, &r, &err), 0);
	assert_int_equal(read_tree(&f, &r, &err), 0);

	assert_true(r.has_synd);
	assert_int_equal(r.synd, SYND_FW_ERR);
	assert_non_null(r.description);
	assert_string_equal(r.description, "firmware internal error");
	assert_true(r.has_ctx);
	assert_int_equal(r.ctx_synd, SYND_FW_ERR);
	assert_int_equal(r.miss_counter, 0);
	assert_true(r.has_buffer);
	for (int i = 0; i < 6; i++)
		assert_int_equal(r.buf.assert_var[i], hb_fw_err.assert_var[i]);
	assert_int_equal(r.buf.assert_exit_ptr, 0x00aaf800);
	assert_int_equal(r.buf.assert_callra, 0x00aaf70c);
	assert_int_equal(r.buf.time, 1634819758);
	assert_int_equal(r.buf.hw_id, 0x20d);
	assert_int_equal(r.buf.rfr, 1);
	assert_int_equal(r.buf.severity, 3);
	assert_int_equal(r.buf.nassert, 6);
	assert_true(r.buf.has_time && r.buf.has_rfr && r.buf.has_severity);
	assert_int_equal(r.buf.irisc_index, 9);
	assert_int_equal(r.buf.synd, SYND_FW_ERR);
	assert_int_equal(r.buf.ext_synd, 0x802b);
	assert_int_equal(r.buf.raw_fw_ver, 0x102001ec);
	assert_true(r.has_traces);
	assert_int_equal(r.ntraces, 3);
	assert_false(r.has_crdump);
	assert_int_equal(prm_fw_reporter_classify(&r, true), PRM_HEALTH_FW_ERROR);
	assert_int_equal(prm_fw_reporter_classify(&r, false), PRM_HEALTH_FW_ERROR);
	fmsg_free(&d);
	fmsg_free(&f);
}

/* The dump read first, the diagnose second: the same fields. */
static void dump_then_diagnose(void **state)
{
	struct prm_err err = { 0 };
	struct prm_fw_reporter r;
	struct fmsg d, f;

	(void)state;
	diagnose_tree(SYND_FW_ERR, "firmware internal error", &d);
	fw_dump_tree(true, SYND_FW_ERR, 4, &hb_fw_err, 2, &f);
	memset(&r, 0, sizeof(r));
	assert_int_equal(read_tree(&f, &r, &err), 0);
	assert_int_equal(read_tree(&d, &r, &err), 0);
	assert_true(r.has_synd);
	assert_int_equal(r.synd, SYND_FW_ERR);
	assert_true(r.has_ctx);
	assert_int_equal(r.miss_counter, 4);
	assert_true(r.has_buffer);
	assert_int_equal(r.buf.hw_id, 0x20d);
	assert_int_equal(r.ntraces, 2);
	fmsg_free(&d);
	fmsg_free(&f);
}

/* A dump taken by hand (no priv_ctx): no "syndrome"/"fw_miss_counter";
 * a healthy device has no "health buffer" either; no traces saved ever
 * is -ENOMSG in the kernel, so an empty ring does not come, but a ring of
 * one does. */
static void manual_dump(void **state)
{
	struct prm_err err = { 0 };
	struct prm_fw_reporter r;
	struct fmsg f;

	(void)state;
	fw_dump_tree(false, 0, 0, NULL, 1, &f);
	memset(&r, 0, sizeof(r));
	assert_int_equal(read_tree(&f, &r, &err), 0);
	assert_false(r.has_synd);
	assert_false(r.has_ctx);
	assert_false(r.has_buffer);
	assert_true(r.has_traces);
	assert_int_equal(r.ntraces, 1);
	assert_int_equal(prm_fw_reporter_classify(&r, false), PRM_HEALTH_OK);
	fmsg_free(&f);
}

/* Syndrome 0x10: "High temperature" (hsynd_str), thermal. */
static void thermal(void **state)
{
	struct prm_err err = { 0 };
	struct prm_fw_reporter r;
	struct fmsg f;

	(void)state;
	diagnose_tree(SYND_HIGH_TEMP, "High temperature", &f);
	memset(&r, 0, sizeof(r));
	assert_int_equal(read_tree(&f, &r, &err), 0);
	assert_int_equal(r.synd, SYND_HIGH_TEMP);
	assert_string_equal(r.description, "High temperature");
	assert_int_equal(prm_fw_reporter_classify(&r, false), PRM_HEALTH_THERMAL);
	assert_int_equal(prm_fw_reporter_classify(&r, true), PRM_HEALTH_THERMAL);
	fmsg_free(&f);
}

/*
 * Syndrome 0 with fw_fatal in error: its recover (mlx5_health_try_recover)
 * has not brought the device back, a fatal error. The "fw" reporter's own
 * state is no input: it has no recover op, so devlink_health_report leaves
 * it in error for good (auto_recover = !!ops->recover, and
 * devlink_health_reporter_recover is -EOPNOTSUPP without one).
 */
static void fatal_in_error_without_syndrome(void **state)
{
	struct prm_err err = { 0 };
	struct prm_fw_reporter r;
	struct fmsg f;

	(void)state;
	diagnose_tree(0, NULL, &f);
	memset(&r, 0, sizeof(r));
	assert_int_equal(read_tree(&f, &r, &err), 0);
	assert_int_equal(prm_fw_reporter_classify(&r, true), PRM_HEALTH_FW_ERROR);
	assert_int_equal(prm_fw_reporter_classify(&r, false), PRM_HEALTH_OK);
	fmsg_free(&f);

	/* nothing read at all (a VF: "fw" has no dump, diagnose not asked) */
	memset(&r, 0, sizeof(r));
	assert_int_equal(prm_fw_reporter_classify(&r, false), PRM_HEALTH_OK);
	assert_int_equal(prm_fw_reporter_classify(&r, true), PRM_HEALTH_FW_ERROR);
}

/* Only a dump read (health dump show, no diagnose): its syndromes are
 * syndromes too; the health buffer's 0x10 is thermal. */
static void dump_only_classifies(void **state)
{
	struct hbuf hot = hb_fw_err;
	struct prm_err err = { 0 };
	struct prm_fw_reporter r;
	struct fmsg f;

	(void)state;
	hot.synd = SYND_HIGH_TEMP;
	fw_dump_tree(true, SYND_HIGH_TEMP, 0, &hot, 1, &f);
	memset(&r, 0, sizeof(r));
	assert_int_equal(read_tree(&f, &r, &err), 0);
	assert_false(r.has_synd);
	assert_int_equal(r.buf.synd, SYND_HIGH_TEMP);
	assert_int_equal(prm_fw_reporter_classify(&r, false), PRM_HEALTH_THERMAL);
	fmsg_free(&f);

	fw_dump_tree(false, 0, 0, &hb_fw_err, 1, &f);
	memset(&r, 0, sizeof(r));
	assert_int_equal(read_tree(&f, &r, &err), 0);
	assert_int_equal(prm_fw_reporter_classify(&r, false), PRM_HEALTH_FW_ERROR);
	fmsg_free(&f);
}

/* The miss-counter report's dump: syndrome 0, the counter, no buffer. */
static void miss_counter_dump(void **state)
{
	struct prm_err err = { 0 };
	struct prm_fw_reporter r;
	struct fmsg f;

	(void)state;
	fw_dump_tree(true, 0, 0xfffffff0u, NULL, 3, &f);
	memset(&r, 0, sizeof(r));
	assert_int_equal(read_tree(&f, &r, &err), 0);
	assert_true(r.has_ctx);
	assert_int_equal(r.ctx_synd, 0);
	assert_int_equal(r.miss_counter, 0xfffffff0u);
	assert_false(r.has_buffer);
	/* the report is history: a syndrome of 0 and fw_fatal fine is ok now */
	assert_int_equal(prm_fw_reporter_classify(&r, false), PRM_HEALTH_OK);
	fmsg_free(&f);
}

/* mlx5_fw_fatal_reporter_dump after a fatal report: the ctx pairs, then
 * the CR space in pieces of DEVLINK_FMSG_MAX_SIZE (3 here), over several
 * dump messages. */
static void fatal_crdump(void **state)
{
	static uint8_t cr[2 * KF_FMSG_MAX_SIZE + 1024];
	struct prm_err err = { 0 };
	struct prm_fw_reporter r;
	struct kfmsg k;
	struct nlb b;
	struct fmsg f;

	(void)state;
	for (size_t i = 0; i < sizeof(cr); i += 4)
		memcpy(cr + i, "\xe5\xcc\xda\xba", 4);	/* 0xBADACCE5, unread dwords */
	kf_init(&k);
	kf_obj_nest_start(&k);
	ctx_pairs(&k, SYND_FW_ERR, 0);
	kf_binary_pair_put(&k, "crdump_data", cr, sizeof(cr));
	kf_obj_nest_end(&k);
	nlb_init(&b);
	assert_int_equal(kf_send(&k, &b, KF_ROOM_DUMP, DEVLINK_CMD_HEALTH_REPORTER_DUMP_GET,
				 NLM_F_ACK), 3);
	nlb_free(&b);
	to_tree(&k, KF_ROOM_DUMP, &f);
	memset(&r, 0, sizeof(r));
	assert_int_equal(read_tree(&f, &r, &err), 0);
	assert_true(r.has_crdump);
	assert_int_equal(r.crdump_len, sizeof(cr));
	/* the pieces joined, in order: the last dword is the array's last */
	assert_non_null(r.crdump);
	assert_memory_equal(r.crdump + sizeof(cr) - 4, "\xe5\xcc\xda\xba", 4);
	{
		uint32_t w[2];

		prm_crdump_le_words(r.crdump, 2, w);
		assert_int_equal(w[0], 0xbadacce5);
		assert_int_equal(w[1], 0xbadacce5);
	}
	assert_true(r.has_ctx);
	assert_int_equal(r.ctx_synd, SYND_FW_ERR);
	assert_false(r.has_buffer);
	assert_false(r.has_traces);
	assert_int_equal(prm_fw_reporter_classify(&r, true), PRM_HEALTH_FW_ERROR);
	fmsg_free(&f);
	kf_free(&k);
}

/* A manual fw_fatal dump: only the CR space. */
static void fatal_crdump_manual(void **state)
{
	static uint8_t cr[100];
	struct prm_err err = { 0 };
	struct prm_fw_reporter r;
	struct kfmsg k;
	struct fmsg f;

	(void)state;
	kf_init(&k);
	kf_obj_nest_start(&k);
	kf_binary_pair_put(&k, "crdump_data", cr, sizeof(cr));
	kf_obj_nest_end(&k);
	to_tree(&k, KF_ROOM_DUMP, &f);
	memset(&r, 0, sizeof(r));
	assert_int_equal(read_tree(&f, &r, &err), 0);
	assert_true(r.has_crdump);
	assert_int_equal(r.crdump_len, 100);
	assert_false(r.has_ctx);
	fmsg_free(&f);
	kf_free(&k);
}

/*
 * The health buffer as kernels before 5.16 dump it (before "net/mlx5:
 * Extend health buffer dump"): 5 assert_var, no "time", "rfr", "severity".
 * Nothing has the wrong type: what is there is read, the rest stays 0.
 */
static void health_buffer_before_5_16(void **state)
{
	struct prm_err err = { 0 };
	struct prm_fw_reporter r;
	struct kfmsg k;
	struct fmsg f;

	(void)state;
	kf_init(&k);
	kf_obj_nest_start(&k);
	ctx_pairs(&k, SYND_FW_ERR, 0);
	kf_pair_nest_start(&k, "health buffer");
	kf_obj_nest_start(&k);
	kf_arr_pair_nest_start(&k, "assert_var");
	for (uint32_t i = 0; i < 5; i++)
		kf_u32_put(&k, 0x100 + i);
	kf_arr_pair_nest_end(&k);
	kf_u32_pair_put(&k, "assert_exit_ptr", 0x00aaf800);
	kf_u32_pair_put(&k, "assert_callra", 0x00aaf70c);
	kf_u32_pair_put(&k, "hw_id", 0x20d);
	kf_u8_pair_put(&k, "irisc_index", 9);
	kf_u8_pair_put(&k, "synd", SYND_FW_ERR);
	kf_u32_pair_put(&k, "ext_synd", 0x802b);
	kf_u32_pair_put(&k, "raw_fw_ver", 0x102001ec);
	kf_obj_nest_end(&k);
	kf_pair_nest_end(&k);
	traces(&k, 1);
	kf_obj_nest_end(&k);
	to_tree(&k, KF_ROOM_DUMP, &f);
	memset(&r, 0, sizeof(r));
	if (read_tree(&f, &r, &err))
		fail_msg("%s", err.msg);
	assert_true(r.has_buffer);
	for (int i = 0; i < 5; i++)
		assert_int_equal(r.buf.assert_var[i], 0x100 + i);
	assert_int_equal(r.buf.assert_var[5], 0);
	assert_int_equal(r.buf.time, 0);
	/* what was not sent is known as not sent, not as a zero */
	assert_int_equal(r.buf.nassert, 5);
	assert_false(r.buf.has_time);
	assert_false(r.buf.has_rfr);
	assert_false(r.buf.has_severity);
	assert_int_equal(r.buf.hw_id, 0x20d);
	assert_int_equal(r.buf.synd, SYND_FW_ERR);
	assert_int_equal(r.buf.raw_fw_ver, 0x102001ec);
	fmsg_free(&f);
	kf_free(&k);
}

/* Keys prmctl does not know, anywhere, of any kind: left alone. */
static void unknown_keys_ignored(void **state)
{
	static const uint8_t blob[8] = { 1, 2, 3, 4, 5, 6, 7, 8 };
	struct prm_err err = { 0 };
	struct prm_fw_reporter r;
	struct kfmsg k;
	struct fmsg f;

	(void)state;
	kf_init(&k);
	kf_obj_nest_start(&k);
	kf_string_pair_put(&k, "Firmware version", "22.39.1002");
	fw_diagnose(&k, SYND_FW_ERR, "firmware internal error");
	kf_u64_pair_put(&k, "syndrome_ts", 12345);
	kf_pair_nest_start(&k, "extra");
	kf_obj_nest_start(&k);
	kf_u8_pair_put(&k, "Syndrome", 0xee);	/* not the top-level one */
	kf_obj_nest_end(&k);
	kf_pair_nest_end(&k);
	kf_binary_pair_put(&k, "blob", blob, sizeof(blob));
	kf_arr_pair_nest_start(&k, "list");
	kf_bool_put(&k, true);
	kf_arr_pair_nest_end(&k);
	health_buffer(&k, &hb_fw_err);
	kf_obj_nest_end(&k);
	to_tree(&k, KF_ROOM_DOIT, &f);
	memset(&r, 0, sizeof(r));
	if (read_tree(&f, &r, &err))
		fail_msg("%s", err.msg);
	assert_true(r.has_synd);
	assert_int_equal(r.synd, SYND_FW_ERR);
	assert_string_equal(r.description, "firmware internal error");
	assert_true(r.has_buffer);
	assert_int_equal(r.buf.irisc_index, 9);
	fmsg_free(&f);
	kf_free(&k);
}

/*
 * mlx5_fw_reporter_ctx_pairs_put puts "syndrome" and "fw_miss_counter"
 * together; a tree with the first alone (a driver that changed) must not
 * give a miss counter it does not have.
 */
static void ctx_without_counter(void **state)
{
	struct prm_err err = { 0 };
	struct prm_fw_reporter r;
	struct kfmsg k;
	struct fmsg f;

	(void)state;
	kf_init(&k);
	kf_obj_nest_start(&k);
	kf_u8_pair_put(&k, "syndrome", 5);
	kf_obj_nest_end(&k);
	to_tree(&k, KF_ROOM_DUMP, &f);
	memset(&r, 0, sizeof(r));
	if (read_tree(&f, &r, &err) == 0 && r.has_ctx)
		assert_int_equal(r.miss_counter, 0);
	fmsg_free(&f);
	kf_free(&k);
}

/* An empty tree (netdevsim's "empty" reporter, or a reporter prmctl reads
 * by mistake): nothing found, no error. */
static void empty_tree(void **state)
{
	struct prm_err err = { 0 };
	struct prm_fw_reporter r;
	struct kfmsg k;
	struct fmsg f;

	(void)state;
	kf_init(&k);
	kf_obj_nest_start(&k);
	kf_obj_nest_end(&k);
	to_tree(&k, KF_ROOM_DOIT, &f);
	memset(&r, 0, sizeof(r));
	assert_int_equal(read_tree(&f, &r, &err), 0);
	assert_false(r.has_synd);
	assert_false(r.has_ctx);
	assert_false(r.has_buffer);
	assert_false(r.has_traces);
	assert_false(r.has_crdump);
	fmsg_free(&f);
	kf_free(&k);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(healthy),
		cmocka_unit_test(fw_error_everything),
		cmocka_unit_test(dump_then_diagnose),
		cmocka_unit_test(manual_dump),
		cmocka_unit_test(thermal),
		cmocka_unit_test(fatal_in_error_without_syndrome),
		cmocka_unit_test(dump_only_classifies),
		cmocka_unit_test(miss_counter_dump),
		cmocka_unit_test(fatal_crdump),
		cmocka_unit_test(fatal_crdump_manual),
		cmocka_unit_test(health_buffer_before_5_16),
		cmocka_unit_test(unknown_keys_ignored),
		cmocka_unit_test(ctx_without_counter),
		cmocka_unit_test(empty_tree),
	};

	return cmocka_run_group_tests_name("fwreporter", tests, NULL, NULL);
}
