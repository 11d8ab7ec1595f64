/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_PRM_ATOMICTABLE_H
#define PRMCTL_PRM_ATOMICTABLE_H

#include <stddef.h>

#include "lib/prm/atomic.h"
#include "lib/util/err.h"

#define ATOMIC_TABLE_MAX_ROWS 4096

/*
 * The rows of a mask table (the JSON of `atomic masks`, or its "masks"
 * array): op, size, offset, the masks of the op, and compare/swap/add when
 * given. malloc'd *rows; an error names the row and what is wrong in it.
 */
int atomic_table_parse(const char *text, size_t len, struct atomic_wire **rows, size_t *n,
		       struct prm_err *err);

#endif
