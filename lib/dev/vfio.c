// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * --access vfio: a function bound to vfio-pci, reached as mlx5cmd and
 * rdma-core's mlx5_vfio reach it. The group joins a type1 container (the
 * IOMMU maps our DMA memory at I/O virtual addresses we choose), BAR0 is the
 * device's region 0, config space region 7 (bus mastering is ours to turn
 * on). DMA memory is one reserved range of our address space, mapped into
 * the IOMMU a chunk at a time as the command queue's allocations reach it,
 * so a plain command pins a megabyte and a tracer ring only what it takes.
 * vfio-pci resets the function when the device is opened and again when it
 * is closed; the command queue's teardown gives back every page first.
 */
#include <errno.h>
#include <fcntl.h>
#include <linux/vfio.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <unistd.h>

#include "lib/dev/dev.h"
#include "lib/dev/dma.h"
#include "lib/dev/sysfs.h"
#include "lib/dev/vfio.h"

#define DMA_RESERVE (256u << 20)	/* address space held back; pinned only as used */
#define DMA_CHUNK (1u << 20)		/* mapped into the IOMMU this much at a time */
#define IOVA_FLOOR (1u << 20)		/* never near 0: a zero pointer means "none" to the PRM */
#define PCI_COMMAND_OFF 4
#define PCI_CMD_MEM_MASTER 0x6
#define PCI_CMD_MASTER 0x4

struct vfio {
	int container, group, device;
	volatile uint32_t *bar;	/* region 0 mapped, or NULL: pread/pwrite */
	size_t bar_len;
	uint64_t bar_off, cfg_off;
	uint64_t iova_base;	/* where our DMA range starts on the device's side */
	uint16_t cmd_found;	/* the command register as opened */
	bool cmd_saved;
};

struct vfio_dma {
	struct dma_provider p;
	struct dma_provider *inner;	/* the bump allocator over the range */
	struct vfio *v;
	struct dev *d;
	uint8_t *base;
	size_t mapped;
};

static int sys_err(struct dev *d, const char *reason, const char *what, struct prm_err *err)
{
	int e = errno;

	return prm_err_set(err, e == EACCES || e == EPERM ? PRM_E_NODEV : PRM_E_FAILED, e, reason,
			   "%s: %s: %s", d->label, what, strerror(e));
}

/* ---- BAR0 ---- */

static int bar_rw(struct dev *d, uint32_t off, void *buf, size_t len, bool write,
		  struct prm_err *err)
{
	struct vfio *v = d->priv;
	uint8_t *p = buf;

	if (off % 4 || len % 4)
		return prm_err_set(err, PRM_E_FAILED, EINVAL, "unaligned",
				   "%s: BAR0 accesses must be dword aligned (0x%x+%zu)", d->label, off, len);
	for (size_t i = 0; i < len; i += 4) {
		uint32_t w;

		if (v->bar) {
			if (write) {
				memcpy(&w, p + i, 4);
				v->bar[(off + i) / 4] = w;
			} else {
				w = v->bar[(off + i) / 4];
				memcpy(p + i, &w, 4);	/* device (big-endian) byte order kept */
			}
			continue;
		}
		/* one dword per access: the device answers 32-bit reads */
		if ((write ? pwrite(v->device, p + i, 4, (off_t)(v->bar_off + off + i)) :
			     pread(v->device, p + i, 4, (off_t)(v->bar_off + off + i))) != 4)
			return prm_err_set(err, PRM_E_NODEV, errno ? errno : EIO, "vfio_region",
					   "%s: BAR0 %s at 0x%zx through VFIO failed: %s", d->label,
					   write ? "write" : "read", off + i, strerror(errno ? errno : EIO));
	}
	return 0;
}

static int bar_read(struct dev *d, uint32_t off, void *buf, size_t len, struct prm_err *err)
{
	return bar_rw(d, off, buf, len, false, err);
}

static int bar_write(struct dev *d, uint32_t off, const void *buf, size_t len,
		     struct prm_err *err)
{
	return bar_rw(d, off, (void *)buf, len, true, err);
}

/* Bus mastering back as it was found (vfio-pci restores the rest). */
static void restore_command(struct vfio *v)
{
	uint16_t cmd;

	if (pread(v->device, &cmd, 2, (off_t)(v->cfg_off + PCI_COMMAND_OFF)) != 2)
		return;
	cmd = (uint16_t)((cmd & ~PCI_CMD_MASTER) | (v->cmd_found & PCI_CMD_MASTER));
	(void)!pwrite(v->device, &cmd, 2, (off_t)(v->cfg_off + PCI_COMMAND_OFF));
}

/* ---- DMA memory ---- */

/* Map into the IOMMU whatever of [0, upto) of the range is not mapped yet. */
static int dma_cover(struct vfio_dma *m, size_t upto, struct prm_err *err)
{
	while (m->mapped < upto) {
		struct vfio_iommu_type1_dma_map map = {
			.argsz = sizeof(map),
			.flags = VFIO_DMA_MAP_FLAG_READ | VFIO_DMA_MAP_FLAG_WRITE,
			.vaddr = (uintptr_t)(m->base + m->mapped),
			.iova = m->v->iova_base + m->mapped,
			.size = DMA_CHUNK,
		};

		if (ioctl(m->v->container, VFIO_IOMMU_MAP_DMA, &map)) {
			if (errno == ENOMEM)
				return prm_err_set(err, PRM_E_FAILED, ENOMEM, "vfio_memlock",
						   "%s: the IOMMU would not pin %zu more KiB of DMA memory (%zu KiB pinned): the locked-memory limit (ulimit -l) is too low for a user without CAP_IPC_LOCK",
						   m->d->label, (size_t)DMA_CHUNK >> 10, m->mapped >> 10);
			return sys_err(m->d, "vfio_dma_map", "VFIO_IOMMU_MAP_DMA", err);
		}
		m->mapped += DMA_CHUNK;
	}
	return 0;
}

static int vdma_alloc(struct dma_provider *p, size_t size, size_t align, struct dma_buf *out,
		      struct prm_err *err)
{
	struct vfio_dma *m = p->ctx;

	if (m->inner->alloc(m->inner, size, align, out, err))
		return -1;
	if (dma_cover(m, (size_t)(out->va - m->base) + size, err)) {
		m->inner->free(m->inner, out);
		return -1;
	}
	return 0;
}

static void vdma_free(struct dma_provider *p, struct dma_buf *b)
{
	struct vfio_dma *m = p->ctx;

	m->inner->free(m->inner, b);
}

static void vdma_close(struct dma_provider *p)
{
	struct vfio_dma *m = p->ctx;

	/* no DMA from the function (a command that never completed) into
	 * addresses about to be unmapped: bus mastering off first */
	if (m->v->cmd_saved)
		restore_command(m->v);
	if (m->mapped) {
		struct vfio_iommu_type1_dma_unmap un = {
			.argsz = sizeof(un), .iova = m->v->iova_base, .size = m->mapped,
		};

		/* the device keeps no address of ours past this */
		(void)ioctl(m->v->container, VFIO_IOMMU_UNMAP_DMA, &un);
	}
	m->inner->close(m->inner);
	munmap(m->base, DMA_RESERVE);
	free(m);
}

static struct dma_provider *vfio_dma_open(struct dev *d, struct prm_err *err)
{
	struct vfio_dma *m = calloc(1, sizeof(*m));

	if (!m) {
		prm_err_set(err, PRM_E_FAILED, ENOMEM, "oom", "out of memory");
		return NULL;
	}
	m->base = mmap(NULL, DMA_RESERVE, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	if (m->base == MAP_FAILED) {
		sys_err(d, "oom", "reserving DMA memory", err);
		free(m);
		return NULL;
	}
	m->v = d->priv;
	m->d = d;
	m->inner = dma_open_region(m->base, m->v->iova_base, DMA_RESERVE, err);
	if (!m->inner) {
		munmap(m->base, DMA_RESERVE);
		free(m);
		return NULL;
	}
	m->p = (struct dma_provider){ .alloc = vdma_alloc, .free = vdma_free,
				      .close = vdma_close, .ctx = m };
	return &m->p;
}

/* ---- the function ---- */

static void vfio_close(struct dev *d)
{
	struct vfio *v = d->priv;

	if (!v)
		return;
	if (v->cmd_saved)
		restore_command(v);
	if (v->bar)
		munmap((void *)v->bar, v->bar_len);
	if (v->device >= 0)
		close(v->device);
	if (v->group >= 0)
		close(v->group);
	if (v->container >= 0)
		close(v->container);
	free(v);
	d->priv = NULL;
}

static const struct dev_ops vfio_ops = {
	.bar_read = bar_read,
	.bar_write = bar_write,
	.dma_open = vfio_dma_open,
	.close = vfio_close,
};

/* The other members of the group and their drivers, for "not viable". */
static void group_members(const struct dev *d, char *buf, size_t sz)
{
	char rel[96], list[512] = "", drv[64], bdf[32];
	const char *p;
	size_t n = 0;

	buf[0] = 0;
	snprintf(rel, sizeof(rel), "kernel/iommu_groups/%d/devices", d->info.iommu_group);
	sysfs_list(rel, list, sizeof(list));
	for (p = list; (p = sysfs_list_next(p, bdf, sizeof(bdf)));) {
		if (!strcmp(bdf, d->info.bdf))
			continue;
		snprintf(rel, sizeof(rel), "bus/pci/devices/%s/driver", bdf);
		if (sysfs_link_base(rel, drv, sizeof(drv)))
			snprintf(drv, sizeof(drv), "no driver");
		n += (size_t)snprintf(buf + n, sz - n, "%s%s (%s)", n ? ", " : "", bdf, drv);
		if (n >= sz)
			break;	/* the list cut short; what fits is named */
	}
}

static int open_group(struct dev *d, struct vfio *v, struct prm_err *err)
{
	struct vfio_group_status st = { .argsz = sizeof(st) };
	char path[64], others[384];

	v->container = open("/dev/vfio/vfio", O_RDWR | O_CLOEXEC);
	if (v->container < 0)
		return errno == ENOENT ?
		       prm_err_set(err, PRM_E_NODEV, ENOENT, "no_vfio",
				   "%s: /dev/vfio/vfio is missing: the vfio module is not loaded (modprobe vfio-pci)",
				   d->label) :
		       sys_err(d, "vfio_open", "/dev/vfio/vfio", err);
	if (ioctl(v->container, VFIO_GET_API_VERSION) != VFIO_API_VERSION ||
	    ioctl(v->container, VFIO_CHECK_EXTENSION, VFIO_TYPE1v2_IOMMU) != 1)
		return prm_err_set(err, PRM_E_NODEV, ENOTSUP, "no_type1",
				   "%s: the kernel's VFIO offers no type1 (v2) IOMMU container", d->label);
	snprintf(path, sizeof(path), "/dev/vfio/%d", d->info.iommu_group);
	v->group = open(path, O_RDWR | O_CLOEXEC);
	if (v->group < 0) {
		if (errno == EBUSY)
			return prm_err_set(err, PRM_E_NODEV, EBUSY, "vfio_busy",
					   "%s: IOMMU group %d (%s) is open in another process (a VM, or another prmctl)",
					   d->label, d->info.iommu_group, path);
		if (errno == EACCES)
			return prm_err_set(err, PRM_E_NODEV, EACCES, "permission",
					   "%s: permission denied opening %s (root, or a user the group's node is given to)",
					   d->label, path);
		return sys_err(d, "vfio_open", path, err);
	}
	if (ioctl(v->group, VFIO_GROUP_GET_STATUS, &st))
		return sys_err(d, "vfio_group", "VFIO_GROUP_GET_STATUS", err);
	if (!(st.flags & VFIO_GROUP_FLAGS_VIABLE)) {
		group_members(d, others, sizeof(others));
		return prm_err_set(err, PRM_E_NODEV, EPERM, "group_not_viable",
				   "%s: IOMMU group %d is not viable: every device in it must be bound to vfio-pci (or have no driver); it also holds %s",
				   d->label, d->info.iommu_group, others[0] ? others : "devices not listed in sysfs");
	}
	if (ioctl(v->group, VFIO_GROUP_SET_CONTAINER, &v->container))
		return sys_err(d, "vfio_group", "VFIO_GROUP_SET_CONTAINER", err);
	if (ioctl(v->container, VFIO_SET_IOMMU, VFIO_TYPE1v2_IOMMU))
		return sys_err(d, "vfio_iommu", "VFIO_SET_IOMMU (type1 v2)", err);
	v->device = ioctl(v->group, VFIO_GROUP_GET_DEVICE_FD, d->info.bdf);
	if (v->device < 0)
		return sys_err(d, "vfio_device", "VFIO_GROUP_GET_DEVICE_FD", err);
	return 0;
}

/*
 * The lowest I/O virtual address, at or above floor and aligned to align,
 * with size bytes free in one of the IOMMU's usable ranges, from the reply
 * to VFIO_IOMMU_GET_INFO (len bytes; its capability chain walked with every
 * offset checked). 1 when the reply lists no ranges (any address will do),
 * 0 with *base, -1 when no range has room.
 */
int vfio_iova_pick(const uint8_t *info, size_t len, uint64_t size, uint64_t align,
		   uint64_t floor, uint64_t *base)
{
	struct vfio_iommu_type1_info hdr;
	uint32_t off, seen = 0;

	if (len < sizeof(hdr))
		return 1;
	memcpy(&hdr, info, sizeof(hdr));
	if (!(hdr.flags & VFIO_IOMMU_INFO_CAPS))
		return 1;
	for (off = hdr.cap_offset; off && off >= sizeof(hdr) && off <= len - sizeof(struct vfio_info_cap_header) &&
	     seen++ < 64;) {
		struct vfio_info_cap_header h;
		struct vfio_iommu_type1_info_cap_iova_range r;

		memcpy(&h, info + off, sizeof(h));
		if (h.id == VFIO_IOMMU_TYPE1_INFO_CAP_IOVA_RANGE && off + sizeof(r) <= len) {
			memcpy(&r, info + off, sizeof(r));
			for (uint32_t i = 0; i < r.nr_iovas; i++) {
				struct vfio_iova_range one;
				size_t at = off + sizeof(r) + (size_t)i * sizeof(one);
				uint64_t s;

				if (at + sizeof(one) > len)
					break;
				memcpy(&one, info + at, sizeof(one));
				s = one.start < floor ? floor : one.start;
				if (s > UINT64_MAX - (align - 1))
					continue;
				s = (s + align - 1) / align * align;
				if (s <= one.end && one.end - s >= size - 1) {
					*base = s;
					return 0;
				}
			}
			return -1;
		}
		if (h.next <= off)
			break;	/* the chain runs forward only */
		off = h.next;
	}
	return 1;
}

static int choose_iova(struct dev *d, struct vfio *v, struct prm_err *err)
{
	struct vfio_iommu_type1_info probe = { .argsz = sizeof(probe) };
	uint8_t *info;
	size_t len;
	int rc;

	if (ioctl(v->container, VFIO_IOMMU_GET_INFO, &probe))
		return sys_err(d, "vfio_iommu", "VFIO_IOMMU_GET_INFO", err);
	/* the queue, its mailboxes and the firmware's pages are 4 KiB each */
	if ((probe.flags & VFIO_IOMMU_INFO_PGSIZES) && !(probe.iova_pgsizes & 0x1fff))
		return prm_err_set(err, PRM_E_NODEV, ENOTSUP, "iommu_page_size",
				   "%s: the IOMMU's smallest page is larger than 4 KiB (page sizes 0x%llx)",
				   d->label, (unsigned long long)probe.iova_pgsizes);
	/* the first reply says how long the whole one is, capabilities included */
	len = probe.argsz > sizeof(probe) ? probe.argsz : sizeof(probe);
	info = calloc(1, len);
	if (!info)
		return prm_err_set(err, PRM_E_FAILED, ENOMEM, "oom", "out of memory");
	((struct vfio_iommu_type1_info *)(void *)info)->argsz = (uint32_t)len;
	if (ioctl(v->container, VFIO_IOMMU_GET_INFO, info)) {
		free(info);
		return sys_err(d, "vfio_iommu", "VFIO_IOMMU_GET_INFO", err);
	}
	rc = vfio_iova_pick(info, len, DMA_RESERVE, DMA_CHUNK, IOVA_FLOOR, &v->iova_base);
	free(info);
	if (rc < 0)
		return prm_err_set(err, PRM_E_NODEV, ENOSPC, "iova_space",
				   "%s: the IOMMU offers no %u MiB range of I/O addresses", d->label,
				   DMA_RESERVE >> 20);
	if (rc > 0)
		v->iova_base = IOVA_FLOOR;	/* no ranges given: the low ones are usable */
	return 0;
}

static int open_regions(struct dev *d, struct vfio *v, struct prm_err *err)
{
	struct vfio_region_info bar = { .argsz = sizeof(bar), .index = VFIO_PCI_BAR0_REGION_INDEX };
	struct vfio_region_info cfg = { .argsz = sizeof(cfg), .index = VFIO_PCI_CONFIG_REGION_INDEX };
	uint16_t cmd;

	if (ioctl(v->device, VFIO_DEVICE_GET_REGION_INFO, &bar) ||
	    ioctl(v->device, VFIO_DEVICE_GET_REGION_INFO, &cfg))
		return sys_err(d, "vfio_region", "VFIO_DEVICE_GET_REGION_INFO", err);
	if (bar.size < DEV_INITSEG_BYTES || !(bar.flags & VFIO_REGION_INFO_FLAG_WRITE))
		return prm_err_set(err, PRM_E_NODEV, ENOTSUP, "vfio_region",
				   "%s: VFIO's BAR0 region (%llu bytes, flags 0x%x) cannot hold the initialization segment",
				   d->label, (unsigned long long)bar.size, bar.flags);
	v->bar_off = bar.offset;
	v->cfg_off = cfg.offset;
	v->bar_len = bar.size < (64u << 10) ? bar.size : (64u << 10);
	if (bar.flags & VFIO_REGION_INFO_FLAG_MMAP) {
		void *m = mmap(NULL, v->bar_len, PROT_READ | PROT_WRITE, MAP_SHARED, v->device,
			       (off_t)bar.offset);

		if (m != MAP_FAILED)
			v->bar = m;
	}
	d->bar_size = v->bar_len;
	/* vfio-pci enables the device but leaves bus mastering off */
	if (pread(v->device, &cmd, 2, (off_t)(v->cfg_off + PCI_COMMAND_OFF)) != 2)
		return sys_err(d, "vfio_region", "reading the PCI command register", err);
	v->cmd_found = cmd;
	v->cmd_saved = true;
	cmd |= PCI_CMD_MEM_MASTER;
	if (pwrite(v->device, &cmd, 2, (off_t)(v->cfg_off + PCI_COMMAND_OFF)) != 2)
		return sys_err(d, "vfio_region", "enabling bus mastering", err);
	return 0;
}

int vfio_group_required(const struct dev_info *info, struct prm_err *err)
{
	if (info->iommu_group >= 0)
		return 0;
	return prm_err_set(err, PRM_E_NODEV, ENOTSUP, "no_iommu_group",
			   "%s: the function is in no IOMMU group, which vfio-pci needs: the kernel runs without an IOMMU for it (intel_iommu=on or amd_iommu=on; VFIO's no-IOMMU mode is not used)",
			   info->bdf);
}

int dev_vfio_open(struct dev *d, struct prm_err *err)
{
	struct vfio *v;

	if (strcmp(d->info.driver, "vfio-pci"))
		return prm_err_set(err, PRM_E_NODEV, ENOTSUP, "not_vfio",
				   "%s: --access vfio needs the function bound to vfio-pci (%s%s); bind it with: prmctl -d %s --write device bind vfio-pci",
				   d->label, d->info.driver[0] ? "it is bound to " : "it has no driver",
				   d->info.driver, d->info.bdf);
	if (vfio_group_required(&d->info, err))
		return -1;
	v = calloc(1, sizeof(*v));
	if (!v)
		return prm_err_set(err, PRM_E_FAILED, ENOMEM, "oom", "out of memory");
	v->container = v->group = v->device = -1;
	d->priv = v;
	if (open_group(d, v, err) || choose_iova(d, v, err) || open_regions(d, v, err)) {
		vfio_close(d);
		return -1;
	}
	d->ops = &vfio_ops;
	d->access = "vfio";
	return 0;
}
