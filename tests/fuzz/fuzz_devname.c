// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* Device names and field paths as typed by users. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "lib/dev/devname.h"
#include "lib/prm/layouts/layouts.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct dev_name *n = malloc(sizeof(*n));
	struct prm_err err;
	struct prm_loc loc;
	struct pci_addr a;
	char *s = malloc(size + 1);

	if (!n || !s)
		goto out;
	memcpy(s, data, size);
	s[size] = '\0';
	devname_parse(s, n, &err);
	pci_addr_parse(s, &a);
	for (size_t i = 0; prm_layouts[i]; i++)
		prm_path_resolve(prm_layouts[i], s, &loc, &err);
out:
	free(n);
	free(s);
	return 0;
}
