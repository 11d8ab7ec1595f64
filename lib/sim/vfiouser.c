// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * The vfio-user socket: framing (a 16-byte header that gives the size,
 * descriptors as SCM_RIGHTS), one client at a time, replies in order.
 * What a message means is vumsg.c's. A client that connects while another
 * is served is closed at once; one whose stream stops making sense (a
 * size below the header or above what we take, descriptors beyond what we
 * announced) is dropped, every descriptor it sent closed.
 */
#include "lib/sim/vfiouser.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

#include "lib/sim/vumsg.h"

#define DMA_WAIT_S 5	/* how long a DMA_READ/WRITE waits for the client's reply */

/* A DMA_READ or DMA_WRITE the server sent, waiting for its reply. */
struct dma_req {
	bool waiting, done;
	uint16_t id, cmd;
	uint64_t iova;
	uint8_t *buf;
	size_t len;
	int err;
};

struct sim_vfiouser {
	struct sim_adapter *a;
	int listen_fd, wake[2];
	char path[sizeof(((struct sockaddr_un *)0)->sun_path)];
	pthread_t thread;
	bool attached;			/* one socket given, no listening */
	int conn_fd;			/* the client being served, -1 */
	pthread_mutex_t lock;		/* stats, conn_fd, the request, sends */
	pthread_mutex_t req_lock;	/* one request at a time */
	pthread_cond_t req_cv;
	struct dma_req req;
	uint16_t next_id;
	struct sim_vfiouser_stats st;
};

/* Where a connection reads: the client, and what ends it early (-1: nothing). */
struct conn {
	int fd, wake, listen;
};

static void close_all(int *fds, size_t n)
{
	for (size_t i = 0; i < n; i++)
		close(fds[i]);
}

/* Wait for the client; refuse newcomers meanwhile. -1 when told to stop. */
static int wait_readable(const struct conn *c)
{
	for (;;) {
		struct pollfd p[3] = { { c->fd, POLLIN, 0 }, { c->wake, POLLIN, 0 },
				       { c->listen, POLLIN, 0 } };

		if (poll(p, 3, -1) < 0) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		if (p[1].revents)
			return -1;
		if (p[2].revents & POLLIN) {	/* one client at a time */
			int other = accept4(c->listen, NULL, NULL, SOCK_CLOEXEC);

			if (other >= 0)
				close(other);
		}
		if (p[0].revents)
			return 0;
	}
}

/*
 * n bytes of the stream, gathering the descriptors that come with them;
 * *trunc when more came than we take (the kernel closed the rest).
 */
static int recv_full(const struct conn *c, uint8_t *buf, size_t n, int *fds, size_t *nfds,
		     bool *trunc)
{
	size_t got = 0;

	while (got < n) {
		char cbuf[CMSG_SPACE(sizeof(int) * SIM_VU_MAX_FDS)];
		struct iovec iov = { buf + got, n - got };
		struct msghdr m = { .msg_iov = &iov, .msg_iovlen = 1, .msg_control = cbuf,
				    .msg_controllen = sizeof(cbuf) };
		ssize_t r;

		if (wait_readable(c))
			return -1;
		r = recvmsg(c->fd, &m, MSG_CMSG_CLOEXEC | MSG_DONTWAIT);
		if (r < 0 && (errno == EINTR || errno == EAGAIN))
			continue;
		if (r <= 0)
			return -1;
		if (m.msg_flags & MSG_CTRUNC)
			*trunc = true;
		for (struct cmsghdr *h = CMSG_FIRSTHDR(&m); h; h = CMSG_NXTHDR(&m, h)) {
			size_t k;

			if (h->cmsg_level != SOL_SOCKET || h->cmsg_type != SCM_RIGHTS)
				continue;
			k = (h->cmsg_len - CMSG_LEN(0)) / sizeof(int);
			for (size_t i = 0; i < k; i++) {
				int fd;

				memcpy(&fd, CMSG_DATA(h) + i * sizeof(int), sizeof(int));
				if (*nfds < SIM_VU_MAX_FDS)
					fds[(*nfds)++] = fd;
				else {
					close(fd);
					*trunc = true;
				}
			}
		}
		got += (size_t)r;
	}
	return 0;
}

static int send_all(int fd, const uint8_t *buf, size_t n)
{
	while (n) {
		ssize_t w = send(fd, buf, n, MSG_NOSIGNAL);

		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return -1;
		buf += w;
		n -= (size_t)w;
	}
	return 0;
}

/* Too many descriptors: the message is read, its descriptors closed, refused. */
static int refuse_fds(const uint8_t *msg, struct sim_vu_reply *r)
{
	struct sim_vu_hdr h;

	memcpy(&h, msg, sizeof(h));
	if (h.flags & SIM_VU_NO_REPLY)
		return 0;
	h = (struct sim_vu_hdr){ h.id, h.cmd, SIM_VU_HDR_BYTES, SIM_VU_TYPE_REPLY | SIM_VU_ERROR,
				 E2BIG };
	memcpy(r->buf, &h, sizeof(h));
	r->len = sizeof(h);
	return 0;
}

static void add_stats(struct sim_vfiouser *v, const struct sim_vu_session *s,
		      uint64_t messages)
{
	pthread_mutex_lock(&v->lock);
	v->st.clients++;
	v->st.messages += messages;
	v->st.refused += s->refused;
	for (size_t i = 0; i < SIM_VU_NCMDS; i++)
		v->st.counts[i] += s->counts[i];
	pthread_mutex_unlock(&v->lock);
}

/*
 * The client's reply to our DMA_READ/WRITE: to the request waiting for it.
 * A reply nobody waits for, or one that does not fit its request, breaks
 * the stream.
 */
static int take_reply(struct sim_vfiouser *v, const uint8_t *msg, size_t len)
{
	struct dma_req *q = &v->req;
	bool read;
	struct sim_vu_hdr h;
	uint64_t at, count = 0;
	int rc = -1;

	memcpy(&h, msg, sizeof(h));
	pthread_mutex_lock(&v->lock);
	read = q->cmd == SIM_VU_DMA_READ;
	if (!q->waiting || q->done || h.id != q->id || h.cmd != q->cmd)
		goto out;
	if (h.flags & SIM_VU_ERROR) {
		q->err = h.error ? (int)h.error : EIO;
	} else {
		/* read: address, count (8 bytes), the data; write: address, count (4) */
		if (len != SIM_VU_HDR_BYTES + (read ? 16 + q->len : 12))
			goto out;
		memcpy(&at, msg + SIM_VU_HDR_BYTES, 8);
		memcpy(&count, msg + SIM_VU_HDR_BYTES + 8, read ? 8 : 4);
		if (at != q->iova || count != q->len)
			goto out;
		if (read)
			memcpy(q->buf, msg + SIM_VU_HDR_BYTES + 16, q->len);
		q->err = 0;
	}
	q->done = true;
	pthread_cond_broadcast(&v->req_cv);
	rc = 0;
out:
	pthread_mutex_unlock(&v->lock);
	return rc;
}

/* Whole messages only: replies and our requests never interleave on the wire. */
static int send_locked(struct sim_vfiouser *v, int fd, const uint8_t *buf, size_t len)
{
	int rc;

	pthread_mutex_lock(&v->lock);
	rc = send_all(fd, buf, len);
	pthread_mutex_unlock(&v->lock);
	return rc;
}

static void serve(struct sim_vfiouser *v, const struct conn *c)
{
	struct sim_vu_session s = { .a = v->a };
	struct sim_vu_reply *r = malloc(sizeof(*r));
	uint8_t *msg = malloc(SIM_VU_MAX_MSG);
	uint64_t messages = 0;

	pthread_mutex_lock(&v->lock);
	v->conn_fd = c->fd;
	pthread_mutex_unlock(&v->lock);
	while (r && msg) {
		int fds[SIM_VU_MAX_FDS];
		size_t nfds = 0;
		bool trunc = false;
		struct sim_vu_hdr h;
		int rc;

		if (recv_full(c, msg, SIM_VU_HDR_BYTES, fds, &nfds, &trunc)) {
			close_all(fds, nfds);
			break;
		}
		memcpy(&h, msg, sizeof(h));
		if (h.size < SIM_VU_HDR_BYTES || h.size > SIM_VU_MAX_MSG ||
		    recv_full(c, msg + SIM_VU_HDR_BYTES, h.size - SIM_VU_HDR_BYTES, fds, &nfds,
			      &trunc)) {
			close_all(fds, nfds);	/* a size that lies, or the client went */
			break;
		}
		messages++;
		r->len = 0;
		if ((h.flags & 0xf) == SIM_VU_TYPE_REPLY) {
			close_all(fds, nfds);
			rc = take_reply(v, msg, h.size);
		} else if (trunc) {
			close_all(fds, nfds);
			s.refused++;
			rc = refuse_fds(msg, r);
		} else {
			rc = sim_vu_message(&s, msg, h.size, fds, nfds, r);
		}
		if (rc || (r->len && send_locked(v, c->fd, r->buf, r->len)))
			break;
	}
	free(r);
	free(msg);
	pthread_mutex_lock(&v->lock);
	v->conn_fd = -1;
	pthread_cond_broadcast(&v->req_cv);	/* a request in flight gets no reply now */
	pthread_mutex_unlock(&v->lock);
	/* the client's memory and eventfds go with it; the adapter stays as it is */
	sim_dma_unmap_every(v->a);
	sim_msix_clear(v->a);
	add_stats(v, &s, messages);
}

static void *thread(void *arg)
{
	struct sim_vfiouser *v = arg;

	if (v->attached) {
		struct conn c = { v->listen_fd, v->wake[0], -1 };

		serve(v, &c);	/* the one socket we were given; the client sees it close */
		close(v->listen_fd);
		v->listen_fd = -1;
		return NULL;
	}
	for (;;) {
		struct pollfd p[2] = { { v->listen_fd, POLLIN, 0 }, { v->wake[0], POLLIN, 0 } };
		struct conn c = { -1, v->wake[0], v->listen_fd };

		if (poll(p, 2, -1) < 0 && errno != EINTR)
			break;
		if (p[1].revents)
			break;
		if (!(p[0].revents & POLLIN))
			continue;
		c.fd = accept4(v->listen_fd, NULL, NULL, SOCK_CLOEXEC);
		if (c.fd < 0)
			continue;
		serve(v, &c);
		close(c.fd);
	}
	return NULL;
}

static int fail_path(struct prm_err *err, enum prm_err_kind kind, int e, const char *path,
		     const char *what)
{
	return prm_err_set(err, kind, e, "vfio_user", "--vfio-user: %s: %s", path, what);
}

/* Refuse what is there unless it is a socket nobody serves. */
static int claim_path(const char *path, struct prm_err *err)
{
	struct sockaddr_un sa = { .sun_family = AF_UNIX };
	struct stat st;
	int fd, rc;

	if (lstat(path, &st)) {
		if (errno == ENOENT)
			return 0;
		return fail_path(err, PRM_E_USAGE, errno, path, strerror(errno));
	}
	if (!S_ISSOCK(st.st_mode))
		return fail_path(err, PRM_E_USAGE, EEXIST, path, "exists and is not a socket");
	memcpy(sa.sun_path, path, strlen(path));
	fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (fd < 0)
		return fail_path(err, PRM_E_FAILED, errno, path, strerror(errno));
	rc = connect(fd, (struct sockaddr *)&sa, sizeof(sa));
	close(fd);
	if (rc == 0)
		return fail_path(err, PRM_E_FAILED, EADDRINUSE, path,
				 "in use: another server listens there");
	if (errno != ECONNREFUSED)
		return fail_path(err, PRM_E_FAILED, errno, path, strerror(errno));
	if (unlink(path))	/* a leftover nobody answers on */
		return fail_path(err, PRM_E_FAILED, errno, path, strerror(errno));
	return 0;
}

static int listen_at(struct sim_vfiouser *v, const char *path, struct prm_err *err)
{
	struct sockaddr_un sa = { .sun_family = AF_UNIX };

	if (!*path || strlen(path) >= sizeof(sa.sun_path))
		return fail_path(err, PRM_E_USAGE, ENAMETOOLONG, path,
				 "empty, or too long for a socket path");
	if (claim_path(path, err))
		return -1;
	memcpy(sa.sun_path, path, strlen(path));
	v->listen_fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
	/* the device and every byte of guest memory it is given: the owner's alone */
	if (v->listen_fd < 0 || bind(v->listen_fd, (struct sockaddr *)&sa, sizeof(sa)))
		return fail_path(err, errno == ENOENT || errno == ENOTDIR ? PRM_E_USAGE : PRM_E_FAILED,
				 errno, path, strerror(errno));
	snprintf(v->path, sizeof(v->path), "%s", path);
	if (chmod(path, 0600) || listen(v->listen_fd, 4))
		return fail_path(err, PRM_E_FAILED, errno, path, strerror(errno));
	return 0;
}

static void release(struct sim_vfiouser *v)
{
	if (v->listen_fd >= 0)
		close(v->listen_fd);
	if (v->path[0])
		unlink(v->path);
	if (v->wake[0] >= 0)
		close(v->wake[0]);
	if (v->wake[1] >= 0)
		close(v->wake[1]);
	pthread_mutex_destroy(&v->lock);
	pthread_mutex_destroy(&v->req_lock);
	pthread_cond_destroy(&v->req_cv);
	free(v);
}

static struct sim_vfiouser *alloc_server(struct sim_adapter *a, struct prm_err *err)
{
	struct sim_vfiouser *v = calloc(1, sizeof(*v));

	if (!v) {
		prm_err_set(err, PRM_E_FAILED, ENOMEM, "oom", "out of memory");
		return NULL;
	}
	*v = (struct sim_vfiouser){ .a = a, .listen_fd = -1, .wake = { -1, -1 }, .conn_fd = -1 };
	pthread_mutex_init(&v->lock, NULL);
	pthread_mutex_init(&v->req_lock, NULL);
	pthread_cond_init(&v->req_cv, NULL);
	return v;
}

static int run(struct sim_vfiouser *v, struct sim_vfiouser **out, struct prm_err *err)
{
	if (pipe2(v->wake, O_CLOEXEC)) {
		prm_err_set(err, PRM_E_FAILED, errno, "vfio_user", "pipe: %s", strerror(errno));
		release(v);
		return -1;
	}
	if (!v->a->msix_vectors)
		sim_msix_enable(v->a);
	if (pthread_create(&v->thread, NULL, thread, v)) {
		prm_err_set(err, PRM_E_FAILED, EAGAIN, "vfio_user",
			    "cannot start the vfio-user server thread");
		release(v);
		return -1;
	}
	*out = v;
	return 0;
}

int sim_vfiouser_start(struct sim_adapter *a, const char *path, struct sim_vfiouser **out,
		       struct prm_err *err)
{
	struct sim_vfiouser *v = alloc_server(a, err);

	*out = NULL;
	if (!v)
		return -1;
	if (listen_at(v, path, err)) {
		release(v);
		return -1;
	}
	return run(v, out, err);
}

int sim_vfiouser_attach(struct sim_adapter *a, int fd, struct sim_vfiouser **out,
			struct prm_err *err)
{
	struct sim_vfiouser *v = alloc_server(a, err);

	*out = NULL;
	if (!v) {
		close(fd);
		return -1;
	}
	v->attached = true;
	v->listen_fd = fd;	/* closed at the end as the listening socket is */
	return run(v, out, err);
}

/* One DMA_READ or DMA_WRITE of at most SIM_VU_MAX_XFER bytes; v->req_lock held. */
static int dma_once(struct sim_vfiouser *v, uint16_t cmd, uint64_t iova, uint8_t *buf,
		    size_t len)
{
	size_t n = SIM_VU_HDR_BYTES + 16 + (cmd == SIM_VU_DMA_WRITE ? len : 0);
	uint8_t *msg = malloc(n);
	uint64_t count = len;
	struct timespec until;
	struct sim_vu_hdr h;
	int rc = 0;

	if (!msg)
		return -ENOMEM;
	clock_gettime(CLOCK_REALTIME, &until);
	until.tv_sec += DMA_WAIT_S;
	pthread_mutex_lock(&v->lock);
	h = (struct sim_vu_hdr){ ++v->next_id, cmd, (uint32_t)n, 0, 0 };
	memcpy(msg, &h, sizeof(h));
	memcpy(msg + SIM_VU_HDR_BYTES, &iova, 8);
	memcpy(msg + SIM_VU_HDR_BYTES + 8, &count, 8);
	if (cmd == SIM_VU_DMA_WRITE)
		memcpy(msg + SIM_VU_HDR_BYTES + 16, buf, len);
	v->req = (struct dma_req){ .waiting = true, .id = h.id, .cmd = cmd, .iova = iova,
				   .buf = buf, .len = len };
	if (v->conn_fd < 0 || send_all(v->conn_fd, msg, n))
		rc = -ENOTCONN;
	while (!rc && !v->req.done && v->conn_fd >= 0)
		if (pthread_cond_timedwait(&v->req_cv, &v->lock, &until) == ETIMEDOUT)
			rc = -ETIMEDOUT;
	if (!rc)
		rc = v->req.done ? -v->req.err : -ENOTCONN;
	v->req.waiting = false;
	pthread_mutex_unlock(&v->lock);
	free(msg);
	return rc;
}

int sim_vfiouser_dma(struct sim_vfiouser *v, uint64_t iova, void *buf, size_t len, bool write)
{
	int rc = 0;

	if (!len || iova + len < iova || !sim_dma_iova_mapped(v->a, iova, len))
		return -EFAULT;	/* not memory the client gave */
	pthread_mutex_lock(&v->req_lock);
	for (size_t done = 0; !rc && done < len;) {
		size_t n = len - done < SIM_VU_MAX_XFER ? len - done : SIM_VU_MAX_XFER;

		rc = dma_once(v, write ? SIM_VU_DMA_WRITE : SIM_VU_DMA_READ, iova + done,
			      (uint8_t *)buf + done, n);
		done += n;
	}
	pthread_mutex_unlock(&v->req_lock);
	return rc;
}

void sim_vfiouser_stats(struct sim_vfiouser *v, struct sim_vfiouser_stats *st)
{
	pthread_mutex_lock(&v->lock);
	*st = v->st;
	pthread_mutex_unlock(&v->lock);
}

void sim_vfiouser_stop(struct sim_vfiouser *v)
{
	char one = 1;

	if (!v)
		return;
	/* wakes the thread wherever it waits: for a client, or inside a message */
	if (write(v->wake[1], &one, 1) < 0)
		return;		/* cannot happen on a fresh pipe; leaking beats hanging */
	pthread_join(v->thread, NULL);
	release(v);
}
