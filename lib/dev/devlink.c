// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* devlink requests (devlink.h). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <libmnl/libmnl.h>
#include <linux/devlink.h>

#include "lib/dev/devlink.h"

int devlink_open(struct devlink *dl, unsigned timeout_ms, struct prm_err *err)
{
	return genl_open(&dl->g, DEVLINK_GENL_NAME, DEVLINK_GENL_VERSION, timeout_ms, err);
}

void devlink_close(struct devlink *dl)
{
	genl_close(&dl->g);
}

int devlink_handle_parse(const char *s, struct dl_handle *h)
{
	const char *slash = strchr(s, '/');
	size_t bl;

	if (!slash || slash == s || !slash[1] || strchr(slash + 1, '/'))
		return -1;
	bl = (size_t)(slash - s);
	if (bl >= sizeof(h->bus) || strlen(slash + 1) >= sizeof(h->dev))
		return -1;
	memcpy(h->bus, s, bl);
	h->bus[bl] = '\0';
	strcpy(h->dev, slash + 1);
	return 0;
}

bool devlink_handle_eq(const struct dl_handle *a, const struct dl_handle *b)
{
	return strcmp(a->bus, b->bus) == 0 && strcmp(a->dev, b->dev) == 0;
}

static struct nlmsghdr *request(struct devlink *dl, uint8_t cmd, uint16_t flags,
				const struct dl_handle *h)
{
	struct nlmsghdr *nlh = genl_request(&dl->g, cmd, flags);

	if (h) {
		mnl_attr_put_strz(nlh, DEVLINK_ATTR_BUS_NAME, h->bus);
		mnl_attr_put_strz(nlh, DEVLINK_ATTR_DEV_NAME, h->dev);
	}
	return nlh;
}

static int unsupported(struct devlink *dl, uint8_t cmd, const char *what, struct prm_err *err)
{
	if (genl_has_op(&dl->g, cmd))
		return 0;
	return prm_err_set(err, PRM_E_FAILED, EOPNOTSUPP, "not_supported",
			   "devlink %s: not supported by this kernel", what);
}

/* A growing array of parsed objects, kept when they belong to the handle. */
struct collect {
	const struct dl_handle *want;	/* NULL: all */
	void *items;
	size_t n, cap, size;
	bool one;			/* items is the caller's one struct (a get) */
	int (*parse)(const struct nlmsghdr *, void *, struct prm_err *);
	const struct dl_handle *(*handle_of)(const void *);
};

static int collect_cb(const struct nlmsghdr *nlh, void *arg, struct prm_err *err)
{
	struct collect *c = arg;
	char *slot;

	if (c->n == c->cap) {
		size_t cap = c->cap ? c->cap * 2 : 8;

		/* a get's one slot is the caller's: a second answer is the kernel's fault */
		if (c->one)
			return prm_err_set(err, PRM_E_FAILED, EPROTO, "bad_netlink",
					   "devlink: more than one answer to a get");
		void *p = realloc(c->items, cap * c->size);

		if (!p)
			return prm_err_set(err, PRM_E_FAILED, ENOMEM, "oom", "out of memory");
		c->items = p;
		c->cap = cap;
	}
	slot = (char *)c->items + c->n * c->size;
	if (c->parse(nlh, slot, err))
		return -1;
	/* dumps of this kernel generation ignore the handle: filter here */
	if (c->want && !devlink_handle_eq(c->want, c->handle_of(slot)))
		return 0;
	c->n++;
	return 0;
}

static int collect(struct devlink *dl, uint8_t cmd, const char *what, const struct dl_handle *h,
		   struct collect *c, void **out, size_t *n, struct prm_err *err)
{
	struct nlmsghdr *nlh;

	*out = NULL;
	*n = 0;
	if (unsupported(dl, cmd, what, err))
		return -1;
	nlh = request(dl, cmd, NLM_F_DUMP, NULL);
	c->want = h;
	if (genl_call(&dl->g, nlh, what, collect_cb, c, err)) {
		free(c->items);
		return -1;
	}
	*out = c->items;
	*n = c->n;
	return 0;
}

static const struct dl_handle *handle_self(const void *p) { return p; }
static const struct dl_handle *info_handle(const void *p) { return &((const struct dl_info *)p)->h; }
static const struct dl_handle *port_handle(const void *p) { return &((const struct dl_port *)p)->h; }
static const struct dl_handle *rep_handle(const void *p) { return &((const struct dl_reporter *)p)->h; }
static const struct dl_handle *region_handle(const void *p) { return &((const struct dl_region *)p)->h; }

static int parse_handle(const struct nlmsghdr *nlh, void *p, struct prm_err *err)
{
	return dl_parse_handle(nlh, p, err);
}

static int parse_info(const struct nlmsghdr *nlh, void *p, struct prm_err *err)
{
	return dl_parse_info(nlh, p, err);
}

static int parse_port(const struct nlmsghdr *nlh, void *p, struct prm_err *err)
{
	return dl_parse_port(nlh, p, err);
}

static int parse_reporter(const struct nlmsghdr *nlh, void *p, struct prm_err *err)
{
	return dl_parse_reporter(nlh, p, err);
}

static int parse_region(const struct nlmsghdr *nlh, void *p, struct prm_err *err)
{
	return dl_parse_region(nlh, p, err);
}

int devlink_exists(struct devlink *dl, const struct dl_handle *h, struct prm_err *err)
{
	struct dl_handle got = { 0 };
	struct collect c = { .size = sizeof(got), .parse = parse_handle, .handle_of = handle_self,
			     .items = &got, .cap = 1, .one = true };
	struct nlmsghdr *nlh = request(dl, DEVLINK_CMD_GET, 0, h);

	if (genl_call(&dl->g, nlh, "device", collect_cb, &c, err)) {
		if (err->sys_errno == ENODEV)
			prm_err_set(err, PRM_E_NODEV, ENODEV, "not_found",
				    "no devlink instance %s/%s (see 'prmctl device list --access devlink')",
				    h->bus, h->dev);
		return -1;
	}
	return 0;
}

int devlink_list(struct devlink *dl, struct dl_handle **out, size_t *n, struct prm_err *err)
{
	struct collect c = { .size = sizeof(**out), .parse = parse_handle, .handle_of = handle_self };

	return collect(dl, DEVLINK_CMD_GET, "device list", NULL, &c, (void **)out, n, err);
}

int devlink_info(struct devlink *dl, const struct dl_handle *h, struct dl_info *info,
		 struct prm_err *err)
{
	struct collect c = { .size = sizeof(*info), .parse = parse_info, .handle_of = info_handle,
			     .items = info, .cap = 1, .one = true };
	struct nlmsghdr *nlh;

	if (unsupported(dl, DEVLINK_CMD_INFO_GET, "info", err))
		return -1;
	nlh = request(dl, DEVLINK_CMD_INFO_GET, 0, h);
	if (genl_call(&dl->g, nlh, "info", collect_cb, &c, err))
		return -1;
	if (c.n != 1)
		return prm_err_set(err, PRM_E_FAILED, EPROTO, "bad_netlink",
				   "devlink info: %zu answers for %s/%s", c.n, h->bus, h->dev);
	return 0;
}

int devlink_ports(struct devlink *dl, const struct dl_handle *h, struct dl_port **out,
		  size_t *n, struct prm_err *err)
{
	struct collect c = { .size = sizeof(**out), .parse = parse_port, .handle_of = port_handle };

	return collect(dl, DEVLINK_CMD_PORT_GET, "port list", h, &c, (void **)out, n, err);
}

int devlink_reporters(struct devlink *dl, const struct dl_handle *h,
		      struct dl_reporter **out, size_t *n, struct prm_err *err)
{
	struct collect c = { .size = sizeof(**out), .parse = parse_reporter,
			     .handle_of = rep_handle };

	return collect(dl, DEVLINK_CMD_HEALTH_REPORTER_GET, "health reporter list", h, &c,
		       (void **)out, n, err);
}

int devlink_regions(struct devlink *dl, const struct dl_handle *h, struct dl_region **out,
		    size_t *n, struct prm_err *err)
{
	struct collect c = { .size = sizeof(**out), .parse = parse_region,
			     .handle_of = region_handle };

	return collect(dl, DEVLINK_CMD_REGION_GET, "region list", h, &c, (void **)out, n, err);
}

int devlink_reporter_get(struct devlink *dl, const struct dl_handle *h, const char *name,
			 struct dl_reporter *r, struct prm_err *err)
{
	struct collect c = { .size = sizeof(*r), .parse = parse_reporter, .handle_of = rep_handle,
			     .items = r, .cap = 1, .one = true };
	struct nlmsghdr *nlh = request(dl, DEVLINK_CMD_HEALTH_REPORTER_GET, 0, h);

	mnl_attr_put_strz(nlh, DEVLINK_ATTR_HEALTH_REPORTER_NAME, name);
	if (genl_call(&dl->g, nlh, "health reporter", collect_cb, &c, err))
		return -1;
	if (c.n != 1)
		return prm_err_set(err, PRM_E_FAILED, EPROTO, "bad_netlink",
				   "devlink health reporter: no answer for '%s'", name);
	return 0;
}

static int fmsg_cb(const struct nlmsghdr *nlh, void *arg, struct prm_err *err)
{
	return dl_parse_fmsg(nlh, arg, err);
}

static int health_message(struct devlink *dl, uint8_t cmd, uint16_t flags, const char *what,
			  const struct dl_handle *h, const char *name, struct fmsg *f,
			  struct prm_err *err)
{
	struct nlmsghdr *nlh = request(dl, cmd, flags, h);

	fmsg_init(f);
	mnl_attr_put_strz(nlh, DEVLINK_ATTR_HEALTH_REPORTER_NAME, name);
	if (genl_call(&dl->g, nlh, what, fmsg_cb, f, err) || fmsg_finish(f, err)) {
		prm_err_prefix(err, "reporter '%s': ", name);
		fmsg_free(f);
		return -1;
	}
	return 0;
}

int devlink_diagnose(struct devlink *dl, const struct dl_handle *h, const char *name,
		     struct fmsg *f, struct prm_err *err)
{
	return health_message(dl, DEVLINK_CMD_HEALTH_REPORTER_DIAGNOSE, 0, "health diagnose",
			      h, name, f, err);
}

int devlink_dump(struct devlink *dl, const struct dl_handle *h, const char *name,
		 struct fmsg *f, struct prm_err *err)
{
	return health_message(dl, DEVLINK_CMD_HEALTH_REPORTER_DUMP_GET, NLM_F_DUMP,
			      "health dump", h, name, f, err);
}

/* A request answered by its ACK alone. */
static int simple(struct devlink *dl, const char *what, struct nlmsghdr *nlh, struct prm_err *err)
{
	return genl_call(&dl->g, nlh, what, NULL, NULL, err);
}

int devlink_dump_clear(struct devlink *dl, const struct dl_handle *h, const char *name,
		       struct prm_err *err)
{
	struct nlmsghdr *nlh = request(dl, DEVLINK_CMD_HEALTH_REPORTER_DUMP_CLEAR, 0, h);

	mnl_attr_put_strz(nlh, DEVLINK_ATTR_HEALTH_REPORTER_NAME, name);
	return simple(dl, "health dump clear", nlh, err);
}

int devlink_recover(struct devlink *dl, const struct dl_handle *h, const char *name,
		    struct prm_err *err)
{
	struct nlmsghdr *nlh = request(dl, DEVLINK_CMD_HEALTH_REPORTER_RECOVER, 0, h);

	mnl_attr_put_strz(nlh, DEVLINK_ATTR_HEALTH_REPORTER_NAME, name);
	return simple(dl, "health recover", nlh, err);
}

struct snap_id {
	uint32_t id;
	bool got;		/* 0 is an id like any other */
};

static int snapshot_cb(const struct nlmsghdr *nlh, void *arg, struct prm_err *err)
{
	struct snap_id *s = arg;

	if (dl_parse_snapshot_id(nlh, &s->id, err))
		return -1;
	s->got = true;
	return 0;
}

int devlink_snapshot_new(struct devlink *dl, const struct dl_handle *h, const char *region,
			 uint32_t *id, struct prm_err *err)
{
	struct nlmsghdr *nlh = request(dl, DEVLINK_CMD_REGION_NEW, 0, h);
	struct snap_id s = { 0 };

	mnl_attr_put_strz(nlh, DEVLINK_ATTR_REGION_NAME, region);
	if (genl_call(&dl->g, nlh, "region snapshot", snapshot_cb, &s, err))
		return -1;
	if (!s.got)
		return prm_err_set(err, PRM_E_FAILED, EPROTO, "bad_netlink",
				   "devlink region snapshot: the kernel did not say its id");
	*id = s.id;
	return 0;
}

int devlink_snapshot_del(struct devlink *dl, const struct dl_handle *h, const char *region,
			 uint32_t id, struct prm_err *err)
{
	struct nlmsghdr *nlh = request(dl, DEVLINK_CMD_REGION_DEL, 0, h);

	mnl_attr_put_strz(nlh, DEVLINK_ATTR_REGION_NAME, region);
	mnl_attr_put_u32(nlh, DEVLINK_ATTR_REGION_SNAPSHOT_ID, id);
	return simple(dl, "region snapshot delete", nlh, err);
}

struct read_ctx {
	dl_chunk_cb cb;
	void *arg;
};

static int read_cb(const struct nlmsghdr *nlh, void *arg, struct prm_err *err)
{
	struct read_ctx *r = arg;

	return dl_parse_chunks(nlh, r->cb, r->arg, err);
}

int devlink_snapshot_read(struct devlink *dl, const struct dl_handle *h, const char *region,
			  uint32_t id, dl_chunk_cb cb, void *arg, struct prm_err *err)
{
	struct nlmsghdr *nlh = request(dl, DEVLINK_CMD_REGION_READ, NLM_F_DUMP, h);
	struct read_ctx r = { cb, arg };

	mnl_attr_put_strz(nlh, DEVLINK_ATTR_REGION_NAME, region);
	mnl_attr_put_u32(nlh, DEVLINK_ATTR_REGION_SNAPSHOT_ID, id);
	return genl_call(&dl->g, nlh, "region read", read_cb, &r, err);
}

int devlink_monitor(struct devlink *dl, struct prm_err *err)
{
	return genl_join(&dl->g, DEVLINK_GENL_MCGRP_CONFIG_NAME, err);
}

struct event_ctx {
	devlink_event_cb cb;
	void *arg;
	struct dl_event ev;
};

static int event_cb(const struct nlmsghdr *nlh, void *arg, struct prm_err *err)
{
	struct event_ctx *e = arg;
	int rc = dl_parse_event(nlh, &e->ev, err);

	if (rc)
		return rc < 0 ? -1 : 0;
	return e->cb(&e->ev, e->arg, err);
}

int devlink_events(struct devlink *dl, int timeout_ms, devlink_event_cb cb, void *arg,
		   bool *lost, struct prm_err *err)
{
	struct event_ctx e = { .cb = cb, .arg = arg };

	return genl_events(&dl->g, timeout_ms, event_cb, &e, lost, err);
}
