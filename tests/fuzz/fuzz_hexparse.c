// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* Hex dumps from customers: any text, any length. */
#include <stdint.h>
#include <stdlib.h>

#include "lib/util/hexparse.h"

/*
 * A '*' line expands a few bytes of text up to the bound: at decode's 64 MiB
 * each such input took milliseconds and the fuzzer crawled. Every path is
 * the same with a bound of 64 KiB, which keeps it exploring.
 */
#define FUZZ_MAX_BYTES (64u << 10)

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct prm_err err;
	uint8_t *out = NULL;
	size_t len = 0, base;

	if (hex_parse((const char *)data, size, FUZZ_MAX_BYTES, &out, &len, &base, &err) == 0)
		free(out);
	return 0;
}
