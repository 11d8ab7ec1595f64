/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_DEV_VFIO_H
#define PRMCTL_DEV_VFIO_H

#include <stddef.h>
#include <stdint.h>

#include "lib/dev/discover.h"
#include "lib/util/err.h"

/*
 * --access vfio (lib/dev/vfio.c; dev_vfio_open() in dev.h). What it reads
 * of the kernel's replies, apart for tests: the I/O virtual address range
 * for prmctl's DMA memory, from VFIO_IOMMU_GET_INFO's reply (len bytes).
 * 0 with *base (at or above floor, aligned to align, size bytes free in one
 * usable range); 1 when the reply lists no ranges; -1 when none has room.
 */
int vfio_iova_pick(const uint8_t *info, size_t len, uint64_t size, uint64_t align,
		   uint64_t floor, uint64_t *base);

/* 0 when the function has an IOMMU group (vfio-pci refuses it otherwise). */
int vfio_group_required(const struct dev_info *info, struct prm_err *err);

#endif
