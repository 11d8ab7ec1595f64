// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
#include "lib/util/outpath.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int outpath_dir(const char *dir, struct prm_err *err)
{
	struct stat st;

	if (stat(dir, &st))
		return prm_err_set(err, PRM_E_USAGE, errno, "bad_path", "%s: %s", dir,
				   strerror(errno));
	if (!S_ISDIR(st.st_mode))
		return prm_err_set(err, PRM_E_USAGE, ENOTDIR, "bad_path", "%s: not a directory",
				   dir);
	/* W_OK alone: a read-only file system answers EROFS even to root */
	if (access(dir, W_OK | X_OK))
		return prm_err_set(err, PRM_E_USAGE, errno, "bad_path", "%s: cannot write in it: %s",
				   dir, strerror(errno));
	return 0;
}

int outpath_file(const char *path, struct prm_err *err)
{
	char dir[PATH_MAX];
	const char *slash = strrchr(path, '/');
	struct stat st;

	if (!strcmp(path, "-"))
		return 0;
	if (!*path)
		return prm_err_set(err, PRM_E_USAGE, EINVAL, "bad_path", "an empty file name");
	if (!stat(path, &st)) {
		if (S_ISDIR(st.st_mode))
			return prm_err_set(err, PRM_E_USAGE, EISDIR, "bad_path",
					   "%s: a directory, not a file", path);
		if ((S_ISCHR(st.st_mode) || S_ISFIFO(st.st_mode)) && access(path, W_OK))
			return prm_err_set(err, PRM_E_USAGE, errno, "bad_path", "%s: %s", path,
					   strerror(errno));
		if (S_ISCHR(st.st_mode) || S_ISFIFO(st.st_mode))
			return 0;
	}
	if (slash && !slash[1])
		return prm_err_set(err, PRM_E_USAGE, EISDIR, "bad_path",
				   "%s: a directory, not a file", path);
	if (!slash)
		snprintf(dir, sizeof(dir), ".");
	else
		snprintf(dir, sizeof(dir), "%.*s", slash == path ? 1 : (int)(slash - path), path);
	if (outpath_dir(dir, err))
		return prm_err_prefix(err, "cannot create %s: ", path);
	return 0;
}
