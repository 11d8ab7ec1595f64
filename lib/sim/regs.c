// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Access registers of the simulated adapter, reached by ICMD 0x9001. Each
 * register prmctl has a layout for has a state; GET returns it, SET takes
 * the fields the layout marks writable.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "lib/prm/layouts/layouts.h"
#include "lib/prm/registers.h"
#include "lib/prm/regtlv.h"
#include "lib/sim/fwcomps.h"
#include "lib/sim/internal.h"
#include "lib/sim/tracer.h"

struct sim_reg {
	const struct prm_register *r;
	uint8_t *state;
	size_t size;
};

static struct sim_reg *find(struct sim_adapter *a, uint16_t id)
{
	for (size_t i = 0; i < a->nregs; i++)
		if (a->regs[i].r->id == id)
			return &a->regs[i];
	return NULL;
}

/* A value the model gives that its field cannot hold: the register's name said. */
static int model_failed(const struct sim_reg *s, struct prm_err *err)
{
	return prm_err_prefix(err, "simulator %s: ", s->r->name);
}

/* MCAM: one capability bit per management register 0x9000..0x907f we model. */
static int init_mcam(struct sim_adapter *a, struct sim_reg *s, struct prm_err *err)
{
	uint32_t mask[4] = { 0 };

	for (size_t i = 0; i < a->nregs; i++) {
		uint16_t id = a->regs[i].r->id;

		if (id >= 0x9000 && id <= 0x907f) {
			unsigned bit = id - 0x9000u;

			/* a 128-bit big-endian mask: element 0 holds bits 127..96 */
			mask[3 - bit / 32] |= 1u << (bit % 32);
		}
	}
	if (prm_set(&prm_layout_mcam, s->state, s->size, "mng_access_reg_cap_mask[0]", mask[0], err) ||
	    prm_set(&prm_layout_mcam, s->state, s->size, "mng_access_reg_cap_mask[1]", mask[1], err) ||
	    prm_set(&prm_layout_mcam, s->state, s->size, "mng_access_reg_cap_mask[2]", mask[2], err) ||
	    prm_set(&prm_layout_mcam, s->state, s->size, "mng_access_reg_cap_mask[3]", mask[3], err))
		return model_failed(s, err);
	return 0;
}

static int init_mgir(struct sim_adapter *a, struct sim_reg *s, struct prm_err *err)
{
	const struct sim_model *m = a->model;
	uint8_t psid[16] = { 0 };	/* NUL-padded */
	uint8_t *r = s->state;
	size_t n = s->size;

	memcpy(psid, m->psid, strnlen(m->psid, sizeof(psid)));
	if (prm_set(&prm_layout_mgir, r, n, "hw_info.device_hw_revision", m->revision, err) ||
	    prm_set(&prm_layout_mgir, r, n, "hw_info.device_id", m->device_id, err) ||
	    prm_set(&prm_layout_mgir, r, n, "hw_info.num_ports", SIM_PORTS, err) ||
	    prm_set(&prm_layout_mgir, r, n, "hw_info.hw_dev_id", m->hw_id, err) ||
	    prm_set(&prm_layout_mgir, r, n, "hw_info.manufacturing_base_mac_47_32", 0xb8ce, err) ||
	    prm_set(&prm_layout_mgir, r, n, "hw_info.manufacturing_base_mac_31_0",
		    0xf6000000u | m->device_id, err) ||
	    prm_set(&prm_layout_mgir, r, n, "fw_info.major", m->fw_major, err) ||
	    prm_set(&prm_layout_mgir, r, n, "fw_info.minor", m->fw_minor, err) ||
	    /* the 8-bit sub_minor cannot hold 1000; extended_* carry the truth */
	    prm_set(&prm_layout_mgir, r, n, "fw_info.sub_minor", m->fw_subminor & 0xff, err) ||
	    prm_set(&prm_layout_mgir, r, n, "fw_info.extended_major", m->fw_major, err) ||
	    prm_set(&prm_layout_mgir, r, n, "fw_info.extended_minor", m->fw_minor, err) ||
	    prm_set(&prm_layout_mgir, r, n, "fw_info.extended_sub_minor", m->fw_subminor, err) ||
	    prm_set(&prm_layout_mgir, r, n, "fw_info.year", 0x2026, err) ||	/* dates are BCD */
	    prm_set(&prm_layout_mgir, r, n, "fw_info.month", 0x11, err) ||
	    prm_set(&prm_layout_mgir, r, n, "fw_info.day", 0x01, err) ||
	    prm_set(&prm_layout_mgir, r, n, "fw_info.hour", 0x1200, err) ||
	    prm_set(&prm_layout_mgir, r, n, "fw_info.build_id", 0x5133, err) ||
	    prm_set(&prm_layout_mgir, r, n, "fw_info.secured", 1, err) ||
	    prm_set(&prm_layout_mgir, r, n, "fw_info.signed_fw", 1, err) ||
	    prm_set_bytes(&prm_layout_mgir, r, n, "fw_info.psid", psid, sizeof(psid), err))
		return model_failed(s, err);
	return 0;
}

/* DTOR: timeouts close to the driver's own defaults (lib/tout.h), so a
 * driver that takes them behaves as it does without them. */
enum { TO_MS, TO_S, TO_MIN };	/* to_multiplier */

static int init_dtor(struct sim_reg *s, struct prm_err *err)
{
	uint8_t *r = s->state;
	size_t n = s->size;

	if (prm_set(&prm_layout_dtor, r, n, "pcie_toggle_to.to_multiplier", TO_MS, err) ||
	    prm_set(&prm_layout_dtor, r, n, "pcie_toggle_to.to_value", 2000, err) ||
	    prm_set(&prm_layout_dtor, r, n, "health_poll_to.to_multiplier", TO_MS, err) ||
	    prm_set(&prm_layout_dtor, r, n, "health_poll_to.to_value", 2000, err) ||
	    prm_set(&prm_layout_dtor, r, n, "full_crdump_to.to_multiplier", TO_S, err) ||
	    prm_set(&prm_layout_dtor, r, n, "full_crdump_to.to_value", 60, err) ||
	    prm_set(&prm_layout_dtor, r, n, "fw_reset_to.to_multiplier", TO_S, err) ||
	    prm_set(&prm_layout_dtor, r, n, "fw_reset_to.to_value", 2, err) ||
	    prm_set(&prm_layout_dtor, r, n, "flush_on_err_to.to_multiplier", TO_MS, err) ||
	    prm_set(&prm_layout_dtor, r, n, "flush_on_err_to.to_value", 2000, err) ||
	    prm_set(&prm_layout_dtor, r, n, "pci_sync_update_to.to_multiplier", TO_S, err) ||
	    prm_set(&prm_layout_dtor, r, n, "pci_sync_update_to.to_value", 5, err) ||
	    prm_set(&prm_layout_dtor, r, n, "tear_down_to.to_multiplier", TO_S, err) ||
	    prm_set(&prm_layout_dtor, r, n, "tear_down_to.to_value", 3, err) ||
	    prm_set(&prm_layout_dtor, r, n, "fsm_reactivate_to.to_multiplier", TO_S, err) ||
	    prm_set(&prm_layout_dtor, r, n, "fsm_reactivate_to.to_value", 5, err) ||
	    prm_set(&prm_layout_dtor, r, n, "reclaim_pages_to.to_multiplier", TO_S, err) ||
	    prm_set(&prm_layout_dtor, r, n, "reclaim_pages_to.to_value", 5, err) ||
	    prm_set(&prm_layout_dtor, r, n, "reclaim_vfs_pages_to.to_multiplier", TO_MIN, err) ||
	    prm_set(&prm_layout_dtor, r, n, "reclaim_vfs_pages_to.to_value", 2, err) ||
	    prm_set(&prm_layout_dtor, r, n, "reset_unload_to.to_multiplier", TO_MIN, err) ||
	    prm_set(&prm_layout_dtor, r, n, "reset_unload_to.to_value", 2, err))
		return model_failed(s, err);
	return 0;
}

/*
 * PMLP: the function's port, local_port 1, is cage 0 (the simulated function
 * is PF0), four lanes on the module's lanes 0..3 in order: a QSFP port, x4.
 * rxtx is clear, so rx_lane is unused and left 0.
 */
static int init_pmlp(struct sim_reg *s, struct prm_err *err)
{
	static const char *const tx[] = {
		PRM_PATH(pmlp, "lane_module_mapping[0].tx_lane"),
		PRM_PATH(pmlp, "lane_module_mapping[1].tx_lane"),
		PRM_PATH(pmlp, "lane_module_mapping[2].tx_lane"),
		PRM_PATH(pmlp, "lane_module_mapping[3].tx_lane"),
	};
	uint8_t *r = s->state;
	size_t n = s->size;

	if (prm_set(&prm_layout_pmlp, r, n, "local_port", 1, err) ||
	    prm_set(&prm_layout_pmlp, r, n, "width", 4, err))
		return model_failed(s, err);
	for (unsigned i = 0; i < 4; i++)
		if (prm_set(&prm_layout_pmlp, r, n, tx[i], i, err))
			return model_failed(s, err);
	return 0;
}

int sim_regs_init(struct sim_adapter *a, struct prm_err *err)
{
	a->regs = calloc(prm_nregisters, sizeof(*a->regs));
	if (!a->regs)
		return prm_err_set(err, PRM_E_FAILED, ENOMEM, "oom", "out of memory");
	for (size_t i = 0; i < prm_nregisters; i++) {
		struct sim_reg *s = &a->regs[a->nregs];

		s->r = &prm_registers[i];
		s->size = prm_layout_bytes(s->r->layout);
		s->state = calloc(1, s->size);
		if (!s->state)
			return prm_err_set(err, PRM_E_FAILED, ENOMEM, "oom", "out of memory");
		a->nregs++;
	}
	for (size_t i = 0; i < a->nregs; i++) {
		struct sim_reg *s = &a->regs[i];
		int rc = 0;

		if (s->r->id == MLX5_REG_MCAM)
			rc = init_mcam(a, s, err);
		else if (s->r->id == MLX5_REG_MGIR)
			rc = init_mgir(a, s, err);
		else if (s->r->id == MLX5_REG_DTOR)
			rc = init_dtor(s, err);
		else if (s->r->id == MLX5_REG_PMLP)
			rc = init_pmlp(s, err);
		if (rc)
			return -1;
	}
	return 0;
}

void sim_regs_free(struct sim_adapter *a)
{
	for (size_t i = 0; i < a->nregs; i++)
		free(a->regs[i].state);
	free(a->regs);
	a->regs = NULL;
	a->nregs = 0;
}

/*
 * SET: copy what the host may write, field by field, leaving the rest. A
 * write-only field asks for an operation (MTMP's mtr, PMLP's m_lane_m): it
 * is the register's own code's to act on, never read back.
 */
static void take_writable(const struct prm_layout *l, uint8_t *state,
			  const uint8_t *data, size_t len, uint32_t base)
{
	for (size_t i = 0; i < l->nfields; i++) {
		const struct prm_field *f = &l->fields[i];
		uint32_t n = f->count ? f->count : 1;

		for (uint32_t k = 0; k < n; k++) {
			uint32_t off = base + f->off + k * f->width;
			uint64_t v;

			if (f->sub) {
				take_writable(f->sub, state, data, len, off);
				continue;
			}
			if (f->access != PRM_ACC_RW)
				continue;
			if (prm_bits_get(data, len, off, f->width, &v) == 0)
				prm_bits_set(state, len, off, f->width, v);
		}
	}
}

void sim_reg_take(const struct prm_layout *l, uint8_t *state, const uint8_t *data, size_t len)
{
	take_writable(l, state, data, len, 0);
}

/*
 * The index fields of a request name which instance it is about. The model
 * has one of each; PMLP's must be the function's own port, local_port 1
 * (its HCA caps say num_ports 1), as firmware refuses a port it lacks.
 */
static bool instance_known(uint16_t id, const uint8_t *data, size_t len)
{
	if (id == MLX5_REG_PMLP)
		return PRM_GET(pmlp, data, len, "local_port") == 1 &&
		       PRM_GET(pmlp, data, len, "lp_msb") == 0;
	return true;
}

static void refresh(struct sim_adapter *a, struct sim_reg *s)
{
	if (s->r->id == MLX5_REG_MGIR)
		prm_set(s->r->layout, s->state, s->size, "hw_info.uptime",
			(sim_now_ns() - a->start_ns) / 1000000000ull, NULL);
}

uint8_t sim_reg_access(struct sim_adapter *a, uint16_t id, uint8_t method,
		       uint8_t *data, size_t len)
{
	struct sim_reg *s = find(a, id);
	int st;

	if (!s)
		return PRM_REG_STATUS_REG_NOT_SUPP;
	if (method != PRM_REG_GET && method != PRM_REG_SET)
		return PRM_REG_STATUS_METHOD_NOT_SUPP;
	st = sim_tracer_reg(a, id, method == PRM_REG_SET, data, len);
	if (st < 0)
		st = sim_thermal_reg(a, id, method == PRM_REG_SET, data, len);
	if (st < 0)
		st = sim_fwcomps_reg(a, id, method == PRM_REG_SET, data, len);
	if (st >= 0)
		return (uint8_t)st;
	if (len < s->size || !instance_known(id, data, len))
		return PRM_REG_STATUS_BAD_PARAM;
	if (method == PRM_REG_SET)
		take_writable(s->r->layout, s->state, data, s->size, 0);
	refresh(a, s);
	memset(data, 0, len);
	memcpy(data, s->state, s->size);
	return PRM_REG_STATUS_OK;
}
