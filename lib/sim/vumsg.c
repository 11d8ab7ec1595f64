// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * vfio-user, server side, one message at a time: the simulated adapter as
 * a PCI device with BAR0 (region 0) and config space (region 7), MSI-X
 * vectors as eventfds, guest memory as DMA mappings. Layouts and numbers
 * from QEMU's docs/interop/vfio-user.rst and Linux's <linux/vfio.h>; data
 * in host byte order, as the protocol says. A message that asks for
 * something wrong gets an error reply naming the errno; only one that is
 * not a command at all ends the connection.
 */
#include "lib/sim/vumsg.h"

#include <errno.h>
#include <linux/vfio.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static const char *const names[SIM_VU_NCMDS] = {
	[SIM_VU_VERSION] = "VERSION", [SIM_VU_DMA_MAP] = "DMA_MAP",
	[SIM_VU_DMA_UNMAP] = "DMA_UNMAP", [SIM_VU_DEVICE_GET_INFO] = "DEVICE_GET_INFO",
	[SIM_VU_GET_REGION_INFO] = "GET_REGION_INFO", [SIM_VU_GET_REGION_IO_FDS] = "GET_REGION_IO_FDS",
	[SIM_VU_GET_IRQ_INFO] = "GET_IRQ_INFO", [SIM_VU_SET_IRQS] = "SET_IRQS",
	[SIM_VU_REGION_READ] = "REGION_READ", [SIM_VU_REGION_WRITE] = "REGION_WRITE",
	[SIM_VU_DMA_READ] = "DMA_READ", [SIM_VU_DMA_WRITE] = "DMA_WRITE",
	[SIM_VU_DEVICE_RESET] = "DEVICE_RESET", [15] = "REGION_WRITE_MULTI",
	[16] = "DEVICE_FEATURE", [17] = "MIG_DATA_READ", [18] = "MIG_DATA_WRITE",
};

const char *sim_vu_cmd_name(unsigned cmd)
{
	return cmd < SIM_VU_NCMDS ? names[cmd] : NULL;
}

/* request payloads (after the header) */
struct dma_map {
	uint32_t argsz, flags;
	uint64_t offset, iova, size;
};
struct dma_unmap {
	uint32_t argsz, flags;
	uint64_t iova, size;
};
struct dev_info {
	uint32_t argsz, flags, num_regions, num_irqs;
};
struct region_info {
	uint32_t argsz, flags, index, cap_offset;
	uint64_t size, offset;
};
struct irq_info {
	uint32_t argsz, flags, index, count;
};
struct irq_set {
	uint32_t argsz, flags, index, start, count;
};
struct region_io {
	uint64_t offset;
	uint32_t region, count;
};
_Static_assert(sizeof(struct dma_map) == 32, "vfio_user_dma_map");
_Static_assert(sizeof(struct dma_unmap) == 24, "vfio_user_dma_unmap");
_Static_assert(sizeof(struct region_info) == 32, "vfio_region_info");
_Static_assert(sizeof(struct irq_set) == 20, "vfio_irq_set");
_Static_assert(sizeof(struct region_io) == 16, "vfio_user_region_access");

#define CAPS_JSON "{\"capabilities\":{\"max_msg_fds\":%u,\"max_data_xfer_size\":%u," \
		  "\"pgsizes\":%u,\"max_dma_maps\":%u}}"

struct msg {
	struct sim_vu_session *s;
	struct sim_vu_hdr h;
	const uint8_t *p;	/* payload */
	size_t plen;
	int *fds;
	size_t nfds;
	struct sim_vu_reply *r;
};

static void close_fds(struct msg *m)
{
	for (size_t i = 0; i < m->nfds; i++)
		if (m->fds[i] >= 0)
			close(m->fds[i]);
	m->nfds = 0;
}

/* The reply's payload goes after its header; ok() sets the header. */
static uint8_t *body(struct msg *m)
{
	return m->r->buf + SIM_VU_HDR_BYTES;
}

static int ok(struct msg *m, size_t len)
{
	struct sim_vu_hdr h = { m->h.id, m->h.cmd, (uint32_t)(SIM_VU_HDR_BYTES + len),
				SIM_VU_TYPE_REPLY, 0 };

	memcpy(m->r->buf, &h, sizeof(h));
	m->r->len = SIM_VU_HDR_BYTES + len;
	return 0;
}

/* An error reply carries the header alone. */
static int fail(struct msg *m, int errnum)
{
	struct sim_vu_hdr h = { m->h.id, m->h.cmd, SIM_VU_HDR_BYTES,
				SIM_VU_TYPE_REPLY | SIM_VU_ERROR, (uint32_t)errnum };

	close_fds(m);
	m->s->refused++;
	memcpy(m->r->buf, &h, sizeof(h));
	m->r->len = SIM_VU_HDR_BYTES;
	return 0;
}

/* The fixed part of a request, and its argsz when it has one. */
static bool take(struct msg *m, void *dst, size_t n, bool has_argsz)
{
	uint32_t argsz;

	if (m->plen < n)
		return false;
	memcpy(dst, m->p, n);
	memcpy(&argsz, m->p, sizeof(argsz));
	return !has_argsz || argsz >= n;
}

static int version(struct msg *m)
{
	uint16_t ver[2];
	int n;

	if (m->nfds || m->plen < sizeof(ver))
		return fail(m, EINVAL);
	memcpy(ver, m->p, sizeof(ver));
	if (ver[0] != 0)
		return fail(m, ENOTSUP);	/* the only major there is */
	/* same major, minor 0; our capabilities, a subset of what QEMU proposes */
	ver[1] = 0;
	memcpy(body(m), ver, sizeof(ver));
	n = snprintf((char *)body(m) + 4, 256, CAPS_JSON, SIM_VU_MAX_FDS, SIM_VU_MAX_XFER, 4096u,
		     (unsigned)SIM_DMA_MAX_IOVA_MAPS);
	m->s->versioned = true;
	return ok(m, 4 + (size_t)n + 1);	/* the JSON's NUL with it */
}

static int dma_map(struct msg *m)
{
	struct dma_map d;
	int rc;

	if (!take(m, &d, sizeof(d), true) || m->nfds > 1 ||
	    (d.flags & ~(uint32_t)(VFIO_DMA_MAP_FLAG_READ | VFIO_DMA_MAP_FLAG_WRITE)))
		return fail(m, EINVAL);
	rc = sim_dma_map(m->s->a, d.iova, d.size, m->nfds ? m->fds[0] : -1, d.offset);
	close_fds(m);		/* mapped or not, the descriptor is not needed after */
	return rc ? fail(m, -rc) : ok(m, 0);
}

static int dma_unmap(struct msg *m)
{
	struct dma_unmap d;
	size_t n;
	int rc = 0;

	if (!take(m, &d, sizeof(d), true) || m->nfds ||
	    (d.flags & ~(uint32_t)VFIO_DMA_UNMAP_FLAG_ALL))
		return fail(m, EINVAL);
	if (d.flags & VFIO_DMA_UNMAP_FLAG_ALL)
		sim_dma_unmap_every(m->s->a);
	else
		rc = sim_dma_unmap(m->s->a, d.iova, d.size, &n);
	if (rc)
		return fail(m, -rc);
	memcpy(body(m), &d, sizeof(d));		/* the entry, echoed */
	return ok(m, sizeof(d));
}

static int device_info(struct msg *m)
{
	struct dev_info d;

	if (!take(m, &d, sizeof(d), true) || m->nfds)
		return fail(m, EINVAL);
	d = (struct dev_info){ sizeof(d), VFIO_DEVICE_FLAGS_RESET | VFIO_DEVICE_FLAGS_PCI,
			       VFIO_PCI_NUM_REGIONS, VFIO_PCI_NUM_IRQS };
	memcpy(body(m), &d, sizeof(d));
	return ok(m, sizeof(d));
}

/* Size of a region we serve; 0 for the others. */
static uint64_t region_size(uint32_t index)
{
	return index == VFIO_PCI_BAR0_REGION_INDEX ? SIM_BAR0_DECODE :
	       index == VFIO_PCI_CONFIG_REGION_INDEX ? SIM_VU_CFG_BYTES : 0;
}

static int region_info(struct msg *m)
{
	struct region_info d;

	if (!take(m, &d, sizeof(d), true) || m->nfds || d.index >= VFIO_PCI_NUM_REGIONS)
		return fail(m, EINVAL);
	d.size = region_size(d.index);
	d = (struct region_info){ sizeof(d),
				  d.size ? VFIO_REGION_INFO_FLAG_READ | VFIO_REGION_INFO_FLAG_WRITE : 0,
				  d.index, 0, d.size, 0 };
	memcpy(body(m), &d, sizeof(d));
	return ok(m, sizeof(d));
}

static int irq_info(struct msg *m)
{
	struct irq_info d;

	if (!take(m, &d, sizeof(d), true) || m->nfds || d.index >= VFIO_PCI_NUM_IRQS)
		return fail(m, EINVAL);
	if (d.index == VFIO_PCI_MSIX_IRQ_INDEX)
		d = (struct irq_info){ sizeof(d), VFIO_IRQ_INFO_EVENTFD | VFIO_IRQ_INFO_NORESIZE,
				       d.index, m->s->a->msix_vectors };
	else if (d.index == VFIO_PCI_INTX_IRQ_INDEX)	/* config space names pin A */
		d = (struct irq_info){ sizeof(d), VFIO_IRQ_INFO_EVENTFD, d.index, 1 };
	else
		d = (struct irq_info){ sizeof(d), 0, d.index, 0 };
	memcpy(body(m), &d, sizeof(d));
	return ok(m, sizeof(d));
}

static bool one_bit(uint32_t v)
{
	return v && !(v & (v - 1));
}

/* MSI-X: eventfds assigned or taken away, or vectors the client triggers. */
static int msix_set(struct msg *m, const struct irq_set *d, uint32_t data, uint32_t action)
{
	struct sim_adapter *a = m->s->a;

	if (action != VFIO_IRQ_SET_ACTION_TRIGGER) {	/* QEMU masks in its own table */
		close_fds(m);
		return ok(m, 0);
	}
	if (data == VFIO_IRQ_SET_DATA_NONE && d->count == 0) {
		if (d->start)
			return fail(m, EINVAL);
		sim_msix_set(a, 0, a->msix_vectors, NULL);	/* every vector off */
		return ok(m, 0);
	}
	if (d->start > a->msix_vectors || d->count > a->msix_vectors - d->start)
		return fail(m, EINVAL);
	if (data == VFIO_IRQ_SET_DATA_EVENTFD) {
		if (m->nfds && m->nfds != d->count)
			return fail(m, EINVAL);
		sim_msix_set(a, d->start, d->count, m->nfds ? m->fds : NULL);
		m->nfds = 0;	/* kept */
		return ok(m, 0);
	}
	if (m->nfds || (data == VFIO_IRQ_SET_DATA_BOOL && m->plen < sizeof(*d) + d->count))
		return fail(m, EINVAL);
	for (uint32_t i = 0; i < d->count; i++)
		if (data == VFIO_IRQ_SET_DATA_NONE || m->p[sizeof(*d) + i])
			sim_msix_raise(a, d->start + i);
	return ok(m, 0);
}

static int set_irqs(struct msg *m)
{
	struct irq_set d;
	uint32_t data, action;

	if (!take(m, &d, sizeof(d), true) || m->nfds > SIM_VU_MAX_FDS)
		return fail(m, EINVAL);
	data = d.flags & VFIO_IRQ_SET_DATA_TYPE_MASK;
	action = d.flags & VFIO_IRQ_SET_ACTION_TYPE_MASK;
	if (!one_bit(data) || !one_bit(action) ||
	    (d.flags & ~(uint32_t)(VFIO_IRQ_SET_DATA_TYPE_MASK | VFIO_IRQ_SET_ACTION_TYPE_MASK)) ||
	    d.index >= VFIO_PCI_NUM_IRQS || (data != VFIO_IRQ_SET_DATA_EVENTFD && m->nfds))
		return fail(m, EINVAL);
	switch (d.index) {
	case VFIO_PCI_MSIX_IRQ_INDEX:
		return msix_set(m, &d, data, action);
	case VFIO_PCI_INTX_IRQ_INDEX:
		/* the pin is there for the header's sake; the adapter never asserts it */
		if (d.start > 0 || d.count > 1)
			return fail(m, EINVAL);
		close_fds(m);
		return ok(m, 0);
	default:	/* MSI, error and request: none; only "disable all" applies */
		if (d.count)
			return fail(m, EINVAL);
		close_fds(m);
		return ok(m, 0);
	}
}

/* BAR0 in naturally aligned pieces of up to 8 bytes, as a bus splits them. */
static void bar_rw(struct sim_adapter *a, uint64_t off, uint8_t *buf, size_t n, bool write)
{
	while (n) {
		unsigned k = 8;
		uint64_t v = 0;

		while (k > n || off % k)
			k /= 2;
		if (write) {
			for (unsigned i = 0; i < k; i++)
				v |= (uint64_t)buf[i] << (8 * i);
			sim_bar_bus_write(a, off, k, v);
		} else {
			v = sim_bar_bus_read(a, off, k);
			for (unsigned i = 0; i < k; i++)
				buf[i] = (uint8_t)(v >> (8 * i));
		}
		off += k;
		buf += k;
		n -= k;
	}
}

static int region_rw(struct msg *m, bool write)
{
	struct sim_adapter *a = m->s->a;
	struct region_io d;
	uint64_t size;
	uint8_t *data;

	if (!take(m, &d, sizeof(d), false) || m->nfds || d.count > SIM_VU_MAX_XFER ||
	    (write && m->plen - sizeof(d) < d.count))
		return fail(m, EINVAL);
	size = region_size(d.region);
	if (d.region >= VFIO_PCI_NUM_REGIONS || d.offset > size || d.count > size - d.offset)
		return fail(m, EINVAL);
	data = body(m) + sizeof(d);
	if (write)
		memcpy(data, m->p + sizeof(d), d.count);
	if (d.region == VFIO_PCI_CONFIG_REGION_INDEX && write)
		sim_cfg_write(a, (uint32_t)d.offset, data, d.count);
	else if (d.region == VFIO_PCI_CONFIG_REGION_INDEX)
		sim_cfg_read(a, (uint32_t)d.offset, data, d.count);
	else
		bar_rw(a, d.offset, data, d.count, write);
	memcpy(body(m), &d, sizeof(d));
	return ok(m, sizeof(d) + (write ? 0 : d.count));
}

static int dispatch(struct msg *m)
{
	if (m->h.cmd == SIM_VU_VERSION)
		return version(m);
	if (!m->s->versioned)
		return fail(m, EINVAL);		/* VERSION comes first */
	switch (m->h.cmd) {
	case SIM_VU_DMA_MAP:
		return dma_map(m);
	case SIM_VU_DMA_UNMAP:
		return dma_unmap(m);
	case SIM_VU_DEVICE_GET_INFO:
		return device_info(m);
	case SIM_VU_GET_REGION_INFO:
		return region_info(m);
	case SIM_VU_GET_IRQ_INFO:
		return irq_info(m);
	case SIM_VU_SET_IRQS:
		return set_irqs(m);
	case SIM_VU_REGION_READ:
		return region_rw(m, false);
	case SIM_VU_REGION_WRITE:
		return region_rw(m, true);
	case SIM_VU_DEVICE_RESET:
		if (m->nfds)
			return fail(m, EINVAL);
		sim_adapter_reset(m->s->a);
		return ok(m, 0);
	}
	return fail(m, ENOSYS);
}

int sim_vu_message(struct sim_vu_session *s, const uint8_t *msg, size_t len, int *fds,
		   size_t nfds, struct sim_vu_reply *r)
{
	struct msg m = { .s = s, .fds = fds, .nfds = nfds, .r = r };

	r->len = 0;
	if (len < SIM_VU_HDR_BYTES || len > SIM_VU_MAX_MSG) {
		close_fds(&m);
		return -1;
	}
	memcpy(&m.h, msg, sizeof(m.h));
	if (m.h.size != len || (m.h.flags & 0xf) != 0) {	/* a reply, or a size that lies */
		close_fds(&m);
		return -1;
	}
	m.p = msg + SIM_VU_HDR_BYTES;
	m.plen = len - SIM_VU_HDR_BYTES;
	s->counts[m.h.cmd < SIM_VU_NCMDS && names[m.h.cmd] ? m.h.cmd : 0]++;
	dispatch(&m);
	if (m.h.flags & SIM_VU_NO_REPLY)
		r->len = 0;	/* posted: never answered, not even an error */
	return 0;
}
