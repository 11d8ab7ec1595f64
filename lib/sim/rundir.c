// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
#include "lib/sim/rundir.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lib/sim/pcidev.h"
#include "lib/sim/proto.h"
#include "lib/util/clock.h"
#include "lib/util/writefile.h"

/*
 * A service writes its pid just after taking its lock, and a prober or a
 * cleaner holds the lock for a moment only: this long covers either on a
 * loaded machine.
 */
#define HOLDER_WAIT_MS 2000

/* A cleaner can remove a directory between our mkdir and open: try again. */
#define CLAIM_TRIES 10

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

static int too_long(const char *name, struct prm_err *err)
{
	return prm_err_set(err, PRM_E_USAGE, ENAMETOOLONG, "bad_path",
			   "sim:%s: path too long under %s", name, sim_rundir());
}

static int sys_error(const char *what, const char *path, int e, struct prm_err *err)
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
		return sys_error("cannot create", dir, errno, err);
	if (lstat(dir, &st))
		return sys_error("cannot look at", dir, errno, err);
	if (!S_ISDIR(st.st_mode) || st.st_uid != geteuid() || (st.st_mode & 022))
		return prm_err_set(err, PRM_E_FAILED, EPERM, "unsafe_rundir",
				   "%s is not a directory of ours that only we can write: not "
				   "using it (remove it, or set PRMCTL_SIM_DIR)", dir);
	if ((made || tighten) && chmod(dir, 0700))
		return sys_error("cannot chmod", dir, errno, err);
	return 0;
}

int sim_rundir_prepare(struct prm_err *err)
{
	char tmp[PATH_MAX];

	if (snprintf(tmp, sizeof(tmp), "%s", sim_rundir()) >= (int)sizeof(tmp))
		return too_long("", err);
	/* the parents as mkdir -p makes them: /run/prmctl is no secret */
	for (char *p = tmp + 1; *p; p++)
		if (*p == '/') {
			*p = '\0';
			if (mkdir(tmp, 0755) && errno != EEXIST)
				return sys_error("cannot create", tmp, errno, err);
			*p = '/';
		}
	/* one the user named may stay as it is, if only we can write it */
	return own_dir(tmp, false, err);
}

int sim_create(const char *name, const char *file, int flags, struct prm_err *err)
{
	char path[PATH_MAX];
	int fd;

	if (sim_path(name, file, path, sizeof(path)))
		return too_long(name, err);
	fd = open(path, flags | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0600);
	if (fd < 0)
		return sys_error("cannot create", path, errno, err);
	if (fchmod(fd, 0600)) {
		int e = errno;

		close(fd);
		return sys_error("cannot chmod", path, e, err);
	}
	return fd;
}

/* The pid a service wrote, or 0. Written whole (renamed into place). */
static pid_t read_pid(const char *name)
{
	char path[PATH_MAX], buf[32];
	ssize_t n = -1;
	long v;
	int fd;

	if (sim_path(name, SIM_FILE_PID, path, sizeof(path)) == 0 &&
	    (fd = open(path, O_RDONLY | O_CLOEXEC)) >= 0) {
		n = read(fd, buf, sizeof(buf) - 1);
		close(fd);
	}
	if (n <= 0)
		return 0;
	buf[n] = '\0';
	v = strtol(buf, NULL, 10);
	return v > 0 && v <= INT_MAX ? (pid_t)v : 0;
}

static bool pid_alive(pid_t pid)
{
	return pid > 0 && (kill(pid, 0) == 0 || errno == EPERM);
}

/*
 * Take the lock of fd (0), or learn who holds it (1, with its pid, 0 if it
 * never said). A dead service's pid file is not taken for the holder's.
 */
static int lock_or_holder(const char *name, int fd, pid_t *pid)
{
	uint64_t deadline = clock_now_ms() + HOLDER_WAIT_MS;

	for (;;) {
		if (flock(fd, LOCK_EX | LOCK_NB) == 0)
			return 0;
		if (errno != EWOULDBLOCK && errno != EINTR)
			return -1;
		*pid = read_pid(name);
		if (pid_alive(*pid))
			return 1;
		if (clock_now_ms() >= deadline) {
			*pid = 0;
			return 1;
		}
		clock_sleep_us(2000);
	}
}

/* Is fd still the file at path, or did a cleaner remove it under us? */
static bool same_file(int fd, const char *path)
{
	struct stat a, b;

	return fstat(fd, &a) == 0 && stat(path, &b) == 0 && a.st_dev == b.st_dev &&
	       a.st_ino == b.st_ino;
}

int sim_state(const char *name, pid_t *pid, struct prm_err *err)
{
	char dir[PATH_MAX], path[PATH_MAX];
	pid_t holder = 0;
	struct stat st;
	int fd, rc;

	if (pid)
		*pid = 0;
	if (sim_path(name, NULL, dir, sizeof(dir)) ||
	    sim_path(name, SIM_FILE_LOCK, path, sizeof(path)))
		return too_long(name, err);
	if (lstat(dir, &st))
		return errno == ENOENT ? SIM_ABSENT : sim_open_error(name, dir, errno, err);
	fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
	if (fd < 0)
		return errno == ENOENT ? SIM_DEAD : sim_open_error(name, path, errno, err);
	rc = lock_or_holder(name, fd, &holder);
	if (rc < 0)
		rc = sim_open_error(name, path, errno, err);
	close(fd);
	if (rc < 0)
		return -1;
	if (rc == 1 && pid)
		*pid = holder;
	return rc == 1 ? SIM_RUNNING : SIM_DEAD;
}

bool sim_alive(const char *name, pid_t *pid)
{
	return sim_state(name, pid, NULL) == SIM_RUNNING;
}

/* Everything but the lock, which says whether the rest is in use (and the pid). */
static void remove_files(const char *name, bool keep_pid)
{
	static const char *const files[] = { SIM_FILE_SOCK, SIM_FILE_BAR0, SIM_FILE_PID_TMP,
					     SIM_FILE_PCIDEV, SIM_FILE_HOSTMEM,
					     SIM_FILE_CMDQ_LOCK, SIM_FILE_TRACELOG };
	char path[PATH_MAX], mnt[PATH_MAX];
	FILE *f;

	/* a PCI device directory a dead service left mounted */
	if (sim_path(name, SIM_FILE_PCIDEV, path, sizeof(path)) == 0 &&
	    (f = fopen(path, "re"))) {
		if (fgets(mnt, sizeof(mnt), f)) {
			mnt[strcspn(mnt, "\n")] = '\0';
			sim_pcidev_cleanup(mnt);
		}
		fclose(f);
	}
	for (size_t i = 0; i < sizeof(files) / sizeof(files[0]); i++)
		if (sim_path(name, files[i], path, sizeof(path)) == 0)
			unlink(path);
	if (!keep_pid && sim_path(name, SIM_FILE_PID, path, sizeof(path)) == 0)
		unlink(path);
}

static void remove_all(const char *name)
{
	char path[PATH_MAX];

	remove_files(name, false);
	if (sim_path(name, SIM_FILE_LOCK, path, sizeof(path)) == 0)
		unlink(path);
	if (sim_path(name, NULL, path, sizeof(path)) == 0)
		rmdir(path);
}

static int write_pid(const char *name, struct prm_err *err)
{
	char tmp[PATH_MAX], path[PATH_MAX], line[32];
	int fd, n = snprintf(line, sizeof(line), "%d\n", (int)getpid());

	if (sim_path(name, SIM_FILE_PID_TMP, tmp, sizeof(tmp)) ||
	    sim_path(name, SIM_FILE_PID, path, sizeof(path)))
		return too_long(name, err);
	fd = sim_create(name, SIM_FILE_PID_TMP, O_WRONLY | O_TRUNC, err);
	if (fd < 0)
		return -1;
	/* renamed into place: a reader finds a whole pid or none */
	if (write_all(fd, line, (size_t)n)) {
		int e = errno;

		close(fd);
		return sys_error("cannot write", tmp, e, err);
	}
	if (close(fd) || rename(tmp, path))
		return sys_error("cannot write", path, errno, err);
	return 0;
}

int sim_claim(const char *name, struct prm_err *err)
{
	char dir[PATH_MAX], path[PATH_MAX];
	pid_t pid = 0;
	int fd = -1, rc;

	if (sim_path(name, NULL, dir, sizeof(dir)) ||
	    sim_path(name, SIM_FILE_LOCK, path, sizeof(path)))
		return too_long(name, err);
	for (int i = 0; fd < 0; i++) {
		if (i == CLAIM_TRIES)
			return prm_err_set(err, PRM_E_FAILED, EAGAIN, "sim_service",
					   "sim:%s: %s keeps being removed under us", name, dir);
		/* 0700 even for a directory an older prmctl made 0755 */
		if (own_dir(dir, true, err))
			return -1;
		fd = sim_create(name, SIM_FILE_LOCK, O_RDWR, err);
		if (fd < 0) {
			if (err->sys_errno == ENOENT)
				continue;	/* the directory went, with a cleaner */
			return -1;
		}
		rc = lock_or_holder(name, fd, &pid);
		if (rc == 1) {
			close(fd);
			if (pid)
				return prm_err_set(err, PRM_E_FAILED, EEXIST, "already_running",
						   "sim:%s is already running (pid %d)", name,
						   (int)pid);
			return prm_err_set(err, PRM_E_FAILED, EEXIST, "already_running",
					   "sim:%s is already running (its lock %s is held, "
					   "its pid not written)", name, path);
		}
		if (rc < 0) {
			int e = errno;

			close(fd);
			return sys_error("cannot lock", path, e, err);
		}
		if (!same_file(fd, path)) {
			close(fd);	/* the lock a cleaner just removed */
			fd = -1;
		}
	}
	if (write_pid(name, err)) {
		close(fd);
		return -1;
	}
	remove_files(name, true);	/* what a dead one left */
	return fd;
}

void sim_release(const char *name, int lock_fd)
{
	remove_all(name);	/* while the lock is still ours */
	if (lock_fd >= 0)
		close(lock_fd);
}

int sim_cleanup(const char *name, struct prm_err *err)
{
	char path[PATH_MAX];
	pid_t pid = 0;
	int fd, rc, e;

	if (sim_path(name, SIM_FILE_LOCK, path, sizeof(path)))
		return too_long(name, err);
	fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
	if (fd < 0 && errno != ENOENT)
		return sim_open_error(name, path, errno, err);
	if (fd < 0) {	/* died before it made its lock */
		remove_all(name);
		return 0;
	}
	rc = lock_or_holder(name, fd, &pid);
	e = errno;
	if (rc == 0 && !same_file(fd, path)) {
		rc = 1;		/* a new service made a new lock */
		pid = read_pid(name);
	}
	if (rc == 0)
		remove_all(name);
	close(fd);
	if (rc < 0)
		return sim_open_error(name, path, e, err);
	if (rc == 1)
		return prm_err_set(err, PRM_E_FAILED, EEXIST, "already_running",
				   "sim:%s is running again (pid %d): not cleaning up", name,
				   (int)pid);
	return 0;
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
		return sys_error("cannot read", sim_rundir(), errno, err);
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
