// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* Event queues: lib/ops/eq.c against the simulated firmware's lib/sim/eq.c. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <sys/eventfd.h>
#include <unistd.h>

#include <cmocka.h>

#include "lib/dev/cmdchan.h"
#include "lib/dev/dev.h"
#include "lib/dev/eq.h"
#include "lib/prm/layouts/layouts.h"
#include "lib/sim/adapter.h"
#include "lib/sim/fwcmd.h"

#define ESW_FUNCTIONS_CHANGED 0xe
#define PORT_CHANGE 0x9
#define CMD_COMPLETION 0xa
#define PAGE_REQUEST 0xb

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

/* NOP (0x80d) by hand: the header only */
static int nop(struct dev *d, struct prm_err *err)
{
	uint8_t in[16] = { 0x08, 0x0d }, out[16];

	return dev_cmd_run(d, in, sizeof(in), out, sizeof(out), err);
}

static void command_completions_come_as_events(void **state)
{
	struct prm_err err = { 0 };
	struct dev *d = NULL;
	struct eq *q = NULL;
	uint8_t eqe[EQE_BYTES];
	uint32_t vector;

	(void)state;
	assert_int_equal(dev_open("sim", NULL, &d, &err), 0);
	assert_int_equal(eq_create_one(d, 3, CMD_COMPLETION, &q, &err), 0);
	for (int i = 0; i < 2; i++) {
		if (nop(d, &err))
			fail_msg("%s", err.msg);
		assert_int_equal(eq_next(q, eqe, 1000, &err), 0);
		assert_int_equal(eqe[1], CMD_COMPLETION);
		/* mlx5_eqe_cmd: a big-endian vector, one bit for the one slot used */
		vector = (uint32_t)eqe[0x20] << 24 | eqe[0x21] << 16 | eqe[0x22] << 8 | eqe[0x23];
		assert_int_equal(__builtin_popcount(vector), 1);
		assert_int_equal(eq_next(q, eqe, 0, &err), 1);
	}
	assert_int_equal(d->sim->eq_stats.cmd_eqes, 2);
	assert_int_equal(eq_destroy(q, &err), 0);
	/* its own DESTROY_EQ completed with no queue left to tell */
	assert_int_equal(d->sim->eq_stats.cmd_eqes, 2);
	dev_close(d);
}

static uint64_t fired(int fd)
{
	uint64_t n = 0;

	return read(fd, &n, sizeof(n)) == sizeof(n) ? n : 0;
}

static void post_port_event(struct dev *d)
{
	pthread_mutex_lock(&d->sim->lock);
	sim_eq_post(d->sim, PORT_CHANGE, 0, NULL, 0);
	pthread_mutex_unlock(&d->sim->lock);
}

/* The EQ doorbell word: eqn in the top byte, the consumer index below (eq.c eq_update_ci()). */
static void ring(struct dev *d, uint32_t uar, uint8_t eqn, uint32_t ci, bool arm)
{
	sim_bar_host_write(d->sim, uar * 4096 + (arm ? 0x40 : 0x48),
			   __builtin_bswap32((uint32_t)eqn << 24 | ci));
}

static void an_armed_queue_interrupts_once_until_rearmed(void **state)
{
	struct prm_err err = { 0 };
	struct dev *d = NULL;
	struct eq *q = NULL;
	int fd = eventfd(0, EFD_NONBLOCK);
	uint8_t alloc_in[16] = { 0x08, 0x02 }, alloc_out[16];	/* ALLOC_UAR 0x802 */
	uint32_t uar;

	(void)state;
	assert_true(fd >= 0);
	assert_int_equal(dev_open("sim", NULL, &d, &err), 0);
	sim_msix_enable(d->sim);
	assert_int_equal(sim_msix_set(d->sim, 0, 1, &fd), 0);	/* vector 0: eqc.intr 0 */
	assert_int_equal(dev_cmd_run(d, alloc_in, 16, alloc_out, 16, &err), 0);
	uar = (uint32_t)alloc_out[0x9] << 16 | alloc_out[0xa] << 8 | alloc_out[0xb];
	assert_true(uar >= 2);		/* pages 0 and 1 are the initialization segment */
	assert_true(uar != 2 && uar != 3);	/* nor the MSI-X table and PBA */
	assert_int_equal(eq_create_one(d, 3, PORT_CHANGE, &q, &err), 0);
	d->sim->eqs[0].uar = uar;	/* prmctl's own EQs name UAR 0; the driver's name its page */
	assert_int_equal(d->sim->eqs[0].eqn, eq_number(q));

	post_port_event(d);		/* created armed: fires, then disarmed */
	assert_int_equal(fired(fd), 1);
	post_port_event(d);
	assert_int_equal(fired(fd), 0);
	ring(d, uar + 1, eq_number(q), 1, true);	/* another page's doorbell: not this EQ's */
	assert_int_equal(fired(fd), 0);
	ring(d, uar, eq_number(q), 1, false);	/* consumed one, not armed */
	assert_int_equal(fired(fd), 0);
	ring(d, uar, eq_number(q), 1, true);	/* armed with one still waiting: at once */
	assert_int_equal(fired(fd), 1);
	ring(d, uar, eq_number(q), 2, true);	/* all consumed: armed, quiet */
	assert_int_equal(fired(fd), 0);
	post_port_event(d);
	assert_int_equal(fired(fd), 1);
	assert_int_equal(d->sim->eq_stats.interrupts, 3);
	assert_int_equal(eq_destroy(q, &err), 0);
	dev_close(d);
}

static void page_request_asks_the_host_for_pages(void **state)
{
	struct prm_err err = { 0 };
	struct dev *d = NULL;
	struct eq *q = NULL;
	uint8_t eqe[EQE_BYTES];

	(void)state;
	assert_int_equal(dev_open("sim", NULL, &d, &err), 0);
	assert_int_equal(eq_create_one(d, 3, PAGE_REQUEST, &q, &err), 0);
	assert_int_equal(sim_fault_inject(d->sim, "page-request:5", &err), 0);
	assert_int_equal(eq_next(q, eqe, 1000, &err), 0);
	assert_int_equal(eqe[1], PAGE_REQUEST);
	/* mlx5_eqe_page_req: func_id 0 (bytes 0x22-0x23), num_pages be32 at 0x24 */
	assert_int_equal(eqe[0x22] << 8 | eqe[0x23], 0);
	assert_int_equal(eqe[0x24] << 24 | eqe[0x25] << 16 | eqe[0x26] << 8 | eqe[0x27], 5);
	assert_int_equal(sim_fault_inject(d->sim, "page-request:-3", &err), 0);	/* give back */
	assert_int_equal(eq_next(q, eqe, 1000, &err), 0);
	assert_memory_equal(eqe + 0x24, ((uint8_t[]){ 0xff, 0xff, 0xff, 0xfd }), 4);
	assert_int_equal(sim_fault_inject(d->sim, "page-request:0", &err), -1);
	assert_non_null(strstr(err.msg, "page-request: PAGES is a count"));
	assert_int_equal(sim_fault_inject(d->sim, "page-request:5000", &err), -1);
	assert_int_equal(sim_fault_inject(d->sim, "page-request", &err), -1);
	assert_non_null(strstr(err.msg, "page-request needs arguments"));
	assert_int_equal(eq_destroy(q, &err), 0);
	dev_close(d);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(entries_come_in_order_across_wraps),
		cmocka_unit_test(events_reach_the_queues_that_asked),
		cmocka_unit_test(bad_requests_get_the_prm_status),
		cmocka_unit_test(command_completions_come_as_events),
		cmocka_unit_test(an_armed_queue_interrupts_once_until_rearmed),
		cmocka_unit_test(page_request_asks_the_host_for_pages),
	};

	return cmocka_run_group_tests_name("eq", tests, NULL, NULL);
}
