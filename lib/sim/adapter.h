/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_SIM_ADAPTER_H
#define PRMCTL_SIM_ADAPTER_H

#include <stddef.h>
#include <stdint.h>

#include "lib/sim/model.h"
#include "lib/util/err.h"

/* The simulated adapter's state: for now its BAR0 after boot. */
struct sim_adapter {
	const struct sim_model *model;
	uint8_t *bar0;
	size_t bar_size;
};

int sim_adapter_create(const char *model_key, struct sim_adapter **out,
		       struct prm_err *err);
void sim_adapter_destroy(struct sim_adapter *a);

#endif
