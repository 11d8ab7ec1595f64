// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* prmctl health show | watch: is the firmware alive, and if not, what happened. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cmd/core/cmd.h"
#include "cmd/core/devsel.h"
#include "cmd/healthdl.h"
#include "cmd/healthlog.h"
#include "cmd/physview.h"
#include "lib/dev/cfg.h"
#include "lib/dev/dev.h"
#include "lib/dev/hmon.h"
#include "lib/ops/health.h"
#include "lib/out/layout_print.h"
#include "lib/out/out.h"
#include "lib/prm/health.h"
#include "lib/prm/healthadvice.h"
#include "lib/prm/layouts/layouts.h"
#include "lib/prm/metrics.h"
#include "lib/util/writefile.h"

/* One look at BAR0 cannot tell a hung firmware from a live one: two can. */
struct show_opts {
	uint64_t sample_ms;	/* between the two reads of the health counter; 0: one read */
	bool all;
};

enum { OPT_SAMPLE_MS = 0x810, OPT_SHOW_ALL };

#define SAMPLE_MS_MAX 60000u
#define SHOW_MAX 64	/* devices one show checks */

static const struct argp_option show_options[] = {
	{ "sample-ms", OPT_SAMPLE_MS, "MS", 0,
	  "Read the health counter twice, MS apart (" CMD_DURATION_MS
	  "; default 50; 0: one read, no stall check)", 0 },
	{ "all", OPT_SHOW_ALL, NULL, 0, "Check every ConnectX function present (with -d: those too)", 0 },
	{ 0 }
};

static const struct cmd_duration sample_ms = { "--sample-ms", true, 0, SAMPLE_MS_MAX };

static error_t show_parse(int key, char *arg, struct argp_state *state)
{
	struct show_opts *o = state->input;

	switch (key) {
	case ARGP_KEY_INIT:
		o->sample_ms = 50;
		return 0;
	case OPT_SAMPLE_MS:
		return cmd_opt_duration_in(state, &sample_ms, arg, &o->sample_ms);
	case OPT_SHOW_ALL:
		o->all = true;
		return 0;
	}
	return cmd_no_args(key, arg, state);
}

static const struct argp show_argp = {
	show_options, show_parse, NULL,
	"The firmware's health: a classification first (ok, fw_error, thermal, pci_gone, "
	"fw_unresponsive, fw_initializing), then every field of the health buffer decoded, "
	"the health counter and health syndrome, and a sentence on what it means and what "
	"to collect (advice). Exit 0 when ok, 4 when not. The health "
	"counter is read twice, --sample-ms apart: a firmware that runs advances it every "
	"few ms, so one that did not move is fw_unresponsive (hung), and a syndrome with a "
	"stopped counter says both. Several devices (-d repeated, or --all): each one's "
	"report under \"devices\", one wait for all, exit 4 if any is not ok; with -q one "
	"line per device: DEVICE HEALTH synd= counter= moved= fw= (JSON Lines with --json). "
	"Over devlink (--access devlink, a BUS/DEV name, or on "
	"its own when BAR0 cannot be read; one device): the driver's fw and fw_fatal reporters, the "
	"syndrome diagnose reads now, the stored dump's buffer.",
	prm_global_children, NULL, NULL
};

/*
 * The health buffer's fields, its time by the Keys convention (time the
 * ISO string, time_s the firmware's count) instead of the layout's number.
 */
static void buffer_fields(const struct prm_health_report *r)
{
	static const char *const own[] = { "time", NULL };
	struct prm_err err = { 0 };

	out_layout_skip(&prm_layout_health_buffer, r->buffer, PRM_HEALTH_BUFFER_BYTES, 0, own, &err);
	out_time_s("time", r->fw_time);
}

static void report(const struct dev *d, const struct prm_health_report *r,
		   uint64_t sample_ms, bool moved)
{
	out_str("device", d->label);
	out_str("health", prm_health_status_name(r->status));
	out_str("access", d->access);
	if (r->status == PRM_HEALTH_PCI_GONE) {
		/* all-ones reads are no health buffer: nothing in it is decoded */
		out_str("advice", prm_health_advice(r->status));
		return;
	}
	out_str("fw_version", r->seg.fw_version);
	out_u64("health_counter", r->seg.health_counter);
	out_u64("counter_sample_ms", sample_ms);
	if (sample_ms)
		out_bool("health_counter_moved", moved);
	else
		out_null("health_counter_moved");
	out_hex("health_syndrome", r->seg.health_syndrome);
	out_named("synd", r->seg.synd, true, r->seg.synd_name);	/* as device show */
	out_obj_begin("health_buffer");
	buffer_fields(r);
	out_str("fw_ver_decoded", r->fw_ver[0] ? r->fw_ver : NULL);
	if (r->fw_ver[0])
		out_bool("fw_ver_matches_initseg", r->fw_ver_matches);
	else
		out_null("fw_ver_matches_initseg");
	out_str("hw_id_name", r->chip);
	out_obj_end();
	if (r->status == PRM_HEALTH_FW_UNRESPONSIVE && sample_ms)
		out_note("The health counter did not move in %llu ms: the firmware is hung, "
			 "not asserted (no syndrome).", (unsigned long long)sample_ms);
	out_str("advice", prm_health_advice(r->status));
}

/*
 * -q: one line per device for pdsh and cut: the device and its class in
 * the first two columns, then the same keys in the same order whatever
 * the class ("-" where a value does not apply), no spaces inside values.
 */
static void quiet_line(const struct dev *d, const struct ops_health *h, const struct prm_err *e)
{
	const struct prm_health_report *r = &h->r;
	bool gone = !e && r->status == PRM_HEALTH_PCI_GONE;
	bool synd = !e && (r->status == PRM_HEALTH_FW_ERROR || r->status == PRM_HEALTH_THERMAL);

	out_rec_begin();
	out_rec_str("device", d->label, 0);
	out_rec_str("access", d->access, OUT_REC_NOTEXT);
	out_rec_str("health", e ? "read_error" : prm_health_status_name(r->status), 0);
	if (synd)
		out_rec_u64("synd", r->seg.synd, OUT_REC_KV | OUT_REC_HEX);
	else
		out_rec_null("synd", OUT_REC_KV);
	if (e || gone)
		out_rec_null("counter", OUT_REC_KV);
	else
		out_rec_u64("counter", r->seg.health_counter, OUT_REC_KV);
	if (e || gone || !h->sample_ms)
		out_rec_null("moved", OUT_REC_KV);
	else {
		/* people read yes/no, scripts a boolean */
		out_rec_str("moved", h->moved ? "yes" : "no", OUT_REC_KV | OUT_REC_NOJSON);
		out_rec_bool("moved", h->moved, OUT_REC_NOTEXT);
	}
	out_rec_str("fw", e || gone ? NULL : r->seg.fw_version, OUT_REC_KV);
	if (e)
		out_rec_str("error_message", e->msg, OUT_REC_NOTEXT);
	out_rec_end();
}

/* The verdict of many: a problem found wins over a read that failed. */
static int many_exit(const struct ops_health *h, const int *rc, size_t n)
{
	bool failed = false, bad = false;

	for (size_t i = 0; i < n; i++) {
		failed |= rc[i] != 0;
		bad |= rc[i] == 0 && h[i].r.status != PRM_HEALTH_OK;
	}
	return bad ? EXIT_CHECK : failed ? EXIT_FAIL : EXIT_OK;
}

/* Several devices (-d repeated, --all): one wait for all, one document or -q lines. */
static int show_many(const struct show_opts *o)
{
	struct dev *devs[SHOW_MAX];
	struct ops_health *h;
	struct prm_err *errs;
	int rc, *rcs;
	size_t n = 0;

	if ((rc = cmd_open_devices(o->all, devs, SHOW_MAX, &n)))
		return rc;
	h = calloc(n, sizeof(*h));
	errs = calloc(n, sizeof(*errs));
	rcs = calloc(n, sizeof(*rcs));
	if (!h || !errs || !rcs) {
		rc = EXIT_FAIL;
		goto out;
	}
	ops_health_check_many(devs, n, o->sample_ms, h, rcs, errs);
	for (size_t i = 0; i < n; i++)
		if (rcs[i])
			out_warn("%s", errs[i].msg);
	rc = many_exit(h, rcs, n);
	if (G.quiet) {
		for (size_t i = 0; i < n; i++)
			quiet_line(devs[i], &h[i], rcs[i] ? &errs[i] : NULL);
		goto out;
	}
	out_doc_begin();
	out_arr_begin("devices");
	for (size_t i = 0; i < n; i++) {
		out_obj_begin(NULL);
		if (rcs[i]) {
			out_str("device", devs[i]->label);
			out_null("health");
			out_str("access", devs[i]->access);
			out_error_member(errs[i].kind ? (int)errs[i].kind : EXIT_FAIL, &errs[i]);
		} else {
			report(devs[i], &h[i].r, h[i].sample_ms, h[i].moved);
			out_physical(devs[i], h[i].r.status == PRM_HEALTH_THERMAL);
		}
		out_obj_end();
	}
	out_arr_end();
	rc = cmd_done(rc);
out:
	free(h);
	free(errs);
	free(rcs);
	while (n)
		dev_close(devs[--n]);
	return rc;
}

static int show(struct cmd_run *run)
{
	static struct ops_health h;
	const struct show_opts *o = run->opts;
	struct prm_err err = { 0 };
	struct dev *d;
	int rc;

	if (o->all || G.ndevices > 1)
		return show_many(o);
	/* BAR0 optional: without it the driver's view over devlink answers */
	if ((rc = cmd_open_device(false, &run->dev)))
		return rc;
	d = run->dev;
	if (d->access && strcmp(d->access, "devlink") == 0)
		return health_show_devlink(d, NULL);
	if (!d->ops && d->devlink[0] && !G.access)
		/* lockdown, EPERM, no resource0: the driver's view is what is left */
		return health_show_devlink(d, d->bar_err.msg);
	/* BAR0 as it is, all-ones included: that is an answer here, not an error */
	if (ops_health_check(d, o->sample_ms, &h, &err))
		return cmd_fail(&err);
	if (G.quiet) {
		quiet_line(d, &h, NULL);
		return h.r.status == PRM_HEALTH_OK ? EXIT_OK : EXIT_CHECK;
	}
	out_doc_begin();
	report(d, &h.r, h.sample_ms, h.moved);
	out_physical(d, h.r.status == PRM_HEALTH_THERMAL);
	return cmd_done(h.r.status == PRM_HEALTH_OK ? EXIT_OK : EXIT_CHECK);
}

/* ---- watch ---- */

enum { OPT_INTERVAL = 0x800, OPT_MISSES, OPT_COUNT, OPT_DURATION, OPT_EXIT_ON_FAULT,
       OPT_SNAPSHOT_DIR, OPT_TEXTFILE, OPT_ALL };

#define WATCH_MAX 64	/* devices one watch follows */

struct watch_opts {
	uint64_t interval_ms, misses, count, duration_ms;
	bool exit_on_fault, all;
	const char *snapshot_dir, *textfile;
};

static const struct argp_option watch_options[] = {
	{ "interval", OPT_INTERVAL, "MS", 0, "Sample the health counter every MS (" CMD_DURATION_MS
	  "; 10 to 60000 ms; default 50)", 0 },
	{ "misses", OPT_MISSES, "N", 0, "Unchanged samples that make a stall (1 to 1000; 3)", 0 },
	{ "count", OPT_COUNT, "N", 0, "Stop after N events (the start not counted)", 0 },
	{ "duration", OPT_DURATION, "T", 0, "Stop after T (" CMD_DURATION_S ")", 0 },
	{ "exit-on-fault", OPT_EXIT_ON_FAULT, NULL, 0, "Stop at the first fault, exit 4", 0 },
	{ "snapshot-dir", OPT_SNAPSHOT_DIR, "DIR", 0,
	  "At the first fault, save the sample's initialization segment, health buffer and "
	  "decoded JSON in DIR", 0 },
	{ "all", OPT_ALL, NULL, 0, "Watch every ConnectX function present (with -d: those too)", 0 },
	{ "textfile", OPT_TEXTFILE, "PATH", 0,
	  "Keep Prometheus metrics (node_exporter textfile collector) in PATH, rewritten "
	  "every interval", 0 },
	{ 0 }
};

static error_t watch_parse(int key, char *arg, struct argp_state *state)
{
	struct watch_opts *o = state->input;
	static const struct {
		int key;
		const char *name;
		uint64_t min, max;
	} num[] = {
		{ OPT_MISSES, "--misses", 1, 1000 }, { OPT_COUNT, "--count", 1, 1000000 },
	};
	static const struct cmd_duration interval = { "--interval", true, 10, 60000 };
	uint64_t *dst[] = { &o->misses, &o->count };

	if (key == ARGP_KEY_INIT) {
		o->interval_ms = 50;
		o->misses = 3;
		return 0;
	}
	if (key == OPT_DURATION)
		return cmd_opt_duration(state, "--duration", arg, &o->duration_ms);
	if (key == OPT_INTERVAL)
		return cmd_opt_duration_in(state, &interval, arg, &o->interval_ms);
	for (size_t i = 0; i < sizeof(num) / sizeof(num[0]); i++)
		if (key == num[i].key) {
			if (cmd_number(arg, num[i].max, dst[i]) || *dst[i] < num[i].min) {
				argp_error(state, "%s: '%s' is not a number from %llu to %llu",
					   num[i].name, arg, (unsigned long long)num[i].min,
					   (unsigned long long)num[i].max);
				return EINVAL;
			}
			return 0;
		}
	if (key == OPT_EXIT_ON_FAULT || key == OPT_ALL) {
		*(key == OPT_ALL ? &o->all : &o->exit_on_fault) = true;
		return 0;
	}
	if (key == OPT_SNAPSHOT_DIR || key == OPT_TEXTFILE) {
		*(key == OPT_SNAPSHOT_DIR ? &o->snapshot_dir : &o->textfile) = arg;
		return 0;
	}
	return cmd_no_args(key, arg, state);
}

static const struct argp watch_argp = {
	watch_options, watch_parse, NULL,
	"Watch the firmware's health: a thread of its own samples the health counter and "
	"the health buffer every --interval; one line per event (JSON Lines with --json): "
	"started, stalled, recovered, fw_error, thermal, pci_gone, fw_initializing, "
	"syndrome_changed; the same event is not repeated while its state holds. Several "
	"devices: -d repeated, or --all; each has its own thread. Over devlink (--access "
	"devlink or a BUS/DEV name; one device): the reporter list kept by devlink's "
	"notifications, and mlx5's fw diagnose every --interval. Stops on "
	"SIGINT/SIGTERM, --count, --duration or --exit-on-fault, with a summary.",
	prm_global_children, NULL, NULL
};

static uint64_t now_ns(clockid_t c)
{
	struct timespec t;

	clock_gettime(c, &t);
	return (uint64_t)t.tv_sec * 1000000000ull + (uint64_t)t.tv_nsec;
}

/*
 * The evidence of a first fault, from the very sample that saw it (the
 * kernel's recovery would wipe the device's copy within seconds): the raw
 * initialization segment, the health buffer, and the decoded report.
 * Returns the path prefix written, or NULL (and says why).
 */
static const char *snapshot(const char *dir, const struct dev *d, const struct hmon_event *e,
			    char *prefix, size_t sz)
{
	struct prm_err err = { 0 };
	char path[4200 + 64], *json = NULL, stamp[32];
	size_t jlen = 0;
	FILE *f, *was;
	time_t now = time(NULL);
	struct tm tm;

	gmtime_r(&now, &tm);
	strftime(stamp, sizeof(stamp), "%Y%m%dT%H%M%SZ", &tm);
	if ((size_t)snprintf(prefix, sz, "%s/%s-%s", dir, d->label, stamp) >= sz) {
		out_warn("snapshot: %s: the directory's name is too long", dir);
		return NULL;
	}
	for (char *p = prefix + strlen(dir) + 1; *p; p++)
		if (*p == '/' || *p == ':')
			*p = '_';	/* image:/x/y, sim:NAME, 0000:3b:00.0 */
	f = open_memstream(&json, &jlen);
	if (!f)
		return NULL;
	/* the report as 'health show --json' gives it, into the file */
	was = out_set_stream(f, OUT_JSON);
	out_doc_begin();
	report(d, &e->report, 0, false);	/* the watch judged the counter itself */
	out_doc_end();
	out_set_stream(was, G.json ? OUT_JSON : OUT_TEXT);
	fclose(f);
	snprintf(path, sizeof(path), "%s-initseg.bin", prefix);
	if (write_file_atomic(path, e->seg, sizeof(e->seg), true, &err) == 0) {
		snprintf(path, sizeof(path), "%s-health_buffer.bin", prefix);
		if (write_file_atomic(path, e->report.buffer, PRM_HEALTH_BUFFER_BYTES, true, &err) == 0) {
			snprintf(path, sizeof(path), "%s-health.json", prefix);
			write_file_atomic(path, json, jlen, true, &err);
		}
	}
	free(json);
	if (err.msg[0]) {
		out_warn("snapshot: %s", err.msg);
		return NULL;
	}
	return prefix;
}

/* The watched devices: each opened device, its monitor, its first fault seen. */
struct watched {
	struct dev *d;
	struct hmon *m;
	bool faulted;
	uint64_t events;	/* the start not counted */
};

/*
 * Rewritten every interval: a failure (disk full, directory removed) is told
 * once, not 20 times a second, and again only after a write that worked.
 */
static void textfile(const char *path, const struct watched *w, size_t n, bool *failing,
		     bool *failed)
{
	struct prm_metrics_device md[WATCH_MAX];
	struct prm_err err = { 0 };
	char buf[65536];
	int len;

	for (size_t i = 0; i < n; i++) {
		hmon_last(w[i].m, &md[i]);
		md[i].device = w[i].d->label;
	}
	len = prm_metrics_format(md, n, buf, sizeof(buf));
	if (len >= 0 && !write_file_atomic(path, buf, (size_t)len, false, &err)) {
		*failing = false;
		return;
	}
	if (!*failing)
		out_warn("textfile: %s (the watch goes on and will exit 1)",
			 len < 0 ? "metrics do not fit" : err.msg);
	*failing = *failed = true;
}

static void event(const struct dev *d, const struct hmon_event *e, const char *snap)
{
	const struct prm_hwatch_event *ev = &e->ev;
	/* the sample's wall-clock time, from its monotonic one */
	uint64_t wall = now_ns(CLOCK_REALTIME) - (now_ns(CLOCK_MONOTONIC) - ev->at_ns);

	out_line_begin();
	out_time_ns("time", wall);
	cmd_out_device(d);
	out_str("event", prm_hwatch_kind_name(ev->kind));
	out_str("health", prm_health_status_name(ev->status));
	if (ev->status == PRM_HEALTH_PCI_GONE)
		out_null("health_counter");	/* all-ones is no counter value */
	else
		out_u64("health_counter", ev->counter);
	if (snap)
		out_str("snapshot", snap);
	if (ev->kind == PRM_HWATCH_STALLED)
		out_u64("stalled_ms", ev->stalled_ns / 1000000);
	if (ev->status == PRM_HEALTH_FW_ERROR || ev->status == PRM_HEALTH_THERMAL) {
		out_named("synd", ev->synd, true, e->report.seg.synd_name);
		if (ev->kind == PRM_HWATCH_SYND_CHANGED)
			out_hex("prev_synd", ev->prev_synd);
		/* the whole buffer where a machine reads it; a line stays a line */
		if (out_json()) {
			out_obj_begin("health_buffer");
			buffer_fields(&e->report);
			out_obj_end();
		}
	}
	cmd_done(EXIT_OK);
}

static void stop_all(struct watched *w, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		hmon_stop(w[i].m);
		dev_close(w[i].d);
	}
}

/*
 * --access devlink, or -d BUS/DEV (pci/BDF too): a devlink instance, which
 * only devlink can watch
 */
static bool over_devlink(void)
{
	struct prm_err err = { 0 };
	struct dev_name n;

	if (G.access && strcmp(G.access, "devlink") == 0)
		return true;
	return G.device && devname_parse(G.device, &n, &err) == 0 &&
	       (n.kind == DEV_KIND_DEVLINK || !strncmp(G.device, "pci/", 4));
}

static int watch_check(struct cmd_run *r)
{
	const struct watch_opts *o = r->opts;

	if (over_devlink() && (o->all || G.ndevices > 1 || o->textfile || o->snapshot_dir))
		return cmd_usage("health watch over devlink (--access devlink, or a BUS/DEV "
				 "name) follows one device, without --all, --textfile or "
				 "--snapshot-dir");
	if (o->snapshot_dir && cmd_out_dir("--snapshot-dir", o->snapshot_dir))
		return EXIT_USAGE;
	if (o->textfile && cmd_out_file("--textfile", o->textfile))
		return EXIT_USAGE;
	return 0;
}

/*
 * One device's reporters over devlink: notifications, and diagnose every
 * interval. Asked for, or (fallback) the one device given has a driver with
 * devlink and BAR0 the kernel refuses (beside the driver, lockdown): then
 * the driver's view is the watch, and the first line says why.
 */
static int watch_devlink(const struct watch_opts *o, bool fallback)
{
	struct health_dl_watch dw = { o->interval_ms, o->count, o->duration_ms, o->exit_on_fault,
				      NULL };
	struct dev *d;
	int rc;

	if ((rc = cmd_open_device(false, &d)))
		return rc;
	if (fallback && (d->ops || !d->devlink[0])) {
		dev_close(d);
		return -1;	/* BAR0 is there after all, or no devlink: the BAR0 watch */
	}
	if (fallback)
		dw.bar0_error = d->bar_err.msg;
	rc = health_watch_devlink(d, &dw);
	dev_close(d);
	return rc;
}

static int watch(struct cmd_run *r)
{
	const struct watch_opts *o = r->opts;
	struct prm_err err = { 0 };
	struct hmon_event *e;
	struct watched w[WATCH_MAX];
	struct dev *devs[WATCH_MAX];
	struct hmon_waiter waiter;
	uint64_t events = 0, until, next_text = 0, seen = 0;
	bool faulted = false, text_failing = false, write_failed = false;
	char prefix[4000];
	size_t n = 0;
	int rc;

	if (over_devlink())
		return watch_devlink(o, false);
	if (!o->all && G.ndevices == 1 && !G.access && (rc = watch_devlink(o, true)) >= 0)
		return rc;
	e = malloc(sizeof(*e));
	if (!e)
		return EXIT_FAIL;
	if ((rc = cmd_open_devices(o->all, devs, WATCH_MAX, &n))) {
		free(e);
		return rc;
	}
	for (size_t i = 0; i < n; i++)
		if (devs[i]->name.kind == DEV_KIND_IMAGE) {
			/* a saved segment never moves: every watch of one would "stall" */
			rc = cmd_usage("health watch: %s is a saved image, it does not change "
				       "(use 'health show')", devs[i]->label);
			while (n)
				dev_close(devs[--n]);
			free(e);
			return rc;
		}
	hmon_waiter_init(&waiter);
	for (size_t i = 0; i < n; i++) {
		w[i] = (struct watched){ .d = devs[i] };
		/* one thread per device: a slow one holds up no other */
		if (hmon_start(devs[i], (unsigned)o->interval_ms, (unsigned)o->misses, &waiter,
			       &w[i].m, &err)) {
			stop_all(w, i);
			for (size_t k = i; k < n; k++)
				dev_close(devs[k]);
			hmon_waiter_destroy(&waiter);
			free(e);
			return cmd_fail(&err);
		}
	}
	until = o->duration_ms ? now_ns(CLOCK_MONOTONIC) + o->duration_ms * 1000000ull : 0;
	while (!cmd_stop_requested() && (!until || now_ns(CLOCK_MONOTONIC) < until) &&
	       !(o->count && events >= o->count) && !(o->exit_on_fault && faulted)) {
		bool any = false;

		if (o->textfile && now_ns(CLOCK_MONOTONIC) >= next_text) {
			textfile(o->textfile, w, n, &text_failing, &write_failed);
			next_text = now_ns(CLOCK_MONOTONIC) + o->interval_ms * 1000000ull;
		}
		for (size_t i = 0; i < n; i++)
			while (hmon_next(w[i].m, e, 0) == 0) {
				const char *snap = NULL;

				any = true;
				if (o->snapshot_dir && !w[i].faulted && prm_health_is_fault(e->ev.status)) {
					snap = snapshot(o->snapshot_dir, w[i].d, e, prefix, sizeof(prefix));
					write_failed |= !snap;
				}
				event(w[i].d, e, snap);
				if (e->ev.kind != PRM_HWATCH_STARTED) {
					events++;
					w[i].events++;
				}
				w[i].faulted |= prm_health_is_fault(e->ev.status);
				faulted |= w[i].faulted;
			}
		if (!any)
			hmon_waiter_wait(&waiter, &seen, o->textfile ? (unsigned)o->interval_ms : 100);
	}
	if (o->textfile)
		textfile(o->textfile, w, n, &text_failing, &write_failed);
	for (size_t i = 0; i < n; i++) {
		uint64_t samples, errors;

		hmon_counts(w[i].m, &samples, &errors);
		out_line_begin();
		out_time_ns("time", now_ns(CLOCK_REALTIME));
		cmd_out_device(w[i].d);
		out_str("event", "stopped");
		out_u64("events", w[i].events);
		out_u64("samples", samples);
		out_u64("read_errors", errors);
		cmd_done(EXIT_OK);
	}
	stop_all(w, n);
	hmon_waiter_destroy(&waiter);
	free(e);
	if (o->exit_on_fault && faulted)
		return EXIT_CHECK;
	return write_failed ? EXIT_FAIL : EXIT_OK;	/* evidence or metrics lost */
}

static const struct prm_verb verbs[] = {
	{ .name = "show", .summary = "Classify and decode the firmware's health",
	  .argp = &show_argp, .exec = show, .opts_size = sizeof(struct show_opts),
	  .flags = CMD_NEEDS_DEVICE | CMD_OWN_DEVICES },
	{ .name = "watch", .summary = "Watch it over time: stalls, faults, recovery",
	  .argp = &watch_argp, .check = watch_check, .exec = watch,
	  .opts_size = sizeof(struct watch_opts), .flags = CMD_NEEDS_DEVICE | CMD_OWN_DEVICES },
	{ .name = "decode-log", .summary = "Find and decode mlx5 health reports in kernel logs",
	  .argp = &health_log_argp, .exec = health_decode_log,
	  .opts_size = sizeof(struct health_log_opts) },
};

const struct prm_cmd cmd_health = {
	.name = "health",
	.summary = "Firmware health: classification and the decoded health buffer",
	.verbs = verbs,
	.nverbs = sizeof(verbs) / sizeof(verbs[0]),
	.default_verb = "show",
	.flags = CMD_NEEDS_DEVICE,
};
