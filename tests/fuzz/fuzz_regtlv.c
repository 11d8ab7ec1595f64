// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* Register-access replies as a device (or anything posing as one) returns them. */
#include <stdint.h>
#include <string.h>

#include "lib/prm/regtlv.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct prm_err err;
	uint8_t status, buf[0x400];
	size_t total;

	if (size >= 2)
		prm_regtlv_decode(data + 2, size - 2, (uint16_t)(data[0] << 8 | data[1]),
				  &status, &err);
	if (size <= sizeof(buf) && size >= 2)
		prm_regtlv_encode(buf, sizeof(buf), (uint16_t)(data[0] << 8 | data[1]),
				  PRM_REG_GET, data, size & ~3u, &total, &err);
	return 0;
}
