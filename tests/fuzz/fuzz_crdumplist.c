// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* mstregdump range lists (cr dump --ranges FILE, $PRMCTL_CRDUMP_DIR): any bytes. */
#include <stdint.h>
#include <stdlib.h>

#include "lib/prm/crdump.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct prm_crdump_range *r = NULL;
	struct prm_err err;
	size_t n = 0, total = 0;

	if (prm_crdump_list_parse((const char *)data, size, "fuzz", &r, &n, &err) == 0) {
		/* what the parser promises: aligned, inside cr-space, bounded */
		for (size_t i = 0; i < n; i++) {
			if (r[i].addr % 4 || (uint64_t)r[i].addr + (uint64_t)r[i].dwords * 4 >
						     PRM_CRDUMP_ADDR_LIMIT)
				abort();
			total += r[i].gated ? 0 : r[i].dwords;
		}
		if (!n || total > PRM_CRDUMP_MAX_DWORDS)
			abort();
		free(r);
	}
	return 0;
}
