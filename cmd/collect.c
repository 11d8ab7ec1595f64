// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* prmctl collect [--analyze BUNDLE]: the support bundle and its verdict. */
#include <errno.h>
#include <ftw.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cmd/core/cmd.h"
#include "lib/dev/discover.h"
#include "lib/ops/collect.h"
#include "lib/out/out.h"
#include "lib/prm/triage.h"
#include "lib/util/sha256.h"
#include "lib/util/tarball.h"

/* A bundle --analyze reads: images, dumps and logs, never more than this. */
#define BUNDLE_MAX (512u << 20)

struct collect_opts_cli {
	const char *output, *analyze, *kernel_log;
	bool all, force;
	uint64_t crdumps, images, trace_s, budget_ms;
};

enum {
	OPT_ALL = 0x900, OPT_ANALYZE, OPT_CRDUMPS, OPT_IMAGES, OPT_TRACE_S, OPT_KERNEL_LOG,
	OPT_BUDGET, OPT_FORCE,
};

static const struct argp_option options[] = {
	{ "output", 'o', "FILE|DIR/", 0,
	  "The bundle: FILE.tar.gz, or a directory (ends in /, or exists); default "
	  "prmctl-collect-HOST-TIME.tar.gz here", 0 },
	{ "all", OPT_ALL, NULL, 0, "Every ConnectX function (the default without -d)", 0 },
	{ "analyze", OPT_ANALYZE, "BUNDLE", 0,
	  "Print the verdict of a bundle (tar.gz or directory) from its files alone", 0 },
	{ "crdumps", OPT_CRDUMPS, "N", 0, "cr-space dumps per device (0 to 10; 3)", 0 },
	{ "images", OPT_IMAGES, "N", 0,
	  "Initialization-segment images per device, spread over the collection (1 to 10; 3)", 0 },
	{ "trace-seconds", OPT_TRACE_S, "N", 0,
	  "Capture the firmware tracer N seconds when it is free, or with --write the "
	  "kernel's traces beside mlx5_core (" CMD_DURATION_S
	  "; whole seconds, 0 to 600; default 5; 0: none)", 0 },
	{ "kernel-log", OPT_KERNEL_LOG, "FILE", 0,
	  "Read the kernel log from FILE, not from the journal or dmesg", 0 },
	{ "budget", OPT_BUDGET, "T", 0, "Time allowed per device (" CMD_DURATION_S
	  "; default 60s)", 0 },
	{ "force", OPT_FORCE, NULL, 0, "Replace the bundle if it exists", 0 },
	{ 0 }
};

static error_t parse(int key, char *arg, struct argp_state *state)
{
	struct collect_opts_cli *o = state->input;

	switch (key) {
	case ARGP_KEY_INIT:
		o->crdumps = 3;
		o->images = 3;
		o->trace_s = 5;
		o->budget_ms = 60000;
		return 0;
	case 'o':
		o->output = arg;
		return 0;
	case OPT_ALL:
		o->all = true;
		return 0;
	case OPT_ANALYZE:
		o->analyze = arg;
		return 0;
	case OPT_KERNEL_LOG:
		o->kernel_log = arg;
		return 0;
	case OPT_FORCE:
		o->force = true;
		return 0;
	case OPT_BUDGET:
		return cmd_opt_duration(state, "--budget", arg, &o->budget_ms);
	case OPT_TRACE_S: {
		static const struct cmd_duration d = { "--trace-seconds", false, 0, 600000 };
		uint64_t ms;

		if (cmd_opt_duration_in(state, &d, arg, &ms))
			return EINVAL;
		if (ms % 1000) {	/* the manifest records whole seconds */
			argp_error(state, "--trace-seconds '%s': whole seconds, 0 to 600", arg);
			return EINVAL;
		}
		o->trace_s = ms / 1000;
		return 0;
	}
	case OPT_CRDUMPS:
		if (cmd_number(arg, 10, &o->crdumps)) {
			argp_error(state, "--crdumps '%s': a number, 0 to 10", arg);
			return EINVAL;
		}
		return 0;
	case OPT_IMAGES:
		return cmd_opt_count(state, "--images", arg, 10, "1 to 10", &o->images);
	}
	return cmd_no_args(key, arg, state);
}

static const struct argp collect_argp = {
	options, parse, NULL,
	"Everything a support case needs, in one bundle, with a verdict. For each device (-d, "
	"repeatable; else every ConnectX function): initialization-segment images spread over "
	"time, health, cr-space dumps in mstregdump's format, every capability page, the probe "
	"matrix, key registers (MGIR, MCAM, MTMP, MTRC_CAP), PCI config space and AER counters, "
	"the driver's devlink view, the tracer's state and a capture when it is free; for the "
	"host: kernel, driver, command line, lockdown, IOMMU groups, the kernel log's mlx5 and "
	"PCIe lines and their decode. Each piece is one prmctl run of its own, bounded in time: "
	"a step that fails is recorded in manifest.json with its reason and the rest goes on. "
	"Read-only unless --write. Then the verdict (summary.txt, summary.json): each device's "
	"class and the findings, most severe first, each with its evidence file; kernel-log "
	"incidents of devices not present too. Ctrl-C keeps a valid partial bundle. Exit 0: "
	"written, nothing wrong; 4: written, a problem found; 1: the bundle could not be "
	"written. --analyze prints the verdict of a bundle on any machine, same exit rule.",
	prm_global_children, NULL, NULL
};

static void print_device(const struct triage *t, size_t i)
{
	const struct triage_device *d = &t->dev[i];

	out_obj_begin(NULL);
	out_str("device", d->name);
	out_str("pci_address", d->pci_address[0] ? d->pci_address : NULL);
	out_str("model", d->model[0] ? d->model : NULL);
	out_str("psid", d->psid[0] ? d->psid : NULL);
	out_str("fw_version", d->fw_version[0] ? d->fw_version : NULL);
	out_str("health", d->has_status ? prm_health_status_name(d->status) : NULL);
	if (d->counter_checked)
		out_bool("health_counter_moved", d->counter_moved);
	else
		out_null("health_counter_moved");
	out_u64("images", d->nimages);
	if (d->has_temperature)
		out_f64("temperature_c", d->temperature_c, "C");
	else
		out_null("temperature_c");
	out_u64("steps_failed", d->nfailed);
	out_str("dir", d->dir);
	out_obj_end();
}

static void print_finding(const struct triage *t, const struct triage_finding *f)
{
	out_obj_begin(NULL);
	/* JSON: severity is the health buffer's number; a finding's grade is its level */
	out_str(out_json() ? "level" : "severity", triage_sev_name(f->sev));
	out_str("device", f->device >= 0 ? t->dev[f->device].name
					 : (f->device_name[0] ? f->device_name : NULL));
	out_bool("present", f->device >= 0);
	out_str("what", f->what);
	out_str("evidence", f->evidence);
	out_str("text", f->text);
	if (out_json())		/* text: once per class, after the table */
		out_str("advice", f->advice);
	out_obj_end();
}

/* One document, text or JSON: the verdict, the devices, the findings most severe first. */
static void print_verdict(const struct triage *t, const char *bundle)
{
	out_doc_begin();
	out_str("bundle", bundle);
	out_str("verdict", triage_exit_code(t) ? "problem" : "ok");
	out_bool("complete", t->complete);
	out_str("host", t->host);
	out_str("kernel", t->kernel);
	out_str("started", t->started);
	out_str("ended", t->ended);
	out_str("prmctl_version", t->prmctl_version);
	out_table_begin("devices");
	for (size_t i = 0; i < t->ndev; i++)
		print_device(t, i);
	out_table_end();
	out_table_begin("findings");
	for (size_t i = 0; i < t->nf; i++)
		print_finding(t, &t->f[i]);
	out_table_end();
	/* JSON: a finding's advice is a string; this object holds them by health class */
	out_obj_begin(out_json() ? "advice_by_health" : "advice");
	for (size_t i = 0; i < t->nf; i++) {
		bool seen = false;

		for (size_t k = 0; k < i; k++)
			seen |= !strcmp(t->f[k].what, t->f[i].what);
		if (t->f[i].advice && !seen)
			out_str(t->f[i].what, t->f[i].advice);
	}
	out_obj_end();
	out_bool("kernel_log", t->kernel_log);
	out_u64("kernel_log_incidents", t->kernel_events);
}

static int verdict(const struct tarball *b, const char *name, struct triage *t)
{
	struct prm_err err = { 0 };

	if (triage_bundle(b, t, &err)) {
		prm_err_prefix(&err, "%s: ", name);
		return cmd_fail(&err);
	}
	return 0;
}

static int analyze(const char *path)
{
	static struct triage t;
	struct tarball b;
	struct prm_err err = { 0 };
	int rc;

	if (tarball_read(path, BUNDLE_MAX, &b, &err))
		return cmd_fail(&err);
	rc = verdict(&b, path, &t);
	tarball_free(&b);
	if (rc)
		return rc;
	print_verdict(&t, path);
	return cmd_done(triage_exit_code(&t));
}

static bool stop_requested(void)
{
	return cmd_stop_requested();
}

static void progress(void *ctx, const char *dev, const char *step)
{
	(void)ctx;
	out_progress("collect: %s: %s", dev, step);
}

/* Every ConnectX function, when no -d names one. */
static size_t all_devices(char (*bdf)[16], size_t max, struct prm_err *err)
{
	struct dev_info *list;
	size_t n, k = 0;

	if (discover_list(&list, &n, err))
		return 0;
	for (size_t i = 0; i < n && k < max; i++)
		if (list[i].model)
			snprintf(bdf[k++], sizeof(bdf[0]), "%s", list[i].bdf);
	free(list);
	return k;
}

struct target {
	char path[PATH_MAX];	/* the bundle */
	char top[PATH_MAX];	/* its directory's name inside the tarball */
	char stage[PATH_MAX + 64];	/* where the files are gathered */
	bool dir;		/* a directory bundle: stage is path */
};

static int write_error(const char *path, const char *what)
{
	struct prm_err err = { 0 };

	prm_err_set(&err, PRM_E_FAILED, errno, "write", "collect: %s%s: %s", what, path,
		    strerror(errno));
	return cmd_fail(&err);
}

static int plan_output(const struct collect_opts_cli *o, struct target *t)
{
	char host[64] = "host", stamp[32];
	struct prm_err err = { 0 };
	time_t now = time(NULL);
	struct tm tm;
	struct stat st;
	size_t n;

	/* every file's digest needs libnettle: known now rather than in an empty manifest */
	if (sha256_load(&err))
		return cmd_fail(&err);
	gethostname(host, sizeof(host) - 1);
	gmtime_r(&now, &tm);
	strftime(stamp, sizeof(stamp), "%Y%m%dT%H%M%SZ", &tm);
	if (o->output)
		snprintf(t->path, sizeof(t->path), "%s", o->output);
	else
		snprintf(t->path, sizeof(t->path), "prmctl-collect-%s-%s.tar.gz", host, stamp);
	n = strlen(t->path);
	t->dir = (n && t->path[n - 1] == '/') || (!stat(t->path, &st) && S_ISDIR(st.st_mode));
	while (n > 1 && t->path[n - 1] == '/')
		t->path[--n] = 0;
	if (t->dir) {
		/* the bundle's own directory is made; where it goes must exist */
		if (mkdir(t->path, 0755) && errno != EEXIST)
			return cmd_usage("collect: -o %s: %s", t->path, strerror(errno));
		if (!stat(t->path, &st) && !S_ISDIR(st.st_mode))
			return cmd_usage("collect: %s is not a directory", t->path);
		snprintf(t->stage, sizeof(t->stage), "%s", t->path);
		snprintf(t->top, sizeof(t->top), "%s", "");
		{
			char m[PATH_MAX + 32];

			snprintf(m, sizeof(m), "%s/manifest.json", t->path);
			if (!access(m, F_OK) && !o->force)
				return cmd_usage("collect: %s already holds a bundle (--force "
						 "replaces it)", t->path);
		}
		return 0;
	}
	if (!access(t->path, F_OK) && !o->force)
		return cmd_usage("collect: %s exists (--force replaces it)", t->path);
	/* a tarball needs libarchive: known now rather than after the collection */
	if (tarball_load(&err)) {
		prm_err_prefix(&err, "collect: %s: ", t->path);
		return cmd_fail(&err);
	}
	{
		static const char *const exts[] = { ".tar.gz", ".tgz", ".tar" };
		const char *base = strrchr(t->path, '/');
		char parent[PATH_MAX];

		base = base ? base + 1 : t->path;
		snprintf(t->top, sizeof(t->top), "%s", base);
		for (size_t i = 0; i < sizeof(exts) / sizeof(exts[0]); i++) {
			size_t b = strlen(t->top), e = strlen(exts[i]);

			if (b > e && !strcmp(t->top + b - e, exts[i])) {
				t->top[b - e] = 0;
				break;
			}
		}
		snprintf(parent, sizeof(parent), "%.*s", (int)(base - t->path), t->path);
		snprintf(t->stage, sizeof(t->stage), "%s.prmctl-collect-XXXXXX",
			 parent[0] ? parent : "./");
		if (!mkdtemp(t->stage))
			return cmd_usage("collect: -o %s: cannot write beside it: %s", t->path,
					 strerror(errno));
	}
	return 0;
}

static int remove_one(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)st;
	(void)flag;
	(void)ftw;
	return remove(path);
}

/* The verdict into the bundle as summary.txt and summary.json. */
static int write_summaries(const struct triage *t, const char *dir, const char *bundle)
{
	static const struct { const char *name; enum out_mode mode; } f[] = {
		{ "summary.txt", OUT_TEXT }, { "summary.json", OUT_JSON },
	};
	int rc = 0;

	for (size_t i = 0; i < 2; i++) {
		char path[PATH_MAX + 128];
		FILE *fp, *old;

		snprintf(path, sizeof(path), "%s/%s", dir, f[i].name);
		if (!(fp = fopen(path, "w")))
			return write_error(path, "");
		old = out_set_stream(fp, f[i].mode);
		out_set_format(f[i].mode, true, false);
		print_verdict(t, bundle);
		if (out_doc_end())
			rc = -1;
		out_set_stream(old, G.json ? OUT_JSON : OUT_TEXT);
		out_set_format(G.json ? OUT_JSON : OUT_TEXT, G.pretty, G.quiet);
		if (fclose(fp) || rc) {
			errno = errno ? errno : EIO;
			return write_error(path, "");
		}
	}
	return 0;
}

/* The options every step gets, as the user gave them to collect. */
static size_t step_globals(const char **v, char *timeout, size_t tsz)
{
	size_t n = 0;

	if (G.access) {
		v[n++] = "--access";
		v[n++] = G.access;
	}
	if (G.adb) {
		v[n++] = "--adb";
		v[n++] = G.adb;
	}
	if (G.timeout_ms) {
		snprintf(timeout, tsz, "%u", G.timeout_ms);
		v[n++] = "--timeout";
		v[n++] = timeout;
	}
	return n;
}

static int collect(struct cmd_run *r)
{
	const struct collect_opts_cli *o = r->opts;
	static struct triage t;
	static char found[COLLECT_MAX_DEVICES][16];
	const char *devs[COLLECT_MAX_DEVICES], *globals[8];
	char self[PATH_MAX], timeout[16];
	struct collect_opts co = { 0 };
	struct collect_result res;
	struct prm_err err = { 0 };
	struct target tg;
	struct tarball b;
	ssize_t sl;
	int rc;

	if (o->analyze)
		return analyze(o->analyze);
	if ((sl = readlink("/proc/self/exe", self, sizeof(self) - 1)) < 0)
		return write_error("/proc/self/exe", "");
	self[sl] = 0;
	for (int i = 0; i < G.ndevices && co.ndevices < COLLECT_MAX_DEVICES; i++)
		devs[co.ndevices++] = G.devices[i];
	if (o->all || !G.ndevices) {
		size_t n = all_devices(found, COLLECT_MAX_DEVICES - co.ndevices, &err);

		if (err.kind)
			out_warn("collect: listing the ConnectX functions: %s", err.msg);
		for (size_t i = 0; i < n; i++)
			devs[co.ndevices++] = found[i];
	}
	if ((rc = plan_output(o, &tg)))
		return rc;
	cmd_catch_stop();
	co.self = self;
	co.devices = devs;
	co.globals = globals;
	co.nglobals = step_globals(globals, timeout, sizeof(timeout));
	co.model = G.model;
	co.inject = G.inject;
	co.dir = tg.stage;
	co.images = (unsigned)o->images;
	co.crdumps = (unsigned)o->crdumps;
	co.trace_s = (unsigned)o->trace_s;
	co.device_ms = o->budget_ms;
	co.kernel_log = o->kernel_log;
	co.write = G.write;
	co.should_stop = stop_requested;
	co.progress = progress;
	if (!co.ndevices)
		out_note("No ConnectX function found: the bundle holds the host and its kernel log.");
	rc = collect_run(&co, &res, &err);
	out_progress_end();
	if (!rc && !tarball_read(tg.stage, BUNDLE_MAX, &b, &err)) {
		rc = triage_bundle(&b, &t, &err);
		tarball_free(&b);
	}
	if (!rc)
		rc = write_summaries(&t, tg.stage, tg.path) ? -2 : 0;
	if (!rc && !tg.dir)
		rc = tarball_write(tg.path, tg.stage, tg.top, &err);
	if (!tg.dir)
		nftw(tg.stage, remove_one, 16, FTW_DEPTH | FTW_PHYS);
	if (rc == -2)
		return EXIT_FAIL;
	if (rc) {
		err.kind = PRM_E_FAILED;	/* the bundle could not be written */
		prm_err_prefix(&err, "collect: %s: ", tg.path);
		return cmd_fail(&err);
	}
	if (!res.complete)
		out_warn("collect: %s: the collection was %s: the bundle is partial "
			 "(\"complete\": false)", tg.path,
			 cmd_stop_requested() ? "interrupted" : "cut short by --budget");
	print_verdict(&t, tg.path);
	return cmd_done(triage_exit_code(&t));
}

const struct prm_cmd cmd_collect = {
	.name = "collect",
	.summary = "One step for a support case: a bundle of evidence and its verdict",
	.argp = &collect_argp,
	.exec = collect,
	.opts_size = sizeof(struct collect_opts_cli),
	.flags = CMD_OWN_DEVICES,
};
