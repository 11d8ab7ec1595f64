// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* The driver's SW reset after a fatal error, as the simulated firmware takes it. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "lib/dev/dev.h"
#include "lib/sim/adapter.h"

/* initseg dword 0x14 (cmdq_addr_l_sz), raw: nic_interface is bits 10:8, byte 0x16 bits 2:0 */
static uint8_t nic_interface(struct sim_adapter *a)
{
	return a->bar0[0x16] & 7;
}

static void sw_reset_clears_the_assert_and_disables_the_interface(void **state)
{
	struct dev_open_opts o = { .sim_inject = "fw-assert:rfr=1" };
	struct prm_err err = { 0 };
	struct dev *d = NULL;
	uint32_t raw;

	(void)state;
	assert_int_equal(dev_open("sim", &o, &d, &err), 0);
	assert_true(d->sim->faults[SIM_FAULT_FW_ASSERT]);
	assert_int_equal(nic_interface(d->sim), 0);		/* full */
	memcpy(&raw, d->sim->bar0 + 0x14, 4);
	((uint8_t *)&raw)[2] = (uint8_t)((((uint8_t *)&raw)[2] & ~7) | 7);	/* SW_RESET */
	sim_bar_host_write(d->sim, 0x14, raw);
	assert_false(d->sim->faults[SIM_FAULT_FW_ASSERT]);	/* gone with the reset */
	assert_int_equal(nic_interface(d->sim), 1);		/* disabled */
	assert_int_equal(d->sim->hca_state, 0);			/* a driver starts over */
	/* a write of the queue's address with nic_interface 0 brings it back to full */
	((uint8_t *)&raw)[2] &= (uint8_t)~7;
	sim_bar_host_write(d->sim, 0x14, raw);
	assert_int_equal(nic_interface(d->sim), 0);
	dev_close(d);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(sw_reset_clears_the_assert_and_disables_the_interface),
	};

	return cmocka_run_group_tests_name("swreset", tests, NULL, NULL);
}
