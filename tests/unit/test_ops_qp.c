// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* RC QPs: lib/ops/qp.c against the simulated firmware's lib/sim/qp.c. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "lib/dev/dev.h"
#include "lib/ops/pd.h"
#include "lib/ops/qp.h"
#include "lib/sim/adapter.h"
#include "tests/unit/simdev.h"

#define BAD_PARAM 0x3
#define BAD_RES_STATE 0x9

static const struct qp_path good = { .mtu_code = 3, .remote_qpn = 0x300, .rip = 0xc0000201,
				     .rmac = { 0x02, 0, 0, 0, 0, 0x01 }, .udp_sport = 0xc000 };

static void reset_to_rts_and_back(void **state)
{
	struct prm_err err = { 0 };
	struct qp_reply r;
	struct dev *d = *state;
	uint32_t pd, qpn;

	assert_int_equal(pd_alloc(d, &pd, &err), 0);
	assert_int_equal(qp_create(d, pd, &r, &err), 0);
	assert_int_equal(r.status, 0);
	assert_int_not_equal(r.qpn, 0);
	qpn = r.qpn;
	assert_int_equal(qp_rst2init(d, qpn, &r, &err), 0);
	assert_int_equal(r.status, 0);
	assert_int_equal(qp_init2rtr(d, qpn, &good, &r, &err), 0);
	assert_int_equal(r.status, 0);
	assert_int_equal(qp_rtr2rts(d, qpn, &r, &err), 0);
	assert_int_equal(r.status, 0);
	assert_int_equal(qp_2rst(d, qpn, &r, &err), 0);
	assert_int_equal(r.status, 0);
	assert_int_equal(qp_destroy(d, qpn, &r, &err), 0);
	assert_int_equal(r.status, 0);
	assert_int_equal(pd_dealloc(d, pd, &err), 0);
}

/* A refusal is the firmware's answer, not an error: the caller counts it. */
static void refusals_are_answers(void **state)
{
	struct qp_path multicast = good, no_mac = good;
	struct prm_err err = { 0 };
	struct qp_reply r;
	struct dev *d = *state;
	uint32_t pd, qpn;

	multicast.rip = 0xe0000001;	/* 224.0.0.1: sent in rgid_rip[12..15] */
	memset(no_mac.rmac, 0, sizeof(no_mac.rmac));
	assert_int_equal(pd_alloc(d, &pd, &err), 0);
	assert_int_equal(qp_create(d, pd + 1, &r, &err), 0);	/* no such PD */
	assert_int_not_equal(r.status, 0);
	assert_int_equal(r.qpn, 0);
	assert_int_equal(qp_create(d, pd, &r, &err), 0);
	qpn = r.qpn;
	assert_int_equal(qp_rtr2rts(d, qpn, &r, &err), 0);	/* from RESET */
	assert_int_equal(r.status, BAD_RES_STATE);
	assert_int_equal(qp_rst2init(d, qpn, &r, &err), 0);
	assert_int_equal(qp_init2rtr(d, qpn, &multicast, &r, &err), 0);
	assert_int_equal(r.status, BAD_PARAM);
	assert_int_equal(qp_init2rtr(d, qpn, &no_mac, &r, &err), 0);
	assert_int_equal(r.status, BAD_PARAM);
	assert_int_equal(qp_init2rtr(d, qpn, &good, &r, &err), 0);
	assert_int_equal(r.status, 0);
	assert_int_equal(qp_destroy(d, qpn, &r, &err), 0);
	assert_int_equal(qp_destroy(d, qpn, &r, &err), 0);	/* gone */
	assert_int_not_equal(r.status, 0);
}

/* A transition that never completes is the carrier's failure: -1, a timeout. */
static void a_hang_is_a_timeout(void **state)
{
	struct dev_open_opts o = { .cmd_timeout_ms = 200 };
	struct prm_err err = { 0 };
	struct qp_reply r;
	struct dev *d = NULL;
	uint32_t pd, qpn;

	(void)state;
	assert_int_equal(dev_open("sim", &o, &d, &err), 0);
	assert_int_equal(pd_alloc(d, &pd, &err), 0);
	assert_int_equal(qp_create(d, pd, &r, &err), 0);
	qpn = r.qpn;
	assert_int_equal(sim_fault_inject(d->sim, "qp-transition-hang:rst2init", &err), 0);
	assert_int_equal(qp_rst2init(d, qpn, &r, &err), -1);
	assert_int_equal(err.kind, PRM_E_TIMEOUT);
	dev_close(d);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(reset_to_rts_and_back, open_sim, close_sim),
		cmocka_unit_test_setup_teardown(refusals_are_answers, open_sim, close_sim),
		cmocka_unit_test(a_hang_is_a_timeout),	/* opens its own: a --timeout */
	};

	return cmocka_run_group_tests_name("ops_qp", tests, NULL, NULL);
}
