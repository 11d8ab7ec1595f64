// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * DC targets: each command built from its layout, its output read the same
 * way. DRAIN is asynchronous (seed 001): done only at the DCT_DRAINED event,
 * which is waited for on an event queue made before the drain is sent.
 */
#include "lib/ops/dct.h"

#include <errno.h>
#include <string.h>

#include "lib/dev/cmdchan.h"
#include "lib/dev/dev.h"
#include "lib/dev/eq.h"
#include "lib/prm/dct.h"
#include "lib/prm/events.h"
#include "lib/prm/layouts/layouts.h"
#include "lib/prm/opcodes.h"
#include "lib/util/clock.h"

int dct_create(struct dev *d, const struct dct_attr *a, uint32_t *dctn, struct prm_err *err)
{
	uint8_t in[128] = { 0 }, out[16] = { 0 };

	PRM_SET(create_dct_in, in, sizeof(in), "opcode", MLX5_CMD_OP_CREATE_DCT);
	PRM_SET(create_dct_in, in, sizeof(in), "dct_context_entry.pd", a->pd);
	PRM_SET(create_dct_in, in, sizeof(in), "dct_context_entry.cqn", a->cqn);
	PRM_SET(create_dct_in, in, sizeof(in), "dct_context_entry.srqn_xrqn", a->srqn);
	PRM_SET(create_dct_in, in, sizeof(in), "dct_context_entry.dc_access_key", a->key);
	PRM_SET(create_dct_in, in, sizeof(in), "dct_context_entry.mtu",
		a->mtu ? a->mtu : prm_dct_mtu_code(1024));
	PRM_SET(create_dct_in, in, sizeof(in), "dct_context_entry.port", a->port ? a->port : 1);
	PRM_SET(create_dct_in, in, sizeof(in), "dct_context_entry.user_index", a->user_index);
	PRM_SET(create_dct_in, in, sizeof(in), "dct_context_entry.min_rnr_nak", a->min_rnr_nak);
	PRM_SET(create_dct_in, in, sizeof(in), "dct_context_entry.hop_limit",
		a->hop_limit ? a->hop_limit : 64);
	PRM_SET(create_dct_in, in, sizeof(in), "dct_context_entry.tclass", a->tclass);
	PRM_SET(create_dct_in, in, sizeof(in), "dct_context_entry.rre", a->rre);
	PRM_SET(create_dct_in, in, sizeof(in), "dct_context_entry.rwe", a->rwe);
	PRM_SET(create_dct_in, in, sizeof(in), "dct_context_entry.rae", a->rae);
	if (dev_cmd_run(d, in, sizeof(in), out, sizeof(out), err))
		return -1;
	*dctn = (uint32_t)PRM_GET(create_dct_out, out, sizeof(out), "dctn");
	return 0;
}

int dct_query(struct dev *d, uint32_t dctn, struct dct_info *info, struct prm_err *err)
{
	uint8_t in[16] = { 0 }, out[128] = { 0 };
	struct prm_loc ctx;

	PRM_SET(query_dct_in, in, sizeof(in), "opcode", MLX5_CMD_OP_QUERY_DCT);
	PRM_SET(query_dct_in, in, sizeof(in), "dctn", dctn);
	if (dev_cmd_run(d, in, sizeof(in), out, sizeof(out), err) ||
	    prm_path_resolve(&prm_layout_query_dct_out, "dct_context_entry", &ctx, err))
		return -1;
	info->state = (uint8_t)PRM_GET(query_dct_out, out, sizeof(out), "dct_context_entry.state");
	info->pd = (uint32_t)PRM_GET(query_dct_out, out, sizeof(out), "dct_context_entry.pd");
	info->cqn = (uint32_t)PRM_GET(query_dct_out, out, sizeof(out), "dct_context_entry.cqn");
	info->key = PRM_GET(query_dct_out, out, sizeof(out), "dct_context_entry.dc_access_key");
	info->key_violations = (uint32_t)PRM_GET(query_dct_out, out, sizeof(out),
						 "dct_context_entry.dc_access_key_violation_count");
	memcpy(info->ctx, out + ctx.off / 8, sizeof(info->ctx));
	return 0;
}

static int drain(struct dev *d, uint32_t dctn, struct prm_err *err)
{
	uint8_t in[16] = { 0 }, out[16];

	PRM_SET(drain_dct_in, in, sizeof(in), "opcode", MLX5_CMD_OP_DRAIN_DCT);
	PRM_SET(drain_dct_in, in, sizeof(in), "dctn", dctn);
	return dev_cmd_run(d, in, sizeof(in), out, sizeof(out), err);
}

int dct_destroy(struct dev *d, uint32_t dctn, struct prm_err *err)
{
	uint8_t in[16] = { 0 }, out[16];

	PRM_SET(destroy_dct_in, in, sizeof(in), "opcode", MLX5_CMD_OP_DESTROY_DCT);
	PRM_SET(destroy_dct_in, in, sizeof(in), "dctn", dctn);
	return dev_cmd_run(d, in, sizeof(in), out, sizeof(out), err);
}

int dct_arm(struct dev *d, uint32_t dctn, struct prm_err *err)
{
	uint8_t in[16] = { 0 }, out[16];

	PRM_SET(arm_dct_in, in, sizeof(in), "opcode", MLX5_CMD_OP_ARM_DCT_FOR_KEY_VIOLATION);
	PRM_SET(arm_dct_in, in, sizeof(in), "dct_number", dctn);
	return dev_cmd_run(d, in, sizeof(in), out, sizeof(out), err);
}

int dct_drain_wait(struct dev *d, uint32_t dctn, bool wait, uint64_t timeout_ms,
		   uint64_t *waited_ms, struct prm_err *err)
{
	struct prm_err ignored = { 0 };
	struct eq *q = NULL;
	uint64_t t0;
	int rc = 0;

	/* the queue first: an event that comes before it is there is lost */
	if (wait && dct_events_create(d, MLX5_EVENT_TYPE_DCT_DRAINED, &q, err))
		return prm_err_prefix(err, "no event queue to wait on: ");
	if (drain(d, dctn, err)) {
		eq_destroy(q, &ignored);
		return -1;
	}
	t0 = clock_now_ms();
	while (wait) {
		uint64_t now = clock_now_ms(), left = t0 + timeout_ms > now ? t0 + timeout_ms - now : 0;
		uint32_t which = 0;
		int got = left ? dct_event_next(q, MLX5_EVENT_TYPE_DCT_DRAINED,
						(unsigned)(left < 100 ? left : 100), &which, err) : 1;

		if (got < 0) {
			rc = -1;
			break;
		}
		if (got == 0 && which == dctn)
			break;
		if (!left) {
			rc = prm_err_set(err, PRM_E_TIMEOUT, ETIMEDOUT, "drain_timeout",
					 "%s: DCT 0x%llx did not drain within %llu ms (no DCT_DRAINED "
					 "event)", d->label, (unsigned long long)dctn,
					 (unsigned long long)timeout_ms);
			break;
		}
	}
	*waited_ms = clock_now_ms() - t0;
	if (q && eq_destroy(q, rc ? &ignored : err) && !rc)
		rc = -1;
	return rc;
}

int dct_probe(struct dev *d, uint64_t first, uint64_t count, uint32_t *v, unsigned max,
	      unsigned *n, struct prm_err *err)
{
	uint8_t in[16] = { 0 }, out[128];
	struct cmd_result res;

	*n = 0;
	for (uint64_t x = first; x < first + count && *n < max; x++) {
		memset(in, 0, sizeof(in));
		PRM_SET(query_dct_in, in, sizeof(in), "opcode", MLX5_CMD_OP_QUERY_DCT);
		PRM_SET(query_dct_in, in, sizeof(in), "dctn", x);
		if (dev_cmd_exec(d, in, sizeof(in), out, sizeof(out), &res, err))
			return -1;
		if (!res.status)
			v[(*n)++] = (uint32_t)x;
	}
	return 0;
}

int dct_events_create(struct dev *d, unsigned type, struct eq **q, struct prm_err *err)
{
	return eq_create_one(d, 4, type, q, err);
}

int dct_event_next(struct eq *q, unsigned type, unsigned timeout_ms, uint32_t *dctn,
		   struct prm_err *err)
{
	uint8_t eqe[EQE_BYTES];
	int got = eq_next(q, eqe, timeout_ms, err);

	if (got)
		return got;
	if (prm_dct_eqe_type(eqe) != type)
		return 1;
	*dctn = prm_dct_eqe_dctn(eqe);
	return 0;
}
