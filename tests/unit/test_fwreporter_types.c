// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * lib/out/fwreporter_read.c on trees where a key of mlx5's "fw" and
 * "fw_fatal" devlink health reporters
 * (drivers/net/ethernet/mellanox/mlx5/core/health.c and diag/fw_tracer.c,
 * Linux 6.1) has another type than the driver gives it: an error naming the
 * key. Each tree is made with the devlink_fmsg_* calls, wrapped in devlink's
 * own object and sent as devlink_fmsg_prepare_skb sends it
 * (tests/unit/mlx5_fmsg.h, tests/unit/nlbuild.h); a 6.1 health buffer with
 * nothing changed is the control. What the driver does send is
 * test_fwreporter.c.
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
#include "tests/unit/mlx5_fmsg.h"
#include "tests/unit/nlbuild.h"

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
		cmocka_unit_test(wrong_types),
	};

	return cmocka_run_group_tests_name("fwreporter_types", tests, NULL, NULL);
}
