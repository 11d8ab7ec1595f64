// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
#include "lib/prm/healthbuf.h"

#include <string.h>

#include "lib/prm/health.h"
#include "lib/prm/layout.h"
#include "lib/prm/layouts/layouts.h"
#include "lib/prm/models.h"

bool prm_health_extras(const uint8_t *buf, struct prm_health_extras *x)
{
	size_t ones = 0;
	uint32_t raw;

	memset(x, 0, sizeof(*x));
	while (ones < PRM_HEALTH_BUFFER_BYTES && buf[ones] == 0xff)
		ones++;
	if (ones == PRM_HEALTH_BUFFER_BYTES)
		return false;
	x->time = (uint32_t)PRM_GET(health_buffer, buf, PRM_HEALTH_BUFFER_BYTES, "time");
	prm_health_time_iso(x->time, x->time_iso, sizeof(x->time_iso));
	raw = (uint32_t)PRM_GET(health_buffer, buf, PRM_HEALTH_BUFFER_BYTES, "fw_ver");
	if (raw)
		prm_health_fw_ver(raw, x->fw_ver, sizeof(x->fw_ver));
	x->chip = prm_chip_by_hw_id((uint16_t)PRM_GET(health_buffer, buf, PRM_HEALTH_BUFFER_BYTES,
						      "hw_id"));
	return true;
}
