// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
#include "lib/dev/eq.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "lib/dev/cfg.h"
#include "lib/dev/cmdchan.h"
#include "lib/dev/cmdq.h"
#include "lib/dev/dev.h"
#include "lib/dev/dma.h"
#include "lib/prm/layouts/layouts.h"
#include "lib/util/clock.h"
#include "lib/prm/opcodes.h"

#define PAGE 4096
#define MAX_LOG_NENT 16

struct eq {
	struct dev *d;
	struct dma_buf mem;
	uint8_t eqn, log_nent;
	uint32_t cons;		/* consumer index */
};

uint8_t eq_number(const struct eq *q)
{
	return q->eqn;
}

int eq_create(struct dev *d, unsigned log_nent, const uint64_t types[4], struct eq **out,
	      struct prm_err *err)
{
	const struct prm_layout *l = &prm_layout_create_eq_in;
	size_t bytes = (size_t)EQE_BYTES << log_nent, npages, hdr = prm_layout_bytes(l), inlen;
	uint8_t *in, res[64] = { 0 };
	struct cmdq *cq;
	struct eq *q;

	*out = NULL;
	if (log_nent > MAX_LOG_NENT)
		return prm_err_set(err, PRM_E_USAGE, EINVAL, "bad_eq",
				   "an event queue of 2^%u entries: at most 2^%u", log_nent,
				   MAX_LOG_NENT);
	/* the queue lives in DMA memory: only the command queue has it */
	if (dev_cmdq(d, &cq, err))
		return -1;
	npages = (bytes + PAGE - 1) / PAGE;
	inlen = hdr + npages * 8;
	q = calloc(1, sizeof(*q));
	in = calloc(1, inlen);
	if (!q || !in || d->dma->alloc(d->dma, npages * PAGE, PAGE, &q->mem, err)) {
		if (!q || !in)
			prm_err_set(err, PRM_E_FAILED, ENOMEM, "oom", "out of memory");
		free(in);
		free(q);
		return -1;
	}
	q->d = d;
	q->log_nent = (uint8_t)log_nent;
	/* every entry starts owned by software for the first pass: owner 1 */
	for (size_t i = 0; i < ((size_t)1 << log_nent); i++)
		q->mem.va[i * EQE_BYTES + EQE_BYTES - 1] = 1;
	PRM_SET(create_eq_in, in, inlen, "opcode", MLX5_CMD_OP_CREATE_EQ);
	PRM_SET(create_eq_in, in, inlen, "eq_context_entry.log_eq_size", log_nent);
	PRM_SET(create_eq_in, in, inlen, "eq_context_entry.log_page_size", 0);	/* 4 KiB pages */
	PRM_SET(create_eq_in, in, inlen, "event_bitmask[0]", types[0]);
	PRM_SET(create_eq_in, in, inlen, "event_bitmask[1]", types[1]);
	PRM_SET(create_eq_in, in, inlen, "event_bitmask[2]", types[2]);
	PRM_SET(create_eq_in, in, inlen, "event_bitmask[3]", types[3]);
	for (size_t i = 0; i < npages; i++)
		prm_bits_set(in, inlen, (uint32_t)((hdr + i * 8) * 8), 64, q->mem.iova + i * PAGE);
	if (dev_cmd_run(d, in, inlen, res, prm_layout_bytes(&prm_layout_create_eq_out), err)) {
		d->dma->free(d->dma, &q->mem);
		free(in);
		free(q);
		return -1;
	}
	q->eqn = (uint8_t)PRM_GET(create_eq_out, res, sizeof(res), "eq_number");
	free(in);
	*out = q;
	return 0;
}

int eq_create_one(struct dev *d, unsigned log_nent, unsigned type, struct eq **out,
		  struct prm_err *err)
{
	uint64_t types[4] = { 0 };

	types[type / 64 % 4] = UINT64_C(1) << type % 64;
	return eq_create(d, log_nent, types, out, err);
}

int eq_next(struct eq *q, uint8_t *eqe, unsigned timeout_ms, struct prm_err *err)
{
	uint64_t deadline = clock_now_ms() + timeout_ms;
	uint32_t nent = 1u << q->log_nent;
	const uint8_t *e = q->mem.va + (size_t)(q->cons & (nent - 1)) * EQE_BYTES;
	/* ours when its owner bit equals the pass bit of the consumer index */
	uint8_t want = (uint8_t)((q->cons >> q->log_nent) & 1);

	for (;;) {
		if ((__atomic_load_n(&e[EQE_BYTES - 1], __ATOMIC_ACQUIRE) & 1) == want) {
			memcpy(eqe, e, EQE_BYTES);
			q->cons = (q->cons + 1) & 0xffffff;
			return 0;
		}
		if (dev_interrupted())
			return prm_err_set(err, PRM_E_FAILED, EINTR, "interrupted", "%s: interrupted",
					   q->d->label);
		if (clock_now_ms() >= deadline)
			return 1;
		clock_sleep_us(1000);
	}
}

void eq_abandon(struct eq *q)
{
	free(q);
}

int eq_destroy(struct eq *q, struct prm_err *err)
{
	uint8_t in[16] = { 0 }, res[16] = { 0 };
	int rc;

	if (!q)
		return 0;
	PRM_SET(destroy_eq_in, in, sizeof(in), "opcode", MLX5_CMD_OP_DESTROY_EQ);
	PRM_SET(destroy_eq_in, in, sizeof(in), "eq_number", q->eqn);
	dev_cleanup_begin();
	rc = dev_cmd_run(q->d, in, sizeof(in), res, sizeof(res), err);
	dev_cleanup_end();
	/* the firmware may still write a queue it did not destroy: keep it */
	if (rc == 0)
		q->d->dma->free(q->d->dma, &q->mem);
	free(q);
	return rc;
}
