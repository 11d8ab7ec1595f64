/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_UTIL_SHA256_H
#define PRMCTL_UTIL_SHA256_H

#include <stddef.h>
#include <stdint.h>

#include "lib/util/err.h"

#define SHA256_HEX_LEN 65	/* 64 hex digits and the NUL */

/* libnettle loaded (sha256_file does it too): -1 with err (no_libnettle) when it cannot be. */
int sha256_load(struct prm_err *err);

/* The SHA-256 of a file and its size; -1 (err set) when it cannot be read or libnettle loaded. */
int sha256_file(const char *path, char hex[SHA256_HEX_LEN], uint64_t *bytes,
		struct prm_err *err);

#endif
