/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_DEV_DMA_H
#define PRMCTL_DEV_DMA_H

#include <stddef.h>
#include <stdint.h>

#include "lib/util/err.h"

/*
 * Memory the device reaches by DMA: a CPU address and the bus address the
 * device uses. The provider is its own piece (the simulator's host memory,
 * or a VFIO container for --access vfio: lib/dev/vfio.c), so the command
 * queue does not change when one is added.
 */
struct dma_buf {
	uint8_t *va;
	uint64_t iova;
	size_t size;
	size_t mark;		/* the provider's: what freeing gives back */
};

struct dma_provider {
	int (*alloc)(struct dma_provider *p, size_t size, size_t align,
		     struct dma_buf *out, struct prm_err *err);
	void (*free)(struct dma_provider *p, struct dma_buf *b);
	void (*close)(struct dma_provider *p);
	void *ctx;
};

/* The simulator's host memory, base at bus address iova. */
struct dma_provider *dma_open_region(uint8_t *base, uint64_t iova, size_t size,
				     struct prm_err *err);

#endif
