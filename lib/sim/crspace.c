// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* cr-space of the simulated adapter: the words tools read, and host writes. */
#include "lib/prm/models.h"
#include "lib/sim/internal.h"

/* Device id word: hw_id in bits 15:0, revision in 23:16 (mstflint read_device_id). */
#define CR_HW_ID 0xf0014

uint32_t sim_cr_read(struct sim_adapter *a, uint32_t addr)
{
	if (addr == CR_HW_ID)
		return (uint32_t)a->model->revision << 16 | a->model->hw_id;
	/* static_cfg_not_done (bit 31) reads 0: the firmware is configured */
	if (addr == prm_static_cfg_not_done_addr(a->model->hw_id))
		return sim_bar_get(a, "initializing") ? 0x80000000u : 0;
	for (size_t i = 0; i < a->ncr_writes; i++)
		if (a->cr_writes[i][0] == addr)
			return a->cr_writes[i][1];
	return sim_cr_filler(addr);
}

/*
 * What the chip's other registers read. A real cr-space is mostly not zero;
 * all zeros would let a dump that paired addresses with the wrong values
 * (shifted, swapped, from another range) compare equal to mstregdump's.
 * Fixed per address, so two readers and two reads agree; never the
 * scratchpad TLV signature (scratchpad 2 starts at 0x18), so no chain
 * appears that firmware did not put there.
 */
uint32_t sim_cr_filler(uint32_t addr)
{
	uint32_t v = addr;

	/* a well-mixed function of the address (MurmurHash3's finalizer) */
	v ^= v >> 16;
	v *= 0x85ebca6bu;
	v ^= v >> 13;
	v *= 0xc2b2ae35u;
	v ^= v >> 16;
	return v == 0x54306f6cu ? ~v : v;
}

void sim_cr_write(struct sim_adapter *a, uint32_t addr, uint32_t val)
{
	size_t cap = sizeof(a->cr_writes) / sizeof(a->cr_writes[0]);

	if (addr == CR_HW_ID)
		return;		/* read-only */
	for (size_t i = 0; i < a->ncr_writes; i++)
		if (a->cr_writes[i][0] == addr) {
			a->cr_writes[i][1] = val;
			return;
		}
	if (a->ncr_writes < cap) {
		a->cr_writes[a->ncr_writes][0] = addr;
		a->cr_writes[a->ncr_writes][1] = val;
		a->ncr_writes++;
	}
}
