// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
#include "lib/out/table.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static size_t column(struct out_table *t, const char *key)
{
	char **cols;

	for (size_t c = 0; c < t->ncols; c++)
		if (strcmp(t->cols[c], key) == 0)
			return c;
	cols = realloc(t->cols, (t->ncols + 1) * sizeof(*cols));
	if (!cols)
		return (size_t)-1;
	t->cols = cols;
	t->cols[t->ncols] = strdup(key);
	if (!t->cols[t->ncols])
		return (size_t)-1;
	/* widen every existing row for the new column */
	for (size_t r = 0; r < t->nrows; r++) {
		char **row = realloc(t->rows[r], (t->ncols + 1) * sizeof(*row));

		if (!row)
			return (size_t)-1;
		row[t->ncols] = NULL;
		t->rows[r] = row;
	}
	return t->ncols++;
}

void out_table_row(struct out_table *t)
{
	char ***rows = realloc(t->rows, (t->nrows + 1) * sizeof(*rows));

	if (!rows)
		return;
	t->rows = rows;
	t->rows[t->nrows] = calloc(t->ncols ? t->ncols : 1, sizeof(char *));
	if (t->rows[t->nrows])
		t->nrows++;
}

void out_table_cell(struct out_table *t, const char *key, const char *val)
{
	size_t c;

	if (!t->nrows)
		return;
	c = column(t, key);
	if (c == (size_t)-1)
		return;
	free(t->rows[t->nrows - 1][c]);
	t->rows[t->nrows - 1][c] = strdup(val ? val : "-");
}

static void print_row(int indent, const size_t *w, size_t n,
		      const char *const *cells, void (*line)(const char *))
{
	size_t len = (size_t)indent + 1, used;
	char *buf;

	for (size_t c = 0; c < n; c++)
		len += w[c] + 2 + (cells[c] ? strlen(cells[c]) : 1);
	buf = malloc(len);
	if (!buf)
		return;
	used = (size_t)snprintf(buf, len, "%*s", indent, "");
	for (size_t c = 0; c < n && used < len; c++) {
		const char *s = cells[c] ? cells[c] : "-";

		if (c + 1 < n)
			used += (size_t)snprintf(buf + used, len - used, "%-*s  ",
						 (int)w[c], s);
		else
			used += (size_t)snprintf(buf + used, len - used, "%s", s);
	}
	line(buf);
	free(buf);
}

void out_table_print(const struct out_table *t, int indent,
		     void (*line)(const char *))
{
	size_t *w;
	char **head;

	if (!t->nrows || !t->ncols)
		return;
	w = calloc(t->ncols, sizeof(*w));
	head = calloc(t->ncols, sizeof(*head));
	if (!w || !head)
		goto out;
	for (size_t c = 0; c < t->ncols; c++) {
		head[c] = strdup(t->cols[c]);
		if (!head[c])
			goto out;
		for (char *p = head[c]; *p; p++)
			*p = *p == '_' ? ' ' : (char)toupper((unsigned char)*p);
		w[c] = strlen(head[c]);
		for (size_t r = 0; r < t->nrows; r++) {
			size_t l = t->rows[r][c] ? strlen(t->rows[r][c]) : 1;

			if (l > w[c])
				w[c] = l;
		}
	}
	print_row(indent, w, t->ncols, (const char *const *)head, line);
	for (size_t r = 0; r < t->nrows; r++)
		print_row(indent, w, t->ncols, (const char *const *)t->rows[r], line);
out:
	if (head)
		for (size_t c = 0; c < t->ncols; c++)
			free(head[c]);
	free(head);
	free(w);
}

void out_table_free(struct out_table *t)
{
	for (size_t r = 0; r < t->nrows; r++) {
		for (size_t c = 0; c < t->ncols; c++)
			free(t->rows[r][c]);
		free(t->rows[r]);
	}
	for (size_t c = 0; c < t->ncols; c++)
		free(t->cols[c]);
	free(t->rows);
	free(t->cols);
	memset(t, 0, sizeof(*t));
}
