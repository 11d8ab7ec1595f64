// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * lib/out: byte and dword runs (out_bytes, out_words, out_be_words). JSON is
 * an array of numbers, written without one jansson node per element (issue
 * 24: a 4 MiB region took 190 MB); the text below is written by hand, as
 * jansson writes arrays, so any change of output shows here.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <jansson.h>

#include "lib/out/out.h"

static char *obuf, *ebuf;
static size_t olen, elen;
static FILE *of, *ef;

static void start(enum out_mode mode, bool pretty)
{
	struct out_opts o = { .mode = mode, .pretty = pretty, .prog = "prmctl" };

	of = open_memstream(&obuf, &olen);
	ef = open_memstream(&ebuf, &elen);
	o.out = of;
	o.err = ef;
	out_init(&o);
}

static void stop(void)
{
	fclose(of);
	fclose(ef);
}

static void finish(void)
{
	free(obuf);
	free(ebuf);
	obuf = ebuf = NULL;
}

static const uint8_t edge[] = { 0, 255 };
static const uint8_t digits[] = { 0, 1, 9, 10, 99, 100, 199, 200, 255 };

/* Runs at the top, in an object, as elements of an array, empty; and dwords. */
static void runs(void)
{
	static const uint32_t w[] = { 0, 0xffffffff, 0x12345678 };
	static const uint8_t be[] = { 0x12, 0x34, 0x56, 0x78, 0xff, 0xff, 0xff, 0xff, 0xaa };
	uint8_t copy[3] = { 1, 2, 3 };

	out_doc_begin();
	out_bytes("empty", NULL, 0);
	out_bytes("edge", edge, sizeof(edge));
	out_bytes("digits", digits, sizeof(digits));
	out_obj_begin("nested");
	out_bytes("data", copy, sizeof(copy));
	memset(copy, 0xee, sizeof(copy));	/* the emitter kept its own copy */
	out_u64("after", 7);
	out_obj_end();
	out_arr_begin("list");
	out_bytes(NULL, NULL, 0);
	out_bytes(NULL, edge + 1, 1);
	out_bytes(NULL, edge, 1);
	out_arr_end();
	out_words("words", 0x100, w, 3);
	out_be_words("be", 0, be, sizeof(be));	/* the odd byte is no dword */
	out_bool("end", true);
	assert_int_equal(out_doc_end(), 0);
}

static void json_compact(void **state)
{
	(void)state;
	start(OUT_JSON, false);
	runs();
	stop();
	assert_string_equal(obuf,
		"{\"schema\":\"prmctl/1\",\"empty\":[],\"edge\":[0,255],"
		"\"digits\":[0,1,9,10,99,100,199,200,255],"
		"\"nested\":{\"data\":[1,2,3],\"after\":7},"
		"\"list\":[[],[255],[0]],"
		"\"words\":[0,4294967295,305419896],\"be\":[305419896,4294967295],"
		"\"end\":true}\n");
	assert_int_equal(elen, 0);
	finish();
}

static void json_pretty(void **state)
{
	(void)state;
	start(OUT_JSON, true);
	out_doc_begin();
	out_bytes("empty", NULL, 0);
	out_bytes("edge", edge, sizeof(edge));
	out_obj_begin("nested");
	out_arr_begin("list");
	out_bytes(NULL, edge + 1, 1);
	out_bytes(NULL, NULL, 0);
	out_arr_end();
	out_obj_end();
	out_words("words", 0, (const uint32_t[]){ 1, 2 }, 2);
	assert_int_equal(out_doc_end(), 0);
	stop();
	assert_string_equal(obuf,
		"{\n"
		"  \"schema\": \"prmctl/1\",\n"
		"  \"empty\": [],\n"
		"  \"edge\": [\n"
		"    0,\n"
		"    255\n"
		"  ],\n"
		"  \"nested\": {\n"
		"    \"list\": [\n"
		"      [\n"
		"        255\n"
		"      ],\n"
		"      []\n"
		"    ]\n"
		"  },\n"
		"  \"words\": [\n"
		"    1,\n"
		"    2\n"
		"  ]\n"
		"}\n");
	finish();
}

/* Text is hex rows and address rows, as before. */
static void text_rows(void **state)
{
	uint8_t b[17];

	(void)state;
	for (unsigned i = 0; i < sizeof(b); i++)
		b[i] = (uint8_t)(i * 15);
	start(OUT_TEXT, false);
	out_doc_begin();
	out_bytes("data", b, sizeof(b));
	out_words("dwords", 0xf0014, (const uint32_t[]){ 0x218, 0xffffffff }, 2);
	assert_int_equal(out_doc_end(), 0);
	stop();
	assert_string_equal(obuf,
		"data:\n"
		"  0000: 00 0f 1e 2d 3c 4b 5a 69 78 87 96 a5 b4 c3 d2 e1\n"
		"  0010: f0\n"
		"0x000f0014: 00000218 ffffffff\n");
	finish();
}

/* A large run parses back to the same bytes; a failure after it leaves only the error. */
static void large_and_error(void **state)
{
	size_t n = 200000;
	uint8_t *b = malloc(n);
	json_t *doc, *a;

	(void)state;
	assert_non_null(b);
	for (size_t i = 0; i < n; i++)
		b[i] = (uint8_t)(i * 7 + i / 256);
	for (int pretty = 0; pretty < 2; pretty++) {
		start(OUT_JSON, pretty);
		out_doc_begin();
		out_obj_begin("region");
		out_bytes("data", b, n);
		out_obj_end();
		assert_int_equal(out_doc_end(), 0);
		stop();
		doc = json_loads(obuf, 0, NULL);
		assert_non_null(doc);
		a = json_object_get(json_object_get(doc, "region"), "data");
		assert_int_equal(json_array_size(a), n);
		for (size_t i = 0; i < n; i++)
			if (json_integer_value(json_array_get(a, i)) != b[i])
				fail_msg("byte %zu", i);
		json_decref(doc);
		finish();
	}

	start(OUT_JSON, false);
	out_doc_begin();
	out_bytes("data", b, n);
	out_error(1, "failed", "gone");
	stop();
	assert_string_equal(obuf, "{\"schema\":\"prmctl/1\",\"error\":{\"code\":1,"
				  "\"reason\":\"failed\",\"message\":\"gone\"}}\n");
	finish();
	free(b);
}

static size_t nalloc;

static void *count_malloc(size_t n)
{
	nalloc++;
	return malloc(n);
}

/* What issue 24 measured: not one jansson allocation per byte. */
static void no_node_per_byte(void **state)
{
	static uint8_t b[65536];
	static uint32_t w[16384];

	(void)state;
	start(OUT_JSON, false);
	out_doc_begin();
	json_set_alloc_funcs(count_malloc, free);
	nalloc = 0;
	out_bytes("data", b, sizeof(b));
	out_words("dwords", 0, w, 16384);
	json_set_alloc_funcs(malloc, free);
	assert_true(nalloc < 64);
	assert_int_equal(out_doc_end(), 0);
	stop();
	assert_int_equal(olen, strlen("{\"schema\":\"prmctl/1\",\"data\":[],\"dwords\":[]}\n") +
				       2 * 65536 - 1 + 2 * 16384 - 1);
	finish();
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(json_compact),
		cmocka_unit_test(json_pretty),
		cmocka_unit_test(text_rows),
		cmocka_unit_test(large_and_error),
		cmocka_unit_test(no_node_per_byte),
	};

	return cmocka_run_group_tests_name("outbytes", tests, NULL, NULL);
}
