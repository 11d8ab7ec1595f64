// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* lib/dev/cmdq.c against the simulated firmware: bring-up, chains, teardown. */
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include <time.h>

#include "lib/dev/cmdchan.h"
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
	prm_set(&prm_layout_mbox_in, in, sizeof(in), "uid", 0, &err);	/* no user context */
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

static struct dev *open_sim(unsigned timeout_ms, const char *fault)
{
	struct dev_open_opts o = { .cmd_timeout_ms = timeout_ms, .sim_inject = fault };
	struct prm_err err = { 0 };
	struct dev *d = NULL;

	assert_int_equal(dev_open("sim", &o, &d, &err), 0);
	return d;
}

static int run_op(struct dev *d, uint16_t op, struct cmd_result *r, struct prm_err *err)
{
	uint8_t in[16] = { 0 }, out[0x100] = { 0 };

	prm_set(&prm_layout_mbox_in, in, sizeof(in), "opcode", op, NULL);
	return dev_cmd_exec(d, in, sizeof(in), out, sizeof(out), r, err);
}

static void hung_command_times_out_and_the_next_runs(void **state)
{
	struct dev *d = open_sim(150, "cmd-hang:NOP");
	struct prm_err err = { 0 };
	struct cmd_result r = { 0xff, 0 };

	(void)state;
	assert_int_equal(run_op(d, 0x80d, &r, &err), -1);
	assert_int_equal(err.kind, PRM_E_TIMEOUT);
	assert_non_null(strstr(err.msg, "NOP(0x80d) not completed in 150 ms"));
	/* the next command takes another slot and is answered */
	assert_int_equal(run_op(d, 0x10a, &r, &err), 0);
	assert_int_equal(r.status, 0);
	assert_int_equal(sim_fault_clear(d->sim, "cmd-hang", &err), 0);
	assert_int_equal(run_op(d, 0x80d, &r, &err), 0);
	assert_int_equal(r.status, 0);
	dev_close(d);
}

static void slow_command_completes_late(void **state)
{
	struct dev *d = open_sim(0, "cmd-slow:NOP,120");
	struct prm_err err = { 0 };
	struct cmd_result r = { 0xff, 0 };
	struct timespec t0, t1;

	(void)state;
	assert_int_equal(run_op(d, 0x10a, &r, &err), 0);	/* bring-up first */
	clock_gettime(CLOCK_MONOTONIC, &t0);
	assert_int_equal(run_op(d, 0x80d, &r, &err), 0);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	assert_int_equal(r.status, 0);
	assert_true((t1.tv_sec - t0.tv_sec) * 1000 + (t1.tv_nsec - t0.tv_nsec) / 1000000 >= 110);
	dev_close(d);
}

static void injected_status_comes_back_as_status(void **state)
{
	struct dev *d = open_sim(0, "cmd-status:NOP,0x51,0xdecade");
	struct prm_err err = { 0 };
	struct cmd_result r = { 0 };
	uint8_t in[16] = { 0 }, out[16];

	(void)state;
	assert_int_equal(run_op(d, 0x80d, &r, &err), 0);
	assert_int_equal(r.status, 0x51);
	assert_int_equal(r.syndrome, 0xdecade);
	prm_set(&prm_layout_mbox_in, in, sizeof(in), "opcode", 0x80d, NULL);
	assert_int_equal(dev_cmd_run(d, in, sizeof(in), out, sizeof(out), &err), -1);
	assert_int_equal(err.kind, PRM_E_FAILED);
	assert_string_equal(err.msg, "sim: NOP(0x80d) op_mod(0x0) failed, status bad output length(0x51), "
				     "syndrome (0xdecade)");
	dev_close(d);
}

static void bad_signature_is_a_delivery_failure(void **state)
{
	struct dev *d = open_sim(0, "cmd-bad-signature");
	struct prm_err err = { 0 };
	struct cmd_result r = { 0 };

	(void)state;
	assert_int_equal(run_op(d, 0x80d, &r, &err), -1);
	assert_string_equal(err.reason, "delivery_status");
	assert_non_null(strstr(err.msg, "ENABLE_HCA(0x104) not delivered: signature error (0x1)"));
	dev_close(d);
}

static void a_device_gone_mid_command_fails_at_once(void **state)
{
	struct dev *d = open_sim(0, NULL);	/* the firmware's own timeout: 61 s */
	struct prm_err err = { 0 };
	struct cmd_result r = { 0 };
	struct timespec t0, t1;

	(void)state;
	assert_int_equal(run_op(d, 0x10a, &r, &err), 0);	/* brought up */
	assert_int_equal(sim_fault_inject(d->sim, "device-gone", &err), 0);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	assert_int_equal(run_op(d, 0x80d, &r, &err), -1);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	assert_int_equal(err.kind, PRM_E_NODEV);
	assert_string_equal(err.reason, "device_gone");
	assert_true((t1.tv_sec - t0.tv_sec) * 1000 + (t1.tv_nsec - t0.tv_nsec) / 1000000 < 1000);
	/* and the next one, and the teardown, do not wait either */
	assert_int_equal(run_op(d, 0x80d, &r, &err), -1);
	assert_string_equal(err.reason, "device_gone");
	clock_gettime(CLOCK_MONOTONIC, &t0);
	dev_close(d);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	assert_true((t1.tv_sec - t0.tv_sec) * 1000 + (t1.tv_nsec - t0.tv_nsec) / 1000000 < 1000);
}

/*
 * The firmware asks for pages after INIT_HCA (a page request event): with
 * dev_page_events, what --access vfio sets up, the request is answered from
 * the event queue before the next command, and while a slow one waits; a
 * negative request takes pages back; the teardown takes back the rest.
 */
/* 100 ms into a 400 ms command: the firmware asks for 2 pages */
static void *late_request(void *arg)
{
	struct prm_err err = { 0 };
	struct timespec ms100 = { 0, 100000000 };

	nanosleep(&ms100, NULL);
	sim_page_request(arg, "2", &err);
	return NULL;
}

static void page_requests_are_answered_by_polling(void **state)
{
	struct dev *d = open_sim(0, NULL);
	struct prm_err err = { 0 };
	struct cmd_result r = { 0xff, 0 };
	struct cmdq *q;
	struct sim_adapter *a = d->sim;

	(void)state;
	assert_int_equal(dev_cmdq(d, &q, &err), 0);
	assert_int_equal(a->pages_held, 24);
	assert_int_equal(sim_page_request(a, "5", &err), 0);	/* nobody listens yet: lost */
	assert_int_equal(run_op(d, 0x80d, &r, &err), 0);
	assert_int_equal(a->pages_held, 24);
	assert_int_equal(dev_page_events(d, &err), 0);
	assert_int_equal(sim_page_request(a, "4", &err), 0);
	assert_int_equal(run_op(d, 0x80d, &r, &err), 0);	/* answered before it */
	assert_int_equal(a->pages_held, 28);
	assert_int_equal(sim_page_request(a, "-3", &err), 0);
	assert_int_equal(run_op(d, 0x80d, &r, &err), 0);
	assert_int_equal(a->pages_held, 25);
	/* while a command waits: a slow QUERY_ISSI, the request posted after it
	 * was sent, answered before prmctl sees it complete (the simulated
	 * firmware runs the MANAGE_PAGES after it: one command at a time) */
	{
		pthread_t t;

		assert_int_equal(sim_fault_inject(a, "cmd-slow:QUERY_ISSI,400", &err), 0);
		assert_int_equal(pthread_create(&t, NULL, late_request, a), 0);
		if (run_op(d, 0x10a, &r, &err))
			fail_msg("%s", err.msg);
		pthread_join(t, NULL);
		assert_int_equal(a->pages_held, 27);
	}
	assert_int_equal(dev_cmd_release(d, &err), 0);
	assert_int_equal(a->pages_held, 0);			/* every page back */
	assert_int_equal(a->hca_state, SIM_HCA_DISABLED);
	dev_close(d);
}

/* Did the simulated firmware run opcode at all? */
static bool ran(struct sim_adapter *a, uint16_t opcode)
{
	struct sim_cmd_record r;
	uint64_t n = 0;

	for (uint64_t i = 0; sim_cmdlog_get(a, i, &r, &n) && i < n; i++)
		if (r.opcode == opcode)
			return true;
	return false;
}

/*
 * With a command the firmware never finished, the page requests' queue is
 * left to TEARDOWN_HCA: a hung firmware costs one timeout at exit, not two.
 */
static void a_hung_queue_is_torn_down_without_destroy_eq(void **state)
{
	struct dev *d = open_sim(150, "cmd-hang:NOP");
	struct prm_err err = { 0 };
	struct cmd_result r;
	struct cmdq *q;
	struct sim_adapter *a = d->sim;

	(void)state;
	assert_int_equal(dev_cmdq(d, &q, &err), 0);
	assert_int_equal(dev_page_events(d, &err), 0);
	assert_int_equal(run_op(d, 0x80d, &r, &err), -1);	/* NOP hangs */
	assert_int_equal(dev_cmd_release(d, &err), 0);
	assert_false(ran(a, 0x302));				/* DESTROY_EQ */
	assert_true(ran(a, 0x103));				/* TEARDOWN_HCA */
	assert_int_equal(a->pages_held, 0);
	dev_close(d);
}

static void fault_arguments_are_checked(void **state)
{
	struct dev *d = open_sim(0, NULL);
	struct prm_err err = { 0 };
	static const char *const bad[] = {
		"cmd-hang", "cmd-hang:NOPE", "cmd-hang:NOP,1", "cmd-slow:NOP", "cmd-slow:NOP,x",
		"cmd-slow:NOP,600001", "cmd-status:NOP,0,1", "cmd-status:NOP,0x100,1",
		"cmd-status:NOP,3", "cmd-bad-signature:1",
	};

	(void)state;
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		memset(&err, 0, sizeof(err));
		assert_int_equal(sim_fault_inject(d->sim, bad[i], &err), -1);
		assert_int_equal(err.kind, PRM_E_USAGE);
	}
	assert_int_equal(sim_fault_inject(d->sim, "cmd-slow:query_hca_cap 5", &err), 0);
	assert_int_equal(d->sim->fault_slow_op, 0x100);
	assert_int_equal(d->sim->fault_slow_ms, 5);
	dev_close(d);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(bring_up_and_teardown),
		cmocka_unit_test(long_chains_both_ways),
		cmocka_unit_test(commands_before_bring_up_are_refused),
		cmocka_unit_test(hung_command_times_out_and_the_next_runs),
		cmocka_unit_test(slow_command_completes_late),
		cmocka_unit_test(injected_status_comes_back_as_status),
		cmocka_unit_test(bad_signature_is_a_delivery_failure),
		cmocka_unit_test(a_device_gone_mid_command_fails_at_once),
		cmocka_unit_test(page_requests_are_answered_by_polling),
		cmocka_unit_test(a_hung_queue_is_torn_down_without_destroy_eq),
		cmocka_unit_test(fault_arguments_are_checked),
	};

	return cmocka_run_group_tests_name("cmdq", tests, NULL, NULL);
}
