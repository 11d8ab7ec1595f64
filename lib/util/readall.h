/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_UTIL_READALL_H
#define PRMCTL_UTIL_READALL_H

#include <stddef.h>
#include <stdint.h>

#include "lib/util/err.h"

/*
 * Read a whole file ("-" = standard input) of at most max bytes into a
 * malloc'd buffer (NUL-terminated for text use; *len excludes the NUL).
 */
int read_all(const char *path, size_t max, uint8_t **buf, size_t *len,
	     struct prm_err *err);

#endif
