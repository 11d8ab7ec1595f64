// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
#include "lib/util/readall.h"

#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int read_all(const char *path, size_t max, uint8_t **buf, size_t *len,
	     struct prm_err *err)
{
	int fd = strcmp(path, "-") == 0 ? STDIN_FILENO : open(path, O_RDONLY | O_CLOEXEC);
	const char *shown = strcmp(path, "-") == 0 ? "standard input" : path;
	size_t cap = 4096, got = 0;
	uint8_t *b;

	*buf = NULL;
	*len = 0;
	if (fd < 0)
		return prm_err_set(err, PRM_E_USAGE, errno,
				   errno == ENOENT ? "not_found" : "open_failed",
				   "%s: %s", shown, strerror(errno));
	b = malloc(cap + 1);
	if (!b)
		goto oom;
	for (;;) {
		ssize_t r;

		if (got == cap) {
			uint8_t *n;

			if (cap > max)
				break;
			cap *= 2;
			n = realloc(b, cap + 1);
			if (!n)
				goto oom;
			b = n;
		}
		r = read(fd, b + got, cap - got);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0) {
			int e = errno;

			free(b);
			if (fd != STDIN_FILENO)
				close(fd);
			return prm_err_set(err, e == EISDIR ? PRM_E_USAGE : PRM_E_FAILED, e,
					   "read_failed", "%s: %s", shown, strerror(e));
		}
		if (r == 0)
			break;
		got += (size_t)r;
	}
	if (fd != STDIN_FILENO)
		close(fd);
	if (got > max) {
		free(b);
		return prm_err_set(err, PRM_E_USAGE, EFBIG, "too_large",
				   "%s: larger than %zu bytes", shown, max);
	}
	b[got] = '\0';
	*buf = b;
	*len = got;
	return 0;
oom:
	free(b);
	if (fd != STDIN_FILENO)
		close(fd);
	return prm_err_set(err, PRM_E_FAILED, ENOMEM, "oom", "out of memory");
}
