// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
#include "lib/prm/mtmp.h"

#include <errno.h>
#include <string.h>

#include "lib/prm/layouts/layouts.h"

double prm_mtmp_celsius(uint16_t raw)
{
	return (double)(int16_t)raw * 0.125;
}

/* Four name characters from a big-endian dword; the name stops at the first unprintable. */
static size_t name_part(uint64_t w, char *dst, size_t at, bool *ended)
{
	for (int shift = 24; shift >= 0 && !*ended; shift -= 8) {
		char c = (char)((w >> shift) & 0xff);

		if (c < 0x20 || c > 0x7e)
			*ended = true;
		else
			dst[at++] = c;
	}
	return at;
}

int prm_mtmp_decode(const uint8_t *reg, size_t len, struct prm_mtmp *out,
		    struct prm_err *err)
{
	bool ended = false;
	size_t at;

	memset(out, 0, sizeof(*out));
	if (len < prm_layout_bytes(&prm_layout_mtmp))
		return prm_err_set(err, PRM_E_FAILED, EINVAL, "bad_register",
				   "MTMP: %zu bytes, the register is %zu", len,
				   prm_layout_bytes(&prm_layout_mtmp));
	out->sensor = (unsigned)PRM_GET(mtmp, reg, len, "sensor_index");
	out->temperature_c = prm_mtmp_celsius((uint16_t)PRM_GET(mtmp, reg, len, "temperature"));
	out->has_max = PRM_GET(mtmp, reg, len, "mte");
	if (out->has_max)
		out->max_temperature_c =
			prm_mtmp_celsius((uint16_t)PRM_GET(mtmp, reg, len, "max_temperature"));
	/* zero is no threshold set: a real one is far above freezing */
	out->has_threshold = PRM_GET(mtmp, reg, len, "temp_threshold_hi") != 0;
	out->threshold_hi_c = prm_mtmp_celsius((uint16_t)PRM_GET(mtmp, reg, len, "temp_threshold_hi"));
	out->threshold_lo_c = prm_mtmp_celsius((uint16_t)PRM_GET(mtmp, reg, len, "temp_threshold_lo"));
	at = name_part(PRM_GET(mtmp, reg, len, "sensor_name_hi"), out->name, 0, &ended);
	at = name_part(PRM_GET(mtmp, reg, len, "sensor_name_lo"), out->name, at, &ended);
	out->name[at] = '\0';
	return 0;
}
