/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_UTIL_WRITEFILE_H
#define PRMCTL_UTIL_WRITEFILE_H

#include <stdbool.h>
#include <stddef.h>

#include "lib/util/err.h"

/*
 * Write a whole file as a reader must see it: into a temporary file beside
 * it, then renamed over it, so a reader finds the old or the new file and
 * never half of one. sync: on disk before the rename (evidence), or not (a
 * metrics file rewritten every few ms).
 */
/* Every byte to fd, over short writes and EINTR; -1 with errno. */
int write_all(int fd, const void *buf, size_t len);

int write_file_atomic(const char *file, const void *buf, size_t len, bool sync,
		      struct prm_err *err);

/*
 * A device or a pipe (/dev/null, /dev/stdout, a FIFO): write_file_atomic()
 * writes into it, since renaming a file over it would replace the node.
 */
bool write_target_is_stream(const char *file);

#endif
