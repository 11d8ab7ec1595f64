// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * lib/out records (rec.c), byte for byte: trace decode's output is held to
 * these bytes, and rec.c is written for speed (reserved room, eight-byte
 * string scans, batched writes), so every escape and edge is pinned here.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "lib/out/out.h"

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

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(json_record),
		cmocka_unit_test(text_record),
		cmocka_unit_test(decimal_edges),
		cmocka_unit_test(string_escapes),
		cmocka_unit_test(batch_holds_then_writes),
		cmocka_unit_test(batch_goes_out_before_an_error),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
