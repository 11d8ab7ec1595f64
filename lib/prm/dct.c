// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
#include <stdio.h>

#include "lib/prm/dct.h"
#include "lib/prm/layouts/layouts.h"

#define EQE_BYTES 64

const char *dct_state_name(uint64_t state)
{
	static const char *const names[] = { "ACTIVE", "DRAINING", "DRAINED" };

	return state < 3 ? names[state] : "?";
}

unsigned dct_mtu_code(uint64_t bytes)
{
	for (unsigned code = 1; code <= 5; code++)
		if (bytes == UINT64_C(128) << code)
			return code;
	return 0;
}

/* struct mlx5_eqe_dct { __be32 reserved[6]; __be32 dctn; }: data bytes 24..27 */
uint32_t dct_eqe_dctn(const uint8_t *eqe)
{
	uint32_t v = 0;

	for (int i = 25; i < 28; i++) {
		char path[32];

		snprintf(path, sizeof(path), "data[%d]", i);
		v = v << 8 | (uint32_t)prm_field_value(&prm_layout_eqe, eqe, EQE_BYTES, path);
	}
	return v;
}

uint8_t dct_eqe_type(const uint8_t *eqe)
{
	return (uint8_t)PRM_GET(eqe, eqe, EQE_BYTES, "type");
}
