// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
#include "lib/ops/nvmf.h"

#include <errno.h>

#include "lib/dev/cmdchan.h"
#include "lib/dev/dev.h"
#include "lib/ops/caps.h"
#include "lib/prm/cmdstatus.h"
#include "lib/prm/layouts/layouts.h"
#include "lib/prm/opcodes.h"

int nvmf_offload_check(struct dev *d, struct prm_err *err)
{
	uint8_t general[DEV_CAP_PAGE_BYTES];

	if (caps_query(d, 0, true, general, err))
		return -1;
	if (!PRM_GET(cmd_hca_cap, general, sizeof(general), "nvmf_target_offload"))
		return prm_err_set(err, PRM_E_NODEV, 0, "no_nvmf_offload",
				   "%s has no NVMe-oF target offload "
				   "(general.nvmf_target_offload is 0)", d->label);
	return 0;
}

/* Every counter word whole: the caller decides that only the low halves count. */
static void ns_parse(const uint8_t *out, size_t len, struct nvmf_ns *ns)
{
	ns->high[0] = (uint32_t)PRM_GET(query_nvmf_namespace_out, out, len, "ns_ctx.num_read_cmd_high");
	ns->low[0] = (uint32_t)PRM_GET(query_nvmf_namespace_out, out, len, "ns_ctx.num_read_cmd_low");
	ns->high[1] = (uint32_t)PRM_GET(query_nvmf_namespace_out, out, len, "ns_ctx.num_read_blocks_high");
	ns->low[1] = (uint32_t)PRM_GET(query_nvmf_namespace_out, out, len, "ns_ctx.num_read_blocks_low");
	ns->high[2] = (uint32_t)PRM_GET(query_nvmf_namespace_out, out, len, "ns_ctx.num_write_cmd_high");
	ns->low[2] = (uint32_t)PRM_GET(query_nvmf_namespace_out, out, len, "ns_ctx.num_write_cmd_low");
	ns->high[3] = (uint32_t)PRM_GET(query_nvmf_namespace_out, out, len, "ns_ctx.num_write_blocks_high");
	ns->low[3] = (uint32_t)PRM_GET(query_nvmf_namespace_out, out, len, "ns_ctx.num_write_blocks_low");
	ns->high[4] = (uint32_t)PRM_GET(query_nvmf_namespace_out, out, len, "ns_ctx.num_write_inline_cmd_high");
	ns->low[4] = (uint32_t)PRM_GET(query_nvmf_namespace_out, out, len, "ns_ctx.num_write_inline_cmd_low");
	ns->high[5] = (uint32_t)PRM_GET(query_nvmf_namespace_out, out, len, "ns_ctx.num_flush_cmd_high");
	ns->low[5] = (uint32_t)PRM_GET(query_nvmf_namespace_out, out, len, "ns_ctx.num_flush_cmd_low");
	ns->high[6] = (uint32_t)PRM_GET(query_nvmf_namespace_out, out, len, "ns_ctx.num_error_cmd_high");
	ns->low[6] = (uint32_t)PRM_GET(query_nvmf_namespace_out, out, len, "ns_ctx.num_error_cmd_low");
	ns->high[7] = (uint32_t)PRM_GET(query_nvmf_namespace_out, out, len, "ns_ctx.num_backend_error_cmd_high");
	ns->low[7] = (uint32_t)PRM_GET(query_nvmf_namespace_out, out, len, "ns_ctx.num_backend_error_cmd_low");
	ns->current_q_depth = (uint32_t)PRM_GET(query_nvmf_namespace_out, out, len, "ns_ctx.current_q_depth");
	ns->last_read_req_latency =
		(uint32_t)PRM_GET(query_nvmf_namespace_out, out, len, "ns_ctx.last_read_req_latency");
	ns->last_write_req_latency =
		(uint32_t)PRM_GET(query_nvmf_namespace_out, out, len, "ns_ctx.last_write_req_latency");
}

int nvmf_ns_query(struct dev *d, uint64_t xrqn, uint32_t nsid, struct nvmf_ns *ns,
		  struct prm_err *err)
{
	uint8_t in[16] = { 0 }, out[128] = { 0 };
	struct cmd_result res;

	PRM_SET(query_nvmf_namespace_in, in, sizeof(in), "opcode",
		MLX5_CMD_OP_QUERY_NVMF_NAMESPACE_CONTEXT);
	PRM_SET(query_nvmf_namespace_in, in, sizeof(in), "xrqn", xrqn);
	PRM_SET(query_nvmf_namespace_in, in, sizeof(in), "frontend_namespace", nsid);
	if (dev_cmd_exec(d, in, sizeof(in), out, sizeof(out), &res, err))
		return -1;
	if (res.status == MLX5_CMD_STAT_BAD_PARAM_ERR)	/* a namespace the firmware does not have */
		return 1;
	if (prm_cmd_check(err, d->label, in, sizeof(in), res.status, res.syndrome))
		return -1;
	ns_parse(out, sizeof(out), ns);
	return 0;
}

int nvmf_ns_find(struct dev *d, uint64_t xrqn, const uint32_t *want, unsigned nwant,
		 uint32_t *ids, struct nvmf_ns *found, unsigned *n, struct prm_err *err)
{
	unsigned tries = nwant ? nwant : NVMF_PROBE_NS;

	*n = 0;
	for (unsigned i = 0; i < tries; i++) {
		uint32_t id = nwant ? want[i] : i + 1;
		int q = nvmf_ns_query(d, xrqn, id, &found[*n], err);

		if (q < 0)
			return -1;
		if (q > 0 && nwant)
			return prm_err_set(err, PRM_E_NODEV, ENOENT, "no_namespace",
					   "%s: no namespace %u on XRQ 0x%llx", d->label, id,
					   (unsigned long long)xrqn);
		if (q == 0)
			ids[(*n)++] = id;
	}
	return 0;
}
