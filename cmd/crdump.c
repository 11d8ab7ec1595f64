// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* prmctl cr dump: mstregdump's cr-space dump, byte for byte. */
#include "cmd/crdump.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cmd/core/devsel.h"
#include "lib/dev/dev.h"
#include "lib/dev/vsec.h"
#include "lib/ops/crdump.h"
#include "lib/out/out.h"
#include "lib/util/writefile.h"

enum { OPT_FORCE = 0x300, OPT_RANGES };

static const struct argp_option options[] = {
	{ "output", 'o', "FILE", 0, "Write the dump to FILE ('-': standard output, the default)", 0 },
	{ "force", OPT_FORCE, NULL, 0, "Replace FILE if it exists", 0 },
	{ "ranges", OPT_RANGES, "FILE", 0,
	  "Dump the ranges of this mstregdump list (CSV) instead of the chip's", 0 },
	{ 0 }
};

static error_t parse(int key, char *arg, struct argp_state *state)
{
	struct crdump_cmd_opts *o = state->input;

	switch (key) {
	case 'o':
		o->file = arg;
		return 0;
	case OPT_FORCE:
		o->force = true;
		return 0;
	case OPT_RANGES:
		o->ranges = arg;
		return 0;
	}
	return cmd_no_args(key, arg, state);
}

const struct argp crdump_argp = {
	options, parse, NULL,
	"Dump cr-space as mstflint's mstregdump does: the same address ranges (the "
	"chip's list from mstflint, " CRDUMP_DIR_DEFAULT "/<chip>.csv, or $" CRDUMP_DIR_ENV
	"), the same lines, read through the vendor-specific gateway. What NVIDIA "
	"support asks for, usually three times a few seconds apart.",
	prm_global_children, NULL, NULL
};

static bool to_stdout(const struct crdump_cmd_opts *o)
{
	return !o->file || strcmp(o->file, "-") == 0;
}

int crdump_check(struct cmd_run *r)
{
	const struct crdump_cmd_opts *o = r->opts;

	if (G.json && to_stdout(o))
		return cmd_usage("cr dump: the dump is mstregdump's text; with --json give -o FILE");
	return to_stdout(o) ? 0 : cmd_out_new("cr dump", "-o", o->file, o->force);
}

/* All of it or nothing: a dump cut short is not told apart from a whole one. */
static int save(const struct crdump_cmd_opts *o, const char *text, size_t len)
{
	struct prm_err err = { 0 };

	if (to_stdout(o)) {
		if (write_all(STDOUT_FILENO, text, len)) {
			out_error(EXIT_FAIL, "write_failed", "cr dump: writing standard output: %s",
				  strerror(errno));
			return EXIT_FAIL;
		}
		return EXIT_OK;
	}
	if (write_file_atomic(o->file, text, len, true, &err)) {
		prm_err_prefix(&err, "cr dump: ");
		return cmd_fail(&err);
	}
	return EXIT_OK;
}

int crdump_exec(struct cmd_run *r)
{
	const struct crdump_cmd_opts *o = r->opts;
	struct crdump_opts co = { .list = o->ranges };
	struct prm_err err = { 0 };
	struct crdump c;
	char *text = NULL;
	size_t len;
	int rc;

	if (crdump_read(r->dev, &co, &c, &err) || crdump_text(&c, &text, &len, &err)) {
		crdump_free(&c);
		return cmd_fail(&err);
	}
	rc = save(o, text, len);
	free(text);
	if (rc || to_stdout(o)) {
		crdump_free(&c);
		return rc;
	}
	out_doc_begin();
	cmd_out_device(r->dev);
	out_str("file", o->file);
	out_str("ranges_from", c.list);
	out_hex("hw_id", c.hw_id);
	out_str("space", c.space == VSEC_SPACE_ND_CR ? "nd_cr" : "cr");
	out_u64("ranges", c.nlisted);
	out_u64("scratchpad_ranges", c.nranges - c.nlisted);
	out_u64("dword_count", c.nvals);
	out_u64("bytes", len);
	crdump_free(&c);
	return cmd_done(EXIT_OK);
}
