// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
#include "lib/util/writefile.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int write_all(int fd, const void *data, size_t len)
{
	const char *buf = data;

	while (len) {
		ssize_t w = write(fd, buf, len);

		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return -1;
		buf += w;
		len -= (size_t)w;
	}
	return 0;
}

bool write_target_is_stream(const char *file)
{
	struct stat st;

	return stat(file, &st) == 0 && (S_ISCHR(st.st_mode) || S_ISFIFO(st.st_mode));
}

static int write_stream(const char *file, const void *buf, size_t len, struct prm_err *err)
{
	int fd = open(file, O_WRONLY | O_CLOEXEC), e;

	if (fd < 0 || write_all(fd, buf, len)) {
		e = errno;
		if (fd >= 0)
			close(fd);
		return prm_err_set(err, PRM_E_FAILED, e, "write_failed", "writing %s: %s", file,
				   strerror(e));
	}
	if (close(fd))
		return prm_err_set(err, PRM_E_FAILED, errno, "write_failed", "writing %s: %s",
				   file, strerror(errno));
	return 0;
}

int write_file_atomic(const char *file, const void *buf, size_t len, bool sync,
		      struct prm_err *err)
{
	char *tmp = NULL;
	int fd, e;

	if (write_target_is_stream(file))
		return write_stream(file, buf, len, err);

	if (asprintf(&tmp, "%s.XXXXXX", file) < 0)
		return prm_err_set(err, PRM_E_FAILED, ENOMEM, "oom", "out of memory");
	fd = mkstemp(tmp);
	if (fd < 0) {
		e = errno;
		free(tmp);
		return prm_err_set(err, PRM_E_FAILED, e, "write_failed", "cannot create %s: %s",
				   file, strerror(e));
	}
	if (write_all(fd, buf, len) || (sync && fsync(fd)) || fchmod(fd, 0644) || close(fd) ||
	    rename(tmp, file)) {
		e = errno;
		unlink(tmp);
		free(tmp);
		return prm_err_set(err, PRM_E_FAILED, e, "write_failed", "writing %s: %s", file,
				   strerror(e));
	}
	free(tmp);
	return 0;
}
