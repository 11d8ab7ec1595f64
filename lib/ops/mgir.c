// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
#include "lib/ops/mgir.h"

#include <stdint.h>
#include <stdio.h>

#include "lib/dev/regaccess.h"
#include "lib/prm/layouts/layouts.h"
#include "lib/prm/registers.h"


int mgir_psid(struct dev *d, char *psid, size_t size, struct prm_err *err)
{
	const struct prm_layout *l = &prm_layout_mgir;
	uint8_t mgir[256] = { 0 };
	const char *via;
	unsigned i;

	if (dev_reg_access(d, MLX5_REG_MGIR, PRM_REG_GET, mgir, prm_layout_bytes(l), &via, err))
		return -1;
	/* 16 bytes, NUL-padded: the text ends at the first byte not printable */
	for (i = 0; i < 16 && i + 1 < size; i++) {
		char path[32];
		uint64_t c;

		snprintf(path, sizeof(path), "fw_info.psid[%u]", i);
		c = prm_field_value(l, mgir, sizeof(mgir), path);
		if (c < 0x20 || c > 0x7e)
			break;
		psid[i] = (char)c;
	}
	if (size)
		psid[i] = '\0';
	return 0;
}
