// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* prmctl trace strings save -o FILE: the strings database, kept for offline decodes. */
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "cmd/core/cmd.h"
#include "cmd/core/devsel.h"
#include "cmd/trace.h"
#include "lib/dev/dev.h"
#include "lib/ops/tracestrings.h"
#include "lib/out/out.h"
#include "lib/util/writefile.h"

struct save_opts {
	const char *file;
	bool force;
};

enum { OPT_FORCE = 0x700 };

static const struct argp_option save_options[] = {
	{ "output", 'o', "FILE", 0, "Write the strings database to FILE", 0 },
	{ "force", OPT_FORCE, NULL, 0, "Replace FILE if it exists", 0 },
	{ 0 }
};

static error_t save_parse(int key, char *arg, struct argp_state *state)
{
	struct save_opts *o = state->input;

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

static const struct argp save_argp = {
	save_options, save_parse, NULL,
	"Read the firmware tracer's strings database (MTRC_CAP, MTRC_STDB) and write it with "
	"the device's identity to FILE, for 'trace decode --strings FILE' and 'trace analyze "
	"--strings FILE' later, on any machine. Read-only: the tracer is not taken.",
	prm_global_children, NULL, NULL
};

/* Refused before the device is opened: nothing is read for a file we would not write. */
static int save_check(struct cmd_run *r)
{
	const struct save_opts *o = r->opts;

	if (!o->file)
		return cmd_usage("trace strings save: where to? (-o FILE)");
	if (!strcmp(o->file, "-"))
		return cmd_usage("trace strings save: -o needs a file name, not standard output");
	return cmd_out_new("trace strings save", "-o", o->file, o->force);
}

static int save(struct cmd_run *r)
{
	const struct save_opts *o = r->opts;
	struct tracer_strings s;
	struct prm_err err = { 0 };

	if (tracer_strings_image(r->dev, &s, &err))
		return cmd_fail(&err);
	if (write_file_atomic(o->file, s.image, s.len, true, &err)) {
		tracer_strings_free(&s);
		prm_err_prefix(&err, "trace strings save: ");
		return cmd_fail(&err);
	}
	out_doc_begin();
	cmd_out_device(r->dev);
	out_str("file", o->file);
	out_u64("bytes", s.len);
	out_str("fw_version", s.meta.fw_version[0] ? s.meta.fw_version : NULL);
	out_str("psid", s.meta.psid[0] ? s.meta.psid : NULL);
	out_u64("sections", s.nsections);
	out_u64("strings_bytes", s.bytes);
	out_u64("first_string_trace", s.cap.first_string_trace);
	out_u64("num_string_trace", s.cap.num_string_trace);
	tracer_strings_free(&s);
	return cmd_done(EXIT_OK);
}

static const struct prm_verb verbs[] = {
	{ .name = "save", .summary = "Save the strings database for offline decodes",
	  .argp = &save_argp, .check = save_check, .exec = save,
	  .opts_size = sizeof(struct save_opts), .flags = CMD_NEEDS_DEVICE },
};

const struct prm_cmd cmd_trace_strings = {
	.name = "trace strings",
	.summary = "The firmware tracer's strings database",
	.verbs = verbs,
	.nverbs = sizeof(verbs) / sizeof(verbs[0]),
	.flags = CMD_NEEDS_DEVICE,
};

const struct argp trace_strings_argp = {
	NULL, NULL, "save -o FILE",
	"The firmware tracer's strings database: save -o FILE keeps it for offline decodes "
	"(trace decode --strings FILE).",
	prm_global_children, NULL, NULL
};
