// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* DMA buffers carved out of one region (the simulator's host memory). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "lib/dev/dma.h"

/* A bump allocator; freed space is reused when it is the last thing
 * allocated (with the padding its alignment took), so the command queue's
 * per-command mailboxes, freed last-first, never accumulate. */
struct region {
	struct dma_provider p;
	uint8_t *base;
	uint64_t iova;
	size_t size, used;
};

static int region_alloc(struct dma_provider *p, size_t size, size_t align,
			struct dma_buf *out, struct prm_err *err)
{
	struct region *r = p->ctx;
	size_t at;

	if (!align)
		align = 64;
	at = (r->used + align - 1) / align * align;
	if (at > r->size || size > r->size - at)
		return prm_err_set(err, PRM_E_FAILED, ENOMEM, "no_dma",
				   "DMA memory exhausted (%zu of %zu bytes used)", r->used, r->size);
	out->va = r->base + at;
	out->iova = r->iova + at;
	out->size = size;
	out->mark = r->used;	/* alignment padding included */
	memset(out->va, 0, size);
	r->used = at + size;
	return 0;
}

static void region_free(struct dma_provider *p, struct dma_buf *b)
{
	struct region *r = p->ctx;

	if (b->va && b->va + b->size == r->base + r->used)
		r->used = b->mark;
	memset(b, 0, sizeof(*b));
}

static void region_close(struct dma_provider *p)
{
	free(p->ctx);
}

struct dma_provider *dma_open_region(uint8_t *base, uint64_t iova, size_t size,
				     struct prm_err *err)
{
	struct region *r = calloc(1, sizeof(*r));

	if (!r) {
		prm_err_set(err, PRM_E_FAILED, ENOMEM, "oom", "out of memory");
		return NULL;
	}
	r->base = base;
	r->iova = iova;
	r->size = size;
	r->p = (struct dma_provider){ .alloc = region_alloc, .free = region_free,
				      .close = region_close, .ctx = r };
	return &r->p;
}
