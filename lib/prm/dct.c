// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause

#include "lib/prm/dct.h"
#include "lib/prm/layouts/layouts.h"

#define EQE_BYTES 64

const char *prm_dct_state_name(uint64_t state)
{
	static const char *const names[] = { "ACTIVE", "DRAINING", "DRAINED" };

	return state < 3 ? names[state] : "?";
}

unsigned prm_dct_mtu_code(uint64_t bytes)
{
	for (unsigned code = 1; code <= 5; code++)
		if (bytes == UINT64_C(128) << code)
			return code;
	return 0;
}

/* The EQE's data is struct mlx5_eqe_dct for the DCT events: the layout eqe_dct. */
uint32_t prm_dct_eqe_dctn(const uint8_t *eqe)
{
	struct prm_loc data;

	if (prm_path_resolve(&prm_layout_eqe, "data", &data, NULL))
		return 0;
	return (uint32_t)PRM_GET(eqe_dct, eqe + data.off / 8, EQE_BYTES - data.off / 8, "dctn");
}

uint8_t prm_dct_eqe_type(const uint8_t *eqe)
{
	return (uint8_t)PRM_GET(eqe, eqe, EQE_BYTES, "type");
}
