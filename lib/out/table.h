/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_OUT_TABLE_H
#define PRMCTL_OUT_TABLE_H

#include <stddef.h>
#include <stdio.h>

/* Rows of a text table, kept until the widths are known. */
struct out_table {
	char **cols;		/* column keys, in order of first use */
	size_t ncols;
	char ***rows;		/* rows[r][c], NULL when empty */
	size_t nrows;
};

void out_table_row(struct out_table *t);
void out_table_cell(struct out_table *t, const char *key, const char *val);
/* Renders the table, one call of line() per line (no newline). */
void out_table_print(const struct out_table *t, int indent,
		     void (*line)(const char *));
void out_table_free(struct out_table *t);

#endif
