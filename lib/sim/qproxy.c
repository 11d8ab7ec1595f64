// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * QEMU's multi-process proxy protocol, remote side, as QEMU 7.2 speaks it
 * (include/hw/remote/mpqemu-link.h, hw/remote/proxy.c): a 16-byte header
 * (int cmd, padding, size_t size) with file descriptors as SCM_RIGHTS, then
 * size bytes of payload. Config and BAR accesses, and DEVICE_RESET, want a
 * RET message carrying a u64; SYNC_SYSMEM and SET_IRQFD want nothing.
 */
#include "lib/sim/qproxy.h"

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "lib/sim/internal.h"

enum { MSG_SYNC_SYSMEM, MSG_RET, MSG_PCI_CFGWRITE, MSG_PCI_CFGREAD, MSG_BAR_WRITE,
       MSG_BAR_READ, MSG_SET_IRQFD, MSG_DEVICE_RESET };

#define MAX_FDS 8

struct hdr {
	int32_t cmd;
	uint32_t pad;
	uint64_t size;
};

struct cfg_msg {
	uint32_t addr, val;
	int32_t len;
};

struct bar_msg {
	uint64_t addr, val;
	uint32_t size;
	uint8_t memory;
	uint8_t pad[3];
};

struct sysmem_msg {
	uint64_t gpas[MAX_FDS], sizes[MAX_FDS];
	int64_t offsets[MAX_FDS];
};

_Static_assert(sizeof(struct hdr) == 16, "MPQemuMsg header");
_Static_assert(sizeof(struct cfg_msg) == 12, "PciConfDataMsg");
_Static_assert(sizeof(struct bar_msg) == 24, "BarAccessMsg");
_Static_assert(sizeof(struct sysmem_msg) == 192, "SyncSysmemMsg");

union payload {
	uint64_t u64;
	struct cfg_msg cfg;
	struct bar_msg bar;
	struct sysmem_msg sysmem;
};

struct sim_qproxy {
	struct sim_adapter *a;
	int fd;
	int irq_fd, resample_fd;
	pthread_t thread;
	bool running;
};

static int recv_msg(struct sim_qproxy *p, struct hdr *h, union payload *pl, int *fds,
		    size_t *nfds)
{
	char cbuf[CMSG_SPACE(sizeof(int) * MAX_FDS)];
	struct iovec iov = { h, sizeof(*h) };
	struct msghdr m = { .msg_iov = &iov, .msg_iovlen = 1, .msg_control = cbuf,
			    .msg_controllen = sizeof(cbuf) };
	size_t got = 0;
	ssize_t n;

	*nfds = 0;
	do
		n = recvmsg(p->fd, &m, MSG_CMSG_CLOEXEC | MSG_WAITALL);
	while (n < 0 && errno == EINTR);
	if (n != (ssize_t)sizeof(*h))
		return -1;
	for (struct cmsghdr *c = CMSG_FIRSTHDR(&m); c; c = CMSG_NXTHDR(&m, c))
		if (c->cmsg_level == SOL_SOCKET && c->cmsg_type == SCM_RIGHTS) {
			size_t k = (c->cmsg_len - CMSG_LEN(0)) / sizeof(int);

			for (size_t i = 0; i < k; i++) {
				int fd;

				memcpy(&fd, CMSG_DATA(c) + i * sizeof(int), sizeof(int));
				if (*nfds < MAX_FDS)
					fds[(*nfds)++] = fd;
				else
					close(fd);
			}
		}
	if (h->size > sizeof(*pl))
		return -1;	/* not a message this protocol has */
	memset(pl, 0, sizeof(*pl));
	while (got < h->size) {
		n = read(p->fd, (char *)pl + got, h->size - got);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return -1;
		got += (size_t)n;
	}
	return 0;
}

static int reply(struct sim_qproxy *p, uint64_t v)
{
	struct {
		struct hdr h;
		uint64_t v;
	} r = { { MSG_RET, 0, sizeof(uint64_t) }, v };

	return send(p->fd, &r, sizeof(r), MSG_NOSIGNAL) == (ssize_t)sizeof(r) ? 0 : -1;
}

/* A BAR access: the address is BAR0's programmed base plus the offset. */
static uint64_t bar_access(struct sim_adapter *a, const struct bar_msg *b, bool write)
{
	uint64_t base = sim_cfg_bar0_base(a), off = b->addr - base;
	unsigned n = b->size;

	if (!b->memory || b->addr < base)	/* nothing decodes it: all-ones, as on a bus */
		return write ? 0 : n && n < 8 ? (1ull << (8 * n)) - 1 : ~0ull;
	if (!write)
		return sim_bar_bus_read(a, off, n);
	sim_bar_bus_write(a, off, n, b->val);
	return 0;
}

static void set_irqfd(struct sim_qproxy *p, const int *fds, size_t n)
{
	if (p->irq_fd >= 0)
		close(p->irq_fd);
	if (p->resample_fd >= 0)
		close(p->resample_fd);
	p->irq_fd = n > 0 ? fds[0] : -1;
	p->resample_fd = n > 1 ? fds[1] : -1;
	for (size_t i = 2; i < n; i++)
		close(fds[i]);
}

/* What a message does; 1 with *ret when it wants a RET, 0 when not, -1 unknown. */
static int dispatch(struct sim_adapter *a, struct sim_qproxy *p, const struct hdr *h,
		    const union payload *pl, int *fds, size_t nfds, uint64_t *ret)
{
	struct prm_err err = { 0 };
	uint8_t buf[4] = { 0 };
	uint32_t len;

	switch (h->cmd) {
	case MSG_PCI_CFGREAD:
		len = pl->cfg.len > 0 && pl->cfg.len <= 4 ? (uint32_t)pl->cfg.len : 4;
		sim_cfg_read(a, pl->cfg.addr, buf, len);
		*ret = (uint64_t)buf[0] | (uint64_t)buf[1] << 8 | (uint64_t)buf[2] << 16 |
		       (uint64_t)buf[3] << 24;
		return 1;
	case MSG_PCI_CFGWRITE:
		len = pl->cfg.len > 0 && pl->cfg.len <= 4 ? (uint32_t)pl->cfg.len : 4;
		for (uint32_t i = 0; i < 4; i++)
			buf[i] = (uint8_t)(pl->cfg.val >> (8 * i));
		sim_cfg_write(a, pl->cfg.addr, buf, len);
		*ret = 0;
		return 1;
	case MSG_BAR_READ:
		*ret = bar_access(a, &pl->bar, false);
		return 1;
	case MSG_BAR_WRITE:
		bar_access(a, &pl->bar, true);
		*ret = 0;
		return 1;
	case MSG_SYNC_SYSMEM:
		/* the regions are mapped (or found mapped); the fds are not needed after */
		sim_dma_sync(a, pl->sysmem.gpas, pl->sysmem.sizes, pl->sysmem.offsets, fds, nfds,
			     &err);
		for (size_t i = 0; i < nfds; i++)
			close(fds[i]);
		return 0;
	case MSG_SET_IRQFD:
		if (p)
			set_irqfd(p, fds, nfds);
		else
			for (size_t i = 0; i < nfds; i++)
				close(fds[i]);
		return 0;
	case MSG_DEVICE_RESET:
		sim_adapter_reset(a);
		*ret = 0;
		return 1;
	}
	for (size_t i = 0; i < nfds; i++)
		close(fds[i]);
	return -1;	/* a message this side does not know: the link is broken */
}

static int handle(struct sim_qproxy *p, const struct hdr *h, const union payload *pl,
		  int *fds, size_t nfds)
{
	uint64_t ret = 0;
	int rc = dispatch(p->a, p, h, pl, fds, nfds, &ret);

	return rc < 0 ? -1 : rc ? reply(p, ret) : 0;
}

int sim_qproxy_message(struct sim_adapter *a, const uint8_t *msg, size_t len, uint64_t *ret)
{
	union payload pl = { 0 };
	struct hdr h;

	if (len < sizeof(h))
		return -1;
	memcpy(&h, msg, sizeof(h));
	if (h.size > sizeof(pl) || h.size > len - sizeof(h))
		return -1;
	memcpy(&pl, msg + sizeof(h), h.size);
	return dispatch(a, NULL, &h, &pl, NULL, 0, ret);
}

static void *serve(void *arg)
{
	struct sim_qproxy *p = arg;

	for (;;) {
		int fds[MAX_FDS];
		union payload pl;
		struct hdr h;
		size_t nfds;

		if (recv_msg(p, &h, &pl, fds, &nfds) || handle(p, &h, &pl, fds, nfds))
			break;
	}
	__atomic_store_n(&p->running, false, __ATOMIC_RELEASE);
	return NULL;
}

int sim_qproxy_start(struct sim_adapter *a, int fd, struct sim_qproxy **out,
		     struct prm_err *err)
{
	struct sim_qproxy *p = calloc(1, sizeof(*p));

	*out = NULL;
	if (!p)
		return prm_err_set(err, PRM_E_FAILED, ENOMEM, "oom", "out of memory");
	*p = (struct sim_qproxy){ .a = a, .fd = fd, .irq_fd = -1, .resample_fd = -1 };
	p->running = true;
	if (pthread_create(&p->thread, NULL, serve, p)) {
		free(p);
		return prm_err_set(err, PRM_E_FAILED, EAGAIN, "qproxy",
				   "cannot start the QEMU proxy thread");
	}
	*out = p;
	return 0;
}

bool sim_qproxy_running(const struct sim_qproxy *p)
{
	return p && __atomic_load_n(&p->running, __ATOMIC_ACQUIRE);
}

void sim_qproxy_stop(struct sim_qproxy *p)
{
	if (!p)
		return;
	/* wakes the thread whether it waits for a message or is blocked half-way
	 * through one (a QEMU that stalled): it reads end of file */
	shutdown(p->fd, SHUT_RDWR);
	pthread_join(p->thread, NULL);
	set_irqfd(p, NULL, 0);
	close(p->fd);
	free(p);
}
