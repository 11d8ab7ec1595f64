// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * The simulated firmware's command parser: any bytes a host may put in a
 * command's input, any output length. It must answer with a status, never
 * crash. The first two bytes pick the output length; the top bit of the
 * first also brings the function up first (enabled, pages given,
 * initialized), so commands that need it (CREATE_EQ, GEN_EQE) are reached.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "lib/sim/adapter.h"
#include "lib/sim/fwcmd.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct sim_adapter *a;
	struct sim_opts o = { .no_thread = true };
	struct prm_err err;
	size_t outlen;
	uint8_t *out;

	if (size < 2)
		return 0;
	if (!a && sim_adapter_create(&o, &a, &err))
		return 0;
	if (!a->hostmem) {	/* no thread, but pages need host memory */
		a->hostmem = calloc(1, SIM_HOSTMEM_BYTES);
		a->hostmem_size = a->hostmem ? SIM_HOSTMEM_BYTES : 0;
	}
	outlen = 8 + ((size_t)(data[0] & 0x7f) << 8 | data[1]) % 8192;
	if (data[0] & 0x80) {
		a->hca_state = SIM_HCA_INITIALIZED;
		for (a->pages_held = 0; a->pages_held < 24; a->pages_held++)
			a->page_addr[a->pages_held] = SIM_HOSTMEM_IOVA + 4096u * (unsigned)a->pages_held;
	}
	out = calloc(1, outlen);
	if (!out)
		return 0;
	pthread_mutex_lock(&a->lock);
	sim_fw_execute(a, data + 2, size - 2, out, outlen);
	pthread_mutex_unlock(&a->lock);
	free(out);
	return 0;
}
