// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * lib/dev/vsec.c and icmd.c driven against the simulator's config space:
 * the same code that drives hardware, below it the simulated config dwords.
 */
#include <pthread.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#include "lib/dev/cfg.h"
#include "lib/dev/dev.h"
#include "lib/dev/icmd.h"
#include "lib/dev/vsec.h"
#include "lib/prm/registers.h"
#include "lib/sim/adapter.h"

static struct dev *open_sim(const char *inject)
{
	struct dev_open_opts o = { .sim_inject = inject };
	struct prm_err err = { 0 };
	struct dev *d = NULL;

	if (dev_open("sim", &o, &d, &err))
		fail_msg("%s", err.msg);
	return d;
}

static void finds_gateway_and_reads_hw_id(void **state)
{
	struct dev *d = open_sim(NULL);
	struct prm_err err = { 0 };
	struct vsec *v;
	uint32_t id;

	(void)state;
	assert_int_equal(dev_vsec(d, &v, &err), 0);
	assert_int_equal(v->base, 0x60);
	assert_int_equal(vsec_read_block(v, VSEC_SPACE_CR, 0xf0014, &id, 1, &err), 0);
	assert_int_equal(id & 0xffff, 0x218);
	assert_int_equal(d->sim->vsc.semaphore, 0);	/* released */
	dev_close(d);
}

static void ticket_semaphore_is_exclusive_and_bounded(void **state)
{
	struct dev *d = open_sim(NULL);
	struct prm_err err = { 0 };
	struct vsec *v, other;
	uint32_t held;

	(void)state;
	assert_int_equal(dev_vsec(d, &v, &err), 0);
	assert_int_equal(vsec_lock(v, &err), 0);
	held = v->ticket;
	other = (struct vsec){ .lock_ms = 50 };
	assert_int_equal(vsec_open(&other, v->cfg, &err), 0);
	assert_int_not_equal(vsec_lock(&other, &err), 0);
	/* a holder that does not move for the whole wait looks dead */
	assert_int_equal(err.kind, PRM_E_FAILED);
	assert_string_equal(err.reason, "gateway_stale");
	{
		char want[64];

		snprintf(want, sizeof(want), "held by ticket %u", held);
		assert_non_null(strstr(err.msg, want));
	}
	vsec_unlock(v);
	assert_int_equal(vsec_lock(&other, &err), 0);
	assert_int_not_equal(other.ticket, held);	/* the counter ticks on read */
	vsec_unlock(&other);
	dev_close(d);
}

static void bad_address_and_space(void **state)
{
	struct dev *d = open_sim(NULL);
	struct prm_err err = { 0 };
	struct vsec *v;
	uint32_t x;

	(void)state;
	assert_int_equal(dev_vsec(d, &v, &err), 0);
	assert_int_not_equal(vsec_read_block(v, VSEC_SPACE_CR, 0x2000000, &x, 1, &err), 0);
	assert_non_null(strstr(err.msg, "address out of range"));
	assert_int_not_equal(vsec_read_block(v, 0x55, 0, &x, 1, &err), 0);
	assert_string_equal(err.reason, "space_not_supported");
	assert_int_equal(d->sim->vsc.semaphore, 0);	/* released on error paths */
	dev_close(d);
}

static void register_access(void **state)
{
	const struct prm_register *mgir = prm_register_by_name("MGIR");
	struct dev *d = open_sim(NULL);
	struct prm_err err = { 0 };
	uint8_t buf[0x400] = { 0 };
	struct icmd *ic;
	uint64_t v;

	(void)state;
	assert_non_null(mgir);
	assert_int_equal(dev_icmd(d, &ic, &err), 0);
	assert_int_equal(ic->hw_id, 0x218);
	assert_int_equal(icmd_reg_access(ic, mgir->id, PRM_REG_GET, buf,
					 prm_layout_bytes(mgir->layout), &err), 0);
	assert_int_equal(prm_get(mgir->layout, buf, prm_layout_bytes(mgir->layout),
				 "hw_info.hw_dev_id", &v, &err), 0);
	assert_int_equal(v, 0x218);
	assert_int_not_equal(icmd_reg_access(ic, 0x9999, PRM_REG_GET, buf, 16, &err), 0);
	assert_string_equal(err.reason, "reg_not_supported");
	assert_int_equal(d->sim->icmd.semaphore, 0);
	dev_close(d);
}

static void icmd_busy_times_out(void **state)
{
	struct dev *d = open_sim("icmd-busy");
	struct prm_err err = { 0 };
	uint8_t buf[16] = { 0 };
	struct icmd *ic;

	(void)state;
	assert_int_equal(dev_icmd(d, &ic, &err), 0);
	ic->busy_ms = 100;
	assert_int_not_equal(icmd_reg_access(ic, 0x9020, PRM_REG_GET, buf, 16, &err), 0);
	assert_int_equal(err.kind, PRM_E_TIMEOUT);
	assert_string_equal(err.reason, "icmd_busy");
	assert_int_equal(d->sim->icmd.semaphore, 0);
	assert_int_equal(d->sim->vsc.semaphore, 0);
	dev_close(d);
}

static void on_sigint(int sig)
{
	(void)sig;
	dev_interrupt();
}

static void *send_sigint(void *arg)
{
	struct timespec ts = { 0, 100 * 1000000L };

	(void)arg;
	nanosleep(&ts, NULL);
	kill(getpid(), SIGINT);
	return NULL;
}

static void sigint_while_waiting_releases_semaphores(void **state)
{
	struct sigaction sa = { .sa_handler = on_sigint }, old;
	struct dev *d = open_sim("icmd-busy");
	struct prm_err err = { 0 };
	uint8_t buf[16] = { 0 };
	struct icmd *ic;
	pthread_t t;

	(void)state;
	sigaction(SIGINT, &sa, &old);
	assert_int_equal(dev_icmd(d, &ic, &err), 0);
	ic->busy_ms = 10000;	/* the signal, not the timeout, must end the wait */
	pthread_create(&t, NULL, send_sigint, NULL);
	assert_int_not_equal(icmd_reg_access(ic, 0x9020, PRM_REG_GET, buf, 16, &err), 0);
	pthread_join(t, NULL);
	assert_string_equal(err.reason, "interrupted");
	assert_int_equal(d->sim->icmd.semaphore, 0);	/* ICMD semaphore given back */
	assert_int_equal(d->sim->vsc.semaphore, 0);	/* gateway free */
	dev_interrupt_reset();
	sigaction(SIGINT, &old, NULL);
	dev_close(d);
}

static void device_gone_is_reported(void **state)
{
	struct dev *d = open_sim("device-gone");
	struct prm_err err = { 0 };
	struct vsec *v;

	(void)state;
	assert_int_not_equal(dev_vsec(d, &v, &err), 0);
	assert_int_equal(err.kind, PRM_E_NODEV);
	assert_non_null(strstr(err.msg, "reads return all-ones"));
	dev_close(d);
}

static void held_by_someone_else(void **state)
{
	struct dev *d = open_sim("sem-held");
	struct prm_err err = { 0 };
	struct vsec *v;

	(void)state;
	assert_int_equal(dev_vsec(d, &v, &err), 0);
	v->lock_ms = 50;
	assert_int_not_equal(vsec_lock(v, &err), 0);
	assert_string_equal(err.reason, "gateway_stale");
	assert_non_null(strstr(err.msg, "held by ticket 24301, unchanged for 50 ms"));
	assert_non_null(strstr(err.msg, "prmctl cr unlock"));
	dev_close(d);
}

/*
 * The simulator's config space through a port that plays other agents: a
 * gateway semaphore with a new holder at every look, an ICMD semaphore that
 * changes hands before every config read; and it counts semaphore takes.
 */
struct spy {
	struct cfg_port port;
	struct cfg_port *inner;
	struct sim_adapter *a;
	uint32_t sem;		/* config offset of the gateway semaphore */
	bool gw_moving, icmd_moving;
	bool stop_at_icmd_take;	/* a stop arrives the moment ICMD is ours */
	uint32_t next;
	unsigned takes;
};

static int spy_rd(struct cfg_port *p, uint32_t off, uint32_t *val, struct prm_err *err)
{
	struct spy *s = (struct spy *)p;

	if (s->icmd_moving) {
		pthread_mutex_lock(&s->a->lock);
		s->a->icmd.semaphore = ++s->next;
		pthread_mutex_unlock(&s->a->lock);
	}
	if (s->inner->read32(s->inner, off, val, err))
		return -1;
	if (s->gw_moving && off == s->sem)
		*val = ++s->next;
	return 0;
}

static int spy_wr(struct cfg_port *p, uint32_t off, uint32_t val, struct prm_err *err)
{
	struct spy *s = (struct spy *)p;

	if (off == s->sem && val)
		s->takes++;
	if (s->inner->write32(s->inner, off, val, err))
		return -1;
	if (s->stop_at_icmd_take && s->a->icmd.semaphore) {
		s->stop_at_icmd_take = false;
		dev_interrupt();
	}
	return 0;
}

static void spy_on(struct spy *s, struct dev *d, struct vsec *v, struct vsec *through)
{
	struct prm_err err = { 0 };

	*s = (struct spy){ .inner = d->cfg, .a = d->sim, .sem = v->base + 0x0c };
	s->port = (struct cfg_port){ .read32 = spy_rd, .write32 = spy_wr,
				     .label = d->cfg->label };
	*through = (struct vsec){ .lock_ms = 50 };
	assert_int_equal(vsec_open(through, &s->port, &err), 0);
}

static void moving_gateway_holder_is_busy(void **state)
{
	struct dev *d = open_sim(NULL);
	struct prm_err err = { 0 };
	struct vsec *v, w;
	struct spy s;

	(void)state;
	assert_int_equal(dev_vsec(d, &v, &err), 0);
	spy_on(&s, d, v, &w);
	s.gw_moving = true;
	assert_int_not_equal(vsec_lock(&w, &err), 0);
	assert_int_equal(err.kind, PRM_E_TIMEOUT);
	assert_string_equal(err.reason, "gateway_busy");
	assert_non_null(strstr(err.msg, "gateway busy (held by ticket"));
	dev_close(d);
}

static void long_transfer_lets_others_in(void **state)
{
	static uint32_t words[1024];
	struct dev *d = open_sim(NULL);
	struct prm_err err = { 0 };
	struct vsec *v, w;
	struct spy s;

	(void)state;
	assert_int_equal(dev_vsec(d, &v, &err), 0);
	spy_on(&s, d, v, &w);
	assert_int_equal(vsec_read_block(&w, VSEC_SPACE_CR, 0, words, 1024, &err), 0);
	/* released and taken again along the way: no agent waits seconds */
	assert_true(s.takes >= 4);
	assert_int_equal(d->sim->vsc.semaphore, 0);
	dev_close(d);
}

static void dead_icmd_holder_is_stale(void **state)
{
	struct dev *d = open_sim(NULL);
	struct prm_err err = { 0 };
	uint8_t buf[16] = { 0 };
	struct icmd *ic;

	(void)state;
	assert_int_equal(dev_icmd(d, &ic, &err), 0);
	ic->sem_ms = 50;
	d->sim->icmd.semaphore = 4242;	/* a killed process's pid */
	assert_int_not_equal(icmd_reg_access(ic, 0x9020, PRM_REG_GET, buf, 16, &err), 0);
	assert_int_equal(err.kind, PRM_E_FAILED);
	assert_string_equal(err.reason, "icmd_semaphore_stale");
	assert_non_null(strstr(err.msg, "held by 4242, unchanged for 50 ms"));
	assert_non_null(strstr(err.msg, "prmctl cr unlock"));
	assert_int_equal(d->sim->icmd.semaphore, 4242);	/* not ours to free */
	assert_int_equal(d->sim->vsc.semaphore, 0);
	dev_close(d);
}

static void icmd_holder_running_a_command_is_busy(void **state)
{
	struct dev *d = open_sim("icmd-busy");
	struct prm_err err = { 0 };
	uint8_t buf[16] = { 0 };
	struct icmd *ic;

	(void)state;
	assert_int_equal(dev_icmd(d, &ic, &err), 0);
	ic->sem_ms = 50;
	d->sim->icmd.semaphore = 4242;	/* still waiting for its command */
	assert_int_not_equal(icmd_reg_access(ic, 0x9020, PRM_REG_GET, buf, 16, &err), 0);
	assert_int_equal(err.kind, PRM_E_TIMEOUT);
	assert_string_equal(err.reason, "icmd_semaphore_busy");
	dev_close(d);
}

/* ICMD through the spy, on a fresh simulated adapter; stays where it is made */
struct icmd_spy {
	struct dev *d;
	struct vsec w;
	struct spy s;
	struct icmd ic;
};

static void icmd_spy_open(struct icmd_spy *t)
{
	struct prm_err err = { 0 };
	struct vsec *v;

	t->d = open_sim(NULL);
	t->ic = (struct icmd){ .sem_ms = 50 };
	assert_int_equal(dev_vsec(t->d, &v, &err), 0);
	spy_on(&t->s, t->d, v, &t->w);
	assert_int_equal(icmd_open(&t->ic, &t->w, &err), 0);
}

static void moving_icmd_holder_is_busy(void **state)
{
	struct prm_err err = { 0 };
	uint8_t buf[16] = { 0 };
	struct icmd_spy t;

	(void)state;
	icmd_spy_open(&t);
	t.s.icmd_moving = true;
	assert_int_not_equal(icmd_reg_access(&t.ic, 0x9020, PRM_REG_GET, buf, 16, &err), 0);
	assert_int_equal(err.kind, PRM_E_TIMEOUT);
	assert_string_equal(err.reason, "icmd_semaphore_busy");
	dev_close(t.d);
}

/* between writing our id and reading it back: ours, so ours to give back */
static void stop_right_after_icmd_take_gives_it_back(void **state)
{
	struct prm_err err = { 0 };
	uint8_t buf[16] = { 0 };
	struct icmd_spy t;

	(void)state;
	icmd_spy_open(&t);
	t.s.stop_at_icmd_take = true;
	icmd_reg_access(&t.ic, 0x9020, PRM_REG_GET, buf, 16, &err);
	assert_false(t.s.stop_at_icmd_take);	/* the stop came */
	assert_int_equal(t.d->sim->icmd.semaphore, 0);
	assert_int_equal(t.d->sim->vsc.semaphore, 0);
	assert_false(dev_holding());
	dev_interrupt_reset();
	dev_close(t.d);
}

static void sim_clear_frees_the_semaphores(void **state)
{
	struct dev *d = open_sim(NULL);
	struct prm_err err = { 0 };
	struct vsec *v;
	uint32_t id;

	(void)state;
	assert_int_equal(dev_vsec(d, &v, &err), 0);
	d->sim->vsc.semaphore = 77;	/* left by killed holders */
	d->sim->icmd.semaphore = 4242;
	assert_int_equal(sim_fault_clear(d->sim, NULL, &err), 0);
	assert_int_equal(d->sim->vsc.semaphore, 0);
	assert_int_equal(d->sim->icmd.semaphore, 0);
	assert_int_equal(vsec_read_block(v, VSEC_SPACE_CR, 0xf0014, &id, 1, &err), 0);
	dev_close(d);
}

static void clear_frees_what_dead_holders_left(void **state)
{
	struct dev *d = open_sim(NULL);
	struct prm_err err = { 0 };
	uint32_t gw, ic, id;
	bool present;
	struct vsec *v;

	(void)state;
	assert_int_equal(dev_vsec(d, &v, &err), 0);
	d->sim->vsc.semaphore = 77;
	d->sim->icmd.semaphore = 4242;
	assert_int_equal(vsec_clear(v, &gw, &err), 0);
	assert_int_equal(gw, 77);
	assert_int_equal(icmd_semaphore_clear(v, &present, &ic, &err), 0);
	assert_true(present);
	assert_int_equal(ic, 4242);
	assert_int_equal(d->sim->vsc.semaphore, 0);
	assert_int_equal(d->sim->icmd.semaphore, 0);
	/* both free: found free, nothing written */
	assert_int_equal(vsec_clear(v, &gw, &err), 0);
	assert_int_equal(gw, 0);
	assert_int_equal(icmd_semaphore_clear(v, &present, &ic, &err), 0);
	assert_int_equal(ic, 0);
	assert_int_equal(vsec_read_block(v, VSEC_SPACE_CR, 0xf0014, &id, 1, &err), 0);
	dev_close(d);
}

static void clear_evicts_a_foreign_holder(void **state)
{
	struct dev *d = open_sim("sem-held");
	struct prm_err err = { 0 };
	struct vsec *v;
	uint32_t gw;

	(void)state;
	assert_int_equal(dev_vsec(d, &v, &err), 0);
	assert_int_equal(vsec_clear(v, &gw, &err), 0);
	assert_int_equal(gw, 24301);
	assert_false(d->sim->faults[SIM_FAULT_SEM_HELD]);
	assert_int_equal(vsec_lock(v, &err), 0);
	vsec_unlock(v);
	dev_close(d);
}

/*
 * The driver's crdump (pci_vsc.c), dword by dword as it does it: select the
 * scan space in ctrl (cap + 4), status bits 31:29 and size_vld (bit 28) set
 * by the device, the space size in addr (cap + 0x10); then each read's
 * addr comes back with the flag (bit 31) and the next address to read.
 */
static void crdump_scan_space_reports_size_and_next_address(void **state)
{
	struct dev *d = open_sim(NULL);
	struct sim_adapter *a = d->sim;
	uint32_t ctrl, size, addr, data;

	(void)state;
	ctrl = sim_cfg_read32(a, 0x64);
	sim_cfg_write32(a, 0x64, (ctrl & ~0xffffu) | 0x7);
	ctrl = sim_cfg_read32(a, 0x64);
	assert_int_equal(ctrl & 0xffff, 0x7);
	assert_int_not_equal(ctrl >> 29, 0);		/* supported */
	assert_int_equal(ctrl >> 28 & 1, 1);		/* size valid */
	size = sim_cfg_read32(a, 0x70) & 0x3fffffff;
	assert_true(size >= 0x1000 && size % 4 == 0);
	sim_cfg_write32(a, 0x70, 0x100);		/* read at 0x100 */
	addr = sim_cfg_read32(a, 0x70);
	assert_int_equal(addr >> 31, 1);
	assert_int_equal(addr & 0x3fffffff, 0x104);
	data = sim_cfg_read32(a, 0x74);
	/* cr-space (2) holds the same there; it shows no size, and a read keeps its address */
	sim_cfg_write32(a, 0x64, (ctrl & ~0xffffu) | 0x2);
	sim_cfg_write32(a, 0x70, 0x100);
	assert_int_equal(sim_cfg_read32(a, 0x70) & 0x3fffffff, 0x100);
	assert_int_equal(sim_cfg_read32(a, 0x74), data);
	dev_close(d);
}

/* A gateway write and read as pci_vsc.c does them: data then addr|flag; addr then data. */
static void gw_write(struct sim_adapter *a, uint32_t addr, uint32_t val)
{
	sim_cfg_write32(a, 0x74, val);
	sim_cfg_write32(a, 0x70, addr | 1u << 31);
}

static uint32_t gw_read(struct sim_adapter *a, uint32_t addr)
{
	sim_cfg_write32(a, 0x70, addr);
	return sim_cfg_read32(a, 0x74);
}

/*
 * The driver's SW reset semaphore (MLX5_SEMAPHORE_SW_RESET, 0x20 in the
 * semaphore space 0xa, mlx5_vsc_sem_set_space): taken with the counter's
 * value when free, kept against another id, freed by 0; dword 0 (the ICMD
 * semaphore) is a lock of its own.
 */
static void sw_reset_semaphore_is_its_own_lock(void **state)
{
	struct dev *d = open_sim(NULL);
	struct sim_adapter *a = d->sim;

	(void)state;
	sim_cfg_write32(a, 0x64, (sim_cfg_read32(a, 0x64) & ~0xffffu) | 0xa);
	gw_write(a, 0x20, 0x1234);
	assert_int_equal(gw_read(a, 0x20), 0x1234);
	gw_write(a, 0x20, 0x5678);			/* held: another id does not take it */
	assert_int_equal(gw_read(a, 0x20), 0x1234);
	assert_int_equal(gw_read(a, 0x0), 0);		/* the ICMD semaphore stays free */
	gw_write(a, 0x20, 0);
	assert_int_equal(gw_read(a, 0x20), 0);
	gw_write(a, 0x20, 0x5678);
	assert_int_equal(gw_read(a, 0x20), 0x5678);
	dev_close(d);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(finds_gateway_and_reads_hw_id),
		cmocka_unit_test(crdump_scan_space_reports_size_and_next_address),
		cmocka_unit_test(sw_reset_semaphore_is_its_own_lock),
		cmocka_unit_test(ticket_semaphore_is_exclusive_and_bounded),
		cmocka_unit_test(bad_address_and_space),
		cmocka_unit_test(register_access),
		cmocka_unit_test(icmd_busy_times_out),
		cmocka_unit_test(sigint_while_waiting_releases_semaphores),
		cmocka_unit_test(device_gone_is_reported),
		cmocka_unit_test(held_by_someone_else),
		cmocka_unit_test(moving_gateway_holder_is_busy),
		cmocka_unit_test(long_transfer_lets_others_in),
		cmocka_unit_test(dead_icmd_holder_is_stale),
		cmocka_unit_test(icmd_holder_running_a_command_is_busy),
		cmocka_unit_test(moving_icmd_holder_is_busy),
		cmocka_unit_test(stop_right_after_icmd_take_gives_it_back),
		cmocka_unit_test(sim_clear_frees_the_semaphores),
		cmocka_unit_test(clear_frees_what_dead_holders_left),
		cmocka_unit_test(clear_evicts_a_foreign_holder),
	};

	return cmocka_run_group_tests_name("gateway", tests, NULL, NULL);
}
