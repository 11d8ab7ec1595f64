// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* lib/out: one call, text or JSON; tables; errors; the generic layout printer; byte runs. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <jansson.h>

#include "lib/out/layout_print.h"
#include "lib/out/out.h"
#include "lib/prm/layouts/layouts.h"

static char *obuf, *ebuf;
static size_t olen, elen;
static FILE *of, *ef;

static void start_pretty(enum out_mode mode, bool pretty)
{
	struct out_opts o = { .mode = mode, .pretty = pretty, .prog = "prmctl" };

	of = open_memstream(&obuf, &olen);
	ef = open_memstream(&ebuf, &elen);
	o.out = of;
	o.err = ef;
	out_init(&o);
}

static void start(enum out_mode mode)
{
	start_pretty(mode, false);
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

static void fields(void)
{
	out_doc_begin();
	out_u64("count", 42);
	out_hex("addr", 0x1f);
	out_named("synd", 1, true, "firmware internal error");
	out_named("severity", 3, false, "ERROR");
	out_bool("rfr", true);
	out_str("model", "ConnectX-7");
	out_null("driver");
	out_hex("big", 0xfedcba9876543210ULL);
	out_obj_begin("nested");
	out_u64("inner", 7);
	out_obj_end();
	out_arr_begin("list");
	out_hex(NULL, 0xa);
	out_hex(NULL, 0xb);
	out_arr_end();
	assert_int_equal(out_doc_end(), 0);
}

static void text_lines(void **state)
{
	(void)state;
	start(OUT_TEXT);
	fields();
	stop();
	assert_non_null(strstr(obuf, "count                    42\n"));
	assert_non_null(strstr(obuf, "synd                     0x1 (firmware internal error)\n"));
	assert_non_null(strstr(obuf, "severity                 3 (ERROR)\n"));
	assert_non_null(strstr(obuf, "rfr                      yes\n"));
	assert_non_null(strstr(obuf, "driver                   -\n"));
	assert_non_null(strstr(obuf, "big                      0xfedcba9876543210\n"));
	assert_non_null(strstr(obuf, "nested:\n  inner                  7\n"));
	assert_non_null(strstr(obuf, "list[1]                  0xb\n"));
	assert_null(strstr(obuf, "schema"));
	finish();
}

static void json_document(void **state)
{
	json_error_t jerr;
	json_t *doc;

	(void)state;
	start(OUT_JSON);
	fields();
	stop();
	/* one line, parseable, schema first */
	assert_int_equal(strchr(obuf, '\n') - obuf, (long)olen - 1);
	assert_int_equal(strncmp(obuf, "{\"schema\":\"prmctl/1\"", 20), 0);
	/* numbers stay numbers, even above INT64_MAX */
	assert_non_null(strstr(obuf, "\"big\":18364758544493064720"));
	/* jansson reads integers above INT64_MAX only as reals */
	doc = json_loads(obuf, JSON_DECODE_INT_AS_REAL, &jerr);
	assert_non_null(doc);
	assert_true(json_number_value(json_object_get(doc, "big")) > 1.8e19);
	assert_true(json_number_value(json_object_get(doc, "count")) == 42);
	assert_true(json_number_value(json_object_get(doc, "synd")) == 1);
	assert_string_equal(json_string_value(json_object_get(doc, "synd_name")),
			    "firmware internal error");
	assert_true(json_is_true(json_object_get(doc, "rfr")));
	assert_true(json_is_null(json_object_get(doc, "driver")));
	assert_int_equal(json_array_size(json_object_get(doc, "list")), 2);
	assert_true(json_number_value(json_object_get(json_object_get(doc, "nested"), "inner")) == 7);
	json_decref(doc);
	finish();
}

static void table_text(void **state)
{
	(void)state;
	start(OUT_TEXT);
	out_doc_begin();
	out_table_begin("devices");
	out_obj_begin(NULL);
	out_str("pci_address", "0000:3b:00.0");
	out_str_list("netdevs", "eth2,eth3");
	out_obj_end();
	out_obj_begin(NULL);
	out_str("pci_address", "0000:af:00.1");
	out_str_list("netdevs", "");
	out_obj_end();
	out_table_end();
	out_doc_end();
	stop();
	assert_string_equal(obuf,
			    "PCI ADDRESS   NETDEVS\n"
			    "0000:3b:00.0  eth2,eth3\n"
			    "0000:af:00.1  -\n");
	finish();
}

static void error_in_json_replaces_document(void **state)
{
	json_t *doc, *e;

	(void)state;
	start(OUT_JSON);
	out_doc_begin();
	out_u64("half", 1);
	out_error(3, "not_found", "mlx5_9: no such device");
	stop();
	assert_string_equal(ebuf, "prmctl: mlx5_9: no such device\n");
	assert_null(strstr(obuf, "half"));
	doc = json_loads(obuf, 0, NULL);
	assert_non_null(doc);
	assert_string_equal(json_string_value(json_object_get(doc, "schema")), "prmctl/1");
	e = json_object_get(doc, "error");
	assert_int_equal(json_integer_value(json_object_get(e, "code")), 3);
	assert_string_equal(json_string_value(json_object_get(e, "reason")), "not_found");
	json_decref(doc);
	finish();
}

static void error_in_text_only_stderr(void **state)
{
	(void)state;
	start(OUT_TEXT);
	out_error(2, "usage", "bad");
	stop();
	assert_int_equal(olen, 0);
	assert_string_equal(ebuf, "prmctl: bad\n");
	finish();
}

/*
 * The emitter marks big numbers and byte runs with strings it rewrites at
 * the end; text from a device that spells such a mark stays that text.
 */
static void device_text_is_never_a_marker(void **state)
{
	static const uint8_t run[2] = { 7, 8 };

	(void)state;
	start(OUT_JSON);
	out_doc_begin();
	out_bytes("data", run, sizeof(run));
	out_str("a", "\x01prmctl-u64:1,\"evil\":true");
	out_str("b", "\x01prmctl-run:0");
	out_str("c", "\xffprmctl-run:0");
	out_u64("big", UINT64_MAX);
	out_doc_end();
	stop();
	assert_string_equal(obuf, "{\"schema\":\"prmctl/1\",\"data\":[7,8],"
			    "\"a\":\"\\u0001prmctl-u64:1,\\\"evil\\\":true\","
			    "\"b\":\"\\u0001prmctl-run:0\",\"c\":\"?prmctl-run:0\","
			    "\"big\":18446744073709551615}\n");
	finish();
}

static void non_utf8_string_kept(void **state)
{
	json_t *doc;

	(void)state;
	start(OUT_JSON);
	out_doc_begin();
	out_str("psid", "MT\xff\xfe_0000");
	out_doc_end();
	stop();
	doc = json_loads(obuf, 0, NULL);
	assert_non_null(doc);
	assert_string_equal(json_string_value(json_object_get(doc, "psid")), "MT??_0000");
	json_decref(doc);
	finish();
}

static void layout_printer(void **state)
{
	uint8_t hb[64] = { 0 };
	struct prm_err err = { 0 };
	json_t *doc;

	(void)state;
	hb[0x00] = 0x12;	/* assert_var[0] = 0x12000000 */
	hb[0x38] = 0x8b;	/* rfr, valid, severity 3 */
	hb[0x3d] = 0x01;	/* synd */
	start(OUT_JSON);
	out_doc_begin();
	assert_int_equal(out_layout(&prm_layout_health_buffer, hb, sizeof(hb), 0, &err), 0);
	out_doc_end();
	stop();
	doc = json_loads(obuf, 0, NULL);
	assert_non_null(doc);
	assert_int_equal(json_integer_value(json_array_get(json_object_get(doc, "assert_var"), 0)),
			 0x12000000);
	assert_int_equal(json_integer_value(json_object_get(doc, "severity")), 3);
	assert_string_equal(json_string_value(json_object_get(doc, "severity_name")), "ERROR");
	assert_true(json_is_true(json_object_get(doc, "rfr")));
	assert_false(json_is_true(json_object_get(doc, "crr")));
	assert_string_equal(json_string_value(json_object_get(doc, "synd_name")),
			    "firmware internal error");
	json_decref(doc);
	finish();
	/* a short buffer is an error, not a read past the end */
	start(OUT_TEXT);
	out_doc_begin();
	assert_int_not_equal(out_layout(&prm_layout_health_buffer, hb, 0x30, 0, &err), 0);
	out_doc_abort();
	stop();
	assert_non_null(strstr(err.msg, "only 48 given"));
	finish();
}

/*
 * An empty health buffer (no event) holds severity 0: a number, never
 * "EMERGENCY"; the same bits with valid set are named; the nested printer
 * (initseg show) gates by the health buffer's own valid bit.
 */
static void names_only_when_valid(void **state)
{
	uint8_t hb[64] = { 0 }, seg[0x240] = { 0 };
	struct prm_err err = { 0 };
	json_t *doc;

	(void)state;
	start(OUT_TEXT);
	out_doc_begin();
	assert_int_equal(out_layout(&prm_layout_health_buffer, hb, sizeof(hb), 0, &err), 0);
	out_doc_end();
	stop();
	assert_null(strstr(obuf, "EMERGENCY"));
	assert_non_null(strstr(obuf, "severity"));
	finish();
	hb[0x38] = 0x08;	/* valid, severity 0 */
	start(OUT_JSON);
	out_doc_begin();
	assert_int_equal(out_layout(&prm_layout_health_buffer, hb, sizeof(hb), 0, &err), 0);
	out_doc_end();
	stop();
	doc = json_loads(obuf, 0, NULL);
	assert_string_equal(json_string_value(json_object_get(doc, "severity_name")), "EMERGENCY");
	json_decref(doc);
	finish();
	seg[0x238] = 0x02;	/* severity 2 without valid, inside an initialization segment */
	start(OUT_JSON);
	out_doc_begin();
	assert_int_equal(out_layout_field(prm_field_find(&prm_layout_initseg, "health_buffer"),
					  seg, sizeof(seg), 0, &err), 0);
	out_doc_end();
	stop();
	doc = json_loads(obuf, 0, NULL);
	assert_int_equal(json_integer_value(json_object_get(json_object_get(doc, "health_buffer"),
							    "severity")), 2);
	assert_null(json_object_get(json_object_get(doc, "health_buffer"), "severity_name"));
	json_decref(doc);
	finish();
}

/* out_layout_skip leaves the named fields out and no others; out_decimal keeps the digits. */
static void skip_and_decimal(void **state)
{
	static const char *const skip[] = { "time", "crr", NULL };
	uint8_t hb[64] = { 0 };
	struct prm_err err = { 0 };
	json_t *doc;

	(void)state;
	hb[0x2f] = 0x2a;	/* time */
	start(OUT_JSON);
	out_doc_begin();
	assert_int_equal(out_layout_skip(&prm_layout_health_buffer, hb, sizeof(hb), 0, skip,
					 &err), 0);
	out_decimal("uptime_s", "81.012463");
	out_decimal("zero_s", "0007.5");
	out_decimal("bad", "1e3");
	out_decimal("dot", "12.");
	out_doc_end();
	stop();
	assert_non_null(strstr(obuf, "\"uptime_s\":81.012463,"));
	assert_non_null(strstr(obuf, "\"zero_s\":7.5,"));
	doc = json_loads(obuf, 0, NULL);
	assert_non_null(doc);
	assert_null(json_object_get(doc, "time"));
	assert_null(json_object_get(doc, "crr"));
	assert_non_null(json_object_get(doc, "rfr"));
	assert_non_null(json_object_get(doc, "ext_synd"));
	assert_true(json_is_null(json_object_get(doc, "bad")));
	assert_true(json_is_null(json_object_get(doc, "dot")));
	json_decref(doc);
	finish();
	start(OUT_TEXT);
	out_doc_begin();
	out_decimal("uptime_s", "81.012463");
	out_doc_end();
	stop();
	assert_non_null(strstr(obuf, "uptime_s                 81.012463\n"));
	finish();
}

static const uint8_t edge[] = { 0, 255 };
static const uint8_t digits[] = { 0, 1, 9, 10, 99, 100, 199, 200, 255 };

/*
 * Byte and dword runs (out_bytes, out_words, out_be_words): JSON is an array
 * of numbers, written without one jansson node per element (issue 24: a 4 MiB
 * region took 190 MB); the text below is written by hand, as jansson writes
 * arrays, so any change of output shows here. Runs at the top, in an object,
 * as elements of an array, empty; and dwords.
 */
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
	start(OUT_JSON);
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
	start_pretty(OUT_JSON, true);
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
	start(OUT_TEXT);
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
		start_pretty(OUT_JSON, pretty);
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

	start(OUT_JSON);
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
	start(OUT_JSON);
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
		cmocka_unit_test(text_lines),
		cmocka_unit_test(json_document),
		cmocka_unit_test(table_text),
		cmocka_unit_test(error_in_json_replaces_document),
		cmocka_unit_test(error_in_text_only_stderr),
		cmocka_unit_test(non_utf8_string_kept),
		cmocka_unit_test(device_text_is_never_a_marker),
		cmocka_unit_test(layout_printer),
		cmocka_unit_test(names_only_when_valid),
		cmocka_unit_test(skip_and_decimal),
		cmocka_unit_test(json_compact),
		cmocka_unit_test(json_pretty),
		cmocka_unit_test(text_rows),
		cmocka_unit_test(large_and_error),
		cmocka_unit_test(no_node_per_byte),
	};

	return cmocka_run_group_tests_name("out", tests, NULL, NULL);
}
