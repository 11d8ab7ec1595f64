/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_TESTS_NLBUILD_H
#define PRMCTL_TESTS_NLBUILD_H

/*
 * Test-only netlink bytes, written the way the kernel writes them, so the
 * parsers are checked against the kernel's layout and never against our own
 * reading of it (Linux 6.1, x86-64):
 *
 *   genlmsg_put   struct nlmsghdr, then struct genlmsghdr {cmd, version 1}
 *   nla_put       struct nlattr {len = 4 + payload, unpadded; type}, the
 *                 payload, zeros up to NLA_ALIGN (include/net/netlink.h)
 *   nla_nest_*    a header whose len, fixed at the end, covers every member
 *                 and the last member's padding (skb tail - start)
 *   u64           nla_put_u64_64bit: with CONFIG_HAVE_EFFICIENT_UNALIGNED_ACCESS
 *                 nla_need_padding_for_64bit() is false, so no DEVLINK_ATTR_PAD,
 *                 just an 8-byte payload
 *   strings       nla_put_string: the NUL is part of the payload
 *   numbers       host order (little-endian here)
 *
 * The second half replays devlink's fmsg (net/devlink/leftover.c): the
 * driver-facing devlink_fmsg_* calls record items, and kf_send() cuts them
 * into messages exactly as devlink_fmsg_prepare_skb()/devlink_fmsg_snd() do,
 * for a given skb size, so item boundaries and the repeated value type fall
 * where the kernel would put them.
 */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <linux/devlink.h>
#include <linux/genetlink.h>
#include <linux/netlink.h>

/* any dynamic genl family id: the parsers must not care which */
#define NLB_FAMILY 0x14
/* DEVLINK_GENL_VERSION, what genlmsg_put puts in genlmsghdr.version */
#define NLB_GENL_VERSION 1

/*
 * net/devlink/leftover.c: DEVLINK_FMSG_MAX_SIZE = GENLMSG_DEFAULT_SIZE -
 * GENL_HDRLEN - NLA_HDRLEN. GENLMSG_DEFAULT_SIZE = NLMSG_GOODSIZE -
 * NLMSG_HDRLEN - GENL_HDRLEN, NLMSG_GOODSIZE = SKB_WITH_OVERHEAD(4096) = 4096
 * - 320 (sizeof(struct skb_shared_info), checked by building against the
 * Debian 6.1 amd64 headers: NLMSG_GOODSIZE 3776, GENLMSG_DEFAULT_SIZE 3756).
 */
#define KF_NLMSG_GOODSIZE 3776
#define KF_FMSG_MAX_SIZE (KF_NLMSG_GOODSIZE - NLMSG_HDRLEN - 2 * GENL_HDRLEN - NLA_HDRLEN)
/* a doit reply (diagnose): genlmsg_new(GENLMSG_DEFAULT_SIZE) is one page of skb */
#define KF_ROOM_DOIT KF_NLMSG_GOODSIZE
/* a dump (dump get): netlink_dump's skb is the largest recvmsg length the
 * reader used, at least NLMSG_GOODSIZE (af_netlink.c): a 4 KiB reader here */
#define KF_ROOM_DUMP 4096

#define NLB_MAX_NEST 16

struct nlb {
	uint8_t *buf;
	size_t len, cap;
	size_t msg;			/* where the open message starts */
	size_t nest[NLB_MAX_NEST];	/* where each open nest starts */
	unsigned depth;
};

static inline void nlb_init(struct nlb *b)
{
	memset(b, 0, sizeof(*b));
}

static inline void nlb_free(struct nlb *b)
{
	free(b->buf);
	nlb_init(b);
}

/* n more bytes, zeroed (the kernel zeroes the padding it reserves) */
static inline uint8_t *nlb_reserve(struct nlb *b, size_t n)
{
	uint8_t *p;

	if (b->len + n > b->cap) {
		size_t cap = b->cap ? b->cap : 256;

		while (cap < b->len + n)
			cap *= 2;
		b->buf = realloc(b->buf, cap);
		if (!b->buf)
			abort();
		b->cap = cap;
	}
	p = b->buf + b->len;
	memset(p, 0, n);
	b->len += n;
	return p;
}

/* raw bytes, for the malformed cases */
static inline void nlb_raw(struct nlb *b, const void *p, size_t n)
{
	if (n)
		memcpy(nlb_reserve(b, n), p, n);
}

/* nla_put */
static inline void nlb_put(struct nlb *b, uint16_t type, const void *data, size_t len)
{
	struct nlattr h = { .nla_len = (uint16_t)(NLA_HDRLEN + len), .nla_type = type };
	uint8_t *p;

	if (NLA_HDRLEN + len > 0xffff)
		abort();
	p = nlb_reserve(b, NLA_ALIGN(NLA_HDRLEN + len));
	memcpy(p, &h, sizeof(h));
	if (len)
		memcpy(p + NLA_HDRLEN, data, len);
}

static inline void nlb_flag(struct nlb *b, uint16_t type)
{
	nlb_put(b, type, NULL, 0);
}

static inline void nlb_u8(struct nlb *b, uint16_t type, uint8_t v)
{
	nlb_put(b, type, &v, sizeof(v));
}

static inline void nlb_u16(struct nlb *b, uint16_t type, uint16_t v)
{
	nlb_put(b, type, &v, sizeof(v));
}

static inline void nlb_u32(struct nlb *b, uint16_t type, uint32_t v)
{
	nlb_put(b, type, &v, sizeof(v));
}

static inline void nlb_u64(struct nlb *b, uint16_t type, uint64_t v)
{
	nlb_put(b, type, &v, sizeof(v));
}

static inline void nlb_str(struct nlb *b, uint16_t type, const char *s)
{
	nlb_put(b, type, s, strlen(s) + 1);
}

/* nla_nest_start_noflag */
static inline void nlb_nest_start(struct nlb *b, uint16_t type)
{
	if (b->depth == NLB_MAX_NEST)
		abort();
	b->nest[b->depth++] = b->len;
	nlb_put(b, type, NULL, 0);
}

/* nla_nest_end: start->nla_len = skb_tail_pointer(skb) - start */
static inline void nlb_nest_end(struct nlb *b)
{
	struct nlattr h;
	size_t start;

	if (!b->depth)
		abort();
	start = b->nest[--b->depth];
	if (b->len - start > 0xffff)
		abort();
	memcpy(&h, b->buf + start, sizeof(h));
	h.nla_len = (uint16_t)(b->len - start);
	memcpy(b->buf + start, &h, sizeof(h));
}

/* genlmsg_put(skb, portid 0, seq, family, flags, cmd); returns the offset */
static inline size_t nlb_msg_start(struct nlb *b, uint8_t cmd, uint16_t flags, uint32_t seq)
{
	struct nlmsghdr nlh = { .nlmsg_type = NLB_FAMILY, .nlmsg_flags = flags, .nlmsg_seq = seq };
	struct genlmsghdr g = { .cmd = cmd, .version = NLB_GENL_VERSION };

	b->msg = b->len;
	nlb_raw(b, &nlh, sizeof(nlh));
	nlb_raw(b, &g, sizeof(g));
	return b->msg;
}

/* genlmsg_end: nlmsg_len = tail - nlh, the padding included */
static inline void nlb_msg_end(struct nlb *b)
{
	uint32_t len = (uint32_t)(b->len - b->msg);

	memcpy(b->buf + b->msg + offsetof(struct nlmsghdr, nlmsg_len), &len, sizeof(len));
}

/* genlmsg_cancel: the open message goes */
static inline void nlb_msg_cancel(struct nlb *b)
{
	b->len = b->msg;
	b->depth = 0;
}

/* nlmsg_put(skb, portid, seq, NLMSG_DONE, 0, flags), devlink_fmsg_snd's last */
static inline size_t nlb_done(struct nlb *b, uint16_t flags, uint32_t seq)
{
	struct nlmsghdr nlh = { .nlmsg_len = NLMSG_HDRLEN, .nlmsg_type = NLMSG_DONE,
				.nlmsg_flags = flags, .nlmsg_seq = seq };
	size_t off = b->len;

	nlb_raw(b, &nlh, sizeof(nlh));
	return off;
}

/* the message at off (pointers go stale when the buffer grows: take them last) */
static inline struct nlmsghdr *nlb_nlh(const struct nlb *b, size_t off)
{
	return (struct nlmsghdr *)(void *)(b->buf + off);
}

/* The payload of the first attribute of type in a genl message, or NULL. */
static inline const void *nlb_find(const struct nlmsghdr *nlh, uint16_t type, size_t *len)
{
	const uint8_t *p = (const uint8_t *)nlh + NLMSG_HDRLEN + GENL_HDRLEN;
	const uint8_t *end = (const uint8_t *)nlh + nlh->nlmsg_len;

	while (p + NLA_HDRLEN <= end) {
		struct nlattr h;

		memcpy(&h, p, sizeof(h));
		if (h.nla_len < NLA_HDRLEN || p + h.nla_len > end)
			return NULL;
		if ((h.nla_type & NLA_TYPE_MASK) == type) {
			*len = h.nla_len - NLA_HDRLEN;
			return p + NLA_HDRLEN;
		}
		p += NLA_ALIGN(h.nla_len);
	}
	return NULL;
}

/* ---- devlink fmsg, as net/devlink/leftover.c records and sends it ---- */

/* the kernel's enum netlink_attribute_type numbers it sends as value types */
enum { KF_NLA_U8 = 1, KF_NLA_U32 = 3, KF_NLA_U64 = 4, KF_NLA_FLAG = 6,
       KF_NLA_NUL_STRING = 10, KF_NLA_BINARY = 11 };

/* struct devlink_fmsg_item */
struct kf_item {
	int attrtype;
	uint8_t nla_type;
	uint16_t len;
	uint8_t *value;
};

/* struct devlink_fmsg */
struct kfmsg {
	struct kf_item *item;
	size_t n, cap;
	bool putting_binary;
};

static inline void kf_init(struct kfmsg *f)
{
	memset(f, 0, sizeof(*f));
}

static inline void kf_free(struct kfmsg *f)
{
	for (size_t i = 0; i < f->n; i++)
		free(f->item[i].value);
	free(f->item);
	kf_init(f);
}

static inline void kf_add(struct kfmsg *f, int attrtype, uint8_t nla_type, const void *v, size_t len)
{
	struct kf_item *it;

	if (len > KF_FMSG_MAX_SIZE)	/* the kernel's -EMSGSIZE: a test bug */
		abort();
	if (f->n == f->cap) {
		f->cap = f->cap ? 2 * f->cap : 64;
		f->item = realloc(f->item, f->cap * sizeof(*f->item));
		if (!f->item)
			abort();
	}
	it = &f->item[f->n++];
	it->attrtype = attrtype;
	it->nla_type = nla_type;
	it->len = (uint16_t)len;
	it->value = malloc(len ? len : 1);
	if (!it->value)
		abort();
	if (len)
		memcpy(it->value, v, len);
}

/* the kernel refuses these with -EINVAL while putting binary: a test bug */
static inline void kf_not_binary(const struct kfmsg *f)
{
	if (f->putting_binary)
		abort();
}

static inline void kf_obj_nest_start(struct kfmsg *f)
{
	kf_not_binary(f);
	kf_add(f, DEVLINK_ATTR_FMSG_OBJ_NEST_START, 0, NULL, 0);
}

static inline void kf_obj_nest_end(struct kfmsg *f)
{
	kf_not_binary(f);
	kf_add(f, DEVLINK_ATTR_FMSG_NEST_END, 0, NULL, 0);
}

static inline void kf_pair_nest_start(struct kfmsg *f, const char *name)
{
	kf_not_binary(f);
	kf_add(f, DEVLINK_ATTR_FMSG_PAIR_NEST_START, 0, NULL, 0);
	kf_add(f, DEVLINK_ATTR_FMSG_OBJ_NAME, KF_NLA_NUL_STRING, name, strlen(name) + 1);
}

static inline void kf_pair_nest_end(struct kfmsg *f)
{
	kf_not_binary(f);
	kf_add(f, DEVLINK_ATTR_FMSG_NEST_END, 0, NULL, 0);
}

static inline void kf_arr_pair_nest_start(struct kfmsg *f, const char *name)
{
	kf_pair_nest_start(f, name);
	kf_add(f, DEVLINK_ATTR_FMSG_ARR_NEST_START, 0, NULL, 0);
}

static inline void kf_arr_pair_nest_end(struct kfmsg *f)
{
	kf_not_binary(f);
	kf_add(f, DEVLINK_ATTR_FMSG_NEST_END, 0, NULL, 0);
	kf_add(f, DEVLINK_ATTR_FMSG_NEST_END, 0, NULL, 0);
}

static inline void kf_bool_put(struct kfmsg *f, bool v)
{
	uint8_t b = v;		/* sizeof(bool) == 1 */

	kf_not_binary(f);
	kf_add(f, DEVLINK_ATTR_FMSG_OBJ_VALUE_DATA, KF_NLA_FLAG, &b, 1);
}

static inline void kf_u8_put(struct kfmsg *f, uint8_t v)
{
	kf_not_binary(f);
	kf_add(f, DEVLINK_ATTR_FMSG_OBJ_VALUE_DATA, KF_NLA_U8, &v, 1);
}

static inline void kf_u32_put(struct kfmsg *f, uint32_t v)
{
	kf_not_binary(f);
	kf_add(f, DEVLINK_ATTR_FMSG_OBJ_VALUE_DATA, KF_NLA_U32, &v, 4);
}

static inline void kf_u64_put(struct kfmsg *f, uint64_t v)
{
	kf_not_binary(f);
	kf_add(f, DEVLINK_ATTR_FMSG_OBJ_VALUE_DATA, KF_NLA_U64, &v, 8);
}

static inline void kf_string_put(struct kfmsg *f, const char *s)
{
	kf_not_binary(f);
	kf_add(f, DEVLINK_ATTR_FMSG_OBJ_VALUE_DATA, KF_NLA_NUL_STRING, s, strlen(s) + 1);
}

static inline void kf_binary_put(struct kfmsg *f, const void *v, size_t len)
{
	if (!f->putting_binary)
		abort();
	kf_add(f, DEVLINK_ATTR_FMSG_OBJ_VALUE_DATA, KF_NLA_BINARY, v, len);
}

#define KF_PAIR_PUT(fn, type)							\
static inline void kf_##fn##_pair_put(struct kfmsg *f, const char *name, type v)	\
{										\
	kf_pair_nest_start(f, name);						\
	kf_##fn##_put(f, v);							\
	kf_pair_nest_end(f);							\
}
KF_PAIR_PUT(bool, bool)
KF_PAIR_PUT(u8, uint8_t)
KF_PAIR_PUT(u32, uint32_t)
KF_PAIR_PUT(u64, uint64_t)
KF_PAIR_PUT(string, const char *)
#undef KF_PAIR_PUT

/* devlink_fmsg_binary_pair_put: an array of pieces of at most DEVLINK_FMSG_MAX_SIZE */
static inline void kf_binary_pair_put(struct kfmsg *f, const char *name, const void *v, size_t len)
{
	kf_arr_pair_nest_start(f, name);
	f->putting_binary = true;
	for (size_t off = 0; off < len; ) {
		size_t n = len - off > KF_FMSG_MAX_SIZE ? KF_FMSG_MAX_SIZE : len - off;

		kf_binary_put(f, (const uint8_t *)v + off, n);
		off += n;
	}
	f->putting_binary = false;
	kf_arr_pair_nest_end(f);
}

/* What nla_put would reserve for the item: nla_total_size of each attribute. */
static inline size_t kf_value_size(const struct kf_item *it)
{
	switch (it->nla_type) {
	case KF_NLA_FLAG: case KF_NLA_U8:
		return NLA_ALIGN(NLA_HDRLEN + 1);	/* nla_put_u8 */
	case KF_NLA_U32:
		return NLA_ALIGN(NLA_HDRLEN + 4);
	case KF_NLA_U64:
		return NLA_ALIGN(NLA_HDRLEN + 8);	/* no pad attribute on x86-64 */
	default:
		return NLA_ALIGN(NLA_HDRLEN + (size_t)it->len);
	}
}

/*
 * devlink_fmsg_prepare_skb: one DEVLINK_ATTR_FMSG nest with the items from
 * *start on, as many as fit in an skb of room bytes (nla_put fails, writing
 * nothing, when the tailroom is short). A value's type may go in while its
 * data does not: the message then ends with that type and the next one
 * starts with it again. 0 when all went, -1 (-EMSGSIZE) when not.
 */
static inline int kf_prepare(const struct kfmsg *f, struct nlb *b, size_t room, size_t *start)
{
#define KF_FITS(n) (b->len - b->msg + (n) <= room)
	int err = 0;

	if (!KF_FITS(NLA_HDRLEN))
		return -1;
	nlb_nest_start(b, DEVLINK_ATTR_FMSG);
	for (size_t i = *start; i < f->n; i++) {
		const struct kf_item *it = &f->item[i];

		switch (it->attrtype) {
		case DEVLINK_ATTR_FMSG_OBJ_NEST_START:
		case DEVLINK_ATTR_FMSG_PAIR_NEST_START:
		case DEVLINK_ATTR_FMSG_ARR_NEST_START:
		case DEVLINK_ATTR_FMSG_NEST_END:
			if (!KF_FITS(NLA_HDRLEN)) {
				err = -1;
				break;
			}
			nlb_flag(b, (uint16_t)it->attrtype);
			break;
		case DEVLINK_ATTR_FMSG_OBJ_VALUE_DATA:
			/* devlink_fmsg_item_fill_type, then _fill_data */
			if (!KF_FITS(NLA_ALIGN(NLA_HDRLEN + 1))) {
				err = -1;
				break;
			}
			nlb_u8(b, DEVLINK_ATTR_FMSG_OBJ_VALUE_TYPE, it->nla_type);
			if (!KF_FITS(kf_value_size(it))) {
				err = -1;
				break;
			}
			if (it->nla_type == KF_NLA_FLAG || it->nla_type == KF_NLA_U8)
				nlb_u8(b, DEVLINK_ATTR_FMSG_OBJ_VALUE_DATA, it->value[0]);
			else
				nlb_put(b, DEVLINK_ATTR_FMSG_OBJ_VALUE_DATA, it->value, it->len);
			break;
		case DEVLINK_ATTR_FMSG_OBJ_NAME:
			if (!KF_FITS(NLA_ALIGN(NLA_HDRLEN + (size_t)it->len))) {
				err = -1;
				break;
			}
			nlb_put(b, DEVLINK_ATTR_FMSG_OBJ_NAME, it->value, it->len);
			break;
		default:
			abort();
		}
		if (err)
			break;
		*start = i + 1;
	}
	nlb_nest_end(b);
	return err;
#undef KF_FITS
}

/*
 * devlink_fmsg_snd (diagnose; flags NLM_F_MULTI) and devlink_fmsg_dumpit
 * (dump get; NLM_F_ACK | NLM_F_MULTI): messages of at most room bytes until
 * every item went, appended to b. The number of messages, or -1 where the
 * kernel gives up (an item that fits in no message).
 */
static inline int kf_send(const struct kfmsg *f, struct nlb *b, size_t room, uint8_t cmd,
			  uint16_t flags)
{
	size_t index = 0;
	int nmsg = 0;

	for (;;) {
		size_t tmp_index = index;
		int err;

		nlb_msg_start(b, cmd, flags | NLM_F_MULTI, 0);
		err = kf_prepare(f, b, room, &index);
		if (err && tmp_index == index) {
			nlb_msg_cancel(b);
			return -1;
		}
		nlb_msg_end(b);
		nmsg++;
		if (!err)
			return nmsg;
	}
}

#endif
