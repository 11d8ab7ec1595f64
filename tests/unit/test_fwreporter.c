// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * lib/prm/fwreporter.c on the trees of mlx5's "fw" and "fw_fatal" devlink
 * health reporters, each made from the exact devlink_fmsg_* calls of
 * drivers/net/ethernet/mellanox/mlx5/core/health.c (Linux 6.1:
 * mlx5_fw_reporter_diagnose, _ctx_pairs_put, _heath_buffer_data_put,
 * _dump, mlx5_fw_fatal_reporter_dump) and diag/fw_tracer.c
 * (mlx5_devlink_fmsg_fill_trace), wrapped in devlink's own object and sent
 * as devlink_fmsg_prepare_skb sends them (tests/unit/nlbuild.h).
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
#include "lib/prm/fwreporter.h"
#include "tests/unit/nlbuild.h"

/* ---- the driver's calls ---- */

/* hsynd_str() of the syndromes used here */
#define SYND_FW_ERR 0x1
#define SYND_HIGH_TEMP 0x10

/* mlx5_fw_reporter_diagnose */
static void fw_diagnose(struct kfmsg *k, uint8_t synd, const char *desc)
{
	kf_u8_pair_put(k, "Syndrome", synd);
	if (synd)
		kf_string_pair_put(k, "Description", desc);
}

/* mlx5_fw_reporter_ctx_pairs_put */
static void ctx_pairs(struct kfmsg *k, uint8_t synd, uint32_t miss)
{
	kf_u8_pair_put(k, "syndrome", synd);
	kf_u32_pair_put(k, "fw_miss_counter", miss);
}

/* a health buffer as the device showed it (host order, after ioread*be) */
struct hbuf {
	uint32_t assert_var[6], assert_exit_ptr, assert_callra, time, hw_id, ext_synd, fw_ver;
	uint8_t rfr, severity, irisc_index, synd;
};

static const struct hbuf hb_fw_err = {
	.assert_var = { 0x08040700, 0x00000001, 0x00000002, 0x00000003, 0x00000004, 0xfedcba98 },
	.assert_exit_ptr = 0x00aaf800, .assert_callra = 0x00aaf70c, .time = 1634819758,
	.hw_id = 0x0000020d, .rfr = 1, .severity = 3, .irisc_index = 9, .synd = SYND_FW_ERR,
	.ext_synd = 0x802b, .fw_ver = 0x102001ec,
};

/* mlx5_fw_reporter_heath_buffer_data_put (synd != 0) */
static void health_buffer(struct kfmsg *k, const struct hbuf *h)
{
	kf_pair_nest_start(k, "health buffer");
	kf_obj_nest_start(k);
	kf_arr_pair_nest_start(k, "assert_var");
	for (int i = 0; i < 6; i++)
		kf_u32_put(k, h->assert_var[i]);
	kf_arr_pair_nest_end(k);
	kf_u32_pair_put(k, "assert_exit_ptr", h->assert_exit_ptr);
	kf_u32_pair_put(k, "assert_callra", h->assert_callra);
	kf_u32_pair_put(k, "time", h->time);
	kf_u32_pair_put(k, "hw_id", h->hw_id);
	kf_u8_pair_put(k, "rfr", h->rfr);
	kf_u8_pair_put(k, "severity", h->severity);
	kf_u8_pair_put(k, "irisc_index", h->irisc_index);
	kf_u8_pair_put(k, "synd", h->synd);
	kf_u32_pair_put(k, "ext_synd", h->ext_synd);
	kf_u32_pair_put(k, "raw_fw_ver", h->fw_ver);
	kf_obj_nest_end(k);
	kf_pair_nest_end(k);
}

/* mlx5_fw_tracer_get_saved_traces_objects / mlx5_devlink_fmsg_fill_trace */
static void traces(struct kfmsg *k, unsigned n)
{
	char msg[64];

	kf_arr_pair_nest_start(k, "dump fw traces");
	for (unsigned i = 0; i < n; i++) {
		kf_obj_nest_start(k);
		kf_u64_pair_put(k, "timestamp", 0x0001a2b3c4d5e6f7ull + i);
		kf_bool_pair_put(k, "lost", i == 1);
		kf_u8_pair_put(k, "event_id", (uint8_t)(0x10 + i));
		snprintf(msg, sizeof(msg), "PCA_9655: Health buffer updated %u", i);
		kf_string_pair_put(k, "msg", msg);
		kf_obj_nest_end(k);
	}
	kf_arr_pair_nest_end(k);
}

/* The items, as diagnose or dump messages, into a tree. */
static void to_tree(const struct kfmsg *k, size_t room, struct fmsg *f)
{
	struct prm_err err = { 0 };
	struct nlb b;
	size_t off = 0;

	nlb_init(&b);
	assert_true(kf_send(k, &b, room, DEVLINK_CMD_HEALTH_REPORTER_DUMP_GET, NLM_F_ACK) > 0);
	fmsg_init(f);
	while (off < b.len) {
		const struct nlmsghdr *nlh = nlb_nlh(&b, off);
		size_t len = 0;
		const void *p = nlb_find(nlh, DEVLINK_ATTR_FMSG, &len);

		assert_non_null(p);
		if (fmsg_feed(f, p, len, &err))
			fail_msg("fmsg: %s", err.msg);
		off += NLMSG_ALIGN(nlh->nlmsg_len);
	}
	if (fmsg_finish(f, &err))
		fail_msg("fmsg: %s", err.msg);
	nlb_free(&b);
}

/* devlink's object around what the driver put: diagnose */
static void diagnose_tree(uint8_t synd, const char *desc, struct fmsg *f)
{
	struct kfmsg k;

	kf_init(&k);
	kf_obj_nest_start(&k);
	fw_diagnose(&k, synd, desc);
	kf_obj_nest_end(&k);
	to_tree(&k, KF_ROOM_DOIT, f);
	kf_free(&k);
}

/* mlx5_fw_reporter_dump: ctx pairs after an automatic report, the health
 * buffer when the syndrome is not 0, the saved traces */
static void fw_dump_tree(bool ctx, uint8_t synd, uint32_t miss, const struct hbuf *h,
			 unsigned ntraces, struct fmsg *f)
{
	struct kfmsg k;

	kf_init(&k);
	kf_obj_nest_start(&k);
	if (ctx)
		ctx_pairs(&k, synd, miss);
	if (h)
		health_buffer(&k, h);
	traces(&k, ntraces);
	kf_obj_nest_end(&k);
	to_tree(&k, KF_ROOM_DUMP, f);
	kf_free(&k);
}

static int read_tree(const struct fmsg *f, struct prm_fw_reporter *r, struct prm_err *err)
{
	return prm_fw_reporter_read(f->root, r, err);
}

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

/* ---- a known key of the wrong type: an error naming it ---- */

typedef void (*wrong_fn)(struct kfmsg *k);

static void w_syndrome_u32(struct kfmsg *k)
{
	kf_u32_pair_put(k, "Syndrome", 1);
}

static void w_syndrome_string(struct kfmsg *k)
{
	kf_string_pair_put(k, "Syndrome", "1");
}

static void w_description_u8(struct kfmsg *k)
{
	kf_u8_pair_put(k, "Syndrome", 1);
	kf_u8_pair_put(k, "Description", 1);
}

static void w_ctx_synd_u32(struct kfmsg *k)
{
	kf_u32_pair_put(k, "syndrome", 1);
	kf_u32_pair_put(k, "fw_miss_counter", 0);
}

static void w_miss_u8(struct kfmsg *k)
{
	kf_u8_pair_put(k, "syndrome", 1);
	kf_u8_pair_put(k, "fw_miss_counter", 0);
}

static void w_miss_u64(struct kfmsg *k)
{
	kf_u8_pair_put(k, "syndrome", 1);
	kf_u64_pair_put(k, "fw_miss_counter", 0);
}

static void w_buffer_value(struct kfmsg *k)
{
	kf_u32_pair_put(k, "health buffer", 1);
}

static void w_buffer_array(struct kfmsg *k)
{
	kf_arr_pair_nest_start(k, "health buffer");
	kf_u32_put(k, 1);
	kf_arr_pair_nest_end(k);
}

/* a whole 6.1 health buffer with one member changed */
static void buffer_with(struct kfmsg *k, const char *bad)
{
	static const char *const u32s[] = { "assert_exit_ptr", "assert_callra", "time", "hw_id" };
	static const char *const u8s[] = { "rfr", "severity", "irisc_index", "synd" };

	kf_pair_nest_start(k, "health buffer");
	kf_obj_nest_start(k);
	if (!strcmp(bad, "assert_var")) {
		kf_u32_pair_put(k, "assert_var", 1);
	} else {
		kf_arr_pair_nest_start(k, "assert_var");
		for (int i = 0; i < 6; i++) {
			if (!strcmp(bad, "assert_var u8"))
				kf_u8_put(k, 1);
			else
				kf_u32_put(k, 1);
		}
		kf_arr_pair_nest_end(k);
	}
	for (size_t i = 0; i < 4; i++) {
		if (!strcmp(bad, u32s[i]))
			kf_u64_pair_put(k, u32s[i], 1);
		else
			kf_u32_pair_put(k, u32s[i], 1);
	}
	for (size_t i = 0; i < 4; i++) {
		if (!strcmp(bad, u8s[i]) && !strcmp(bad, "severity"))
			kf_string_pair_put(k, u8s[i], "ERROR");
		else if (!strcmp(bad, u8s[i]))
			kf_u32_pair_put(k, u8s[i], 1);
		else
			kf_u8_pair_put(k, u8s[i], 1);
	}
	kf_u32_pair_put(k, "ext_synd", 1);
	if (!strcmp(bad, "raw_fw_ver"))
		kf_u8_pair_put(k, "raw_fw_ver", 1);
	else
		kf_u32_pair_put(k, "raw_fw_ver", 1);
	kf_obj_nest_end(k);
	kf_pair_nest_end(k);
}

static void w_assert_var_value(struct kfmsg *k)
{
	buffer_with(k, "assert_var");
}

static void w_assert_var_u8(struct kfmsg *k)
{
	buffer_with(k, "assert_var u8");
}

static void w_time_u64(struct kfmsg *k)
{
	buffer_with(k, "time");
}

static void w_synd_u32(struct kfmsg *k)
{
	buffer_with(k, "synd");
}

static void w_severity_string(struct kfmsg *k)
{
	buffer_with(k, "severity");
}

static void w_raw_fw_ver_u8(struct kfmsg *k)
{
	buffer_with(k, "raw_fw_ver");
}

static void w_traces_object(struct kfmsg *k)
{
	kf_pair_nest_start(k, "dump fw traces");
	kf_obj_nest_start(k);
	kf_obj_nest_end(k);
	kf_pair_nest_end(k);
}

static void w_traces_value(struct kfmsg *k)
{
	kf_u32_pair_put(k, "dump fw traces", 3);
}

static void w_crdump_string(struct kfmsg *k)
{
	kf_string_pair_put(k, "crdump_data", "not a dump");
}

static void w_crdump_u32_array(struct kfmsg *k)
{
	kf_arr_pair_nest_start(k, "crdump_data");
	kf_u32_put(k, 0xbadacce5);
	kf_arr_pair_nest_end(k);
}

/* the buffer itself is fine: the one above with nothing changed */
static void w_none(struct kfmsg *k)
{
	buffer_with(k, "");
}

static const struct {
	const char *what, *key;
	wrong_fn fn;
} wrongs[] = {
	{ "Syndrome as u32", "Syndrome", w_syndrome_u32 },
	{ "Syndrome as string", "Syndrome", w_syndrome_string },
	{ "Description as u8", "Description", w_description_u8 },
	{ "syndrome as u32", "syndrome", w_ctx_synd_u32 },
	{ "fw_miss_counter as u8", "fw_miss_counter", w_miss_u8 },
	{ "fw_miss_counter as u64", "fw_miss_counter", w_miss_u64 },
	{ "health buffer as a value", "health buffer", w_buffer_value },
	{ "health buffer as an array", "health buffer", w_buffer_array },
	{ "assert_var as a value", "assert_var", w_assert_var_value },
	{ "assert_var of u8", "assert_var", w_assert_var_u8 },
	{ "time as u64", "time", w_time_u64 },
	{ "synd as u32", "synd", w_synd_u32 },
	{ "severity as string", "severity", w_severity_string },
	{ "raw_fw_ver as u8", "raw_fw_ver", w_raw_fw_ver_u8 },
	{ "dump fw traces as an object", "dump fw traces", w_traces_object },
	{ "dump fw traces as a value", "dump fw traces", w_traces_value },
	{ "crdump_data as a string", "crdump_data", w_crdump_string },
	{ "crdump_data as u32s", "crdump_data", w_crdump_u32_array },
};

static void wrong_types(void **state)
{
	struct prm_err err = { 0 };
	struct prm_fw_reporter r;
	unsigned failed = 0;
	struct kfmsg k;
	struct fmsg f;

	(void)state;
	/* the control: buffer_with changes nothing when asked to change nothing */
	kf_init(&k);
	kf_obj_nest_start(&k);
	w_none(&k);
	kf_obj_nest_end(&k);
	to_tree(&k, KF_ROOM_DUMP, &f);
	memset(&r, 0, sizeof(r));
	if (read_tree(&f, &r, &err))
		fail_msg("control: %s", err.msg);
	assert_true(r.has_buffer);
	assert_int_equal(r.buf.severity, 1);
	fmsg_free(&f);
	kf_free(&k);

	for (size_t i = 0; i < sizeof(wrongs) / sizeof(wrongs[0]); i++) {
		struct prm_err err = { 0 };
		struct prm_fw_reporter r;
		struct kfmsg k;
		struct fmsg f;
		int rc;

		kf_init(&k);
		kf_obj_nest_start(&k);
		wrongs[i].fn(&k);
		kf_obj_nest_end(&k);
		to_tree(&k, KF_ROOM_DUMP, &f);
		memset(&r, 0, sizeof(r));
		rc = read_tree(&f, &r, &err);
		if (rc != -1 || err.kind != PRM_E_FAILED || !strstr(err.msg, wrongs[i].key)) {
			print_error("%s: rc %d, kind %d, msg \"%s\"\n", wrongs[i].what, rc, err.kind,
				    err.msg);
			failed++;
		}
		fmsg_free(&f);
		kf_free(&k);
	}
	assert_int_equal(failed, 0);
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
		cmocka_unit_test(wrong_types),
	};

	return cmocka_run_group_tests_name("fwreporter", tests, NULL, NULL);
}
