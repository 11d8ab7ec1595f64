/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_TESTS_MLX5_FMSG_H
#define PRMCTL_TESTS_MLX5_FMSG_H

/*
 * mlx5's "fw" and "fw_fatal" devlink health reporters in the driver's own
 * devlink_fmsg_* calls, recorded with tests/unit/nlbuild.h:
 * drivers/net/ethernet/mellanox/mlx5/core/health.c (Linux 6.1:
 * mlx5_fw_reporter_diagnose, _ctx_pairs_put, _heath_buffer_data_put, _dump)
 * and diag/fw_tracer.c (mlx5_devlink_fmsg_fill_trace). Then the items,
 * wrapped in devlink's own object, sent as devlink_fmsg_prepare_skb sends
 * them and read back into an fmsg tree (cmocka asserts on the way), and
 * that tree handed to lib/out/fwreporter_read.c. Shared by
 * test_fwreporter.c and test_fwreporter_types.c.
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
#include "lib/out/fwreporter_read.h"
#include "lib/prm/fwreporter.h"
#include "tests/unit/nlbuild.h"

/* hsynd_str() of the syndromes used here */
#define SYND_FW_ERR 0x1
#define SYND_HIGH_TEMP 0x10

/* mlx5_fw_reporter_diagnose */
static inline void fw_diagnose(struct kfmsg *k, uint8_t synd, const char *desc)
{
	kf_u8_pair_put(k, "Syndrome", synd);
	if (synd)
		kf_string_pair_put(k, "Description", desc);
}

/* mlx5_fw_reporter_ctx_pairs_put */
static inline void ctx_pairs(struct kfmsg *k, uint8_t synd, uint32_t miss)
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
static inline void health_buffer(struct kfmsg *k, const struct hbuf *h)
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
static inline void traces(struct kfmsg *k, unsigned n)
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
static inline void to_tree(const struct kfmsg *k, size_t room, struct fmsg *f)
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
static inline void diagnose_tree(uint8_t synd, const char *desc, struct fmsg *f)
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
static inline void fw_dump_tree(bool ctx, uint8_t synd, uint32_t miss, const struct hbuf *h,
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

static inline int read_tree(const struct fmsg *f, struct prm_fw_reporter *r,
			    struct prm_err *err)
{
	return fw_reporter_read(f->root, r, err);
}

#endif
