// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * The tracer's ring in host memory and the memory key it is written
 * through, made the way Linux's fw_tracer.c makes its own (direct MTT key,
 * local read and write, qpn 0xffffff, 4 KiB pages) and checked against what
 * seed 000 §3.2 says a tracer key must be: not indirect, no UMR, local
 * write, 4 KiB aligned start and length.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "lib/dev/cfg.h"
#include "lib/dev/cmdchan.h"
#include "lib/dev/cmdq.h"
#include "lib/dev/dev.h"
#include "lib/ops/pd.h"
#include "lib/ops/tracer.h"
#include "lib/prm/layouts/layouts.h"
#include "lib/prm/trace.h"
#include "lib/prm/opcodes.h"

#define PAGE 4096
#define MTT_AT prm_layout_bytes(&prm_layout_create_mkey_in)	/* klm_pas_mtt follows */
#define ACCESS_MODE_MTT 1

static int create_mkey(struct dev *d, struct tracer_ring *r, struct prm_err *err)
{
	size_t npages = r->mem.size / PAGE, inlen = MTT_AT + ((npages * 8 + 15) & ~(size_t)15);
	uint8_t *in = calloc(1, inlen), out[16] = { 0 };
	int rc;

	if (!in)
		return prm_err_set(err, PRM_E_FAILED, ENOMEM, "oom", "out of memory");
	PRM_SET(create_mkey_in, in, inlen, "opcode", MLX5_CMD_OP_CREATE_MKEY);
	PRM_SET(create_mkey_in, in, inlen, "translations_octword_actual_size", (npages + 1) / 2);
	PRM_SET(create_mkey_in, in, inlen, "memory_key_mkey_entry.access_mode_1_0", ACCESS_MODE_MTT);
	PRM_SET(create_mkey_in, in, inlen, "memory_key_mkey_entry.lw", 1);
	PRM_SET(create_mkey_in, in, inlen, "memory_key_mkey_entry.lr", 1);
	PRM_SET(create_mkey_in, in, inlen, "memory_key_mkey_entry.qpn", 0xffffff);
	PRM_SET(create_mkey_in, in, inlen, "memory_key_mkey_entry.pd", r->pd);
	PRM_SET(create_mkey_in, in, inlen, "memory_key_mkey_entry.start_addr", r->mem.iova);
	PRM_SET(create_mkey_in, in, inlen, "memory_key_mkey_entry.len", r->mem.size);
	PRM_SET(create_mkey_in, in, inlen, "memory_key_mkey_entry.translations_octword_size", (npages + 1) / 2);
	PRM_SET(create_mkey_in, in, inlen, "memory_key_mkey_entry.log_page_size", 12);
	for (size_t i = 0; i < npages; i++)
		prm_bits_set(in, inlen, (uint32_t)((MTT_AT + i * 8) * 8), 64, r->mem.iova + i * PAGE);
	rc = dev_cmd_run(d, in, inlen, out, prm_layout_bytes(&prm_layout_create_mkey_out), err);
	free(in);
	if (rc)
		return prm_err_prefix(err, "CREATE_MKEY: ");
	/* mkey = index << 8 | mkey_7_0, and mkey_7_0 was 0 */
	r->mkey = (uint32_t)PRM_GET(create_mkey_out, out, sizeof(out), "mkey_index") << 8;
	return 0;
}

int tracer_ring_create(struct dev *d, unsigned log_size, struct tracer_ring *r,
		       struct prm_err *err)
{
	struct cmdq *cq;

	memset(r, 0, sizeof(*r));
	/* the ring is DMA memory and the key needs commands: the command queue */
	if (dev_cmdq(d, &cq, err))
		return -1;
	if (d->dma->alloc(d->dma, (size_t)PAGE << log_size, PAGE, &r->mem, err))
		return prm_err_prefix(err, "tracer buffer of %zu bytes: ", (size_t)PAGE << log_size);
	r->nblocks = r->mem.size / TRACE_BLOCK_BYTES;
	tracer_ring_rewind(r);
	if (pd_alloc(d, &r->pd, err) && prm_err_prefix(err, "ALLOC_PD: "))
		goto fail;
	r->has_pd = true;
	if (create_mkey(d, r, err))
		goto fail;
	r->has_mkey = true;
	return 0;
fail:
	tracer_ring_destroy(d, r, NULL);
	return -1;
}

static int destroy(struct dev *d, struct tracer_ring *r, struct prm_err *err)
{
	struct prm_err mine = { 0 };
	uint8_t in[16] = { 0 }, out[16] = { 0 };
	int rc = 0;

	if (!err)
		err = &mine;
	if (r->has_mkey) {
		PRM_SET(destroy_mkey_in, in, sizeof(in), "opcode", MLX5_CMD_OP_DESTROY_MKEY);
		PRM_SET(destroy_mkey_in, in, sizeof(in), "mkey_index", r->mkey >> 8);
		if (dev_cmd_run(d, in, sizeof(in), out, sizeof(out), err))
			rc = prm_err_prefix(err, "DESTROY_MKEY: ");
		r->has_mkey = false;
	}
	if (r->has_pd) {
		if (pd_dealloc(d, r->pd, rc ? &mine : err) && !rc)
			rc = prm_err_prefix(err, "DEALLOC_PD: ");
		r->has_pd = false;
	}
	if (r->mem.va)
		d->dma->free(d->dma, &r->mem);
	memset(&r->mem, 0, sizeof(r->mem));
	return rc;
}

int tracer_ring_destroy(struct dev *d, struct tracer_ring *r, struct prm_err *err)
{
	int rc;

	dev_cleanup_begin();
	rc = destroy(d, r, err);
	dev_cleanup_end();
	return rc;
}
