// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * vsec_read_many over a port that batches config accesses: values taken
 * only from transfers seen done, the others read again the single way, a
 * device gone told as gone. The batching port here wraps the in-process
 * simulator's config dwords and makes some transfers look still in flight.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "lib/dev/cfg.h"
#include "lib/dev/dev.h"
#include "lib/dev/vsec.h"
#include "lib/sim/adapter.h"

#define N 300
#define POISON 0xbad0bad0u

struct slow {
	struct cfg_port port, *inner;
	uint32_t addr_reg;	/* config offset of the gateway's ADDR */
	unsigned every;		/* every this many ADDR reads in a batch: still in flight */
	unsigned addr_reads, in_flight, batches;
	unsigned singles;	/* ADDR reads outside a batch: a dword read again */
	bool poison_next;
};

static int slow_rd(struct cfg_port *p, uint32_t off, uint32_t *val, struct prm_err *err)
{
	struct slow *t = (struct slow *)p;

	t->singles += off == t->addr_reg;
	return t->inner->read32(t->inner, off, val, err);
}

static int slow_wr(struct cfg_port *p, uint32_t off, uint32_t val, struct prm_err *err)
{
	struct slow *t = (struct slow *)p;

	return t->inner->write32(t->inner, off, val, err);
}

static int slow_batch(struct cfg_port *p, const struct cfg_access *a, size_t n,
		      uint32_t *reads, struct prm_err *err)
{
	struct slow *t = (struct slow *)p;

	t->batches++;
	for (size_t i = 0; i < n; i++) {
		uint32_t v;

		if (a[i].write) {
			if (t->inner->write32(t->inner, a[i].off, a[i].val, err))
				return -1;
			continue;
		}
		if (t->inner->read32(t->inner, a[i].off, &v, err))
			return -1;
		if (t->poison_next) {
			v = POISON;	/* the data of a transfer not done is not the value */
			t->poison_next = false;
		} else if (a[i].off == t->addr_reg && t->every && ++t->addr_reads % t->every == 0 &&
			   v != 0xffffffffu) {
			v &= ~(1u << 31);
			t->in_flight++;
			t->poison_next = true;
		}
		*reads++ = v;
	}
	return 0;
}

static struct dev *open_sim(void)
{
	struct prm_err err = { 0 };
	struct dev *d = NULL;

	if (dev_open("sim", NULL, &d, &err))
		fail_msg("%s", err.msg);
	return d;
}

static void wrap(struct slow *t, struct vsec *v, unsigned every)
{
	*t = (struct slow){ .inner = v->cfg, .addr_reg = v->base + 0x10, .every = every };
	t->port = (struct cfg_port){ .read32 = slow_rd, .write32 = slow_wr, .batch = slow_batch,
				     .label = v->cfg->label };
	v->cfg = &t->port;
}

static void addrs_from(uint32_t *addrs, uint32_t at)
{
	for (unsigned i = 0; i < N; i++)
		addrs[i] = at + 4 * i;
}

/* N dwords from 0xf0000 as the port without batch reads them: single reads in a loop */
static struct dev *open_with_reference(struct vsec **v, uint32_t *want)
{
	struct dev *d = open_sim();
	struct prm_err err = { 0 };

	assert_int_equal(dev_vsec(d, v, &err), 0);
	assert_int_equal(vsec_read_block(*v, VSEC_SPACE_CR, 0xf0000, want, N, &err), 0);
	assert_int_equal(want[5], 0x218);	/* 0xf0014: a ConnectX-7 */
	return d;
}

static void in_flight_transfers_are_read_again(void **state)
{
	uint32_t addrs[N], want[N], got[N];
	struct prm_err err = { 0 };
	struct vsec *v;
	struct dev *d = open_with_reference(&v, want);
	struct slow t;

	(void)state;
	addrs_from(addrs, 0xf0000);
	wrap(&t, v, 7);
	assert_int_equal(vsec_lock(v, &err), 0);
	assert_int_equal(vsec_select(v, VSEC_SPACE_CR, &err), 0);
	assert_int_equal(vsec_read_many(v, addrs, got, N, &err), 0);
	vsec_unlock(v);
	assert_memory_equal(got, want, sizeof(want));
	assert_true(t.batches > N / 64);
	/* the first dword seen in flight in a batch is read again; the rest of it resent */
	assert_true(t.singles > 10);
	assert_true(t.singles <= t.in_flight);
	/* vsec_read_block goes the same way */
	memset(got, 0, sizeof(got));
	assert_int_equal(vsec_read_block(v, VSEC_SPACE_CR, 0xf0000, got, N, &err), 0);
	assert_memory_equal(got, want, sizeof(want));
	v->cfg = t.inner;
	dev_close(d);
}

static void every_transfer_in_flight_still_reads(void **state)
{
	uint32_t want[N], got[N];
	struct prm_err err = { 0 };
	struct vsec *v;
	struct dev *d = open_with_reference(&v, want);
	struct slow t;

	(void)state;
	wrap(&t, v, 1);
	assert_int_equal(vsec_read_block(v, VSEC_SPACE_CR, 0xf0000, got, N, &err), 0);
	assert_memory_equal(got, want, sizeof(want));
	assert_int_equal(t.singles, N);	/* every dword read again */
	v->cfg = t.inner;
	dev_close(d);
}

static void gone_mid_read_is_gone(void **state)
{
	struct dev *d = open_sim();
	struct prm_err err = { 0 };
	uint32_t addrs[N], got[N];
	struct vsec *v;
	struct slow t;

	(void)state;
	addrs_from(addrs, 0);
	assert_int_equal(dev_vsec(d, &v, &err), 0);
	wrap(&t, v, 0);
	assert_int_equal(vsec_lock(v, &err), 0);
	assert_int_equal(vsec_select(v, VSEC_SPACE_CR, &err), 0);
	d->sim->faults[SIM_FAULT_DEVICE_GONE] = true;	/* every read all-ones */
	assert_int_equal(vsec_read_many(v, addrs, got, N, &err), -1);
	assert_int_equal(err.kind, PRM_E_NODEV);
	assert_string_equal(err.reason, "device_gone");
	assert_int_equal(t.batches, 1);		/* not one batch after another */
	d->sim->faults[SIM_FAULT_DEVICE_GONE] = false;
	vsec_unlock(v);
	v->cfg = t.inner;
	dev_close(d);
}

static void refused_address_is_the_single_reads_error(void **state)
{
	uint32_t addrs[3] = { 0xf0014, 0xf0016, 0xf0018 }, got[3] = { 0 };
	struct dev *d = open_sim();
	struct prm_err err = { 0 };
	struct vsec *v;
	struct slow t;

	(void)state;
	assert_int_equal(dev_vsec(d, &v, &err), 0);
	wrap(&t, v, 0);
	assert_int_equal(vsec_lock(v, &err), 0);
	assert_int_equal(vsec_select(v, VSEC_SPACE_CR, &err), 0);
	assert_int_equal(vsec_read_many(v, addrs, got, 3, &err), -1);
	assert_string_equal(err.reason, "bad_address");
	assert_int_equal(got[0], 0x218);	/* read before the bad one, as a loop would */
	/* an address the gateway refuses: its syndrome, as vsec_read tells it */
	addrs[1] = 0x3ffffffc;
	memset(&err, 0, sizeof(err));
	assert_int_equal(vsec_read_many(v, addrs, got, 3, &err), -1);
	assert_string_equal(err.reason, "gateway_syndrome");
	vsec_unlock(v);
	v->cfg = t.inner;
	dev_close(d);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(in_flight_transfers_are_read_again),
		cmocka_unit_test(every_transfer_in_flight_still_reads),
		cmocka_unit_test(gone_mid_read_is_gone),
		cmocka_unit_test(refused_address_is_the_single_reads_error),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
