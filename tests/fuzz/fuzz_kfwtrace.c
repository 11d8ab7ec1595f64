// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * A line of tracefs output: any bytes. A parsed event's device and message
 * must lie inside the line, its fields within their types.
 */
#include <stdint.h>
#include <stdlib.h>

#include "lib/prm/kfwtrace.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *s = (const char *)data;
	struct prm_kfwtrace k;

	if (prm_kfwtrace_parse(s, size, &k))
		return 0;
	if (!k.dev_len || k.dev < s || k.dev + k.dev_len > s + size ||
	    k.msg < s || k.msg + k.msg_len > s + size || k.lost > 1 || k.event_id > 0xff ||
	    (k.has_seconds && k.seconds < 0))
		abort();
	return 0;
}
