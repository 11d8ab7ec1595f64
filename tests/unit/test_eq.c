// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* Event queues: lib/ops/eq.c against the simulated firmware's lib/sim/eq.c. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "lib/dev/cmdchan.h"
#include "lib/dev/dev.h"
#include "lib/ops/eq.h"
#include "lib/prm/layouts/layouts.h"
#include "lib/sim/adapter.h"
#include "lib/sim/fwcmd.h"

#define ESW_FUNCTIONS_CHANGED 0xe
#define PORT_CHANGE 0x9

/* GEN_EQE: the firmware writes the given entry into queue eqn. */
static int gen(struct dev *d, uint8_t eqn, uint8_t type, uint8_t tag, struct prm_err *err)
{
	uint8_t in[0x50] = { 0 }, out[16];

	in[0] = 0x03, in[1] = 0x04;	/* opcode 0x304, by hand from mlx5_ifc.h */
	in[0xb] = eqn;			/* eq_number: bits 0x58..0x5f */
	in[0x10 + 1] = type;		/* eqe at 0x10: type is its byte 1 */
	in[0x10 + 0x20] = tag;		/* data[0] */
	return dev_cmd_run(d, in, sizeof(in), out, sizeof(out), err);
}

static void entries_come_in_order_across_wraps(void **state)
{
	uint64_t types[4] = { 0 };
	struct prm_err err = { 0 };
	struct dev *d = NULL;
	struct eq *q = NULL;
	uint8_t eqe[EQE_BYTES];

	(void)state;
	assert_int_equal(dev_open("sim", NULL, &d, &err), 0);
	assert_int_equal(eq_create(d, 2, types, &q, &err), 0);	/* 4 entries */
	assert_true(eq_number(q) >= SIM_FIRST_EQN);
	assert_int_equal(eq_next(q, eqe, 0, &err), 1);		/* empty */
	/* three passes over the ring, each entry taken before the next comes */
	for (int i = 0; i < 12; i++) {
		assert_int_equal(gen(d, eq_number(q), PORT_CHANGE, (uint8_t)(0x40 + i), &err), 0);
		assert_int_equal(eq_next(q, eqe, 100, &err), 0);
		assert_int_equal(eqe[1], PORT_CHANGE);
		assert_int_equal(eqe[0x20], 0x40 + i);
		assert_int_equal(eqe[0x3f] & 1, (i / 4) & 1);	/* the pass's owner bit */
		assert_int_equal(eq_next(q, eqe, 0, &err), 1);
	}
	assert_int_equal(eq_destroy(q, &err), 0);
	dev_close(d);
}

static void events_reach_the_queues_that_asked(void **state)
{
	uint64_t esw[4] = { 1ull << ESW_FUNCTIONS_CHANGED }, port[4] = { 1ull << PORT_CHANGE };
	struct prm_err err = { 0 };
	struct dev *d = NULL;
	struct eq *a = NULL, *b = NULL;
	uint8_t eqe[EQE_BYTES], data[4] = { 0xde, 0xad, 0xbe, 0xef };

	(void)state;
	assert_int_equal(dev_open("sim", NULL, &d, &err), 0);
	assert_int_equal(eq_create(d, 3, esw, &a, &err), 0);
	assert_int_equal(eq_create(d, 3, port, &b, &err), 0);
	assert_int_not_equal(eq_number(a), eq_number(b));
	pthread_mutex_lock(&d->sim->lock);
	sim_eq_post(d->sim, ESW_FUNCTIONS_CHANGED, 0, data, sizeof(data));
	pthread_mutex_unlock(&d->sim->lock);
	assert_int_equal(eq_next(a, eqe, 100, &err), 0);
	assert_int_equal(eqe[1], ESW_FUNCTIONS_CHANGED);
	assert_memory_equal(eqe + 0x20, data, sizeof(data));
	assert_int_equal(eq_next(b, eqe, 0, &err), 1);	/* did not ask for it */
	assert_int_equal(eq_destroy(a, &err), 0);
	assert_int_equal(eq_destroy(b, &err), 0);
	dev_close(d);
}

static void bad_requests_get_the_prm_status(void **state)
{
	uint64_t types[4] = { 0 };
	struct prm_err err = { 0 };
	struct dev *d = NULL;
	struct eq *q = NULL;

	(void)state;
	assert_int_equal(dev_open("sim", NULL, &d, &err), 0);
	/* GEN_EQE into a queue that does not exist: bad resource */
	assert_int_equal(dev_cmd_exec(d, (uint8_t[16]){ 0 }, 16, (uint8_t[16]){ 0 }, 16,
				      &(struct cmd_result){ 0 }, &err), 0);
	assert_int_equal(gen(d, 0x77, PORT_CHANGE, 0, &err), -1);
	assert_non_null(strstr(err.msg, "GEN_EQE(0x304) op_mod(0x0) failed, status bad resource(0x5)"));
	assert_int_equal(eq_create(d, 17, types, &q, &err), -1);
	assert_int_equal(err.kind, PRM_E_USAGE);
	assert_int_equal(eq_create(d, 1, types, &q, &err), 0);
	assert_int_equal(eq_destroy(q, &err), 0);
	/* Linux's async EQ: 2^13 entries over 128 pages (the simulator once took 2^12 at most) */
	assert_int_equal(eq_create(d, 13, types, &q, &err), 0);
	assert_int_equal(eq_destroy(q, &err), 0);
	dev_close(d);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(entries_come_in_order_across_wraps),
		cmocka_unit_test(events_reach_the_queues_that_asked),
		cmocka_unit_test(bad_requests_get_the_prm_status),
	};

	return cmocka_run_group_tests_name("eq", tests, NULL, NULL);
}
