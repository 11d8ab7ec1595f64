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
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "cmd/cmd.h"
#include "lib/dev/devname.h"
#include "lib/dev/simsvc.h"
#include "lib/out/out.h"
#include "lib/prm/names.h"
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

enum { OPT_BOOT_MS = 0x500, OPT_FOREGROUND, OPT_PCI_DIR, OPT_BDF, OPT_QEMU_PROXY };

struct sim_args {
	const char *arg[2];
	int n, max;
	const char *model;
	uint64_t boot_ms;
	bool foreground;
	const char *pci_dir;
	char bdf[16];
	int qemu_fd;		/* 0: none (fd 0 is never QEMU's socket) */
};

static const struct argp_option start_options[] = {
	{ "model", 'm', "MODEL", 0, "cx5, cx6dx or cx7 (default cx7)", 0 },
	{ "boot-ms", OPT_BOOT_MS, "MS", 0, "Keep 'initializing' set this long (default 0)", 0 },
	{ "foreground", OPT_FOREGROUND, NULL, 0, "Do not detach; stop with SIGINT/SIGTERM", 0 },
	{ "pci-dir", OPT_PCI_DIR, "DIR", 0,
	  "Also present the adapter as a sysfs PCI device directory DIR/BDF (FUSE; root)", 0 },
	{ "bdf", OPT_BDF, "ADDR", 0, "Its PCI address in DIR (default 0000:ff:00.0)", 0 },
	{ "qemu-proxy", OPT_QEMU_PROXY, "FD", 0,
	  "Also be the remote end of QEMU's PCI proxy on the inherited socket FD "
	  "(-device x-pci-proxy-dev,fd=N in QEMU)", 0 },
	{ 0 }
};

static error_t parse(int key, char *arg, struct argp_state *state)
{
	struct sim_args *a = state->input;

	switch (key) {
	case 'm':
		a->model = arg;
		return 0;
	case OPT_BOOT_MS:
		if (cmd_number(arg, 600000, &a->boot_ms)) {
			argp_error(state, "--boot-ms: '%s' is not a number of ms (up to 600000)", arg);
			return EINVAL;
		}
		return 0;
	case OPT_FOREGROUND:
		a->foreground = true;
		return 0;
	case OPT_PCI_DIR:
		a->pci_dir = arg;
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

static const struct argp start_argp = {
	start_options, parse, "NAME",
	"Run a simulated adapter as a background service that -d sim:NAME reaches "
	"from any prmctl process: BAR0 in a shared file, config space over a socket.",
	prm_global_children, NULL, NULL
};
static const struct argp name_argp = {
	NULL, parse, "NAME", "NAME is a running simulator service.",
	prm_global_children, NULL, NULL
};
static const struct argp inject_argp = {
	NULL, parse, "NAME FAULT[:ARGS]",
	"Inject a fault: health-stall, fw-assert[:synd=N,ext_synd=N,severity=N,irisc=N,rfr=0|1], "
	"thermal, device-gone, sem-held, icmd-busy, cmd-hang:OPCODE, cmd-slow:OPCODE,MS, "
	"cmd-status:OPCODE,STATUS,SYNDROME, cmd-bad-signature, cap:PAGE.FIELD=VALUE, "
	"qp-transition-hang:STEP, tracer-steal, ring-overrun, "
	"esw:{pf-disable|pf-enable|num-vfs=N|sf-add=N|sf-del=N}, dct-key-violation:DCTN, "
	"dct-drain-stuck. See prmctl-sim(8).",
	prm_global_children, NULL, NULL
};
static const struct argp clear_argp = {
	NULL, parse, "NAME [FAULT]", "Clear one fault, or all of them.",
	prm_global_children, NULL, NULL
};
static const struct argp commands_argp = {
	NULL, parse, "NAME",
	"The commands the service's firmware ran (the last 512): opcode, op_mod, status or "
	"delivery failure, syndrome and latency.",
	prm_global_children, NULL, NULL
};
static const struct argp tracelog_argp = {
	NULL, parse, "NAME",
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

static int args(const struct argp *argp, int argc, char **argv, struct sim_args *a,
		int min, int max)
{
	int rc;

	a->max = max;
	rc = cmd_parse(argp, argc, argv, a);
	if (rc || G.help_shown)
		return rc;
	if (a->n < min)
		return cmd_usage("%s: which simulator? (NAME)", argv[0]);
	return a->n ? check_name(a->arg[0]) : 0;
}

static void on_stop_signal(int sig)
{
	(void)sig;
	sim_service_stop();
}

/* The service process: detached, quiet, until stopped. */
static void serve(const struct sim_args *a, int ready_fd)
{
	struct sim_service_opts so = { .name = a->arg[0], .model = a->model,
				       .boot_ms = (unsigned)a->boot_ms, .ready_fd = ready_fd,
				       .pci_dir = a->pci_dir, .bdf = a->bdf,
				       .qemu_fd = a->qemu_fd ? a->qemu_fd : -1 };
	struct sigaction sa = { .sa_handler = on_stop_signal };
	struct prm_err err = { 0 };
	int null = open("/dev/null", O_RDWR);

	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGINT, &sa, NULL);
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

static int sim_start(int argc, char **argv)
{
	struct sim_args a = { 0 };
	char buf[600] = "";
	int p[2], rc = args(&start_argp, argc, argv, &a, 1, 1);
	pid_t pid;
	ssize_t n;

	if (rc || G.help_shown)
		return rc;
	if (!a.model)
		a.model = G.model;	/* the global --model means the same here */
	if (!a.bdf[0])
		snprintf(a.bdf, sizeof(a.bdf), "0000:ff:00.0");
	if (a.model && strcmp(a.model, "cx5") && strcmp(a.model, "cx6dx") &&
	    strcmp(a.model, "cx7"))
		return cmd_usage("sim start: unknown model '%s' (cx5, cx6dx, cx7)", a.model);
	if (a.foreground) {
		struct sim_service_opts so = { .name = a.arg[0], .model = a.model,
					       .boot_ms = (unsigned)a.boot_ms, .ready_fd = -1,
					       .pci_dir = a.pci_dir, .bdf = a.bdf,
					       .qemu_fd = a.qemu_fd ? a.qemu_fd : -1 };
		struct sigaction sa = { .sa_handler = on_stop_signal };
		struct prm_err err = { 0 };

		sigaction(SIGTERM, &sa, NULL);
		sigaction(SIGINT, &sa, NULL);
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
		serve(&a, p[1]);
	}
	close(p[1]);
	if (a.qemu_fd)
		close(a.qemu_fd);	/* the service holds it now */
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
				  a.arg[0]);
		return EXIT_FAIL;
	}
	if (G.inject) {	/* --inject: the faults the service starts with */
		struct prm_err err = { 0 };
		char *list = G.inject, *save = NULL, *tok;

		for (tok = strtok_r(list, ";", &save); tok; tok = strtok_r(NULL, ";", &save))
			if (simsvc_call(a.arg[0], SIM_OP_INJECT, tok, NULL, 0, NULL, &err))
				return cmd_fail(&err);
	}
	return describe(a.arg[0], a.model ? a.model : "cx7", a.pci_dir, a.bdf);
}

static int sim_stop(int argc, char **argv)
{
	struct sim_args a = { 0 };
	struct prm_err err = { 0 };
	int rc = args(&name_argp, argc, argv, &a, 1, 1), state;

	if (rc || G.help_shown)
		return rc;
	state = sim_state(a.arg[0], NULL, &err);
	if (state < 0)
		return cmd_fail(&err);	/* another user's: permission denied */
	if (state == SIM_ABSENT) {
		prm_err_set(&err, PRM_E_NODEV, ENOENT, "not_found",
			    "sim:%s: no running simulator by that name", a.arg[0]);
		return cmd_fail(&err);
	}
	if (state == SIM_DEAD && sim_cleanup(a.arg[0], &err))	/* a crashed one's leftovers */
		return cmd_fail(&err);
	if (state == SIM_RUNNING &&
	    simsvc_call(a.arg[0], SIM_OP_STOP, NULL, NULL, 0, NULL, &err))
		return cmd_fail(&err);
	for (unsigned waited = 0; sim_alive(a.arg[0], NULL); waited += 10) {
		if (waited >= STOP_WAIT_MS) {
			err.kind = PRM_E_TIMEOUT;
			err.reason = "sim_stop";
			snprintf(err.msg, sizeof(err.msg), "sim:%s: still running after %u ms",
				 a.arg[0], STOP_WAIT_MS);
			return cmd_fail(&err);
		}
		clock_sleep_us(10000);
	}
	out_doc_begin();
	out_str("name", a.arg[0]);
	out_str("state", state == SIM_DEAD ? "cleaned_up" : "stopped");
	if (state == SIM_DEAD)
		out_note("The service was dead; its files are removed.");
	return cmd_done(EXIT_OK);
}

static int sim_list(int argc, char **argv)
{
	static const char *const states[] = { [SIM_DEAD] = "dead", [SIM_RUNNING] = "running" };
	struct sim_args a = { 0 };
	struct prm_err err = { 0 };
	char names[4096], *save = NULL, *tok;
	unsigned rows = 0;
	int rc = args(&list_argp, argc, argv, &a, 0, 0);

	if (rc || G.help_shown)
		return rc;
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

static int control(const struct argp *argp, uint32_t op, int min, int max,
		   int argc, char **argv)
{
	struct sim_args a = { 0 };
	struct prm_err err = { 0 };
	char reply[512], model[64] = "";
	uint32_t val = 0, reads = 0;
	int rc = args(argp, argc, argv, &a, min, max);

	if (rc || G.help_shown)
		return rc;
	if (op == SIM_OP_INJECT && a.n < 2)
		return cmd_usage("sim inject: which fault? (%s)", sim_fault_list());
	if (simsvc_call(a.arg[0], op, a.n > 1 ? a.arg[1] : "", reply, sizeof(reply), &val, &err) ||
	    simsvc_call(a.arg[0], SIM_OP_STATUS, NULL, reply, sizeof(reply), &val, &err) ||
	    simsvc_call(a.arg[0], SIM_OP_INFO, NULL, model, sizeof(model), NULL, &err) ||
	    simsvc_call(a.arg[0], SIM_OP_HEALTH_READS, NULL, NULL, 0, &reads, &err))
		return cmd_fail(&err);
	out_doc_begin();
	out_str("name", a.arg[0]);
	out_str("model", model);
	out_str_list("faults", reply);
	out_u64("health_counter", val);
	out_u64("health_counter_reads", reads);
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

static int sim_tracelog(int argc, char **argv)
{
	struct sim_args a = { 0 };
	struct prm_err err = { 0 };
	char path[4096];
	struct stat st;
	int rc = args(&tracelog_argp, argc, argv, &a, 1, 1);

	if (rc || G.help_shown)
		return rc;
	rc = sim_state(a.arg[0], NULL, &err);
	if (rc < 0)
		return cmd_fail(&err);
	if (rc != SIM_RUNNING) {
		prm_err_set(&err, PRM_E_NODEV, ENOENT, "not_running",
			    "sim:%s: no running simulator by that name", a.arg[0]);
		return cmd_fail(&err);
	}
	sim_path(a.arg[0], SIM_FILE_TRACELOG, path, sizeof(path));
	if (copy_out(path, &err))
		return cmd_fail(&err);
	if (stat(path, &st) == 0 && (uint64_t)st.st_size + SIM_TRACELOG_LINE_MAX > SIM_TRACELOG_MAX)
		out_warn("sim:%s: the log stopped at %llu MiB: what the tracer emitted after "
			 "that is not in it", a.arg[0], SIM_TRACELOG_MAX >> 20);
	return EXIT_OK;
}

static int sim_status(int argc, char **argv)
{
	return control(&name_argp, SIM_OP_STATUS, 1, 1, argc, argv);
}

static int sim_inject(int argc, char **argv)
{
	return control(&inject_argp, SIM_OP_INJECT, 1, 2, argc, argv);
}

static int sim_commands(int argc, char **argv)
{
	struct sim_args a = { 0 };
	struct prm_err err = { 0 };
	struct sim_cmd_record *v;
	size_t n;
	int rc = args(&commands_argp, argc, argv, &a, 1, 1);

	if (rc || G.help_shown)
		return rc;
	if (simsvc_cmdlog(a.arg[0], &v, &n, &err))
		return cmd_fail(&err);
	out_doc_begin();
	out_str("name", a.arg[0]);
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
		out_obj_end();
	}
	out_table_end();
	free(v);
	return cmd_done(EXIT_OK);
}

static int sim_clear(int argc, char **argv)
{
	return control(&clear_argp, SIM_OP_CLEAR, 1, 2, argc, argv);
}

static const struct prm_verb verbs[] = {
	{ "start", "Start a simulated adapter as a service", &start_argp, sim_start, 0 },
	{ "stop", "Stop a service (or clean up a dead one)", &name_argp, sim_stop, 0 },
	{ "list", "List services", &list_argp, sim_list, 0 },
	{ "status", "Faults and health counter of a service", &name_argp, sim_status, 0 },
	{ "inject", "Inject a fault", &inject_argp, sim_inject, 0 },
	{ "commands", "The commands its firmware ran", &commands_argp, sim_commands, 0 },
	{ "trace-log", "What its firmware tracer emitted", &tracelog_argp, sim_tracelog, 0 },
	{ "clear", "Clear faults", &clear_argp, sim_clear, 0 },
};

const struct prm_cmd cmd_sim = {
	.name = "sim",
	.summary = "Run simulated adapters and inject faults",
	.verbs = verbs,
	.nverbs = sizeof(verbs) / sizeof(verbs[0]),
	.default_verb = "list",
};
