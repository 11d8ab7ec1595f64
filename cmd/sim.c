// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* prmctl sim start | stop | list | status | inject | clear: simulator services. */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "cmd/core/cmd.h"
#include "lib/dev/devname.h"
#include "lib/dev/simsvc.h"
#include "lib/out/out.h"
#include "lib/prm/names.h"
#include "lib/prm/opcodes.h"
#include "lib/prm/registers.h"
#include "lib/sim/adapter.h"
#include "lib/util/clock.h"
#include "lib/util/infile.h"
#include "lib/sim/proto.h"
#include "lib/sim/rundir.h"
#include "lib/sim/svclock.h"
#include "lib/sim/service.h"

/* How long start waits for the service to answer, and stop for it to end. */
#define START_WAIT_MS 5000
#define STOP_WAIT_MS 5000

enum { OPT_BOOT_MS = 0x500, OPT_FOREGROUND, OPT_PCI_DIR, OPT_BDF, OPT_QEMU_PROXY, OPT_VFIO_USER };

struct sim_args {
	const char *arg[2];
	int n, max;
	const char *model;
	uint64_t boot_ms;
	bool foreground;
	const char *pci_dir;
	char bdf[16];
	int qemu_fd;		/* 0: none (fd 0 is never QEMU's socket) */
	const char *vfio_user;	/* the socket path, made absolute */
	char vfio_user_abs[4096];
};

static const struct argp_option start_options[] = {
	{ "model", 'm', "MODEL", 0, "cx5, cx6dx or cx7 (default cx7)", 0 },
	{ "boot-ms", OPT_BOOT_MS, "MS", 0, "Keep 'initializing' set this long (" CMD_DURATION_MS
	  "; default 0)", 0 },
	{ "foreground", OPT_FOREGROUND, NULL, 0, "Do not detach; stop with SIGINT/SIGTERM", 0 },
	{ "pci-dir", OPT_PCI_DIR, "DIR", 0,
	  "Also present the adapter as a sysfs PCI device directory DIR/BDF (FUSE; root)", 0 },
	{ "bdf", OPT_BDF, "ADDR", 0, "Its PCI address in DIR (default 0000:ff:00.0)", 0 },
	{ "qemu-proxy", OPT_QEMU_PROXY, "FD", 0,
	  "Also be the remote end of QEMU's PCI proxy on the inherited socket FD "
	  "(-device x-pci-proxy-dev,fd=N in QEMU)", 0 },
	{ "vfio-user", OPT_VFIO_USER, "SOCKET", 0,
	  "Also be a vfio-user device server listening at SOCKET, with MSI-X "
	  "(-device vfio-user-pci,socket=SOCKET in QEMU 10.1 and later)", 0 },
	{ 0 }
};

static const struct cmd_duration boot_ms = { "--boot-ms", true, 0, 600000 };

static error_t parse(int key, char *arg, struct argp_state *state)
{
	struct sim_args *a = state->input;

	switch (key) {
	case 'm':
		a->model = arg;
		return 0;
	case OPT_BOOT_MS:
		return cmd_opt_duration_in(state, &boot_ms, arg, &a->boot_ms);
	case OPT_FOREGROUND:
		a->foreground = true;
		return 0;
	case OPT_PCI_DIR:
		a->pci_dir = arg;
		return 0;
	case OPT_VFIO_USER:
		a->vfio_user = arg;
		return 0;
	case OPT_QEMU_PROXY: {
		uint64_t fd;
		struct stat st;

		if (cmd_number(arg, 65535, &fd) || fd < 3 || fstat((int)fd, &st) ||
		    !S_ISSOCK(st.st_mode)) {
			argp_error(state, "--qemu-proxy: '%s' is not an open socket descriptor (3 or above)",
				   arg);
			return EINVAL;
		}
		a->qemu_fd = (int)fd;
		return 0;
	}
	case OPT_BDF: {
		struct pci_addr pa;

		if (pci_addr_parse(arg, &pa)) {
			argp_error(state, "--bdf: '%s' is not a PCI address", arg);
			return EINVAL;
		}
		pci_addr_format(&pa, a->bdf, sizeof(a->bdf));
		return 0;
	}
	case ARGP_KEY_ARG:
		if (a->n == a->max) {
			argp_error(state, "unexpected argument '%s'", arg);
			return EINVAL;
		}
		a->arg[a->n++] = arg;
		return 0;
	}
	return ARGP_ERR_UNKNOWN;
}

/* The verbs that name a simulator take it, and at most one argument more. */
static error_t parse_name(int key, char *arg, struct argp_state *state)
{
	if (key == ARGP_KEY_INIT)
		((struct sim_args *)state->input)->max = 1;
	return parse(key, arg, state);
}

static error_t parse_name_arg(int key, char *arg, struct argp_state *state)
{
	if (key == ARGP_KEY_INIT)
		((struct sim_args *)state->input)->max = 2;
	return parse(key, arg, state);
}

static const struct argp start_argp = {
	start_options, parse_name, "NAME",
	"Run a simulated adapter as a background service that -d sim:NAME reaches "
	"from any prmctl process: BAR0 in a shared file, config space over a socket.",
	prm_global_children, NULL, NULL
};
static const struct argp name_argp = {
	NULL, parse_name, "NAME", "NAME is a running simulator service.",
	prm_global_children, NULL, NULL
};
static const struct argp inject_argp = {
	NULL, parse_name_arg, "NAME FAULT[:ARGS]",
	"Inject a fault: health-stall, fw-assert[:synd=N,ext_synd=N,severity=N,irisc=N,rfr=0|1], "
	"thermal, device-gone, sem-held, icmd-busy, cmd-hang:OPCODE, cmd-slow:OPCODE,MS, "
	"cmd-status:OPCODE,STATUS,SYNDROME, cmd-bad-signature, cap:PAGE.FIELD=VALUE, "
	"qp-transition-hang:STEP, tracer-steal, ring-overrun, "
	"esw:{pf-disable|pf-enable|num-vfs=N|sf-add=N|sf-del=N}, dct-key-violation:DCTN, "
	"dct-drain-stuck, link-degraded[:width=N,speed=GT], page-request:PAGES. See prmctl-sim(8).",
	prm_global_children, NULL, NULL
};
static const struct argp clear_argp = {
	NULL, parse_name_arg, "NAME [FAULT]", "Clear one fault, or all of them.",
	prm_global_children, NULL, NULL
};
static const struct argp commands_argp = {
	NULL, parse_name, "NAME",
	"The commands the service's firmware ran (the last 512): opcode, op_mod, status or "
	"delivery failure, syndrome and latency.",
	prm_global_children, NULL, NULL
};
static const struct argp tracelog_argp = {
	NULL, parse_name, "NAME",
	"Every item the service's firmware tracer emitted since it started, as JSON Lines in "
	"the form of 'trace decode --json': what a capture of it must decode to.",
	prm_global_children, NULL, NULL
};
static const struct argp list_argp = {
	NULL, parse, NULL, "List simulator services, alive or left behind.",
	prm_global_children, NULL, NULL
};

static int check_name(const char *name)
{
	struct dev_name n;
	struct prm_err err = { 0 };
	char full[96];

	snprintf(full, sizeof(full), "sim:%s", name);
	if (devname_parse(full, &n, &err))
		return cmd_usage("%s", err.msg);
	return 0;
}

/* check() of every verb: the simulator named, where one is taken. */
static int name_check(struct cmd_run *r)
{
	const struct sim_args *a = r->opts;

	if (a->max && a->n < 1)
		return cmd_usage("prmctl %s: which simulator? (NAME)", r->what);
	return a->n ? check_name(a->arg[0]) : 0;
}

/* The service process: detached, quiet, until stopped. */
static void serve(const struct sim_args *a, int ready_fd)
{
	struct sim_service_opts so = { .name = a->arg[0], .model = a->model,
				       .boot_ms = (unsigned)a->boot_ms, .ready_fd = ready_fd,
				       .pci_dir = a->pci_dir, .bdf = a->bdf,
				       .qemu_fd = a->qemu_fd ? a->qemu_fd : -1,
				       .vfio_user = a->vfio_user };
	struct prm_err err = { 0 };
	int null = open("/dev/null", O_RDWR);

	cmd_catch_stop_service(sim_service_stop);
	signal(SIGHUP, SIG_IGN);
	signal(SIGPIPE, SIG_IGN);
	/* a relative PRMCTL_SIM_DIR, made absolute while the working directory still means it */
	setenv("PRMCTL_SIM_DIR", sim_rundir(), 1);
	if (chdir("/"))
		_exit(EXIT_FAIL);
	if (null >= 0) {
		dup2(null, STDIN_FILENO);
		dup2(null, STDOUT_FILENO);
		dup2(null, STDERR_FILENO);
	}
	if (null > STDERR_FILENO)
		close(null);
	_exit(sim_service_run(&so, &err) ? EXIT_FAIL : EXIT_OK);
}

/* name, device, pid, model and directory of a service */
static int describe(const char *name, const char *model, const char *pci_dir,
		    const char *bdf)
{
	char dir[4096];
	pid_t pid = 0;

	sim_alive(name, &pid);
	sim_path(name, NULL, dir, sizeof(dir));
	out_doc_begin();
	out_str("name", name);
	out_strf("device", "sim:%s", name);
	out_s64("pid", pid);
	out_str("model", model);
	out_str("directory", dir);
	if (pci_dir) {
		out_str("pci_address", bdf);
		out_strf("pci_device", "%s/%s", pci_dir, bdf);
	}
	return cmd_done(EXIT_OK);
}

/*
 * The socket path, judged before the service starts: its directory must be
 * there, and what is at the path already a socket (the service replaces a
 * leftover, refuses one in use). Absolute, as the service runs from "/".
 */
static int vfio_user_check(struct sim_args *a)
{
	struct stat st;
	char cwd[2048];
	int rc;

	if (a->qemu_fd)
		return cmd_usage("sim start: --vfio-user and --qemu-proxy are two ways to reach "
				 "guest memory: give one");
	if (!lstat(a->vfio_user, &st) && !S_ISSOCK(st.st_mode))
		return cmd_usage("--vfio-user: %s exists and is not a socket", a->vfio_user);
	rc = cmd_out_file("--vfio-user", a->vfio_user);
	if (rc)
		return rc;
	if (a->vfio_user[0] != '/' && !getcwd(cwd, sizeof(cwd)))
		return cmd_usage("--vfio-user: %s: the working directory: %s", a->vfio_user,
				 strerror(errno));
	snprintf(a->vfio_user_abs, sizeof(a->vfio_user_abs), "%s%s%s",
		 a->vfio_user[0] == '/' ? "" : cwd, a->vfio_user[0] == '/' ? "" : "/", a->vfio_user);
	if (strlen(a->vfio_user_abs) >= sizeof(((struct sockaddr_un *)0)->sun_path))
		return cmd_usage("--vfio-user: %s: too long for a socket path (%zu bytes at most)",
				 a->vfio_user_abs, sizeof(((struct sockaddr_un *)0)->sun_path) - 1);
	a->vfio_user = a->vfio_user_abs;
	return 0;
}

static int start_check(struct cmd_run *r)
{
	struct sim_args *a = r->opts;
	int rc = name_check(r);

	if (rc)
		return rc;
	if (!a->model)
		a->model = G.model;	/* the global --model means the same here */
	if (!a->bdf[0])
		snprintf(a->bdf, sizeof(a->bdf), "0000:ff:00.0");
	if (a->model && strcmp(a->model, "cx5") && strcmp(a->model, "cx6dx") &&
	    strcmp(a->model, "cx7"))
		return cmd_usage("sim start: unknown model '%s' (cx5, cx6dx, cx7)", a->model);
	return a->vfio_user ? vfio_user_check(a) : 0;
}

static int sim_start(struct cmd_run *r)
{
	const struct sim_args *a = r->opts;
	char buf[600] = "";
	int p[2];
	pid_t pid;
	ssize_t n;

	if (a->foreground) {
		struct sim_service_opts so = { .name = a->arg[0], .model = a->model,
					       .boot_ms = (unsigned)a->boot_ms, .ready_fd = -1,
					       .pci_dir = a->pci_dir, .bdf = a->bdf,
					       .qemu_fd = a->qemu_fd ? a->qemu_fd : -1,
				       .vfio_user = a->vfio_user };
		struct prm_err err = { 0 };

		cmd_catch_stop_service(sim_service_stop);
		return sim_service_run(&so, &err) ? cmd_fail(&err) : EXIT_OK;
	}
	if (pipe2(p, O_CLOEXEC))
		return cmd_usage("sim start: pipe: %s", strerror(errno));
	fflush(NULL);
	pid = fork();
	if (pid < 0)
		return cmd_usage("sim start: fork: %s", strerror(errno));
	if (pid == 0) {
		close(p[0]);
		if (fork() > 0)	/* the grandchild serves, re-parented to init */
			_exit(0);
		setsid();
		serve(a, p[1]);
	}
	close(p[1]);
	if (a->qemu_fd)
		close(a->qemu_fd);	/* the service holds it now */
	waitpid(pid, NULL, 0);
	/* the service's word: 'R' ready, or 'E' and why; EOF when it closes */
	for (ssize_t got = 0; (size_t)got < sizeof(buf) - 1; got += n) {
		struct pollfd pf = { .fd = p[0], .events = POLLIN };

		if (poll(&pf, 1, START_WAIT_MS) <= 0) {	/* a service that hangs */
			n = got;
			break;
		}
		n = read(p[0], buf + got, sizeof(buf) - 1 - (size_t)got);
		if (n < 0 && errno == EINTR) {
			n = 0;
			continue;
		}
		if (n <= 0) {
			n = got;
			break;
		}
	}
	close(p[0]);
	if (n <= 0 || buf[0] != 'R') {
		if (n > 1)
			out_error(EXIT_FAIL, "sim_start", "%s", buf + 1);
		else
			out_error(EXIT_FAIL, "sim_start", "sim:%s: the service did not come up",
				  a->arg[0]);
		return EXIT_FAIL;
	}
	if (G.inject) {	/* --inject: the faults the service starts with */
		struct prm_err err = { 0 };
		char *list = G.inject, *save = NULL, *tok;

		for (tok = strtok_r(list, ";", &save); tok; tok = strtok_r(NULL, ";", &save))
			if (simsvc_call(a->arg[0], SIM_OP_INJECT, tok, NULL, 0, NULL, &err))
				return cmd_fail(&err);
	}
	return describe(a->arg[0], a->model ? a->model : "cx7", a->pci_dir, a->bdf);
}

static int sim_stop(struct cmd_run *r)
{
	const struct sim_args *a = r->opts;
	struct prm_err err = { 0 };
	pid_t pid = 0;
	int state;

	state = sim_state(a->arg[0], &pid, &err);
	if (state < 0)
		return cmd_fail(&err);	/* another user's: permission denied */
	if (state == SIM_ABSENT) {
		prm_err_set(&err, PRM_E_NODEV, ENOENT, "not_found",
			    "sim:%s: no running simulator by that name", a->arg[0]);
		return cmd_fail(&err);
	}
	if (state == SIM_DEAD && sim_cleanup(a->arg[0], &err))	/* a crashed one's leftovers */
		return cmd_fail(&err);
	if (state == SIM_RUNNING &&
	    simsvc_call(a->arg[0], SIM_OP_STOP, NULL, NULL, 0, NULL, &err))
		return cmd_fail(&err);
	for (unsigned waited = 0; sim_alive(a->arg[0], NULL) ||
	     (state == SIM_RUNNING && !sim_pid_ended(pid)); waited += 10) {
		if (waited >= STOP_WAIT_MS) {
			err.kind = PRM_E_TIMEOUT;
			err.reason = "sim_stop";
			snprintf(err.msg, sizeof(err.msg), "sim:%s: still running after %u ms",
				 a->arg[0], STOP_WAIT_MS);
			return cmd_fail(&err);
		}
		clock_sleep_us(10000);
	}
	out_doc_begin();
	out_str("name", a->arg[0]);
	out_str("state", state == SIM_DEAD ? "cleaned_up" : "stopped");
	if (state == SIM_DEAD)
		out_note("The service was dead; its files are removed.");
	return cmd_done(EXIT_OK);
}

static int sim_list(struct cmd_run *r)
{
	static const char *const states[] = { [SIM_DEAD] = "dead", [SIM_RUNNING] = "running" };
	struct prm_err err = { 0 };
	char names[4096], *save = NULL, *tok;
	unsigned rows = 0;

	(void)r;
	if (sim_names(names, sizeof(names), &err))
		return cmd_fail(&err);
	out_doc_begin();
	out_table_begin("simulators");
	for (tok = strtok_r(names, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		char model[64] = "";
		pid_t pid = 0;
		int state = sim_state(tok, &pid, NULL);

		if (state == SIM_ABSENT)
			continue;	/* stopped since we read the directory, or not a service */
		rows++;
		if (state == SIM_RUNNING)
			simsvc_call(tok, SIM_OP_INFO, NULL, model, sizeof(model), NULL, NULL);
		out_obj_begin(NULL);
		out_str("name", tok);
		/* another user's, that we may not look into */
		out_str("state", state < 0 ? "inaccessible" : states[state]);
		if (state == SIM_RUNNING && pid > 0)	/* 0: starting, not yet written */
			out_s64("pid", pid);
		else
			out_null("pid");
		out_str("model", model[0] ? model : NULL);
		out_obj_end();
	}
	out_table_end();
	if (!rows)
		out_note("No simulator services.");
	return cmd_done(EXIT_OK);
}

static int control(const struct sim_args *a, uint32_t op)
{
	struct prm_err err = { 0 };
	char reply[512], model[64] = "", events[256] = "";
	uint32_t val = 0, reads = 0;
	unsigned long long n[9] = { 0 };

	if (simsvc_call(a->arg[0], op, a->n > 1 ? a->arg[1] : "", reply, sizeof(reply), &val, &err) ||
	    simsvc_call(a->arg[0], SIM_OP_STATUS, NULL, reply, sizeof(reply), &val, &err) ||
	    simsvc_call(a->arg[0], SIM_OP_INFO, NULL, model, sizeof(model), NULL, &err) ||
	    simsvc_call(a->arg[0], SIM_OP_HEALTH_READS, NULL, NULL, 0, &reads, &err) ||
	    simsvc_call(a->arg[0], SIM_OP_EVENTS, NULL, events, sizeof(events), NULL, &err))
		return cmd_fail(&err);
	if (sscanf(events, "%llu %llu %llu %llu %llu %llu %llu %llu %llu", &n[0], &n[1], &n[2],
		   &n[3], &n[4], &n[5], &n[6], &n[7], &n[8]) != 9) {
		prm_err_set(&err, PRM_E_FAILED, EPROTO, "bad_reply",
			    "sim:%s: the service's activity reply is unreadable", a->arg[0]);
		return cmd_fail(&err);
	}
	out_doc_begin();
	out_str("name", a->arg[0]);
	out_str("model", model);
	out_str_list("faults", reply);
	out_u64("health_counter", val);
	out_u64("health_counter_reads", reads);
	out_u64("command_count", n[0]);
	out_u64("unsupported_count", n[1]);
	out_u64("page_count", n[2]);
	out_u64("eqe_count", n[3]);
	out_u64("command_eqe_count", n[4]);
	out_u64("interrupt_count", n[5]);
	out_u64("eq_doorbell_count", n[6]);
	out_hex_width("gateway_semaphore_holder", n[7], 32);
	out_u64("semaphores_held", n[8]);
	return cmd_done(EXIT_OK);
}

/*
 * The log as it is now, in chunks: it grows for as long as the tracer runs,
 * and was read whole into memory (up to 1 GiB) before it was printed.
 */
static int copy_out(const char *path, struct prm_err *err)
{
	char buf[1 << 16];
	int fd = infile_open(path, path, 0, err);

	if (fd < 0)
		return -1;
	for (;;) {
		ssize_t r = read(fd, buf, sizeof(buf));

		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0) {
			prm_err_set(err, PRM_E_FAILED, errno, "read_failed", "%s: %s", path,
				    strerror(errno));
			break;
		}
		if (r == 0 || fwrite(buf, 1, (size_t)r, stdout) != (size_t)r)
			break;
	}
	close(fd);
	if (err->kind)
		return -1;
	if (ferror(stdout) || fflush(stdout))
		return prm_err_set(err, PRM_E_FAILED, errno ? errno : EIO, "write_failed",
				   "error writing output: %s", strerror(errno ? errno : EIO));
	return 0;
}

static int sim_tracelog(struct cmd_run *r)
{
	const struct sim_args *a = r->opts;
	struct prm_err err = { 0 };
	char path[4096];
	struct stat st;
	int rc = sim_state(a->arg[0], NULL, &err);
	if (rc < 0)
		return cmd_fail(&err);
	if (rc != SIM_RUNNING) {
		prm_err_set(&err, PRM_E_NODEV, ENOENT, "not_running",
			    "sim:%s: no running simulator by that name", a->arg[0]);
		return cmd_fail(&err);
	}
	sim_path(a->arg[0], SIM_FILE_TRACELOG, path, sizeof(path));
	if (copy_out(path, &err))
		return cmd_fail(&err);
	if (stat(path, &st) == 0 && (uint64_t)st.st_size + SIM_TRACELOG_LINE_MAX > SIM_TRACELOG_MAX)
		out_warn("sim:%s: the log stopped at %llu MiB: what the tracer emitted after "
			 "that is not in it", a->arg[0], SIM_TRACELOG_MAX >> 20);
	return EXIT_OK;
}

static int sim_status(struct cmd_run *r)
{
	return control(r->opts, SIM_OP_STATUS);
}

static int inject_check(struct cmd_run *r)
{
	const struct sim_args *a = r->opts;
	int rc = name_check(r);

	if (rc)
		return rc;
	if (a->n < 2)
		return cmd_usage("sim inject: which fault? (%s)", sim_fault_list());
	return 0;
}

static int sim_inject(struct cmd_run *r)
{
	return control(r->opts, SIM_OP_INJECT);
}

static int sim_commands(struct cmd_run *r)
{
	const struct sim_args *a = r->opts;
	struct prm_err err = { 0 };
	struct sim_cmd_record *v;
	size_t n;

	if (simsvc_cmdlog(a->arg[0], &v, &n, &err))
		return cmd_fail(&err);
	out_doc_begin();
	out_str("name", a->arg[0]);
	out_table_begin("commands");
	for (size_t i = 0; i < n; i++) {
		out_obj_begin(NULL);
		out_named("opcode", v[i].opcode, true, prm_name_of(&prm_cmd_opcode_names, v[i].opcode));
		out_hex("op_mod", v[i].op_mod);
		if (v[i].delivery) {
			out_null("status");
			out_named("delivery_status", v[i].delivery, true,
				  prm_name_of(&prm_cmd_delivery_status_names, v[i].delivery));
		} else {
			out_named("status", v[i].status, true,
				  prm_name_of(&prm_cmd_status_names, v[i].status));
			out_null("delivery_status");
		}
		out_hex_width("syndrome", v[i].syndrome, 32);
		out_u64("latency_us", v[i].latency_us);
		if (v[i].opcode == MLX5_CMD_OP_ACCESS_REG) {
			const struct prm_register *reg = prm_register_by_id(v[i].register_id);

			out_hex("register_id", v[i].register_id);
			if (reg)
				out_str("register", reg->name);
			else
				out_null("register");
		} else {
			out_null("register_id");
			out_null("register");
		}
		out_bool("eqe", v[i].event);
		out_obj_end();
	}
	out_table_end();
	free(v);
	return cmd_done(EXIT_OK);
}

static int sim_clear(struct cmd_run *r)
{
	return control(r->opts, SIM_OP_CLEAR);
}

static const struct prm_verb verbs[] = {
	{ .name = "start", .summary = "Start a simulated adapter as a service",
	  .argp = &start_argp, .check = start_check, .exec = sim_start,
	  .opts_size = sizeof(struct sim_args) },
	{ .name = "stop", .summary = "Stop a service (or clean up a dead one)",
	  .argp = &name_argp, .check = name_check, .exec = sim_stop,
	  .opts_size = sizeof(struct sim_args) },
	{ .name = "list", .summary = "List services", .argp = &list_argp, .check = name_check,
	  .exec = sim_list, .opts_size = sizeof(struct sim_args) },
	{ .name = "status", .summary = "Faults and health counter of a service",
	  .argp = &name_argp, .check = name_check, .exec = sim_status,
	  .opts_size = sizeof(struct sim_args) },
	{ .name = "inject", .summary = "Inject a fault", .argp = &inject_argp,
	  .check = inject_check, .exec = sim_inject, .opts_size = sizeof(struct sim_args) },
	{ .name = "commands", .summary = "The commands its firmware ran", .argp = &commands_argp,
	  .check = name_check, .exec = sim_commands, .opts_size = sizeof(struct sim_args) },
	{ .name = "trace-log", .summary = "What its firmware tracer emitted",
	  .argp = &tracelog_argp, .check = name_check, .exec = sim_tracelog,
	  .opts_size = sizeof(struct sim_args) },
	{ .name = "clear", .summary = "Clear faults", .argp = &clear_argp, .check = name_check,
	  .exec = sim_clear, .opts_size = sizeof(struct sim_args) },
};

const struct prm_cmd cmd_sim = {
	.name = "sim",
	.summary = "Run simulated adapters and inject faults",
	.verbs = verbs,
	.nverbs = sizeof(verbs) / sizeof(verbs[0]),
	.default_verb = "list",
};
