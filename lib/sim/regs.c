// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Access registers of the simulated adapter, reached by ICMD 0x9001. Each
 * register prmctl has a layout for has a state; GET returns it, SET takes
 * the fields the layout marks writable.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/prm/registers.h"
#include "lib/sim/internal.h"
#include "lib/sim/tracer.h"

/* register-access statuses (mstflint return_by_reg_status) */
#define REG_ST_OK 0
#define REG_ST_NOT_SUPPORTED 4
#define REG_ST_BAD_METHOD 6
#define REG_ST_BAD_PARAM 7

#define METHOD_GET 1
#define METHOD_SET 2

#define MCAM_ID 0x907f

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

static int put(struct sim_reg *s, const char *path, uint64_t v, struct prm_err *err)
{
	if (prm_set(s->r->layout, s->state, s->size, path, v, err))
		return prm_err_prefix(err, "simulator %s: ", s->r->name);
	return 0;
}

static int put_text(struct sim_reg *s, const char *field, const char *text,
		    size_t n, struct prm_err *err)
{
	char path[64];

	for (size_t i = 0; i < n; i++) {
		snprintf(path, sizeof(path), "%s[%zu]", field, i);
		if (put(s, path, i < strlen(text) ? (uint8_t)text[i] : 0, err))
			return -1;
	}
	return 0;
}

/* MCAM: one capability bit per management register 0x9000..0x907f we model. */
static int init_mcam(struct sim_adapter *a, struct sim_reg *s, struct prm_err *err)
{
	uint32_t mask[4] = { 0 };
	char path[48];

	for (size_t i = 0; i < a->nregs; i++) {
		uint16_t id = a->regs[i].r->id;

		if (id >= 0x9000 && id <= 0x907f) {
			unsigned bit = id - 0x9000u;

			/* a 128-bit big-endian mask: element 0 holds bits 127..96 */
			mask[3 - bit / 32] |= 1u << (bit % 32);
		}
	}
	for (int k = 0; k < 4; k++) {
		snprintf(path, sizeof(path), "mng_access_reg_cap_mask[%d]", k);
		if (put(s, path, mask[k], err))
			return -1;
	}
	return 0;
}

static int init_mgir(struct sim_adapter *a, struct sim_reg *s, struct prm_err *err)
{
	const struct sim_model *m = a->model;
	const struct {
		const char *path;
		uint64_t v;
	} v[] = {
		{ "hw_info.device_hw_revision", m->revision },
		{ "hw_info.device_id", m->device_id },
		{ "hw_info.num_ports", 2 },
		{ "hw_info.hw_dev_id", m->hw_id },
		{ "hw_info.manufacturing_base_mac_47_32", 0xb8ce },
		{ "hw_info.manufacturing_base_mac_31_0", 0xf6000000u | m->device_id },
		{ "fw_info.major", m->fw_major },
		{ "fw_info.minor", m->fw_minor },
		/* the 8-bit sub_minor cannot hold 1000; extended_* carry the truth */
		{ "fw_info.sub_minor", m->fw_subminor & 0xff },
		{ "fw_info.extended_major", m->fw_major },
		{ "fw_info.extended_minor", m->fw_minor },
		{ "fw_info.extended_sub_minor", m->fw_subminor },
		{ "fw_info.year", 0x2026 },	/* dates are BCD */
		{ "fw_info.month", 0x11 },
		{ "fw_info.day", 0x01 },
		{ "fw_info.hour", 0x1200 },
		{ "fw_info.build_id", 0x5133 },
		{ "fw_info.secured", 1 },
		{ "fw_info.signed_fw", 1 },
	};

	for (size_t i = 0; i < sizeof(v) / sizeof(v[0]); i++)
		if (put(s, v[i].path, v[i].v, err))
			return -1;
	return put_text(s, "fw_info.psid", m->psid, 16, err);
}

/* DTOR: timeouts close to the driver's own defaults (lib/tout.h), so a
 * driver that takes them behaves as it does without them. */
static int init_dtor(struct sim_reg *s, struct prm_err *err)
{
	static const struct {
		const char *to;
		unsigned mul, value;	/* mul: 0 ms, 1 s, 2 min */
	} v[] = {
		{ "pcie_toggle_to", 0, 2000 }, { "health_poll_to", 0, 2000 },
		{ "full_crdump_to", 1, 60 }, { "fw_reset_to", 1, 2 },
		{ "flush_on_err_to", 0, 2000 }, { "pci_sync_update_to", 1, 5 },
		{ "tear_down_to", 1, 3 }, { "fsm_reactivate_to", 1, 5 },
		{ "reclaim_pages_to", 1, 5 }, { "reclaim_vfs_pages_to", 2, 2 },
		{ "reset_unload_to", 2, 2 },
	};
	char path[64];

	for (size_t i = 0; i < sizeof(v) / sizeof(v[0]); i++) {
		snprintf(path, sizeof(path), "%s.to_multiplier", v[i].to);
		if (put(s, path, v[i].mul, err))
			return -1;
		snprintf(path, sizeof(path), "%s.to_value", v[i].to);
		if (put(s, path, v[i].value, err))
			return -1;
	}
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

		if (s->r->id == MCAM_ID)
			rc = init_mcam(a, s, err);
		else if (s->r->id == MLX5_REG_MGIR)
			rc = init_mgir(a, s, err);
		else if (strcmp(s->r->name, "DTOR") == 0)
			rc = init_dtor(s, err);
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

/* SET: copy what the host may write, field by field, leaving the rest. */
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
			if (f->access != PRM_ACC_RW && f->access != PRM_ACC_WO)
				continue;
			if (prm_bits_get(data, len, off, f->width, &v) == 0)
				prm_bits_set(state, len, off, f->width, v);
		}
	}
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
		return REG_ST_NOT_SUPPORTED;
	if (method != METHOD_GET && method != METHOD_SET)
		return REG_ST_BAD_METHOD;
	st = sim_tracer_reg(a, id, method == METHOD_SET, data, len);
	if (st >= 0)
		return (uint8_t)st;
	if (method != METHOD_GET && method != METHOD_SET)
		return REG_ST_BAD_METHOD;
	if (len < s->size)
		return REG_ST_BAD_PARAM;
	if (method == METHOD_SET)
		take_writable(s->r->layout, s->state, data, s->size, 0);
	refresh(a, s);
	memset(data, 0, len);
	memcpy(data, s->state, s->size);
	return REG_ST_OK;
}
