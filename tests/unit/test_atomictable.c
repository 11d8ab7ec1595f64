// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * lib/prm/atomictable.c: a mask table as `atomic masks --json` prints it,
 * read back and checked row by row; every error names its row.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/prm/atomictable.h"
#include "tests/unit/atomic_rows.h"

/* ---- atomic_table_parse ---- */

/* What `./prmctl atomic masks --json` prints, byte for byte. */
static const char masks_json[] =
	"{\"schema\":\"prmctl/1\",\"masks\":["
	"{\"op\":\"cs\",\"size\":1,\"offset\":0,\"compare_mask\":4278190080,\"swap_mask\":4278190080},"
	"{\"op\":\"cs\",\"size\":1,\"offset\":1,\"compare_mask\":16711680,\"swap_mask\":16711680},"
	"{\"op\":\"cs\",\"size\":1,\"offset\":2,\"compare_mask\":65280,\"swap_mask\":65280},"
	"{\"op\":\"cs\",\"size\":1,\"offset\":3,\"compare_mask\":255,\"swap_mask\":255},"
	"{\"op\":\"cs\",\"size\":2,\"offset\":0,\"compare_mask\":4294901760,\"swap_mask\":4294901760},"
	"{\"op\":\"cs\",\"size\":2,\"offset\":2,\"compare_mask\":65535,\"swap_mask\":65535},"
	"{\"op\":\"cs\",\"size\":4,\"offset\":0,\"compare_mask\":4294967295,\"swap_mask\":4294967295},"
	"{\"op\":\"cs\",\"size\":8,\"offset\":0,\"compare_mask\":18446744073709551615,"
	"\"swap_mask\":18446744073709551615},"
	"{\"op\":\"fa\",\"size\":1,\"offset\":0,\"field_boundary\":2147483648},"
	"{\"op\":\"fa\",\"size\":1,\"offset\":1,\"field_boundary\":8388608},"
	"{\"op\":\"fa\",\"size\":1,\"offset\":2,\"field_boundary\":32768},"
	"{\"op\":\"fa\",\"size\":1,\"offset\":3,\"field_boundary\":128},"
	"{\"op\":\"fa\",\"size\":2,\"offset\":0,\"field_boundary\":2147483648},"
	"{\"op\":\"fa\",\"size\":2,\"offset\":2,\"field_boundary\":32768},"
	"{\"op\":\"fa\",\"size\":4,\"offset\":0,\"field_boundary\":2147483648},"
	"{\"op\":\"fa\",\"size\":8,\"offset\":0,\"field_boundary\":9223372036854775808},"
	"{\"op\":\"swap\",\"size\":1,\"offset\":0,\"compare_mask\":0,\"swap_mask\":4278190080},"
	"{\"op\":\"swap\",\"size\":1,\"offset\":1,\"compare_mask\":0,\"swap_mask\":16711680},"
	"{\"op\":\"swap\",\"size\":1,\"offset\":2,\"compare_mask\":0,\"swap_mask\":65280},"
	"{\"op\":\"swap\",\"size\":1,\"offset\":3,\"compare_mask\":0,\"swap_mask\":255},"
	"{\"op\":\"swap\",\"size\":2,\"offset\":0,\"compare_mask\":0,\"swap_mask\":4294901760},"
	"{\"op\":\"swap\",\"size\":2,\"offset\":2,\"compare_mask\":0,\"swap_mask\":65535},"
	"{\"op\":\"swap\",\"size\":4,\"offset\":0,\"compare_mask\":0,\"swap_mask\":4294967295},"
	"{\"op\":\"swap\",\"size\":8,\"offset\":0,\"compare_mask\":0,"
	"\"swap_mask\":18446744073709551615}]}";

/* The parsed rows are the hand table's masks, and each verifies clean. */
static void expect_rows_match(const struct atomic_wire *w, size_t n, bool with8)
{
	size_t j = 0;

	for (size_t i = 0; i < NROWS; i++) {
		const struct row *r = &rows[i];
		struct atomic_problem p[ATOMIC_MAX_PROBLEMS];

		if (r->size == 8 && !with8)
			continue;
		assert_true(j < n);
		assert_int_equal(w[j].op, r->op);
		assert_int_equal(w[j].size, r->size);
		assert_int_equal(w[j].offset, r->offset);
		assert_int_equal(w[j].compare_mask, r->compare_mask);
		assert_int_equal(w[j].swap_mask, r->swap_mask);
		assert_int_equal(w[j].field_boundary, r->field_boundary);
		assert_int_equal(w[j].compare, 0);
		assert_int_equal(w[j].swap_add, 0);
		assert_int_equal(atomic_verify(&w[j], p, ATOMIC_MAX_PROBLEMS), 0);
		j++;
	}
	assert_int_equal(j, n);
}

/*
 * The table `atomic masks --json` prints reads back and verifies clean,
 * 8-byte rows included: their masks (2^64 - 1) and boundary (2^63) are what
 * the rules give for an 8-byte operation.
 */
static void table_masks_json_round_trip(void **state)
{
	struct atomic_wire *w = NULL;
	size_t n = 0;
	struct prm_err err = { 0 };
	int rc;

	(void)state;
	rc = atomic_table_parse(masks_json, strlen(masks_json), &w, &n, &err);
	if (rc)
		fail_msg("atomic masks --json does not parse back: %s", err.msg);
	assert_int_equal(n, 24);
	expect_rows_match(w, n, true);
	free(w);
}

/* Drops the 8-byte rows from masks_json (each is one {...} holding "size":8). */
static char *without_8_byte_rows(const char *in)
{
	char *out = malloc(strlen(in) + 1), *o = out;
	const char *p = in;

	assert_non_null(out);
	while (*p) {
		if (*p == '{' && p != in) {
			const char *e = strchr(p, '}');
			size_t k = (size_t)(e - p + 1);

			if (memmem(p, k, "\"size\":8,", 9)) {
				p = e + 1;
				if (*p == ',')
					p++;
				else if (o[-1] == ',')
					o--;
				continue;
			}
			memcpy(o, p, k);
			o += k;
			p = e + 1;
			continue;
		}
		*o++ = *p++;
	}
	*o = 0;
	return out;
}

static void table_masks_json_4_byte_rows(void **state)
{
	char *text = without_8_byte_rows(masks_json);
	struct atomic_wire *w = NULL;
	size_t n = 0;
	struct prm_err err = { 0 };
	const char *arr;

	(void)state;
	assert_int_equal(atomic_table_parse(text, strlen(text), &w, &n, &err), 0);
	assert_int_equal(n, 21);
	expect_rows_match(w, n, false);
	free(w);

	/* the bare "masks" array */
	arr = strchr(text, '[');
	w = NULL;
	assert_int_equal(atomic_table_parse(arr, strlen(arr) - 1, &w, &n, &err), 0);
	assert_int_equal(n, 21);
	expect_rows_match(w, n, false);
	free(w);
	free(text);
}

static void table_values_and_wrong_rows(void **state)
{
	static const char text[] =
		"[\n"
		" {\"op\": \"cas\", \"size\": 1, \"offset\": 1, \"compare_mask\": 16711680,"
		"  \"swap_mask\": 16711680, \"compare\": 34, \"swap\": 3342336},\n"
		" {\"op\": \"fetch-add\", \"size\": 1, \"offset\": 1, \"field_boundary\": 16711680,"
		"  \"add\": 65536},\n"
		" {\"op\": \"swap\", \"size\": 2, \"offset\": 2, \"compare_mask\": 65535,"
		"  \"swap_mask\": 65535, \"swap\": 7},\n"
		" {\"op\": \"cs\", \"size\": 2, \"offset\": 1, \"compare_mask\": 16776960,"
		"  \"swap_mask\": 16776960}\n"
		"]";
	struct atomic_wire *w = NULL;
	size_t n = 0;
	struct prm_err err = { 0 };
	struct atomic_problem p[ATOMIC_MAX_PROBLEMS];

	(void)state;
	assert_int_equal(atomic_table_parse(text, strlen(text), &w, &n, &err), 0);
	assert_int_equal(n, 4);
	/* compare 34 = 0x22 unshifted, swap 0x00330000 in place */
	assert_int_equal(w[0].op, CS);
	assert_int_equal(w[0].compare, 0x22);
	assert_int_equal(w[0].swap_add, 0x00330000);
	assert_int_equal(atomic_verify(&w[0], p, ATOMIC_MAX_PROBLEMS), 1);
	expect_problem(&p[0], "compare", 0x22, true, 0x00220000, R_UNSHIFTED);
	/* field boundary 0x00ff0000 */
	assert_int_equal(w[1].op, FA);
	assert_int_equal(w[1].swap_add, 0x00010000);
	assert_int_equal(w[1].field_boundary, 0x00ff0000);
	assert_int_equal(atomic_verify(&w[1], p, ATOMIC_MAX_PROBLEMS), 1);
	expect_problem(&p[0], "field_boundary", 0x00ff0000, true, 0x00800000, R_FB_FF);
	/* a swap with a compare mask */
	assert_int_equal(w[2].op, SWAP);
	assert_int_equal(w[2].swap_add, 7);
	assert_int_equal(atomic_verify(&w[2], p, ATOMIC_MAX_PROBLEMS), 1);
	expect_problem(&p[0], "compare_mask", 0xffff, true, 0, R_SWAP0);
	/* a 2-byte operation at an odd offset parses, and verify names the rule */
	assert_int_equal(w[3].size, 2);
	assert_int_equal(w[3].offset, 1);
	assert_int_equal(atomic_verify(&w[3], p, ATOMIC_MAX_PROBLEMS), 1);
	expect_problem(&p[0], "offset", 1, false, 0, R_ALIGN);
	free(w);

	/* an empty table */
	w = NULL;
	assert_int_equal(atomic_table_parse("{\"masks\": []}", 13, &w, &n, &err), 0);
	assert_int_equal(n, 0);
	free(w);
}

static void expect_table_error(const char *text, const char *msg)
{
	struct atomic_wire *w = (struct atomic_wire *)&w;
	size_t n = 99;
	struct prm_err err = { 0 };

	assert_int_equal(atomic_table_parse(text, strlen(text), &w, &n, &err), -1);
	assert_null(w);
	assert_int_equal(n, 0);
	assert_int_equal(err.kind, PRM_E_USAGE);
	assert_string_equal(err.reason, "bad_table");
	if (strncmp(err.msg, msg, strlen(msg)))
		fail_msg("error \"%s\", want one starting \"%s\"", err.msg, msg);
}

#define CS_ROW "\"op\": \"cs\", \"size\": 1, \"offset\": 0, \"compare_mask\": 4278190080, " \
	"\"swap_mask\": 4278190080"

static void table_errors(void **state)
{
	(void)state;
	/* not JSON: where */
	expect_table_error("", "line 1, column ");
	expect_table_error("{\"masks\": [\n  {\"op\": \"cs\",}\n]}", "line 2, column ");
	expect_table_error("[\n1,\n2,\nnope]", "line 4, column ");
	expect_table_error("\"masks\"", "line 1, column ");
	/* duplicate keys are a JSON error */
	expect_table_error("[{\"op\": \"cs\", \"op\": \"fa\"}]", "line 1, column ");
	expect_table_error("{\"masks\": [], \"masks\": []}", "line 1, column ");
	/* no masks array */
	expect_table_error("{}", "no \"masks\" array (the JSON of 'atomic masks')");
	expect_table_error("{\"rows\": []}", "no \"masks\" array (the JSON of 'atomic masks')");
	expect_table_error("{\"masks\": {}}", "no \"masks\" array (the JSON of 'atomic masks')");
	expect_table_error("{\"masks\": null}", "no \"masks\" array (the JSON of 'atomic masks')");
	/* a row not an object */
	expect_table_error("[1]", "row 0 is not an object");
	expect_table_error("[{" CS_ROW "}, \"cs\"]", "row 1 is not an object");
	expect_table_error("[{" CS_ROW "}, [{" CS_ROW "}]]", "row 1 is not an object");
	/* bad op */
	expect_table_error("[{\"op\": \"add\", \"size\": 1, \"offset\": 0}]",
			   "row 0: op is \"cs\", \"fa\" or \"swap\"");
	expect_table_error("[{\"size\": 1, \"offset\": 0}]", "row 0: op is \"cs\", \"fa\" or \"swap\"");
	expect_table_error("[{\"op\": 0, \"size\": 1, \"offset\": 0}]",
			   "row 0: op is \"cs\", \"fa\" or \"swap\"");
	expect_table_error("[{\"op\": \"CS\", \"size\": 1, \"offset\": 0}]",
			   "row 0: op is \"cs\", \"fa\" or \"swap\"");
	/* missing size/offset */
	expect_table_error("[{\"op\": \"cs\", \"offset\": 0, \"compare_mask\": 1, \"swap_mask\": 1}]",
			   "row 0: no size");
	expect_table_error("[{" CS_ROW "}, {\"op\": \"fa\", \"size\": 1, \"field_boundary\": 128}]",
			   "row 1: no offset");
	/* the masks of its op */
	expect_table_error("[{\"op\": \"cs\", \"size\": 1, \"offset\": 0, \"swap_mask\": 255}]",
			   "row 0: no compare_mask");
	expect_table_error("[{\"op\": \"cs\", \"size\": 1, \"offset\": 0, \"compare_mask\": 255}]",
			   "row 0: no swap_mask");
	expect_table_error("[{\"op\": \"swap\", \"size\": 1, \"offset\": 3, \"swap_mask\": 255}]",
			   "row 0: no compare_mask");
	expect_table_error("[{\"op\": \"fa\", \"size\": 1, \"offset\": 3}]", "row 0: no field_boundary");
	/* a cs row's masks do not make a fa row */
	expect_table_error("[{\"op\": \"fa\", \"size\": 1, \"offset\": 0, \"compare_mask\": 4278190080, "
			   "\"swap_mask\": 4278190080}]",
			   "row 0: no field_boundary");
	/* negative or non-integer numbers */
	expect_table_error("[{\"op\": \"cs\", \"size\": -1, \"offset\": 0}]",
			   "row 0: size is not a number from 0 to 2^64 - 1");
	expect_table_error("[{\"op\": \"cs\", \"size\": 1, \"offset\": 1.0}]",
			   "row 0: offset is not a number from 0 to 2^64 - 1");
	expect_table_error("[{\"op\": \"cs\", \"size\": \"1\", \"offset\": 0}]",
			   "row 0: size is not a number from 0 to 2^64 - 1");
	expect_table_error("[{\"op\": \"cs\", \"size\": 1, \"offset\": null}]",
			   "row 0: offset is not a number from 0 to 2^64 - 1");
	expect_table_error("[{\"op\": \"cs\", \"size\": 1, \"offset\": 0, \"compare_mask\": 1.5, "
			   "\"swap_mask\": 255}]",
			   "row 0: compare_mask is not a number from 0 to 2^64 - 1");
	expect_table_error("[{\"op\": \"cs\", \"size\": 1, \"offset\": 0, \"compare_mask\": 255, "
			   "\"swap_mask\": -255}]",
			   "row 0: swap_mask is not a number from 0 to 2^64 - 1");
	expect_table_error("[{\"op\": \"fa\", \"size\": 1, \"offset\": 0, \"field_boundary\": true}]",
			   "row 0: field_boundary is not a number from 0 to 2^64 - 1");
	expect_table_error("[{\"op\": \"fa\", \"size\": 1, \"offset\": 0, \"field_boundary\": 128, "
			   "\"add\": -1}]",
			   "row 0: add is not a number from 0 to 2^64 - 1");
	expect_table_error("[{" CS_ROW ", \"compare\": \"0x22\"}]",
			   "row 0: compare is not a number from 0 to 2^64 - 1");
	expect_table_error("[{" CS_ROW ", \"swap\": 1e3}]", "row 0: swap is not a number from 0 to 2^64 - 1");
	/* far out of range */
	expect_table_error("[{\"op\": \"cs\", \"size\": 65, \"offset\": 0}]",
			   "row 0: size 65, offset 0: far out of range");
	expect_table_error("[{\"op\": \"cs\", \"size\": 1, \"offset\": 4294967297}]",
			   "row 0: size 1, offset 4294967297: far out of range");
}

static void table_row_limit(void **state)
{
	static const char one[] = "{\"op\":\"fa\",\"size\":1,\"offset\":3,\"field_boundary\":128},";
	/* static: a failing check longjmps out, nothing to leak */
	static char text[1 + (ATOMIC_TABLE_MAX_ROWS + 1) * (sizeof(one) - 1) + 1];
	char *p = text;
	struct atomic_wire *w = NULL;
	size_t n = 0;
	struct prm_err err = { 0 };

	(void)state;
	*p++ = '[';
	for (int i = 0; i < ATOMIC_TABLE_MAX_ROWS + 1; i++) {
		memcpy(p, one, sizeof(one) - 1);
		p += sizeof(one) - 1;
	}
	p[-1] = ']';
	*p = 0;
	expect_table_error(text, "4097 rows: at most 4096");
	/* exactly the limit is fine */
	p -= sizeof(one) - 1;
	p[-1] = ']';
	*p = 0;
	assert_int_equal(atomic_table_parse(text, strlen(text), &w, &n, &err), 0);
	assert_int_equal(n, ATOMIC_TABLE_MAX_ROWS);
	assert_int_equal(w[ATOMIC_TABLE_MAX_ROWS - 1].field_boundary, 0x80);
	free(w);
}

/* The length is honoured: text past it is not read. */
static void table_length_bounds_text(void **state)
{
	static const char text[] = "[]garbage";
	struct atomic_wire *w = NULL;
	size_t n = 1;
	struct prm_err err = { 0 };

	(void)state;
	assert_int_equal(atomic_table_parse(text, 2, &w, &n, &err), 0);
	assert_int_equal(n, 0);
	free(w);
	expect_table_error("[]garbage", "line 1, column ");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(table_masks_json_round_trip),
		cmocka_unit_test(table_masks_json_4_byte_rows),
		cmocka_unit_test(table_values_and_wrong_rows),
		cmocka_unit_test(table_errors),
		cmocka_unit_test(table_row_limit),
		cmocka_unit_test(table_length_bounds_text),
	};

	return cmocka_run_group_tests_name("atomic_table", tests, NULL, NULL);
}
