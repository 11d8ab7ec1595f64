// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * vfio-user messages as the simulator's server receives them: any bytes,
 * read as a run of messages (16-byte header giving the size, then the
 * payload), without descriptors. Every command, any sizes, offsets and
 * flags: answered or refused, never a crash, a reply never past its
 * buffer. The command thread is off; a doorbell only leaves its bit.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "lib/sim/adapter.h"
#include "lib/sim/vumsg.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct sim_adapter *a;
	static struct sim_vu_reply r;
	struct sim_vu_session s;
	struct sim_opts o = { .no_thread = true };
	struct prm_err err;

	if (!a) {
		if (sim_adapter_create(&o, &a, &err))
			return 0;
		sim_msix_enable(a);
	}
	s = (struct sim_vu_session){ .a = a };
	while (size >= SIM_VU_HDR_BYTES) {
		uint32_t len;

		memcpy(&len, data + 4, sizeof(len));	/* the header's size */
		if (len > size)
			len = (uint32_t)size;	/* cut short: the size lies, it is dropped */
		if (len < SIM_VU_HDR_BYTES || sim_vu_message(&s, data, len, NULL, 0, &r) < 0)
			break;
		if (r.len > sizeof(r.buf))
			abort();
		data += len;
		size -= len;
	}
	sim_dma_unmap_every(a);		/* the client went */
	sim_msix_clear(a);
	return 0;
}
