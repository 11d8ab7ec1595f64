// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
#include "lib/util/readall.h"

#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lib/util/infile.h"

int read_all(const char *path, size_t max, uint8_t **buf, size_t *len,
	     struct prm_err *err)
{
	bool is_stdin = strcmp(path, "-") == 0;
	const char *shown = is_stdin ? "standard input" : path;
	int fd = is_stdin ? STDIN_FILENO :
		 infile_open(path, shown, INFILE_NULL_OK | INFILE_STDIN_OK, err);
	size_t cap = 4096, got = 0;
	uint8_t *b;

	*buf = NULL;
	*len = 0;
	if (fd < 0)
		return -1;
	b = malloc(cap + 1);
	if (!b)
		goto oom;
	/* one byte past max is enough to know the input is too large */
	while (got <= max) {
		ssize_t r;

		if (got == cap) {
			uint8_t *n;

			cap = cap > max / 2 ? max + 1 : cap * 2;
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
			if (!is_stdin)
				close(fd);
			return prm_err_set(err, e == EISDIR ? PRM_E_USAGE : PRM_E_FAILED, e,
					   "read_failed", "%s: %s", shown, strerror(e));
		}
		if (r == 0)
			break;
		got += (size_t)r;
	}
	if (!is_stdin)
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
	if (!is_stdin)
		close(fd);
	return prm_err_set(err, PRM_E_FAILED, ENOMEM, "oom", "out of memory");
}
