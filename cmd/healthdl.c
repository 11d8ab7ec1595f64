// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* health show | watch over devlink (healthdl.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <linux/devlink.h>

#include "cmd/core/cmd.h"
#include "cmd/dlview.h"
#include "cmd/healthdl.h"
#include "lib/out/fmsg_print.h"
#include "lib/out/fwreporter_read.h"
#include "lib/out/out.h"
#include "lib/prm/fwreporter.h"
#include "lib/prm/names.h"
#include "lib/util/clock.h"

/* What one look over devlink finds. */
struct look {
	struct dl_reporter *r;
	size_t n;
	const struct dl_reporter *fw, *fatal;
	struct prm_fw_reporter now;	/* diagnose: the health buffer's syndrome now */
	struct prm_fw_reporter then;	/* the stored dump: the buffer when it was taken */
	struct fmsg diag, dump;
	bool mlx5;			/* the fw reporter is there */
	enum prm_health_status status;
};

static void look_free(struct look *l)
{
	free(l->r);
	fmsg_free(&l->diag);
	fmsg_free(&l->dump);
	memset(l, 0, sizeof(*l));
}

/* The device's reporter list, read (a dump). */
static int read_list(struct devlink *dl, const struct dl_handle *h, struct look *l,
		     struct prm_err *err)
{
	free(l->r);
	l->r = NULL;
	l->n = 0;
	if (devlink_reporters(dl, h, &l->r, &l->n, err))
		return -1;
	/* none: a device without reporters, or one that went away mid-watch */
	if (l->n == 0 && devlink_exists(dl, h, err))
		return -1;
	return 0;
}

/*
 * The health the list in l says, with mlx5's fw reporter diagnosed (the
 * health buffer's syndrome now, which no notification tells) and, if asked
 * and taken, its stored dump.
 */
static int judge(struct devlink *dl, const struct dl_handle *h, bool want_dump, struct look *l,
		 struct prm_err *err)
{
	bool any_error = false;

	fmsg_free(&l->diag);
	fmsg_free(&l->dump);
	fmsg_init(&l->diag);
	fmsg_init(&l->dump);
	memset(&l->now, 0, sizeof(l->now));
	memset(&l->then, 0, sizeof(l->then));
	l->fw = l->fatal = NULL;
	for (size_t i = 0; i < l->n; i++) {
		if (l->r[i].has_port)
			continue;
		if (strcmp(l->r[i].name, "fw") == 0)
			l->fw = &l->r[i];
		if (strcmp(l->r[i].name, "fw_fatal") == 0)
			l->fatal = &l->r[i];
		any_error |= l->r[i].state != DL_REPORTER_HEALTHY;
	}
	l->mlx5 = l->fw != NULL;
	if (!l->mlx5) {
		/* another driver: the reporters' states are all there is */
		l->status = any_error ? PRM_HEALTH_FW_ERROR : PRM_HEALTH_OK;
		return 0;
	}
	if (devlink_diagnose(dl, h, "fw", &l->diag, err) ||
	    fw_reporter_read(l->diag.root, &l->now, err))
		return -1;
	/* only a dump the driver already took: asking for one makes it collect a new one */
	if (want_dump && l->fw->has_dump_ts) {
		if (devlink_dump(dl, h, "fw", &l->dump, err) ||
		    fw_reporter_read(l->dump.root, &l->then, err))
			return -1;
	}
	l->status = prm_fw_reporter_classify(&l->now,
					     l->fatal && l->fatal->state != DL_REPORTER_HEALTHY);
	return 0;
}

static int look(struct devlink *dl, const struct dl_handle *h, bool want_dump, struct look *l,
		struct prm_err *err)
{
	memset(l, 0, sizeof(*l));
	fmsg_init(&l->diag);
	fmsg_init(&l->dump);
	return read_list(dl, h, l, err) || judge(dl, h, want_dump, l, err) ? -1 : 0;
}

static uint8_t synd_now(const struct look *l)
{
	return l->now.has_synd ? l->now.synd : 0;
}

/* What diagnose reads now, under health show's keys. */
static void out_buffer_now(const struct look *l)
{
	uint8_t synd = synd_now(l);

	out_obj_begin("health_buffer");
	out_named("synd", synd, true, prm_name_of(&prm_health_synd_names, synd));
	out_str("description", l->now.description);
	out_obj_end();
}

/*
 * The driver's stored dump of the fw reporter: the whole health buffer as
 * it was when the dump was taken (at the report), which may be long ago.
 */
static void out_last_dump(const struct look *l)
{
	const struct prm_fw_reporter *f = &l->then;
	const struct prm_fw_health_buffer *b = &f->buf;
	char ver[32] = "";

	if (!l->fw || !l->fw->has_dump_ts || !l->dump.root) {
		out_null("last_dump");
		return;
	}
	out_obj_begin("last_dump");
	if (l->fw->has_dump_ts_ns)
		out_time_ns("time", l->fw->dump_ts_ns);
	if (f->has_ctx) {
		/* the health syndrome the report was about: synd, as everywhere */
		out_named("synd", f->ctx_synd, true, prm_name_of(&prm_health_synd_names, f->ctx_synd));
		out_u64("fw_miss_counter", f->miss_counter);
	}
	if (!f->has_buffer) {
		out_null("health_buffer");
		out_obj_end();
		return;
	}
	out_obj_begin("health_buffer");
	/* kernels before 5.16 send 5 assert_var and no time, rfr, severity: null */
	out_arr_begin("assert_var");
	for (unsigned i = 0; i < b->nassert; i++)
		out_hex_width(NULL, b->assert_var[i], 32);
	out_arr_end();
	out_hex_width("assert_exit_ptr", b->assert_exit_ptr, 32);
	out_hex_width("assert_callra", b->assert_callra, 32);
	if (b->has_time) {
		out_time_s("time", b->time);
	} else {
		out_null("time");
		out_null("time_s");
	}
	out_hex_width("fw_ver", b->raw_fw_ver, 32);
	out_hex_width("hw_id", b->hw_id, 32);
	if (b->has_rfr)
		out_bool("rfr", b->rfr != 0);
	else
		out_null("rfr");
	if (b->has_severity)
		out_named("severity", b->severity, false,
			  prm_name_of(&prm_severity_names, b->severity));
	else
		out_null("severity");
	out_u64("irisc_index", b->irisc_index);
	out_named("synd", b->synd, true, prm_name_of(&prm_health_synd_names, b->synd));
	out_hex_width("ext_synd", b->ext_synd, 16);
	prm_health_fw_ver(b->raw_fw_ver, ver, sizeof(ver));
	out_str("fw_ver_decoded", ver[0] ? ver : NULL);
	out_obj_end();
	if (f->has_traces)
		out_u64("fw_traces", f->ntraces);
	out_obj_end();
}

static void out_reporters(const struct look *l)
{
	out_table_begin("reporters");
	for (size_t i = 0; i < l->n; i++) {
		if (l->r[i].has_port)
			continue;
		out_obj_begin(NULL);
		out_devlink_reporter(&l->r[i]);
		out_obj_end();
	}
	out_table_end();
}

static const char *fw_running(struct devlink *dl, const struct dl_handle *h, char *buf,
			      size_t sz)
{
	struct prm_err err = { 0 };
	struct dl_info *in = malloc(sizeof(*in));
	const char *v = NULL;

	if (in && devlink_info(dl, h, in, &err) == 0) {
		v = dl_version(in->running, in->nrunning, "fw.version");
		if (!v)
			v = dl_version(in->running, in->nrunning, "fw");
		if (v)
			snprintf(buf, sz, "%s", v);
	}
	free(in);
	return v ? buf : NULL;
}

int health_show_devlink(struct dev *d, const char *why)
{
	struct prm_err err = { 0 };
	struct dl_handle h;
	struct devlink dl = { 0 };
	struct look l = { 0 };
	char fw[128];
	int rc;

	if (devlink_attach(d, &dl, &h, &err) || look(&dl, &h, true, &l, &err)) {
		look_free(&l);
		devlink_close(&dl);
		/* both ways closed: say why for each */
		if (why)
			prm_err_prefix(&err, "%s; over devlink: ", why);
		return cmd_fail(&err);
	}
	if (why)
		out_note("%s; reading the driver's view over devlink instead", why);
	out_doc_begin();
	out_str("device", d->label);
	out_str("health", prm_health_status_name(l.status));
	out_str("access", "devlink");
	out_strf("devlink", "%s/%s", h.bus, h.dev);
	out_str("bar0_error", why);
	out_str("fw_version", fw_running(&dl, &h, fw, sizeof(fw)));
	/* what diagnose reads now, as device show and health show over BAR0 name it */
	if (l.mlx5)
		out_named("synd", synd_now(&l), true,
			  prm_name_of(&prm_health_synd_names, synd_now(&l)));
	else
		out_null("synd");
	if (!l.mlx5)
		out_note("No mlx5 fw reporter: the status is the reporters' states.");
	out_reporters(&l);
	if (l.mlx5) {
		out_buffer_now(&l);
		/* the fw reporter has no recovery: "error" means "reported once" */
		out_bool("fw_reported", l.fw->state != DL_REPORTER_HEALTHY);
		out_last_dump(&l);
	}
	rc = l.status == PRM_HEALTH_OK ? EXIT_OK : EXIT_CHECK;
	look_free(&l);
	devlink_close(&dl);
	return cmd_done(rc);
}

/* ---- watch ---- */

/*
 * The watch keeps the reporter list it read at the start current from the
 * kernel's notifications (dl_reporters_apply), and reads it again only
 * when one may have been missed: the socket overflowed, the device came,
 * went or was reloaded (its reporters made anew, untold), a read failed.
 * Each interval then costs mlx5's fw diagnose alone (one request; none for
 * a driver without that reporter).
 */
struct wstate {
	struct dev *d;
	const struct health_dl_watch *o;
	struct dl_handle h;
	struct look l;			/* the reporter list, kept current */
	enum prm_health_status status;
	uint8_t synd;
	uint64_t events, read_errors;
	bool faulted, changed;
	bool stale;			/* the list must be read again */
};

static void line(struct wstate *w, const char *event, const struct look *l,
		 const struct dl_reporter *r)
{
	out_line_begin();
	out_time_ns("time", clock_wall_ns());
	out_str("device", w->d->label);
	out_str("event", event);
	out_str("health", prm_health_status_name(w->status));
	out_str("access", "devlink");
	if (r) {
		out_str("reporter", r->name);
		out_str("state", dl_reporter_state_name(r->state));
		out_u64("error_count", r->error_count);
		out_u64("recover_count", r->recover_count);
	}
	if (l && l->mlx5 && synd_now(l))
		out_named("synd", synd_now(l), true, prm_name_of(&prm_health_synd_names, synd_now(l)));
	if (!strcmp(event, "started") && w->o->bar0_error)
		out_str("bar0_error", w->o->bar0_error);
	cmd_done(EXIT_OK);
}

/* The event for a new classification, as the BAR0 watch names them. */
static const char *status_event(enum prm_health_status was, enum prm_health_status now)
{
	if (now == PRM_HEALTH_OK)
		return "recovered";
	if (was == now)
		return "syndrome_changed";
	return prm_health_status_name(now);
}

static int on_event(const struct dl_event *ev, void *arg, struct prm_err *err)
{
	struct wstate *w = arg;
	int change;

	if (!devlink_handle_eq(&w->h, &ev->h))
		return 0;
	change = dl_reporters_apply(&w->l.r, &w->l.n, &w->h, ev, err);
	w->l.fw = w->l.fatal = NULL;	/* the list may have moved: judge() finds them again */
	if (change < 0)
		return -1;
	if (change == DL_LIST_STALE) {
		w->stale = true;
		w->changed = true;
	}
	if (ev->cmd != DEVLINK_CMD_HEALTH_REPORTER_RECOVER)
		return 0;
	/* the reporter's own change, as the kernel announced it */
	line(w, ev->reporter.state == DL_REPORTER_HEALTHY ? "reporter_healthy" : "reporter_error",
	     NULL, &ev->reporter);
	w->events++;
	w->changed = true;
	return 0;
}

/* The list read again if it is stale, then judged (mlx5: diagnosed). */
static int refresh(struct wstate *w, struct devlink *dl, struct prm_err *err)
{
	bool reread = w->stale;

	if (w->stale) {
		if (read_list(dl, &w->h, &w->l, err))
			return -1;
		w->stale = false;
	}
	if (judge(dl, &w->h, false, &w->l, err) == 0)
		return 0;
	if (reread || err->kind == PRM_E_TIMEOUT)
		return -1;
	/* the fw reporter gone, or the device: what the list says now tells which */
	prm_err_clear(err);
	w->stale = true;
	return refresh(w, dl, err);
}

static int sample(struct wstate *w, struct devlink *dl, bool first, struct prm_err *err)
{
	/* no dump: the watch reads what is true now, every interval */
	if (refresh(w, dl, err))
		return -1;
	if (first || w->l.status != w->status || synd_now(&w->l) != w->synd) {
		enum prm_health_status was = w->status;

		w->status = w->l.status;
		w->synd = synd_now(&w->l);
		line(w, first ? "started" : status_event(was, w->l.status), &w->l, NULL);
		if (!first)
			w->events++;
	}
	w->faulted |= prm_health_is_fault(w->l.status);
	return 0;
}

int health_watch_devlink(struct dev *d, const struct health_dl_watch *o)
{
	struct wstate w = { .d = d, .o = o, .stale = true };
	struct prm_err err = { 0 };
	struct devlink dl, mon;
	uint64_t t0 = clock_now_ms(), next;
	int rc = cmd_devlink_open(d, &dl, &w.h);

	if (rc)
		return rc;
	fmsg_init(&w.l.diag);
	fmsg_init(&w.l.dump);
	/* notifications first: none between the list read and the watch is missed */
	if (devlink_open(&mon, G.timeout_ms, &err) || devlink_monitor(&mon, &err)) {
		devlink_close(&dl);
		return cmd_fail(&err);
	}
	cmd_catch_stop();
	if (sample(&w, &dl, true, &err))
		goto fail;
	next = clock_now_ms() + o->interval_ms;
	while (!cmd_stop_requested() && !(o->count && w.events >= o->count) &&
	       !(o->exit_on_fault && w.faulted) &&
	       (!o->duration_ms || clock_now_ms() - t0 < o->duration_ms)) {
		uint64_t now = clock_now_ms(), until = next;
		bool lost;
		int got;

		/* an interval longer than what is left of --duration waits no longer than that */
		if (o->duration_ms && t0 + o->duration_ms < until)
			until = t0 + o->duration_ms;
		got = devlink_events(&mon, now < until ? (int)(until - now) : 0, on_event, &w,
				     &lost, &err);

		if (got < 0 && !cmd_stop_requested())
			goto fail;
		if (lost) {
			out_warn("%s: devlink notifications were lost; reading the state again",
				 d->label);
			w.stale = true;
		}
		if (clock_now_ms() >= next || w.changed || lost) {
			w.changed = false;
			if (sample(&w, &dl, false, &err)) {
				if (cmd_stop_requested())
					break;	/* a stop that cut the request short */
				if (err.kind != PRM_E_TIMEOUT)
					goto fail;
				/* a driver recovering holds devlink's lock past the bound:
				 * the watch goes on, the next reply tells */
				out_warn("%s; reading again in %llu ms", err.msg,
					 (unsigned long long)o->interval_ms);
				prm_err_clear(&err);
				w.read_errors++;
			}
			next = clock_now_ms() + o->interval_ms;
		}
	}
	out_line_begin();
	out_time_ns("time", clock_wall_ns());
	out_str("device", d->label);
	out_str("event", "stopped");
	out_str("access", "devlink");
	out_u64("events", w.events);
	out_u64("read_errors", w.read_errors);
	out_str("health", prm_health_status_name(w.status));
	cmd_done(EXIT_OK);
	look_free(&w.l);
	devlink_close(&mon);
	devlink_close(&dl);
	return o->exit_on_fault && w.faulted ? EXIT_CHECK : EXIT_OK;
fail:
	look_free(&w.l);
	devlink_close(&mon);
	devlink_close(&dl);
	return cmd_fail(&err);
}
