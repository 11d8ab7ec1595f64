// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * A mask table as `atomic masks --json` prints it (or its "masks" array
 * alone), read back for `atomic verify --table`: somebody's table, checked
 * row by row against the rules.
 */
#include <errno.h>
#include <jansson.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "lib/prm/atomictable.h"

#define BIG_MARK '#'	/* marks a number unbig() quoted; typed strings never start so */

/*
 * jansson's integers are signed: the 64-bit masks of `atomic masks` (all
 * ones, 1 << 63) do not fit. Such literals, outside strings, are quoted and
 * read back as unsigned by number().
 */
static char *unbig(const char *text, size_t len, size_t *outlen)
{
	static const char max[] = "9223372036854775807";
	char *out = malloc(len + len / 10 + 4), *o = out;
	bool in_string = false;

	if (!out)
		return NULL;
	for (size_t i = 0; i < len;) {
		size_t j = i;

		if (in_string || !(text[i] >= '0' && text[i] <= '9') ||
		    (i && ((text[i - 1] >= '0' && text[i - 1] <= '9') || text[i - 1] == '-' ||
			   text[i - 1] == '.' || text[i - 1] == 'e' || text[i - 1] == 'E' ||
			   text[i - 1] == '+'))) {
			if (in_string && text[i] == '\\' && i + 1 < len)
				*o++ = text[i++];
			else if (text[i] == '"')
				in_string = !in_string;
			*o++ = text[i++];
			continue;
		}
		while (j < len && text[j] >= '0' && text[j] <= '9')
			j++;
		if ((j == len || (text[j] != '.' && text[j] != 'e' && text[j] != 'E')) &&
		    (j - i > sizeof(max) - 1 ||
		     (j - i == sizeof(max) - 1 && memcmp(text + i, max, j - i) > 0)) &&
		    (size_t)(o - out) + (j - i) + 3 <= len + len / 10 + 4) {
			*o++ = '"';
			*o++ = BIG_MARK;
			memcpy(o, text + i, j - i);
			o += j - i;
			*o++ = '"';
		} else {
			memcpy(o, text + i, j - i);
			o += j - i;
		}
		i = j;
	}
	*outlen = (size_t)(o - out);
	return out;
}

static int number(json_t *row, const char *key, bool need, uint64_t *v, size_t i,
		  struct prm_err *err)
{
	json_t *j = json_object_get(row, key);

	if (!j) {
		if (!need)
			return 0;
		return prm_err_set(err, PRM_E_USAGE, 0, "bad_table", "row %zu: no %s", i, key);
	}
	if (json_is_string(j) && json_string_value(j)[0] == BIG_MARK) {
		const char *s = json_string_value(j) + 1;	/* above 2^63 - 1: see unbig() */
		char *end;

		errno = 0;
		*v = strtoull(s, &end, 10);
		if (*s >= '0' && *s <= '9' && !*end && !errno)
			return 0;
	} else if (json_is_integer(j) && json_integer_value(j) >= 0) {
		*v = (uint64_t)json_integer_value(j);
		return 0;
	}
	return prm_err_set(err, PRM_E_USAGE, 0, "bad_table",
			   "row %zu: %s is not a number from 0 to 2^64 - 1", i, key);
}

static int row_parse(json_t *row, size_t i, struct atomic_wire *w, struct prm_err *err)
{
	json_t *op = json_object_get(row, "op");
	uint64_t size = 0, offset = 0;
	enum atomic_op o;

	memset(w, 0, sizeof(*w));
	if (!json_is_object(row))
		return prm_err_set(err, PRM_E_USAGE, 0, "bad_table", "row %zu is not an object", i);
	if (!json_is_string(op) || atomic_op_parse(json_string_value(op), &o))
		return prm_err_set(err, PRM_E_USAGE, 0, "bad_table",
				   "row %zu: op is \"cs\", \"fa\" or \"swap\"", i);
	if (number(row, "size", true, &size, i, err) || number(row, "offset", true, &offset, i, err))
		return -1;
	if (size > 64 || offset > 64)
		return prm_err_set(err, PRM_E_USAGE, 0, "bad_table",
				   "row %zu: size %llu, offset %llu: far out of range", i,
				   (unsigned long long)size, (unsigned long long)offset);
	w->op = o;
	w->size = (unsigned)size;
	w->offset = (unsigned)offset;
	if (o == ATOMIC_FA)
		return number(row, "field_boundary", true, &w->field_boundary, i, err) ||
		       number(row, "add", false, &w->swap_add, i, err) ? -1 : 0;
	return number(row, "compare_mask", true, &w->compare_mask, i, err) ||
	       number(row, "swap_mask", true, &w->swap_mask, i, err) ||
	       number(row, "compare", false, &w->compare, i, err) ||
	       number(row, "swap", false, &w->swap_add, i, err) ? -1 : 0;
}

int atomic_table_parse(const char *text, size_t len, struct atomic_wire **rows, size_t *n,
		       struct prm_err *err)
{
	json_error_t je;
	size_t qlen;
	char *quoted = unbig(text, len, &qlen);
	json_t *doc, *arr;

	if (!quoted)
		return prm_err_set(err, PRM_E_FAILED, ENOMEM, "oom", "out of memory");
	doc = json_loadb(quoted, qlen, JSON_REJECT_DUPLICATES, &je);
	free(quoted);
	size_t i;
	int rc = 0;

	*rows = NULL;
	*n = 0;
	if (!doc)
		return prm_err_set(err, PRM_E_USAGE, 0, "bad_table", "line %d, column %d: %s",
				   je.line, je.column, je.text);
	arr = json_is_array(doc) ? doc : json_object_get(doc, "masks");
	if (!json_is_array(arr)) {
		json_decref(doc);
		return prm_err_set(err, PRM_E_USAGE, 0, "bad_table",
				   "no \"masks\" array (the JSON of 'atomic masks')");
	}
	if (json_array_size(arr) > ATOMIC_TABLE_MAX_ROWS) {
		size_t rows_given = json_array_size(arr);

		json_decref(doc);
		return prm_err_set(err, PRM_E_USAGE, 0, "bad_table", "%zu rows: at most %d",
				   rows_given, ATOMIC_TABLE_MAX_ROWS);
	}
	*rows = calloc(json_array_size(arr) + 1, sizeof(**rows));
	if (!*rows) {
		json_decref(doc);
		return prm_err_set(err, PRM_E_FAILED, ENOMEM, "oom", "out of memory");
	}
	for (i = 0; i < json_array_size(arr) && !rc; i++)
		rc = row_parse(json_array_get(arr, i), i, &(*rows)[i], err);
	json_decref(doc);
	if (rc) {
		free(*rows);
		*rows = NULL;
		return -1;
	}
	*n = i;
	return 0;
}
