// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * lib/nl/fmsg.c on devlink health streams made the way Linux 6.1 makes them:
 * a reporter's devlink_fmsg_* calls recorded and cut into messages by
 * devlink_fmsg_prepare_skb for a given skb size (tests/unit/nlbuild.h), so
 * item boundaries fall where the kernel puts them. Then the streams it never
 * sends, each of which must be an error and leak nothing (asan build).
 * The builder itself is checked first against bytes typed by hand.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "lib/nl/fmsg.h"
#include "tests/unit/nlbuild.h"

/* ---- helpers ---- */

/* Feed the DEVLINK_ATTR_FMSG of every genl message in b, in order, as a
 * client reading the replies would. */
static int feed_msgs(struct fmsg *f, const struct nlb *b, struct prm_err *err)
{
	size_t off = 0;

	while (off + NLMSG_HDRLEN <= b->len) {
		const struct nlmsghdr *nlh = nlb_nlh(b, off);
		const void *p;
		size_t len = 0;

		if (nlh->nlmsg_type == NLB_FAMILY) {
			p = nlb_find(nlh, DEVLINK_ATTR_FMSG, &len);
			assert_non_null(p);
			if (fmsg_feed(f, p, len, err))
				return -1;
		}
		off += NLMSG_ALIGN(nlh->nlmsg_len);
	}
	return 0;
}

/* The items as one diagnose (doit skb) and the tree they make. */
static int parse_room(const struct kfmsg *k, size_t room, struct fmsg *f, struct prm_err *err)
{
	struct nlb b;
	int rc;

	nlb_init(&b);
	assert_true(kf_send(k, &b, room, DEVLINK_CMD_HEALTH_REPORTER_DIAGNOSE, 0) > 0);
	fmsg_init(f);
	rc = feed_msgs(f, &b, err);
	if (!rc)
		rc = fmsg_finish(f, err);
	nlb_free(&b);
	return rc;
}

/* One FMSG payload typed item by item (for what the kernel never sends). */
static int parse_payload(const struct nlb *p, struct fmsg *f, struct prm_err *err)
{
	fmsg_init(f);
	if (fmsg_feed(f, p->buf, p->len, err))
		return -1;
	return fmsg_finish(f, err);
}

/* A binary value: joined into one node, as the pair's value or as the
 * single element of the array the kernel sends the pieces in. */
static const struct fmsg_node *bin_of(const struct fmsg_node *n)
{
	assert_non_null(n);
	if (n->kind == FMSG_ARR) {
		assert_int_equal(fmsg_count(n), 1);
		n = n->child;
	}
	assert_int_equal(n->kind, FMSG_VAL);
	assert_int_equal(n->type, FMSG_BIN);
	return n;
}

/* Two trees the same: kinds, names, types, values, order. */
static void assert_same(const struct fmsg_node *a, const struct fmsg_node *b)
{
	for (; a || b; a = a->next, b = b->next) {
		assert_non_null(a);
		assert_non_null(b);
		assert_int_equal(a->kind, b->kind);
		if (a->name || b->name) {
			assert_non_null(a->name);
			assert_non_null(b->name);
			assert_string_equal(a->name, b->name);
		}
		if (a->kind == FMSG_VAL) {
			assert_int_equal(a->type, b->type);
			assert_int_equal(a->u, b->u);
			if (a->type == FMSG_STR)
				assert_string_equal(a->str, b->str);
			if (a->type == FMSG_BIN) {
				assert_int_equal(a->len, b->len);
				assert_memory_equal(a->bin, b->bin, a->len);
			}
		}
		assert_same(a->child, b->child);
	}
}

static uint8_t pattern[3 * KF_FMSG_MAX_SIZE];

static void fill_pattern(void)
{
	for (size_t i = 0; i < sizeof(pattern); i++)
		pattern[i] = (uint8_t)(i * 7 + (i >> 8));
}

/*
 * netdevsim's dummy reporter (drivers/net/netdevsim/health.c,
 * nsim_dev_dummy_fmsg_put) inside the object devlink opens around every
 * diagnose, with its stray arr_pair_nest_end left out (see netdevsim_61).
 */
static void nsim_dummy(struct kfmsg *k, size_t binary_len)
{
	kf_obj_nest_start(k);
	kf_bool_pair_put(k, "test_bool", true);
	kf_u8_pair_put(k, "test_u8", 1);
	kf_u32_pair_put(k, "test_u32", 3);
	kf_u64_pair_put(k, "test_u64", 4);
	kf_string_pair_put(k, "test_string", "somestring");
	kf_binary_pair_put(k, "test_binary", pattern, binary_len);
	kf_pair_nest_start(k, "test_nest");
	kf_obj_nest_start(k);
	kf_bool_pair_put(k, "nested_test_bool", false);
	kf_u8_pair_put(k, "nested_test_u8", false);
	kf_obj_nest_end(k);
	kf_pair_nest_end(k);
	kf_arr_pair_nest_start(k, "test_u32_array");
	for (uint32_t i = 0; i < 10; i++)
		kf_u32_put(k, i);
	kf_arr_pair_nest_end(k);
	kf_arr_pair_nest_start(k, "test_array_of_objects");
	for (uint8_t i = 0; i < 10; i++) {
		kf_obj_nest_start(k);
		kf_bool_pair_put(k, "in_array_nested_test_bool", false);
		kf_u8_pair_put(k, "in_array_nested_test_u8", i);
		kf_obj_nest_end(k);
	}
	kf_arr_pair_nest_end(k);
	kf_obj_nest_end(k);
}

#define ASSERT_ERR(rc, err) do {				\
	assert_int_equal((rc), -1);				\
	assert_int_equal((err).kind, PRM_E_FAILED);		\
	assert_true((err).msg[0] != '\0');			\
} while (0)

/* ---- the builder against bytes typed by hand ---- */

static void builder_attrs(void **state)
{
	static const uint8_t want[] = {
		0x08, 0x00, 0x05, 0x00, 0x44, 0x33, 0x22, 0x11,	/* u32 5 = 0x11223344 */
		0x05, 0x00, 0x06, 0x00, 0xab, 0x00, 0x00, 0x00,	/* u8 6 = 0xab, 3 pad */
		0x06, 0x00, 0x07, 0x00, 0x34, 0x12, 0x00, 0x00,	/* u16 7 = 0x1234, 2 pad */
		0x07, 0x00, 0x08, 0x00, 'a', 'b', 0x00, 0x00,	/* string 8 "ab": NUL + 1 pad */
		0x04, 0x00, 0x09, 0x00,				/* flag 9 */
		0x0c, 0x00, 0x0a, 0x00, 0x08, 0x07, 0x06, 0x05,	/* u64 10, no pad attr */
		0x04, 0x03, 0x02, 0x01,
		0x10, 0x00, 0x0b, 0x00,				/* nest 11: 4 + 8 + 4 */
		0x05, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0x00,	/*   u8 1 = 1, its pad counted */
		0x04, 0x00, 0x02, 0x00,				/*   flag 2 */
	};
	struct nlb b;

	(void)state;
	nlb_init(&b);
	nlb_u32(&b, 5, 0x11223344);
	nlb_u8(&b, 6, 0xab);
	nlb_u16(&b, 7, 0x1234);
	nlb_str(&b, 8, "ab");
	nlb_flag(&b, 9);
	nlb_u64(&b, 10, 0x0102030405060708ull);
	nlb_nest_start(&b, 11);
	nlb_u8(&b, 1, 1);
	nlb_flag(&b, 2);
	nlb_nest_end(&b);
	assert_int_equal(b.len, sizeof(want));
	assert_memory_equal(b.buf, want, sizeof(want));
	nlb_free(&b);
}

/*
 * mlx5_fw_reporter_diagnose on a healthy device as devlink_fmsg_snd sends
 * it: {"Syndrome": u8 0} in the devlink object, typed in from the rules of
 * include/net/netlink.h, then NLMSG_DONE.
 */
static void builder_diagnose_bytes(void **state)
{
	static const uint8_t want[] = {
		0x48, 0x00, 0x00, 0x00, 0x14, 0x00, 0x02, 0x00,	/* len 72, family, NLM_F_MULTI */
		0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,	/* seq, pid */
		0x37, 0x01, 0x00, 0x00,				/* cmd 55 diagnose, version 1 */
		0x34, 0x00, 0x6a, 0x00,				/* FMSG (106), 52 bytes */
		0x04, 0x00, 0x6b, 0x00,				/* OBJ_NEST_START */
		0x04, 0x00, 0x6c, 0x00,				/* PAIR_NEST_START */
		0x0d, 0x00, 0x6f, 0x00, 'S', 'y', 'n', 'd',	/* OBJ_NAME "Syndrome" */
		'r', 'o', 'm', 'e', 0x00, 0x00, 0x00, 0x00,
		0x05, 0x00, 0x70, 0x00, 0x01, 0x00, 0x00, 0x00,	/* VALUE_TYPE NLA_U8 */
		0x05, 0x00, 0x71, 0x00, 0x00, 0x00, 0x00, 0x00,	/* VALUE_DATA 0 */
		0x04, 0x00, 0x6e, 0x00,				/* NEST_END (pair) */
		0x04, 0x00, 0x6e, 0x00,				/* NEST_END (object) */
		0x10, 0x00, 0x00, 0x00, 0x03, 0x00, 0x02, 0x00,	/* NLMSG_DONE, NLM_F_MULTI */
		0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
	};
	struct kfmsg k;
	struct nlb b;

	(void)state;
	kf_init(&k);
	kf_obj_nest_start(&k);
	kf_u8_pair_put(&k, "Syndrome", 0);
	kf_obj_nest_end(&k);
	nlb_init(&b);
	assert_int_equal(kf_send(&k, &b, KF_ROOM_DOIT, DEVLINK_CMD_HEALTH_REPORTER_DIAGNOSE, 0), 1);
	nlb_done(&b, NLM_F_MULTI, 0);
	assert_int_equal(b.len, sizeof(want));
	assert_memory_equal(b.buf, want, sizeof(want));
	kf_free(&k);
	nlb_free(&b);
}

/* The split the kernel makes when a value's data does not fit: the type goes
 * in, then comes again at the start of the next message. */
static void builder_split_repeats_type(void **state)
{
	static const uint8_t want[] = {
		/* message 1: the room is 20 + 4 + 4 + 4 + 8 + 8 = 48 bytes */
		0x30, 0x00, 0x00, 0x00, 0x14, 0x00, 0x02, 0x00,
		0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
		0x37, 0x01, 0x00, 0x00,
		0x1c, 0x00, 0x6a, 0x00,
		0x04, 0x00, 0x6b, 0x00,				/* OBJ_NEST_START */
		0x04, 0x00, 0x6c, 0x00,				/* PAIR_NEST_START */
		0x06, 0x00, 0x6f, 0x00, 'a', 0x00, 0x00, 0x00,	/* OBJ_NAME "a" */
		0x05, 0x00, 0x70, 0x00, 0x04, 0x00, 0x00, 0x00,	/* VALUE_TYPE NLA_U64: its data did not fit */
		/* message 2 */
		0x30, 0x00, 0x00, 0x00, 0x14, 0x00, 0x02, 0x00,
		0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
		0x37, 0x01, 0x00, 0x00,
		0x1c, 0x00, 0x6a, 0x00,
		0x05, 0x00, 0x70, 0x00, 0x04, 0x00, 0x00, 0x00,	/* VALUE_TYPE NLA_U64 again */
		0x0c, 0x00, 0x71, 0x00, 0x01, 0x00, 0x00, 0x00,	/* VALUE_DATA 1 */
		0x00, 0x00, 0x00, 0x00,
		0x04, 0x00, 0x6e, 0x00,				/* NEST_END */
		/* message 3 */
		0x1c, 0x00, 0x00, 0x00, 0x14, 0x00, 0x02, 0x00,
		0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
		0x37, 0x01, 0x00, 0x00,
		0x08, 0x00, 0x6a, 0x00,
		0x04, 0x00, 0x6e, 0x00,				/* NEST_END */
	};
	struct kfmsg k;
	struct nlb b;

	(void)state;
	kf_init(&k);
	kf_obj_nest_start(&k);
	kf_u64_pair_put(&k, "a", 1);
	kf_obj_nest_end(&k);
	nlb_init(&b);
	assert_int_equal(kf_send(&k, &b, 48, DEVLINK_CMD_HEALTH_REPORTER_DIAGNOSE, 0), 3);
	assert_int_equal(b.len, sizeof(want));
	assert_memory_equal(b.buf, want, sizeof(want));
	kf_free(&k);
	nlb_free(&b);
}

/* ---- well-formed streams ---- */

static void every_type_nested(void **state)
{
	const struct fmsg_node *r, *n, *e;
	struct prm_err err = { 0 };
	struct kfmsg k;
	struct fmsg f;
	uint64_t v;

	(void)state;
	fill_pattern();
	kf_init(&k);
	nsim_dummy(&k, 16);		/* netdevsim's default binary_len */
	assert_int_equal(parse_room(&k, 60000, &f, &err), 0);
	r = f.root;
	assert_non_null(r);
	assert_int_equal(r->kind, FMSG_OBJ);
	assert_null(r->name);
	assert_int_equal(fmsg_count(r), 9);

	n = fmsg_get(r, "test_bool");
	assert_non_null(n);
	assert_int_equal(n->kind, FMSG_VAL);
	assert_int_equal(n->type, FMSG_BOOL);
	assert_int_equal(n->u, 1);
	n = fmsg_get(r, "test_u8");
	assert_int_equal(n->type, FMSG_U8);
	assert_int_equal(n->u, 1);
	n = fmsg_get(r, "test_u32");
	assert_int_equal(n->type, FMSG_U32);
	assert_int_equal(n->u, 3);
	n = fmsg_get(r, "test_u64");
	assert_int_equal(n->type, FMSG_U64);
	assert_int_equal(n->u, 4);
	n = fmsg_get(r, "test_string");
	assert_int_equal(n->type, FMSG_STR);
	assert_string_equal(n->str, "somestring");
	n = bin_of(fmsg_get(r, "test_binary"));
	assert_int_equal(n->len, 16);
	assert_memory_equal(n->bin, pattern, 16);

	/* a pair whose value is an object */
	n = fmsg_get(r, "test_nest");
	assert_non_null(n);
	assert_int_equal(n->kind, FMSG_OBJ);
	assert_ptr_equal(n->parent, r);
	assert_int_equal(fmsg_count(n), 2);
	assert_true(fmsg_get_u64(n, "nested_test_bool", &v));
	assert_int_equal(v, 0);
	assert_int_equal(fmsg_get(n, "nested_test_bool")->type, FMSG_BOOL);
	assert_true(fmsg_get_u64(n, "nested_test_u8", &v));
	assert_int_equal(v, 0);

	/* an array of values: elements have no names */
	n = fmsg_get(r, "test_u32_array");
	assert_int_equal(n->kind, FMSG_ARR);
	assert_int_equal(fmsg_count(n), 10);
	v = 0;
	for (e = n->child; e; e = e->next, v++) {
		assert_null(e->name);
		assert_int_equal(e->kind, FMSG_VAL);
		assert_int_equal(e->type, FMSG_U32);
		assert_int_equal(e->u, v);
		assert_ptr_equal(e->parent, n);
	}

	/* an array of objects */
	n = fmsg_get(r, "test_array_of_objects");
	assert_int_equal(n->kind, FMSG_ARR);
	assert_int_equal(fmsg_count(n), 10);
	v = 0;
	for (e = n->child; e; e = e->next, v++) {
		uint64_t u8;

		assert_null(e->name);
		assert_int_equal(e->kind, FMSG_OBJ);
		assert_true(fmsg_get_u64(e, "in_array_nested_test_u8", &u8));
		assert_int_equal(u8, v);
	}

	/* members in the kernel's order */
	assert_string_equal(r->child->name, "test_bool");
	assert_string_equal(r->last->name, "test_array_of_objects");
	fmsg_free(&f);
	kf_free(&k);
}

/* netdevsim's "empty" reporter: devlink's object with nothing in it. */
static void empty_object(void **state)
{
	struct prm_err err = { 0 };
	struct kfmsg k;
	struct fmsg f;

	(void)state;
	kf_init(&k);
	kf_obj_nest_start(&k);
	kf_obj_nest_end(&k);
	assert_int_equal(parse_room(&k, KF_ROOM_DOIT, &f, &err), 0);
	assert_non_null(f.root);
	assert_int_equal(f.root->kind, FMSG_OBJ);
	assert_int_equal(fmsg_count(f.root), 0);
	assert_null(fmsg_get(f.root, "anything"));
	fmsg_free(&f);
	kf_free(&k);
}

/* Empty arrays (a zero-length binary, a trace ring with nothing in it) and
 * an empty object as a pair's value. */
static void empty_members(void **state)
{
	struct prm_err err = { 0 };
	const struct fmsg_node *n;
	struct kfmsg k;
	struct fmsg f;

	(void)state;
	kf_init(&k);
	kf_obj_nest_start(&k);
	kf_arr_pair_nest_start(&k, "none");
	kf_arr_pair_nest_end(&k);
	kf_pair_nest_start(&k, "obj");
	kf_obj_nest_start(&k);
	kf_obj_nest_end(&k);
	kf_pair_nest_end(&k);
	kf_u8_pair_put(&k, "after", 7);
	kf_obj_nest_end(&k);
	assert_int_equal(parse_room(&k, KF_ROOM_DOIT, &f, &err), 0);
	assert_int_equal(fmsg_count(f.root), 3);
	n = fmsg_get(f.root, "none");
	assert_non_null(n);
	assert_int_equal(n->kind, FMSG_ARR);
	assert_int_equal(fmsg_count(n), 0);
	n = fmsg_get(f.root, "obj");
	assert_non_null(n);
	assert_int_equal(n->kind, FMSG_OBJ);
	assert_int_equal(fmsg_count(n), 0);
	assert_int_equal(fmsg_get(f.root, "after")->u, 7);
	fmsg_free(&f);
	kf_free(&k);
}

/* Numbers at their limits, strings of every length mod 4 (the padding). */
static void value_limits(void **state)
{
	static const char *const strs[] = { "", "a", "ab", "abc", "abcd", "firmware internal error" };
	struct prm_err err = { 0 };
	struct kfmsg k;
	struct fmsg f;
	char name[16];
	uint64_t v;

	(void)state;
	kf_init(&k);
	kf_obj_nest_start(&k);
	kf_u8_pair_put(&k, "u8", 0xff);
	kf_u32_pair_put(&k, "u32", 0xdeadbeef);
	kf_u64_pair_put(&k, "u64", 0xfedcba9876543210ull);
	kf_bool_pair_put(&k, "false", false);
	for (size_t i = 0; i < sizeof(strs) / sizeof(strs[0]); i++) {
		snprintf(name, sizeof(name), "s%zu", i);
		kf_string_pair_put(&k, name, strs[i]);
	}
	kf_obj_nest_end(&k);
	assert_int_equal(parse_room(&k, KF_ROOM_DOIT, &f, &err), 0);
	assert_true(fmsg_get_u64(f.root, "u8", &v));
	assert_int_equal(v, 0xff);
	assert_true(fmsg_get_u64(f.root, "u32", &v));
	assert_int_equal(v, 0xdeadbeef);
	assert_true(fmsg_get_u64(f.root, "u64", &v));
	assert_int_equal(v, 0xfedcba9876543210ull);
	assert_true(fmsg_get_u64(f.root, "false", &v));
	assert_int_equal(v, 0);
	for (size_t i = 0; i < sizeof(strs) / sizeof(strs[0]); i++) {
		const struct fmsg_node *n;

		snprintf(name, sizeof(name), "s%zu", i);
		n = fmsg_get(f.root, name);
		assert_non_null(n);
		assert_int_equal(n->type, FMSG_STR);
		assert_string_equal(n->str, strs[i]);
		assert_false(fmsg_get_u64(f.root, name, &v));	/* not a number */
	}
	fmsg_free(&f);
	kf_free(&k);
}

/*
 * devlink_fmsg_binary_pair_put cuts at DEVLINK_FMSG_MAX_SIZE; a whole piece
 * takes most of a 4 KiB dump message, so 3 pieces come in 3 messages, the
 * 2nd and 3rd starting with the value type repeated from the one before.
 * One value comes out.
 */
static void binary_pieces_joined(void **state)
{
	size_t total = 2 * KF_FMSG_MAX_SIZE + 1000;
	struct prm_err err = { 0 };
	const struct fmsg_node *n;
	struct kfmsg k;
	struct nlb b;
	struct fmsg f;
	int nmsg;

	(void)state;
	fill_pattern();
	kf_init(&k);
	kf_obj_nest_start(&k);
	kf_u8_pair_put(&k, "syndrome", 1);
	kf_binary_pair_put(&k, "crdump_data", pattern, total);
	kf_u8_pair_put(&k, "after", 2);
	kf_obj_nest_end(&k);

	/* 3 pieces in the array */
	assert_int_equal(k.n, 1 + 4 + (3 + 3 + 2) + 4 + 1);
	nlb_init(&b);
	nmsg = kf_send(&k, &b, KF_ROOM_DUMP, DEVLINK_CMD_HEALTH_REPORTER_DUMP_GET, NLM_F_ACK);
	assert_true(nmsg >= 3);
	fmsg_init(&f);
	assert_int_equal(feed_msgs(&f, &b, &err), 0);
	assert_int_equal(fmsg_finish(&f, &err), 0);
	n = bin_of(fmsg_get(f.root, "crdump_data"));
	assert_int_equal(n->len, total);
	assert_memory_equal(n->bin, pattern, total);
	assert_int_equal(fmsg_get(f.root, "after")->u, 2);
	assert_int_equal(fmsg_count(f.root), 3);
	fmsg_free(&f);
	nlb_free(&b);

	/* a larger reader buffer: all pieces in one message, still one value */
	assert_int_equal(parse_room(&k, 16384, &f, &err), 0);
	n = bin_of(fmsg_get(f.root, "crdump_data"));
	assert_int_equal(n->len, total);
	assert_memory_equal(n->bin, pattern, total);
	fmsg_free(&f);
	kf_free(&k);

	/* a whole DEVLINK_FMSG_MAX_SIZE piece cannot go in a diagnose (doit)
	 * skb: 20 + 4 + 8 + 4 + 3748 > 3776, the kernel gives up (-EMSGSIZE) */
	kf_init(&k);
	kf_obj_nest_start(&k);
	kf_binary_pair_put(&k, "b", pattern, KF_FMSG_MAX_SIZE);
	kf_obj_nest_end(&k);
	nlb_init(&b);
	assert_int_equal(kf_send(&k, &b, KF_ROOM_DOIT, DEVLINK_CMD_HEALTH_REPORTER_DIAGNOSE, 0), -1);
	nlb_free(&b);
	kf_free(&k);
}

/* Two binary pairs side by side stay two values; pieces join only within
 * their own array. */
static void binary_pairs_apart(void **state)
{
	struct prm_err err = { 0 };
	const struct fmsg_node *a, *c;
	struct kfmsg k;
	struct fmsg f;

	(void)state;
	fill_pattern();
	kf_init(&k);
	kf_obj_nest_start(&k);
	kf_binary_pair_put(&k, "a", pattern, KF_FMSG_MAX_SIZE + 10);
	kf_binary_pair_put(&k, "c", pattern + 100, 20);
	kf_obj_nest_end(&k);
	assert_int_equal(parse_room(&k, 16384, &f, &err), 0);
	a = bin_of(fmsg_get(f.root, "a"));
	c = bin_of(fmsg_get(f.root, "c"));
	assert_int_equal(a->len, KF_FMSG_MAX_SIZE + 10);
	assert_memory_equal(a->bin, pattern, KF_FMSG_MAX_SIZE + 10);
	assert_int_equal(c->len, 20);
	assert_memory_equal(c->bin, pattern + 100, 20);
	fmsg_free(&f);
	kf_free(&k);
}

/*
 * Every skb size from the smallest that lets the stream through to one that
 * holds it whole: every item boundary becomes a message boundary somewhere,
 * and the tree never changes. Some sizes must end a message on a value type
 * (the EMSGSIZE case), or the test would not test it.
 */
static void split_anywhere(void **state)
{
	struct prm_err err = { 0 };
	unsigned tried = 0, type_at_end = 0;
	struct kfmsg k;
	struct fmsg ref, f;

	(void)state;
	fill_pattern();
	kf_init(&k);
	nsim_dummy(&k, 100);
	assert_int_equal(parse_room(&k, 60000, &ref, &err), 0);
	for (size_t room = 40; room <= 700; room++) {
		struct nlb b;
		size_t off = 0;

		nlb_init(&b);
		if (kf_send(&k, &b, room, DEVLINK_CMD_HEALTH_REPORTER_DIAGNOSE, 0) < 0) {
			nlb_free(&b);
			continue;	/* an item the kernel could not send at this size */
		}
		tried++;
		while (off < b.len) {
			const struct nlmsghdr *nlh = nlb_nlh(&b, off);
			const uint8_t *p;
			struct nlattr h = { 0 };
			size_t len = 0;

			p = nlb_find(nlh, DEVLINK_ATTR_FMSG, &len);
			assert_non_null(p);
			for (size_t a = 0; a < len; a += NLA_ALIGN(h.nla_len))
				memcpy(&h, p + a, sizeof(h));	/* ends on the last item */
			if (h.nla_type == DEVLINK_ATTR_FMSG_OBJ_VALUE_TYPE)
				type_at_end++;
			off += NLMSG_ALIGN(nlh->nlmsg_len);
		}
		fmsg_init(&f);
		if (feed_msgs(&f, &b, &err) || fmsg_finish(&f, &err))
			fail_msg("skb of %zu bytes: %s", room, err.msg);
		assert_same(f.root, ref.root);
		fmsg_free(&f);
		nlb_free(&b);
	}
	assert_true(tried > 500);
	assert_true(type_at_end > 0);
	fmsg_free(&ref);
	kf_free(&k);
}

/* The repeated type typed by hand, at the end of one feed and the start of
 * the next, for a string and a u32 in an array. */
static void type_repeated_by_hand(void **state)
{
	struct prm_err err = { 0 };
	const struct fmsg_node *n;
	struct nlb p1, p2, p3;
	struct fmsg f;

	(void)state;
	nlb_init(&p1);
	nlb_init(&p2);
	nlb_init(&p3);
	nlb_flag(&p1, DEVLINK_ATTR_FMSG_OBJ_NEST_START);
	nlb_flag(&p1, DEVLINK_ATTR_FMSG_PAIR_NEST_START);
	nlb_str(&p1, DEVLINK_ATTR_FMSG_OBJ_NAME, "Description");
	nlb_u8(&p1, DEVLINK_ATTR_FMSG_OBJ_VALUE_TYPE, FMSG_STR);
	nlb_u8(&p2, DEVLINK_ATTR_FMSG_OBJ_VALUE_TYPE, FMSG_STR);
	nlb_str(&p2, DEVLINK_ATTR_FMSG_OBJ_VALUE_DATA, "High temperature");
	nlb_flag(&p2, DEVLINK_ATTR_FMSG_NEST_END);
	nlb_flag(&p2, DEVLINK_ATTR_FMSG_PAIR_NEST_START);
	nlb_str(&p2, DEVLINK_ATTR_FMSG_OBJ_NAME, "v");
	nlb_flag(&p2, DEVLINK_ATTR_FMSG_ARR_NEST_START);
	nlb_u8(&p2, DEVLINK_ATTR_FMSG_OBJ_VALUE_TYPE, FMSG_U32);
	nlb_u8(&p3, DEVLINK_ATTR_FMSG_OBJ_VALUE_TYPE, FMSG_U32);
	nlb_u32(&p3, DEVLINK_ATTR_FMSG_OBJ_VALUE_DATA, 0x10);
	nlb_flag(&p3, DEVLINK_ATTR_FMSG_NEST_END);
	nlb_flag(&p3, DEVLINK_ATTR_FMSG_NEST_END);
	nlb_flag(&p3, DEVLINK_ATTR_FMSG_NEST_END);
	fmsg_init(&f);
	assert_int_equal(fmsg_feed(&f, p1.buf, p1.len, &err), 0);
	assert_int_equal(fmsg_feed(&f, p2.buf, p2.len, &err), 0);
	assert_int_equal(fmsg_feed(&f, p3.buf, p3.len, &err), 0);
	assert_int_equal(fmsg_finish(&f, &err), 0);
	assert_int_equal(fmsg_count(f.root), 2);
	assert_string_equal(fmsg_get(f.root, "Description")->str, "High temperature");
	n = fmsg_get(f.root, "v");
	assert_int_equal(n->kind, FMSG_ARR);
	assert_int_equal(fmsg_count(n), 1);
	assert_int_equal(n->child->u, 0x10);
	fmsg_free(&f);
	nlb_free(&p1);
	nlb_free(&p2);
	nlb_free(&p3);
}

/* mlx5's deepest shape: devlink object, "dump fw traces" array, a trace
 * object, its pairs; and a hand-made 20 levels, well inside the bound. */
static void nesting_within_bound(void **state)
{
	struct prm_err err = { 0 };
	const struct fmsg_node *n;
	struct kfmsg k;
	struct fmsg f;
	int depth = 0;

	(void)state;
	kf_init(&k);
	kf_obj_nest_start(&k);
	for (int i = 0; i < 20; i++) {
		kf_pair_nest_start(&k, "in");
		kf_obj_nest_start(&k);
	}
	kf_u8_pair_put(&k, "leaf", 9);
	for (int i = 0; i < 20; i++) {
		kf_obj_nest_end(&k);
		kf_pair_nest_end(&k);
	}
	kf_obj_nest_end(&k);
	assert_int_equal(parse_room(&k, KF_ROOM_DOIT, &f, &err), 0);
	for (n = f.root; fmsg_get(n, "in"); n = fmsg_get(n, "in"))
		depth++;
	assert_int_equal(depth, 20);
	assert_int_equal(fmsg_get(n, "leaf")->u, 9);
	fmsg_free(&f);
	kf_free(&k);
}

static void lookups(void **state)
{
	struct prm_err err = { 0 };
	const struct fmsg_node *arr;
	struct kfmsg k;
	struct fmsg f;
	uint64_t v;

	(void)state;
	kf_init(&k);
	kf_obj_nest_start(&k);
	kf_u32_pair_put(&k, "dup", 1);
	kf_u32_pair_put(&k, "dup", 2);
	kf_string_pair_put(&k, "s", "x");
	kf_arr_pair_nest_start(&k, "arr");
	kf_u8_put(&k, 5);
	kf_arr_pair_nest_end(&k);
	kf_obj_nest_end(&k);
	assert_int_equal(parse_room(&k, KF_ROOM_DOIT, &f, &err), 0);
	assert_true(fmsg_get_u64(f.root, "dup", &v));	/* the first */
	assert_int_equal(v, 1);
	assert_false(fmsg_get_u64(f.root, "missing", &v));
	assert_false(fmsg_get_u64(f.root, "s", &v));
	assert_false(fmsg_get_u64(f.root, "arr", &v));
	arr = fmsg_get(f.root, "arr");
	assert_null(fmsg_get(arr, "arr"));		/* not an object */
	assert_null(fmsg_get(NULL, "x"));
	assert_false(fmsg_get_u64(NULL, "x", &v));
	assert_int_equal(fmsg_count(NULL), 0);
	assert_int_equal(fmsg_count(fmsg_get(f.root, "s")), 0);
	assert_int_equal(fmsg_count(f.root), 4);
	fmsg_free(&f);
	kf_free(&k);
}

/*
 * netdevsim's dummy reporter in 6.1 ends "test_nest" with an extra
 * devlink_fmsg_arr_pair_nest_end: two NEST_ENDs that match nothing, the
 * first closing devlink's own object early, the second past it. iproute2
 * stops at the second (cmd_fmsg_nest_queue: a nest end on an empty stack
 * is MNL_CB_ERROR); fmsg.h says the root goes on instead, counted in
 * repairs. So: every member under the root, one repair, at item 25 (the
 * second stray end, counting from 1; 24 from 0).
 */
static void netdevsim_61(void **state)
{
	struct prm_err err = { 0 };
	const struct fmsg_node *n;
	struct kfmsg k;
	struct fmsg f;
	struct nlb b;
	int rc;

	(void)state;
	fill_pattern();
	kf_init(&k);
	kf_obj_nest_start(&k);				/* 1 */
	kf_bool_pair_put(&k, "test_bool", true);	/* 2-6 */
	kf_binary_pair_put(&k, "test_binary", pattern, 16);	/* 7-13 */
	kf_pair_nest_start(&k, "test_nest");		/* 14, 15 */
	kf_obj_nest_start(&k);				/* 16 */
	kf_u8_pair_put(&k, "nested_test_u8", false);	/* 17-21 */
	kf_obj_nest_end(&k);				/* 22 */
	kf_pair_nest_end(&k);				/* 23 */
	kf_arr_pair_nest_end(&k);			/* 24, 25: the stray one */
	kf_arr_pair_nest_start(&k, "test_u32_array");
	kf_u32_put(&k, 0);
	kf_u32_put(&k, 1);
	kf_arr_pair_nest_end(&k);
	kf_obj_nest_end(&k);
	nlb_init(&b);
	assert_int_equal(kf_send(&k, &b, KF_ROOM_DOIT, DEVLINK_CMD_HEALTH_REPORTER_DIAGNOSE, 0), 1);
	fmsg_init(&f);
	rc = feed_msgs(&f, &b, &err);
	if (!rc)
		rc = fmsg_finish(&f, &err);
	if (rc)
		fail_msg("%s", err.msg);
	assert_int_equal(f.repairs, 1);
	assert_true(f.repaired_at == 25 || f.repaired_at == 24);
	assert_int_equal(fmsg_count(f.root), 4);
	assert_int_equal(fmsg_get(f.root, "test_bool")->u, 1);
	assert_int_equal(bin_of(fmsg_get(f.root, "test_binary"))->len, 16);
	assert_int_equal(fmsg_get(f.root, "test_nest")->kind, FMSG_OBJ);
	n = fmsg_get(f.root, "test_u32_array");
	assert_non_null(n);
	assert_int_equal(n->kind, FMSG_ARR);
	assert_int_equal(fmsg_count(n), 2);
	assert_ptr_equal(n->parent, f.root);
	fmsg_free(&f);
	nlb_free(&b);
	kf_free(&k);
}

/* A stream the kernel sends whole has no repairs. */
static void no_repairs_when_whole(void **state)
{
	struct prm_err err = { 0 };
	struct kfmsg k;
	struct fmsg f;

	(void)state;
	fill_pattern();
	kf_init(&k);
	nsim_dummy(&k, 16);
	assert_int_equal(parse_room(&k, KF_ROOM_DOIT, &f, &err), 0);
	assert_int_equal(f.repairs, 0);
	fmsg_free(&f);
	kf_free(&k);
}

/* ---- what the kernel never sends ---- */

#define ITEM_OBJ(p)	nlb_flag((p), DEVLINK_ATTR_FMSG_OBJ_NEST_START)
#define ITEM_PAIR(p)	nlb_flag((p), DEVLINK_ATTR_FMSG_PAIR_NEST_START)
#define ITEM_ARR(p)	nlb_flag((p), DEVLINK_ATTR_FMSG_ARR_NEST_START)
#define ITEM_END(p)	nlb_flag((p), DEVLINK_ATTR_FMSG_NEST_END)
#define ITEM_NAME(p, s)	nlb_str((p), DEVLINK_ATTR_FMSG_OBJ_NAME, (s))
#define ITEM_TYPE(p, t)	nlb_u8((p), DEVLINK_ATTR_FMSG_OBJ_VALUE_TYPE, (t))

/* {"x": <the rest>, ... : the first items of a pair inside the root */
static void open_pair(struct nlb *p)
{
	ITEM_OBJ(p);
	ITEM_PAIR(p);
	ITEM_NAME(p, "x");
}

static void close_pair(struct nlb *p)
{
	ITEM_END(p);
	ITEM_END(p);
}

typedef void (*bad_fn)(struct nlb *p);

static void bad_unterminated_obj(struct nlb *p)
{
	open_pair(p);
	ITEM_TYPE(p, FMSG_U8);
	nlb_u8(p, DEVLINK_ATTR_FMSG_OBJ_VALUE_DATA, 1);
	ITEM_END(p);		/* the pair; the object stays open */
}

static void bad_unterminated_pair(struct nlb *p)
{
	open_pair(p);
}

static void bad_unterminated_arr(struct nlb *p)
{
	open_pair(p);
	ITEM_ARR(p);
	ITEM_TYPE(p, FMSG_U8);
	nlb_u8(p, DEVLINK_ATTR_FMSG_OBJ_VALUE_DATA, 1);
}

static void bad_end_first(struct nlb *p)
{
	ITEM_END(p);
}

static void bad_end_extra(struct nlb *p)
{
	ITEM_OBJ(p);
	ITEM_END(p);
	ITEM_END(p);
}

static void bad_value_without_type(struct nlb *p)
{
	open_pair(p);
	nlb_u8(p, DEVLINK_ATTR_FMSG_OBJ_VALUE_DATA, 1);
	close_pair(p);
}

/* a type is used once: the second value has none */
static void bad_type_used_twice(struct nlb *p)
{
	open_pair(p);
	ITEM_ARR(p);
	ITEM_TYPE(p, FMSG_U8);
	nlb_u8(p, DEVLINK_ATTR_FMSG_OBJ_VALUE_DATA, 1);
	nlb_u8(p, DEVLINK_ATTR_FMSG_OBJ_VALUE_DATA, 2);
	ITEM_END(p);
	close_pair(p);
}

static void bad_u32_of_2(struct nlb *p)
{
	open_pair(p);
	ITEM_TYPE(p, FMSG_U32);
	nlb_u16(p, DEVLINK_ATTR_FMSG_OBJ_VALUE_DATA, 1);
	close_pair(p);
}

static void bad_u8_of_4(struct nlb *p)
{
	open_pair(p);
	ITEM_TYPE(p, FMSG_U8);
	nlb_u32(p, DEVLINK_ATTR_FMSG_OBJ_VALUE_DATA, 1);
	close_pair(p);
}

static void bad_u64_of_4(struct nlb *p)
{
	open_pair(p);
	ITEM_TYPE(p, FMSG_U64);
	nlb_u32(p, DEVLINK_ATTR_FMSG_OBJ_VALUE_DATA, 1);
	close_pair(p);
}

static void bad_bool_of_0(struct nlb *p)
{
	open_pair(p);
	ITEM_TYPE(p, FMSG_BOOL);
	nlb_flag(p, DEVLINK_ATTR_FMSG_OBJ_VALUE_DATA);	/* devlink always sends the u8 */
	close_pair(p);
}

static void bad_type_of_4(struct nlb *p)
{
	open_pair(p);
	nlb_u32(p, DEVLINK_ATTR_FMSG_OBJ_VALUE_TYPE, FMSG_U8);
	nlb_u8(p, DEVLINK_ATTR_FMSG_OBJ_VALUE_DATA, 1);
	close_pair(p);
}

/* NLA_U16 (2): devlink_fmsg_item_fill_type sends no such type */
static void bad_type_unknown(struct nlb *p)
{
	open_pair(p);
	ITEM_TYPE(p, 2);
	nlb_u16(p, DEVLINK_ATTR_FMSG_OBJ_VALUE_DATA, 1);
	close_pair(p);
}

static void bad_string_unterminated(struct nlb *p)
{
	open_pair(p);
	ITEM_TYPE(p, FMSG_STR);
	nlb_put(p, DEVLINK_ATTR_FMSG_OBJ_VALUE_DATA, "abcd", 4);
	close_pair(p);
}

static void bad_string_empty(struct nlb *p)
{
	open_pair(p);
	ITEM_TYPE(p, FMSG_STR);
	nlb_flag(p, DEVLINK_ATTR_FMSG_OBJ_VALUE_DATA);	/* not even the NUL */
	close_pair(p);
}

static void bad_name_unterminated(struct nlb *p)
{
	ITEM_OBJ(p);
	ITEM_PAIR(p);
	nlb_put(p, DEVLINK_ATTR_FMSG_OBJ_NAME, "Syndrome", 8);
	ITEM_TYPE(p, FMSG_U8);
	nlb_u8(p, DEVLINK_ATTR_FMSG_OBJ_VALUE_DATA, 1);
	close_pair(p);
}

/* DEVLINK_ATTR_BUS_NAME (1) inside the fmsg: not an fmsg item */
static void bad_unknown_attr(struct nlb *p)
{
	open_pair(p);
	nlb_str(p, DEVLINK_ATTR_BUS_NAME, "pci");
	ITEM_TYPE(p, FMSG_U8);
	nlb_u8(p, DEVLINK_ATTR_FMSG_OBJ_VALUE_DATA, 1);
	close_pair(p);
}

static void bad_unknown_attr_high(struct nlb *p)
{
	open_pair(p);
	nlb_u8(p, 1000, 0);
	ITEM_TYPE(p, FMSG_U8);
	nlb_u8(p, DEVLINK_ATTR_FMSG_OBJ_VALUE_DATA, 1);
	close_pair(p);
}

/* the last attribute claims 12 bytes, 8 are there */
static void bad_truncated_attr(struct nlb *p)
{
	static const uint8_t cut[] = { 0x0c, 0x00, 0x71, 0x00, 0x01, 0x00, 0x00, 0x00 };

	open_pair(p);
	ITEM_TYPE(p, FMSG_U64);
	nlb_raw(p, cut, sizeof(cut));
}

/* 2 bytes of an attribute header at the end */
static void bad_truncated_header(struct nlb *p)
{
	static const uint8_t cut[] = { 0x04, 0x00 };

	ITEM_OBJ(p);
	ITEM_END(p);
	nlb_raw(p, cut, sizeof(cut));
}

/* an attribute whose len is less than its own header */
static void bad_len_below_header(struct nlb *p)
{
	static const uint8_t zero[] = { 0x02, 0x00, 0x6e, 0x00 };

	ITEM_OBJ(p);
	nlb_raw(p, zero, sizeof(zero));
	ITEM_END(p);
}

static void bad_value_in_object(struct nlb *p)
{
	ITEM_OBJ(p);
	ITEM_TYPE(p, FMSG_U8);
	nlb_u8(p, DEVLINK_ATTR_FMSG_OBJ_VALUE_DATA, 1);
	ITEM_END(p);
}

static void bad_object_in_object(struct nlb *p)
{
	ITEM_OBJ(p);
	ITEM_OBJ(p);
	ITEM_END(p);
	ITEM_END(p);
}

static void bad_array_in_object(struct nlb *p)
{
	ITEM_OBJ(p);
	ITEM_ARR(p);
	ITEM_END(p);
	ITEM_END(p);
}

static void bad_name_in_array(struct nlb *p)
{
	open_pair(p);
	ITEM_ARR(p);
	ITEM_NAME(p, "y");
	ITEM_END(p);
	close_pair(p);
}

static void bad_pair_in_array(struct nlb *p)
{
	open_pair(p);
	ITEM_ARR(p);
	ITEM_PAIR(p);
	ITEM_NAME(p, "y");
	ITEM_TYPE(p, FMSG_U8);
	nlb_u8(p, DEVLINK_ATTR_FMSG_OBJ_VALUE_DATA, 1);
	ITEM_END(p);
	ITEM_END(p);
	close_pair(p);
}

static void bad_two_values_in_pair(struct nlb *p)
{
	open_pair(p);
	ITEM_TYPE(p, FMSG_U8);
	nlb_u8(p, DEVLINK_ATTR_FMSG_OBJ_VALUE_DATA, 1);
	ITEM_TYPE(p, FMSG_U8);
	nlb_u8(p, DEVLINK_ATTR_FMSG_OBJ_VALUE_DATA, 2);
	close_pair(p);
}

static void bad_value_before_name(struct nlb *p)
{
	ITEM_OBJ(p);
	ITEM_PAIR(p);
	ITEM_TYPE(p, FMSG_U8);
	nlb_u8(p, DEVLINK_ATTR_FMSG_OBJ_VALUE_DATA, 1);
	close_pair(p);
}

static void bad_value_first(struct nlb *p)
{
	ITEM_TYPE(p, FMSG_U8);
	nlb_u8(p, DEVLINK_ATTR_FMSG_OBJ_VALUE_DATA, 1);
}

static void bad_deep(struct nlb *p)
{
	open_pair(p);
	for (int i = 0; i < 100; i++)
		ITEM_ARR(p);
	for (int i = 0; i < 100; i++)
		ITEM_END(p);
	close_pair(p);
}

static void bad_deep_objects(struct nlb *p)
{
	ITEM_OBJ(p);
	for (int i = 0; i < 100; i++) {
		ITEM_PAIR(p);
		ITEM_NAME(p, "d");
		ITEM_OBJ(p);
	}
	for (int i = 0; i < 100; i++)
		close_pair(p);
	ITEM_END(p);
}

static void bad_after_root(struct nlb *p)
{
	ITEM_OBJ(p);
	ITEM_END(p);
	ITEM_OBJ(p);
	ITEM_END(p);
}

static void bad_pair_after_root(struct nlb *p)
{
	ITEM_OBJ(p);
	ITEM_END(p);
	ITEM_PAIR(p);
	ITEM_NAME(p, "late");
	ITEM_TYPE(p, FMSG_U8);
	nlb_u8(p, DEVLINK_ATTR_FMSG_OBJ_VALUE_DATA, 1);
	ITEM_END(p);
}

static void bad_value_after_root(struct nlb *p)
{
	ITEM_OBJ(p);
	ITEM_END(p);
	ITEM_TYPE(p, FMSG_U8);
	nlb_u8(p, DEVLINK_ATTR_FMSG_OBJ_VALUE_DATA, 1);
}

/* a value type is followed by its data (or repeated at the start of the
 * next message): one left over after the root is data after the root */
static void bad_type_after_root(struct nlb *p)
{
	ITEM_OBJ(p);
	ITEM_END(p);
	ITEM_TYPE(p, FMSG_U8);
}

/* ... and one announced before an array is not the type of the array's
 * first element, which so comes without a type of its own */
static void bad_type_before_nest(struct nlb *p)
{
	open_pair(p);
	ITEM_TYPE(p, FMSG_U8);
	ITEM_ARR(p);
	nlb_u8(p, DEVLINK_ATTR_FMSG_OBJ_VALUE_DATA, 1);
	ITEM_END(p);
	close_pair(p);
}

/* a pair with a type and no value */
static void bad_type_then_end(struct nlb *p)
{
	open_pair(p);
	ITEM_TYPE(p, FMSG_U8);
	close_pair(p);
}

static void bad_nothing(struct nlb *p)
{
	(void)p;
}

static void bad_only_a_type(struct nlb *p)
{
	ITEM_TYPE(p, FMSG_U8);
}

static const struct {
	const char *what;
	bad_fn fn;
} bads[] = {
	{ "unterminated object", bad_unterminated_obj },
	{ "unterminated pair", bad_unterminated_pair },
	{ "unterminated array", bad_unterminated_arr },
	{ "nest end first", bad_end_first },
	{ "nest end after the root", bad_end_extra },
	{ "value without type", bad_value_without_type },
	{ "one type, two values", bad_type_used_twice },
	{ "u32 of 2 bytes", bad_u32_of_2 },
	{ "u8 of 4 bytes", bad_u8_of_4 },
	{ "u64 of 4 bytes", bad_u64_of_4 },
	{ "bool of 0 bytes", bad_bool_of_0 },
	{ "value type of 4 bytes", bad_type_of_4 },
	{ "value type NLA_U16", bad_type_unknown },
	{ "string without NUL", bad_string_unterminated },
	{ "string of 0 bytes", bad_string_empty },
	{ "name without NUL", bad_name_unterminated },
	{ "bus name in fmsg", bad_unknown_attr },
	{ "attribute type 1000", bad_unknown_attr_high },
	{ "truncated attribute", bad_truncated_attr },
	{ "truncated header", bad_truncated_header },
	{ "len below header", bad_len_below_header },
	{ "value in object outside a pair", bad_value_in_object },
	{ "object in object outside a pair", bad_object_in_object },
	{ "array in object outside a pair", bad_array_in_object },
	{ "name in array", bad_name_in_array },
	{ "pair in array", bad_pair_in_array },
	{ "two values in a pair", bad_two_values_in_pair },
	{ "value before the name", bad_value_before_name },
	{ "value first", bad_value_first },
	{ "100 arrays deep", bad_deep },
	{ "100 objects deep", bad_deep_objects },
	{ "object after the root", bad_after_root },
	{ "pair after the root", bad_pair_after_root },
	{ "value after the root", bad_value_after_root },
	{ "value type after the root", bad_type_after_root },
	{ "value type before an array", bad_type_before_nest },
	{ "value type, no value", bad_type_then_end },
	{ "nothing", bad_nothing },
	{ "only a type", bad_only_a_type },
};

static void malformed(void **state)
{
	unsigned failed = 0;

	(void)state;
	for (size_t i = 0; i < sizeof(bads) / sizeof(bads[0]); i++) {
		struct prm_err err = { 0 };
		struct fmsg f;
		struct nlb p;
		int rc;

		nlb_init(&p);
		bads[i].fn(&p);
		rc = parse_payload(&p, &f, &err);
		if (rc != -1 || err.kind != PRM_E_FAILED || !err.msg[0]) {
			print_error("%s: rc %d, kind %d, msg \"%s\"\n", bads[i].what, rc, err.kind,
				    err.msg);
			failed++;
		}
		fmsg_free(&f);
		nlb_free(&p);
	}
	assert_int_equal(failed, 0);
}

/* The same malformed streams cut into one feed per item: the error must
 * come whichever feed carries the bad item, and nothing may leak. */
static void malformed_item_by_item(void **state)
{
	unsigned failed = 0;

	(void)state;
	for (size_t i = 0; i < sizeof(bads) / sizeof(bads[0]); i++) {
		struct prm_err err = { 0 };
		size_t off = 0;
		struct fmsg f;
		struct nlb p;
		int rc = 0;

		nlb_init(&p);
		bads[i].fn(&p);
		fmsg_init(&f);
		while (!rc && off < p.len) {
			struct nlattr h;
			size_t n = p.len - off;

			if (n >= NLA_HDRLEN) {
				memcpy(&h, p.buf + off, sizeof(h));
				if (h.nla_len >= NLA_HDRLEN && off + NLA_ALIGN(h.nla_len) <= p.len)
					n = NLA_ALIGN(h.nla_len);
			}
			rc = fmsg_feed(&f, p.buf + off, n, &err);
			off += n;
		}
		if (!rc)
			rc = fmsg_finish(&f, &err);
		if (rc != -1 || !err.msg[0]) {
			print_error("%s: rc %d, msg \"%s\"\n", bads[i].what, rc, err.msg);
			failed++;
		}
		fmsg_free(&f);
		nlb_free(&p);
	}
	assert_int_equal(failed, 0);
}

/* An error says where it is: the item's place in the whole stream, counted
 * across feeds (items 1-6 in the first feed, the bad 10th in the second). */
static void error_names_item(void **state)
{
	struct prm_err err = { 0 };
	struct nlb p1, p2;
	struct fmsg f;

	(void)state;
	nlb_init(&p1);
	nlb_init(&p2);
	open_pair(&p1);
	ITEM_TYPE(&p1, FMSG_U8);
	nlb_u8(&p1, DEVLINK_ATTR_FMSG_OBJ_VALUE_DATA, 1);
	ITEM_END(&p1);
	ITEM_PAIR(&p2);
	ITEM_NAME(&p2, "y");
	ITEM_TYPE(&p2, FMSG_U32);
	nlb_u16(&p2, DEVLINK_ATTR_FMSG_OBJ_VALUE_DATA, 1);	/* item 10 (9 from 0) */
	fmsg_init(&f);
	assert_int_equal(fmsg_feed(&f, p1.buf, p1.len, &err), 0);
	assert_int_equal(fmsg_feed(&f, p2.buf, p2.len, &err), -1);
	if (!strstr(err.msg, "10") && !strstr(err.msg, "9"))
		fail_msg("no item number in \"%s\"", err.msg);
	fmsg_free(&f);
	nlb_free(&p1);
	nlb_free(&p2);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(builder_attrs),
		cmocka_unit_test(builder_diagnose_bytes),
		cmocka_unit_test(builder_split_repeats_type),
		cmocka_unit_test(every_type_nested),
		cmocka_unit_test(empty_object),
		cmocka_unit_test(empty_members),
		cmocka_unit_test(value_limits),
		cmocka_unit_test(binary_pieces_joined),
		cmocka_unit_test(binary_pairs_apart),
		cmocka_unit_test(split_anywhere),
		cmocka_unit_test(type_repeated_by_hand),
		cmocka_unit_test(nesting_within_bound),
		cmocka_unit_test(lookups),
		cmocka_unit_test(netdevsim_61),
		cmocka_unit_test(no_repairs_when_whole),
		cmocka_unit_test(malformed),
		cmocka_unit_test(malformed_item_by_item),
		cmocka_unit_test(error_names_item),
	};

	return cmocka_run_group_tests_name("fmsg", tests, NULL, NULL);
}
