// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * -d sim:NAME: a simulator service. Below the line: BAR0 words from the
 * service's shared BAR0 file (mapped read-only, as resource0 is), config
 * dwords as socket transactions. Above it: the same code as for hardware.
 */
#include "lib/dev/simsvc.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/file.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/un.h>
#include <unistd.h>

#include "lib/dev/cfg.h"
#include "lib/dev/dev.h"
#include "lib/dev/dma.h"
#include "lib/prm/models.h"
#include "lib/sim/seam.h"
#include "lib/util/clock.h"

/* A service that takes longer than this to answer one dword is hung. */
#define SIMSVC_TIMEOUT_S 5

static int no_service(const char *name, struct prm_err *err)
{
	return prm_err_set(err, PRM_E_NODEV, ENOENT, "not_found",
			   "sim:%s: no running simulator by that name (prmctl sim list)", name);
}

static int connect_to(const char *name, struct prm_err *err)
{
	struct sockaddr_un sa = { .sun_family = AF_UNIX };
	struct timeval tv = { SIMSVC_TIMEOUT_S, 0 };
	struct ucred cr;
	socklen_t crlen = sizeof(cr);
	int fd;

	if (sim_path(name, SIM_FILE_SOCK, sa.sun_path, sizeof(sa.sun_path)))
		return no_service(name, err);
	fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (fd < 0)
		return prm_err_set(err, PRM_E_FAILED, errno, "socket", "socket: %s",
				   strerror(errno));
	setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv));
	setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof(tv));
	if (connect(fd, (struct sockaddr *)&sa, sizeof(sa))) {
		int e = errno;

		close(fd);
		/* another user's service is not "no service": say why, and the way in */
		return sim_open_error(name, sa.sun_path, e, err);
	}
	/*
	 * A service of another user than us (or root) is an impostor in a run
	 * directory someone else made, in /tmp say: not to be fed our commands.
	 * Root may reach anyone's.
	 */
	if (getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &cr, &crlen) == 0 && geteuid() != 0 &&
	    cr.uid != geteuid() && cr.uid != 0) {
		close(fd);
		return prm_err_set(err, PRM_E_NODEV, EPERM, "permission",
				   "sim:%s: %s is served by uid %u, not by us: not trusting it "
				   "(who made %s?)", name, sa.sun_path, (unsigned)cr.uid,
				   sim_rundir());
	}
	return fd;
}

static int transact(int fd, const char *name, const struct sim_req *q,
		    struct sim_rsp *r, struct prm_err *err)
{
	size_t got = 0;

	if (send(fd, q, sizeof(*q), MSG_NOSIGNAL) != (ssize_t)sizeof(*q))
		return prm_err_set(err, PRM_E_NODEV, errno, "device_gone",
				   "sim:%s: the simulator went away", name);
	while (got < sizeof(*r)) {
		ssize_t n = recv(fd, (char *)r + got, sizeof(*r) - got, 0);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
			return prm_err_set(err, PRM_E_TIMEOUT, ETIMEDOUT, "sim_timeout",
					   "sim:%s: no answer in %d s", name, SIMSVC_TIMEOUT_S);
		if (n <= 0)
			return prm_err_set(err, PRM_E_NODEV, errno ? errno : EPIPE, "device_gone",
					   "sim:%s: the simulator went away", name);
		got += (size_t)n;
	}
	if (r->magic != SIM_PROTO_MAGIC)
		return prm_err_set(err, PRM_E_FAILED, EPROTO, "bad_reply",
				   "sim:%s: not a prmctl simulator reply", name);
	r->text[sizeof(r->text) - 1] = '\0';
	if (r->rc)
		return prm_err_set(err, (enum prm_err_kind)r->rc, 0, "sim_refused", "sim:%s: %s",
				   name, r->text);
	return 0;
}

int simsvc_call(const char *name, uint32_t op, const char *text, char *reply,
		size_t sz, uint32_t *val, struct prm_err *err)
{
	struct sim_req q = { .magic = SIM_PROTO_MAGIC, .op = op };
	struct sim_rsp r;
	int fd = connect_to(name, err), rc;

	if (fd < 0)
		return -1;
	snprintf(q.text, sizeof(q.text), "%s", text ? text : "");
	rc = transact(fd, name, &q, &r, err);
	close(fd);
	if (rc)
		return -1;
	if (reply && sz)
		snprintf(reply, sz, "%s", r.text);
	if (val)
		*val = r.val;
	return 0;
}

int simsvc_cmdlog(const char *name, struct sim_cmd_record **out, size_t *n,
		  struct prm_err *err)
{
	struct sim_req q = { .magic = SIM_PROTO_MAGIC, .op = SIM_OP_CMDLOG };
	struct sim_cmd_record *v = NULL;
	struct sim_rsp r;
	int fd = connect_to(name, err);
	uint32_t total = 1;

	*out = NULL;
	*n = 0;
	if (fd < 0)
		return -1;
	for (q.off = 0; q.off < total; q.off++) {
		unsigned f[8];

		if (transact(fd, name, &q, &r, err))
			goto fail;
		total = r.val;
		if (q.off >= total)
			break;
		if (!v && !(v = calloc(total, sizeof(*v)))) {
			prm_err_set(err, PRM_E_FAILED, ENOMEM, "oom", "out of memory");
			goto fail;
		}
		if (sscanf(r.text, "%u %u %u %u %u %u %u %u", &f[0], &f[1], &f[2], &f[3], &f[4],
			   &f[5], &f[6], &f[7]) != 8) {
			prm_err_set(err, PRM_E_FAILED, EPROTO, "bad_reply",
				    "sim:%s: command record %u unreadable", name, q.off);
			goto fail;
		}
		v[q.off] = (struct sim_cmd_record){ (uint16_t)f[0], (uint16_t)f[1], (uint8_t)f[2],
						    (uint8_t)f[4], f[3], f[5], (uint16_t)f[6],
						    f[7] != 0 };
		*n = q.off + 1;
	}
	close(fd);
	*out = v;
	return 0;
fail:
	close(fd);
	free(v);
	*n = 0;
	return -1;
}

/* ---- the device ---- */

struct svc_dev {
	struct cfg_port port;
	int fd;
	const char *name;
	uint8_t *bar0;
	size_t bar_size;
	uint8_t *hostmem;
	int cmdq_lock;		/* ours while we drive the command queue */
};

/* Another prmctl driving the queue gets this long to finish. */
#define CMDQ_LOCK_WAIT_MS 5000

static int svc_rd(struct cfg_port *p, uint32_t off, uint32_t *val, struct prm_err *err)
{
	struct svc_dev *s = p->ctx;
	struct sim_req q = { .magic = SIM_PROTO_MAGIC, .op = SIM_OP_CFG_READ, .off = off };
	struct sim_rsp r;

	if (transact(s->fd, s->name, &q, &r, err))
		return -1;
	*val = r.val;
	return 0;
}

static int svc_wr(struct cfg_port *p, uint32_t off, uint32_t val, struct prm_err *err)
{
	struct svc_dev *s = p->ctx;
	struct sim_req q = { .magic = SIM_PROTO_MAGIC, .op = SIM_OP_CFG_WRITE, .off = off,
			     .val = val };
	struct sim_rsp r;

	return transact(s->fd, s->name, &q, &r, err);
}

/* As many of the accesses as one request holds, packed; returns how many, and their reads. */
static size_t pack(struct sim_req *q, const struct cfg_access *a, size_t n, size_t *reads)
{
	uint8_t *t = (uint8_t *)q->text;
	size_t at = 0, i = 0;

	for (*reads = 0; i < n; i++) {
		uint32_t head = a[i].off | (a[i].write ? SIM_BATCH_WRITE : 0);
		size_t len = a[i].write ? 6 : 2;

		if (at + len > SIM_BATCH_BYTES || (!a[i].write && *reads == SIM_BATCH_READS))
			break;
		t[at] = (uint8_t)head;
		t[at + 1] = (uint8_t)(head >> 8);
		for (int b = 0; a[i].write && b < 4; b++)
			t[at + 2 + (size_t)b] = (uint8_t)(a[i].val >> (8 * b));
		at += len;
		*reads += !a[i].write;
	}
	q->val = (uint32_t)i;
	return i;
}

/* Config accesses in round trips of as many as a request holds, not one each. */
static int svc_batch(struct cfg_port *p, const struct cfg_access *a, size_t n,
		     uint32_t *reads, struct prm_err *err)
{
	struct svc_dev *s = p->ctx;

	for (size_t i = 0; i < n; i++)
		if (a[i].off >= SIM_BATCH_OFF_MAX || a[i].off % 4)
			return prm_err_set(err, PRM_E_USAGE, EINVAL, "bad_offset",
					   "sim:%s: config offset 0x%x is not a config dword",
					   s->name, a[i].off);
	while (n) {
		struct sim_req q = { .magic = SIM_PROTO_MAGIC, .op = SIM_OP_CFG_BATCH };
		struct sim_rsp r;
		size_t k, nr;

		k = pack(&q, a, n, &nr);
		if (transact(s->fd, s->name, &q, &r, err))
			return -1;
		if (r.val != nr)
			return prm_err_set(err, PRM_E_FAILED, EPROTO, "bad_reply",
					   "sim:%s: %u values for %zu config reads", s->name,
					   r.val, nr);
		for (size_t j = 0; j < nr; j++) {
			const uint8_t *v = (const uint8_t *)r.text + 4 * j;

			*reads++ = (uint32_t)v[0] | (uint32_t)v[1] << 8 | (uint32_t)v[2] << 16 |
				   (uint32_t)v[3] << 24;
		}
		a += k;
		n -= k;
	}
	return 0;
}

static void svc_cfg_close(struct cfg_port *p)
{
	(void)p;	/* owned by the device, freed by svc_close */
}

static int svc_bar_read(struct dev *d, uint32_t off, void *buf, size_t len,
			struct prm_err *err)
{
	struct svc_dev *s = d->priv;
	uint8_t *out = buf;

	(void)err;
	/* dword loads, as from a real BAR */
	for (size_t i = 0; i < len; i += 4) {
		uint32_t w = __atomic_load_n((uint32_t *)(void *)(s->bar0 + off + i),
					     __ATOMIC_ACQUIRE);

		memcpy(out + i, &w, len - i < 4 ? len - i : 4);
	}
	return 0;
}

/* A BAR0 store goes to the service, which also answers the doorbell. */
static int svc_bar_write(struct dev *d, uint32_t off, const void *buf, size_t len,
			 struct prm_err *err)
{
	struct svc_dev *s = d->priv;

	for (size_t i = 0; i < len; i += 4) {
		struct sim_req q = { .magic = SIM_PROTO_MAGIC, .op = SIM_OP_BAR_WRITE,
				     .off = off + (uint32_t)i };
		struct sim_rsp r;

		memcpy(&q.val, (const uint8_t *)buf + i, 4);
		if (transact(s->fd, s->name, &q, &r, err))
			return -1;
	}
	return 0;
}

static int lock_cmdq(struct svc_dev *s, struct prm_err *err)
{
	char path[PATH_MAX], who[32] = "";
	uint64_t deadline = clock_now_ms() + CMDQ_LOCK_WAIT_MS;
	int fd;

	sim_path(s->name, SIM_FILE_CMDQ_LOCK, path, sizeof(path));
	fd = open(path, O_RDWR | O_CLOEXEC);	/* the service made it, 0600 */
	if (fd < 0)
		return sim_open_error(s->name, path, errno, err);
	while (flock(fd, LOCK_EX | LOCK_NB)) {
		if (errno != EWOULDBLOCK || clock_now_ms() >= deadline || dev_interrupted()) {
			ssize_t n = pread(fd, who, sizeof(who) - 1, 0);

			who[n > 0 ? n : 0] = '\0';
			who[strcspn(who, "\n")] = '\0';
			close(fd);
			return prm_err_set(err, PRM_E_TIMEOUT, EBUSY, "cmdq_busy",
					   "sim:%s: the command queue is in use by another prmctl%s%s%s",
					   s->name, who[0] ? " (pid " : "", who, who[0] ? ")" : "");
		}
		clock_sleep_us(10000);
	}
	snprintf(who, sizeof(who), "%d\n", (int)getpid());
	/* the pid only makes another client's message kinder: errors ignored */
	if (ftruncate(fd, 0) == 0 && pwrite(fd, who, strlen(who), 0) < 0)
		who[0] = '\0';
	s->cmdq_lock = fd;
	return 0;
}

static struct dma_provider *svc_dma_open(struct dev *d, struct prm_err *err)
{
	struct svc_dev *s = d->priv;
	char path[PATH_MAX];
	void *p;
	int fd;

	if (s->cmdq_lock < 0 && lock_cmdq(s, err))
		return NULL;
	sim_path(s->name, SIM_FILE_HOSTMEM, path, sizeof(path));
	fd = open(path, O_RDWR | O_CLOEXEC);
	p = fd < 0 ? MAP_FAILED :
	    mmap(NULL, SIM_HOSTMEM_BYTES, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (p == MAP_FAILED) {
		sim_open_error(s->name, path, errno, err);
		if (fd >= 0)
			close(fd);
		return NULL;
	}
	close(fd);
	s->hostmem = p;
	return dma_open_region(s->hostmem, SIM_HOSTMEM_IOVA, SIM_HOSTMEM_BYTES, err);
}

static void svc_close(struct dev *d)
{
	struct svc_dev *s = d->priv;

	if (!s)
		return;
	if (s->hostmem)
		munmap(s->hostmem, SIM_HOSTMEM_BYTES);
	if (s->cmdq_lock >= 0)
		close(s->cmdq_lock);	/* the next client may drive the queue */
	if (s->bar0)
		munmap(s->bar0, s->bar_size);
	if (s->fd >= 0)
		close(s->fd);
	if (d->cfg == &s->port)
		d->cfg = NULL;
	free(s);
	d->priv = NULL;
}

static const struct dev_ops svc_ops = {
	.bar_read = svc_bar_read,
	.bar_write = svc_bar_write,
	.dma_open = svc_dma_open,
	.close = svc_close,
};

int dev_simsvc_open(struct dev *d, const char *name, struct prm_err *err)
{
	struct sim_req q = { .magic = SIM_PROTO_MAGIC, .op = SIM_OP_INFO };
	const struct sim_model *sm;
	const struct prm_model *m;
	struct sim_rsp r;
	char path[PATH_MAX];
	struct svc_dev *s;
	int fd;

	s = calloc(1, sizeof(*s));
	if (!s)
		return prm_err_set(err, PRM_E_FAILED, ENOMEM, "oom", "out of memory");
	s->name = d->name.arg;
	s->cmdq_lock = -1;
	s->fd = connect_to(name, err);
	d->priv = s;
	d->ops = &svc_ops;
	if (s->fd < 0 || transact(s->fd, name, &q, &r, err))
		return -1;
	sm = sim_model_find(r.text);
	s->bar_size = r.val;
	if (!sm || s->bar_size < DEV_INITSEG_BYTES)
		return prm_err_set(err, PRM_E_FAILED, EPROTO, "bad_reply",
				   "sim:%s: the service describes itself oddly (%s, %zu bytes)",
				   name, r.text, s->bar_size);
	sim_path(name, SIM_FILE_BAR0, path, sizeof(path));
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return sim_open_error(name, path, errno, err);
	s->bar0 = mmap(NULL, s->bar_size, PROT_READ, MAP_SHARED, fd, 0);
	close(fd);
	if (s->bar0 == MAP_FAILED) {
		s->bar0 = NULL;
		return prm_err_set(err, PRM_E_NODEV, errno, "open_failed", "sim:%s: map %s: %s",
				   name, path, strerror(errno));
	}
	s->port = (struct cfg_port){ .read32 = svc_rd, .write32 = svc_wr, .batch = svc_batch,
				     .close = svc_cfg_close, .label = d->label, .ctx = s };
	d->cfg = &s->port;
	m = prm_model_by_device_id(sm->device_id);
	d->bar_size = s->bar_size;
	d->access = "sim";
	d->model = m ? m->name : NULL;
	d->source = "service";
	d->info.vendor_id = PRM_PCI_VENDOR_MELLANOX;
	d->info.device_id = sm->device_id;
	return 0;
}
