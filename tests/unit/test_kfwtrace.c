// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * lib/prm/kfwtrace.c on lines written by hand in the form tracefs prints
 * the kernel's mlx5_fw event: the ftrace header, then
 * "mlx5_fw: %s [0x%llx] %d [0x%x] %s" (fw_tracer_tracepoint.h).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "lib/prm/kfwtrace.h"

static int parse(const char *line, struct prm_kfwtrace *k)
{
	return prm_kfwtrace_parse(line, strlen(line), k);
}

static void test_line(void **state)
{
	struct prm_kfwtrace k;

	(void)state;
	assert_int_equal(parse("    kworker/u8:3-91      [001] ..... "
			       "   12.504311: mlx5_fw: 0000:01:00.0 [0x2e8f3a1c07] 0 [0x1f] "
			       "pcie link up width 16 speed 3\n", &k), 0);
	assert_true(k.has_seconds);
	assert_true(k.seconds > 12.504310 && k.seconds < 12.504312);
	assert_int_equal(k.dev_len, 12);
	assert_memory_equal(k.dev, "0000:01:00.0", 12);
	assert_true(k.timestamp == 0x2e8f3a1c07ULL);
	assert_int_equal(k.lost, 0);
	assert_int_equal(k.event_id, 0x1f);
	assert_int_equal(k.msg_len, strlen("pcie link up width 16 speed 3"));
	assert_memory_equal(k.msg, "pcie link up width 16 speed 3", k.msg_len);
}

static void test_lost_and_empty(void **state)
{
	struct prm_kfwtrace k;

	(void)state;
	assert_int_equal(parse("<idle>-0 [000] d.h2. 7.000001: mlx5_fw: 0000:3b:00.1 "
			       "[0xffffffffffffffff] 1 [0xff] ", &k), 0);
	assert_true(k.timestamp == UINT64_MAX);
	assert_int_equal(k.lost, 1);
	assert_int_equal(k.event_id, 0xff);
	assert_int_equal(k.msg_len, 0);
	/* no header (a copy without it): the event still parses, no time */
	assert_int_equal(parse("mlx5_fw: mlx5_0 [0x10] 0 [0x8] x", &k), 0);
	assert_false(k.has_seconds);
	assert_int_equal(k.dev_len, 6);
}

static void test_not_ours(void **state)
{
	static const char *const bad[] = {
		"# tracer: nop",
		"kworker-1 [000] ..... 1.0: mlx5_cmd_exec: 0000:01:00.0 ...",
		"x 1.0: mlx5_fw: 0000:01:00.0 [0x] 0 [0x1] m",		/* no digits */
		"x 1.0: mlx5_fw: 0000:01:00.0 [0x10] 2 [0x1] m",	/* lost is a bool */
		"x 1.0: mlx5_fw: 0000:01:00.0 [0x10] 0 [0x100] m",	/* event id is a u8 */
		"x 1.0: mlx5_fw: 0000:01:00.0 [0x1ffffffffffffffff] 0 [0x1] m",
		"x 1.0: mlx5_fw: 0000:01:00.0 [0x10] 0 [0x1",		/* cut short */
		"x 1.0: mlx5_fw: 0000:01:00.0",
		"x 1.0: mlx5_fw:  [0x10] 0 [0x1] m",			/* no device */
		"x 1.0: mlx5_fw: 0000:01:00.0 [0x10] 0 [0x1]m",
	};
	struct prm_kfwtrace k;

	(void)state;
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		if (parse(bad[i], &k) != -1)
			fail_msg("parsed: %s", bad[i]);
}

int main(void)
{
	const struct CMUnitTest t[] = {
		cmocka_unit_test(test_line),
		cmocka_unit_test(test_lost_and_empty),
		cmocka_unit_test(test_not_ours),
	};

	return cmocka_run_group_tests(t, NULL, NULL);
}
