// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * lib/out records (rec.c), byte for byte: trace decode's output is held to
 * these bytes, and rec.c is written for speed (reserved room, eight-byte
 * string scans, batched writes), so every escape and edge is pinned here.
 */
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "lib/out/out.h"
#include "lib/util/digits.h"

static char *obuf, *ebuf;
static size_t olen, elen;
static FILE *of, *ef;

static void start(enum out_mode mode)
{
	struct out_opts o = { .mode = mode, .prog = "prmctl" };

	of = open_memstream(&obuf, &olen);
	ef = open_memstream(&ebuf, &elen);
	o.out = of;
	o.err = ef;
	out_init(&o);
}

/* what was written, as a string the test owns */
static char *stop(void)
{
	char *s;

	out_rec_free();
	fclose(of);
	fclose(ef);
	s = obuf;
	free(ebuf);
	obuf = ebuf = NULL;
	return s;
}

/* one record of every kind of member, as trace decode writes them */
static void every_member(void)
{
	out_rec_begin();
	out_rec_str("type", "string", OUT_REC_NOTEXT);
	out_rec_u64("time", 42, OUT_REC_NOJSON | OUT_REC_WIDTH(6));
	out_rec_u64("ticks", UINT64_MAX, OUT_REC_NOTEXT);
	out_rec_u64("event_id", 0xc, OUT_REC_HEX | OUT_REC_DIGITS(2));
	out_rec_bool("lost", false, OUT_REC_NOTEXT);
	out_rec_str("lost_flag", "-", OUT_REC_NOJSON);
	out_rec_null("pointer", OUT_REC_NOTEXT);
	out_rec_str("msg", "a \"q\" \\ b", 0);
	out_rec_arr_begin("params", OUT_REC_NOTEXT);
	out_rec_u64(NULL, 0, out_rec_arr_flags());
	out_rec_null(NULL, out_rec_arr_flags());
	out_rec_u64(NULL, 4294967296ull, out_rec_arr_flags());
	out_rec_arr_end();
	out_rec_u64("data", 0xab12, OUT_REC_HEX | OUT_REC_KV | OUT_REC_DIGITS(12));
	out_rec_str("problem", NULL, OUT_REC_KV);
	assert_int_equal(out_rec_end(), 0);
}

static void json_record(void **state)
{
	(void)state;
	start(OUT_JSON);
	every_member();
	char *s = stop();

	assert_string_equal(s, "{\"schema\":\"prmctl/1\",\"type\":\"string\","
			    "\"ticks\":18446744073709551615,\"event_id\":12,\"lost\":false,"
			    "\"pointer\":null,\"msg\":\"a \\\"q\\\" \\\\ b\","
			    "\"params\":[0,null,4294967296],\"data\":43794,\"problem\":null}\n");
	free(s);
}

static void text_record(void **state)
{
	(void)state;
	start(OUT_TEXT);
	every_member();
	char *s = stop();

	assert_string_equal(s, "    42 0x0c - a \"q\" \\ b data=0x00000000ab12 problem=-\n");
	free(s);
}

/* Every decimal length, 0 to 2^64 - 1, each power of ten and the number below it. */
static void decimal_edges(void **state)
{
	char want[64];
	uint64_t p = 1;

	(void)state;
	for (int i = 0; i < 20; i++, p *= 10) {
		uint64_t vs[2] = { p - 1, p };

		for (int k = 0; k < 2; k++) {
			start(OUT_JSON);
			out_rec_begin();
			out_rec_u64("v", vs[k], 0);
			out_rec_end();
			char *s = stop();

			snprintf(want, sizeof(want), "{\"schema\":\"prmctl/1\",\"v\":%llu}\n",
				 (unsigned long long)vs[k]);
			assert_string_equal(s, want);
			free(s);
		}
	}
	start(OUT_TEXT);
	out_rec_begin();
	out_rec_u64("max", UINT64_MAX, 0);
	out_rec_u64("two32", 4294967295ull, 0);
	out_rec_u64("hex0", 0, OUT_REC_HEX);
	out_rec_u64("hexmax", UINT64_MAX, OUT_REC_HEX | OUT_REC_DIGITS(4));
	out_rec_end();
	char *s = stop();

	assert_string_equal(s, "18446744073709551615 4294967295 0x0 0xffffffffffffffff\n");
	free(s);
}

/* Text hex at every length, 1 to 16 digits and padded to 0..20, against the C library's. */
static void hex_edges(void **state)
{
	char want[64];

	(void)state;
	for (unsigned b = 0; b <= 64; b += 4) {
		uint64_t vs[2] = { b ? (b == 64 ? UINT64_MAX : (1ull << b) - 1) : 0,
				   b ? 1ull << (b - 4) : 1 };

		for (unsigned d = 0; d <= 20; d++) {
			for (int k = 0; k < 2; k++) {
				start(OUT_TEXT);
				out_rec_begin();
				out_rec_u64("v", vs[k], OUT_REC_HEX | OUT_REC_KV | OUT_REC_DIGITS(d));
				out_rec_end();
				char *s = stop();

				snprintf(want, sizeof(want), "v=0x%0*llx\n", (int)d,
					 (unsigned long long)vs[k]);
				assert_string_equal(s, want);
				free(s);
			}
		}
	}
}

/* the string as JSON and text write it, a byte at a time (one special byte at most) */
static void escape_ref(const unsigned char *in, size_t n, char *json, char *text)
{
	*json++ = '"';
	for (size_t i = 0; i < n; i++) {
		unsigned char c = in[i];

		if (c == '"' || c == '\\')
			json += sprintf(json, "\\%c", c);
		else if (c < 0x20)
			json += sprintf(json, "\\u%04x", c);
		else if (c >= 0x80)
			json += sprintf(json, "%c%c", 0xc0 | c >> 6, 0x80 | (c & 0x3f));
		else
			*json++ = (char)c;
		if (c < 0x20 || c >= 0x7f)
			text += sprintf(text, "\\x%02x", c);
		else
			*text++ = (char)c;
	}
	strcpy(json, "\"");
	*text = 0;
}

/*
 * The scans (sixteen bytes a step, eight, one) at every length to 48 with the
 * byte that stops them at every position, and the bytes either side of the
 * ranges that do not.
 */
static void string_stops_everywhere(void **state)
{
	static const unsigned char stops[] = { '"', '\\', 0x01, 0x1f, 0x20, 0x7e, 0x7f, 0x80, 0xff };
	unsigned char in[48];
	char json[48 * 6 + 3], text[48 * 4 + 1], want[512];

	(void)state;
	for (size_t n = 1; n <= sizeof(in); n++)
		for (size_t at = 0; at < n; at++)
			for (size_t k = 0; k < sizeof(stops); k++) {
				for (size_t i = 0; i < n; i++)
					in[i] = (unsigned char)('a' + i % 26);
				in[at] = stops[k];
				escape_ref(in, n, json, text);

				start(OUT_JSON);
				out_rec_begin();
				out_rec_strn("s", (const char *)in, n, 0);
				out_rec_end();
				char *s = stop();

				snprintf(want, sizeof(want), "{\"schema\":\"prmctl/1\",\"s\":%s}\n",
					 json);
				assert_string_equal(s, want);
				free(s);
				start(OUT_TEXT);
				out_rec_begin();
				out_rec_strn("s", (const char *)in, n, 0);
				out_rec_end();
				s = stop();
				snprintf(want, sizeof(want), "%s\n", text);
				assert_string_equal(s, want);
				free(s);
			}
}

/*
 * dec_u64_wide() against printf: every length at its edges and a million
 * numbers of random lengths, each written over a guard that shows it stays
 * within its 24 bytes.
 */
static void wide_decimals(void **state)
{
	uint64_t x = 88172645463325252u, p = 1;

	(void)state;
	for (int i = 0; i < 1000000 + 40; i++) {
		char got[40], want[24];
		uint64_t v;

		if (i < 40) {
			v = i % 2 ? p - 1 : p;	/* 10^k - 1 and 10^k, k = 0..19 */
			if (i % 2)
				p *= 10;
		} else {
			x ^= x << 13, x ^= x >> 7, x ^= x << 17;
			v = x >> (x % 64);
		}
		memset(got, 'Z', sizeof(got));
		char *end = dec_u64_wide(got, v);

		snprintf(want, sizeof(want), "%llu", (unsigned long long)v);
		assert_int_equal(end - got, strlen(want));
		assert_memory_equal(got, want, strlen(want));
		for (size_t k = 24; k < sizeof(got); k++)
			assert_int_equal(got[k], 'Z');
	}
}

/*
 * Strings: runs longer than the eight-byte scan with the byte to escape at
 * every position of a word, control bytes, DEL, UTF-8 valid and not.
 */
static void string_escapes(void **state)
{
	static const char *const in[] = {
		"0123456789\"bcdefg", "012\\456789abcdef", "01234567\n", "\x01", "tab\there",
		"del\x7f", "caf\xc3\xa9", "bad\xc3(", "\xff\xfe", "\xed\xa0\x80", "",
		"\xf0\x9f\x98\x80 ok",
	};
	static const char *const json[] = {
		"\"0123456789\\\"bcdefg\"", "\"012\\\\456789abcdef\"", "\"01234567\\u000a\"",
		"\"\\u0001\"", "\"tab\\u0009here\"", "\"del\x7f\"", "\"caf\xc3\xa9\"",
		"\"bad\xc3\x83(\"", "\"\xc3\xbf\xc3\xbe\"", "\"\xc3\xad\xc2\xa0\xc2\x80\"", "\"\"",
		"\"\xf0\x9f\x98\x80 ok\"",
	};
	static const char *const text[] = {
		"0123456789\"bcdefg", "012\\456789abcdef", "01234567\\x0a", "\\x01",
		"tab\\x09here", "del\\x7f", "caf\\xc3\\xa9", "bad\\xc3(", "\\xff\\xfe",
		"\\xed\\xa0\\x80", "", "\\xf0\\x9f\\x98\\x80 ok",
	};
	char want[128];

	(void)state;
	for (size_t i = 0; i < sizeof(in) / sizeof(in[0]); i++) {
		start(OUT_JSON);
		out_rec_begin();
		out_rec_str("s", in[i], 0);
		out_rec_end();
		char *s = stop();

		snprintf(want, sizeof(want), "{\"schema\":\"prmctl/1\",\"s\":%s}\n", json[i]);
		assert_string_equal(s, want);
		free(s);

		start(OUT_TEXT);
		out_rec_begin();
		out_rec_str("s", in[i], OUT_REC_KV);
		out_rec_end();
		s = stop();
		snprintf(want, sizeof(want), "s=%s\n", text[i]);
		assert_string_equal(s, want);
		free(s);
	}
}

/* In batch mode nothing is written until a flush or a full batch; then all, in order. */
static void batch_holds_then_writes(void **state)
{
	(void)state;
	start(OUT_TEXT);
	out_rec_batch(true);
	for (int i = 0; i < 3; i++) {
		out_rec_begin();
		out_rec_u64("n", (uint64_t)i, 0);
		assert_int_equal(out_rec_end(), 0);
	}
	fflush(of);
	assert_int_equal(olen, 0);
	assert_int_equal(out_rec_flush(), 0);
	fflush(of);
	assert_string_equal(obuf, "0\n1\n2\n");
	/* many: some go out on their own before the flush */
	for (int i = 0; i < 20000; i++) {
		out_rec_begin();
		out_rec_str("s", "0123456789", 0);
		out_rec_end();
	}
	fflush(of);
	assert_true(olen > 6);
	assert_true(olen < 6 + 20000 * 11);
	assert_int_equal(out_rec_flush(), 0);
	out_rec_batch(false);
	fflush(of);
	assert_int_equal(olen, 6 + 20000 * 11);
	char *s = stop();

	free(s);
}

/*
 * An error or a warning said while records wait in a batch comes after them
 * (a read failure in the middle of a trace: its events, then the error),
 * and a record being built when it is said is not cut.
 */
static void batch_goes_out_before_an_error(void **state)
{
	(void)state;
	start(OUT_JSON);
	out_rec_batch(true);
	out_rec_begin();
	out_rec_u64("n", 1, 0);
	out_rec_end();
	out_rec_begin();
	out_rec_u64("n", 2, 0);
	out_warn("w");
	out_rec_end();
	out_error(1, "io", "read failed");
	out_rec_batch(false);
	fflush(of);
	assert_string_equal(obuf, "{\"schema\":\"prmctl/1\",\"n\":1}\n"
			    "{\"schema\":\"prmctl/1\",\"n\":2}\n"
			    "{\"schema\":\"prmctl/1\",\"error\":{\"code\":1,\"reason\":\"io\","
			    "\"message\":\"read failed\"}}\n");
	fflush(ef);
	assert_non_null(strstr(ebuf, "warning: w"));
	char *s = stop();

	free(s);
}

/* every_member()'s record as a shape and one row: the same literal bytes */
static const struct out_rec_col every_col[] = {
	{ "type", OUT_REC_NOTEXT },
	{ "time", OUT_REC_NOJSON | OUT_REC_WIDTH(6) },
	{ "ticks", OUT_REC_NOTEXT },
	{ "event_id", OUT_REC_HEX | OUT_REC_DIGITS(2) },
	{ "lost", OUT_REC_NOTEXT },
	{ "lost_flag", OUT_REC_NOJSON },
	{ "pointer", OUT_REC_NOTEXT },
	{ "absent", 0 },	/* no value in the row */
	{ "msg", 0 },
	{ "params", OUT_REC_NOTEXT },
	{ "data", OUT_REC_HEX | OUT_REC_KV | OUT_REC_DIGITS(12) },
	{ "problem", OUT_REC_KV },
};

static void every_row(struct out_rec_shape *sh)
{
	static const uint32_t params[3] = { 0, 7, 0 };
	const struct out_rec_val v[] = {
		{ .col = 0, .kind = OUT_VAL_STR, .s = "string", .n = 6 },
		{ .col = 1, .kind = OUT_VAL_U64, .u = 42 },
		{ .col = 2, .kind = OUT_VAL_U64, .u = UINT64_MAX },
		{ .col = 3, .kind = OUT_VAL_U64, .u = 0xc },
		{ .col = 4, .kind = OUT_VAL_BOOL, .u = 0 },
		{ .col = 5, .kind = OUT_VAL_STR, .s = "-", .n = 1 },
		{ .col = 6, .kind = OUT_VAL_NULL },
		{ .col = 8, .kind = OUT_VAL_STR, .s = "a \"q\" \\ b", .n = 9 },
		{ .col = 9, .kind = OUT_VAL_U32S, .u32s = params, .n = 3, .present = 5 },
		{ .col = 10, .kind = OUT_VAL_U64, .u = 0xab12 },
		{ .col = 11, .kind = OUT_VAL_STR, .s = NULL },
	};

	assert_int_equal(out_rec_row(sh, v, sizeof(v) / sizeof(v[0])), 0);
}

static void row_literal(void **state)
{
	struct out_rec_shape *sh = out_rec_shape_new(every_col, 12);

	(void)state;
	assert_non_null(sh);
	start(OUT_JSON);
	every_row(sh);
	char *s = stop();

	assert_string_equal(s, "{\"schema\":\"prmctl/1\",\"type\":\"string\","
			    "\"ticks\":18446744073709551615,\"event_id\":12,\"lost\":false,"
			    "\"pointer\":null,\"msg\":\"a \\\"q\\\" \\\\ b\","
			    "\"params\":[0,null,0],\"data\":43794,\"problem\":null}\n");
	free(s);
	start(OUT_TEXT);	/* the same shape, compiled again for text */
	every_row(sh);
	s = stop();
	assert_string_equal(s, "    42 0x0c - a \"q\" \\ b data=0x00000000ab12 problem=-\n");
	free(s);
	out_rec_shape_free(sh);
}

/* What each mode shows of every_col: the flags, and nothing past the columns. */
static void shown_by_mode(void **state)
{
	static const bool json[12] = { 1, 0, 1, 1, 1, 0, 1, 1, 1, 1, 1, 1 };
	static const bool text[12] = { 0, 1, 0, 1, 0, 1, 0, 1, 1, 0, 1, 1 };
	struct out_rec_shape *sh = out_rec_shape_new(every_col, 12);

	(void)state;
	assert_non_null(sh);
	start(OUT_JSON);
	for (unsigned c = 0; c < 12; c++)
		assert_int_equal(out_rec_shown(sh, c), json[c]);
	assert_false(out_rec_shown(sh, 12));
	free(stop());
	start(OUT_TEXT);
	for (unsigned c = 0; c < 12; c++)
		assert_int_equal(out_rec_shown(sh, c), text[c]);
	free(stop());
	out_rec_shape_free(sh);
}

/*
 * Records held on one thread are not written; taken, they are the bytes the
 * records are; put on another, they go out after that one's own, in order.
 */
struct held {
	char *taken;
	size_t again;		/* taken a second time: nothing, taken means forgotten */
	int ends;		/* out_rec_end()'s returns */
};

/* (cmocka's asserts stay on the test's own thread) */
static void *held_records(void *arg)
{
	struct held *h = arg;
	const char *b;
	size_t n;

	out_rec_hold();
	for (int i = 10; i < 13; i++) {
		out_rec_begin();
		out_rec_u64("n", (uint64_t)i, 0);
		h->ends |= out_rec_end();
	}
	b = out_rec_take(&n);
	h->taken = strndup(b, n);
	out_rec_take(&h->again);
	out_rec_free();
	return NULL;
}

static void hold_take_put(void **state)
{
	pthread_t t;
	struct held h = { 0 };

	(void)state;
	start(OUT_TEXT);
	out_rec_batch(true);
	out_rec_begin();
	out_rec_u64("n", 1, 0);
	out_rec_end();
	assert_int_equal(pthread_create(&t, NULL, held_records, &h), 0);
	pthread_join(t, NULL);
	fflush(of);
	assert_int_equal(olen, 0);	/* nothing of the other thread's went out there */
	assert_int_equal(h.ends, 0);
	assert_int_equal(h.again, 0);
	assert_string_equal(h.taken, "10\n11\n12\n");
	assert_int_equal(out_rec_put(h.taken, strlen(h.taken)), 0);
	out_rec_begin();
	out_rec_u64("n", 2, 0);
	out_rec_end();
	assert_int_equal(out_rec_flush(), 0);
	out_rec_batch(false);
	fflush(of);
	assert_string_equal(obuf, "1\n10\n11\n12\n2\n");
	free(h.taken);
	free(stop());
}

/* OUT_VAL_MADE's maker in the tests: the string arg, then scratch up to the room */
#define MADE_SCRATCH 8

static size_t make_copy(char *dst, const void *arg)
{
	size_t n = strlen(arg);

	memcpy(dst, arg, n);
	memset(dst + n, 'Z', MADE_SCRATCH);
	return n;
}

/* the member calls that write what out_rec_row() writes for cols and vals */
static void calls(const struct out_rec_col *cols, const struct out_rec_val *v, unsigned n)
{
	out_rec_begin();
	for (unsigned i = 0; i < n; i++) {
		const char *k = cols[v[i].col].key;
		unsigned f = cols[v[i].col].flags;

		switch (v[i].kind) {
		case OUT_VAL_NULL:
			out_rec_null(k, f);
			break;
		case OUT_VAL_U64:
			out_rec_u64(k, v[i].u, f);
			break;
		case OUT_VAL_BOOL:
			out_rec_bool(k, v[i].u, f);
			break;
		case OUT_VAL_LIT:
		case OUT_VAL_STR:
			out_rec_strn(k, v[i].s, v[i].n, f);
			break;
		case OUT_VAL_MADE:
			out_rec_str(k, v[i].arg, f);
			break;
		case OUT_VAL_U32S:
			out_rec_arr_begin(k, f);
			for (unsigned e = 0; e < v[i].n; e++) {
				if (v[i].present & 1u << e)
					out_rec_u64(NULL, v[i].u32s[e], out_rec_arr_flags());
				else
					out_rec_null(NULL, out_rec_arr_flags());
			}
			out_rec_arr_end();
			break;
		}
	}
	assert_int_equal(out_rec_end(), 0);
}

static unsigned next(unsigned *seed)
{
	*seed = *seed * 1103515245 + 12345;
	return *seed / 65536;
}

/*
 * Rows against the member calls (pinned above to literal bytes): random
 * shapes — every flag, widths on both sides of the short-value copy, keys
 * longer than the sixteen-byte key copy, a first text member that writes
 * nothing — and random values of every kind (a made string as the string
 * it makes, with scratch past it; a literal as the string it is; a rising
 * column's values through its kept digits), some columns used twice or
 * not at all, in both modes, batched or not.
 */
static void row_equals_calls(void **state)
{
	static const char *const keys[] = { "a", "time", "event_id", "msg",
					    "a_key_longer_than_sixteen_bytes", "params" };
	static const char *const strs[] = { "", "x", "plain text of some length",
					    "q\"\\\x01\x7f\xc3\xa9\xff end", "-" };
	static const uint64_t nums[] = { 0, 9, 10, 4294967295u, 4294967296u, UINT64_MAX,
					 320255973501904u };
	static const uint32_t u32s[6] = { 0, 1, 4294967295u, 100000000, 12345, 99 };
	unsigned seed = 1;

	(void)state;
	for (int round = 0; round < 4000; round++) {
		struct out_rec_col cols[8];
		struct out_rec_val v[10];
		unsigned ncols = 1 + next(&seed) % 8, n = next(&seed) % 11;

		for (unsigned i = 0; i < ncols; i++) {
			unsigned r = next(&seed);
			unsigned w = r % 5 == 0 ? 0 : r % 5 == 1 ? 40 : r % 5 == 2 ? 44 : r % 33;

			cols[i].key = keys[r % 6];
			cols[i].flags = (r >> 3) % 32 | OUT_REC_WIDTH(w) | OUT_REC_DIGITS(r >> 7 & 15);
			if ((cols[i].flags & 3) == 3)
				cols[i].flags &= ~1u;	/* shown in one mode at least */
		}
		memset(v, 0, sizeof(v));
		for (unsigned i = 0; i < n; i++) {
			unsigned r = next(&seed);

			v[i].col = (uint8_t)(r % ncols);
			r = next(&seed);
			v[i].kind = (uint8_t)(r % (OUT_VAL_MADE + 1));
			v[i].u = nums[r / 5 % 7];
			if (v[i].kind == OUT_VAL_MADE) {	/* the strings it may make */
				v[i].arg = (const char *const[]){ "", "x", strs[2], "-" }[r / 6 % 4];
				v[i].make = make_copy;
				v[i].n = (uint32_t)strlen(v[i].arg) + MADE_SCRATCH;
			} else if (v[i].kind == OUT_VAL_LIT) {	/* up to OUT_LIT_MAX plain bytes */
				v[i].s = (const char *const[]){ "", "x", "-", "abcd", "timestamp",
								"sixteen_bytes_16" }[r / 7 % 6];
				v[i].n = (uint32_t)strlen(v[i].s);
			} else if (v[i].kind == OUT_VAL_STR) {
				v[i].s = r / 5 % 9 ? strs[r / 5 % 5] : NULL;
				v[i].n = v[i].s ? (uint32_t)strlen(v[i].s) : 0;
			} else if (v[i].kind == OUT_VAL_U32S) {
				v[i].u32s = u32s;
				v[i].n = r / 5 % 7;
				v[i].present = r >> 8;
			}
		}
		for (int json = 0; json < 2; json++) {
			struct out_rec_shape *sh = out_rec_shape_new(cols, ncols);
			char *a, *b;

			assert_non_null(sh);
			start(json ? OUT_JSON : OUT_TEXT);
			out_rec_batch(round & 1);
			calls(cols, v, n);
			calls(cols, v, n);
			out_rec_flush();
			a = stop();
			start(json ? OUT_JSON : OUT_TEXT);
			out_rec_batch(round & 1);
			assert_int_equal(out_rec_row(sh, v, n), 0);
			assert_int_equal(out_rec_row(sh, v, n), 0);
			out_rec_flush();
			b = stop();
			if (strcmp(a, b))
				fail_msg("round %d %s: calls wrote\n%s\nthe row\n%s", round,
					 json ? "JSON" : "text", a, b);
			free(a);
			free(b);
			out_rec_shape_free(sh);
		}
	}
}

/*
 * A rising column's values against printf: clocks that step a little (the
 * kept digits' last four change), carry past them, step back, jump, cross a
 * power of ten, start below 10000 and end at the top of the range; in text
 * and JSON, with a second rising column between whose values differ.
 */
static void rising_decimals(void **state)
{
	static const uint64_t starts[] = { 0, 9990, 99990, 999999990, 320255973501904u,
					   UINT64_MAX - 2000 };
	static const struct out_rec_col cols[] = { { "ticks", OUT_REC_RISING },
						   { "other", OUT_REC_RISING | OUT_REC_KV } };
	unsigned seed = 7;

	(void)state;
	for (int json = 0; json < 2; json++) {
		struct out_rec_shape *sh = out_rec_shape_new(cols, 2);
		char *want = NULL, *got;
		size_t wlen = 0;
		FILE *w = open_memstream(&want, &wlen);

		assert_non_null(sh);
		start(json ? OUT_JSON : OUT_TEXT);
		for (size_t k = 0; k < sizeof(starts) / sizeof(starts[0]); k++) {
			uint64_t v = starts[k];

			for (int i = 0; i < 400; i++) {
				unsigned r = next(&seed);
				struct out_rec_val row[2] = {
					{ .col = 0, .kind = OUT_VAL_U64, .u = v },
					{ .col = 1, .kind = OUT_VAL_U64, .u = r % 3 ? v / 7 : v + 1 },
				};
				unsigned n = 1 + (r >> 4) % 2;

				assert_int_equal(out_rec_row(sh, row, n), 0);
				if (json)
					fprintf(w, "{\"schema\":\"%s\",\"ticks\":%llu", OUT_SCHEMA,
						(unsigned long long)row[0].u);
				else
					fprintf(w, "%llu", (unsigned long long)row[0].u);
				if (n == 2)
					fprintf(w, json ? ",\"other\":%llu" : " other=%llu",
						(unsigned long long)row[1].u);
				fputs(json ? "}\n" : "\n", w);
				/* mostly a few ticks; now and then a carry's worth, back, or far */
				r = next(&seed);
				if (r % 50 == 0)
					v -= r % 3000;
				else if (r % 50 == 1)
					v += 10000 + r;
				else if (v < UINT64_MAX - 20000)
					v += r % 10 == 0 ? r % 9999 : r % 4;
				else
					v += r % 4 < UINT64_MAX - v ? r % 4 : 0;
			}
		}
		fclose(w);
		got = stop();
		if (strcmp(got, want))
			for (size_t i = 0; got[i] || want[i]; i++)
				if (got[i] != want[i])
					fail_msg("%s differs at byte %zu: %.60s / %.60s",
						 json ? "JSON" : "text", i, got + i, want + i);
		free(got);
		free(want);
		out_rec_shape_free(sh);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(json_record),
		cmocka_unit_test(text_record),
		cmocka_unit_test(decimal_edges),
		cmocka_unit_test(hex_edges),
		cmocka_unit_test(wide_decimals),
		cmocka_unit_test(rising_decimals),
		cmocka_unit_test(string_escapes),
		cmocka_unit_test(string_stops_everywhere),
		cmocka_unit_test(batch_holds_then_writes),
		cmocka_unit_test(batch_goes_out_before_an_error),
		cmocka_unit_test(row_literal),
		cmocka_unit_test(row_equals_calls),
		cmocka_unit_test(shown_by_mode),
		cmocka_unit_test(hold_take_put),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
