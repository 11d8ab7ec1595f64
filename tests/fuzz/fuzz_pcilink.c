// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * What a function's config space, its sysfs AER files and its MTMP reply
 * may hold: any bytes. The first byte picks the parser; the decoded link
 * must stay within its fields, the AER names terminated.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "lib/prm/mtmp.h"
#include "lib/prm/pciaer.h"
#include "lib/prm/pcilink.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct prm_err err;

	if (size < 1)
		return 0;
	switch (data[0] % 3) {
	case 0: {
		struct prm_pci_link l;

		if (prm_pci_link_decode(data + 1, size - 1, &l, &err) == 0 &&
		    (l.cap_off < 0x40 || l.width > 0x3f || l.width_max > 0x3f || l.speed > 0xf ||
		     (size_t)l.cap_off + 0x14 > size - 1))
			abort();
		break;
	}
	case 1: {
		struct prm_aer_counts c;

		if (prm_aer_parse((const char *)data + 1, size - 1, &c, &err) == 0) {
			if (c.n > PRM_AER_MAX)
				abort();
			for (size_t i = 0; i < c.n; i++)
				if (!memchr(c.e[i].name, '\0', sizeof(c.e[i].name)) || !c.e[i].name[0])
					abort();
		}
		break;
	}
	default: {
		struct prm_mtmp m;

		if (prm_mtmp_decode(data + 1, size - 1, &m, &err) == 0 &&
		    (strlen(m.name) > 8 || m.temperature_c < -4096 || m.temperature_c > 4096))
			abort();
	}
	}
	return 0;
}
