/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_UTIL_TARBALL_H
#define PRMCTL_UTIL_TARBALL_H

#include <stddef.h>
#include <stdint.h>

#include "lib/util/err.h"

/*
 * A collect bundle as one file: a gzip'd POSIX tar (libarchive) that
 * tar(1) extracts into one directory.
 */

/*
 * Load libarchive, which tarball_write and tarball_read of a tar do
 * themselves at their first call; -1 with err set (naming the package to
 * install) when it cannot be loaded. For a caller that would rather know
 * before its work than at the end of it.
 */
int tarball_load(struct prm_err *err);

/*
 * Write the regular files under dir into out as top/relative-path, in the
 * order of names (a bundle is the same bytes for the same files, times
 * apart). Written to out.part, then renamed: never half a bundle.
 */
int tarball_write(const char *out, const char *dir, const char *top, struct prm_err *err);

/* The regular files of an archive (or a directory), in memory. */
struct tarball_file {
	char *name;		/* as stored: "top/dev0/initseg-1.bin" */
	uint8_t *data;		/* NUL-terminated for text use; len excludes it */
	size_t len;
};

struct tarball {
	struct tarball_file *files;
	size_t n;
};

/*
 * Read every regular file of a tar (any compression libarchive knows) or of a
 * directory tree at most max_total bytes in all; -1 (err set, usage kind for
 * what is not a bundle) otherwise.
 */
int tarball_read(const char *path, size_t max_total, struct tarball *t, struct prm_err *err);
void tarball_free(struct tarball *t);

#endif
