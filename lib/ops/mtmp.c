// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
#include "lib/ops/mtmp.h"

#include <stdint.h>

#include "lib/dev/regaccess.h"
#include "lib/prm/layouts/layouts.h"
#include "lib/prm/registers.h"

int mtmp_read(struct dev *d, unsigned sensor, struct prm_mtmp *out, struct prm_err *err)
{
	uint8_t reg[32] = { 0 };
	const char *via;

	/* the index selects the sensor: it goes in the request */
	if (PRM_SET(mtmp, reg, sizeof(reg), "sensor_index", sensor))
		return prm_err_set(err, PRM_E_USAGE, 0, "bad_sensor",
				   "MTMP: sensor %u is beyond sensor_index's 12 bits", sensor);
	if (dev_reg_access(d, MLX5_REG_MTMP, PRM_REG_GET, reg, prm_layout_bytes(&prm_layout_mtmp),
			   &via, err))
		return -1;
	return prm_mtmp_decode(reg, sizeof(reg), out, err);
}
