// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* lib/prm/initseg.c and models.c: summaries from hand-placed bytes. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "lib/prm/initseg.h"
#include "lib/prm/models.h"

static void summary(void **state)
{
	static uint8_t seg[0x2010];
	struct prm_initseg_summary s;
	struct prm_err err = { 0 };

	(void)state;
	memset(seg, 0, sizeof(seg));
	/* fw 16.35.2000 (0x7d0), cmdif 5 */
	seg[0x01] = 0x23; seg[0x03] = 0x10; seg[0x05] = 0x05; seg[0x06] = 0x07; seg[0x07] = 0xd0;
	seg[0x1fc] = 0x80;	/* initializing */
	seg[0x16] = 0x07;	/* nic_interface 7 (sw reset), bits 10:8 of dword 0x14 */
	seg[0x236] = 0x02; seg[0x237] = 0x0d;	/* health hw_id 0x20d */
	seg[0x23d] = 0x10;	/* synd: high temperature */
	seg[0x1010] = 0x01; seg[0x1013] = 0x2a;	/* health syndrome 1, counter 42 */
	assert_int_equal(prm_initseg_summarize(seg, sizeof(seg), &s, &err), 0);
	assert_false(s.all_ones);
	assert_string_equal(s.fw_version, "16.35.2000");
	assert_int_equal(s.cmd_interface_rev, 5);
	assert_true(s.initializing);
	assert_int_equal(s.nic_interface, 7);
	assert_string_equal(s.nic_interface_name, "sw_reset");
	assert_int_equal(s.hw_id, 0x20d);
	assert_string_equal(s.chip, "ConnectX-5");
	assert_int_equal(s.synd, 0x10);
	assert_string_equal(s.synd_name, "High temperature");
	assert_int_equal(s.health_syndrome, 1);
	assert_int_equal(s.health_counter, 42);
	assert_string_equal(s.state, "fw_initializing");
	seg[0x1fc] = 0;
	assert_int_equal(prm_initseg_summarize(seg, sizeof(seg), &s, &err), 0);
	assert_string_equal(s.state, "ready");
	seg[0x05] = 0x04;	/* interface revision 4: not what drivers speak */
	assert_int_equal(prm_initseg_summarize(seg, sizeof(seg), &s, &err), 0);
	assert_string_equal(s.state, "unrecognized");
	memset(seg, 0xff, sizeof(seg));
	assert_int_equal(prm_initseg_summarize(seg, sizeof(seg), &s, &err), 0);
	assert_true(s.all_ones);
	assert_string_equal(s.state, "pci_gone");
	assert_int_not_equal(prm_initseg_summarize(seg, 0x1000, &s, &err), 0);
	assert_non_null(strstr(err.msg, "8208"));
}

static void decoded_fields(void **state)
{
	static uint8_t seg[0x2010];
	struct prm_initseg_summary s;
	struct prm_err err = { 0 };

	(void)state;
	memset(seg, 0, sizeof(seg));
	seg[0x05] = 0x05;
	seg[0x10] = 0x00; seg[0x13] = 0x01;		/* address bits 63:32 = 1 */
	seg[0x14] = 0xab; seg[0x15] = 0xcd; seg[0x16] = 0xe0; seg[0x17] = 0x56; /* 31:12, size 5, stride 6 */
	seg[0xff8] = 0x20; seg[0xffb] = 0x3c;		/* exec: unit 1 (s), 60 */
	seg[0xffc] = 0x40; seg[0xfff] = 0x02;		/* init: unit 2 (min), 2 */
	seg[0x1003] = 0x01; seg[0x1007] = 0x02;		/* timer 0x1_00000002 */
	seg[0x1043] = 0x0a; seg[0x1047] = 0x07;		/* 10 s, 7 ns */
	assert_int_equal(prm_initseg_summarize(seg, sizeof(seg), &s, &err), 0);
	assert_true(s.cmdq_address == 0x1abcde000ULL);
	assert_int_equal(s.cmdq_entries, 32);
	assert_int_equal(s.cmdq_stride, 64);
	assert_int_equal(s.cmd_exec_timeout_ms, 60000);
	assert_int_equal(s.fw_init_timeout_ms, 120000);
	assert_true(s.internal_timer == 0x100000002ULL);
	assert_true(s.real_time_ns == 10000000007ULL);
	seg[0xffc] = 0; seg[0xfff] = 0;			/* no init timeout: none given */
	assert_int_equal(prm_initseg_summarize(seg, sizeof(seg), &s, &err), 0);
	assert_int_equal(s.cmd_exec_timeout_ms, 0);
}

static void models(void **state)
{
	const struct prm_model *m;

	(void)state;
	m = prm_model_by_device_id(0x1021);
	assert_non_null(m);
	assert_string_equal(m->name, "ConnectX-7");
	assert_false(m->vf);
	assert_int_equal(m->hw_id, 0x218);
	m = prm_model_by_device_id(0x101e);
	assert_non_null(m);
	assert_true(m->vf);
	assert_null(prm_model_by_device_id(0x1000));
	assert_string_equal(prm_chip_by_hw_id(0x212), "ConnectX-6 Dx");
	assert_null(prm_chip_by_hw_id(0x1234));
	assert_true(prm_is_recovery_device_id(0x20d));
	assert_true(prm_is_recovery_device_id(0x219));	/* secure recovery = hw_id + 1 */
	assert_false(prm_is_recovery_device_id(0x1017));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(summary),
		cmocka_unit_test(decoded_fields),
		cmocka_unit_test(models),
	};

	return cmocka_run_group_tests_name("prm", tests, NULL, NULL);
}
