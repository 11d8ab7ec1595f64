/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_PRM_REGISTERS_H
#define PRMCTL_PRM_REGISTERS_H

#include <stddef.h>
#include <stdint.h>

#include "lib/prm/layout.h"

/*
 * Access registers prmctl knows: the name users type (upper case, as in the
 * PRM: "MTRC_CAP"), the register ID carried in the operation TLV, and the
 * layout of the register data (lower case: "mtrc_cap").
 */
struct prm_register {
	const char *name;
	uint16_t id;
	const struct prm_layout *layout;
	const char *desc;
};

extern const struct prm_register prm_registers[];
extern const size_t prm_nregisters;

/* Case-insensitive name lookup; NULL when unknown. */
const struct prm_register *prm_register_by_name(const char *name);

/* ID lookup; NULL when unknown. */
const struct prm_register *prm_register_by_id(uint16_t id);

#endif
