/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_SIM_FWCOMPS_H
#define PRMCTL_SIM_FWCOMPS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "lib/sim/adapter.h"

/* A register access for MCQS or MCQI (status as sim_reg_access), -1: neither. */
int sim_fwcomps_reg(const struct sim_adapter *a, uint16_t id, bool set, uint8_t *data, size_t len);

#endif
