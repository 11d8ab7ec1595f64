// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * prmctl devlink region list|snapshot|read|del: the driver's memory
 * regions (mlx5: crdump, the whole CR space), saved for support.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd/core/cmd.h"
#include "cmd/devlink.h"
#include "cmd/dlview.h"
#include "lib/dev/devlink.h"
#include "lib/out/out.h"
#include "lib/util/writefile.h"

#define REGION_MAX_BYTES ((size_t)1 << 30)

enum { OPT_SNAPSHOT = 0x900, OPT_KEEP, OPT_FORCE };

struct region_opts {
	const char *name;
	const char *out;	/* -o FILE */
	uint64_t snapshot;
	bool has_snapshot, keep, force;
};

static const struct argp_option options[] = {
	{ "output", 'o', "FILE", 0, "Write the bytes to FILE (whole, or not at all)", 0 },
	{ "snapshot", OPT_SNAPSHOT, "ID", 0, "The snapshot to read or delete", 0 },
	{ "keep", OPT_KEEP, NULL, 0, "snapshot: leave the snapshot in the kernel", 0 },
	{ "force", OPT_FORCE, NULL, 0, "Replace FILE if it exists", 0 },
	{ 0 }
};

static error_t parse(int key, char *arg, struct argp_state *state)
{
	struct region_opts *o = state->input;

	switch (key) {
	case 'o':
		o->out = arg;
		return 0;
	case OPT_SNAPSHOT:
		if (cmd_number(arg, UINT32_MAX, &o->snapshot)) {
			argp_error(state, "--snapshot '%s': a snapshot id is 0 to 4294967295", arg);
			return EINVAL;
		}
		o->has_snapshot = true;
		return 0;
	case OPT_KEEP:
		o->keep = true;
		return 0;
	case OPT_FORCE:
		o->force = true;
		return 0;
	case ARGP_KEY_ARG:
		if (o->name) {
			argp_error(state, "one region at a time ('%s' and '%s')", o->name, arg);
			return EINVAL;
		}
		o->name = arg;
		return 0;
	}
	return ARGP_ERR_UNKNOWN;
}

static const struct argp list_argp = {
	NULL, cmd_no_args, NULL,
	"The device's devlink regions: name, size, how many snapshots it may keep, and the "
	"snapshots it has.",
	prm_global_children, NULL, NULL
};

static const struct argp snapshot_argp = {
	options, parse, "NAME",
	"Take a snapshot of region NAME (mlx5: crdump), read it whole, write it to -o FILE, and "
	"delete it again unless --keep. Creating a snapshot changes the driver's state: needs "
	"--write.",
	prm_global_children, NULL, NULL
};

static const struct argp read_argp = {
	options, parse, "NAME",
	"Read snapshot --snapshot ID of region NAME, whole: to -o FILE, else printed (hex rows "
	"in text, numbers in JSON).",
	prm_global_children, NULL, NULL
};

static const struct argp del_argp = {
	options, parse, "NAME",
	"Delete snapshot --snapshot ID of region NAME (needs --write).",
	prm_global_children, NULL, NULL
};

static int list(struct cmd_run *run)
{
	struct prm_err err = { 0 };
	struct dl_region *r;
	struct dl_handle h;
	struct devlink dl;
	size_t n;
	int rc = cmd_devlink_open(run->dev, &dl, &h);

	if (rc)
		return rc;
	rc = devlink_regions(&dl, &h, &r, &n, &err);
	devlink_close(&dl);
	if (rc)
		return cmd_fail(&err);
	out_doc_begin();
	out_devlink_device(run->dev, &h);
	out_table_begin("regions");
	for (size_t i = 0; i < n; i++) {
		out_obj_begin(NULL);
		out_str("region", r[i].name);
		if (r[i].has_port)
			out_u64("port", r[i].port);
		else
			out_null("port");
		out_u64("size", r[i].size);
		out_u64("max_snapshots", r[i].max_snapshots);
		out_arr_begin("snapshots");
		for (unsigned k = 0; k < r[i].nsnapshots && k < DL_SNAPSHOTS_MAX; k++)
			out_u64(NULL, r[i].snapshots[k]);
		out_arr_end();
		out_obj_end();
	}
	out_table_end();
	free(r);
	return cmd_done(EXIT_OK);
}

/* A snapshot's bytes, in order, without gaps. */
struct bytes {
	uint8_t *p;
	size_t len, cap;
	char bad[128];
};

static int chunk(uint64_t addr, const void *data, size_t len, void *arg)
{
	struct bytes *b = arg;

	if (addr != b->len) {
		snprintf(b->bad, sizeof(b->bad), "a chunk at 0x%llx where 0x%zx was next",
			 (unsigned long long)addr, b->len);
		return -1;
	}
	if (len > REGION_MAX_BYTES - b->len) {
		snprintf(b->bad, sizeof(b->bad), "more than 1 GiB");
		return -1;
	}
	if (b->len + len > b->cap) {
		size_t cap = b->cap ? b->cap : 65536;
		uint8_t *p;

		while (cap < b->len + len)
			cap *= 2;
		p = realloc(b->p, cap);
		if (!p) {
			snprintf(b->bad, sizeof(b->bad), "out of memory");
			return -1;
		}
		b->p = p;
		b->cap = cap;
	}
	memcpy(b->p + b->len, data, len);
	b->len += len;
	return 0;
}

static int read_snapshot(struct devlink *dl, const struct dl_handle *h, const char *name,
			 uint32_t id, struct bytes *b, struct prm_err *err)
{
	int rc = devlink_snapshot_read(dl, h, name, id, chunk, b, err);

	if (rc && b->bad[0])
		prm_err_set(err, PRM_E_FAILED, EPROTO, "bad_netlink",
			    "region %s snapshot %u: %s", name, id, b->bad);
	return rc ? -1 : 0;
}

/* The bytes to -o FILE, or printed; then the document's members. */
static int deliver(const struct region_opts *o, const struct bytes *b, struct prm_err *err)
{
	if (o->out && write_file_atomic(o->out, b->p ? b->p : (uint8_t *)"", b->len, true, err))
		return -1;
	out_u64("bytes", b->len);
	out_str("file", o->out);
	if (!o->out)
		out_bytes("data", b->p, b->len);
	return 0;
}

/* The members every region document starts with. */
static void head(const struct dev *d, const struct dl_handle *h, const char *region,
		 uint64_t snapshot)
{
	out_doc_begin();
	out_devlink_device(d, h);
	out_str("region", region);
	out_u64("snapshot", snapshot);
}

static int needs_write(const char *what)
{
	struct prm_err err = { 0 };

	prm_err_set(&err, PRM_E_USAGE, 0, "needs_write", "devlink region %s: add --write", what);
	return cmd_fail(&err);
}

/* -o FILE can be written, and is not replaced unless --force says so */
static int output_free(const struct region_opts *o)
{
	if (o->out)
		return cmd_out_new("devlink region", "-o", o->out, o->force);
	return 0;
}

static int need_name(const struct region_opts *o, bool need_snapshot)
{
	if (!o->name)
		return cmd_usage("which region? (see 'prmctl devlink region list')");
	if (need_snapshot && !o->has_snapshot)
		return cmd_usage("region %s: which snapshot? (--snapshot ID; see 'prmctl devlink region list')",
				 o->name);
	return 0;
}

/*
 * The options judged before -d is opened: the region (and snapshot) named,
 * -o FILE free, and a change (a snapshot made or deleted) refused without
 * --write on any device: every devlink instance is a kernel's, none is
 * simulated.
 */
static int judge(struct cmd_run *r, bool need_snapshot, bool to_file, const char *change)
{
	const struct region_opts *o = r->opts;
	int rc;

	if ((rc = need_name(o, need_snapshot)) || (to_file && (rc = output_free(o))))
		return rc;
	if (change && !G.write)
		return needs_write(change);
	return cmd_devlink_check(r);
}

static int snapshot_check(struct cmd_run *r)
{
	return judge(r, false, true, "snapshot makes the driver take a snapshot");
}

static int read_check(struct cmd_run *r)
{
	return judge(r, true, true, NULL);
}

static int del_check(struct cmd_run *r)
{
	return judge(r, true, false, "del deletes a snapshot");
}

static int snapshot(struct cmd_run *r)
{
	const struct region_opts *o = r->opts;
	struct prm_err err = { 0 }, e2 = { 0 };
	struct bytes b = { 0 };
	struct dl_handle h;
	struct devlink dl;
	uint32_t id;
	int rc = cmd_devlink_open(r->dev, &dl, &h);

	if (rc)
		return rc;
	if (devlink_snapshot_new(&dl, &h, o->name, &id, &err))
		goto fail;
	rc = read_snapshot(&dl, &h, o->name, id, &b, &err);
	if (!rc) {
		head(r->dev, &h, o->name, id);
		out_bool("kept", o->keep);
		rc = deliver(o, &b, &err);
		if (rc)
			out_doc_abort();
	}
	/* a snapshot whose bytes did not reach the file stays, and is named */
	if (rc) {
		out_warn("snapshot %u of region %s is kept: its bytes were not saved", id, o->name);
	} else if (!o->keep && devlink_snapshot_del(&dl, &h, o->name, id, &e2)) {
		out_warn("snapshot %u of region %s was not deleted: %s", id, o->name, e2.msg);
	}
	if (rc)
		goto fail;
	free(b.p);
	devlink_close(&dl);
	return cmd_done(EXIT_OK);
fail:
	free(b.p);
	devlink_close(&dl);
	return cmd_fail(&err);
}

static int read_verb(struct cmd_run *r)
{
	const struct region_opts *o = r->opts;
	struct prm_err err = { 0 };
	struct bytes b = { 0 };
	struct dl_handle h;
	struct devlink dl;
	int rc = cmd_devlink_open(r->dev, &dl, &h);

	if (rc)
		return rc;
	rc = read_snapshot(&dl, &h, o->name, (uint32_t)o->snapshot, &b, &err);
	devlink_close(&dl);
	if (!rc) {
		head(r->dev, &h, o->name, o->snapshot);
		rc = deliver(o, &b, &err);
		if (rc)
			out_doc_abort();
	}
	free(b.p);
	return rc ? cmd_fail(&err) : cmd_done(EXIT_OK);
}

static int del(struct cmd_run *r)
{
	const struct region_opts *o = r->opts;
	struct prm_err err = { 0 };
	struct dl_handle h;
	struct devlink dl;
	int rc = cmd_devlink_open(r->dev, &dl, &h);

	if (rc)
		return rc;
	rc = devlink_snapshot_del(&dl, &h, o->name, (uint32_t)o->snapshot, &err);
	devlink_close(&dl);
	if (!rc) {
		head(r->dev, &h, o->name, o->snapshot);
		out_bool("deleted", true);
	}
	return rc ? cmd_fail(&err) : cmd_done(EXIT_OK);
}

static const struct prm_verb verbs[] = {
	{ .name = "list", .summary = "Regions, sizes and snapshots", .argp = &list_argp,
	  .check = cmd_devlink_check, .exec = list, .flags = CMD_NEEDS_DEVICE },
	{ .name = "snapshot", .summary = "Take a snapshot, save it to a file, delete it (--write)",
	  .argp = &snapshot_argp, .check = snapshot_check, .exec = snapshot,
	  .opts_size = sizeof(struct region_opts), .flags = CMD_NEEDS_DEVICE | CMD_WRITES },
	{ .name = "read", .summary = "Read a snapshot whole, to a file or printed",
	  .argp = &read_argp, .check = read_check, .exec = read_verb,
	  .opts_size = sizeof(struct region_opts), .flags = CMD_NEEDS_DEVICE },
	{ .name = "del", .summary = "Delete a snapshot (--write)", .argp = &del_argp,
	  .check = del_check, .exec = del, .opts_size = sizeof(struct region_opts),
	  .flags = CMD_NEEDS_DEVICE | CMD_WRITES },
};

const struct prm_cmd cmd_devlink_region = {
	.name = "devlink region",
	.summary = "The driver's memory regions over devlink (mlx5: crdump, the CR space)",
	.verbs = verbs,
	.nverbs = sizeof(verbs) / sizeof(verbs[0]),
	.default_verb = "list",
	.flags = CMD_NEEDS_DEVICE,
};

const struct argp devlink_region_argp = {
	NULL, NULL, "list|snapshot|read|del ...",
	"The driver's memory regions over devlink: list, snapshot NAME -o FILE (--write), "
	"read NAME --snapshot ID [-o FILE], del NAME --snapshot ID (--write).",
	prm_global_children, NULL, NULL
};
