// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * A simulator service's SIM_OP_CFG_BATCH request as any client may send it:
 * the first two bytes the access count (the rest of the 32-bit field is
 * tried large when the first byte's top bit is set), then the request's
 * text. Every count and offset is the service's to check before it runs
 * anything; the accesses reach the gateway, so it is driven too.
 */
#include <stdint.h>
#include <string.h>

#include "lib/sim/cfgbatch.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct sim_adapter *a;
	struct sim_opts o = { .no_thread = true };
	struct sim_req q = { .magic = SIM_PROTO_MAGIC, .op = SIM_OP_CFG_BATCH };
	struct sim_rsp r;
	struct prm_err err;

	if (!a && sim_adapter_create(&o, &a, &err))
		return 0;
	if (size < 2)
		return 0;
	q.val = (uint32_t)data[0] | (uint32_t)data[1] << 8;
	if (data[0] & 0x80)
		q.val |= 0xffff0000u;
	data += 2;
	size -= 2;
	memcpy(q.text, data, size < sizeof(q.text) ? size : sizeof(q.text));
	/* as the service's loop leaves it */
	q.text[sizeof(q.text) - 1] = '\0';
	memset(&r, 0, sizeof(r));
	if (sim_cfg_batch(a, &q, &r, &err) == 0 && r.val > SIM_BATCH_READS)
		__builtin_trap();
	return 0;
}
