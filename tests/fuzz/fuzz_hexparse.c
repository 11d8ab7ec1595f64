// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* Hex dumps from customers: any text, any length. */
#include <stdint.h>
#include <stdlib.h>

#include "lib/util/hexparse.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct prm_err err;
	uint8_t *out = NULL;
	size_t len = 0, base;

	if (hex_parse((const char *)data, size, &out, &len, &base, &err) == 0)
		free(out);
	return 0;
}
