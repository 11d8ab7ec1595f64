// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
#include "lib/sim/adapter.h"

#include <errno.h>
#include <stdlib.h>

#include "lib/prm/layouts/layouts.h"

/* BAR0 pages the simulator backs: the initialization segment and beyond. */
#define SIM_BAR0_BYTES (16u << 10)

struct init_value {
	const char *path;
	uint64_t value;
};

static int set_all(struct sim_adapter *a, const struct init_value *v, size_t n,
		   struct prm_err *err)
{
	for (size_t i = 0; i < n; i++)
		if (prm_set(&prm_layout_initseg, a->bar0, a->bar_size, v[i].path,
			    v[i].value, err))
			return -1;
	return 0;
}

int sim_adapter_create(const char *model_key, struct sim_adapter **out,
		       struct prm_err *err)
{
	const struct sim_model *m = sim_model_find(model_key);
	struct sim_adapter *a;

	*out = NULL;
	if (!m)
		return prm_err_set(err, PRM_E_USAGE, EINVAL, "bad_model",
				   "unknown simulated model '%s' (cx5, cx6dx, cx7)",
				   model_key);
	a = calloc(1, sizeof(*a));
	if (a)
		a->bar0 = calloc(1, SIM_BAR0_BYTES);
	if (!a || !a->bar0) {
		free(a);
		return prm_err_set(err, PRM_E_FAILED, ENOMEM, "oom", "out of memory");
	}
	a->model = m;
	a->bar_size = SIM_BAR0_BYTES;
	{
		/* State after boot: interface rev 5, 32 entries of 64 bytes. */
		const struct init_value boot[] = {
			{ "fw_rev_major", m->fw_major },
			{ "fw_rev_minor", m->fw_minor },
			{ "fw_rev_subminor", m->fw_subminor },
			{ "cmd_interface_rev", 5 },
			{ "log_cmdq_size", 5 },
			{ "log_cmdq_stride", 6 },
			{ "nic_interface", 0 },
			{ "initializing", 0 },
			{ "fw_reset_supported", 1 },
			{ "health_buffer.hw_id", m->hw_id },
			{ "cmd_exec_to", (1u << 29) | 60 },	/* 60 s */
			{ "cmd_q_init_to", (1u << 29) | 120 },	/* 120 s */
			{ "health_counter", 1 },
		};

		if (set_all(a, boot, sizeof(boot) / sizeof(boot[0]), err)) {
			sim_adapter_destroy(a);
			return -1;
		}
	}
	*out = a;
	return 0;
}

void sim_adapter_destroy(struct sim_adapter *a)
{
	if (!a)
		return;
	free(a->bar0);
	free(a);
}
