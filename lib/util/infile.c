// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
#include "lib/util/infile.h"

#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

static bool is_null_device(const struct stat *st)
{
	return S_ISCHR(st->st_mode) && major(st->st_rdev) == 1 && minor(st->st_rdev) == 3;
}

static int refuse(const struct stat *st, const char *shown, unsigned flags,
		  struct prm_err *err)
{
	const char *what = S_ISSOCK(st->st_mode) ? "a socket" :
			   S_ISCHR(st->st_mode) ? "a character device" :
			   S_ISBLK(st->st_mode) ? "a block device" : "of an unknown type";

	if (S_ISDIR(st->st_mode))
		return prm_err_set(err, PRM_E_USAGE, EISDIR, "not_a_file", "%s: %s", shown,
				   strerror(EISDIR));
	if (S_ISFIFO(st->st_mode))
		return prm_err_set(err, PRM_E_USAGE, EINVAL, "not_a_file",
				   "%s: not a regular file (a FIFO, which could wait for ever "
				   "for a writer: save it to a file first%s)", shown,
				   flags & INFILE_STDIN_OK ? ", or give it on standard input "
				   "as '-'" : "");
	return prm_err_set(err, PRM_E_USAGE, EINVAL, "not_a_file",
			   "%s: not a regular file (%s)", shown, what);
}

static int open_error(int e, const char *shown, struct prm_err *err)
{
	bool user = e == ENOENT || e == ENOTDIR || e == EACCES || e == EPERM || e == ELOOP ||
		    e == ENAMETOOLONG;

	return prm_err_set(err, user ? PRM_E_USAGE : PRM_E_FAILED, e,
			   e == ENOENT || e == ENOTDIR ? "not_found" :
			   e == EACCES || e == EPERM ? "permission" : "open_failed",
			   "%s: %s", shown, strerror(e));
}

static bool usable(const struct stat *st, unsigned flags)
{
	return S_ISREG(st->st_mode) || ((flags & INFILE_NULL_OK) && is_null_device(st));
}

int infile_open(const char *path, const char *shown, unsigned flags, struct prm_err *err)
{
	struct stat st;
	int fd, fl;

	if (stat(path, &st))
		return open_error(errno, shown, err);
	if (!usable(&st, flags))
		return refuse(&st, shown, flags, err);
	/* non-blocking: the path may have become a FIFO since stat() */
	fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
	if (fd < 0)
		return open_error(errno, shown, err);
	if (fstat(fd, &st)) {
		int e = errno;

		close(fd);
		return prm_err_set(err, PRM_E_FAILED, e, "read_failed", "%s: %s", shown,
				   strerror(e));
	}
	if (!usable(&st, flags)) {
		close(fd);
		return refuse(&st, shown, flags, err);
	}
	fl = fcntl(fd, F_GETFL);
	if (fl < 0 || fcntl(fd, F_SETFL, fl & ~O_NONBLOCK) < 0) {
		int e = errno;

		close(fd);
		return prm_err_set(err, PRM_E_FAILED, e, "read_failed", "%s: %s", shown,
				   strerror(e));
	}
	return fd;
}
