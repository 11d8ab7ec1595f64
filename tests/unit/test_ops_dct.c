// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* DC targets: lib/ops/dct.c against the simulated firmware's lib/sim/dct.c. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "lib/dev/dev.h"
#include "lib/dev/eq.h"
#include "lib/ops/dct.h"
#include "lib/ops/pd.h"
#include "lib/prm/dct.h"
#include "lib/sim/adapter.h"
#include "tests/unit/simdev.h"

/* A DCT with every field at its default, on a PD of its own. */
static uint32_t plain_dct(struct dev *d)
{
	struct dct_attr a = { 0 };
	struct prm_err err = { 0 };
	uint32_t pd, dctn;

	assert_int_equal(pd_alloc(d, &pd, &err), 0);
	a.pd = pd;
	assert_int_equal(dct_create(d, &a, &dctn, &err), 0);
	return dctn;
}

static void created_fields_come_back_from_query(void **state)
{
	struct dct_attr a = { .cqn = 5, .srqn = 7, .key = 0x1122334455667788, .mtu = 4,
			      .tclass = 3, .rre = true, .rae = true };
	struct prm_err err = { 0 };
	struct dct_info info;
	struct dev *d = *state;
	uint32_t pd, dctn, v[4];
	unsigned n;

	assert_int_equal(pd_alloc(d, &pd, &err), 0);
	a.pd = pd;
	assert_int_equal(dct_create(d, &a, &dctn, &err), 0);
	assert_int_equal(dctn, 0x100);
	assert_int_equal(dct_query(d, dctn, &info, &err), 0);
	assert_int_equal(info.state, DCT_STATE_ACTIVE);
	assert_int_equal(info.pd, pd);
	assert_int_equal(info.cqn, 5);
	assert_true(info.key == 0x1122334455667788);
	assert_int_equal(info.key_violations, 0);
	/*
	 * The context is the dctc itself, by hand from mlx5_ifc_dctc_bits: cqn
	 * at bit 0x48 (bytes 9-11), rre/rwe/rae bits 0x6c-0x6e (byte 13: 0x0a),
	 * dc_access_key at bit 0x100 (bytes 32-39), mtu at 0x145 (byte 40, low
	 * 3 bits), port at 0x148 (byte 41, 1 by default), hop_limit at 0x178
	 * (byte 47, 64 by default).
	 */
	assert_memory_equal(info.ctx + 9, "\x00\x00\x05", 3);
	assert_int_equal(info.ctx[13], 0x0a);
	assert_memory_equal(info.ctx + 32, "\x11\x22\x33\x44\x55\x66\x77\x88", 8);
	assert_int_equal(info.ctx[40] & 7, 4);
	assert_int_equal(info.ctx[41], 1);
	assert_int_equal(info.ctx[47], 64);
	assert_int_equal(dct_probe(d, 0xfe, 8, v, 4, &n, &err), 0);
	assert_int_equal(n, 1);
	assert_int_equal(v[0], 0x100);
}

static void drained_at_the_event_then_destroyed(void **state)
{
	struct prm_err err = { 0 };
	struct dct_info info;
	struct dev *d = *state;
	uint32_t dctn = plain_dct(d);
	uint64_t waited = 0;

	assert_int_equal(dct_drain_wait(d, dctn, true, 5000, &waited, &err), 0);
	assert_true(waited < 5000);
	assert_int_equal(dct_query(d, dctn, &info, &err), 0);
	assert_int_equal(info.state, DCT_STATE_DRAINED);
	assert_int_equal(dct_destroy(d, dctn, &err), 0);
	assert_int_equal(dct_query(d, dctn, &info, &err), -1);
	assert_non_null(strstr(err.msg, "QUERY_DCT(0x713)"));
}

static void a_drain_that_never_ends_times_out(void **state)
{
	struct prm_err err = { 0 };
	struct dct_info info;
	struct dev *d = *state;
	uint32_t dctn = plain_dct(d);
	uint64_t waited = 0;

	assert_int_equal(sim_fault_inject(d->sim, "dct-drain-stuck", &err), 0);
	assert_int_equal(dct_drain_wait(d, dctn, true, 150, &waited, &err), -1);
	assert_int_equal(err.kind, PRM_E_TIMEOUT);
	assert_string_equal(err.reason, "drain_timeout");
	assert_true(waited >= 150);
	assert_int_equal(dct_query(d, dctn, &info, &err), 0);
	assert_int_equal(info.state, DCT_STATE_DRAINING);
	/* draining: the firmware refuses to destroy it */
	assert_int_equal(dct_destroy(d, dctn, &err), -1);
	assert_non_null(strstr(err.msg, "DESTROY_DCT(0x711)"));
}

static void a_key_violation_is_one_event_per_arm(void **state)
{
	struct prm_err err = { 0 };
	struct dct_info info;
	struct dev *d = *state;
	struct eq *q = NULL;
	uint32_t dctn = plain_dct(d), which = 0;

	assert_int_equal(dct_events_create(d, MLX5_EVENT_TYPE_DCT_KEY_VIOLATION, &q, &err), 0);
	assert_int_equal(dct_arm(d, dctn, &err), 0);
	assert_int_equal(sim_fault_inject(d->sim, "dct-key-violation:0x100", &err), 0);
	assert_int_equal(dct_event_next(q, MLX5_EVENT_TYPE_DCT_KEY_VIOLATION, 1000, &which, &err), 0);
	assert_int_equal(which, dctn);
	/* not armed again: counted, no event */
	assert_int_equal(sim_fault_inject(d->sim, "dct-key-violation:0x100", &err), 0);
	assert_int_equal(dct_event_next(q, MLX5_EVENT_TYPE_DCT_KEY_VIOLATION, 50, &which, &err), 1);
	assert_int_equal(dct_query(d, dctn, &info, &err), 0);
	assert_int_equal(info.key_violations, 2);
	assert_int_equal(dct_arm(d, 0x300, &err), -1);
	assert_non_null(strstr(err.msg, "ARM_DCT_FOR_KEY_VIOLATION(0x714)"));
	assert_int_equal(eq_destroy(q, &err), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(created_fields_come_back_from_query, open_sim, close_sim),
		cmocka_unit_test_setup_teardown(drained_at_the_event_then_destroyed, open_sim, close_sim),
		cmocka_unit_test_setup_teardown(a_drain_that_never_ends_times_out, open_sim, close_sim),
		cmocka_unit_test_setup_teardown(a_key_violation_is_one_event_per_arm, open_sim, close_sim),
	};

	return cmocka_run_group_tests_name("ops_dct", tests, NULL, NULL);
}
