// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * The devlink message parsers on arbitrary bytes taken as one socket read:
 * one or more netlink messages, walked by their nlmsg_len as libmnl's
 * mnl_nlmsg_ok/mnl_nlmsg_next walk them, but with the length compared
 * unsigned (mnl_nlmsg_ok casts nlmsg_len to int, so a length of 2^31 or
 * more passes it and the walk leaves the buffer; the kernel's nlmsg_ok
 * does not). Every dl_parse_* on each message,
 * the fmsg parts of all of them into one stream (a diagnose or dump spread
 * over messages), then the tree checked link by link and read as an mlx5
 * fw reporter; each taken as a notification too, kept in a health watch's
 * reporter list. Whatever comes out must keep what the headers promise:
 * terminated strings, counts within their arrays, chunks inside their
 * message, a tree whose links agree.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "lib/nl/devlink_msg.h"
#include "lib/nl/nlack.h"
#include "lib/out/fwreporter_read.h"
#include "lib/prm/fwreporter.h"

#define TERMINATED(s) (memchr((s), '\0', sizeof(s)) != NULL)

struct chunks {
	const uint8_t *lo, *hi;		/* the message the chunks must lie in */
	size_t n;
	uint64_t sum;
};

static int chunk_cb(uint64_t addr, const void *data, size_t len, void *arg)
{
	struct chunks *c = arg;
	const uint8_t *p = data;

	if (len && (p < c->lo || p > c->hi || len > (size_t)(c->hi - p)))
		abort();
	for (size_t i = 0; i < len; i++)
		c->sum += p[i];
	c->sum += addr;
	return ++c->n == 1000 ? 1 : 0;	/* a callback may stop the walk */
}

static void check_names(void)
{
	/* every value of the small enums, known or not, has some name */
	for (unsigned v = 0; v < 12; v++) {
		if (!dl_port_flavour_name((uint16_t)v) || !dl_port_type_name((uint16_t)v) ||
		    !dl_fn_state_name((uint8_t)v) || !dl_fn_opstate_name((uint8_t)v) ||
		    !dl_reporter_state_name((uint8_t)v))
			abort();
	}
}

/* A watch's reporter list, kept by every notification that parses. */
struct watch_list {
	struct dl_reporter *r;
	size_t n, added;
};

static void one_event(const struct nlmsghdr *nlh, struct watch_list *w)
{
	struct prm_err err;
	struct dl_event ev;
	size_t before = w->n;
	int rc = dl_parse_event(nlh, &ev, &err), change;

	if (rc < -1 || rc > 1)
		abort();
	if (rc)
		return;
	if (!TERMINATED(ev.h.bus) || !TERMINATED(ev.h.dev))
		abort();
	/* the list follows the first device that sends one */
	change = dl_reporters_apply(&w->r, &w->n, w->n ? &w->r[0].h : &ev.h, &ev, &err);
	if (change == DL_LIST_UPDATED && w->n > before)
		w->added++;
	if (change == DL_LIST_STALE || change == DL_LIST_SAME) {
		if (w->n != before)
			abort();
	}
	if (w->n > w->added)
		abort();
	for (size_t i = 0; i < w->n; i++)
		if (!TERMINATED(w->r[i].name) || !TERMINATED(w->r[i].h.dev))
			abort();
}

static void one_message(const struct nlmsghdr *nlh, struct dl_info *info, struct fmsg *f,
			bool *fmsg_ok)
{
	struct prm_err err;
	struct dl_handle h;
	struct dl_port p;
	struct dl_reporter r;
	struct dl_region reg;
	struct chunks c = { (const uint8_t *)nlh, (const uint8_t *)nlh + nlh->nlmsg_len, 0, 0 };
	uint32_t id;
	char ext[256];
	int e;

	/* what the kernel answers with: an error (extended ACK) or a dump's end */
	if (nl_ack_parse(nlh, &e, ext, sizeof(ext)) == 0 && !TERMINATED(ext))
		__builtin_trap();
	if (nl_done_parse(nlh, &e, ext, sizeof(ext)) == 0 && !TERMINATED(ext))
		__builtin_trap();
	(void)dl_msg_cmd(nlh);
	if (!dl_parse_handle(nlh, &h, &err) && (!TERMINATED(h.bus) || !TERMINATED(h.dev)))
		abort();
	if (!dl_parse_info(nlh, info, &err)) {
		if (!TERMINATED(info->h.bus) || !TERMINATED(info->driver) ||
		    !TERMINATED(info->serial) || !TERMINATED(info->board_serial) ||
		    info->nfixed > DL_VERSIONS_MAX || info->nrunning > DL_VERSIONS_MAX ||
		    info->nstored > DL_VERSIONS_MAX)
			abort();
		for (unsigned i = 0; i < info->nrunning; i++)
			if (!TERMINATED(info->running[i].name) || !TERMINATED(info->running[i].value))
				abort();
		for (unsigned i = 0; i < info->nfixed; i++)
			if (!TERMINATED(info->fixed[i].name) || !TERMINATED(info->fixed[i].value))
				abort();
		for (unsigned i = 0; i < info->nstored; i++)
			if (!TERMINATED(info->stored[i].name) || !TERMINATED(info->stored[i].value))
				abort();
	}
	if (!dl_parse_port(nlh, &p, &err)) {
		if (!TERMINATED(p.h.dev) || !TERMINATED(p.netdev) || !TERMINATED(p.ibdev) ||
		    p.hw_addr_len > sizeof(p.hw_addr))
			abort();
		(void)strlen(dl_port_flavour_name(p.flavour));
		(void)strlen(dl_port_type_name(p.type));
		(void)strlen(dl_fn_state_name(p.fn_state));
		(void)strlen(dl_fn_opstate_name(p.fn_opstate));
	}
	if (!dl_parse_reporter(nlh, &r, &err)) {
		if (!TERMINATED(r.name) || !TERMINATED(r.h.bus))
			abort();
		(void)strlen(dl_reporter_state_name(r.state));
	}
	if (!dl_parse_region(nlh, &reg, &err)) {
		if (!TERMINATED(reg.name))
			abort();
		for (unsigned i = 0; i < reg.nsnapshots && i < DL_SNAPSHOTS_MAX; i++)
			c.sum += reg.snapshots[i];
	}
	(void)dl_parse_snapshot_id(nlh, &id, &err);
	(void)dl_parse_chunks(nlh, chunk_cb, &c, &err);
	/* NLMSG_DONE and the other control messages end or answer a stream,
	 * they are not part of it (a client hands them to mnl_cb_run's
	 * control callbacks) */
	if (nlh->nlmsg_type >= NLMSG_MIN_TYPE && *fmsg_ok && dl_parse_fmsg(nlh, f, &err))
		*fmsg_ok = false;	/* the stream is broken: no more of it */
}

static volatile uint8_t sink;

/* Every link of the tree agrees with the others; returns the nodes. */
static size_t walk(const struct fmsg_node *n, const struct fmsg_node *parent, unsigned depth)
{
	size_t count = 0;

	if (depth > FMSG_MAX_DEPTH + 1)
		abort();
	for (; n; n = n->next) {
		const struct fmsg_node *last = NULL;

		count++;
		if (n->parent != parent)
			abort();
		if (parent && parent->kind == FMSG_ARR && n->name)
			abort();
		if (parent && parent->kind == FMSG_OBJ && !n->name)
			abort();
		if (n->name)
			(void)strlen(n->name);
		switch (n->kind) {
		case FMSG_VAL:
			if (n->child)
				abort();
			if (n->type == FMSG_STR && (!n->str || strlen(n->str) > FMSG_MAX_BYTES))
				abort();
			if (n->type == FMSG_BIN && n->len && !n->bin)
				abort();
			for (size_t i = 0; n->type == FMSG_BIN && i < n->len; i++)
				sink ^= n->bin[i];	/* every byte is there to read */
			break;
		case FMSG_OBJ:
		case FMSG_ARR:
			for (last = n->child; last && last->next; last = last->next)
				;
			if (last != n->last)
				abort();
			if (walk(n->child, n, depth + 1) != fmsg_count(n))
				abort();
			break;
		default:
			abort();
		}
	}
	return count;
}

static void check_tree(struct fmsg *f)
{
	struct prm_fw_reporter r;
	struct prm_err err;
	uint64_t v;

	if (!f->root || f->root->kind != FMSG_OBJ || f->root->name || f->root->parent)
		abort();
	if (walk(f->root, NULL, 0) != 1)
		abort();
	(void)fmsg_get(f->root, "Syndrome");
	(void)fmsg_get_u64(f->root, "syndrome", &v);
	memset(&r, 0, sizeof(r));
	if (!fw_reporter_read(f->root, &r, &err)) {
		if (r.description)
			(void)strlen(r.description);
		for (int fatal = 0; fatal < 2; fatal++)
			if (prm_fw_reporter_classify(&r, fatal) >= PRM_HEALTH_NSTATUS)
				abort();
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct dl_info *info = malloc(sizeof(*info));
	struct watch_list w = { 0 };
	struct prm_err err;
	bool fmsg_ok = true;
	struct fmsg f;
	uint8_t *buf;
	size_t off = 0;

	if (!info)
		return 0;
	if (size > (1u << 20))
		size = 1u << 20;
	/* an aligned copy, as a socket read into a malloc'd buffer would be */
	buf = malloc(size ? size : 1);
	if (!buf) {
		free(info);
		return 0;
	}
	memcpy(buf, data, size);
	check_names();
	fmsg_init(&f);
	while (size - off >= NLMSG_HDRLEN) {
		const struct nlmsghdr *nlh = (const struct nlmsghdr *)(void *)(buf + off);

		if (nlh->nlmsg_len < NLMSG_HDRLEN || nlh->nlmsg_len > size - off)
			break;
		one_message(nlh, info, &f, &fmsg_ok);
		one_event(nlh, &w);
		if (NLMSG_ALIGN((size_t)nlh->nlmsg_len) >= size - off)
			break;
		off += NLMSG_ALIGN((size_t)nlh->nlmsg_len);
	}
	if (fmsg_ok && !fmsg_finish(&f, &err))
		check_tree(&f);
	fmsg_free(&f);
	free(w.r);
	free(buf);
	free(info);
	return 0;
}
