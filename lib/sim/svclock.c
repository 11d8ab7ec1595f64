// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * A service's lock: held for its whole life, it says who runs; leftovers
 * are removed only under it, so a start, a stop and a cleaner racing for
 * one name never remove each other's files.
 */
#include "lib/sim/svclock.h"

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
#include "lib/sim/rundir.h"
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

/*
 * A killed service stays a zombie where nothing reaps it (a container's
 * init): kill(pid, 0) succeeds on one, /proc tells it apart.
 */
static bool pid_alive(pid_t pid)
{
	char path[64], buf[256], *p = NULL;
	ssize_t n = -1;
	int fd;

	if (pid <= 0 || (kill(pid, 0) && errno != EPERM))
		return false;
	snprintf(path, sizeof(path), "/proc/%d/stat", (int)pid);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd >= 0) {
		n = read(fd, buf, sizeof(buf) - 1);
		close(fd);
	}
	if (n > 0) {
		buf[n] = '\0';
		p = strrchr(buf, ')');	/* "pid (comm) S ...", comm may hold ')' */
	}
	return !p || p[1] != ' ' || (p[2] != 'Z' && p[2] != 'X');
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
		return sim_err_too_long(name, err);
	if (lstat(dir, &st))
		return errno == ENOENT ? SIM_ABSENT : sim_open_error(name, dir, errno, err);
	if (!S_ISDIR(st.st_mode))
		return SIM_ABSENT;	/* a stray file is no service */
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

bool sim_pid_ended(pid_t pid)
{
	char path[64], buf[256], *paren;
	FILE *f;
	bool zombie = false;

	if (pid <= 0 || kill(pid, 0))
		return true;
	snprintf(path, sizeof(path), "/proc/%d/stat", (int)pid);
	if (!(f = fopen(path, "re")))
		return true;
	if (fgets(buf, sizeof(buf), f) && (paren = strrchr(buf, ')')))
		zombie = paren[1] == ' ' && paren[2] == 'Z';
	fclose(f);
	return zombie;
}

/* Everything but the lock, which says whether the rest is in use (and the pid). */
static void remove_files(const char *name, bool keep_pid)
{
	static const char *const files[] = { SIM_FILE_SOCK, SIM_FILE_BAR0, SIM_FILE_PID_TMP,
					     SIM_FILE_PCIDEV, SIM_FILE_HOSTMEM,
					     SIM_FILE_CMDQ_LOCK, SIM_FILE_TRACELOG,
					     SIM_FILE_TRACERING };
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
		return sim_err_too_long(name, err);
	fd = sim_create(name, SIM_FILE_PID_TMP, O_WRONLY | O_TRUNC, err);
	if (fd < 0)
		return -1;
	/* renamed into place: a reader finds a whole pid or none */
	if (write_all(fd, line, (size_t)n)) {
		int e = errno;

		close(fd);
		return sim_err_sys("cannot write", tmp, e, err);
	}
	if (close(fd) || rename(tmp, path))
		return sim_err_sys("cannot write", path, errno, err);
	return 0;
}

int sim_claim(const char *name, struct prm_err *err)
{
	char dir[PATH_MAX], path[PATH_MAX];
	pid_t pid = 0;
	int fd = -1, rc;

	if (sim_path(name, NULL, dir, sizeof(dir)) ||
	    sim_path(name, SIM_FILE_LOCK, path, sizeof(path)))
		return sim_err_too_long(name, err);
	for (int i = 0; fd < 0; i++) {
		if (i == CLAIM_TRIES)
			return prm_err_set(err, PRM_E_FAILED, EAGAIN, "sim_service",
					   "sim:%s: %s keeps being removed under us", name, dir);
		if (sim_service_dir(name, err))
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
			return sim_err_sys("cannot lock", path, e, err);
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
		return sim_err_too_long(name, err);
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
