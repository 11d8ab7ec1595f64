// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * lib/nl/fmsg.c on devlink health streams Linux 6.1 never sends: the
 * DEVLINK_ATTR_FMSG items devlink_fmsg_prepare_skb writes
 * (net/devlink/leftover.c) typed one by one with tests/unit/nlbuild.h, out
 * of order, unbalanced, of the wrong size, cut short or unknown. Each must be
 * an error and leak nothing (asan build), fed whole or one item per feed,
 * and the error says which item. The streams the kernel does send are
 * test_fmsg_wellformed.c.
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

/* One FMSG payload typed item by item (for what the kernel never sends). */
static int parse_payload(const struct nlb *p, struct fmsg *f, struct prm_err *err)
{
	fmsg_init(f);
	if (fmsg_feed(f, p->buf, p->len, err))
		return -1;
	return fmsg_finish(f, err);
}

#define ASSERT_ERR(rc, err) do {				\
	assert_int_equal((rc), -1);				\
	assert_int_equal((err).kind, PRM_E_FAILED);		\
	assert_true((err).msg[0] != '\0');			\
} while (0)

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
		cmocka_unit_test(malformed),
		cmocka_unit_test(malformed_item_by_item),
		cmocka_unit_test(error_names_item),
	};

	return cmocka_run_group_tests_name("fmsg_malformed", tests, NULL, NULL);
}
