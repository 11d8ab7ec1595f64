// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * DMA through mappings a vfio-user client gives, keyed by I/O virtual
 * address: guest RAM as (fd, offset) at an IOVA, or, behind a vIOMMU, one
 * 4 KiB mapping per IOMMU page, thousands of them, each with its own fd.
 * A sorted table finds one in log time; the fd is closed once mapped.
 *
 * An unmap must drop every reference to the guest's memory before it is
 * answered, but a firmware thread may hold a pointer from sim_dma() for as
 * long as one command runs. So an unmapped range is replaced in place by
 * anonymous memory (the guest's pages are let go at once; a late access
 * lands in scratch, never in a hole) and the placeholder is unmapped only
 * after the longest a command can take.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lib/sim/internal.h"

/* cmd-slow's maximum (600 s) and a margin: no pointer outlives one command */
#define GRACE_NS (610ull * 1000000000ull)

struct iova_map {
	uint64_t iova, size;
	uint8_t *va;		/* NULL: no fd, not reachable by pointer */
	void *base;		/* what was mapped: page-aligned, len bytes */
	size_t len;
};

struct retired {
	void *base;
	size_t len;
	uint64_t at_ns;
};

struct sim_iova_table {
	struct iova_map *m;
	size_t n, cap;
	struct retired *r;
	size_t nr, rcap;
};

static int grow(void **p, size_t *cap, size_t need, size_t each)
{
	size_t c = *cap ? *cap : 64;
	void *q;

	if (need <= *cap)
		return 0;
	while (c < need)
		c *= 2;
	q = realloc(*p, c * each);
	if (!q)
		return -ENOMEM;
	*p = q;
	*cap = c;
	return 0;
}

/* The first mapping whose end is past iova (n when none). */
static size_t lower(const struct sim_iova_table *t, uint64_t iova)
{
	size_t lo = 0, hi = t->n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (t->m[mid].iova + t->m[mid].size <= iova)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

static void reap(struct sim_iova_table *t, bool all)
{
	uint64_t now = sim_now_ns();
	size_t k = 0;

	for (size_t i = 0; i < t->nr; i++) {
		if (all || now - t->r[i].at_ns > GRACE_NS)
			munmap(t->r[i].base, t->r[i].len);
		else
			t->r[k++] = t->r[i];
	}
	t->nr = k;
}

static struct sim_iova_table *table(struct sim_adapter *a)
{
	if (!a->iova)
		a->iova = calloc(1, sizeof(*a->iova));
	return a->iova;
}

int sim_dma_map(struct sim_adapter *a, uint64_t iova, uint64_t size, int fd, uint64_t off)
{
	long pg = sysconf(_SC_PAGESIZE);
	struct sim_iova_table *t;
	struct iova_map m = { .iova = iova, .size = size };
	size_t at;
	int rc = 0;

	if (!size || iova + size < iova || off + size < off || size > SIZE_MAX / 2 ||
	    off > (uint64_t)INT64_MAX - size)
		return -EINVAL;
	pthread_mutex_lock(&a->dma_lock);
	t = table(a);
	if (!t)
		rc = -ENOMEM;
	else if (t->n >= SIM_DMA_MAX_IOVA_MAPS)
		rc = -ENOSPC;
	if (rc)
		goto out;
	at = lower(t, iova);
	if (at < t->n && t->m[at].iova < iova + size) {
		rc = -EEXIST;		/* mapping over a mapping is refused */
		goto out;
	}
	if (fd >= 0) {
		uint64_t skew = off % (uint64_t)pg;
		struct stat st;

		/* past a file's end a firmware access would fault (SIGBUS): refused here */
		if (fstat(fd, &st) || (S_ISREG(st.st_mode) && off + size > (uint64_t)st.st_size)) {
			rc = -EINVAL;
			goto out;
		}

		m.len = (size_t)(size + skew);
		m.base = mmap(NULL, m.len, PROT_READ | PROT_WRITE, MAP_SHARED, fd, (off_t)(off - skew));
		if (m.base == MAP_FAILED) {
			rc = -errno;
			goto out;
		}
		m.va = (uint8_t *)m.base + skew;
	}
	if ((rc = grow((void **)&t->m, &t->cap, t->n + 1, sizeof(*t->m)))) {
		if (m.base)
			munmap(m.base, m.len);
		goto out;
	}
	memmove(t->m + at + 1, t->m + at, (t->n - at) * sizeof(*t->m));
	t->m[at] = m;
	t->n++;
	a->dma_external = true;
out:
	pthread_mutex_unlock(&a->dma_lock);
	return rc;
}

/* Let the guest's pages go now; the addresses stay valid until reaped. */
static int retire(struct sim_iova_table *t, const struct iova_map *m)
{
	if (!m->base)
		return 0;
	if (grow((void **)&t->r, &t->rcap, t->nr + 1, sizeof(*t->r)) ||
	    mmap(m->base, m->len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED,
		 -1, 0) == MAP_FAILED) {
		munmap(m->base, m->len);	/* no room to keep it: release it outright */
		return 0;
	}
	t->r[t->nr++] = (struct retired){ m->base, m->len, sim_now_ns() };
	return 0;
}

int sim_dma_unmap(struct sim_adapter *a, uint64_t iova, uint64_t size, size_t *count)
{
	struct sim_iova_table *t;
	size_t first, last;
	int rc = 0;
	/* the range's last byte: a size past 2^64 means "to the end" (QEMU's
	 * vIOMMU unmaps so: iova 0xfef00000, size 0xffffffff01100000) */
	uint64_t end;

	*count = 0;
	if (!size)
		return 0;
	end = iova + size - 1 < iova ? UINT64_MAX : iova + size - 1;
	pthread_mutex_lock(&a->dma_lock);
	t = a->iova;
	if (!t)
		goto out;
	first = lower(t, iova);
	for (last = first; last < t->n && t->m[last].iova <= end; last++)
		if (t->m[last].iova < iova || t->m[last].iova + (t->m[last].size - 1) > end) {
			rc = -EINVAL;	/* it would split a mapping: refused, as VFIO does */
			goto out;
		}
	for (size_t i = first; i < last; i++)
		retire(t, &t->m[i]);
	memmove(t->m + first, t->m + last, (t->n - last) * sizeof(*t->m));
	t->n -= last - first;
	*count = last - first;
	reap(t, false);
out:
	pthread_mutex_unlock(&a->dma_lock);
	return rc;
}

void sim_dma_unmap_every(struct sim_adapter *a)
{
	struct sim_iova_table *t;

	pthread_mutex_lock(&a->dma_lock);
	t = a->iova;
	for (size_t i = 0; t && i < t->n; i++)
		retire(t, &t->m[i]);
	if (t) {
		t->n = 0;
		reap(t, false);
	}
	pthread_mutex_unlock(&a->dma_lock);
}

uint8_t *sim_dma_iova(struct sim_adapter *a, uint64_t iova, size_t len)
{
	struct sim_iova_table *t = a->iova;
	size_t i = lower(t, iova);
	const struct iova_map *m = i < t->n ? &t->m[i] : NULL;

	if (!m || !m->va || iova < m->iova || len > m->size || iova - m->iova > m->size - len)
		return NULL;
	return m->va + (iova - m->iova);
}

bool sim_dma_iova_mapped(struct sim_adapter *a, uint64_t iova, size_t len)
{
	const struct iova_map *m = NULL;
	size_t i;

	pthread_mutex_lock(&a->dma_lock);
	if (a->iova && (i = lower(a->iova, iova)) < a->iova->n)
		m = &a->iova->m[i];
	m = m && iova >= m->iova && len <= m->size && iova - m->iova <= m->size - len ? m : NULL;
	pthread_mutex_unlock(&a->dma_lock);
	return m != NULL;
}

size_t sim_dma_iova_count(struct sim_adapter *a)
{
	size_t n;

	pthread_mutex_lock(&a->dma_lock);
	n = a->iova ? a->iova->n : 0;
	pthread_mutex_unlock(&a->dma_lock);
	return n;
}

void sim_dma_iova_free(struct sim_adapter *a)
{
	struct sim_iova_table *t = a->iova;

	if (!t)
		return;
	for (size_t i = 0; i < t->n; i++)
		if (t->m[i].base)
			munmap(t->m[i].base, t->m[i].len);
	reap(t, true);
	free(t->m);
	free(t->r);
	free(t);
	a->iova = NULL;
}
