// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* One program run to its end or its deadline. */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "lib/util/clock.h"
#include "lib/util/spawn.h"

/* A child asked to stop gets this long to finish its files before SIGKILL. */
#define SPAWN_GRACE_MS 2000
#define SPAWN_POLL_MS 20

static void child(char *const argv[], const char *out_path, int err_fd)
{
	int in = open("/dev/null", O_RDONLY);
	int out = out_path ? open(out_path, O_WRONLY | O_CREAT | O_TRUNC, 0644)
			   : open("/dev/null", O_WRONLY);

	if (in < 0 || out < 0) {
		dprintf(err_fd, "cannot open %s: %s\n", out_path ? out_path : "/dev/null",
			strerror(errno));
		_exit(127);
	}
	dup2(in, 0);
	dup2(out, 1);
	dup2(err_fd, 2);
	/* its own process group: a stop reaches whatever it started */
	setpgid(0, 0);
	execv(argv[0], argv);
	dprintf(2, "cannot run %s: %s\n", argv[0], strerror(errno));
	_exit(127);
}

/* Keep the last sizeof(tail)-1 bytes read. */
static void keep_tail(char *tail, size_t sz, size_t *used, const char *buf, size_t n)
{
	if (n >= sz - 1) {
		memcpy(tail, buf + n - (sz - 1), sz - 1);
		*used = sz - 1;
	} else {
		if (*used + n > sz - 1) {
			size_t drop = *used + n - (sz - 1);

			memmove(tail, tail + drop, *used - drop);
			*used -= drop;
		}
		memcpy(tail + *used, buf, n);
		*used += n;
	}
	tail[*used] = 0;
}

static void trim(char *s)
{
	size_t n = strlen(s);

	while (n && (s[n - 1] == '\n' || s[n - 1] == ' ' || s[n - 1] == '\r'))
		s[--n] = 0;
	for (char *p = s; *p; p++)
		if (*p == '\n' || *p == '\t')
			*p = ' ';
}

int spawn_run(char *const argv[], const struct spawn_opts *o, struct spawn_result *r,
	      struct prm_err *err)
{
	int pipefd[2], status = 0;
	uint64_t start = clock_now_ms(), kill_at = 0;
	size_t used = 0;
	bool open_pipe = true;
	pid_t pid;

	memset(r, 0, sizeof(*r));
	r->exit_code = -1;
	if (pipe2(pipefd, O_CLOEXEC))
		return prm_err_set(err, PRM_E_FAILED, errno, "spawn", "pipe: %s", strerror(errno));
	pid = fork();
	if (pid < 0) {
		close(pipefd[0]);
		close(pipefd[1]);
		return prm_err_set(err, PRM_E_FAILED, errno, "spawn", "fork: %s", strerror(errno));
	}
	if (pid == 0)
		child(argv, o->stdout_path, pipefd[1]);
	setpgid(pid, pid);	/* as the child does: whichever runs first */
	close(pipefd[1]);
	for (;;) {
		struct pollfd p = { .fd = pipefd[0], .events = POLLIN };
		uint64_t now;
		pid_t w;

		if (open_pipe && poll(&p, 1, SPAWN_POLL_MS) > 0) {
			char buf[1024];
			ssize_t n = read(pipefd[0], buf, sizeof(buf));

			if (n > 0)
				keep_tail(r->err_tail, sizeof(r->err_tail), &used, buf, (size_t)n);
			else if (n == 0 || errno != EINTR)
				open_pipe = false;
		} else if (!open_pipe) {
			clock_sleep_us(SPAWN_POLL_MS * 1000);
		}
		w = waitpid(pid, &status, WNOHANG);
		if (w == pid)
			break;
		now = clock_now_ms();
		if (!kill_at && o->timeout_ms && now - start >= o->timeout_ms)
			r->timed_out = true;
		else if (!kill_at && o->should_stop && o->should_stop())
			r->stopped = true;
		if (!kill_at && (r->timed_out || r->stopped)) {
			/* SIGTERM first: a capture ends its file cleanly */
			kill_at = now + SPAWN_GRACE_MS;
			kill(-pid, SIGTERM);
		}
		if (kill_at && now >= kill_at)
			kill(-pid, SIGKILL);
	}
	close(pipefd[0]);
	r->ms = (unsigned long)(clock_now_ms() - start);
	if (WIFEXITED(status))
		r->exit_code = WEXITSTATUS(status);
	else if (WIFSIGNALED(status))
		r->signal = WTERMSIG(status);
	trim(r->err_tail);
	return 0;
}

void spawn_describe(const struct spawn_result *r, char *buf, size_t sz)
{
	if (r->timed_out)
		snprintf(buf, sz, "timed out after %lu ms", r->ms);
	else if (r->stopped)
		snprintf(buf, sz, "interrupted");
	else if (r->signal)
		snprintf(buf, sz, "killed by signal %d (%s)", r->signal, strsignal(r->signal));
	else
		snprintf(buf, sz, "exit %d", r->exit_code);
}
