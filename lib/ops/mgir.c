// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
#include "lib/ops/mgir.h"

#include <stdint.h>

#include "lib/dev/regaccess.h"
#include "lib/prm/layouts/layouts.h"
#include "lib/prm/registers.h"

int mgir_psid(struct dev *d, char *psid, size_t size, struct prm_err *err)
{
	uint8_t mgir[256] = { 0 }, raw[16];
	const char *via;
	unsigned i;

	if (dev_reg_access(d, MLX5_REG_MGIR, PRM_REG_GET, mgir, prm_layout_bytes(&prm_layout_mgir),
			   &via, err) ||
	    prm_get_bytes(&prm_layout_mgir, mgir, sizeof(mgir), "fw_info.psid", raw, sizeof(raw), err))
		return -1;
	/* 16 bytes, NUL-padded: the text ends at the first byte not printable */
	for (i = 0; i < sizeof(raw) && i + 1 < size; i++) {
		if (raw[i] < 0x20 || raw[i] > 0x7e)
			break;
		psid[i] = (char)raw[i];
	}
	if (size)
		psid[i] = '\0';
	return 0;
}
