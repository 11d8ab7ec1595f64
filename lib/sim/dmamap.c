// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * DMA into memory the simulator does not own: a VM's RAM, handed over as
 * file descriptors with the guest-physical ranges they back (QEMU's proxy
 * SYNC_SYSMEM). The map is replaced whenever the guest's memory map
 * changes, hundreds of times during a boot, mostly with the same regions:
 * a region already mapped is reused, and no mapping is undone while the
 * adapter lives, because the firmware threads hold pointers into them.
 */
#include <errno.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lib/sim/internal.h"

static int same(const struct sim_dma_map *m, const struct stat *st, int64_t off, uint64_t size)
{
	return m->dev == st->st_dev && m->ino == st->st_ino && m->off == off && m->size == size;
}

int sim_dma_sync(struct sim_adapter *a, const uint64_t *gpa, const uint64_t *size,
		 const int64_t *off, const int *fd, size_t n, struct prm_err *err)
{
	size_t active[SIM_MAX_DMA_REGIONS], nactive = 0;
	int rc = 0;

	pthread_mutex_lock(&a->dma_lock);
	for (size_t i = 0; i < n && i < SIM_MAX_DMA_REGIONS; i++) {
		struct stat st;
		size_t k;

		if (fstat(fd[i], &st) || off[i] < 0) {
			rc = prm_err_set(err, PRM_E_FAILED, errno, "dma_map", "guest memory region %zu: %s",
					 i, strerror(errno));
			break;
		}
		for (k = 0; k < a->ndma_maps && !same(&a->dma_maps[k], &st, off[i], size[i]); k++)
			;
		if (k == a->ndma_maps) {
			void *va;

			if (k == SIM_MAX_DMA_MAPS) {
				rc = prm_err_set(err, PRM_E_FAILED, ENOMEM, "dma_map",
						 "more than %d distinct guest memory regions", SIM_MAX_DMA_MAPS);
				break;
			}
			va = mmap(NULL, size[i], PROT_READ | PROT_WRITE, MAP_SHARED, fd[i], off[i]);
			if (va == MAP_FAILED) {
				rc = prm_err_set(err, PRM_E_FAILED, errno, "dma_map",
						 "map guest memory (%llu bytes): %s",
						 (unsigned long long)size[i], strerror(errno));
				break;
			}
			a->dma_maps[k] = (struct sim_dma_map){ .va = va, .size = size[i], .off = off[i],
							       .dev = st.st_dev, .ino = st.st_ino };
			a->ndma_maps++;
		}
		a->dma_maps[k].gpa = gpa[i];
		active[nactive++] = k;
	}
	if (rc == 0) {
		memcpy(a->dma_active, active, nactive * sizeof(active[0]));
		a->ndma_active = nactive;
		a->dma_external = true;
	}
	pthread_mutex_unlock(&a->dma_lock);
	return rc;
}

uint8_t *sim_dma_external(struct sim_adapter *a, uint64_t iova, size_t len)
{
	uint8_t *va = NULL;

	pthread_mutex_lock(&a->dma_lock);
	if (a->iova) {
		va = sim_dma_iova(a, iova, len);
		pthread_mutex_unlock(&a->dma_lock);
		return va;
	}
	for (size_t i = 0; i < a->ndma_active && !va; i++) {
		const struct sim_dma_map *m = &a->dma_maps[a->dma_active[i]];

		if (iova >= m->gpa && len <= m->size && iova - m->gpa <= m->size - len)
			va = m->va + (iova - m->gpa);
	}
	pthread_mutex_unlock(&a->dma_lock);
	return va;
}

void sim_dma_unmap_all(struct sim_adapter *a)
{
	for (size_t i = 0; i < a->ndma_maps; i++)
		munmap(a->dma_maps[i].va, a->dma_maps[i].size);
	a->ndma_maps = a->ndma_active = 0;
	sim_dma_iova_free(a);
	a->dma_external = false;
}
