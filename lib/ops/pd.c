// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
#include "lib/ops/pd.h"

#include "lib/dev/cmdchan.h"
#include "lib/prm/layouts/layouts.h"
#include "lib/prm/opcodes.h"

int pd_alloc(struct dev *d, uint32_t *pd, struct prm_err *err)
{
	uint8_t in[16] = { 0 }, out[16] = { 0 };

	PRM_SET(alloc_pd_in, in, sizeof(in), "opcode", MLX5_CMD_OP_ALLOC_PD);
	if (dev_cmd_run(d, in, prm_layout_bytes(&prm_layout_alloc_pd_in), out,
			prm_layout_bytes(&prm_layout_alloc_pd_out), err))
		return -1;
	*pd = (uint32_t)PRM_GET(alloc_pd_out, out, sizeof(out), "pd");
	return 0;
}

int pd_dealloc(struct dev *d, uint32_t pd, struct prm_err *err)
{
	uint8_t in[16] = { 0 }, out[16] = { 0 };

	PRM_SET(dealloc_pd_in, in, sizeof(in), "opcode", MLX5_CMD_OP_DEALLOC_PD);
	PRM_SET(dealloc_pd_in, in, sizeof(in), "pd", pd);
	return dev_cmd_run(d, in, prm_layout_bytes(&prm_layout_dealloc_pd_in), out,
			   prm_layout_bytes(&prm_layout_dealloc_pd_out), err);
}
