// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * The capability pages the simulated firmware answers QUERY_HCA_CAP with.
 * Values are typical of the model's generation as the public headers and
 * drivers describe the fields, not read from a real adapter: they make the
 * simulator a plausible device, they are no reference for one.
 */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/prm/caps.h"
#include "lib/prm/layouts/layouts.h"
#include "lib/prm/names.h"
#include "lib/sim/fwcmd.h"
#include "lib/sim/internal.h"

enum { GENERAL = 0x0, ATOMIC = 0x3, ESWITCH = 0x9, GENERAL2 = 0x20 };

struct cap_value {
	uint8_t cap_type;
	const char *field;
	uint64_t cur, max;	/* what the function runs with; what it could */
};

static const struct cap_value values[] = {
	{ GENERAL, PRM_PATH(cmd_hca_cap, "hca_cap_2"), 1, 1 },
	{ GENERAL, PRM_PATH(cmd_hca_cap, "log_max_srq_sz"), 15, 15 },
	{ GENERAL, PRM_PATH(cmd_hca_cap, "log_max_qp_sz"), 15, 15 },
	{ GENERAL, PRM_PATH(cmd_hca_cap, "event_cap"), 1, 1 },
	{ GENERAL, PRM_PATH(cmd_hca_cap, "log_max_qp"), 17, 18 },
	{ GENERAL, PRM_PATH(cmd_hca_cap, "log_max_srq"), 23, 23 },
	{ GENERAL, PRM_PATH(cmd_hca_cap, "log_max_cq_sz"), 22, 22 },
	{ GENERAL, PRM_PATH(cmd_hca_cap, "log_max_cq"), 24, 24 },
	{ GENERAL, PRM_PATH(cmd_hca_cap, "log_max_eq_sz"), 22, 22 },
	{ GENERAL, PRM_PATH(cmd_hca_cap, "log_max_mkey"), 24, 24 },
	{ GENERAL, PRM_PATH(cmd_hca_cap, "log_max_eq"), 7, 7 },
	{ GENERAL, PRM_PATH(cmd_hca_cap, "max_indirection"), 4, 4 },
	{ GENERAL, PRM_PATH(cmd_hca_cap, "log_max_mrw_sz"), 64, 64 },
	{ GENERAL, PRM_PATH(cmd_hca_cap, "log_max_klm_list_size"), 16, 16 },
	{ GENERAL, PRM_PATH(cmd_hca_cap, "log_max_ra_req_dc"), 4, 4 },
	{ GENERAL, PRM_PATH(cmd_hca_cap, "log_max_ra_res_dc"), 4, 4 },
	{ GENERAL, PRM_PATH(cmd_hca_cap, "log_max_ra_req_qp"), 4, 4 },
	{ GENERAL, PRM_PATH(cmd_hca_cap, "log_max_ra_res_qp"), 4, 4 },
	/* qcam_reg and pcam_reg stay 0: the simulator has no QCAM or PCAM */
	{ GENERAL, PRM_PATH(cmd_hca_cap, "gid_table_size"), 4, 4 },
	{ GENERAL, PRM_PATH(cmd_hca_cap, "debug"), 1, 1 },
	{ GENERAL, PRM_PATH(cmd_hca_cap, "vport_group_manager"), 1, 1 },
	{ GENERAL, PRM_PATH(cmd_hca_cap, "eswitch_manager"), 1, 1 },
	{ GENERAL, PRM_PATH(cmd_hca_cap, "mcam_reg"), 1, 1 },
	{ GENERAL, PRM_PATH(cmd_hca_cap, "port_type"), 1, 1 },
	{ GENERAL, PRM_PATH(cmd_hca_cap, "num_ports"), 1, 1 },
	{ GENERAL, PRM_PATH(cmd_hca_cap, "log_max_msg"), 30, 30 },
	{ GENERAL, PRM_PATH(cmd_hca_cap, "max_tc"), 8, 8 },
	{ GENERAL, PRM_PATH(cmd_hca_cap, "general_notification_event"), 1, 1 },
	{ GENERAL, PRM_PATH(cmd_hca_cap, "cqe_version"), 1, 1 },
	{ GENERAL, PRM_PATH(cmd_hca_cap, "cmdif_checksum"), 0, 3 },	/* the driver leaves it off */
	{ GENERAL, PRM_PATH(cmd_hca_cap, "dct"), 1, 1 },
	{ GENERAL, PRM_PATH(cmd_hca_cap, "eth_net_offloads"), 1, 1 },
	{ GENERAL, PRM_PATH(cmd_hca_cap, "roce"), 1, 1 },
	{ GENERAL, PRM_PATH(cmd_hca_cap, "atomic"), 1, 1 },
	{ GENERAL, PRM_PATH(cmd_hca_cap, "rc"), 1, 1 },
	{ GENERAL, PRM_PATH(cmd_hca_cap, "uc"), 1, 1 },
	{ GENERAL, PRM_PATH(cmd_hca_cap, "ud"), 1, 1 },
	{ GENERAL, PRM_PATH(cmd_hca_cap, "xrc"), 1, 1 },
	{ GENERAL, PRM_PATH(cmd_hca_cap, "log_pg_sz"), 12, 12 },
	{ GENERAL, PRM_PATH(cmd_hca_cap, "max_wqe_sz_sq"), 1024, 1024 },
	{ GENERAL, PRM_PATH(cmd_hca_cap, "max_wqe_sz_rq"), 512, 512 },
	{ GENERAL, PRM_PATH(cmd_hca_cap, "max_wqe_sz_sq_dc"), 512, 512 },
	{ GENERAL, PRM_PATH(cmd_hca_cap, "log_max_pd"), 23, 23 },
	{ GENERAL, PRM_PATH(cmd_hca_cap, "log_max_xrcd"), 24, 24 },
	{ GENERAL, PRM_PATH(cmd_hca_cap, "log_max_transport_domain"), 24, 24 },
	{ GENERAL, PRM_PATH(cmd_hca_cap, "log_max_rq"), 23, 23 },
	{ GENERAL, PRM_PATH(cmd_hca_cap, "log_max_sq"), 23, 23 },
	{ GENERAL, PRM_PATH(cmd_hca_cap, "log_max_tir"), 23, 23 },
	{ GENERAL, PRM_PATH(cmd_hca_cap, "log_max_tis"), 23, 23 },
	{ GENERAL, PRM_PATH(cmd_hca_cap, "log_max_rqt"), 20, 20 },
	{ GENERAL, PRM_PATH(cmd_hca_cap, "log_max_wq_sz"), 15, 15 },
	{ GENERAL, PRM_PATH(cmd_hca_cap, "max_num_eqs"), 1024, 1024 },
	/* mlx5_core adds its fwctl device only when uctx_cap is set */
	{ GENERAL, PRM_PATH(cmd_hca_cap, "uctx_cap"), SIM_UCTX_CAP, SIM_UCTX_CAP },
	{ GENERAL, PRM_PATH(cmd_hca_cap, "log_max_uctx"), 6, 6 },
	{ GENERAL, PRM_PATH(cmd_hca_cap, "log_uar_page_sz"), 0, 0 },
	{ GENERAL, PRM_PATH(cmd_hca_cap, "nvmf_target_offload"), 1, 1 },
	{ GENERAL, PRM_PATH(cmd_hca_cap, "num_of_uars_per_page"), 1, 1 },
	{ GENERAL, PRM_PATH(cmd_hca_cap, "max_num_sf"), 256, 256 },
	{ GENERAL, PRM_PATH(cmd_hca_cap, "sf"), 1, 1 },
	{ GENERAL, PRM_PATH(cmd_hca_cap, "log_max_sf"), 8, 8 },
	{ GENERAL, PRM_PATH(cmd_hca_cap, "sf_base_id"), 0x8000, 0x8000 },
	/* 8-byte atomics in big-endian until SET_HCA_CAP picks host order;
	 * masked (extended) compare-swap and fetch-add from 4 to 256 bytes */
	{ ATOMIC, PRM_PATH(atomic_caps, "atomic_req_8B_endianness_mode"), 0, 1 },
	{ ATOMIC, PRM_PATH(atomic_caps, "supported_atomic_req_8B_endianness_mode_1"), 1, 1 },
	{ ATOMIC, PRM_PATH(atomic_caps, "atomic_operations"), 0xf, 0xf },
	{ ATOMIC, PRM_PATH(atomic_caps, "atomic_size_qp"), 0x1fc, 0x1fc },
	{ ATOMIC, PRM_PATH(atomic_caps, "atomic_size_dc"), 0x1fc, 0x1fc },
	{ ESWITCH, PRM_PATH(e_switch_cap, "esw_functions_changed"), 1, 1 },
	{ ESWITCH, PRM_PATH(e_switch_cap, "log_max_esw_sf"), 8, 8 },
	{ ESWITCH, PRM_PATH(e_switch_cap, "esw_sf_base_id"), 0x8000, 0x8000 },
};

#define NVALUES (sizeof(values) / sizeof(values[0]))

/*
 * values[] resolved to bit locations once per process: found by path on
 * every QUERY_HCA_CAP they were most of its ~40 us in the firmware thread.
 */
static struct prm_loc value_loc[NVALUES];
static bool value_resolved[NVALUES];
static pthread_once_t values_once = PTHREAD_ONCE_INIT;

static void resolve_values(void)
{
	for (size_t i = 0; i < NVALUES; i++) {
		const struct prm_cap_page *p = prm_cap_page_by_type(values[i].cap_type);

		value_resolved[i] = p && p->layout &&
				    prm_path_resolve(p->layout, values[i].field, &value_loc[i], NULL) == 0 &&
				    !value_loc[i].field->sub && value_loc[i].width <= 64 &&
				    (!value_loc[i].field->count || value_loc[i].element >= 0);
	}
}

/*
 * What SET_HCA_CAP may change, per page: the fields mlx5_core sets
 * (core/main.c handle_hca_cap, handle_hca_cap_atomic, _odp, _roce, _2).
 * Everything else in a SET is the host's copy of the current values and is
 * not taken, as firmware takes only what is settable.
 */
static const struct {
	uint8_t cap_type;
	const char *field;
} settable[] = {
	{ GENERAL, PRM_PATH(cmd_hca_cap, "pkey_table_size") }, { GENERAL, PRM_PATH(cmd_hca_cap, "log_max_qp") },
	{ GENERAL, PRM_PATH(cmd_hca_cap, "cmdif_checksum") }, { GENERAL, PRM_PATH(cmd_hca_cap, "log_uar_page_sz") }, { GENERAL, PRM_PATH(cmd_hca_cap, "uar_4k") },
	{ GENERAL, PRM_PATH(cmd_hca_cap, "cache_line_128byte") }, { GENERAL, PRM_PATH(cmd_hca_cap, "dct") },
	{ GENERAL, PRM_PATH(cmd_hca_cap, "pci_sync_for_fw_update_event") }, { GENERAL, PRM_PATH(cmd_hca_cap, "num_vhca_ports") },
	{ GENERAL, PRM_PATH(cmd_hca_cap, "release_all_pages") }, { GENERAL, PRM_PATH(cmd_hca_cap, "mkey_by_name") },
	{ GENERAL, PRM_PATH(cmd_hca_cap, "num_total_dynamic_vf_msix") }, { GENERAL, PRM_PATH(cmd_hca_cap, "vhca_state") },
	{ GENERAL, PRM_PATH(cmd_hca_cap, "event_on_vhca_state_teardown_request") },
	{ GENERAL, PRM_PATH(cmd_hca_cap, "event_on_vhca_state_in_use") }, { GENERAL, PRM_PATH(cmd_hca_cap, "event_on_vhca_state_active") },
	{ GENERAL, PRM_PATH(cmd_hca_cap, "event_on_vhca_state_allocated") }, { GENERAL, PRM_PATH(cmd_hca_cap, "roce") },
	{ ATOMIC, PRM_PATH(atomic_caps, "atomic_req_8B_endianness_mode") },
	{ GENERAL2, PRM_PATH(cmd_hca_cap_2, "sw_vhca_id_valid") },
};

int sim_caps_set(struct sim_adapter *a, unsigned cap_type, const uint8_t *page, size_t len)
{
	const struct prm_cap_page *p = prm_cap_page_by_type((uint16_t)cap_type);
	bool any = false;

	if (!p || len < prm_layout_bytes(p->layout))
		return -1;
	for (size_t i = 0; i < sizeof(settable) / sizeof(settable[0]); i++) {
		struct sim_cap_override *o = NULL;

		if (settable[i].cap_type != cap_type)
			continue;
		any = true;
		for (size_t k = 0; k < a->ncap_set && !o; k++)
			if (a->cap_set[k].cap_type == cap_type &&
			    strcmp(a->cap_set[k].field, settable[i].field) == 0)
				o = &a->cap_set[k];
		if (!o && a->ncap_set < sizeof(a->cap_set) / sizeof(a->cap_set[0]))
			o = &a->cap_set[a->ncap_set++];
		if (!o)
			return -1;
		o->cap_type = (uint16_t)cap_type;
		snprintf(o->field, sizeof(o->field), "%s", settable[i].field);
		o->value = prm_field_value(p->layout, page, len, settable[i].field);
	}
	return any ? 0 : -1;	/* a page with nothing settable */
}

void sim_caps_reset(struct sim_adapter *a)
{
	a->ncap_set = 0;
}

int sim_caps_fill(struct sim_adapter *a, unsigned cap_type, bool current, uint8_t *page,
		  size_t len)
{
	const struct sim_model *m = a->model;
	const struct prm_cap_page *p = prm_cap_page_by_type((uint16_t)cap_type);
	const struct prm_layout *l = p ? p->layout : NULL;

	memset(page, 0, len);
	/* a page of the PRM's list prmctl has no layout for exists, all zero */
	if (!l)
		return prm_name_of(&prm_cap_type_names, cap_type) ? 0 : -1;
	if (len < prm_layout_bytes(l))
		return -1;
	pthread_once(&values_once, resolve_values);
	for (size_t i = 0; i < NVALUES; i++) {
		uint64_t v = current ? values[i].cur : values[i].max;

		if (values[i].cap_type != cap_type)
			continue;
		if (value_resolved[i])
			prm_bits_set(page, len, value_loc[i].off, value_loc[i].width, v);
		else	/* what prm_set makes of a path it cannot take */
			prm_set(l, page, len, values[i].field, v, NULL);
	}
	if (cap_type == GENERAL) {
		prm_set(l, page, len, "device_frequency_khz", m->device_frequency_khz, NULL);
		prm_set(l, page, len, "steering_format_version", m->steering_format, NULL);
	}
	for (size_t i = 0; current && i < a->ncap_set; i++)
		if (a->cap_set[i].cap_type == cap_type)
			prm_set(l, page, len, a->cap_set[i].field, a->cap_set[i].value, NULL);
	for (size_t i = 0; i < a->ncap_over; i++)
		if (a->cap_over[i].cap_type == cap_type)
			prm_set(l, page, len, a->cap_over[i].field, a->cap_over[i].value, NULL);
	return 0;
}

int sim_caps_parse(const char *spec, struct sim_cap_override *o, struct prm_err *err)
{
	size_t plen = strcspn(spec, "."), flen;
	const struct prm_cap_page *p = NULL;
	struct prm_loc loc;
	char page[32], *end;

	if (plen < sizeof(page)) {
		memcpy(page, spec, plen);
		page[plen] = '\0';
		p = prm_cap_page_by_name(page);
	}
	if (!p || spec[plen] != '.')
		return prm_err_set(err, PRM_E_USAGE, EINVAL, "bad_fault",
				   "cap: '%.*s' is not a capability page (general, atomic, esw, ...); "
				   "usage cap:PAGE.FIELD=VALUE", (int)plen, spec);
	spec += plen + 1;
	flen = strcspn(spec, "=");
	if (flen >= sizeof(o->field) || !spec[flen])
		return prm_err_set(err, PRM_E_USAGE, EINVAL, "bad_fault",
				   "cap: usage cap:PAGE.FIELD=VALUE");
	memcpy(o->field, spec, flen);
	o->field[flen] = '\0';
	if (prm_path_resolve(p->layout, o->field, &loc, NULL))
		return prm_err_set(err, PRM_E_USAGE, EINVAL, "bad_fault",
				   "cap: %s has no field '%s'", p->name, o->field);
	errno = 0;
	o->value = strtoull(spec + flen + 1, &end, 0);
	if (errno || end == spec + flen + 1 || *end ||
	    (loc.width < 64 && o->value >> loc.width))
		return prm_err_set(err, PRM_E_USAGE, EINVAL, "bad_fault",
				   "cap: %s.%s is a %u-bit field: '%s' does not fit", p->name, o->field,
				   loc.width, spec + flen + 1);
	o->cap_type = p->cap_type;
	return 0;
}
