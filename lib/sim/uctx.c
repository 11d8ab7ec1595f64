// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * User contexts (CREATE_UCTX/DESTROY_UCTX): what mlx5_fwctl asks for on
 * each open of /dev/fwctl/fwctlN, and the uid it then stamps on every
 * command. A command naming a uid that does not exist is refused, as the
 * firmware refuses one from a context that was destroyed. 0 is the
 * kernel's own; 0xffff (MLX5_SHARED_RESOURCE_UID) marks a resource every
 * context may use (the driver's completion EQs when log_max_uctx is set).
 */
#include "lib/prm/cmdstatus.h"
#include "lib/prm/layouts/layouts.h"
#include "lib/sim/fwcmd.h"
#include "lib/sim/internal.h"

uint8_t sim_uctx_create_cmd(struct sim_adapter *a, const uint8_t *in, size_t inlen, uint8_t *out,
			    size_t outlen, uint16_t *why)
{
	uint64_t cap = PRM_GET(create_uctx_in, in, inlen, "uctx.cap");

	if (cap & ~(uint64_t)SIM_UCTX_CAP)
		return *why = 1, MLX5_CMD_STAT_BAD_PARAM_ERR;	/* more than uctx_cap offers */
	for (unsigned uid = 1; uid < SIM_MAX_UCTX; uid++)
		if (!(a->uctxs & UINT64_C(1) << uid)) {
			a->uctxs |= UINT64_C(1) << uid;
			PRM_SET(create_uctx_out, out, outlen, "uid", uid);
			return MLX5_CMD_STAT_OK;
		}
	return *why = 2, MLX5_CMD_STAT_LIM_ERR;
}

uint8_t sim_uctx_destroy_cmd(struct sim_adapter *a, const uint8_t *in, size_t inlen, uint8_t *out,
			     size_t outlen, uint16_t *why)
{
	uint64_t uid = PRM_GET(destroy_uctx_in, in, inlen, "uid");

	(void)out;
	(void)outlen;
	if (uid == 0 || uid >= SIM_MAX_UCTX || !sim_uctx_valid(a, (uint16_t)uid))
		return *why = 1, MLX5_CMD_STAT_BAD_RES_ERR;
	a->uctxs &= ~(UINT64_C(1) << uid);
	return MLX5_CMD_STAT_OK;
}

#define SHARED_RESOURCE_UID 0xffff

bool sim_uctx_valid(const struct sim_adapter *a, uint16_t uid)
{
	return uid == 0 || uid == SHARED_RESOURCE_UID ||
	       (uid < SIM_MAX_UCTX && a->uctxs & UINT64_C(1) << uid);
}
