// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
#include "lib/sim/service.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/un.h>
#include <unistd.h>

#include "lib/sim/adapter.h"
#include "lib/sim/cfgbatch.h"
#include "lib/sim/pcidev.h"
#include "lib/sim/proto.h"
#include "lib/sim/qproxy.h"
#include "lib/sim/rundir.h"
#include "lib/sim/svclock.h"
#include "lib/sim/tracer.h"
#include "lib/sim/vfiouser.h"
#include "lib/util/writefile.h"

#define MAX_CLIENTS 32

static volatile sig_atomic_t stopping;

void sim_service_stop(void)
{
	stopping = 1;
}

struct svc {
	struct sim_adapter *a;
	uint8_t *bar0, *hostmem;
	int lock_fd, listen_fd, tracelog_fd, tracering_fd;
	struct sim_pcidev *pcidev;
	struct sim_qproxy *qproxy;
	struct sim_vfiouser *vfiouser;
	int clients[MAX_CLIENTS];
	size_t nclients;
	char name[80];
};

static int fail_errno(struct prm_err *err, const char *what, const char *path)
{
	return prm_err_set(err, PRM_E_FAILED, errno, "sim_service", "%s %s: %s", what,
			   path, strerror(errno));
}

/* A small file of the service directory (the mount point). */
static int write_line(const char *name, const char *file, const char *line,
		      struct prm_err *err)
{
	char path[PATH_MAX];
	int fd = sim_create(name, file, O_WRONLY | O_TRUNC, err);

	if (fd < 0)
		return -1;
	if (write_all(fd, line, strlen(line)) || close(fd)) {
		sim_path(name, file, path, sizeof(path));
		return fail_errno(err, "cannot write", path);
	}
	return 0;
}

/* A file of the service directory, size bytes, mapped shared. */
static int map_file(const char *name, const char *file, size_t size, uint8_t **out,
		    struct prm_err *err)
{
	char path[PATH_MAX];
	void *p;
	int fd = sim_create(name, file, O_RDWR | O_TRUNC, err);

	if (fd < 0)
		return -1;
	sim_path(name, file, path, sizeof(path));
	if (ftruncate(fd, (off_t)size)) {
		close(fd);
		return fail_errno(err, "cannot create", path);
	}
	p = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	close(fd);
	if (p == MAP_FAILED)
		return fail_errno(err, "cannot map", path);
	*out = p;
	return 0;
}

static int listen_on(struct svc *s, const char *name, struct prm_err *err)
{
	struct sockaddr_un sa = { .sun_family = AF_UNIX };

	if (sim_path(name, SIM_FILE_SOCK, sa.sun_path, sizeof(sa.sun_path)))
		return prm_err_set(err, PRM_E_FAILED, ENAMETOOLONG, "sim_service",
				   "socket path too long under %s", sim_rundir());
	s->listen_fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
	/* bind makes it 0777 less the umask; the 0700 directory covers the gap */
	if (s->listen_fd < 0 || bind(s->listen_fd, (struct sockaddr *)&sa, sizeof(sa)) ||
	    chmod(sa.sun_path, 0600) || listen(s->listen_fd, 16))
		return fail_errno(err, "cannot listen on", sa.sun_path);
	return 0;
}

static int setup(struct svc *s, const struct sim_service_opts *o, struct prm_err *err)
{
	struct sim_opts so = { .model = o->model, .boot_ms = o->boot_ms };
	char line[PATH_MAX + 32];
	int fd;

	if (sim_rundir_prepare(err))
		return -1;
	s->lock_fd = sim_claim(o->name, err);	/* pid written, leftovers gone */
	if (s->lock_fd < 0)
		return -1;
	if (map_file(o->name, SIM_FILE_BAR0, SIM_BAR0_BYTES, &s->bar0, err) ||
	    map_file(o->name, SIM_FILE_HOSTMEM, SIM_HOSTMEM_BYTES, &s->hostmem, err))
		return -1;
	/* made here, not by a client: one of root would keep the owner's out */
	fd = sim_create(o->name, SIM_FILE_CMDQ_LOCK, O_RDWR, err);
	if (fd < 0)
		return -1;
	close(fd);
	so.bar0 = s->bar0;
	so.hostmem = s->hostmem;
	if (sim_adapter_create(&so, &s->a, err))
		return -1;
	s->tracelog_fd = sim_create(o->name, SIM_FILE_TRACELOG, O_WRONLY | O_TRUNC | O_APPEND,
				    err);
	if (s->tracelog_fd < 0)
		return -1;
	sim_tracer_log_to(s->a, s->tracelog_fd);
	s->tracering_fd = sim_create(o->name, SIM_FILE_TRACERING, O_WRONLY | O_TRUNC | O_APPEND,
				     err);
	if (s->tracering_fd < 0)
		return -1;
	sim_tracer_record_to(s->a, s->tracering_fd);
	if (listen_on(s, o->name, err))
		return -1;
	if (o->pci_dir) {
		char bar0[PATH_MAX];

		sim_path(o->name, SIM_FILE_BAR0, bar0, sizeof(bar0));
		/* remember the mount point first: a crash after mounting leaves it */
		snprintf(line, sizeof(line), "%s/%s\n", o->pci_dir, o->bdf);
		if (write_line(o->name, SIM_FILE_PCIDEV, line, err))
			return -1;
		if (sim_pcidev_start(s->a, o->pci_dir, o->bdf, bar0, &s->pcidev, err))
			return -1;
	}
	if (o->qemu_fd >= 0 && sim_qproxy_start(s->a, o->qemu_fd, &s->qproxy, err))
		return -1;
	if (o->vfio_user && sim_vfiouser_start(s->a, o->vfio_user, &s->vfiouser, err))
		return -1;
	return 0;
}

static void faults_text(struct sim_adapter *a, char *buf, size_t sz)
{
	size_t used = 0;

	buf[0] = '\0';
	pthread_mutex_lock(&a->lock);
	for (int i = 0; i < SIM_NFAULTS && used < sz; i++)
		if (a->faults[i]) {
			char one[256];

			sim_fault_describe(a, i, one, sizeof(one));
			used += (size_t)snprintf(buf + used, sz - used, "%s%s", used ? "," : "", one);
		}
	pthread_mutex_unlock(&a->lock);
}

static void handle(struct svc *s, const struct sim_req *q, struct sim_rsp *r)
{
	struct prm_err err = { 0 };

	memset(r, 0, sizeof(*r));
	r->magic = SIM_PROTO_MAGIC;
	switch (q->op) {
	case SIM_OP_CFG_READ:
		r->val = sim_cfg_read32(s->a, q->off);
		return;
	case SIM_OP_CFG_WRITE:
		sim_cfg_write32(s->a, q->off, q->val);
		return;
	case SIM_OP_CFG_BATCH:
		if (sim_cfg_batch(s->a, q, r, &err))
			break;
		return;
	case SIM_OP_INFO:
		snprintf(r->text, sizeof(r->text), "%s", s->a->model->key);
		r->val = SIM_BAR0_BYTES;
		return;
	case SIM_OP_INJECT:
		if (sim_fault_inject(s->a, q->text, &err))
			break;
		return;
	case SIM_OP_CLEAR:
		if (sim_fault_clear(s->a, q->text[0] ? q->text : NULL, &err))
			break;
		return;
	case SIM_OP_STATUS:
		faults_text(s->a, r->text, sizeof(r->text));
		r->val = s->a->health_counter;
		return;
	case SIM_OP_EVENTS: {
		struct sim_activity v;

		sim_activity(s->a, &v);
		snprintf(r->text, sizeof(r->text), "%llu %llu %llu %llu %llu %llu %llu %llu %llu",
			 (unsigned long long)v.commands, (unsigned long long)v.unsupported,
			 (unsigned long long)v.pages,
			 (unsigned long long)v.eq.eqes, (unsigned long long)v.eq.cmd_eqes,
			 (unsigned long long)v.eq.interrupts, (unsigned long long)v.eq.doorbells,
			 (unsigned long long)v.gateway_semaphore,
			 (unsigned long long)v.semaphores_held);
		return;
	}
	case SIM_OP_HEALTH_READS:
		r->val = (uint32_t)__atomic_load_n(&s->a->health_reads, __ATOMIC_RELAXED);
		return;
	case SIM_OP_STOP:
		stopping = 1;
		return;
	case SIM_OP_BAR_WRITE:
		sim_bar_host_write(s->a, q->off, q->val);
		return;
	case SIM_OP_CMDLOG: {
		struct sim_cmd_record c;
		uint64_t n;

		if (sim_cmdlog_get(s->a, q->off, &c, &n))
			snprintf(r->text, sizeof(r->text), "%u %u %u %u %u %u %u %u", c.opcode,
				 c.op_mod, c.status, c.syndrome, c.delivery, c.latency_us,
				 c.register_id, c.event);
		r->val = (uint32_t)n;
		return;
	}
	default:
		prm_err_set(&err, PRM_E_USAGE, EINVAL, "bad_request", "unknown request %u", q->op);
	}
	r->rc = err.kind ? (int32_t)err.kind : PRM_E_FAILED;
	snprintf(r->text, sizeof(r->text), "%s", err.msg);
}

/* One request from a client; -1 when the client is gone. */
static int serve(struct svc *s, int fd)
{
	struct sim_req q;
	struct sim_rsp r;
	size_t got = 0;

	while (got < sizeof(q)) {
		ssize_t n = read(fd, (char *)&q + got, sizeof(q) - got);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return -1;
		got += (size_t)n;
	}
	if (q.magic != SIM_PROTO_MAGIC)
		return -1;
	q.text[sizeof(q.text) - 1] = '\0';
	handle(s, &q, &r);
	return send(fd, &r, sizeof(r), MSG_NOSIGNAL) == (ssize_t)sizeof(r) ? 0 : -1;
}

/* Our owner and root only, whatever the modes around the socket say. */
static bool peer_allowed(int fd)
{
	struct ucred cr;
	socklen_t len = sizeof(cr);

	return getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &cr, &len) == 0 &&
	       (cr.uid == geteuid() || cr.uid == 0);
}

static void loop(struct svc *s)
{
	while (!stopping) {
		struct pollfd p[MAX_CLIENTS + 1];
		int n;

		p[0] = (struct pollfd){ .fd = s->listen_fd, .events = POLLIN };
		for (size_t i = 0; i < s->nclients; i++)
			p[i + 1] = (struct pollfd){ .fd = s->clients[i], .events = POLLIN };
		n = poll(p, s->nclients + 1, 200);
		if (n <= 0)
			continue;
		for (size_t i = s->nclients; i-- > 0;) {
			if (!p[i + 1].revents)
				continue;
			if (serve(s, s->clients[i])) {
				close(s->clients[i]);
				s->clients[i] = s->clients[--s->nclients];
			}
		}
		if (p[0].revents & POLLIN) {
			int c = accept4(s->listen_fd, NULL, NULL, SOCK_CLOEXEC);

			if (c >= 0 && !peer_allowed(c)) {
				close(c);
				c = -1;
			}
			if (c >= 0 && s->nclients < MAX_CLIENTS) {
				/* a client that stops half-way through a request must not
				 * stall the adapter for the others */
				struct timeval tv = { 1, 0 };

				setsockopt(c, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv));
				s->clients[s->nclients++] = c;
			}
			else if (c >= 0)
				close(c);
		}
	}
}

static void teardown(struct svc *s, const char *name)
{
	for (size_t i = 0; i < s->nclients; i++)
		close(s->clients[i]);
	if (s->listen_fd >= 0)
		close(s->listen_fd);
	sim_pcidev_stop(s->pcidev);
	sim_qproxy_stop(s->qproxy);	/* before the adapter it serves */
	sim_vfiouser_stop(s->vfiouser);
	sim_adapter_destroy(s->a);
	if (s->tracelog_fd >= 0)
		close(s->tracelog_fd);
	if (s->tracering_fd >= 0)
		close(s->tracering_fd);
	if (s->bar0)
		munmap(s->bar0, SIM_BAR0_BYTES);
	if (s->hostmem)
		munmap(s->hostmem, SIM_HOSTMEM_BYTES);
	sim_release(name, s->lock_fd);
}

int sim_service_run(const struct sim_service_opts *o, struct prm_err *err)
{
	struct svc s = { .lock_fd = -1, .listen_fd = -1, .tracelog_fd = -1,
			.tracering_fd = -1 };
	int rc;

	stopping = 0;
	rc = setup(&s, o, err);
	if (o->ready_fd >= 0) {
		char ok = rc ? 'E' : 'R';

		if (write(o->ready_fd, &ok, 1) < 0 || (rc && write(o->ready_fd, err->msg,
								  strlen(err->msg)) < 0))
			rc = rc ? rc : -1;
		close(o->ready_fd);
	}
	if (rc == 0)
		loop(&s);
	if (rc && s.lock_fd < 0) {
		/* never got the lock: leave another's files alone */
		sim_adapter_destroy(s.a);
		if (s.bar0)
			munmap(s.bar0, SIM_BAR0_BYTES);
		if (s.hostmem)
			munmap(s.hostmem, SIM_HOSTMEM_BYTES);
		return rc;
	}
	teardown(&s, o->name);
	return rc;
}
