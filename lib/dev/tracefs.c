// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* tracefs: the kernel's trace events (tracefs.h). */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lib/dev/tracefs.h"

static const char *const mounts[] = { "/sys/kernel/tracing", "/sys/kernel/debug/tracing" };

static int refused(int e, const char *path, struct prm_err *err)
{
	if (e == EACCES || e == EPERM)
		return prm_err_set(err, PRM_E_NODEV, e, "permission",
				   "%s: %s (tracefs needs root, and the kernel's lockdown="
				   "confidentiality refuses it)", path, strerror(e));
	return prm_err_set(err, PRM_E_FAILED, e, "io", "%s: %s", path, strerror(e));
}

int tracefs_find(const char *event, char root[TRACEFS_PATH_MAX], struct prm_err *err)
{
	char path[TRACEFS_PATH_MAX + 64];
	struct stat st;
	bool mounted = false;

	for (size_t i = 0; i < sizeof(mounts) / sizeof(mounts[0]); i++) {
		snprintf(path, sizeof(path), "%s/events", mounts[i]);
		if (stat(path, &st)) {
			if (errno == EACCES || errno == EPERM)
				return refused(errno, path, err);
			continue;
		}
		mounted = true;
		snprintf(path, sizeof(path), "%s/events/%s/enable", mounts[i], event);
		if (access(path, F_OK) == 0) {
			snprintf(root, TRACEFS_PATH_MAX, "%s", mounts[i]);
			return 0;
		}
	}
	if (!mounted)
		return prm_err_set(err, PRM_E_NODEV, ENOENT, "no_tracefs",
				   "tracefs is not mounted (mount -t tracefs nodev "
				   "/sys/kernel/tracing)");
	return prm_err_set(err, PRM_E_NODEV, ENOENT, "no_trace_event",
			   "the kernel has no %s trace event (the module that defines it is "
			   "not loaded)", event);
}

int tracefs_event_enabled(const char *root, const char *event, bool *on, struct prm_err *err)
{
	char path[TRACEFS_PATH_MAX + 64], c = 0;
	int fd;
	ssize_t n;

	snprintf(path, sizeof(path), "%s/events/%s/enable", root, event);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return refused(errno, path, err);
	n = read(fd, &c, 1);
	close(fd);
	if (n != 1)
		return prm_err_set(err, PRM_E_FAILED, n < 0 ? errno : EIO, "io",
				   "%s: nothing to read", path);
	/* "0", "1", or "X" (mixed: for a system, not an event) */
	*on = c == '1';
	return 0;
}

int tracefs_event_set(const char *root, const char *event, bool on, struct prm_err *err)
{
	char path[TRACEFS_PATH_MAX + 64];
	int fd, e;

	snprintf(path, sizeof(path), "%s/events/%s/enable", root, event);
	fd = open(path, O_WRONLY | O_CLOEXEC);
	if (fd < 0)
		return refused(errno, path, err);
	e = write(fd, on ? "1" : "0", 1) == 1 ? 0 : errno;
	close(fd);
	return e ? refused(e, path, err) : 0;
}

int tracefs_read_trace(const char *root, int (*fn)(void *ctx, const char *line, size_t len),
		       void *ctx, struct prm_err *err)
{
	char path[TRACEFS_PATH_MAX + 16], *line = NULL;
	size_t cap = 0;
	ssize_t n;
	FILE *f;
	int rc = 0;

	snprintf(path, sizeof(path), "%s/trace", root);
	f = fopen(path, "re");
	if (!f)
		return refused(errno, path, err);
	while ((n = getline(&line, &cap, f)) > 0) {
		if (line[n - 1] == '\n')
			n--;
		if (fn(ctx, line, (size_t)n))
			break;
	}
	if (ferror(f))
		rc = refused(errno, path, err);
	free(line);
	fclose(f);
	return rc;
}
