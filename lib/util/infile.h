/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_UTIL_INFILE_H
#define PRMCTL_UTIL_INFILE_H

#include "lib/util/err.h"

/*
 * Open a file the user named as input, for reading. Only what reads to its
 * end without waiting is taken: a regular file, or (with INFILE_NULL_OK) the
 * null device, which scripts pass for "nothing". Anything else is refused
 * before it is opened, because opening it could block for ever (a FIFO waits
 * for a writer) or act on a device; a directory is "Is a directory". Errors
 * are PRM_E_USAGE (PRM_E_FAILED for an I/O error) and name the input as
 * shown; INFILE_STDIN_OK says a FIFO's data may come on standard input
 * instead. Returns the descriptor (O_CLOEXEC), or -1.
 */
enum {
	INFILE_NULL_OK = 1 << 0,
	INFILE_STDIN_OK = 1 << 1,
};

int infile_open(const char *path, const char *shown, unsigned flags, struct prm_err *err);

#endif
