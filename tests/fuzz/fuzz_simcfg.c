// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * The simulated adapter's config space driven by arbitrary host traffic:
 * every 9 bytes are one access (op, offset, value), so the gateway, the
 * spaces behind it, the ICMD engine and its mailbox parser see whatever a
 * host may send. Faults come from the leading text up to a NUL.
 */
#include <stdint.h>
#include <string.h>

#include "lib/sim/adapter.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct sim_adapter *a;
	struct sim_opts o = { .no_thread = true };
	struct prm_err err;
	const uint8_t *nul = memchr(data, 0, size < 64 ? size : 64);

	if (!a && sim_adapter_create(&o, &a, &err))
		return 0;
	sim_fault_clear(a, NULL, &err);
	if (nul) {
		char spec[64];

		memcpy(spec, data, (size_t)(nul - data) + 1);
		sim_fault_inject(a, spec, &err);
		size -= (size_t)(nul - data) + 1;
		data = nul + 1;
	}
	for (; size >= 9; data += 9, size -= 9) {
		uint32_t off = (uint32_t)data[1] | (uint32_t)data[2] << 8;
		uint32_t val = (uint32_t)data[3] | (uint32_t)data[4] << 8 |
			       (uint32_t)data[5] << 16 | (uint32_t)data[6] << 24;

		/* keep most traffic on the gateway registers */
		if (data[0] & 2)
			off = 0x60 + (off % 0x18);
		if (data[0] & 1)
			sim_cfg_write32(a, off, val);
		else
			sim_cfg_read32(a, off);
		if ((data[0] & 0xf0) == 0xf0)
			sim_fw_tick(a, (uint64_t)data[7] * 10000000ull);
	}
	return 0;
}
