// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * An image's sidecar as it may come back from a customer: any bytes. Every
 * string read must be terminated within its field, whatever the input.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "lib/out/sidecar_read.h"

#define TERMINATED(s) (memchr((s), '\0', sizeof(s)) != NULL)

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct sidecar_facts f;
	struct prm_err err;

	if (sidecar_parse((const char *)data, size, &f, &err) == 0 &&
	    (!TERMINATED(f.schema) || !TERMINATED(f.what) || !TERMINATED(f.image) ||
	     !TERMINATED(f.host) || !TERMINATED(f.device) || !TERMINATED(f.pci_address) ||
	     !TERMINATED(f.model) || !TERMINATED(f.access) || !TERMINATED(f.time) ||
	     !TERMINATED(f.fw_version) || !TERMINATED(f.psid) || !TERMINATED(f.psid_error) ||
	     !TERMINATED(f.prmctl_version)))
		abort();
	return 0;
}
