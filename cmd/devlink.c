// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * prmctl devlink info|ports|reporters|recover|region: the loaded driver's
 * own view of a device, read over devlink (the path left under lockdown).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/core/cmd.h"
#include "cmd/devlink.h"
#include "cmd/dlview.h"
#include "lib/dev/devlink.h"
#include "lib/out/fmsg_print.h"
#include "lib/out/fwreporter_read.h"
#include "lib/out/out.h"
#include "lib/prm/crdump.h"
#include "lib/util/writefile.h"

static const struct argp info_argp = {
	NULL, cmd_no_args, NULL,
	"The driver's identity of the device over devlink: handle, driver, serial number, "
	"board id (mlx5: the PSID), running and stored firmware versions, and its ports.",
	prm_global_children, NULL, NULL
};

static const struct argp ports_argp = {
	NULL, cmd_no_args, NULL,
	"The device's devlink ports: type, netdev, flavour (physical, pcipf, pcivf, pcisf), "
	"controller, PF/VF/SF numbers, and the function behind an e-switch port.",
	prm_global_children, NULL, NULL
};

static int info(struct cmd_run *r)
{
	struct prm_err err = { 0 };
	struct dl_handle h;
	struct devlink dl;
	struct dl_info in;
	int rc = cmd_devlink_open(r->dev, &dl, &h);

	if (rc)
		return rc;
	if (devlink_info(&dl, &h, &in, &err)) {
		devlink_close(&dl);
		return cmd_fail(&err);
	}
	out_doc_begin();
	out_devlink_device(r->dev, NULL);
	out_devlink_info(&in);
	out_devlink_ports(&dl, &h, "ports");
	devlink_close(&dl);
	return cmd_done(EXIT_OK);
}

static int ports(struct cmd_run *r)
{
	struct dl_handle h;
	struct devlink dl;
	int rc = cmd_devlink_open(r->dev, &dl, &h);

	if (rc)
		return rc;
	out_doc_begin();
	out_devlink_device(r->dev, &h);
	out_devlink_ports(&dl, &h, "ports");
	devlink_close(&dl);
	return cmd_done(EXIT_OK);
}

/* ---- health reporters ---- */

enum { OPT_DIAGNOSE = 0x900, OPT_DUMP, OPT_CRDUMP };

struct rep_opts {
	bool diagnose;
	const char *dump;
	const char *crdump;	/* --crdump FILE */
	const char *name;	/* recover */
};

static const struct argp_option reporters_options[] = {
	{ "diagnose", OPT_DIAGNOSE, NULL, 0, "Add each reporter's diagnose", 0 },
	{ "dump", OPT_DUMP, "NAME", 0,
	  "Add reporter NAME's stored dump (with --write: take one when none is stored)", 0 },
	{ "crdump", OPT_CRDUMP, "FILE", 0,
	  "With --dump fw_fatal: its crdump_data in cr dump's format, one line per dword", 0 },
	{ 0 }
};

static error_t reporters_parse(int key, char *arg, struct argp_state *state)
{
	struct rep_opts *o = state->input;

	switch (key) {
	case OPT_DIAGNOSE:
		o->diagnose = true;
		return 0;
	case OPT_DUMP:
		o->dump = arg;
		return 0;
	case OPT_CRDUMP:
		o->crdump = arg;
		return 0;
	case ARGP_KEY_ARG:
		argp_error(state, "unexpected argument '%s'", arg);
		return EINVAL;
	}
	return ARGP_ERR_UNKNOWN;
}

static const struct argp reporters_argp = {
	reporters_options, reporters_parse, NULL,
	"The driver's health reporters over devlink (mlx5: fw, fw_fatal; per-port ones too): "
	"state, error and recovery counts, grace period, auto recover and dump, the last dump's "
	"time. --diagnose adds what each one diagnoses now; --dump NAME adds NAME's dump, every "
	"member decoded as the driver sent it; --crdump FILE writes mlx5 fw_fatal's crdump "
	"(the cr-space the driver read through the gateway) in cr dump's format. Exit 4 when a "
	"reporter is in error.",
	prm_global_children, NULL, NULL
};

static int reporters_check(struct cmd_run *r)
{
	const struct rep_opts *o = r->opts;
	int rc = cmd_devlink_check(r);

	if (rc || !o->crdump)
		return rc;
	if (!o->dump || strcmp(o->dump, "fw_fatal"))
		return cmd_usage("--crdump: the crdump is mlx5 fw_fatal's (--dump fw_fatal)");
	return cmd_out_file("--crdump", o->crdump) ? EXIT_USAGE : 0;
}

/*
 * mlx5's fw_fatal dump carries crdump_data: the VSC scan cr-space from
 * address 0, read a dword at a time through the gateway and kept as the
 * driver's u32 array, so in the CPU order of the host that took it
 * (little-endian: x86-64, arm64). Written as cr dump writes dwords, it
 * diffs against 'prmctl cr dump' and mstregdump.
 */
static int crdump_file(const struct fmsg_node *root, const char *path, size_t *dwords,
		       struct prm_err *err)
{
	struct prm_fw_reporter r = { 0 };
	uint32_t *w;
	char *text;
	size_t n;
	int rc;

	if (fw_reporter_read(root, &r, err))
		return -1;
	if (!r.crdump_len || r.crdump_len % 4)
		return prm_err_set(err, PRM_E_FAILED, 0, "no_crdump",
				   "--crdump: the dump has %s", !r.has_crdump ? "no crdump_data" :
				   "a crdump_data that is not whole dwords");
	n = r.crdump_len / 4;
	w = malloc(n * sizeof(*w));
	text = malloc(n * PRM_CRDUMP_LINE);
	if (!w || !text) {
		free(w);
		free(text);
		return prm_err_set(err, PRM_E_FAILED, ENOMEM, "oom", "out of memory");
	}
	prm_crdump_le_words(r.crdump, n, w);
	prm_crdump_format(text, 0, w, n);
	rc = write_file_atomic(path, text, n * PRM_CRDUMP_LINE, true, err);
	free(w);
	free(text);
	*dwords = n;
	return rc;
}

/*
 * A health message, or null with the reason (a reporter without
 * diagnose). A message whose nests do not balance is shown whole, and
 * said so: the driver is wrong, and its data is still worth having.
 */
static void message(const char *name, int rc, struct fmsg *f, const struct prm_err *err)
{
	if (rc) {
		out_null("message");
		out_error_member(err->kind ? (int)err->kind : EXIT_FAIL, err);
		return;
	}
	if (f->repairs)
		out_warn("reporter '%s': the driver's message ends a nest it never began (item %zu); "
			 "read on as the outermost object", name, f->repaired_at);
	out_fmsg("message", f->root);
	out_u64("unbalanced_nest_ends", f->repairs);
	fmsg_free(f);
}

static int dump_allowed(const struct dl_reporter *r, const char *name, struct prm_err *err)
{
	if (r->has_dump_ts || G.write)
		return 0;
	return prm_err_set(err, PRM_E_USAGE, 0, "needs_write",
			   "reporter '%s' has no stored dump; taking one makes the driver collect it "
			   "now (mlx5 fw: a firmware core dump; fw_fatal: the whole CR space): "
			   "add --write", name);
}

static int reporters(struct cmd_run *run)
{
	const struct rep_opts *o = run->opts;
	struct prm_err err = { 0 };
	struct dl_reporter *r = NULL;
	struct dl_handle h;
	struct devlink dl;
	struct dev *d = run->dev;
	size_t n = 0, dump_at = (size_t)-1;
	bool bad = false;
	struct fmsg f;
	int rc = cmd_devlink_open(d, &dl, &h);

	if (rc)
		return rc;
	if (devlink_reporters(&dl, &h, &r, &n, &err))
		goto fail;
	for (size_t i = 0; i < n; i++)
		if (o->dump && strcmp(r[i].name, o->dump) == 0 && !r[i].has_port)
			dump_at = i;
	if (o->dump && dump_at == (size_t)-1) {
		prm_err_set(&err, PRM_E_USAGE, 0, "no_reporter", "%s has no health reporter '%s'",
			    d->label, o->dump);
		goto fail;
	}
	if (o->dump && dump_allowed(&r[dump_at], o->dump, &err))
		goto fail;
	out_doc_begin();
	out_devlink_device(d, &h);
	out_table_begin("reporters");
	for (size_t i = 0; i < n; i++) {
		out_obj_begin(NULL);
		out_devlink_reporter(&r[i]);
		if (r[i].has_port)
			out_u64("port", r[i].port);
		else
			out_null("port");
		out_obj_end();
		bad |= r[i].state != DL_REPORTER_HEALTHY;
	}
	out_table_end();
	if (o->diagnose) {
		out_arr_begin("diagnose");
		for (size_t i = 0; i < n; i++) {
			struct prm_err e = { 0 };

			if (r[i].has_port)
				continue;	/* port reporters need the port: not asked here */
			out_obj_begin(NULL);
			out_str("reporter", r[i].name);
			rc = devlink_diagnose(&dl, &h, r[i].name, &f, &e);
			message(r[i].name, rc, &f, &e);
			out_obj_end();
		}
		out_arr_end();
	}
	if (o->dump) {
		out_obj_begin("dump");
		out_str("reporter", o->dump);
		rc = devlink_dump(&dl, &h, o->dump, &f, &err);
		if (rc) {
			out_doc_abort();
			goto fail;
		}
		if (o->crdump) {
			size_t dwords = 0;

			if (crdump_file(f.root, o->crdump, &dwords, &err)) {
				fmsg_free(&f);
				out_doc_abort();
				goto fail;
			}
			out_obj_begin("crdump");
			out_str("file", o->crdump);
			out_str("space", "scan cr-space (0x7)");
			out_u64("dwords", dwords);
			out_obj_end();
		}
		message(o->dump, 0, &f, &err);
		out_obj_end();
	}
	free(r);
	devlink_close(&dl);
	return cmd_done(bad ? EXIT_CHECK : EXIT_OK);
fail:
	free(r);
	devlink_close(&dl);
	return cmd_fail(&err);
}

static error_t name_parse(int key, char *arg, struct argp_state *state)
{
	struct rep_opts *o = state->input;

	switch (key) {
	case ARGP_KEY_ARG:
		if (o->name) {
			argp_error(state, "one reporter at a time ('%s' and '%s')", o->name, arg);
			return EINVAL;
		}
		o->name = arg;
		return 0;
	}
	return ARGP_ERR_UNKNOWN;
}

static const struct argp recover_argp = {
	NULL, name_parse, "NAME",
	"Ask the driver to recover reporter NAME (mlx5 fw_fatal: reload the device). Changes "
	"the device: needs --write. Prints the reporter's state afterwards.",
	prm_global_children, NULL, NULL
};

/*
 * Refused without --write on any device, before anything is sent: every
 * devlink instance is a kernel's, none is simulated.
 */
static int recover_check(struct cmd_run *r)
{
	const struct rep_opts *o = r->opts;
	struct prm_err err = { 0 };

	if (!o->name)
		return cmd_usage("devlink recover: which reporter? (see 'prmctl devlink reporters')");
	if (!G.write) {
		prm_err_set(&err, PRM_E_USAGE, 0, "needs_write",
			    "devlink recover changes the device (the driver's recovery): add --write");
		return cmd_fail(&err);
	}
	return cmd_devlink_check(r);
}

static int recover(struct cmd_run *run)
{
	const struct rep_opts *o = run->opts;
	struct prm_err err = { 0 };
	struct dl_reporter r;
	struct dl_handle h;
	struct devlink dl;
	int rc = cmd_devlink_open(run->dev, &dl, &h);

	if (rc)
		return rc;
	if (devlink_recover(&dl, &h, o->name, &err) ||
	    devlink_reporter_get(&dl, &h, o->name, &r, &err)) {
		devlink_close(&dl);
		return cmd_fail(&err);
	}
	out_doc_begin();
	out_devlink_device(run->dev, &h);
	out_devlink_reporter(&r);
	devlink_close(&dl);
	return cmd_done(r.state == DL_REPORTER_HEALTHY ? EXIT_OK : EXIT_CHECK);
}

static const struct prm_verb verbs[] = {
	{ .name = "info", .summary = "The driver's identity: versions, serial, board id, ports",
	  .argp = &info_argp, .check = cmd_devlink_check, .exec = info,
	  .flags = CMD_NEEDS_DEVICE },
	{ .name = "ports", .summary = "Ports: flavour, PF/VF/SF numbers, function state",
	  .argp = &ports_argp, .check = cmd_devlink_check, .exec = ports,
	  .flags = CMD_NEEDS_DEVICE },
	{ .name = "reporters", .summary = "Health reporters: state, counts, diagnose, dump",
	  .argp = &reporters_argp, .check = reporters_check, .exec = reporters,
	  .opts_size = sizeof(struct rep_opts), .flags = CMD_NEEDS_DEVICE },
	{ .name = "recover", .summary = "Ask the driver to recover a reporter (--write)",
	  .argp = &recover_argp, .check = recover_check, .exec = recover,
	  .opts_size = sizeof(struct rep_opts), .flags = CMD_NEEDS_DEVICE | CMD_WRITES },
	{ .name = "region", .summary = "Regions: list, snapshot to a file, read, delete",
	  .argp = &devlink_region_argp, .group = &cmd_devlink_region,
	  .flags = CMD_NEEDS_DEVICE },
};

const struct prm_cmd cmd_devlink = {
	.name = "devlink",
	.summary = "The driver's view over devlink: info, ports, health reporters, regions",
	.verbs = verbs,
	.nverbs = sizeof(verbs) / sizeof(verbs[0]),
	.default_verb = "info",
	.flags = CMD_NEEDS_DEVICE,
};
