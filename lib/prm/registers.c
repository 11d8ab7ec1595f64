// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Access-register IDs: mstflint reg_access/reg_access.c REG_ID_MGIR 0x9020,
 * REG_ID_MTRC_CAP..REG_ID_MTRC_CTRL 0x9040..0x9043, REG_ID_MCAM 0x907f; the
 * same values as Linux include/linux/mlx5/driver.h MLX5_REG_MTRC_* and
 * MLX5_REG_MCAM. HOST_ENDIANNESS 0x7004: driver.h:134 MLX5_REG_HOST_ENDIANNESS
 * (knneth/mlnx-ofa_kernel@28502354). MTMP 0x900a: driver.h MLX5_REG_MTMP, mstflint
 * REG_ID_MTMP.
 * MCQS 0x9060, MCQI 0x9061: driver.h MLX5_REG_MCQS, MLX5_REG_MCQI.
 * REG_ID_MTMP. PMLP 0x5002 and MTCAP 0x9009: driver.h MLX5_REG_PMLP,
 * MLX5_REG_MTCAP (Debian linux-headers-7.3.4+deb13-common driver.h:131,137).
 */
#include "lib/prm/registers.h"

#include <strings.h>

#include "lib/prm/layouts/layouts.h"

const struct prm_register prm_registers[] = {
	{ "PMLP", MLX5_REG_PMLP, &prm_layout_pmlp,
	  "module (cage) and module lanes behind each lane of a local port" },
	{ "HOST_ENDIANNESS", MLX5_REG_HOST_ENDIANNESS, &prm_layout_host_endianness,
	  "byte order of the host" },
	{ "MTCAP", MLX5_REG_MTCAP, &prm_layout_mtcap,
	  "temperature sensors MTMP can read: count and map (cable modules apart)" },
	{ "MTMP", MLX5_REG_MTMP, &prm_layout_mtmp,
	  "temperature of one sensor (0: the ASIC), its maximum and warning thresholds" },
	{ "MGIR", MLX5_REG_MGIR, &prm_layout_mgir,
	  "management general information: hardware, firmware, PSID, ROMs" },
	{ "MTRC_CAP", MLX5_REG_MTRC_CAP, &prm_layout_mtrc_cap,
	  "firmware tracer capabilities and ownership" },
	{ "MTRC_CONF", MLX5_REG_MTRC_CONF, &prm_layout_mtrc_conf,
	  "firmware tracer mode and buffer" },
	{ "MTRC_STDB", MLX5_REG_MTRC_STDB, &prm_layout_mtrc_stdb,
	  "firmware tracer string database read (header; data follows)" },
	{ "MTRC_CTRL", MLX5_REG_MTRC_CTRL, &prm_layout_mtrc_ctrl,
	  "firmware tracer control and timestamp" },
	{ "MCQS", MLX5_REG_MCQS, &prm_layout_mcqs,
	  "firmware component status: type, last index, update state" },
	{ "MCQI", MLX5_REG_MCQI, &prm_layout_mcqi,
	  "firmware component information (header; data follows: mcqi_version)" },
	{ "MCAM", MLX5_REG_MCAM, &prm_layout_mcam,
	  "management capabilities: supported registers and features" },
	{ "DTOR", MLX5_REG_DTOR, &prm_layout_dtor,
	  "default timeouts the firmware gives the driver" },
};

const size_t prm_nregisters = sizeof(prm_registers) / sizeof(prm_registers[0]);

const struct prm_register *prm_register_by_name(const char *name)
{
	if (!name)
		return NULL;
	for (size_t i = 0; i < prm_nregisters; i++)
		if (strcasecmp(prm_registers[i].name, name) == 0)
			return &prm_registers[i];
	return NULL;
}

const struct prm_register *prm_register_by_id(uint16_t id)
{
	for (size_t i = 0; i < prm_nregisters; i++)
		if (prm_registers[i].id == id)
			return &prm_registers[i];
	return NULL;
}
