// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* prmctl initseg show | dump: the initialization segment of BAR0. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cmd/core/cmd.h"
#include "cmd/core/devsel.h"
#include "cmd/sidecar.h"
#include "lib/dev/dev.h"
#include "lib/ops/devident.h"
#include "lib/out/layout_print.h"
#include "lib/out/out.h"
#include "lib/prm/initseg.h"
#include "lib/prm/layouts/layouts.h"
#include "lib/util/writefile.h"

static const struct argp show_argp = {
	NULL, cmd_no_args, NULL,
	"Every field of the initialization segment (BAR0 offset 0), decoded.",
	prm_global_children, NULL, NULL
};

static int show(struct cmd_run *r)
{
	static uint8_t seg[DEV_INITSEG_BYTES];
	struct prm_initseg_summary s;
	struct prm_err err = { 0 };
	struct dev *d = r->dev;

	if (dev_read_initseg(d, seg, &err) ||
	    prm_initseg_summarize(seg, sizeof(seg), &s, &err))
		return cmd_fail(&err);
	out_doc_begin();
	cmd_out_device(d);
	sidecar_show(d);
	out_str("fw_version", s.fw_version);
	out_str("state", s.state);
	out_hex("cmdq_address", s.cmdq_address);
	out_u64("cmdq_entries", s.cmdq_entries);
	out_u64("cmdq_stride", s.cmdq_stride);
	out_u64("cmd_exec_timeout_ms", s.cmd_exec_timeout_ms);
	out_u64("fw_init_timeout_ms", s.fw_init_timeout_ms);
	out_u64("internal_timer", s.internal_timer);
	out_time_ns("real_time", s.real_time_ns);
	out_obj_begin("fields");
	if (out_layout(&prm_layout_initseg, seg, sizeof(seg), 0, &err)) {
		out_obj_end();
		return cmd_fail(&err);
	}
	out_obj_end();
	return cmd_done(EXIT_OK);
}

struct dump_opts {
	const char *file;
	bool force;
};

enum { OPT_FORCE = 0x300 };

static const struct argp_option dump_options[] = {
	{ "output", 'o', "FILE", 0, "Write the image to FILE ('-': standard output)", 0 },
	{ "force", OPT_FORCE, NULL, 0, "Replace FILE (and FILE.json) if it exists", 0 },
	{ 0 }
};

static error_t dump_parse(int key, char *arg, struct argp_state *state)
{
	struct dump_opts *o = state->input;

	switch (key) {
	case 'o':
		o->file = arg;
		return 0;
	case OPT_FORCE:
		o->force = true;
		return 0;
	}
	return cmd_no_args(key, arg, state);
}

static const struct argp dump_argp = {
	dump_options, dump_parse, NULL,
	"Save the raw initialization segment (with the health buffer and health "
	"counter) as an image that -d image:FILE reads: what to ask a customer for. "
	"FILE.json beside it records the host, device, time (UTC), firmware version, "
	"PSID (MGIR, where the device answers), model and prmctl version.",
	prm_global_children, NULL, NULL
};

/* Into a temporary file beside FILE, then renamed: never half an image. */
static int save(const char *file, bool force, const uint8_t *buf, size_t len)
{
	struct prm_err err = { 0 };
	char side[4096];
	struct stat st;

	if (strcmp(file, "-") == 0) {
		if (isatty(STDOUT_FILENO))
			return cmd_usage("initseg dump: not writing binary to a terminal (use -o FILE)");
		if (write_all(STDOUT_FILENO, buf, len)) {
			out_error(EXIT_FAIL, "write_failed", "initseg dump: writing standard output: %s",
				  strerror(errno));
			return EXIT_FAIL;
		}
		return 0;
	}
	if (write_target_is_stream(file))
		return write_file_atomic(file, buf, len, false, &err) ? cmd_fail(&err) : 0;
	if (!force && lstat(file, &st) == 0)
		return cmd_usage("initseg dump: %s exists (use --force to replace it)", file);
	if (sidecar_path(file, side, sizeof(side)))
		return cmd_usage("initseg dump: %s: the name is too long", file);
	if (!force && lstat(side, &st) == 0)
		return cmd_usage("initseg dump: %s exists (use --force to replace it)", side);
	if (write_file_atomic(file, buf, len, true, &err)) {
		prm_err_prefix(&err, "initseg dump: ");
		return cmd_fail(&err);
	}
	return 0;
}

static int dump_check(struct cmd_run *r)
{
	const struct dump_opts *o = r->opts;

	return o->file ? cmd_out_file("-o", o->file) : cmd_usage("initseg dump: where to? (-o FILE)");
}

static int dump(struct cmd_run *r)
{
	static uint8_t seg[DEV_INITSEG_BYTES];
	const struct dump_opts *o = r->opts;
	struct prm_err err = { 0 };
	struct dev_ident id;
	char side[4096];
	int rc;

	if (dev_read_initseg(r->dev, seg, &err))
		return cmd_fail(&err);
	rc = save(o->file, o->force, seg, sizeof(seg));
	if (rc)
		return rc;
	if (strcmp(o->file, "-") == 0 || write_target_is_stream(o->file))
		return EXIT_OK;	/* no sidecar beside a pipe or a device */
	/* after the image: a device that is slow to answer MGIR cannot cost the image */
	dev_ident(r->dev, seg, sizeof(seg), G.timeout_ms, &id);
	sidecar_path(o->file, side, sizeof(side));
	if (sidecar_write(side, o->file, "initseg", sizeof(seg), &id, &err)) {
		prm_err_prefix(&err, "initseg dump: %s is written, its sidecar is not: ", o->file);
		return cmd_fail(&err);
	}
	out_doc_begin();
	cmd_out_device(r->dev);
	out_str("file", o->file);
	out_u64("bytes", sizeof(seg));
	out_str("sidecar", side);
	out_str("psid", id.psid[0] ? id.psid : NULL);
	out_str("fw_version", id.fw_version[0] ? id.fw_version : NULL);
	return cmd_done(EXIT_OK);
}

static const struct prm_verb verbs[] = {
	{ .name = "show", .summary = "Decode the initialization segment", .argp = &show_argp,
	  .exec = show, .flags = CMD_NEEDS_DEVICE | CMD_NEEDS_BAR },
	{ .name = "dump", .summary = "Save it as an image for -d image:FILE", .argp = &dump_argp,
	  .exec = dump, .check = dump_check, .opts_size = sizeof(struct dump_opts),
	  .flags = CMD_NEEDS_DEVICE | CMD_NEEDS_BAR },
};

const struct prm_cmd cmd_initseg = {
	.name = "initseg",
	.summary = "Read the initialization segment (firmware version, command queue, health)",
	.verbs = verbs,
	.nverbs = sizeof(verbs) / sizeof(verbs[0]),
	.default_verb = "show",
	.flags = CMD_NEEDS_DEVICE,
};
