// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* The register database's file: found, read, handed to the parser. */
#include "lib/dev/adbload.h"

#include <errno.h>
#include <stdlib.h>

#include "lib/util/readall.h"

/* The Debian file is 0.6 MB; ten times that is still a register database. */
#define ADB_FILE_MAX (32u << 20)

const char *adb_path(const char *given)
{
	const char *env = getenv(PRM_ADB_ENV);

	if (given && *given)
		return given;
	return env && *env ? env : PRM_ADB_DEFAULT;
}

struct prm_adb *adb_load(const char *path, struct prm_err *err)
{
	struct prm_adb *db;
	uint8_t *buf;
	size_t len;

	if (read_all(path, ADB_FILE_MAX, &buf, &len, err)) {
		if (err->sys_errno == ENOENT)
			prm_err_set(err, PRM_E_USAGE, ENOENT, "adb_missing",
				    "NVIDIA's register database %s is missing: it comes with the Debian package "
				    PRM_ADB_PACKAGE " (apt-get install " PRM_ADB_PACKAGE
				    "), or give another with --adb FILE or " PRM_ADB_ENV, path);
		return NULL;
	}
	db = prm_adb_parse((const char *)buf, len, path, err);
	free(buf);
	return db;
}
