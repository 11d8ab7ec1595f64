/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_UTIL_OUTPATH_H
#define PRMCTL_UTIL_OUTPATH_H

#include <stdbool.h>

#include "lib/util/err.h"

/*
 * Output paths judged when a command starts, so a typo costs nothing and
 * evidence is not lost at the moment it is written (prmctl(8) CONVENTIONS,
 * Paths). Both fail with PRM_E_USAGE and a message naming the path.
 */

/*
 * A file written whole at path: "-" (standard output) and devices or FIFOs
 * that can be opened for writing pass; else its directory must exist and be
 * writable, and path must not be a directory. Nothing is created.
 */
int outpath_file(const char *path, struct prm_err *err);

/* A directory files are written into: it exists, is one, and is writable. */
int outpath_dir(const char *dir, struct prm_err *err);

#endif
