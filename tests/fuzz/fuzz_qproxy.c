// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * QEMU proxy messages as the simulator receives them: any bytes, read as a
 * run of messages (16-byte header, then its payload). Config and BAR
 * accesses anywhere, guest-memory syncs without descriptors, resets: the
 * adapter must answer or refuse, never crash. The command thread is off;
 * a doorbell only leaves its bit.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "lib/sim/adapter.h"
#include "lib/sim/qproxy.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct sim_adapter *a;
	struct sim_opts o = { .no_thread = true };
	struct prm_err err;

	if (!a && sim_adapter_create(&o, &a, &err))
		return 0;
	while (size >= 16) {
		uint64_t ret, len;

		memcpy(&len, data + 8, sizeof(len));	/* the header's size */
		if (sim_qproxy_message(a, data, size, &ret) < 0 || len > size - 16)
			break;
		data += 16 + len;
		size -= 16 + len;
	}
	return 0;
}
