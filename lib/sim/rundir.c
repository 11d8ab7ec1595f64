// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
#include "lib/sim/rundir.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lib/sim/pcidev.h"
#include "lib/sim/proto.h"

const char *sim_rundir(void)
{
	static char dir[PATH_MAX];
	const char *env = getenv("PRMCTL_SIM_DIR"), *xdg = getenv("XDG_RUNTIME_DIR");

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

bool sim_alive(const char *name, pid_t *pid)
{
	char path[PATH_MAX], buf[32] = "";
	bool alive = false;
	int fd;

	if (sim_path(name, SIM_FILE_LOCK, path, sizeof(path)))
		return false;
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return false;
	if (flock(fd, LOCK_EX | LOCK_NB) < 0 && errno == EWOULDBLOCK)
		alive = true;
	close(fd);
	if (alive && pid && sim_path(name, SIM_FILE_PID, path, sizeof(path)) == 0) {
		FILE *f = fopen(path, "r");

		*pid = 0;
		if (f) {
			if (fgets(buf, sizeof(buf), f))
				*pid = (pid_t)atoi(buf);
			fclose(f);
		}
	}
	return alive;
}

void sim_cleanup(const char *name)
{
	static const char *const files[] = { SIM_FILE_SOCK, SIM_FILE_BAR0, SIM_FILE_PID,
					     SIM_FILE_PCIDEV, SIM_FILE_HOSTMEM, SIM_FILE_CMDQ_LOCK,
					     SIM_FILE_TRACELOG,
					     SIM_FILE_LOCK };
	char path[PATH_MAX], mnt[PATH_MAX];
	FILE *f;

	/* a PCI device directory a dead service left mounted */
	if (sim_path(name, SIM_FILE_PCIDEV, path, sizeof(path)) == 0 &&
	    (f = fopen(path, "r"))) {
		if (fgets(mnt, sizeof(mnt), f)) {
			mnt[strcspn(mnt, "\n")] = '\0';
			sim_pcidev_cleanup(mnt);
		}
		fclose(f);
	}

	for (size_t i = 0; i < sizeof(files) / sizeof(files[0]); i++)
		if (sim_path(name, files[i], path, sizeof(path)) == 0)
			unlink(path);
	if (sim_path(name, NULL, path, sizeof(path)) == 0)
		rmdir(path);
}

static int cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

void sim_names(char *buf, size_t sz)
{
	DIR *d = opendir(sim_rundir());
	char *names[256];
	size_t n = 0, used = 0;
	struct dirent *e;

	buf[0] = '\0';
	if (!d)
		return;
	while ((e = readdir(d)) && n < 256)
		if (e->d_name[0] != '.')
			names[n++] = strdup(e->d_name);
	closedir(d);
	qsort(names, n, sizeof(names[0]), cmp);
	for (size_t i = 0; i < n; i++) {
		if (names[i] && used < sz)
			used += (size_t)snprintf(buf + used, sz - used, "%s%s",
						 used ? "," : "", names[i]);
		free(names[i]);
	}
}

int sim_rundir_check(struct prm_err *err)
{
	const char *dir = sim_rundir();
	struct stat st;

	if (lstat(dir, &st) != 0)
		return 0;	/* created by us */
	if (!S_ISDIR(st.st_mode) || st.st_uid != geteuid() || (st.st_mode & 022))
		return prm_err_set(err, PRM_E_FAILED, EPERM, "unsafe_rundir",
				   "%s is not a directory of ours that only we can write: not using it",
				   dir);
	return 0;
}
