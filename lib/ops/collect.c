// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* prmctl collect: the steps, each a run of prmctl, and the manifest. */
#include <errno.h>
#include <jansson.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

#include "lib/ops/collect.h"
#include "lib/ops/collectint.h"
#include "lib/util/clock.h"
#include "lib/util/readall.h"
#include "lib/util/sha256.h"
#include "lib/util/writefile.h"

/* A step that outlives this is hung: its own bounds (--timeout) are shorter. */
#define STEP_MS 20000UL

void collect_iso_now(char *buf, size_t sz)
{
	struct timespec ts;
	struct tm tm;

	clock_gettime(CLOCK_REALTIME, &ts);
	gmtime_r(&ts.tv_sec, &tm);
	snprintf(buf, sz, "%04d-%02d-%02dT%02d:%02d:%02d.%03ldZ", tm.tm_year + 1900,
		 tm.tm_mon + 1, tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec,
		 ts.tv_nsec / 1000000);
}

static bool stop_now(struct collect_scope *s)
{
	if (!s->run->stopped && s->run->o->should_stop && s->run->o->should_stop())
		s->run->stopped = true;
	return s->run->stopped;
}

/* A file of the scope, recorded in the manifest with its hash. */
void collect_record(struct collect_scope *s, const char *file, const char *step,
		    const char *what)
{
	char path[COLLECT_PATH], hex[SHA256_HEX_LEN];
	struct prm_err err = { 0 };
	uint64_t bytes;
	json_t *f;

	snprintf(path, sizeof(path), "%s/%s", s->path, file);
	if (sha256_file(path, hex, &bytes, &err)) {
		collect_fail(s, step, NULL, "%s: %s", file, err.msg);
		return;
	}
	f = json_pack("{s:s, s:s, s:s, s:I, s:s, s:I}", "file", file, "step", step,
		      "what", what, "bytes", (json_int_t)bytes, "sha256", hex, "taken_ms",
		      (json_int_t)(clock_now_ms() - s->run->t0));
	json_array_append_new(s->files, f);
}

void collect_fail(struct collect_scope *s, const char *step, const char *cmdline,
		  const char *fmt, ...)
{
	char reason[768];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(reason, sizeof(reason), fmt, ap);
	va_end(ap);
	s->run->failed++;
	json_array_append_new(s->failed, json_pack("{s:s, s:s?, s:s}", "step", step,
						   "command", cmdline, "reason", reason));
}

void collect_skip(struct collect_scope *s, const char *step, const char *reason)
{
	json_array_append_new(s->skipped, json_pack("{s:s, s:s}", "step", step, "reason", reason));
}

/* The message of a JSON error document a failed step printed, if it did. */
static bool error_message(const char *path, char *buf, size_t sz)
{
	json_t *j = json_load_file(path, 0, NULL);
	const char *m = json_string_value(json_object_get(json_object_get(j, "error"), "message"));

	if (m)
		snprintf(buf, sz, "%s", m);
	json_decref(j);
	return m != NULL;
}

static void join_argv(char *const argv[], char *buf, size_t sz)
{
	size_t used = 0;

	buf[0] = 0;
	for (int i = 1; argv[i] && used < sz; i++)
		used += (size_t)snprintf(buf + used, sz - used, "%s%s", used ? " " : "prmctl ",
					 argv[i]);
}

/*
 * Run argv; its standard output becomes out (when given) and files (a list
 * of "NAME" written by the step itself, NULL-terminated) are recorded too.
 * 0 when it ran and exited 0 or 4 (a check that found something: its
 * output is the evidence), else -1 with the failure recorded.
 */
int collect_exec(struct collect_scope *s, const char *step, const char *what,
		 const char *out, const char *const *files, unsigned long ms,
		 char *const argv[])
{
	struct collect_run *run = s->run;
	struct spawn_opts so = { .should_stop = run->o->should_stop };
	struct spawn_result r;
	struct prm_err err = { 0 };
	char outpath[COLLECT_PATH], cmdline[1024], why[96], msg[512];
	uint64_t now = clock_now_ms();

	join_argv(argv, cmdline, sizeof(cmdline));
	if (stop_now(s)) {
		collect_skip(s, step, "interrupted");
		return -1;
	}
	if (s->deadline && now >= s->deadline) {
		collect_skip(s, step, "out of time (the device's budget is spent)");
		run->out_of_time = true;
		return -1;
	}
	so.timeout_ms = ms;
	if (s->deadline && s->deadline - now < ms)
		so.timeout_ms = (unsigned long)(s->deadline - now);
	if (out) {
		snprintf(outpath, sizeof(outpath), "%s/%s", s->path, out);
		so.stdout_path = outpath;
	}
	if (run->o->progress)
		run->o->progress(run->o->ctx, s->label, step);
	run->steps++;
	if (spawn_run(argv, &so, &r, &err)) {
		collect_fail(s, step, cmdline, "%s", err.msg);
		return -1;
	}
	if (r.stopped)
		run->stopped = true;
	if (r.exit_code == 0 || r.exit_code == 4) {
		if (out)
			collect_record(s, out, step, what);
		for (size_t i = 0; files && files[i]; i++)
			collect_record(s, files[i], step, what);
		return 0;
	}
	spawn_describe(&r, why, sizeof(why));
	if (!out || !error_message(outpath, msg, sizeof(msg)))
		snprintf(msg, sizeof(msg), "%s", r.err_tail);
	collect_fail(s, step, cmdline, "%s%s%s", why, msg[0] ? ": " : "", msg);
	if (out)
		unlink(outpath);
	for (size_t i = 0; files && files[i]; i++) {
		char p[COLLECT_PATH];

		snprintf(p, sizeof(p), "%s/%s", s->path, files[i]);
		unlink(p);
		strcat(p, ".part");
		unlink(p);
	}
	return -1;
}

unsigned long collect_step_ms(void)
{
	return STEP_MS;
}

static int mkdir_in(const char *dir, const char *sub, char *path, size_t sz,
		    struct prm_err *err)
{
	snprintf(path, sz, "%s/%s", dir, sub);
	if (mkdir(path, 0755) && errno != EEXIST)
		return prm_err_set(err, PRM_E_FAILED, errno, "write", "%s: %s", path,
				   strerror(errno));
	return 0;
}

/* A directory name for a device: its name with what a path cannot hold replaced. */
static void dir_name(const char *name, size_t idx, char *buf, size_t sz, json_t *devs)
{
	size_t i, k;
	json_t *d;

	snprintf(buf, sz, "%s", name);
	for (char *p = buf; *p; p++)
		if (*p == '/' || *p == ':' || *p == ' ' || (unsigned char)*p < 0x20)
			*p = '_';
	if (!strcmp(buf, ".") || !strcmp(buf, ".."))
		snprintf(buf, sz, "dev%zu", idx);
	json_array_foreach(devs, i, d)
		for (k = 0; k < 1; k++)
			if (!strcmp(json_string_value(json_object_get(d, "dir")) ?: "", buf))
				snprintf(buf + strlen(buf), sz - strlen(buf), "-%zu", idx);
}

static void scope_init(struct collect_scope *s, struct collect_run *run, const char *label)
{
	s->run = run;
	s->label = label;
	s->deadline = 0;	/* the host has none; a device's is set when it starts */
	s->files = json_array();
	s->failed = json_array();
	s->skipped = json_array();
}

static void scope_put(struct collect_scope *s, json_t *o)
{
	json_object_set_new(o, "files", s->files);
	json_object_set_new(o, "failed", s->failed);
	json_object_set_new(o, "skipped", s->skipped);
}

/*
 * -d sim is a simulator of its own in every process: the steps would each
 * see a new one. One service, with the same model and faults, for them all.
 */
static const char *sim_service(struct collect_scope *host, char *name, size_t sz,
			       char *target, size_t tsz)
{
	const struct collect_opts *o = host->run->o;
	char *start[] = { (char *)o->self, (char *)"sim", (char *)"start", name,
			  (char *)"--model", (char *)(o->model ? o->model : "cx7"), NULL };
	char *faults = strdup(o->inject ? o->inject : ""), *save = NULL;

	snprintf(name, sz, "collect-%d", (int)getpid());
	start[3] = name;
	if (!faults || collect_exec(host, "sim-start", "the simulator the steps share", NULL,
				    NULL, collect_step_ms(), start)) {
		free(faults);
		return NULL;
	}
	for (char *f = strtok_r(faults, ";", &save); f; f = strtok_r(NULL, ";", &save)) {
		char *inject[] = { (char *)o->self, (char *)"sim", (char *)"inject", name, f, NULL };


		collect_exec(host, "sim-inject", "a fault of --inject", NULL, NULL,
			     collect_step_ms(), inject);
	}
	free(faults);
	snprintf(target, tsz, "sim:%s", name);
	return target;
}

/* Interrupted or not, the service goes: not a step a stop may cut short. */
static void sim_service_stop(struct collect_scope *host, char *name)
{
	char *stop[] = { (char *)host->run->o->self, (char *)"sim", (char *)"stop", name, NULL };
	struct spawn_opts so = { .timeout_ms = collect_step_ms() };
	struct spawn_result r;
	struct prm_err err = { 0 };
	char why[96];

	if (spawn_run(stop, &so, &r, &err)) {
		collect_fail(host, "sim-stop", NULL, "%s", err.msg);
	} else if (r.exit_code) {
		spawn_describe(&r, why, sizeof(why));
		collect_fail(host, "sim-stop", NULL, "%s: %s", why, r.err_tail);
	}
}

static json_t *manifest_new(const struct collect_opts *o)
{
	struct utsname u = { 0 };
	char now[40], kernel[sizeof(u.release) + sizeof(u.version) + 2];

	uname(&u);
	snprintf(kernel, sizeof(kernel), "%s %s", u.release, u.version);
	collect_iso_now(now, sizeof(now));
	return json_pack("{s:s, s:s, s:s, s:s, s:s, s:s, s:{s:I, s:I, s:I, s:I, s:b, s:s?}}",
			 "schema", "prmctl/1", "kind", "collect", "prmctl_version", PRMCTL_VERSION,
			 "host", u.nodename, "kernel", kernel, "started", now, "options",
			 "images", (json_int_t)o->images, "crdumps", (json_int_t)o->crdumps,
			 "trace_seconds", (json_int_t)o->trace_s,
			 "device_budget_ms", (json_int_t)o->device_ms, "write", o->write,
			 "kernel_log", o->kernel_log);
}

int collect_run(const struct collect_opts *o, struct collect_result *res, struct prm_err *err)
{
	struct collect_run run = { .o = o, .t0 = clock_now_ms() };
	struct collect_scope host;
	json_t *m = manifest_new(o), *devs = json_array(), *h = json_object();
	char path[COLLECT_PATH], now[40], simname[64], simtarget[80];
	const char *sim = NULL;
	char *text;
	int rc;

	if (!m || !devs || !h)
		return prm_err_set(err, PRM_E_FAILED, ENOMEM, "nomem", "out of memory");
	if (mkdir_in(o->dir, "host", host.path, sizeof(host.path), err)) {
		json_decref(m);
		json_decref(devs);
		json_decref(h);
		return -1;
	}
	scope_init(&host, &run, "host");
	collect_host(&host);
	for (size_t i = 0; i < o->ndevices; i++) {
		struct collect_scope s;
		const char *target = o->devices[i];
		char dir[128];
		json_t *d;

		if (!strcmp(target, "sim") && !sim)
			sim = sim_service(&host, simname, sizeof(simname), simtarget,
					  sizeof(simtarget));
		if (!strcmp(target, "sim") && sim)
			target = sim;
		dir_name(o->devices[i], i, dir, sizeof(dir), devs);
		scope_init(&s, &run, o->devices[i]);
		d = json_pack("{s:s, s:s}", "name", o->devices[i], "dir", dir);
		if (mkdir_in(o->dir, dir, s.path, sizeof(s.path), err)) {
			collect_fail(&s, "mkdir", NULL, "%s", err->msg);
			prm_err_clear(err);
		} else {
			s.deadline = clock_now_ms() + o->device_ms;
			collect_device(&s, o->devices[i], target, d);
		}
		scope_put(&s, d);
		json_array_append_new(devs, d);
	}
	if (sim)
		sim_service_stop(&host, simname);
	scope_put(&host, h);
	json_object_set_new(m, "host_files", h);
	json_object_set_new(m, "devices", devs);
	collect_iso_now(now, sizeof(now));
	json_object_set_new(m, "ended", json_string(now));
	res->complete = !run.stopped && !run.out_of_time;
	res->steps = run.steps;
	res->failed = run.failed;
	json_object_set_new(m, "complete", json_boolean(res->complete));
	json_object_set_new(m, "interrupted", json_boolean(run.stopped));
	text = json_dumps(m, JSON_INDENT(1) | JSON_PRESERVE_ORDER);
	json_decref(m);
	snprintf(path, sizeof(path), "%s/manifest.json", o->dir);
	rc = text ? write_file_atomic(path, text, strlen(text), true, err)
		  : prm_err_set(err, PRM_E_FAILED, ENOMEM, "nomem", "out of memory");
	free(text);
	return rc;
}
