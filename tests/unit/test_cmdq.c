// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* lib/dev/cmdq.c against the simulated firmware: bring-up, chains, teardown. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "lib/dev/cmdq.h"
#include "lib/dev/dev.h"
#include "lib/prm/layouts/layouts.h"
#include "lib/sim/adapter.h"
#include "lib/sim/fwcmd.h"

static void bring_up_and_teardown(void **state)
{
	struct prm_err err = { 0 };
	struct dev *d = NULL;
	struct cmdq *q;
	uint8_t in[16] = { 0 }, out[16];
	struct cmd_result r;

	(void)state;
	assert_int_equal(dev_open("sim", NULL, &d, &err), 0);
	assert_int_equal(d->sim->hca_state, SIM_HCA_DISABLED);
	assert_int_equal(dev_cmdq(d, &q, &err), 0);
	assert_int_equal(d->sim->hca_state, SIM_HCA_INITIALIZED);
	assert_int_equal(d->sim->issi, 1);		/* SET_ISSI when 1 is offered */
	assert_int_equal(d->sim->pages_held, 24);	/* boot 8 + init 16 */
	prm_set(&prm_layout_mbox_in, in, sizeof(in), "opcode", 0x80d, &err);
	assert_int_equal(cmdq_exec(q, in, sizeof(in), out, sizeof(out), &r, &err), 0);
	assert_int_equal(r.status, 0);
	/* a device that refuses: status and syndrome, not a transport error */
	prm_set(&prm_layout_mbox_in, in, sizeof(in), "opcode", 0x777, &err);
	assert_int_equal(cmdq_exec(q, in, sizeof(in), out, sizeof(out), &r, &err), 0);
	assert_int_equal(r.status, 2);
	assert_int_equal(cmdq_run(q, in, sizeof(in), out, sizeof(out), &err), -1);
	assert_string_equal(err.reason, "cmd_status");
	{
		struct sim_adapter *a = d->sim;

		cmdq_close(d->cmdq);	/* what dev_close does first */
		d->cmdq = NULL;
		assert_int_equal(a->hca_state, SIM_HCA_DISABLED);
		assert_int_equal(a->pages_held, 0);	/* every page taken back */
	}
	dev_close(d);
}

static void long_chains_both_ways(void **state)
{
	static uint8_t in[3000], out[2500];
	struct prm_err err = { 0 };
	struct dev *d = NULL;
	struct cmdq *q;
	struct cmd_result r;

	(void)state;
	assert_int_equal(dev_open("sim", NULL, &d, &err), 0);
	assert_int_equal(dev_cmdq(d, &q, &err), 0);
	memset(in, 0xa5, sizeof(in));
	memset(out, 0xee, sizeof(out));
	prm_set(&prm_layout_mbox_in, in, sizeof(in), "opcode", 0x80d, &err);
	prm_set(&prm_layout_mbox_in, in, sizeof(in), "op_mod", 0, &err);
	{
		uint64_t before = d->sim->commands;

		/* 6 input and 5 output blocks: numbers, tokens and signatures checked */
		assert_int_equal(cmdq_exec(q, in, sizeof(in), out, sizeof(out), &r, &err), 0);
		assert_int_equal(r.status, 0);
		assert_int_equal(d->sim->commands, before + 1);
	}
	dev_close(d);
}

static void commands_before_bring_up_are_refused(void **state)
{
	struct prm_err err = { 0 };
	struct dev *d = NULL;
	uint8_t in[16] = { 0 }, out[16] = { 0 };

	(void)state;
	assert_int_equal(dev_open("sim", NULL, &d, &err), 0);
	prm_set(&prm_layout_mbox_in, in, sizeof(in), "opcode", 0x80d, &err);
	pthread_mutex_lock(&d->sim->lock);
	sim_fw_execute(d->sim, in, sizeof(in), out, sizeof(out));
	pthread_mutex_unlock(&d->sim->lock);
	assert_int_equal(out[0], 4);	/* bad system state: ENABLE_HCA first */
	dev_close(d);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(bring_up_and_teardown),
		cmocka_unit_test(long_chains_both_ways),
		cmocka_unit_test(commands_before_bring_up_are_refused),
	};

	return cmocka_run_group_tests_name("cmdq", tests, NULL, NULL);
}
