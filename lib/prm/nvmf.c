// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
#include <stdio.h>

#include "lib/prm/layouts/layouts.h"
#include "lib/prm/nvmf.h"

static const char *const names[NVMF_COUNTERS] = {
	"num_read_cmd", "num_read_blocks", "num_write_cmd", "num_write_blocks",
	"num_write_inline_cmd", "num_flush_cmd", "num_error_cmd", "num_backend_error_cmd",
};

const char *nvmf_counter_name(unsigned i)
{
	return i < NVMF_COUNTERS ? names[i] : "?";
}

void nvmf_ns_parse(const uint8_t *out, size_t len, struct nvmf_ns *ns)
{
	const struct prm_layout *l = &prm_layout_query_nvmf_namespace_out;

	for (unsigned i = 0; i < NVMF_COUNTERS; i++) {
		char path[64];

		snprintf(path, sizeof(path), "ns_ctx.%s_high", names[i]);
		ns->high[i] = (uint32_t)prm_field_value(l, out, len, path);
		snprintf(path, sizeof(path), "ns_ctx.%s_low", names[i]);
		ns->low[i] = (uint32_t)prm_field_value(l, out, len, path);
	}
	ns->current_q_depth = (uint32_t)PRM_GET(query_nvmf_namespace_out, out, len, "ns_ctx.current_q_depth");
	ns->last_read_req_latency =
		(uint32_t)PRM_GET(query_nvmf_namespace_out, out, len, "ns_ctx.last_read_req_latency");
	ns->last_write_req_latency =
		(uint32_t)PRM_GET(query_nvmf_namespace_out, out, len, "ns_ctx.last_write_req_latency");
}
