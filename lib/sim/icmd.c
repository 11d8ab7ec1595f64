// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * The ICMD engine of the simulated adapter, in the ICMD address space:
 * control word at 0x0 (opcode 31:16, status 15:8, exmb 1, busy/go 0), the
 * mailbox size at 0x1000, the syndrome at 0x1008, the mailbox at 0x100000.
 */
#include <string.h>

#include "lib/prm/layouts/layouts.h"
#include "lib/prm/regtlv.h"
#include "lib/sim/internal.h"

#define ICMD_CTRL 0x0
#define ICMD_MBOX_SIZE 0x1000
#define ICMD_SYNDROME 0x1008
#define ICMD_MBOX 0x100000

#define ICMD_OP_QUERY_CAP 0x8400

/*
 * ICMD_QUERY_CAP, general group (mstflint icmd_hca_icmd_query_cap_general,
 * "0x0.29" and "0x0.26" in its LSB-first notation): every register may be
 * accessed over ICMD, and MCAM is there. mstreg refuses a device without
 * the first bit.
 */
#define CAP_ALLOW_ACCESS_REG_ALL (1u << 29)
#define CAP_MCAM_REG (1u << 26)

/* ICMD status (mstflint translate_status) */
#define ICMD_ST_OK 0
#define ICMD_ST_BAD_OPCODE 1
#define ICMD_ST_BAD_CMD 2

/* 0x9001: operation TLV, register TLV, register data. */
static uint8_t reg_access(struct sim_adapter *a)
{
	const struct prm_layout *op = &prm_layout_op_tlv, *rt = &prm_layout_reg_tlv;
	uint8_t *m = a->icmd.mbox, *reg = m + prm_layout_bytes(op);
	size_t hdr = prm_layout_bytes(op) + prm_layout_bytes(rt);
	uint64_t words = PRM_GET(reg_tlv, reg, prm_layout_bytes(rt), "len");
	uint8_t status;

	if (PRM_GET(op_tlv, m, prm_layout_bytes(op), "type") != PRM_TLV_OPERATION ||
	    PRM_GET(reg_tlv, reg, prm_layout_bytes(rt), "type") != PRM_TLV_REG ||
	    words < 1 || hdr - prm_layout_bytes(rt) + words * 4 > sizeof(a->icmd.mbox))
		status = PRM_REG_STATUS_UNKNOWN_TLV;
	else
		status = sim_reg_access(a, (uint16_t)PRM_GET(op_tlv, m, prm_layout_bytes(op), "register_id"),
					(uint8_t)PRM_GET(op_tlv, m, prm_layout_bytes(op), "method"), m + hdr,
					(size_t)(words - 1) * 4);
	PRM_SET(op_tlv, m, prm_layout_bytes(op), "status", status);
	return ICMD_ST_OK;
}

static void execute(struct sim_adapter *a)
{
	uint16_t opcode = (uint16_t)(a->icmd.ctrl >> 16);
	uint8_t status;

	a->icmd.syndrome = 0;
	if (opcode == PRM_ICMD_REG_ACCESS) {
		status = reg_access(a);
	} else if (opcode == ICMD_OP_QUERY_CAP) {
		uint32_t caps = CAP_ALLOW_ACCESS_REG_ALL | CAP_MCAM_REG;

		memset(a->icmd.mbox, 0, 16);
		a->icmd.mbox[0] = (uint8_t)(caps >> 24);
		a->icmd.mbox[1] = (uint8_t)(caps >> 16);
		a->icmd.mbox[2] = (uint8_t)(caps >> 8);
		a->icmd.mbox[3] = (uint8_t)caps;
		status = ICMD_ST_OK;
	} else {
		status = ICMD_ST_BAD_OPCODE;
		a->icmd.syndrome = opcode;
	}
	a->icmd.ctrl = (a->icmd.ctrl & 0xffff0002u) | (uint32_t)status << 8;
}

uint32_t sim_icmd_read(struct sim_adapter *a, uint32_t addr)
{
	const uint8_t *p;

	switch (addr) {
	case ICMD_CTRL:
		return a->icmd.ctrl | (a->faults[SIM_FAULT_ICMD_BUSY] ? 1u : 0u);
	case ICMD_MBOX_SIZE:
		return SIM_ICMD_MBOX_BYTES;
	case ICMD_SYNDROME:
		return a->icmd.syndrome;
	}
	if (addr < ICMD_MBOX || addr - ICMD_MBOX >= SIM_ICMD_MBOX_BYTES)
		return 0;
	p = a->icmd.mbox + (addr - ICMD_MBOX);
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

void sim_icmd_write(struct sim_adapter *a, uint32_t addr, uint32_t val)
{
	uint8_t *p;

	if (addr == ICMD_CTRL) {
		bool was_busy = a->icmd.ctrl & 1;

		a->icmd.ctrl = (val & 0xffff0003u) | (a->icmd.ctrl & 0x0000ff00u);
		/* go: a busy engine (fault) takes it and never finishes */
		if ((val & 1) && !was_busy && !a->faults[SIM_FAULT_ICMD_BUSY])
			execute(a);
		return;
	}
	if (addr < ICMD_MBOX || addr - ICMD_MBOX >= SIM_ICMD_MBOX_BYTES)
		return;
	p = a->icmd.mbox + (addr - ICMD_MBOX);
	p[0] = (uint8_t)(val >> 24);
	p[1] = (uint8_t)(val >> 16);
	p[2] = (uint8_t)(val >> 8);
	p[3] = (uint8_t)val;
}
