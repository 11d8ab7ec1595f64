// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
#include "lib/sim/rundir.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lib/sim/proto.h"

const char *sim_rundir(void)
{
	static char dir[PATH_MAX];
	const char *env = getenv("PRMCTL_SIM_DIR"), *xdg = getenv("XDG_RUNTIME_DIR");

	char cwd[PATH_MAX];

	/* absolute: the service works from / and must find the same directory */
	if (env && *env && *env != '/' && getcwd(cwd, sizeof(cwd)) &&
	    snprintf(dir, sizeof(dir), "%s/%s", cwd, env) < (int)sizeof(dir))
		return dir;
	if (env && *env)
		snprintf(dir, sizeof(dir), "%s", env);
	else if (geteuid() == 0)
		snprintf(dir, sizeof(dir), "/run/prmctl/sim");
	else if (xdg && *xdg)
		snprintf(dir, sizeof(dir), "%s/prmctl/sim", xdg);
	else
		snprintf(dir, sizeof(dir), "/tmp/prmctl-sim-%u", (unsigned)geteuid());
	return dir;
}

int sim_path(const char *name, const char *file, char *buf, size_t sz)
{
	int n = snprintf(buf, sz, "%s/%s%s%s", sim_rundir(), name, file ? "/" : "",
			 file ? file : "");

	return n < 0 || (size_t)n >= sz ? -1 : 0;
}

int sim_err_too_long(const char *name, struct prm_err *err)
{
	return prm_err_set(err, PRM_E_USAGE, ENAMETOOLONG, "bad_path",
			   "sim:%s: path too long under %s", name, sim_rundir());
}

int sim_err_sys(const char *what, const char *path, int e, struct prm_err *err)
{
	return prm_err_set(err, PRM_E_FAILED, e, "sim_service", "%s %s: %s", what, path,
			   strerror(e));
}

int sim_open_error(const char *name, const char *path, int e, struct prm_err *err)
{
	if (e == EACCES || e == EPERM)
		return prm_err_set(err, PRM_E_NODEV, e, "permission",
				   "sim:%s: %s: permission denied (another user's service: run "
				   "prmctl as its owner or as root)", name, path);
	if (e == ENOENT || e == ECONNREFUSED || e == ENOTDIR)
		return prm_err_set(err, PRM_E_NODEV, e, "not_found",
				   "sim:%s: no running simulator by that name (prmctl sim list)",
				   name);
	return prm_err_set(err, PRM_E_NODEV, e, "open_failed", "sim:%s: %s: %s", name, path,
			   strerror(e));
}

/*
 * mkdir DIR unless it exists; then it must be a directory of ours. 0700
 * when made (the umask only takes bits away, a weird one must not leave it
 * 0500), or always when tighten.
 */
static int own_dir(const char *dir, bool tighten, struct prm_err *err)
{
	bool made = mkdir(dir, 0700) == 0;
	struct stat st;

	if (!made && errno != EEXIST)
		return sim_err_sys("cannot create", dir, errno, err);
	if (lstat(dir, &st))
		return sim_err_sys("cannot look at", dir, errno, err);
	if (!S_ISDIR(st.st_mode) || st.st_uid != geteuid() || (st.st_mode & 022))
		return prm_err_set(err, PRM_E_FAILED, EPERM, "unsafe_rundir",
				   "%s is not a directory of ours that only we can write: not "
				   "using it (remove it, or set PRMCTL_SIM_DIR)", dir);
	if ((made || tighten) && chmod(dir, 0700))
		return sim_err_sys("cannot chmod", dir, errno, err);
	return 0;
}

int sim_rundir_prepare(struct prm_err *err)
{
	char tmp[PATH_MAX];

	if (snprintf(tmp, sizeof(tmp), "%s", sim_rundir()) >= (int)sizeof(tmp))
		return sim_err_too_long("", err);
	/* the parents as mkdir -p makes them: /run/prmctl is no secret */
	for (char *p = tmp + 1; *p; p++)
		if (*p == '/') {
			*p = '\0';
			if (mkdir(tmp, 0755) && errno != EEXIST)
				return sim_err_sys("cannot create", tmp, errno, err);
			*p = '/';
		}
	/* one the user named may stay as it is, if only we can write it */
	return own_dir(tmp, false, err);
}

int sim_service_dir(const char *name, struct prm_err *err)
{
	char dir[PATH_MAX];

	if (sim_path(name, NULL, dir, sizeof(dir)))
		return sim_err_too_long(name, err);
	/* 0700 even for a directory an older prmctl made 0755 */
	return own_dir(dir, true, err);
}

int sim_create(const char *name, const char *file, int flags, struct prm_err *err)
{
	char path[PATH_MAX];
	int fd;

	if (sim_path(name, file, path, sizeof(path)))
		return sim_err_too_long(name, err);
	fd = open(path, flags | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0600);
	if (fd < 0)
		return sim_err_sys("cannot create", path, errno, err);
	if (fchmod(fd, 0600)) {
		int e = errno;

		close(fd);
		return sim_err_sys("cannot chmod", path, e, err);
	}
	return fd;
}

static int cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

int sim_names(char *buf, size_t sz, struct prm_err *err)
{
	DIR *d = opendir(sim_rundir());
	char *names[256];
	size_t n = 0, used = 0;
	struct dirent *e;

	buf[0] = '\0';
	if (!d && errno == ENOENT)
		return 0;
	if (!d && (errno == EACCES || errno == EPERM))
		return prm_err_set(err, PRM_E_NODEV, errno, "permission",
				   "%s: permission denied (another user's services: run prmctl "
				   "as their owner or as root)", sim_rundir());
	if (!d)
		return sim_err_sys("cannot read", sim_rundir(), errno, err);
	while ((e = readdir(d)) && n < 256)
		if (e->d_name[0] != '.' && (names[n] = strdup(e->d_name)))
			n++;
	closedir(d);
	qsort(names, n, sizeof(names[0]), cmp);
	for (size_t i = 0; i < n; i++) {
		if (used < sz)
			used += (size_t)snprintf(buf + used, sz - used, "%s%s",
						 used ? "," : "", names[i]);
		free(names[i]);
	}
	return 0;
}

