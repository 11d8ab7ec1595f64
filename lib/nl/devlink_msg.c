// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* devlink messages into structs, every attribute checked first (devlink_msg.h). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libmnl/libmnl.h>
#include <linux/devlink.h>
#include <linux/genetlink.h>

#include "lib/nl/devlink_msg.h"

/*
 * The type of each attribute prmctl reads (include/uapi/linux/devlink.h);
 * MNL_TYPE_UNSPEC: not read, not checked.
 */
static const uint8_t policy[DEVLINK_ATTR_MAX + 1] = {
	[DEVLINK_ATTR_BUS_NAME] = MNL_TYPE_NUL_STRING,
	[DEVLINK_ATTR_DEV_NAME] = MNL_TYPE_NUL_STRING,
	[DEVLINK_ATTR_PORT_INDEX] = MNL_TYPE_U32,
	[DEVLINK_ATTR_PORT_TYPE] = MNL_TYPE_U16,
	[DEVLINK_ATTR_PORT_NETDEV_NAME] = MNL_TYPE_NUL_STRING,
	[DEVLINK_ATTR_PORT_IBDEV_NAME] = MNL_TYPE_NUL_STRING,
	[DEVLINK_ATTR_PORT_FLAVOUR] = MNL_TYPE_U16,
	[DEVLINK_ATTR_PORT_NUMBER] = MNL_TYPE_U32,
	[DEVLINK_ATTR_PORT_PCI_PF_NUMBER] = MNL_TYPE_U16,
	[DEVLINK_ATTR_PORT_PCI_VF_NUMBER] = MNL_TYPE_U16,
	[DEVLINK_ATTR_PORT_PCI_SF_NUMBER] = MNL_TYPE_U32,
	[DEVLINK_ATTR_PORT_CONTROLLER_NUMBER] = MNL_TYPE_U32,
	[DEVLINK_ATTR_PORT_EXTERNAL] = MNL_TYPE_U8,
	[DEVLINK_ATTR_PORT_SPLITTABLE] = MNL_TYPE_U8,
	[DEVLINK_ATTR_PORT_LANES] = MNL_TYPE_U32,
	[DEVLINK_ATTR_PORT_FUNCTION] = MNL_TYPE_NESTED,
	[DEVLINK_ATTR_REGION_NAME] = MNL_TYPE_NUL_STRING,
	[DEVLINK_ATTR_REGION_SIZE] = MNL_TYPE_U64,
	[DEVLINK_ATTR_REGION_MAX_SNAPSHOTS] = MNL_TYPE_U32,
	[DEVLINK_ATTR_REGION_SNAPSHOTS] = MNL_TYPE_NESTED,
	[DEVLINK_ATTR_REGION_SNAPSHOT] = MNL_TYPE_NESTED,
	[DEVLINK_ATTR_REGION_SNAPSHOT_ID] = MNL_TYPE_U32,
	[DEVLINK_ATTR_REGION_CHUNKS] = MNL_TYPE_NESTED,
	[DEVLINK_ATTR_REGION_CHUNK] = MNL_TYPE_NESTED,
	[DEVLINK_ATTR_REGION_CHUNK_DATA] = MNL_TYPE_BINARY,
	[DEVLINK_ATTR_REGION_CHUNK_ADDR] = MNL_TYPE_U64,
	[DEVLINK_ATTR_INFO_DRIVER_NAME] = MNL_TYPE_NUL_STRING,
	[DEVLINK_ATTR_INFO_SERIAL_NUMBER] = MNL_TYPE_NUL_STRING,
	[DEVLINK_ATTR_INFO_BOARD_SERIAL_NUMBER] = MNL_TYPE_NUL_STRING,
	[DEVLINK_ATTR_INFO_VERSION_FIXED] = MNL_TYPE_NESTED,
	[DEVLINK_ATTR_INFO_VERSION_RUNNING] = MNL_TYPE_NESTED,
	[DEVLINK_ATTR_INFO_VERSION_STORED] = MNL_TYPE_NESTED,
	[DEVLINK_ATTR_INFO_VERSION_NAME] = MNL_TYPE_NUL_STRING,
	[DEVLINK_ATTR_INFO_VERSION_VALUE] = MNL_TYPE_NUL_STRING,
	[DEVLINK_ATTR_FMSG] = MNL_TYPE_NESTED,
	[DEVLINK_ATTR_HEALTH_REPORTER] = MNL_TYPE_NESTED,
	[DEVLINK_ATTR_HEALTH_REPORTER_NAME] = MNL_TYPE_NUL_STRING,
	[DEVLINK_ATTR_HEALTH_REPORTER_STATE] = MNL_TYPE_U8,
	[DEVLINK_ATTR_HEALTH_REPORTER_ERR_COUNT] = MNL_TYPE_U64,
	[DEVLINK_ATTR_HEALTH_REPORTER_RECOVER_COUNT] = MNL_TYPE_U64,
	[DEVLINK_ATTR_HEALTH_REPORTER_DUMP_TS] = MNL_TYPE_U64,
	[DEVLINK_ATTR_HEALTH_REPORTER_GRACEFUL_PERIOD] = MNL_TYPE_U64,
	[DEVLINK_ATTR_HEALTH_REPORTER_AUTO_RECOVER] = MNL_TYPE_U8,
	[DEVLINK_ATTR_HEALTH_REPORTER_DUMP_TS_NS] = MNL_TYPE_U64,
	[DEVLINK_ATTR_HEALTH_REPORTER_AUTO_DUMP] = MNL_TYPE_U8,
};

/* DEVLINK_ATTR_PORT_FUNCTION's members */
static const uint8_t fn_policy[DEVLINK_PORT_FUNCTION_ATTR_MAX + 1] = {
	[DEVLINK_PORT_FUNCTION_ATTR_HW_ADDR] = MNL_TYPE_BINARY,
	[DEVLINK_PORT_FN_ATTR_STATE] = MNL_TYPE_U8,
	[DEVLINK_PORT_FN_ATTR_OPSTATE] = MNL_TYPE_U8,
};

struct table {
	const struct nlattr **tb;
	const uint8_t *policy;
	unsigned max;
	const char *where;
	struct prm_err *err;
};

static int check_attr(const struct nlattr *a, void *data)
{
	struct table *t = data;
	uint16_t type = mnl_attr_get_type(a);

	if (type > t->max)
		return MNL_CB_OK;	/* newer than this build: not read */
	if (t->policy[type] != MNL_TYPE_UNSPEC &&
	    mnl_attr_validate(a, (enum mnl_attr_data_type)t->policy[type]) < 0) {
		prm_err_set(t->err, PRM_E_FAILED, EPROTO, "bad_netlink",
			    "devlink %s: attribute %u has a bad type or length (%u bytes)",
			    t->where, type, (unsigned)mnl_attr_get_payload_len(a));
		return MNL_CB_ERROR;
	}
	t->tb[type] = a;
	return MNL_CB_OK;
}

static int bad_msg(struct prm_err *err, const char *where, const char *what)
{
	return prm_err_set(err, PRM_E_FAILED, EPROTO, "bad_netlink", "devlink %s: %s", where, what);
}

/* Every attribute of the message checked, the last of each type kept. */
static int parse(const struct nlmsghdr *nlh, const struct nlattr **tb, const char *where,
		 struct prm_err *err)
{
	struct table t = { tb, policy, DEVLINK_ATTR_MAX, where, err };

	memset(tb, 0, sizeof(*tb) * (DEVLINK_ATTR_MAX + 1));
	if (nlh->nlmsg_len < NLMSG_HDRLEN + GENL_HDRLEN)
		return bad_msg(err, where, "a message shorter than its headers");
	if (mnl_attr_parse(nlh, GENL_HDRLEN, check_attr, &t) != MNL_CB_OK) {
		if (!err->msg[0])
			bad_msg(err, where, "a truncated attribute");
		return -1;
	}
	return 0;
}

static int parse_nested(const struct nlattr *nest, const struct nlattr **tb, const uint8_t *pol,
			unsigned max, const char *where, struct prm_err *err)
{
	struct table t = { tb, pol, max, where, err };

	memset(tb, 0, sizeof(*tb) * (max + 1));
	if (mnl_attr_parse_nested(nest, check_attr, &t) != MNL_CB_OK) {
		if (!err->msg[0])
			bad_msg(err, where, "a truncated nested attribute");
		return -1;
	}
	return 0;
}

static void copy_str(char *dst, size_t sz, const struct nlattr *a)
{
	snprintf(dst, sz, "%s", a ? mnl_attr_get_str(a) : "");
}

int dl_msg_cmd(const struct nlmsghdr *nlh)
{
	const struct genlmsghdr *g;

	if (nlh->nlmsg_len < NLMSG_HDRLEN + GENL_HDRLEN)
		return -1;
	g = mnl_nlmsg_get_payload(nlh);
	return g->cmd;
}

static int handle(const struct nlattr **tb, struct dl_handle *h, const char *where,
		  struct prm_err *err)
{
	if (!tb[DEVLINK_ATTR_BUS_NAME] || !tb[DEVLINK_ATTR_DEV_NAME])
		return bad_msg(err, where, "no bus or device name");
	copy_str(h->bus, sizeof(h->bus), tb[DEVLINK_ATTR_BUS_NAME]);
	copy_str(h->dev, sizeof(h->dev), tb[DEVLINK_ATTR_DEV_NAME]);
	return 0;
}

int dl_parse_handle(const struct nlmsghdr *nlh, struct dl_handle *h, struct prm_err *err)
{
	const struct nlattr *tb[DEVLINK_ATTR_MAX + 1];

	memset(h, 0, sizeof(*h));
	if (parse(nlh, tb, "message", err))
		return -1;
	return handle(tb, h, "message", err);
}

/* The versions of one kind, each a nest of name and value; repeated attributes. */
static int versions(const struct nlmsghdr *nlh, uint16_t kind, struct dl_version *v,
		    unsigned *n, struct prm_err *err)
{
	const struct nlattr *a;

	mnl_attr_for_each(a, nlh, GENL_HDRLEN) {
		const struct nlattr *tb[DEVLINK_ATTR_MAX + 1];

		if (mnl_attr_get_type(a) != kind)
			continue;
		if (parse_nested(a, tb, policy, DEVLINK_ATTR_MAX, "info version", err))
			return -1;
		if (!tb[DEVLINK_ATTR_INFO_VERSION_NAME] || !tb[DEVLINK_ATTR_INFO_VERSION_VALUE])
			return bad_msg(err, "info", "a version without its name or value");
		if (*n == DL_VERSIONS_MAX)
			continue;
		copy_str(v[*n].name, sizeof(v[*n].name), tb[DEVLINK_ATTR_INFO_VERSION_NAME]);
		copy_str(v[*n].value, sizeof(v[*n].value), tb[DEVLINK_ATTR_INFO_VERSION_VALUE]);
		(*n)++;
	}
	return 0;
}

int dl_parse_info(const struct nlmsghdr *nlh, struct dl_info *info, struct prm_err *err)
{
	const struct nlattr *tb[DEVLINK_ATTR_MAX + 1];

	memset(info, 0, sizeof(*info));
	if (parse(nlh, tb, "info", err) || handle(tb, &info->h, "info", err))
		return -1;
	copy_str(info->driver, sizeof(info->driver), tb[DEVLINK_ATTR_INFO_DRIVER_NAME]);
	copy_str(info->serial, sizeof(info->serial), tb[DEVLINK_ATTR_INFO_SERIAL_NUMBER]);
	copy_str(info->board_serial, sizeof(info->board_serial),
		 tb[DEVLINK_ATTR_INFO_BOARD_SERIAL_NUMBER]);
	if (versions(nlh, DEVLINK_ATTR_INFO_VERSION_FIXED, info->fixed, &info->nfixed, err) ||
	    versions(nlh, DEVLINK_ATTR_INFO_VERSION_RUNNING, info->running, &info->nrunning, err) ||
	    versions(nlh, DEVLINK_ATTR_INFO_VERSION_STORED, info->stored, &info->nstored, err))
		return -1;
	return 0;
}

static int port_function(const struct nlattr *nest, struct dl_port *p, struct prm_err *err)
{
	const struct nlattr *tb[DEVLINK_PORT_FUNCTION_ATTR_MAX + 1];
	const struct nlattr *hw;

	if (parse_nested(nest, tb, fn_policy, DEVLINK_PORT_FUNCTION_ATTR_MAX, "port function", err))
		return -1;
	hw = tb[DEVLINK_PORT_FUNCTION_ATTR_HW_ADDR];
	if (hw) {
		p->hw_addr_len = mnl_attr_get_payload_len(hw);
		if (p->hw_addr_len > sizeof(p->hw_addr))
			return bad_msg(err, "port function", "a hardware address over 32 bytes");
		memcpy(p->hw_addr, mnl_attr_get_payload(hw), p->hw_addr_len);
	}
	if (tb[DEVLINK_PORT_FN_ATTR_STATE] && tb[DEVLINK_PORT_FN_ATTR_OPSTATE]) {
		p->has_fn_state = true;
		p->fn_state = mnl_attr_get_u8(tb[DEVLINK_PORT_FN_ATTR_STATE]);
		p->fn_opstate = mnl_attr_get_u8(tb[DEVLINK_PORT_FN_ATTR_OPSTATE]);
	}
	return 0;
}

int dl_parse_port(const struct nlmsghdr *nlh, struct dl_port *p, struct prm_err *err)
{
	const struct nlattr *tb[DEVLINK_ATTR_MAX + 1];

	memset(p, 0, sizeof(*p));
	if (parse(nlh, tb, "port", err) || handle(tb, &p->h, "port", err))
		return -1;
	if (!tb[DEVLINK_ATTR_PORT_INDEX])
		return bad_msg(err, "port", "no port index");
	p->index = mnl_attr_get_u32(tb[DEVLINK_ATTR_PORT_INDEX]);
	if (tb[DEVLINK_ATTR_PORT_TYPE])
		p->type = mnl_attr_get_u16(tb[DEVLINK_ATTR_PORT_TYPE]);
	if ((p->has_flavour = tb[DEVLINK_ATTR_PORT_FLAVOUR]))
		p->flavour = mnl_attr_get_u16(tb[DEVLINK_ATTR_PORT_FLAVOUR]);
	if ((p->has_number = tb[DEVLINK_ATTR_PORT_NUMBER]))
		p->number = mnl_attr_get_u32(tb[DEVLINK_ATTR_PORT_NUMBER]);
	if ((p->has_controller = tb[DEVLINK_ATTR_PORT_CONTROLLER_NUMBER]))
		p->controller = mnl_attr_get_u32(tb[DEVLINK_ATTR_PORT_CONTROLLER_NUMBER]);
	if ((p->has_pf = tb[DEVLINK_ATTR_PORT_PCI_PF_NUMBER]))
		p->pf = mnl_attr_get_u16(tb[DEVLINK_ATTR_PORT_PCI_PF_NUMBER]);
	if ((p->has_vf = tb[DEVLINK_ATTR_PORT_PCI_VF_NUMBER]))
		p->vf = mnl_attr_get_u16(tb[DEVLINK_ATTR_PORT_PCI_VF_NUMBER]);
	if ((p->has_sf = tb[DEVLINK_ATTR_PORT_PCI_SF_NUMBER]))
		p->sf = mnl_attr_get_u32(tb[DEVLINK_ATTR_PORT_PCI_SF_NUMBER]);
	if ((p->has_external = tb[DEVLINK_ATTR_PORT_EXTERNAL]))
		p->external = mnl_attr_get_u8(tb[DEVLINK_ATTR_PORT_EXTERNAL]);
	if ((p->has_splittable = tb[DEVLINK_ATTR_PORT_SPLITTABLE]))
		p->splittable = mnl_attr_get_u8(tb[DEVLINK_ATTR_PORT_SPLITTABLE]);
	if (tb[DEVLINK_ATTR_PORT_LANES])
		p->lanes = mnl_attr_get_u32(tb[DEVLINK_ATTR_PORT_LANES]);
	copy_str(p->netdev, sizeof(p->netdev), tb[DEVLINK_ATTR_PORT_NETDEV_NAME]);
	copy_str(p->ibdev, sizeof(p->ibdev), tb[DEVLINK_ATTR_PORT_IBDEV_NAME]);
	if (tb[DEVLINK_ATTR_PORT_FUNCTION] && port_function(tb[DEVLINK_ATTR_PORT_FUNCTION], p, err))
		return -1;
	return 0;
}

int dl_parse_reporter(const struct nlmsghdr *nlh, struct dl_reporter *r, struct prm_err *err)
{
	const struct nlattr *tb[DEVLINK_ATTR_MAX + 1], *rt[DEVLINK_ATTR_MAX + 1];

	memset(r, 0, sizeof(*r));
	if (parse(nlh, tb, "health reporter", err) || handle(tb, &r->h, "health reporter", err))
		return -1;
	if ((r->has_port = tb[DEVLINK_ATTR_PORT_INDEX]))
		r->port = mnl_attr_get_u32(tb[DEVLINK_ATTR_PORT_INDEX]);
	if (!tb[DEVLINK_ATTR_HEALTH_REPORTER])
		return bad_msg(err, "health reporter", "no reporter nest");
	if (parse_nested(tb[DEVLINK_ATTR_HEALTH_REPORTER], rt, policy, DEVLINK_ATTR_MAX,
			 "health reporter", err))
		return -1;
	if (!rt[DEVLINK_ATTR_HEALTH_REPORTER_NAME] || !rt[DEVLINK_ATTR_HEALTH_REPORTER_STATE] ||
	    !rt[DEVLINK_ATTR_HEALTH_REPORTER_ERR_COUNT] ||
	    !rt[DEVLINK_ATTR_HEALTH_REPORTER_RECOVER_COUNT])
		return bad_msg(err, "health reporter", "no name, state or counters");
	copy_str(r->name, sizeof(r->name), rt[DEVLINK_ATTR_HEALTH_REPORTER_NAME]);
	r->state = mnl_attr_get_u8(rt[DEVLINK_ATTR_HEALTH_REPORTER_STATE]);
	r->error_count = mnl_attr_get_u64(rt[DEVLINK_ATTR_HEALTH_REPORTER_ERR_COUNT]);
	r->recover_count = mnl_attr_get_u64(rt[DEVLINK_ATTR_HEALTH_REPORTER_RECOVER_COUNT]);
	if ((r->has_grace_period = rt[DEVLINK_ATTR_HEALTH_REPORTER_GRACEFUL_PERIOD]))
		r->grace_period_ms = mnl_attr_get_u64(rt[DEVLINK_ATTR_HEALTH_REPORTER_GRACEFUL_PERIOD]);
	if ((r->has_auto_recover = rt[DEVLINK_ATTR_HEALTH_REPORTER_AUTO_RECOVER]))
		r->auto_recover = mnl_attr_get_u8(rt[DEVLINK_ATTR_HEALTH_REPORTER_AUTO_RECOVER]);
	if ((r->has_auto_dump = rt[DEVLINK_ATTR_HEALTH_REPORTER_AUTO_DUMP]))
		r->auto_dump = mnl_attr_get_u8(rt[DEVLINK_ATTR_HEALTH_REPORTER_AUTO_DUMP]);
	if ((r->has_dump_ts = rt[DEVLINK_ATTR_HEALTH_REPORTER_DUMP_TS]))
		r->dump_ts_ms = mnl_attr_get_u64(rt[DEVLINK_ATTR_HEALTH_REPORTER_DUMP_TS]);
	if ((r->has_dump_ts_ns = rt[DEVLINK_ATTR_HEALTH_REPORTER_DUMP_TS_NS]))
		r->dump_ts_ns = mnl_attr_get_u64(rt[DEVLINK_ATTR_HEALTH_REPORTER_DUMP_TS_NS]);
	return 0;
}

int dl_parse_region(const struct nlmsghdr *nlh, struct dl_region *r, struct prm_err *err)
{
	const struct nlattr *tb[DEVLINK_ATTR_MAX + 1], *a;

	memset(r, 0, sizeof(*r));
	if (parse(nlh, tb, "region", err) || handle(tb, &r->h, "region", err))
		return -1;
	if (!tb[DEVLINK_ATTR_REGION_NAME] || !tb[DEVLINK_ATTR_REGION_SIZE])
		return bad_msg(err, "region", "no name or size");
	copy_str(r->name, sizeof(r->name), tb[DEVLINK_ATTR_REGION_NAME]);
	r->size = mnl_attr_get_u64(tb[DEVLINK_ATTR_REGION_SIZE]);
	if ((r->has_port = tb[DEVLINK_ATTR_PORT_INDEX]))
		r->port = mnl_attr_get_u32(tb[DEVLINK_ATTR_PORT_INDEX]);
	if (tb[DEVLINK_ATTR_REGION_MAX_SNAPSHOTS])
		r->max_snapshots = mnl_attr_get_u32(tb[DEVLINK_ATTR_REGION_MAX_SNAPSHOTS]);
	if (!tb[DEVLINK_ATTR_REGION_SNAPSHOTS])
		return 0;
	mnl_attr_for_each_nested(a, tb[DEVLINK_ATTR_REGION_SNAPSHOTS]) {
		const struct nlattr *st[DEVLINK_ATTR_MAX + 1];

		if (mnl_attr_get_type(a) != DEVLINK_ATTR_REGION_SNAPSHOT)
			continue;
		if (parse_nested(a, st, policy, DEVLINK_ATTR_MAX, "region snapshot", err))
			return -1;
		if (!st[DEVLINK_ATTR_REGION_SNAPSHOT_ID])
			return bad_msg(err, "region", "a snapshot without its id");
		if (r->nsnapshots < DL_SNAPSHOTS_MAX)
			r->snapshots[r->nsnapshots] =
				mnl_attr_get_u32(st[DEVLINK_ATTR_REGION_SNAPSHOT_ID]);
		r->nsnapshots++;
	}
	return 0;
}

int dl_parse_snapshot_id(const struct nlmsghdr *nlh, uint32_t *id, struct prm_err *err)
{
	const struct nlattr *tb[DEVLINK_ATTR_MAX + 1];

	if (parse(nlh, tb, "region snapshot", err))
		return -1;
	if (!tb[DEVLINK_ATTR_REGION_SNAPSHOT_ID])
		return bad_msg(err, "region snapshot", "no snapshot id");
	*id = mnl_attr_get_u32(tb[DEVLINK_ATTR_REGION_SNAPSHOT_ID]);
	return 0;
}

int dl_parse_chunks(const struct nlmsghdr *nlh, dl_chunk_cb cb, void *arg, struct prm_err *err)
{
	const struct nlattr *tb[DEVLINK_ATTR_MAX + 1], *a;

	if (parse(nlh, tb, "region read", err))
		return -1;
	if (!tb[DEVLINK_ATTR_REGION_CHUNKS])
		return bad_msg(err, "region read", "no chunks");
	mnl_attr_for_each_nested(a, tb[DEVLINK_ATTR_REGION_CHUNKS]) {
		const struct nlattr *ct[DEVLINK_ATTR_MAX + 1];
		int rc;

		if (mnl_attr_get_type(a) != DEVLINK_ATTR_REGION_CHUNK)
			continue;
		if (parse_nested(a, ct, policy, DEVLINK_ATTR_MAX, "region chunk", err))
			return -1;
		if (!ct[DEVLINK_ATTR_REGION_CHUNK_DATA] || !ct[DEVLINK_ATTR_REGION_CHUNK_ADDR])
			return bad_msg(err, "region read", "a chunk without its address or data");
		rc = cb(mnl_attr_get_u64(ct[DEVLINK_ATTR_REGION_CHUNK_ADDR]),
			mnl_attr_get_payload(ct[DEVLINK_ATTR_REGION_CHUNK_DATA]),
			mnl_attr_get_payload_len(ct[DEVLINK_ATTR_REGION_CHUNK_DATA]), arg);
		if (rc)
			return rc;
	}
	return 0;
}

int dl_parse_fmsg(const struct nlmsghdr *nlh, struct fmsg *f, struct prm_err *err)
{
	const struct nlattr *tb[DEVLINK_ATTR_MAX + 1];

	if (parse(nlh, tb, "health message", err))
		return -1;
	if (!tb[DEVLINK_ATTR_FMSG])
		return bad_msg(err, "health message", "no DEVLINK_ATTR_FMSG");
	return fmsg_feed(f, mnl_attr_get_payload(tb[DEVLINK_ATTR_FMSG]),
			 mnl_attr_get_payload_len(tb[DEVLINK_ATTR_FMSG]), err);
}

int dl_parse_event(const struct nlmsghdr *nlh, struct dl_event *ev, struct prm_err *err)
{
	int cmd = dl_msg_cmd(nlh);

	memset(ev, 0, sizeof(*ev));
	if (cmd < 0)
		return 1;
	ev->cmd = (uint8_t)cmd;
	switch (cmd) {
	case DEVLINK_CMD_PORT_NEW:
	case DEVLINK_CMD_PORT_DEL:
	case DEVLINK_CMD_PORT_SET:
		if (dl_parse_port(nlh, &ev->port, err))
			return -1;
		ev->h = ev->port.h;
		return 0;
	case DEVLINK_CMD_HEALTH_REPORTER_RECOVER:
		if (dl_parse_reporter(nlh, &ev->reporter, err))
			return -1;
		ev->h = ev->reporter.h;
		return 0;
	default: {
		/* devices, regions, traps, params...: the handle is enough */
		struct prm_err ignored = { 0 };

		return dl_parse_handle(nlh, &ev->h, &ignored) ? 1 : 0;
	}
	}
}

static bool same_reporter(const struct dl_reporter *a, const struct dl_reporter *b)
{
	return a->has_port == b->has_port && (!a->has_port || a->port == b->port) &&
	       strcmp(a->name, b->name) == 0;
}

int dl_reporters_apply(struct dl_reporter **r, size_t *n, const struct dl_handle *h,
		       const struct dl_event *ev, struct prm_err *err)
{
	struct dl_reporter *grown;
	size_t i, kept;

	if (strcmp(ev->h.bus, h->bus) || strcmp(ev->h.dev, h->dev))
		return DL_LIST_SAME;
	switch (ev->cmd) {
	case DEVLINK_CMD_NEW:
	case DEVLINK_CMD_DEL:
		return DL_LIST_STALE;
	case DEVLINK_CMD_PORT_DEL:
		for (i = kept = 0; i < *n; i++)
			if (!(*r)[i].has_port || (*r)[i].port != ev->port.index)
				(*r)[kept++] = (*r)[i];
		if (kept == *n)
			return DL_LIST_SAME;
		*n = kept;
		return DL_LIST_UPDATED;
	case DEVLINK_CMD_HEALTH_REPORTER_RECOVER:
		for (i = 0; i < *n; i++) {
			if (same_reporter(&(*r)[i], &ev->reporter)) {
				(*r)[i] = ev->reporter;
				return DL_LIST_UPDATED;
			}
		}
		grown = realloc(*r, (*n + 1) * sizeof(**r));
		if (!grown)
			return prm_err_set(err, PRM_E_FAILED, ENOMEM, "oom", "out of memory");
		grown[*n] = ev->reporter;
		*r = grown;
		(*n)++;
		return DL_LIST_UPDATED;
	default:
		return DL_LIST_SAME;
	}
}

static const char *name_of(const char *const *names, size_t n, unsigned v)
{
	return v < n && names[v] ? names[v] : "unknown";
}

#define NAME_OF(tab, v) name_of(tab, sizeof(tab) / sizeof(tab[0]), v)

/* iproute2's words, so scripts can compare */
const char *dl_port_flavour_name(uint16_t flavour)
{
	static const char *const n[] = {
		[DEVLINK_PORT_FLAVOUR_PHYSICAL] = "physical", [DEVLINK_PORT_FLAVOUR_CPU] = "cpu",
		[DEVLINK_PORT_FLAVOUR_DSA] = "dsa", [DEVLINK_PORT_FLAVOUR_PCI_PF] = "pcipf",
		[DEVLINK_PORT_FLAVOUR_PCI_VF] = "pcivf", [DEVLINK_PORT_FLAVOUR_VIRTUAL] = "virtual",
		[DEVLINK_PORT_FLAVOUR_UNUSED] = "unused", [DEVLINK_PORT_FLAVOUR_PCI_SF] = "pcisf",
	};
	return NAME_OF(n, flavour);
}

const char *dl_port_type_name(uint16_t type)
{
	static const char *const n[] = { "notset", "auto", "eth", "ib" };
	return NAME_OF(n, type);
}

const char *dl_fn_state_name(uint8_t state)
{
	static const char *const n[] = { "inactive", "active" };
	return NAME_OF(n, state);
}

const char *dl_fn_opstate_name(uint8_t opstate)
{
	static const char *const n[] = { "detached", "attached" };
	return NAME_OF(n, opstate);
}

const char *dl_reporter_state_name(uint8_t state)
{
	static const char *const n[] = { "healthy", "error" };
	return NAME_OF(n, state);
}
