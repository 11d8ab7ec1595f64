// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
#include "lib/ops/esw.h"

#include <string.h>

#include "lib/dev/cfg.h"
#include "lib/dev/cmdchan.h"
#include "lib/dev/dev.h"
#include "lib/ops/caps.h"
#include "lib/dev/eq.h"
#include "lib/prm/caps.h"
#include "lib/prm/events.h"
#include "lib/prm/layouts/layouts.h"
#include "lib/prm/opcodes.h"
#include "lib/util/clock.h"

#define SETTLE_MS 50

int esw_manager_check(struct dev *d, struct esw_manager *m, struct prm_err *err)
{
	uint8_t general[DEV_CAP_PAGE_BYTES], esw[DEV_CAP_PAGE_BYTES];
	const struct prm_cap_page *p = prm_cap_page_by_name("esw");

	if (caps_query(d, 0, true, general, err))
		return -1;
	if (!PRM_GET(cmd_hca_cap, general, sizeof(general), "eswitch_manager"))
		return prm_err_set(err, PRM_E_NODEV, 0, "not_esw_manager",
				   "%s is not an e-switch manager (general.eswitch_manager is 0): "
				   "ask the function that manages the e-switch (the ECPF on a "
				   "SmartNIC, else the PF)", d->label);
	if (caps_query(d, p->cap_type, true, esw, err))
		return -1;
	m->sf_words = esw_sf_words((unsigned)PRM_GET(e_switch_cap, esw, sizeof(esw),
						     "log_max_esw_sf"));
	m->events = PRM_GET(e_switch_cap, esw, sizeof(esw), "esw_functions_changed");
	return 0;
}

/* host_sf_enable follows the layout: big-endian words, as many as len holds. */
static void functions_parse(const uint8_t *out, size_t len, unsigned nwords,
			    struct esw_functions *f)
{
	memset(f, 0, sizeof(*f));
	f->host_number = (uint8_t)PRM_GET(query_esw_functions_out, out, len,
					  "host_params_context.host_number");
	f->pf_not_exist = PRM_GET(query_esw_functions_out, out, len,
				  "host_params_context.host_pf_not_exist");
	f->pf_disabled = PRM_GET(query_esw_functions_out, out, len,
				 "host_params_context.host_pf_disabled");
	f->vhca_id_valid = PRM_GET(query_esw_functions_out, out, len,
				   "host_params_context.host_pf_vhca_id_valid");
	f->vhca_id = (uint16_t)PRM_GET(query_esw_functions_out, out, len,
				       "host_params_context.host_pf_vhca_id");
	f->num_vfs = (uint16_t)PRM_GET(query_esw_functions_out, out, len,
				       "host_params_context.host_num_of_vfs");
	f->total_vfs = (uint16_t)PRM_GET(query_esw_functions_out, out, len,
					 "host_params_context.host_total_vfs");
	f->pci_bus = (uint16_t)PRM_GET(query_esw_functions_out, out, len,
				       "host_params_context.host_pci_bus");
	f->pci_device = (uint16_t)PRM_GET(query_esw_functions_out, out, len,
					  "host_params_context.host_pci_device");
	f->pci_function = (uint16_t)PRM_GET(query_esw_functions_out, out, len,
					    "host_params_context.host_pci_function");
	if (nwords > ESW_MAX_SF_WORDS)
		nwords = ESW_MAX_SF_WORDS;
	for (unsigned w = 0; w < nwords && ESW_OUT_BYTES + 8 * (w + 1) <= len; w++) {
		uint64_t v = 0;

		for (int b = 0; b < 8; b++)
			v = v << 8 | out[ESW_OUT_BYTES + 8 * w + b];
		f->sf_words[w] = v;
		f->nwords = w + 1;
	}
}

int esw_functions_query(struct dev *d, unsigned sf_words, struct esw_functions *f,
			struct prm_err *err)
{
	uint8_t in[16] = { 0 }, out[ESW_OUT_BYTES + 8 * ESW_MAX_SF_WORDS] = { 0 };
	size_t outlen = ESW_OUT_BYTES + 8 * sf_words;

	PRM_SET(query_esw_functions_in, in, sizeof(in), "opcode", MLX5_CMD_OP_QUERY_ESW_FUNCTIONS);
	if (dev_cmd_run(d, in, sizeof(in), out, outlen, err))
		return -1;
	functions_parse(out, outlen, sf_words, f);
	return 0;
}

int esw_watch_start(struct esw_watch *w, struct esw_functions *first, struct prm_err *err)
{
	struct prm_err ignored = { 0 };

	w->t0 = clock_now_ms();
	w->q = NULL;
	if (esw_manager_check(w->d, &w->m, err) ||
	    esw_functions_query(w->d, w->m.sf_words, first, err))
		return -1;
	/* no queue (fwctl cannot make one) is no failure: polling does */
	if (w->m.events &&
	    eq_create_one(w->d, 4, MLX5_EVENT_TYPE_ESW_FUNCTIONS_CHANGED, &w->q, &ignored))
		w->q = NULL;
	return 0;
}

/* An event (then let it settle), or a poll interval: 0, 1 when none came, -1. */
static int wait_change(const struct esw_watch *w, struct prm_err *err)
{
	uint8_t eqe[EQE_BYTES];
	int got;

	if (!w->q) {	/* in slices, so --duration and SIGINT are not kept waiting */
		uint64_t end = clock_now_ms() + w->interval_ms;

		while (!dev_stop_requested() && clock_now_ms() < end &&
		       (!w->duration_ms || clock_now_ms() - w->t0 < w->duration_ms))
			clock_sleep_us(20000);
		return clock_now_ms() < end ? 1 : 0;
	}
	got = eq_next(w->q, eqe, 100, err);
	if (got != 0)
		return got < 0 ? -1 : 1;
	clock_sleep_us(SETTLE_MS * 1000);
	while (eq_next(w->q, eqe, 0, err) == 0)	/* a burst is one change */
		;
	return 0;
}

int esw_watch_next(struct esw_watch *w, struct esw_functions *now, struct prm_err *err)
{
	int rc = wait_change(w, err);

	if (rc)
		return rc;
	return esw_functions_query(w->d, w->m.sf_words, now, err);
}

void esw_watch_end(struct esw_watch *w)
{
	struct prm_err ignored = { 0 };

	if (w->q)
		eq_destroy(w->q, &ignored);
	w->q = NULL;
}
