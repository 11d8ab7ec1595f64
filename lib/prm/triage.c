// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* The verdict of a collect bundle, from its files alone. */
#include <errno.h>
#include <jansson.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/prm/healthadvice.h"
#include "lib/prm/healthlog.h"
#include "lib/prm/layouts/layouts.h"
#include "lib/prm/names.h"
#include "lib/prm/triage.h"

/* Images closer together than this say nothing about a stalled counter. */
#define TRIAGE_STALL_MIN_MS 100

struct bundle {
	const struct tarball *b;
	char top[256];		/* "name/" or "" */
};

static const struct tarball_file *file(const struct bundle *b, const char *rel)
{
	size_t n = strlen(b->top);

	for (size_t i = 0; i < b->b->n; i++) {
		const char *name = b->b->files[i].name;

		if (!strncmp(name, b->top, n) && !strcmp(name + n, rel))
			return &b->b->files[i];
	}
	return NULL;
}

static json_t *load_json(const struct bundle *b, const char *rel)
{
	const struct tarball_file *f = file(b, rel);

	return f ? json_loadb((const char *)f->data, f->len, 0, NULL) : NULL;
}

static void copy(char *dst, size_t sz, json_t *o, const char *key)
{
	const char *s = json_string_value(json_object_get(o, key));

	snprintf(dst, sz, "%s", s ? s : "");
}

static struct triage_finding *add(struct triage *t, enum triage_sev sev, int dev,
				  const char *name, const char *what, const char *evidence,
				  const char *fmt, ...) __attribute__((format(printf, 7, 8)));

static struct triage_finding *add(struct triage *t, enum triage_sev sev, int dev,
				  const char *name, const char *what, const char *evidence,
				  const char *fmt, ...)
{
	struct triage_finding *f;
	va_list ap;

	if (t->nf == TRIAGE_MAX_FINDINGS) {
		t->nf_dropped++;
		return NULL;
	}
	f = &t->f[t->nf++];
	f->sev = sev;
	f->device = dev;
	snprintf(f->device_name, sizeof(f->device_name), "%s", name ? name : "");
	snprintf(f->what, sizeof(f->what), "%s", what);
	snprintf(f->evidence, sizeof(f->evidence), "%s", evidence ? evidence : "");
	va_start(ap, fmt);
	vsnprintf(f->text, sizeof(f->text), fmt, ap);
	va_end(ap);
	f->advice = NULL;
	for (int k = 0; k < PRM_HEALTH_NSTATUS; k++)
		if (!strcmp(what, prm_health_status_name(k)))
			f->advice = prm_health_advice(k);
	return f;
}

static enum triage_sev class_sev(enum prm_health_status s)
{
	switch (s) {
	case PRM_HEALTH_OK:
		return TRIAGE_INFO;
	case PRM_HEALTH_FW_INITIALIZING:
		return TRIAGE_WARNING;
	case PRM_HEALTH_THERMAL:
	case PRM_HEALTH_CMD_TIMEOUT:
		return TRIAGE_ERROR;
	default:
		return TRIAGE_CRITICAL;
	}
}

/* Worse of two classes: gone, then a syndrome, then a hang, then booting. */
static int rank(enum prm_health_status s)
{
	static const int r[PRM_HEALTH_NSTATUS] = {
		[PRM_HEALTH_OK] = 0, [PRM_HEALTH_FW_INITIALIZING] = 1,
		[PRM_HEALTH_CMD_TIMEOUT] = 2, [PRM_HEALTH_FW_UNRESPONSIVE] = 3,
		[PRM_HEALTH_THERMAL] = 4, [PRM_HEALTH_FW_ERROR] = 5, [PRM_HEALTH_PCI_GONE] = 6,
	};
	return r[s];
}

struct image {
	const char *file;
	long taken_ms;
	struct prm_health_report r;
};

/* The images of a device, in the order they were taken. */
static size_t images(const struct bundle *b, const struct triage_device *d, json_t *files,
		     struct image *im, size_t max)
{
	size_t n = 0, i;
	json_t *f;

	json_array_foreach(files, i, f) {
		const char *name = json_string_value(json_object_get(f, "file"));
		const struct tarball_file *tf;
		char rel[256];
		struct prm_err err = { 0 };

		if (!name || strncmp(name, "initseg-", 8) || !strstr(name, ".bin") || n == max)
			continue;
		snprintf(rel, sizeof(rel), "%s/%s", d->dir, name);
		if (!(tf = file(b, rel)) || prm_health_report(tf->data, tf->len, &im[n].r, &err))
			continue;
		im[n].file = name;
		im[n].taken_ms = (long)json_integer_value(json_object_get(f, "taken_ms"));
		n++;
	}
	return n;
}

static void health_finding(struct triage *t, int di, const struct image *worst,
			   const char *evidence)
{
	struct triage_device *d = &t->dev[di];
	const struct prm_health_report *r = &worst->r;
	char stall[160] = "", temp[48] = "";

	if (d->counter_checked && !d->counter_moved)
		snprintf(stall, sizeof(stall), "; the health counter did not move between the "
			 "images (%u taken)", d->nimages);
	if (d->status == PRM_HEALTH_OK)
		return;
	if (d->has_temperature)
		snprintf(temp, sizeof(temp), ", ASIC at %.1f C", d->temperature_c);
	if (d->status == PRM_HEALTH_PCI_GONE) {
		add(t, TRIAGE_CRITICAL, di, d->name, "pci_gone", evidence,
		    "pci_gone: every read of the initialization segment returned all-ones: the "
		    "function is gone from the bus (surprise removal, link down, DPC, or a reset "
		    "in progress)");
		return;
	}
	if (d->status == PRM_HEALTH_FW_UNRESPONSIVE) {
		add(t, TRIAGE_CRITICAL, di, d->name, "fw_unresponsive", evidence,
		    "fw_unresponsive: no health syndrome, but the health counter stayed at %u%s: "
		    "the firmware is hung", r->seg.health_counter, stall);
		return;
	}
	if (d->status == PRM_HEALTH_FW_INITIALIZING) {
		add(t, TRIAGE_WARNING, di, d->name, "fw_initializing", evidence,
		    "fw_initializing: the firmware was still initializing in every image");
		return;
	}
	add(t, class_sev(d->status), di, d->name, prm_health_status_name(d->status), evidence,
	    "%s: health syndrome 0x%x (%s), ext_synd 0x%x, severity %s, irisc %u, firmware "
	    "time %s, firmware %s%s%s",
	    prm_health_status_name(d->status), r->seg.synd,
	    r->seg.synd_name ? r->seg.synd_name : "unknown",
	    (unsigned)PRM_GET(health_buffer, r->buffer, PRM_HEALTH_BUFFER_BYTES, "ext_synd"),
	    prm_name_of(&prm_severity_names,
			PRM_GET(health_buffer, r->buffer, PRM_HEALTH_BUFFER_BYTES, "severity"))
		?: "unknown",
	    (unsigned)PRM_GET(health_buffer, r->buffer, PRM_HEALTH_BUFFER_BYTES, "irisc_index"),
	    r->fw_time_iso[0] ? r->fw_time_iso : "unknown", r->seg.fw_version,
	    temp, stall);
}

/* The class from the images: the worst one seen, a counter that stood still. */
static void judge_images(const struct bundle *b, struct triage *t, int di, json_t *mdev)
{
	struct triage_device *d = &t->dev[di];
	struct image im[16];
	size_t n = images(b, d, json_object_get(mdev, "files"), im, 16), worst = 0;
	char evidence[160];

	d->nimages = (unsigned)n;
	if (!n)
		return;
	for (size_t i = 1; i < n; i++)
		if (rank(im[i].r.status) > rank(im[worst].r.status))
			worst = i;
	d->has_status = true;
	d->status = im[worst].r.status;
	d->synd = im[worst].r.seg.synd;
	if (n >= 2 && !im[0].r.seg.all_ones && !im[n - 1].r.seg.all_ones &&
	    im[n - 1].taken_ms - im[0].taken_ms >= TRIAGE_STALL_MIN_MS) {
		d->counter_checked = true;
		d->counter_moved = im[n - 1].r.seg.health_counter != im[0].r.seg.health_counter;
		if (!d->counter_moved && d->status == PRM_HEALTH_OK)
			d->status = PRM_HEALTH_FW_UNRESPONSIVE;
	}
	snprintf(evidence, sizeof(evidence), "%s/%s", d->dir, im[worst].file);
	health_finding(t, di, &im[worst], evidence);
}

/* Without images (devlink access): the class health show reported. */
static void judge_reports(const struct bundle *b, struct triage *t, int di)
{
	struct triage_device *d = &t->dev[di];

	for (int i = 1; i <= 16 && !d->has_status; i++) {
		char rel[128];
		json_t *j;
		const char *s;

		snprintf(rel, sizeof(rel), "%s/health-%d.json", d->dir, i);
		if (!(j = load_json(b, rel)))
			continue;
		s = json_string_value(json_object_get(j, "health"));
		for (int k = 0; s && k < PRM_HEALTH_NSTATUS; k++)
			if (!strcmp(s, prm_health_status_name(k))) {
				d->has_status = true;
				d->status = k;
				if (k != PRM_HEALTH_OK)
					add(t, class_sev(k), di, d->name, s, rel,
					    "%s, as the device reported it (no initialization-segment "
					    "image was collected)", s);
			}
		json_decref(j);
	}
}

/* What device show saw beside the firmware: the PCIe link, the temperature. */
static void judge_device(const struct bundle *b, struct triage *t, int di)
{
	struct triage_device *d = &t->dev[di];
	char rel[128];
	json_t *j, *v;

	snprintf(rel, sizeof(rel), "%s/device.json", d->dir);
	if (!(j = load_json(b, rel)))
		return;
	if (!d->psid[0])
		copy(d->psid, sizeof(d->psid), j, "psid");
	if ((v = json_object_get(j, "temperature_c")) && json_is_number(v)) {
		d->has_temperature = true;
		d->temperature_c = json_number_value(v);
	}
	if (json_is_true(json_object_get(j, "link_degraded")))
		add(t, TRIAGE_WARNING, di, d->name, "pcie_link_degraded", rel,
		    /* device show's speeds are numbers of GT/s (0: link down) */
		    "PCIe link degraded: %g GT/s x%lld, capable of %g GT/s x%lld (a reseat, a riser "
		    "or slot fault, or the platform's setting: compare with lspci -vv LnkSta/LnkCap)",
		    json_number_value(json_object_get(j, "link_speed_gts")),
		    json_integer_value(json_object_get(j, "link_width")),
		    json_number_value(json_object_get(j, "link_speed_max_gts")),
		    json_integer_value(json_object_get(j, "link_width_max")));
	json_decref(j);
}

/* The driver's health reporters in error, over devlink. */
static void judge_reporters(const struct bundle *b, struct triage *t, int di)
{
	struct triage_device *d = &t->dev[di];
	char rel[128];
	json_t *j, *r;
	size_t i;

	snprintf(rel, sizeof(rel), "%s/devlink-reporters.json", d->dir);
	if (!(j = load_json(b, rel)))
		return;
	json_array_foreach(json_object_get(j, "reporters"), i, r) {
		const char *state = json_string_value(json_object_get(r, "state"));
		json_int_t errors = json_integer_value(json_object_get(r, "error_count"));

		if ((state && !strcmp(state, "error")) || errors > 0)
			add(t, state && !strcmp(state, "error") ? TRIAGE_ERROR : TRIAGE_WARNING,
			    di, d->name, "reporter_error", rel,
			    "the driver's devlink health reporter '%s' is %s, %lld error(s), %lld "
			    "recover(ies)",
			    json_string_value(json_object_get(r, "reporter")) ?: "?", state ?: "?",
			    errors, json_integer_value(json_object_get(r, "recover_count")));
	}
	json_decref(j);
}

static void judge_steps(struct triage *t, int di, json_t *mdev)
{
	struct triage_device *d = &t->dev[di];
	json_t *s;
	size_t i;

	json_array_foreach(json_object_get(mdev, "failed"), i, s) {
		d->nfailed++;
		add(t, TRIAGE_INFO, di, d->name, "step_failed", "manifest.json",
		    "%s: %s", json_string_value(json_object_get(s, "step")) ?: "?",
		    json_string_value(json_object_get(s, "reason")) ?: "?");
	}
}

static int device_by_bdf(const struct triage *t, const char *bdf)
{
	for (size_t i = 0; i < t->ndev; i++)
		if (t->dev[i].pci_address[0] && !strcmp(t->dev[i].pci_address, bdf))
			return (int)i;
	return -1;
}

/* One incident of the kernel log: of a device collected or not, or of a port. */
static void log_event(struct triage *t, const struct prm_health_event *e, const char *rel)
{
	char evidence[160], syn[96] = "", port[700] = "";
	int di = device_by_bdf(t, e->device);

	for (size_t k = 0; di < 0 && k < e->nfunctions; k++)
		di = device_by_bdf(t, e->functions[k]);
	for (size_t k = 0; di < 0 && k < e->nport_below; k++)
		di = device_by_bdf(t, e->port_below[k]);
	if (e->has_synd)
		snprintf(syn, sizeof(syn), ", syndrome 0x%x (%s)", e->synd,
			 e->synd_name ? e->synd_name : "unknown");
	if (e->has_port)
		snprintf(port, sizeof(port), "; upstream port %s%s%s%s: %s", e->port,
			 e->port_mapping ? " (tied by " : "", e->port_mapping ? e->port_mapping : "",
			 e->port_mapping ? ")" : "", e->port_detail);
	snprintf(evidence, sizeof(evidence), "%s:%zu", rel, e->port_only ? e->port_line : e->line);
	if (e->port_only)
		add(t, class_sev(e->status), di, e->device, prm_health_status_name(e->status),
		    evidence, "kernel log%s%s: the link below port %s was lost%s%s%s%s",
		    e->port_time[0] ? " at " : "", e->port_time, e->port,
		    e->nport_below ? " (a ConnectX function of the log may be below it: " : "",
		    e->nport_below ? e->port_below[0] : "", e->nport_below ? ")" : "",
		    port);
	else
		add(t, class_sev(e->status), di, e->device, prm_health_status_name(e->status),
		    evidence, "kernel log%s%s: %s on %s%s, %zu function(s), %u report(s)%s%s%s%s",
		    e->time[0] ? " at " : "", e->time, prm_health_status_name(e->status),
		    e->device, syn, e->nfunctions_total, e->nreports,
		    di < 0 ? " (not among the devices collected)" : "",
		    e->detail[0] ? "; " : "", e->detail, port);
}

static void judge_kernel_log(const struct bundle *b, struct triage *t)
{
	const char *rel = "host/kernel-log.txt";
	const struct tarball_file *f = file(b, rel);
	const struct prm_health_event *ev;
	struct prm_err err = { 0 };
	struct prm_healthlog *p;
	size_t n, start = 0;

	if (!f || !(p = prm_healthlog_new(&err)))
		return;
	t->kernel_log = true;
	for (size_t i = 0; i <= f->len; i++)
		if (i == f->len || f->data[i] == '\n') {
			if (i > start || i < f->len)
				prm_healthlog_line(p, (const char *)f->data + start, i - start);
			start = i + 1;
		}
	n = prm_healthlog_events(p, &ev);
	t->kernel_events = n;
	for (size_t i = 0; i < n; i++)
		log_event(t, &ev[i], rel);
	n = prm_healthlog_port_events(p, &ev);
	t->kernel_events += n;
	for (size_t i = 0; i < n; i++)
		log_event(t, &ev[i], rel);
	prm_healthlog_free(p);
}

static int find_manifest(const struct tarball *tb, struct bundle *b)
{
	b->b = tb;
	for (size_t i = 0; i < tb->n; i++) {
		const char *name = tb->files[i].name, *slash = strchr(name, '/');

		if (!strcmp(name, "manifest.json")) {
			b->top[0] = 0;
			return 0;
		}
		if (slash && !strcmp(slash + 1, "manifest.json") &&
		    (size_t)(slash - name) + 2 <= sizeof(b->top)) {
			snprintf(b->top, sizeof(b->top), "%.*s/", (int)(slash - name), name);
			return 0;
		}
	}
	return -1;
}

/* Most severe first, in the order found within a severity (qsort is not stable). */
static void rank_findings(struct triage *t)
{
	struct triage_finding *tmp = malloc(t->nf * sizeof(*tmp));
	size_t k = 0;

	if (!tmp)
		return;	/* found order: still every finding */
	for (int s = TRIAGE_CRITICAL; s >= TRIAGE_INFO; s--)
		for (size_t i = 0; i < t->nf; i++)
			if ((int)t->f[i].sev == s)
				tmp[k++] = t->f[i];
	memcpy(t->f, tmp, t->nf * sizeof(*tmp));
	free(tmp);
}

int triage_bundle(const struct tarball *tb, struct triage *t, struct prm_err *err)
{
	struct bundle b;
	json_t *m, *devs, *dv;
	const char *schema;
	size_t i;

	memset(t, 0, sizeof(*t));
	if (find_manifest(tb, &b))
		return prm_err_set(err, PRM_E_USAGE, EINVAL, "not_bundle",
				   "no manifest.json: not a prmctl collect bundle");
	m = load_json(&b, "manifest.json");
	schema = json_string_value(json_object_get(m, "schema"));
	if (!m || !json_is_object(m) || !schema || strcmp(schema, "prmctl/1")) {
		json_decref(m);
		return prm_err_set(err, PRM_E_USAGE, EINVAL, "not_bundle",
				   "manifest.json is not a prmctl/1 manifest");
	}
	copy(t->host, sizeof(t->host), m, "host");
	copy(t->kernel, sizeof(t->kernel), m, "kernel");
	copy(t->started, sizeof(t->started), m, "started");
	copy(t->ended, sizeof(t->ended), m, "ended");
	copy(t->prmctl_version, sizeof(t->prmctl_version), m, "prmctl_version");
	t->complete = json_is_true(json_object_get(m, "complete"));
	devs = json_object_get(m, "devices");
	json_array_foreach(devs, i, dv) {
		struct triage_device *d;
		int di;

		if (t->ndev == TRIAGE_MAX_DEVICES)
			break;
		di = (int)t->ndev++;
		d = &t->dev[di];
		copy(d->dir, sizeof(d->dir), dv, "dir");
		copy(d->name, sizeof(d->name), dv, "name");
		copy(d->pci_address, sizeof(d->pci_address), dv, "pci_address");
		copy(d->model, sizeof(d->model), dv, "model");
		copy(d->psid, sizeof(d->psid), dv, "psid");
		copy(d->fw_version, sizeof(d->fw_version), dv, "fw_version");
		if (!d->dir[0] || strstr(d->dir, "..") || strchr(d->dir, '/'))
			continue;	/* no files of its own to read */
		judge_device(&b, t, di);
		judge_images(&b, t, di, dv);
		if (!d->has_status)
			judge_reports(&b, t, di);
		judge_reporters(&b, t, di);
		judge_steps(t, di, dv);
	}
	judge_kernel_log(&b, t);
	if (!t->complete)
		add(t, TRIAGE_INFO, -1, NULL, "incomplete", "manifest.json",
		    "the collection did not finish (interrupted or out of time): what is "
		    "missing is missing, what is here is whole");
	json_decref(m);
	rank_findings(t);
	return 0;
}

const char *triage_sev_name(enum triage_sev s)
{
	static const char *const n[] = { "info", "warning", "error", "critical" };

	return (unsigned)s < 4 ? n[s] : "?";
}

int triage_exit_code(const struct triage *t)
{
	for (size_t i = 0; i < t->nf; i++)
		if (t->f[i].sev >= TRIAGE_WARNING)
			return PRM_E_CHECK;
	return 0;
}
