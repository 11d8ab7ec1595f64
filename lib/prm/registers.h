/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_PRM_REGISTERS_H
#define PRMCTL_PRM_REGISTERS_H

#include <stddef.h>
#include <stdint.h>

#include "lib/prm/layout.h"

/*
 * Access-register IDs under the kernel's names (driver.h MLX5_REG_*), the
 * one list: the table below, the host and the simulator use these.
 */
enum mlx5_reg_id {
	MLX5_REG_PMLP = 0x5002,
	MLX5_REG_HOST_ENDIANNESS = 0x7004,
	MLX5_REG_MTCAP = 0x9009,
	MLX5_REG_MTMP = 0x900a,
	MLX5_REG_MGIR = 0x9020,
	MLX5_REG_MTRC_CAP = 0x9040,
	MLX5_REG_MTRC_CONF = 0x9041,
	MLX5_REG_MTRC_STDB = 0x9042,
	MLX5_REG_MTRC_CTRL = 0x9043,
	MLX5_REG_MCQS = 0x9060,
	MLX5_REG_MCQI = 0x9061,
	MLX5_REG_MCAM = 0x907f,
	MLX5_REG_DTOR = 0xc00e,
};

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
