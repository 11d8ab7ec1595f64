// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
#include "lib/sim/cfgbatch.h"

#include <errno.h>
#include <string.h>

static uint32_t le16(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8;
}

static uint32_t le32(const uint8_t *p)
{
	return le16(p) | le16(p + 2) << 16;
}

static int bad(struct prm_err *err, uint32_t i, const char *why)
{
	return prm_err_set(err, PRM_E_USAGE, EINVAL, "bad_request",
			   "config batch: access %u: %s", i, why);
}

/* Walk the request: every access whole, in bounds, of a config dword. */
static int check(const struct sim_req *q, struct prm_err *err)
{
	const uint8_t *t = (const uint8_t *)q->text;
	size_t at = 0, reads = 0;

	if (q->val > SIM_BATCH_BYTES / 2)
		return prm_err_set(err, PRM_E_USAGE, EINVAL, "bad_request",
				   "config batch: %u accesses, at most %zu fit", q->val,
				   SIM_BATCH_BYTES / 2);
	for (uint32_t i = 0; i < q->val; i++) {
		uint32_t head, off;

		if (at + 2 > SIM_BATCH_BYTES)
			return bad(err, i, "runs past the request");
		head = le16(t + at);
		off = head & ~SIM_BATCH_WRITE;
		at += 2;
		if (off >= SIM_BATCH_OFF_MAX || off % 4)
			return bad(err, i, "offset not a config dword");
		if (head & SIM_BATCH_WRITE)
			at += 4;
		else
			reads++;
		if (at > SIM_BATCH_BYTES)
			return bad(err, i, "runs past the request");
		if (reads > SIM_BATCH_READS)
			return bad(err, i, "more reads than a reply holds");
	}
	return 0;
}

int sim_cfg_batch(struct sim_adapter *a, const struct sim_req *q, struct sim_rsp *r,
		  struct prm_err *err)
{
	const uint8_t *t = (const uint8_t *)q->text;
	uint8_t *out = (uint8_t *)r->text;
	size_t at = 0;

	if (check(q, err))
		return -1;
	r->val = 0;
	for (uint32_t i = 0; i < q->val; i++) {
		uint32_t head = le16(t + at), off = head & ~SIM_BATCH_WRITE, v;

		at += 2;
		if (head & SIM_BATCH_WRITE) {
			sim_cfg_write32(a, off, le32(t + at));
			at += 4;
			continue;
		}
		v = sim_cfg_read32(a, off);
		for (int b = 0; b < 4; b++)
			out[r->val * 4 + (uint32_t)b] = (uint8_t)(v >> (8 * b));
		r->val++;
	}
	return 0;
}
