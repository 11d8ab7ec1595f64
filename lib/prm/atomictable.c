// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * A mask table as `atomic masks --json` prints it (or its "masks" array
 * alone), read back for `atomic verify --table`: somebody's table, checked
 * row by row against the rules.
 */
#include <errno.h>
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "lib/prm/atomictable.h"

static int number(json_t *row, const char *key, bool need, uint64_t *v, size_t i,
		  struct prm_err *err)
{
	json_t *j = json_object_get(row, key);

	if (!j) {
		if (!need)
			return 0;
		return prm_err_set(err, PRM_E_USAGE, 0, "bad_table", "row %zu: no %s", i, key);
	}
	if (!json_is_integer(j) || json_integer_value(j) < 0)
		return prm_err_set(err, PRM_E_USAGE, 0, "bad_table",
				   "row %zu: %s is not a number from 0 to 2^63", i, key);
	*v = (uint64_t)json_integer_value(j);
	return 0;
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
	json_t *doc = json_loadb(text, len, JSON_REJECT_DUPLICATES, &je), *arr;
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
		json_decref(doc);
		return prm_err_set(err, PRM_E_USAGE, 0, "bad_table", "%zu rows: at most %d",
				   json_array_size(arr), ATOMIC_TABLE_MAX_ROWS);
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
