// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * prmctl esw functions|watch: the host functions an e-switch manager sees
 * (QUERY_ESW_FUNCTIONS), once or as they change (ESW_FUNCTIONS_CHANGED).
 * The commands, events and polling are lib/ops/esw.c; here, options and
 * printing what changed.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/core/cmd.h"
#include "cmd/core/devsel.h"
#include "cmd/eswdl.h"
#include "lib/dev/dev.h"
#include "lib/ops/esw.h"
#include "lib/out/out.h"
#include "lib/prm/esw.h"
#include "lib/util/clock.h"

#define MAX_CHANGES 256

enum { OPT_INTERVAL = 0x900, OPT_COUNT, OPT_DURATION };

struct esw_opts {
	uint64_t interval_ms, count, duration_ms;
};

static const struct argp functions_argp = {
	NULL, cmd_no_args, NULL,
	"The host functions behind this e-switch manager (QUERY_ESW_FUNCTIONS): the host PF "
	"(number, disabled or absent, VHCA id, VFs enabled and total, PCI address) and the SFs "
	"enabled, with the raw host_sf_enable words. Needs an e-switch manager function "
	"(general.eswitch_manager).",
	prm_global_children, NULL, NULL
};

static const struct argp_option watch_options[] = {
	{ "interval", OPT_INTERVAL, "MS", 0,
	  "Without events (fwctl), query this often (" CMD_DURATION_MS "; default 1000)", 0 },
	{ "count", OPT_COUNT, "N", 0, "Stop after N changes", 0 },
	{ "duration", OPT_DURATION, "T", 0, "Stop after T (" CMD_DURATION_S ")", 0 },
	{ 0 }
};

static const struct cmd_duration interval_ms = { "--interval", true, 1, 3600000 };

static error_t watch_parse(int key, char *arg, struct argp_state *state)
{
	struct esw_opts *o = state->input;

	switch (key) {
	case ARGP_KEY_INIT:
		o->interval_ms = 1000;
		return 0;
	case OPT_INTERVAL:
		return cmd_opt_duration_in(state, &interval_ms, arg, &o->interval_ms);
	case OPT_COUNT:
		return cmd_opt_count(state, "--count", arg, UINT32_MAX, "a number of changes", &o->count);
	case OPT_DURATION:
		return cmd_opt_duration(state, "--duration", arg, &o->duration_ms);
	}
	return cmd_no_args(key, arg, state);
}

static const struct argp watch_argp = {
	watch_options, watch_parse, NULL,
	"Follow the host functions: each ESW_FUNCTIONS_CHANGED event (an event queue on the "
	"command queue) is followed, once the change settles, by a query and one line per "
	"change: the PF disabled or enabled, the VF count, SFs added or removed. Through fwctl "
	"there are no events: it polls at --interval and says so. With --access devlink: the "
	"driver's port notifications, then the ports read again: vfs_changed, sf_added, "
	"sf_removed, port_added, port_removed. JSON Lines with --json.",
	prm_global_children, NULL, NULL
};

static void functions_out(const struct esw_functions *f, bool line)
{
	uint32_t idx[ESW_MAX_SF_WORDS * 64];
	unsigned n = esw_sf_list(f, idx, ESW_MAX_SF_WORDS * 64);

	out_u64("host_number", f->host_number);
	out_bool("host_pf_not_exist", f->pf_not_exist);
	out_bool("host_pf_disabled", f->pf_disabled);
	out_bool("host_pf_vhca_id_valid", f->vhca_id_valid);
	out_hex_width("host_pf_vhca_id", f->vhca_id, 16);
	out_u64("host_num_of_vfs", f->num_vfs);
	out_u64("host_total_vfs", f->total_vfs);
	out_hex_width("host_pci_bus", f->pci_bus, 8);
	out_hex_width("host_pci_device", f->pci_device, 8);
	out_hex_width("host_pci_function", f->pci_function, 8);
	if (line && !out_json()) {	/* one line of key=value: the list as one value */
		char list[ESW_MAX_SF_WORDS * 64 * 6] = "";
		size_t used = 0;

		for (unsigned i = 0; i < n && used < sizeof(list) - 12; i++)
			used += (size_t)snprintf(list + used, sizeof(list) - used, "%s%u",
						 i ? "," : "", idx[i]);
		out_str("sfs_enabled", list);
		return;
	}
	out_arr_begin("sfs_enabled");
	for (unsigned i = 0; i < n; i++)
		out_u64(NULL, idx[i]);
	out_arr_end();
	out_arr_begin("host_sf_enable");
	for (unsigned w = 0; w < f->nwords; w++)
		out_hex_width(NULL, f->sf_words[w], 64);
	out_arr_end();
}

static int functions(struct cmd_run *r)
{
	struct esw_functions f;
	struct esw_manager m;
	struct prm_err err = { 0 };

	if (esw_manager_check(r->dev, &m, &err) ||
	    esw_functions_query(r->dev, m.sf_words, &f, &err))
		return cmd_fail(&err);
	out_doc_begin();
	cmd_out_device(r->dev);
	functions_out(&f, false);
	out_bool("esw_functions_changed_events", m.events);
	return cmd_done(EXIT_OK);
}

static int report(struct dev *d, const struct esw_functions *was, const struct esw_functions *now,
		  uint64_t *changes)
{
	struct esw_change c[MAX_CHANGES];
	unsigned n = esw_diff(was, now, c, MAX_CHANGES);

	for (unsigned i = 0; i < n && i < MAX_CHANGES; i++) {
		out_line_begin();
		out_time_ns("time", clock_wall_ns());
		cmd_out_device(d);
		out_str("event", esw_change_name(c[i].kind));
		if (c[i].kind == ESW_VFS_CHANGED) {
			out_u64("from", c[i].from);
			out_u64("to", c[i].to);
		} else if (c[i].kind == ESW_SF_ADDED || c[i].kind == ESW_SF_REMOVED) {
			out_u64("sf", c[i].sf);
		}
		if (cmd_done(EXIT_OK))
			return -1;
	}
	*changes += n;
	return 0;
}

static int watch(struct cmd_run *r)
{
	const struct esw_opts *o = r->opts;
	struct esw_functions was, now;
	struct prm_err err = { 0 };
	struct esw_watch w = { 0 };
	uint64_t changes = 0;
	struct dev *d = r->dev;
	int rc = EXIT_OK;

	if (d->access && strcmp(d->access, "devlink") == 0)
		return esw_watch_devlink(d, o->count, o->duration_ms);
	w.d = d;
	w.interval_ms = o->interval_ms;
	w.duration_ms = o->duration_ms;
	if (esw_watch_start(&w, &was, &err))
		goto fail;
	out_line_begin();
	out_time_ns("time", clock_wall_ns());
	cmd_out_device(d);
	out_str("event", "started");
	out_str("waiting_by", w.q ? "events" : "polling");
	if (!w.q)
		out_u64("interval_ms", o->interval_ms);
	functions_out(&was, true);
	if (cmd_done(EXIT_OK))
		goto out;
	while (!cmd_stop_requested() && (!o->count || changes < o->count) &&
	       (!o->duration_ms || clock_now_ms() - w.t0 < o->duration_ms)) {
		rc = esw_watch_next(&w, &now, &err);
		if (rc < 0 && cmd_stop_requested())
			break;	/* a stop that cut the wait or the query short is a stop */
		if (rc < 0)
			goto fail;
		if (rc > 0)
			continue;
		if (report(d, &was, &now, &changes))
			goto out;
		was = now;
	}
	rc = EXIT_OK;
	goto out;
fail:
	rc = cmd_fail(&err);
out:
	esw_watch_end(&w);
	return rc;
}

static const struct prm_verb verbs[] = {
	{ .name = "functions", .summary = "The host PF, its VFs and the SFs enabled",
	  .argp = &functions_argp, .exec = functions, .flags = CMD_NEEDS_DEVICE },
	{ .name = "watch", .summary = "Follow them as they change", .argp = &watch_argp,
	  .exec = watch, .opts_size = sizeof(struct esw_opts), .flags = CMD_NEEDS_DEVICE },
};

const struct prm_cmd cmd_esw = {
	.name = "esw",
	.summary = "E-switch: the host functions a manager sees, once or as they change",
	.verbs = verbs,
	.nverbs = sizeof(verbs) / sizeof(verbs[0]),
	.default_verb = "functions",
	.flags = CMD_NEEDS_DEVICE,
};
