// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* Generic netlink over libmnl (genl.h). */
#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <libmnl/libmnl.h>
#include <linux/genetlink.h>

#include "lib/dev/cfg.h"
#include "lib/dev/genl.h"
#include "lib/nl/nlack.h"
#include "lib/util/clock.h"

#define INTR_SLICE_MS 100

static int not_available(struct genl *g, int e, const char *why, struct prm_err *err)
{
	return prm_err_set(err, PRM_E_NODEV, e, "not_available", "%s not available: %s%s%s",
			   g->name, why, e ? ": " : "", e ? strerror(e) : "");
}

static int kernel_error(struct genl *g, const char *what, int e, const char *ext,
			struct prm_err *err)
{
	enum prm_err_kind kind = PRM_E_FAILED;

	if (e == ENODEV || e == EPERM || e == EACCES)
		kind = PRM_E_NODEV;
	return prm_err_set(err, kind, e, e == EOPNOTSUPP ? "not_supported" : "kernel_error",
			   "%s %s: %s%s%s", g->name, what, strerror(e), ext[0] ? ": " : "", ext);
}

/*
 * A whole message inside len bytes. libmnl's mnl_nlmsg_ok compares the
 * length as an int: 2^31 and more would pass and walk off the buffer.
 */
static bool msg_ok(const struct nlmsghdr *nlh, int len)
{
	return len >= (int)sizeof(*nlh) && nlh->nlmsg_len >= sizeof(*nlh) &&
	       nlh->nlmsg_len <= (unsigned)len;
}

/* One receive, waiting at most ms. 0 timeout, >0 bytes, -1 error (errno). */
static ssize_t recv_wait(struct genl *g, int ms)
{
	struct pollfd p = { .fd = mnl_socket_get_fd(g->nl), .events = POLLIN };
	int rc = poll(&p, 1, ms);

	if (rc <= 0)
		return rc < 0 && errno != EINTR ? -1 : 0;
	return mnl_socket_recvfrom(g->nl, g->buf, GENL_RECV_BYTES);
}

struct nlmsghdr *genl_request(struct genl *g, uint8_t cmd, uint16_t flags)
{
	struct nlmsghdr *nlh = mnl_nlmsg_put_header(g->req);
	struct genlmsghdr *h;

	nlh->nlmsg_type = g->family;
	nlh->nlmsg_flags = NLM_F_REQUEST | NLM_F_ACK | flags;
	nlh->nlmsg_seq = ++g->seq;
	h = mnl_nlmsg_put_extra_header(nlh, sizeof(*h));
	h->cmd = cmd;
	h->version = g->version;
	return nlh;
}

/*
 * Walk one receive. Returns 1 when the request is answered, 0 to read on,
 * -1 on error. A dump ends at NLMSG_DONE; anything else at its ACK (a
 * long doit answer such as diagnose also sends a DONE before the ACK).
 */
static int walk(struct genl *g, const struct nlmsghdr *req, size_t n, const char *what,
		genl_cb cb, void *arg, struct prm_err *err)
{
	bool dump = req->nlmsg_flags & NLM_F_DUMP;
	const struct nlmsghdr *nlh = (const void *)g->buf;
	int len = (int)n;
	char ext[256];
	int e;

	for (; msg_ok(nlh, len); nlh = mnl_nlmsg_next(nlh, &len)) {
		/* an answer to an earlier request (its ACK after a DONE): not ours */
		if (nlh->nlmsg_seq != req->nlmsg_seq || nlh->nlmsg_pid != g->portid)
			continue;
		switch (nlh->nlmsg_type) {
		case NLMSG_NOOP:
		case NLMSG_OVERRUN:
			continue;
		case NLMSG_ERROR:
			if (nl_ack_parse(nlh, &e, ext, sizeof(ext)))
				return prm_err_set(err, PRM_E_FAILED, EPROTO, "bad_netlink",
						   "%s %s: a truncated error message", g->name, what);
			if (e)
				return kernel_error(g, what, e, ext, err);
			return 1;
		case NLMSG_DONE:
			if (nl_done_parse(nlh, &e, ext, sizeof(ext)))
				return prm_err_set(err, PRM_E_FAILED, EPROTO, "bad_netlink",
						   "%s %s: a malformed end of dump", g->name, what);
			if (e)
				return kernel_error(g, what, e, ext, err);
			if (dump)
				return 1;
			continue;
		default:
			if (nlh->nlmsg_type != g->family)
				return prm_err_set(err, PRM_E_FAILED, EPROTO, "bad_netlink",
						   "%s %s: a message of type %u", g->name, what,
						   nlh->nlmsg_type);
			if (cb && cb(nlh, arg, err))
				return -1;
		}
	}
	if (len > 0)
		return prm_err_set(err, PRM_E_FAILED, EPROTO, "bad_netlink",
				   "%s %s: a truncated message", g->name, what);
	return 0;
}

int genl_call(struct genl *g, struct nlmsghdr *req, const char *what, genl_cb cb, void *arg,
	      struct prm_err *err)
{
	uint64_t deadline = clock_now_ms() + g->timeout_ms;

	if (mnl_socket_sendto(g->nl, req, req->nlmsg_len) < 0)
		return prm_err_set(err, PRM_E_FAILED, errno, "netlink",
				   "%s %s: cannot send: %s", g->name, what, strerror(errno));
	for (;;) {
		uint64_t now = clock_now_ms();
		ssize_t n;
		int rc;

		if (dev_interrupted())
			return prm_err_set(err, PRM_E_FAILED, EINTR, "interrupted",
					   "%s %s: interrupted", g->name, what);
		if (now >= deadline)
			return prm_err_set(err, PRM_E_TIMEOUT, ETIMEDOUT, "timeout",
					   "%s %s: no answer from the kernel in %u ms", g->name,
					   what, g->timeout_ms);
		/* in slices: a signal just before poll() must not wait the whole timeout */
		n = recv_wait(g, (int)(deadline - now < INTR_SLICE_MS ? deadline - now
								      : INTR_SLICE_MS));
		if (n == 0)
			continue;
		if (n < 0)
			return prm_err_set(err, PRM_E_FAILED, errno, "netlink",
					   "%s %s: cannot receive: %s", g->name, what,
					   strerror(errno));
		rc = walk(g, req, (size_t)n, what, cb, arg, err);
		if (rc)
			return rc < 0 ? -1 : 0;
	}
}

static void family_ops(struct genl *g, const struct nlattr *ops)
{
	const struct nlattr *op, *a;

	g->have_ops = true;
	mnl_attr_for_each_nested(op, ops) {
		mnl_attr_for_each_nested(a, op) {
			if (mnl_attr_get_type(a) == CTRL_ATTR_OP_ID &&
			    mnl_attr_validate(a, MNL_TYPE_U32) == 0 &&
			    mnl_attr_get_u32(a) < GENL_OPS_MAX)
				g->ops[mnl_attr_get_u32(a) / 8] |= 1u << (mnl_attr_get_u32(a) % 8);
		}
	}
}

static void family_groups(struct genl *g, const struct nlattr *groups)
{
	const struct nlattr *grp, *a;

	mnl_attr_for_each_nested(grp, groups) {
		const char *name = NULL;
		uint32_t id = 0;

		mnl_attr_for_each_nested(a, grp) {
			if (mnl_attr_get_type(a) == CTRL_ATTR_MCAST_GRP_NAME &&
			    mnl_attr_validate(a, MNL_TYPE_NUL_STRING) == 0)
				name = mnl_attr_get_str(a);
			if (mnl_attr_get_type(a) == CTRL_ATTR_MCAST_GRP_ID &&
			    mnl_attr_validate(a, MNL_TYPE_U32) == 0)
				id = mnl_attr_get_u32(a);
		}
		if (name && id && g->ngroups < GENL_GROUPS_MAX) {
			snprintf(g->groups[g->ngroups].name, sizeof(g->groups[0].name), "%s", name);
			g->groups[g->ngroups++].id = id;
		}
	}
}

static int family_cb(const struct nlmsghdr *nlh, void *arg, struct prm_err *err)
{
	struct genl *g = arg;
	const struct nlattr *a;

	(void)err;
	mnl_attr_for_each(a, nlh, GENL_HDRLEN) {
		switch (mnl_attr_get_type(a)) {
		case CTRL_ATTR_FAMILY_ID:
			if (mnl_attr_validate(a, MNL_TYPE_U16) == 0)
				g->family = mnl_attr_get_u16(a);
			break;
		case CTRL_ATTR_OPS:
			family_ops(g, a);
			break;
		case CTRL_ATTR_MCAST_GROUPS:
			family_groups(g, a);
			break;
		}
	}
	return 0;
}

int genl_open(struct genl *g, const char *family, uint8_t version, unsigned timeout_ms,
	      struct prm_err *err)
{
	struct nlmsghdr *nlh;
	int one = 1;

	memset(g, 0, sizeof(*g));
	snprintf(g->name, sizeof(g->name), "%s", family);
	g->timeout_ms = timeout_ms ? timeout_ms : 10000;
	g->seq = (uint32_t)time(NULL);
	g->buf = malloc(GENL_RECV_BYTES);
	if (!g->buf)
		return prm_err_set(err, PRM_E_FAILED, ENOMEM, "oom", "out of memory");
	g->nl = mnl_socket_open2(NETLINK_GENERIC, SOCK_CLOEXEC);
	if (!g->nl) {
		not_available(g, errno, "cannot open a generic netlink socket", err);
		goto fail;
	}
	/* errors come back with their text and without our request */
	mnl_socket_setsockopt(g->nl, NETLINK_EXT_ACK, &one, sizeof(one));
	mnl_socket_setsockopt(g->nl, NETLINK_CAP_ACK, &one, sizeof(one));
	if (mnl_socket_bind(g->nl, 0, MNL_SOCKET_AUTOPID) < 0) {
		not_available(g, errno, "cannot bind a generic netlink socket", err);
		goto fail;
	}
	g->portid = mnl_socket_get_portid(g->nl);
	g->family = GENL_ID_CTRL;
	g->version = 1;
	nlh = genl_request(g, CTRL_CMD_GETFAMILY, 0);
	mnl_attr_put_strz(nlh, CTRL_ATTR_FAMILY_NAME, family);
	if (genl_call(g, nlh, "family lookup", family_cb, g, err)) {
		if (err->sys_errno == ENOENT)
			not_available(g, 0, "the kernel has no such generic netlink family", err);
		goto fail;
	}
	if (g->family == GENL_ID_CTRL || g->family == 0) {
		not_available(g, 0, "the kernel did not give the family's id", err);
		goto fail;
	}
	g->version = version;
	return 0;
fail:
	genl_close(g);
	return -1;
}

void genl_close(struct genl *g)
{
	if (g->nl)
		mnl_socket_close(g->nl);
	free(g->buf);
	g->nl = NULL;
	g->buf = NULL;
}

bool genl_has_op(const struct genl *g, uint8_t cmd)
{
	return !g->have_ops || (g->ops[cmd / 8] & (1u << (cmd % 8)));
}

int genl_join(struct genl *g, const char *group, struct prm_err *err)
{
	for (unsigned i = 0; i < g->ngroups; i++) {
		unsigned id = g->groups[i].id;

		if (strcmp(g->groups[i].name, group))
			continue;
		if (mnl_socket_setsockopt(g->nl, NETLINK_ADD_MEMBERSHIP, &id, sizeof(id)) < 0)
			return not_available(g, errno, "cannot join its notification group", err);
		return 0;
	}
	return prm_err_set(err, PRM_E_NODEV, ENOENT, "not_available",
			   "%s has no notification group '%s'", g->name, group);
}

int genl_events(struct genl *g, int timeout_ms, genl_cb cb, void *arg, bool *lost,
		struct prm_err *err)
{
	const struct nlmsghdr *nlh = (const void *)g->buf;
	ssize_t n = recv_wait(g, timeout_ms);
	int len, got = 0;

	*lost = false;
	if (n < 0 && errno == ENOBUFS) {
		*lost = true;	/* the socket overflowed: some were dropped */
		return 0;
	}
	if (n < 0)
		return prm_err_set(err, PRM_E_FAILED, errno, "netlink",
				   "%s notifications: cannot receive: %s", g->name, strerror(errno));
	for (len = (int)n; msg_ok(nlh, len); nlh = mnl_nlmsg_next(nlh, &len)) {
		if (nlh->nlmsg_type != g->family)
			continue;
		if (cb(nlh, arg, err))
			return -1;
		got++;
	}
	return got;
}
