// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * DC targets and their state machine (mlx5-layouts.md §4.8): created
 * ACTIVE; DRAIN_DCT makes it DRAINING and, some ticks later, DRAINED with a
 * DCT_DRAINED event (never, under dct-drain-stuck); DESTROY_DCT is refused
 * while it drains. A key violation raises DCT_KEY_VIOLATION only when the
 * DCT was armed, once per arm: an un-armed DCT counts silently.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "lib/prm/cmdstatus.h"
#include "lib/prm/events.h"
#include "lib/prm/layouts/layouts.h"
#include "lib/sim/dct.h"
#include "lib/sim/fwcmd.h"
#include "lib/sim/internal.h"
#include "lib/sim/mkey.h"

#define DRAIN_TICKS 10		/* 100 ms */
#define DCTC_BYTES 64		/* struct sim_dct's ctx */

enum { DCT_ACTIVE, DCT_DRAINING, DCT_DRAINED };

static struct sim_dct *find(struct sim_adapter *a, uint64_t dctn)
{
	for (unsigned i = 0; i < SIM_MAX_DCTS; i++)
		if (a->dcts.d[i].used && a->dcts.d[i].dctn == dctn)
			return &a->dcts.d[i];
	return NULL;
}

void sim_dct_reset(struct sim_adapter *a)
{
	memset(&a->dcts, 0, sizeof(a->dcts));
}

/* The event's data: struct mlx5_eqe_dct, the dctn in its last dword (EQE byte 0x38). */
static void post(struct sim_adapter *a, uint8_t type, uint32_t dctn)
{
	uint8_t data[28] = { 0 };

	PRM_SET(eqe_dct, data, sizeof(data), "dctn", dctn);
	sim_eq_post(a, type, 0, data, sizeof(data));
}

uint8_t sim_dct_create_cmd(struct sim_adapter *a, const uint8_t *in, size_t inlen, uint8_t *out,
			   size_t outlen, uint16_t *why)
{
	struct sim_dct *d = NULL;
	const uint8_t *ctx;
	uint64_t mtu, cs_res;
	struct prm_loc at;

	if (prm_path_resolve(&prm_layout_create_dct_in, "dct_context_entry", &at, NULL) ||
	    inlen < at.off / 8 + DCTC_BYTES)
		return *why = 1, MLX5_CMD_STAT_BAD_PARAM_ERR;
	ctx = in + at.off / 8;
	mtu = PRM_GET(dctc, ctx, DCTC_BYTES, "mtu");
	cs_res = PRM_GET(dctc, ctx, DCTC_BYTES, "cs_res");
	if (!sim_pd_valid(a, (uint32_t)PRM_GET(dctc, ctx, DCTC_BYTES, "pd")))
		return *why = 2, MLX5_CMD_STAT_BAD_RES_ERR;	/* no such protection domain */
	if (mtu < 1 || mtu > 5)
		return *why = 3, MLX5_CMD_STAT_BAD_PARAM_ERR;
	if (cs_res > 2)
		return *why = 4, MLX5_CMD_STAT_BAD_PARAM_ERR;
	for (unsigned i = 0; i < SIM_MAX_DCTS && !d; i++)
		if (!a->dcts.d[i].used)
			d = &a->dcts.d[i];
	if (!d)
		return *why = 5, MLX5_CMD_STAT_LIM_ERR;
	memset(d, 0, sizeof(*d));
	d->used = true;
	d->dctn = SIM_DCT_FIRST + a->dcts.created++ % 0x10000;
	memcpy(d->ctx, ctx, DCTC_BYTES);
	d->state = DCT_ACTIVE;
	PRM_SET(create_dct_out, out, outlen, "dctn", d->dctn);
	return MLX5_CMD_STAT_OK;
}

uint8_t sim_dct_query_cmd(struct sim_adapter *a, const uint8_t *in, size_t inlen, uint8_t *out,
			  size_t outlen, uint16_t *why)
{
	struct sim_dct *d = find(a, PRM_GET(query_dct_in, in, inlen, "dctn"));
	struct prm_loc at;
	uint8_t *ctx;

	if (!d)
		return *why = 1, MLX5_CMD_STAT_BAD_RES_ERR;
	if (prm_path_resolve(&prm_layout_query_dct_out, "dct_context_entry", &at, NULL) ||
	    outlen < at.off / 8 + DCTC_BYTES)
		return *why = 2, MLX5_CMD_STAT_BAD_PARAM_ERR;
	ctx = out + at.off / 8;
	memcpy(ctx, d->ctx, DCTC_BYTES);
	PRM_SET(dctc, ctx, DCTC_BYTES, "state", d->state);
	PRM_SET(dctc, ctx, DCTC_BYTES, "dc_access_key_violation_count", d->violations);
	return MLX5_CMD_STAT_OK;
}

uint8_t sim_dct_drain_cmd(struct sim_adapter *a, const uint8_t *in, size_t inlen, uint8_t *out,
			  size_t outlen, uint16_t *why)
{
	struct sim_dct *d = find(a, PRM_GET(drain_dct_in, in, inlen, "dctn"));

	(void)out;
	(void)outlen;
	if (!d)
		return *why = 1, MLX5_CMD_STAT_BAD_RES_ERR;
	if (d->state != DCT_ACTIVE)
		return *why = 2, MLX5_CMD_STAT_BAD_RES_STATE_ERR;	/* draining or drained already */
	d->state = DCT_DRAINING;
	d->drain_ticks = DRAIN_TICKS;
	return MLX5_CMD_STAT_OK;
}

uint8_t sim_dct_destroy_cmd(struct sim_adapter *a, const uint8_t *in, size_t inlen, uint8_t *out,
			    size_t outlen, uint16_t *why)
{
	struct sim_dct *d = find(a, PRM_GET(destroy_dct_in, in, inlen, "dctn"));

	(void)out;
	(void)outlen;
	if (!d)
		return *why = 1, MLX5_CMD_STAT_BAD_RES_ERR;
	if (d->state == DCT_DRAINING)
		return *why = 2, MLX5_CMD_STAT_BAD_RES_STATE_ERR;	/* still draining */
	d->used = false;
	return MLX5_CMD_STAT_OK;
}

uint8_t sim_dct_arm_cmd(struct sim_adapter *a, const uint8_t *in, size_t inlen, uint8_t *out,
			size_t outlen, uint16_t *why)
{
	struct sim_dct *d = find(a, PRM_GET(arm_dct_in, in, inlen, "dct_number"));

	(void)out;
	(void)outlen;
	if (!d)
		return *why = 1, MLX5_CMD_STAT_BAD_RES_ERR;
	d->armed = true;
	return MLX5_CMD_STAT_OK;
}

void sim_dct_tick(struct sim_adapter *a)
{
	for (unsigned i = 0; i < SIM_MAX_DCTS; i++) {
		struct sim_dct *d = &a->dcts.d[i];

		if (!d->used || d->state != DCT_DRAINING || a->faults[SIM_FAULT_DCT_DRAIN_STUCK])
			continue;
		if (d->drain_ticks && --d->drain_ticks)
			continue;
		d->state = DCT_DRAINED;
		post(a, MLX5_EVENT_TYPE_DCT_DRAINED, d->dctn);
	}
}

int sim_dct_key_violation(struct sim_adapter *a, const char *arg, struct prm_err *err)
{
	char *end;
	unsigned long long dctn;
	struct sim_dct *d;

	errno = 0;
	dctn = strtoull(arg, &end, 0);
	if (errno || end == arg || *end)
		return prm_err_set(err, PRM_E_USAGE, EINVAL, "bad_fault",
				   "dct-key-violation: '%s' is not a DCT number", arg);
	d = find(a, dctn);
	if (!d)
		return prm_err_set(err, PRM_E_USAGE, ENOENT, "bad_fault",
				   "dct-key-violation: no DCT 0x%llx", dctn);
	d->violations++;
	if (d->armed) {
		d->armed = false;	/* once per arm */
		post(a, MLX5_EVENT_TYPE_DCT_KEY_VIOLATION, d->dctn);
	}
	return 0;
}
