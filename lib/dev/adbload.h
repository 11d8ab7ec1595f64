/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_DEV_ADBLOAD_H
#define PRMCTL_DEV_ADBLOAD_H

/*
 * In lib/dev because it reads a file and hands it to lib/prm's parser:
 * lib/prm does no I/O, lib/util knows nothing of PRM, and lib/dev already
 * reads what describes a device (sysfs, images) for cmd and lib/ops.
 */

#include "lib/prm/adb.h"
#include "lib/util/err.h"

/* Where Debian's mstflint package puts NVIDIA's register database. */
#define PRM_ADB_DEFAULT "/usr/share/mstflint/prm_dbs/hca/ext/register_access_table.adb"
#define PRM_ADB_PACKAGE "mstflint"
#define PRM_ADB_ENV "PRMCTL_ADB"

/* The file to use: given (--adb), else $PRMCTL_ADB, else PRM_ADB_DEFAULT. */
const char *adb_path(const char *given);

/*
 * Read and parse the database at path (lib/prm/adb.h does the parsing, from
 * the buffer). A missing file is reason "adb_missing", its message naming
 * the file and the Debian package that carries it.
 */
struct prm_adb *adb_load(const char *path, struct prm_err *err);

#endif
