// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * The simulator as a vfio-user device server, against a client written
 * here from QEMU's docs/interop/vfio-user.rst (not from our server): a
 * socketpair, the server's loop on one end. BAR writes are posted, as
 * QEMU posts them. The command queue is prmctl's own host side
 * (lib/dev/cmdq.c) driving BAR0 through REGION_READ/WRITE and its DMA
 * memory through a memfd the client maps with DMA_MAP.
 */
#include <dirent.h>
#include <errno.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/eventfd.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cmocka.h>

#include "lib/dev/cmdq.h"
#include "lib/dev/dev.h"
#include "lib/prm/layouts/layouts.h"
#include "lib/sim/adapter.h"
#include "lib/sim/vfiouser.h"
#include "lib/sim/vumsg.h"

/* From the spec and <linux/vfio.h>, by hand. */
enum { VERSION = 1, DMA_MAP, DMA_UNMAP, GET_INFO, REGION_INFO, IRQ_INFO = 7, SET_IRQS,
       REGION_READ, REGION_WRITE, RESET = 13 };
#define NO_REPLY 0x10
#define IS_ERROR 0x20
#define MSIX 2
#define CFG 7
#define IRQ_NONE 0x1
#define IRQ_EVENTFD 0x4
#define IRQ_TRIGGER 0x20
#define GUEST_IOVA 0x40000000ull
#define GUEST_BYTES (8u << 20)

struct client {
	int fd;
	uint16_t id;
	struct sim_adapter *a;
	struct sim_vfiouser *v;
	uint32_t err;		/* the last reply's errno, 0 when it was not an error */
	uint8_t rep[70000];
	size_t replen;
	/* the guest's memory */
	int memfd;
	uint8_t *mem;
};

static int open_fds(void)
{
	DIR *d = opendir("/proc/self/fd");
	int n = 0;

	while (d && readdir(d))
		n++;
	if (d)
		closedir(d);
	return n;
}

static void start(struct client *c)
{
	struct sim_opts o = { 0 };
	struct prm_err err = { 0 };
	int sv[2];

	memset(c, 0, sizeof(*c));
	assert_int_equal(sim_adapter_create(&o, &c->a, &err), 0);
	assert_int_equal(socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv), 0);
	c->fd = sv[0];
	c->memfd = -1;
	assert_int_equal(sim_vfiouser_attach(c->a, sv[1], &c->v, &err), 0);
}

/* The client goes; the server's loop must end (no hang) and leave the adapter. */
static void finish(struct client *c)
{
	struct sim_vfiouser_stats st = { 0 };

	close(c->fd);
	for (int i = 0; i < 500 && !st.clients; i++) {
		sim_vfiouser_stats(c->v, &st);
		usleep(2000);
	}
	assert_int_equal(st.clients, 1);
	sim_vfiouser_stop(c->v);
	if (c->mem)
		munmap(c->mem, GUEST_BYTES);
	if (c->memfd >= 0)
		close(c->memfd);
	sim_adapter_destroy(c->a);
}

static int sendm(struct client *c, uint16_t cmd, uint32_t flags, const void *p, size_t plen,
		 const int *fds, size_t nfds)
{
	uint8_t buf[256];
	uint32_t h[4];
	char cbuf[CMSG_SPACE(sizeof(int) * 32)];
	struct iovec iov[2] = { { buf, 16 }, { (void *)p, plen } };
	struct msghdr m = { .msg_iov = iov, .msg_iovlen = 2 };
	uint16_t idcmd[2] = { ++c->id, cmd };

	memcpy(h, idcmd, 4);
	h[1] = (uint32_t)(16 + plen);
	h[2] = flags;
	h[3] = 0;
	memcpy(buf, h, 16);
	if (nfds) {
		struct cmsghdr *ch;

		memset(cbuf, 0, sizeof(cbuf));
		m.msg_control = cbuf;
		m.msg_controllen = CMSG_SPACE(sizeof(int) * nfds);
		ch = CMSG_FIRSTHDR(&m);
		ch->cmsg_level = SOL_SOCKET;
		ch->cmsg_type = SCM_RIGHTS;
		ch->cmsg_len = CMSG_LEN(sizeof(int) * nfds);
		memcpy(CMSG_DATA(ch), fds, sizeof(int) * nfds);
	}
	return sendmsg(c->fd, &m, MSG_NOSIGNAL) == (ssize_t)(16 + plen) ? 0 : -1;
}

static int readn(int fd, void *buf, size_t n)
{
	for (size_t got = 0; got < n;) {
		ssize_t r = read(fd, (uint8_t *)buf + got, n - got);

		if (r <= 0)
			return -1;
		got += (size_t)r;
	}
	return 0;
}

/* The reply to the message just sent: its payload in c->rep, its errno in c->err. */
static int reply(struct client *c)
{
	uint32_t h[4];
	uint16_t idcmd[2];

	if (readn(c->fd, h, 16))
		return -1;
	memcpy(idcmd, h, 4);
	assert_int_equal(idcmd[0], c->id);
	assert_true(h[2] & 1);				/* a reply */
	assert_true(h[1] >= 16 && h[1] - 16 <= sizeof(c->rep));
	c->replen = h[1] - 16;
	c->err = h[2] & IS_ERROR ? h[3] : 0;
	if (c->err)
		assert_int_equal(c->replen, 0);		/* an error carries the header alone */
	return readn(c->fd, c->rep, c->replen);
}

static int call(struct client *c, uint16_t cmd, const void *p, size_t plen, const int *fds,
		size_t nfds)
{
	assert_int_equal(sendm(c, cmd, 0, p, plen, fds, nfds), 0);
	assert_int_equal(reply(c), 0);
	return (int)c->err;
}

static void version(struct client *c)
{
	static const char caps[] = "\0\0\0\0{\"capabilities\":{\"max_msg_fds\":8}}";
	uint16_t v[2];

	assert_int_equal(call(c, VERSION, caps, sizeof(caps), NULL, 0), 0);
	memcpy(v, c->rep, 4);
	assert_int_equal(v[0], 0);
	assert_int_equal(v[1], 0);
	assert_int_equal(c->rep[c->replen - 1], 0);	/* NUL-terminated JSON */
	assert_non_null(strstr((char *)c->rep + 4, "\"max_msg_fds\":"));
	assert_non_null(strstr((char *)c->rep + 4, "\"max_data_xfer_size\":"));
	assert_non_null(strstr((char *)c->rep + 4, "\"pgsizes\":4096"));
	assert_non_null(strstr((char *)c->rep + 4, "\"max_dma_maps\":"));
}

static int region_read(struct client *c, uint32_t region, uint64_t off, void *buf, uint32_t n)
{
	uint8_t p[16];

	memcpy(p, &off, 8);
	memcpy(p + 8, &region, 4);
	memcpy(p + 12, &n, 4);
	if (call(c, REGION_READ, p, sizeof(p), NULL, 0))
		return -1;
	assert_int_equal(c->replen, 16 + n);
	assert_memory_equal(c->rep, p, 16);
	memcpy(buf, c->rep + 16, n);
	return 0;
}

/* Posted, as QEMU sends BAR writes: nothing comes back. */
static void region_write(struct client *c, uint32_t region, uint64_t off, const void *buf,
			 uint32_t n, uint32_t flags)
{
	uint8_t p[16 + 64];

	memcpy(p, &off, 8);
	memcpy(p + 8, &region, 4);
	memcpy(p + 12, &n, 4);
	memcpy(p + 16, buf, n);
	assert_int_equal(sendm(c, REGION_WRITE, flags, p, 16 + n, NULL, 0), 0);
}

static int dma_map(struct client *c, uint64_t iova, uint64_t size, uint64_t off, const int *fd,
		   size_t nfds)
{
	uint32_t hd[2] = { 32, 3 };
	uint8_t p[32];

	memcpy(p, hd, 8);
	memcpy(p + 8, &off, 8);
	memcpy(p + 16, &iova, 8);
	memcpy(p + 24, &size, 8);
	return call(c, DMA_MAP, p, sizeof(p), fd, nfds);
}

static int dma_unmap(struct client *c, uint64_t iova, uint64_t size, uint32_t flags)
{
	uint32_t hd[2] = { 24, flags };
	uint8_t p[24];

	memcpy(p, hd, 8);
	memcpy(p + 8, &iova, 8);
	memcpy(p + 16, &size, 8);
	return call(c, DMA_UNMAP, p, sizeof(p), NULL, 0);
}

static int set_irqs(struct client *c, uint32_t flags, uint32_t index, uint32_t first,
		    uint32_t count, const int *fds, size_t nfds)
{
	uint32_t p[5] = { 20, flags, index, first, count };

	return call(c, SET_IRQS, p, sizeof(p), fds, nfds);
}

static void guest_memory(struct client *c)
{
	c->memfd = memfd_create("guest", MFD_CLOEXEC);
	assert_true(c->memfd >= 0);
	assert_int_equal(ftruncate(c->memfd, GUEST_BYTES), 0);
	c->mem = mmap(NULL, GUEST_BYTES, PROT_READ | PROT_WRITE, MAP_SHARED, c->memfd, 0);
	assert_true(c->mem != MAP_FAILED);
	assert_int_equal(dma_map(c, GUEST_IOVA, GUEST_BYTES, 0, &c->memfd, 1), 0);
}

static void device_and_regions(void **state)
{
	struct client c;
	uint32_t q[8] = { 16 }, r[8];
	int before = open_fds();

	(void)state;
	start(&c);
	assert_int_equal(call(&c, GET_INFO, q, 16, NULL, 0), EINVAL);	/* VERSION first */
	version(&c);
	assert_int_equal(call(&c, GET_INFO, q, 16, NULL, 0), 0);
	memcpy(r, c.rep, 16);
	assert_int_equal(r[1], 0x3);		/* RESET | PCI */
	assert_int_equal(r[2], 9);		/* regions */
	assert_int_equal(r[3], 5);		/* interrupt types */
	/* BAR0: the model's 32 MiB; config space; the rest empty */
	for (uint32_t i = 0; i < 9; i++) {
		uint64_t size;

		memset(q, 0, sizeof(q));
		q[0] = 32;
		q[2] = i;
		assert_int_equal(call(&c, REGION_INFO, q, 32, NULL, 0), 0);
		assert_int_equal(c.replen, 32);
		memcpy(r, c.rep, 32);
		memcpy(&size, c.rep + 16, 8);
		assert_int_equal(r[2], i);
		assert_int_equal(size, i == 0 ? 32u << 20 : i == CFG ? 4096 : 0);
		assert_int_equal(r[1], size ? 0x3 : 0);	/* READ | WRITE */
	}
	q[2] = 9;
	assert_int_equal(call(&c, REGION_INFO, q, 32, NULL, 0), EINVAL);
	q[0] = 8;				/* argsz below the reply */
	q[2] = 0;
	assert_int_equal(call(&c, REGION_INFO, q, 32, NULL, 0), EINVAL);
	/* interrupts: MSI-X with the model's vectors, pin A, nothing else */
	for (uint32_t i = 0; i < 5; i++) {
		uint32_t ii[4] = { 16, 0, i, 0 };

		assert_int_equal(call(&c, IRQ_INFO, ii, 16, NULL, 0), 0);
		memcpy(r, c.rep, 16);
		assert_int_equal(r[3], i == MSIX ? 64 : i == 0 ? 1 : 0);
		if (i == MSIX)
			assert_int_equal(r[1], 0x9);	/* EVENTFD | NORESIZE */
	}
	finish(&c);
	assert_int_equal(open_fds(), before);
}

/* Write a config word over the socket, and what reads back there. */
static uint16_t cfg_write16(struct client *c, unsigned at, uint16_t v)
{
	region_write(c, CFG, at, &v, 2, 0);
	assert_int_equal(reply(c), 0);
	assert_int_equal(region_read(c, CFG, at, &v, 2), 0);
	return v;
}

/* Where capability id is in the list of config header cfg (0: not found). */
static unsigned cap_at(const uint8_t *cfg, uint8_t id)
{
	unsigned at, hops = 0;

	for (at = cfg[0x34]; at && cfg[at] != id && hops < 48; at = cfg[at + 1], hops++)
		;
	return hops < 48 ? at : 0;
}

static void config_space_has_msix(void **state)
{
	uint8_t cfg[256];
	uint16_t ids[2], ctrl;
	uint32_t table, pba;
	unsigned at;
	struct client c;

	(void)state;
	start(&c);
	version(&c);
	assert_int_equal(region_read(&c, CFG, 0, cfg, sizeof(cfg)), 0);
	memcpy(ids, cfg, 4);
	assert_int_equal(ids[0], 0x15b3);
	assert_int_equal(ids[1], 0x1021);	/* ConnectX-7 */
	at = cap_at(cfg, 0x11);
	assert_int_equal(cfg[at], 0x11);	/* MSI-X in the list */
	memcpy(&ctrl, cfg + at + 2, 2);
	memcpy(&table, cfg + at + 4, 4);
	memcpy(&pba, cfg + at + 8, 4);
	assert_int_equal(ctrl & 0x7ff, 63);	/* 64 vectors */
	assert_int_equal(table, 0x2000);	/* BIR 0, where ConnectX has it */
	assert_int_equal(pba, 0x3000);
	/* the guest enables MSI-X: the enable bit sticks, the table size does not move */
	ctrl = 0x8000 | 5;
	region_write(&c, CFG, at + 2, &ctrl, 2, 0);
	assert_int_equal(reply(&c), 0);
	assert_int_equal(region_read(&c, CFG, at + 2, &ctrl, 2), 0);
	assert_int_equal(ctrl, 0x8000 | 63);
	/* past the header: PCI Express's extended space is there, empty */
	assert_int_equal(region_read(&c, CFG, 0x100, &table, 4), 0);
	assert_int_equal(table, 0);
	finish(&c);
}

static void firmware_version_from_bar0(void **state)
{
	uint8_t w[8];
	struct client c;

	(void)state;
	start(&c);
	version(&c);
	/* init segment word 0: fw_rev_minor, fw_rev_major (big-endian), then cmdif and subminor */
	assert_int_equal(region_read(&c, 0, 0, w, 8), 0);
	assert_int_equal(w[0] << 8 | w[1], 41);
	assert_int_equal(w[2] << 8 | w[3], 28);
	assert_int_equal(w[4] << 8 | w[5], 5);		/* cmd_interface_rev */
	assert_int_equal(w[6] << 8 | w[7], 1000);
	/* inside the BAR, past what the simulator backs: all-ones, as on a bus */
	assert_int_equal(region_read(&c, 0, (32u << 20) - 4, w, 4), 0);
	assert_int_equal(w[0] & w[1] & w[2] & w[3], 0xff);
	finish(&c);
}

/* ---- prmctl's command queue through the client ---- */

static int vu_bar_read(struct dev *d, uint32_t off, void *buf, size_t len, struct prm_err *err)
{
	struct client *c = d->priv;

	for (size_t done = 0; done < len;) {
		uint32_t n = len - done > 4096 ? 4096 : (uint32_t)(len - done);

		if (region_read(c, 0, off + done, (uint8_t *)buf + done, n))
			return prm_err_set(err, PRM_E_FAILED, (int)c->err, "vu", "REGION_READ refused");
		done += n;
	}
	return 0;
}

static int vu_bar_write(struct dev *d, uint32_t off, const void *buf, size_t len,
			struct prm_err *err)
{
	(void)err;
	region_write(d->priv, 0, off, buf, (uint32_t)len, NO_REPLY);
	return 0;
}

static struct dma_provider *vu_dma_open(struct dev *d, struct prm_err *err)
{
	struct client *c = d->priv;

	return dma_open_region(c->mem, GUEST_IOVA, GUEST_BYTES, err);
}

static const struct dev_ops vu_ops = { vu_bar_read, vu_bar_write, vu_dma_open, NULL };

static void commands_run_through_the_guest_memory(void **state)
{
	uint8_t in[16] = { 0x01, 0x01 }, out[0x400] = { 0 };	/* QUERY_ADAPTER, 0x101 */
	size_t outlen = prm_layout_bytes(&prm_layout_query_adapter_out);
	struct dev d = { .label = "vfio-user", .ops = &vu_ops, .bar_size = 32u << 20 };
	struct prm_err err = { 0 };
	struct dma_provider *dma;
	struct cmdq *q = NULL;
	struct client c;
	uint64_t before;

	(void)state;
	start(&c);
	version(&c);
	guest_memory(&c);
	d.priv = &c;
	dma = vu_dma_open(&d, &err);
	assert_non_null(dma);
	before = c.a->commands;
	/* ENABLE_HCA, ISSI, pages, INIT_HCA: every mailbox in the guest's memfd */
	if (cmdq_open(&d, dma, 2000, &q, &err))
		fail_msg("%s", err.msg);
	assert_true(outlen <= sizeof(out));
	if (cmdq_run(q, in, sizeof(in), out, outlen, &err))
		fail_msg("%s", err.msg);
	assert_non_null(memmem(out, sizeof(out), "SIM0000000007", 13));	/* the PSID */
	assert_int_equal(cmdq_shutdown(q, &err), 0);	/* TEARDOWN_HCA, pages back, DISABLE_HCA */
	assert_true(c.a->commands - before >= 6);
	assert_int_equal(c.a->hca_state, SIM_HCA_DISABLED);
	/* unmapped, the memory is out of the device's reach: a doorbell finds no queue */
	assert_int_equal(dma_unmap(&c, GUEST_IOVA, GUEST_BYTES, 0), 0);
	assert_memory_equal(c.rep + 8, &(uint64_t){ GUEST_IOVA }, 8);	/* echoed */
	assert_null(sim_dma(c.a, GUEST_IOVA, 64));
	dma->close(dma);
	finish(&c);
}

/*
 * The power state, as a guest's vfio-pci moves an idle function to D3hot
 * and back: PMCSR's PowerState reads back what was written (QEMU unmaps the
 * BARs in D3hot and maps them again only when it sees D0 written; a state
 * that did not stick left mlx5_core reading zeros after vfio-pci let go),
 * D1 and D2 (not offered) are ignored, No_Soft_Reset is set as on ConnectX.
 */
static void power_state_reads_back(void **state)
{
	uint8_t cfg[256];
	uint16_t pmcsr;
	unsigned at;
	struct client c;

	(void)state;
	start(&c);
	version(&c);
	assert_int_equal(region_read(&c, CFG, 0, cfg, sizeof(cfg)), 0);
	at = cap_at(cfg, 0x01);
	assert_int_equal(cfg[at], 0x01);	/* power management */
	memcpy(&pmcsr, cfg + at + 4, 2);
	assert_int_equal(pmcsr, 0x0008);	/* D0, No_Soft_Reset */
	assert_int_equal(cfg_write16(&c, at + 4, 0x0003), 0x000b);	/* D3hot */
	assert_int_equal(cfg_write16(&c, at + 4, 0x0001), 0x000b);	/* D1: not offered, ignored */
	assert_int_equal(cfg_write16(&c, at + 4, 0x0000), 0x0008);	/* back to D0 */
	finish(&c);
}

/*
 * Function-level reset, which vfio-pci prefers for the reset it does when
 * a user opens the function and again when it lets go: offered in DevCap
 * as ConnectX does, and Initiate FLR (DevCtl bit 15) forgets the command
 * queue as a reset must, reading back 0.
 */
static void flr_is_offered_and_resets(void **state)
{
	uint8_t cfg[256];
	uint32_t devcap, w;
	uint16_t devctl;
	unsigned at;
	struct client c;

	(void)state;
	start(&c);
	version(&c);
	assert_int_equal(region_read(&c, CFG, 0, cfg, sizeof(cfg)), 0);
	at = cap_at(cfg, 0x10);
	assert_int_equal(cfg[at], 0x10);	/* PCI Express */
	memcpy(&devcap, cfg + at + 4, 4);
	assert_int_equal(devcap >> 28 & 1, 1);	/* FLR capable */
	sim_bar_host_write(c.a, 0x10, 0);
	sim_bar_host_write(c.a, 0x14, __builtin_bswap32(0x12345000));
	memcpy(&w, c.a->bar0 + 0x14, 4);
	assert_int_equal(__builtin_bswap32(w) >> 12, 0x12345);
	memcpy(&devctl, cfg + at + 8, 2);
	devctl = cfg_write16(&c, at + 8, devctl | 0x8000);
	memcpy(&w, c.a->bar0 + 0x14, 4);
	assert_int_equal(__builtin_bswap32(w) >> 12, 0);	/* the queue forgotten */
	assert_int_equal(devctl & 0x8000, 0);
	memcpy(&devcap, cfg + at + 8, 2);	/* the rest of DevCtl as it was */
	assert_int_equal(devctl, devcap & 0xffff);
	finish(&c);
}

static void iommu_pages_map_and_unmap_by_thousands(void **state)
{
	struct client c;
	int fd, before = open_fds();

	(void)state;
	start(&c);
	version(&c);
	guest_memory(&c);
	fd = c.memfd;
	/* behind a vIOMMU: a 4 KiB mapping per page, each with its own descriptor */
	for (uint64_t i = 0; i < 2048; i++) {
		int own = dup(fd);

		assert_int_equal(dma_map(&c, 0x100000000ull + (i << 12), 4096, (i % 2048) << 12,
					 &own, 1), 0);
		close(own);
	}
	assert_int_equal(sim_dma_iova_count(c.a), 2049);
	c.mem[5 * 4096 + 7] = 0x5a;
	assert_int_equal(*sim_dma(c.a, 0x100000000ull + 5 * 4096 + 7, 1), 0x5a);
	assert_null(sim_dma(c.a, 0x100000000ull + 4095, 2));	/* across two mappings */
	/* past the end of its file (a fault waiting to happen): refused */
	assert_int_equal(dma_map(&c, 0x400000000ull, 8192, GUEST_BYTES - 4096, &fd, 1), EINVAL);
	/* over an existing mapping: refused; splitting one: refused */
	assert_int_equal(dma_map(&c, 0x100000000ull, 4096, 0, &fd, 1), EEXIST);
	assert_int_equal(dma_unmap(&c, GUEST_IOVA, 4096, 0), EINVAL);
	/* one unmap covering them all takes each */
	assert_int_equal(dma_unmap(&c, 0x100000000ull, 2048ull << 12, 0), 0);
	assert_int_equal(sim_dma_iova_count(c.a), 1);
	assert_null(sim_dma(c.a, 0x100000000ull + 5 * 4096 + 7, 1));
	/* without a descriptor: recorded, not reachable by pointer */
	assert_int_equal(dma_map(&c, 0x200000000ull, 4096, 0, NULL, 0), 0);
	assert_null(sim_dma(c.a, 0x200000000ull, 4));
	assert_int_equal(dma_unmap(&c, 0, 0, 2), 0);	/* VFIO_DMA_UNMAP_FLAG_ALL */
	assert_int_equal(sim_dma_iova_count(c.a), 0);
	/* QEMU's vIOMMU unmaps "from here to the end of the 64-bit space"
	 * (seen: iova 0xfef00000, size 0xffffffff01100000): the end is 2^64 */
	for (uint64_t i = 0; i < 4; i++) {
		int own = dup(fd);

		assert_int_equal(dma_map(&c, 0x100000000ull + (i << 12), 4096, i << 12, &own, 1), 0);
		close(own);
	}
	assert_int_equal(dma_map(&c, 0x10000, 4096, 0, &fd, 1), 0);	/* below: kept */
	assert_int_equal(dma_unmap(&c, 0xfef00000ull, 0xffffffff01100000ull, 0), 0);
	assert_int_equal(sim_dma_iova_count(c.a), 1);
	assert_int_equal(dma_unmap(&c, 0x1000, UINT64_MAX, 0), 0);	/* past 2^64: to the end */
	assert_int_equal(sim_dma_iova_count(c.a), 0);
	finish(&c);
	assert_int_equal(open_fds(), before);
}

static void msix_vectors_fire_their_eventfds(void **state)
{
	struct client c;
	int efd[2], before = open_fds();
	uint64_t v = 0;

	(void)state;
	start(&c);
	version(&c);
	efd[0] = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
	efd[1] = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
	assert_int_equal(set_irqs(&c, IRQ_EVENTFD | IRQ_TRIGGER, MSIX, 3, 2, efd, 2), 0);
	assert_int_equal(sim_msix_raise(c.a, 4), 0);
	assert_int_equal(read(efd[1], &v, 8), 8);
	assert_int_equal(v, 1);
	assert_int_equal(read(efd[0], &v, 8), -1);	/* vector 3 did not fire */
	assert_int_equal(sim_msix_raise(c.a, 5), -1);	/* no eventfd */
	assert_int_equal(sim_msix_raise(c.a, 64), -1);	/* no such vector */
	/* the client triggers one itself */
	assert_int_equal(set_irqs(&c, IRQ_NONE | IRQ_TRIGGER, MSIX, 3, 1, NULL, 0), 0);
	assert_int_equal(read(efd[0], &v, 8), 8);
	/* de-assigned (no descriptors), then every vector off */
	assert_int_equal(set_irqs(&c, IRQ_EVENTFD | IRQ_TRIGGER, MSIX, 4, 1, NULL, 0), 0);
	assert_int_equal(sim_msix_raise(c.a, 4), -1);
	assert_int_equal(sim_msix_raise(c.a, 3), 0);
	assert_int_equal(set_irqs(&c, IRQ_NONE | IRQ_TRIGGER, MSIX, 0, 0, NULL, 0), 0);
	assert_int_equal(sim_msix_raise(c.a, 3), -1);
	/* past the table, or a descriptor count that does not match: refused, fds closed */
	assert_int_equal(set_irqs(&c, IRQ_EVENTFD | IRQ_TRIGGER, MSIX, 63, 2, efd, 2), EINVAL);
	assert_int_equal(set_irqs(&c, IRQ_EVENTFD | IRQ_TRIGGER, MSIX, 0, 3, efd, 2), EINVAL);
	assert_int_equal(set_irqs(&c, IRQ_NONE, MSIX, 0, 1, NULL, 0), EINVAL);	/* no action */
	assert_int_equal(set_irqs(&c, IRQ_EVENTFD | IRQ_TRIGGER, 1, 0, 1, efd, 1), EINVAL);	/* MSI */
	/* a kept eventfd is closed when the client goes */
	assert_int_equal(set_irqs(&c, IRQ_EVENTFD | IRQ_TRIGGER, MSIX, 0, 1, efd, 1), 0);
	close(efd[0]);
	close(efd[1]);
	finish(&c);
	assert_int_equal(open_fds(), before);
}

/* ---- server to client: DMA_READ and DMA_WRITE for memory without a descriptor ---- */

struct dma_call {
	struct sim_vfiouser *v;
	uint64_t iova;
	uint8_t buf[32];
	size_t len;
	bool write;
	int rc;
	pthread_t t;
};

static void *dma_thread(void *arg)
{
	struct dma_call *d = arg;

	d->rc = sim_vfiouser_dma(d->v, d->iova, d->buf, d->len, d->write);
	return NULL;
}

/* The server's request, as the client reads it: command, address, count, data. */
static void request(struct client *c, uint16_t cmd, uint16_t *id, uint64_t *addr, uint64_t *n,
		    uint8_t *data, size_t len)
{
	uint32_t h[4];
	uint16_t idcmd[2];

	assert_int_equal(readn(c->fd, h, 16), 0);
	memcpy(idcmd, h, 4);
	assert_int_equal(idcmd[1], cmd);
	assert_int_equal(h[2], 0);			/* a command, wanting a reply */
	assert_int_equal(h[1], 16 + 16 + len);
	assert_int_equal(readn(c->fd, addr, 8), 0);
	assert_int_equal(readn(c->fd, n, 8), 0);
	assert_int_equal(readn(c->fd, data, len), 0);
	*id = idcmd[0];
}

static void answer(struct client *c, uint16_t id, uint16_t cmd, uint32_t err, const void *p,
		   size_t len)
{
	uint8_t buf[64];
	uint32_t h[4] = { (uint32_t)cmd << 16 | id, (uint32_t)(16 + len), err ? 0x21 : 1, err };

	memcpy(buf, h, 16);
	if (len)
		memcpy(buf + 16, p, len);
	assert_int_equal(write(c->fd, buf, 16 + len), (ssize_t)(16 + len));
}

static void dma_messages_reach_memory_without_a_descriptor(void **state)
{
	struct dma_call d = { 0 };
	uint8_t data[16], p[32];
	uint64_t addr, n;
	struct client c;
	uint16_t id;

	(void)state;
	start(&c);
	version(&c);
	assert_int_equal(dma_map(&c, 0x300000000ull, 8192, 0, NULL, 0), 0);
	d.v = c.v;
	/* read: the client answers with the bytes */
	d.iova = 0x300000010ull;
	d.len = 16;
	assert_int_equal(pthread_create(&d.t, NULL, dma_thread, &d), 0);
	request(&c, 11, &id, &addr, &n, data, 0);
	assert_int_equal(addr, 0x300000010ull);
	assert_int_equal(n, 16);
	memcpy(p, &addr, 8);
	memcpy(p + 8, &n, 8);
	memcpy(p + 16, "0123456789abcdef", 16);
	answer(&c, id, 11, 0, p, 32);
	pthread_join(d.t, NULL);
	assert_int_equal(d.rc, 0);
	assert_memory_equal(d.buf, "0123456789abcdef", 16);
	/* write: the bytes come with the request; the reply carries a 4-byte count */
	d.write = true;
	d.len = 8;
	memcpy(d.buf, "ABCDEFGH", 8);
	assert_int_equal(pthread_create(&d.t, NULL, dma_thread, &d), 0);
	request(&c, 12, &id, &addr, &n, data, 8);
	assert_memory_equal(data, "ABCDEFGH", 8);
	memcpy(p + 8, &(uint32_t){ 8 }, 4);
	answer(&c, id, 12, 0, p, 12);
	pthread_join(d.t, NULL);
	assert_int_equal(d.rc, 0);
	/* the client refuses: its errno comes back */
	assert_int_equal(pthread_create(&d.t, NULL, dma_thread, &d), 0);
	request(&c, 12, &id, &addr, &n, data, 8);
	answer(&c, id, 12, EFAULT, NULL, 0);
	pthread_join(d.t, NULL);
	assert_int_equal(d.rc, -EFAULT);
	/* memory the client never gave is refused without a message */
	assert_int_equal(sim_vfiouser_dma(c.v, 0x300002000ull, d.buf, 8, false), -EFAULT);
	/* the client's commands are served meanwhile */
	assert_int_equal(call(&c, GET_INFO, (uint32_t[4]){ 16 }, 16, NULL, 0), 0);
	/* the client goes with a request in flight: it ends at once */
	d.write = false;
	assert_int_equal(pthread_create(&d.t, NULL, dma_thread, &d), 0);
	request(&c, 11, &id, &addr, &n, data, 0);
	shutdown(c.fd, SHUT_RDWR);
	pthread_join(d.t, NULL);
	assert_int_equal(d.rc, -ENOTCONN);
	assert_int_equal(sim_vfiouser_dma(c.v, 0x300000000ull, d.buf, 8, false), -EFAULT);
	finish(&c);
}

static void reset_and_unknown_commands(void **state)
{
	struct client c;
	uint32_t ctrl = 0;

	(void)state;
	start(&c);
	version(&c);
	c.a->hca_state = SIM_HCA_INITIALIZED;
	assert_int_equal(call(&c, RESET, NULL, 0, NULL, 0), 0);
	assert_int_equal(c.a->hca_state, SIM_HCA_DISABLED);
	assert_int_equal(call(&c, 14, NULL, 0, NULL, 0), ENOSYS);
	assert_int_equal(call(&c, 15, &ctrl, 4, NULL, 0), ENOSYS);	/* REGION_WRITE_MULTI */
	assert_int_equal(call(&c, 0xffff, NULL, 0, NULL, 0), ENOSYS);
	finish(&c);
}

static void malformed_messages_are_refused(void **state)
{
	uint8_t p[32] = { 0 }, big[80] = { 0 };
	uint32_t info[4] = { 16 };
	int before = open_fds(), fds[20];
	struct client c;
	uint64_t off;

	(void)state;
	start(&c);
	version(&c);
	/* regions and offsets that are not there */
	assert_int_equal(region_read(&c, 3, 0, p, 4), -1);
	assert_int_equal(c.err, EINVAL);
	assert_int_equal(region_read(&c, 9, 0, p, 4), -1);
	assert_int_equal(region_read(&c, 0, (32u << 20) - 4, p, 8), -1);
	assert_int_equal(region_read(&c, 0, ~0ull, p, 8), -1);
	assert_int_equal(region_read(&c, CFG, 4095, p, 2), -1);
	/* more than the largest transfer */
	off = 0;
	memcpy(p, &off, 8);
	memcpy(p + 8, &(uint32_t){ 0 }, 4);
	memcpy(p + 12, &(uint32_t){ 65537 }, 4);
	assert_int_equal(call(&c, REGION_READ, p, 16, NULL, 0), EINVAL);
	/* a write whose data is shorter than its count */
	memcpy(big + 12, &(uint32_t){ 64 }, 4);
	assert_int_equal(call(&c, REGION_WRITE, big, 40, NULL, 0), EINVAL);
	/* short payloads */
	assert_int_equal(call(&c, DMA_MAP, p, 16, NULL, 0), EINVAL);
	assert_int_equal(call(&c, SET_IRQS, p, 12, NULL, 0), EINVAL);
	/* descriptors where none belong, too many, or more than we take: all closed */
	for (int i = 0; i < 20; i++)
		fds[i] = eventfd(0, EFD_CLOEXEC);
	assert_int_equal(call(&c, GET_INFO, info, 16, fds, 1), EINVAL);
	assert_int_equal(dma_map(&c, 0x1000, 4096, 0, fds, 2), EINVAL);
	assert_int_equal(call(&c, GET_INFO, info, 16, fds, 20), E2BIG);
	for (int i = 0; i < 20; i++)
		close(fds[i]);
	/* a posted message that fails is not answered either: the next reply is the next one's */
	assert_int_equal(sendm(&c, REGION_READ, NO_REPLY, p, 16, NULL, 0), 0);
	assert_int_equal(call(&c, GET_INFO, info, 16, NULL, 0), 0);
	/* a reply to nothing the server asked breaks the stream: dropped */
	assert_int_equal(sendm(&c, GET_INFO, 1, info, 16, NULL, 0), 0);
	assert_int_equal(read(c.fd, p, 1), 0);
	finish(&c);
	/* a size below the header, above what we take, or more than is sent: dropped */
	for (int k = 0; k < 3; k++) {
		uint32_t h[4] = { VERSION << 16, k == 0 ? 8 : k == 1 ? 1u << 30 : 64, 0, 0 };

		start(&c);
		assert_int_equal(write(c.fd, h, 16), 16);
		if (k == 2)
			shutdown(c.fd, SHUT_WR);
		assert_int_equal(read(c.fd, p, 1), 0);
		finish(&c);
	}
	/* half a header, then gone */
	start(&c);
	assert_int_equal(write(c.fd, info, 8), 8);
	shutdown(c.fd, SHUT_WR);
	assert_int_equal(read(c.fd, p, 1), 0);
	finish(&c);
	assert_int_equal(open_fds(), before);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(device_and_regions),
		cmocka_unit_test(config_space_has_msix),
		cmocka_unit_test(firmware_version_from_bar0),
		cmocka_unit_test(commands_run_through_the_guest_memory),
		cmocka_unit_test(power_state_reads_back),
		cmocka_unit_test(flr_is_offered_and_resets),
		cmocka_unit_test(iommu_pages_map_and_unmap_by_thousands),
		cmocka_unit_test(msix_vectors_fire_their_eventfds),
		cmocka_unit_test(dma_messages_reach_memory_without_a_descriptor),
		cmocka_unit_test(reset_and_unknown_commands),
		cmocka_unit_test(malformed_messages_are_refused),
	};

	return cmocka_run_group_tests_name("vfiouser", tests, NULL, NULL);
}
