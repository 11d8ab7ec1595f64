// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* prmctl collect: what is taken of one device, in which order. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lib/dev/devname.h"
#include "lib/dev/sysfs.h"
#include "lib/ops/collectint.h"
#include "lib/util/readall.h"
#include "lib/util/writefile.h"

#define ARGV_MAX 64

struct dstate {
	struct collect_scope *s;
	const char *target;	/* what -d gets */
	const char *access;	/* --access every step gets, or NULL (the globals' alone) */
	unsigned image, crdump, health;
	json_t *show;		/* device.json, once read */
};

/* argv: prmctl -d TARGET GLOBALS... then the words given, NULL-ended. */
static int step(struct dstate *d, const char *name, const char *what, const char *out,
		const char *const *files, unsigned long ms, ...)
{
	const struct collect_opts *o = d->s->run->o;
	char *argv[ARGV_MAX];
	const char *w;
	size_t n = 0;
	va_list ap;

	argv[n++] = (char *)o->self;
	argv[n++] = (char *)"-d";
	argv[n++] = (char *)d->target;
	for (size_t i = 0; i < o->nglobals && n < ARGV_MAX - 16; i++)
		argv[n++] = (char *)o->globals[i];
	if (d->access) {
		argv[n++] = (char *)"--access";
		argv[n++] = (char *)d->access;
	}
	va_start(ap, ms);
	while ((w = va_arg(ap, const char *)) && n < ARGV_MAX - 1)
		argv[n++] = (char *)w;
	va_end(ap);
	argv[n] = NULL;
	return collect_exec(d->s, name, what, out, files, ms, argv);
}

static void image(struct dstate *d)
{
	char file[32], side[40], path[COLLECT_PATH];
	const char *files[] = { file, side, NULL };	/* the image and its sidecar */

	snprintf(file, sizeof(file), "initseg-%u.bin", ++d->image);
	snprintf(side, sizeof(side), "%s.json", file);
	snprintf(path, sizeof(path), "%s/%s", d->s->path, file);
	step(d, file, "initialization segment image (health buffer, health counter): "
	     "prmctl -d image:FILE reads it", NULL, files, collect_step_ms(),
	     "initseg", "dump", "--force", "-o", path, NULL);
}

static void health(struct dstate *d)
{
	char file[32];

	snprintf(file, sizeof(file), "health-%u.json", ++d->health);
	step(d, file, "health show: classification, health buffer decoded, counter sampled",
	     file, NULL, collect_step_ms(), "-j", "health", "show", NULL);
}

static bool driver_is(struct dstate *d, const char *name)
{
	const char *driver = json_string_value(json_object_get(d->show, "driver"));

	return driver && !strcmp(driver, name);
}

static void crdump(struct dstate *d)
{
	char file[32], path[COLLECT_PATH];
	const char *files[] = { file, NULL };

	if (d->crdump >= d->s->run->o->crdumps)
		return;
	if (driver_is(d, "mlx5_core") && !d->s->run->o->write) {
		/* its crdump and reset lock fail if they start while we hold the gateway */
		collect_skip(d->s, "crdump", "mlx5_core is bound and shares the gateway: a crdump "
			     "or reset it starts while prmctl holds it fails (prmctl-cr(8), BESIDE "
			     "MLX5_CORE); the driver's own is devlink-fw_fatal-dump.json; --write "
			     "takes them anyway");
		d->crdump = d->s->run->o->crdumps;
		return;
	}
	snprintf(file, sizeof(file), "crdump-%u.txt", ++d->crdump);
	snprintf(path, sizeof(path), "%s/%s", d->s->path, file);
	step(d, file, "cr-space dump in mstregdump's format", NULL, files, collect_step_ms(),
	     "cr", "dump", "-o", path, NULL);
}

static json_t *load(struct dstate *d, const char *file)
{
	char path[COLLECT_PATH];

	snprintf(path, sizeof(path), "%s/%s", d->s->path, file);
	return json_load_file(path, 0, NULL);
}

/* Every capability page the device has, each in a file. */
static void caps(struct dstate *d)
{
	json_t *list, *p;
	size_t i;

	if (step(d, "caps-list.json", "capability pages and whether the device has them",
		 "caps-list.json", NULL, collect_step_ms(), "-j", "caps", "--list", NULL))
		return;
	list = load(d, "caps-list.json");
	json_array_foreach(json_object_get(list, "pages"), i, p) {
		const char *page = json_string_value(json_object_get(p, "page"));
		char file[64];

		if (!page || !json_is_true(json_object_get(p, "present")))
			continue;
		snprintf(file, sizeof(file), "caps-%s.json", page);
		step(d, file, "capability page, current values, decoded", file, NULL,
		     collect_step_ms(), "-j", "caps", page, NULL);
	}
	json_decref(list);
	step(d, "caps-tracer.json", "the tracer's capabilities (MTRC_CAP)", "caps-tracer.json",
	     NULL, collect_step_ms(), "-j", "caps", "tracer", NULL);
}

static void registers(struct dstate *d)
{
	static const char *const regs[][2] = {
		{ "MGIR", "general information: firmware, PSID, hardware revision" },
		{ "MCAM", "the management features and registers the firmware has" },
		{ "MTMP", "temperature of the ASIC sensor" },
		{ "MTRC_CAP", "the tracer's capabilities and string databases" },
	};

	for (size_t i = 0; i < sizeof(regs) / sizeof(regs[0]); i++) {
		char file[48];

		snprintf(file, sizeof(file), "reg-%s.json", regs[i][0]);
		step(d, file, regs[i][1], file, NULL, collect_step_ms(), "-j", "reg", "read",
		     regs[i][0], NULL);
	}
}

/* The sysfs files of a PCI function: config space, AER counters. */
static void pci_files(struct dstate *d)
{
	static const char *const f[][3] = {
		{ "config", "pci-config.bin", "PCI configuration space (lspci -F reads it)" },
		{ "aer_dev_correctable", "pci-aer-correctable.txt", "AER correctable error counters" },
		{ "aer_dev_nonfatal", "pci-aer-nonfatal.txt", "AER non-fatal error counters" },
		{ "aer_dev_fatal", "pci-aer-fatal.txt", "AER fatal error counters" },
	};
	const char *bdf = json_string_value(json_object_get(d->show, "pci_address"));

	if (!bdf) {
		collect_skip(d->s, "pci-config.bin", "not a PCI function of this host");
		return;
	}
	for (size_t i = 0; i < 4; i++) {
		char src[512], dst[COLLECT_PATH];
		uint8_t *buf;
		size_t len;
		struct prm_err err = { 0 };

		snprintf(src, sizeof(src), "/sys/bus/pci/devices/%s/%s", bdf, f[i][0]);
		if (access(src, R_OK)) {
			collect_skip(d->s, f[i][1], "not in sysfs");
			continue;
		}
		snprintf(dst, sizeof(dst), "%s/%s", d->s->path, f[i][1]);
		if (read_all(src, 1 << 16, &buf, &len, &err)) {
			collect_fail(d->s, f[i][1], NULL, "%s", err.msg);
			continue;
		}
		if (write_file_atomic(dst, buf, len, false, &err))
			collect_fail(d->s, f[i][1], NULL, "%s", err.msg);
		else
			collect_record(d->s, f[i][1], f[i][1], f[i][2]);
		free(buf);
	}
}

/* Has the fw_fatal reporter a stored dump (devlink-reporters.json)? */
static bool fatal_dump_stored(struct dstate *d)
{
	json_t *rep = load(d, "devlink-reporters.json"), *r;
	bool stored = false;
	size_t i;

	json_array_foreach(json_object_get(rep, "reporters"), i, r) {
		const char *name = json_string_value(json_object_get(r, "reporter"));

		if (name && !strcmp(name, "fw_fatal") && json_is_null(json_object_get(r, "port")))
			stored = json_is_string(json_object_get(r, "last_dump_time"));
	}
	json_decref(rep);
	return stored;
}

/*
 * The CR space the driver dumped at its fatal error (mlx5 fw_fatal), with
 * its crdump decoded into cr dump's lines. Only a stored one: taking one
 * makes the driver read the whole CR space, even with --write.
 */
static void fatal_dump(struct dstate *d)
{
	const char *files[] = { "fw_fatal-crdump.txt", NULL };
	char path[COLLECT_PATH];

	if (!fatal_dump_stored(d)) {
		collect_skip(d->s, "devlink-fw_fatal-dump.json", "the fw_fatal reporter has no "
			     "stored dump (no fatal error since the driver loaded, or it was cleared)");
		return;
	}
	snprintf(path, sizeof(path), "%s/fw_fatal-crdump.txt", d->s->path);
	step(d, "devlink-fw_fatal-dump.json", "the fw_fatal reporter's stored dump: the CR space "
	     "the driver read at its fatal error; fw_fatal-crdump.txt has it in cr dump's format",
	     "devlink-fw_fatal-dump.json", files, collect_step_ms(), "-j", "devlink", "reporters",
	     "--dump", "fw_fatal", "--crdump", path, NULL);
}

/* The driver's view, where a driver with devlink has the function. */
static void devlink(struct dstate *d)
{
	const char *driver = json_string_value(json_object_get(d->show, "driver"));

	if (!driver) {
		collect_skip(d->s, "devlink", "no driver bound: no devlink view");
		return;
	}
	if (strcmp(driver, "mlx5_core")) {
		char why[128];

		snprintf(why, sizeof(why), "bound to %s, which has no devlink instance", driver);
		collect_skip(d->s, "devlink", why);
		return;
	}
	step(d, "devlink-info.json", "the driver's devlink info: versions, serial, board id",
	     "devlink-info.json", NULL, collect_step_ms(), "-j", "devlink", "info", NULL);
	step(d, "devlink-reporters.json",
	     "the driver's health reporters with diagnose and the fw_fatal reporter's stored dump",
	     "devlink-reporters.json", NULL, collect_step_ms(), "-j", "devlink", "reporters",
	     "--diagnose", NULL);
	step(d, "devlink-fw-dump.json", "the fw reporter's stored dump (the tracer's last lines)",
	     "devlink-fw-dump.json", NULL, collect_step_ms(), "-j", "devlink", "reporters",
	     "--dump", "fw", NULL);
	fatal_dump(d);
}

/*
 * Beside mlx5_core the tracer is the kernel's: its messages, rendered, are
 * the mlx5:mlx5_fw trace event. Read when it is on; turned on for the
 * capture's time only with --write.
 */
static void kernel_traces(struct dstate *d, bool on)
{
	const struct collect_opts *o = d->s->run->o;
	char secs[32];

	collect_skip(d->s, "trace.bin", "the kernel's mlx5_core owns the tracer: its traces "
		     "are trace-kernel.json");
	if (!on && !o->write) {
		collect_skip(d->s, "trace-kernel.json", "the kernel's mlx5:mlx5_fw trace event is "
			     "off: turning it on needs --write");
		return;
	}
	snprintf(secs, sizeof(secs), "%us", on ? 0 : o->trace_s);
	step(d, "trace-kernel.json", "the kernel's firmware traces (mlx5:mlx5_fw events in "
	     "tracefs)", "trace-kernel.json", NULL, (on ? 0 : o->trace_s * 1000UL) +
	     collect_step_ms(), "-j", "trace", "kernel", "--duration", secs,
	     o->write ? "--write" : NULL, NULL);
}

/* The tracer's state, and a capture when it is free (or --write may take it). */
static void tracer(struct dstate *d)
{
	const struct collect_opts *o = d->s->run->o;
	char path[COLLECT_PATH], secs[32];
	const char *files[] = { "trace.bin", NULL }, *strings[] = { "trace-strings.bin", NULL };
	const char *state, *owner, *event;
	json_t *st;
	bool free_;

	if (step(d, "tracer-status.json", "the tracer: owner, mode, state, string databases",
		 "tracer-status.json", NULL, collect_step_ms(), "-j", "trace", "status", NULL))
		return;
	/* read-only, and what decodes the driver's tracer output (devlink fw dump) later */
	snprintf(path, sizeof(path), "%s/trace-strings.bin", d->s->path);
	step(d, "trace-strings.bin", "the tracer's strings database: trace decode --strings reads "
	     "it", NULL, strings, collect_step_ms(), "trace", "strings", "save", "--force", "-o",
	     path, NULL);
	if (!o->trace_s) {
		collect_skip(d->s, "trace.bin", "--trace-seconds 0");
		return;
	}
	st = load(d, "tracer-status.json");
	state = json_string_value(json_object_get(st, "trace_status_name"));
	free_ = state && !strcmp(state, "disabled") && !json_is_true(json_object_get(st, "owner"));
	owner = json_string_value(json_object_get(st, "owned_by"));
	if (owner && !strcmp(owner, "kernel")) {
		event = json_string_value(json_object_get(st, "kernel_trace_event"));
		kernel_traces(d, event && !strcmp(event, "on"));
		json_decref(st);
		return;
	}
	json_decref(st);
	if (!free_ && !o->write) {
		collect_skip(d->s, "trace.bin", "the tracer is in use (its owner, likely the "
			     "driver, is tracing): taking it needs --write");
		return;
	}
	snprintf(path, sizeof(path), "%s/trace.bin", d->s->path);
	snprintf(secs, sizeof(secs), "%us", o->trace_s);
	if (step(d, "trace.bin", "a capture of the firmware tracer (trace decode reads it)", NULL,
		 files, o->trace_s * 1000UL + collect_step_ms(), "trace", "capture", "--force",
		 "--duration", secs, "-o", path, o->write ? "--write" : NULL, NULL))
		return;
	step(d, "trace-decoded.txt", "the capture, decoded", "trace-decoded.txt", NULL,
	     collect_step_ms(), "trace", "decode", path, NULL);
}

/* The manifest's facts of the device, from what device show and health said. */
static void facts(struct dstate *d, json_t *dev)
{
	static const char *const keys[] = { "pci_address", "model", "psid", "fw_version" };
	json_t *h = load(d, "health-1.json"), *names = json_object_get(d->show, "names");

	for (size_t i = 0; i < sizeof(keys) / sizeof(keys[0]); i++) {
		json_t *v = json_object_get(d->show, keys[i]);

		json_object_set(dev, keys[i], json_is_string(v) ? v : json_null());
	}
	json_object_set_new(dev, "names", names ? json_incref(names) : json_array());
	json_object_set_new(dev, "health", json_is_string(json_object_get(h, "health")) ?
			    json_copy(json_object_get(h, "health")) : json_null());
	json_decref(h);
}

/* A PCI function (as -d names it) that vfio-pci holds. */
static bool bound_to_vfio(const char *target)
{
	struct dev_name n;
	struct prm_err err = { 0 };
	char bdf[32], rel[96], drv[64];

	if (devname_parse(target, &n, &err) || n.kind != DEV_KIND_PCI)
		return false;
	pci_addr_format(&n.pci, bdf, sizeof(bdf));
	snprintf(rel, sizeof(rel), "bus/pci/devices/%s/driver", bdf);
	return sysfs_link_base(rel, drv, sizeof(drv)) == 0 && !strcmp(drv, "vfio-pci");
}

static bool access_given(const struct collect_opts *o)
{
	for (size_t i = 0; i < o->nglobals; i++)
		if (!strcmp(o->globals[i], "--access"))
			return true;
	return false;
}

/* The first health report saw all-ones. */
static bool gone(struct dstate *d)
{
	json_t *h = load(d, "health-1.json");
	const char *st = json_string_value(json_object_get(h, "health"));
	bool g = st && !strcmp(st, "pci_gone");

	json_decref(h);
	return g;
}

void collect_device(struct collect_scope *s, const char *name, const char *target, json_t *dev)
{
	const struct collect_opts *o = s->run->o;
	struct dstate d = { .s = s, .target = target };
	bool image_only = !strncmp(name, "image:", 6);

	(void)name;
	if (bound_to_vfio(target) && !access_given(o)) {
		/* no driver, no fwctl: prmctl's own command queue is the only way;
		 * and an idle vfio-pci function may be in D3hot, its BAR0 dark
		 * through resource0: device show goes through VFIO too */
		d.access = "vfio";
		json_object_set_new(dev, "commands_via", json_string("vfio"));
		json_object_set_new(dev, "commands_via_reason",
				    json_string("bound to vfio-pci: no driver holds it, so prmctl "
						"ran the command queue itself through VFIO (--access vfio)"));
	}
	step(&d, "device.json", "device show: identity, firmware, state, link, temperature",
	     "device.json", NULL, collect_step_ms(), "-j", "device", "show", NULL);
	d.show = load(&d, "device.json");
	image(&d);
	health(&d);
	if (image_only) {
		collect_skip(s, "the rest", "an image holds the initialization segment only");
	} else if (gone(&d)) {
		/* all-ones: the commands would say so a dozen times; what is left is the OS's view */
		collect_skip(s, "the rest", "the function is gone (reads return all-ones): only "
			     "the OS's view is taken");
		pci_files(&d);
		devlink(&d);
		health(&d);
	} else {
		crdump(&d);
		pci_files(&d);
		registers(&d);
		caps(&d);
		step(&d, "probe.json", "which commands the device supports, refuses, or was not asked",
		     "probe.json", NULL, collect_step_ms(), "-j", "probe", NULL);
		devlink(&d);
		for (unsigned i = 1; i + 1 < o->images; i++) {
			image(&d);
			crdump(&d);
		}
		tracer(&d);
		while (d.crdump < o->crdumps && !s->run->stopped && !s->run->out_of_time)
			crdump(&d);
		if (o->images >= 2)
			image(&d);
		health(&d);
	}
	facts(&d, dev);
	json_decref(d.show);
}
