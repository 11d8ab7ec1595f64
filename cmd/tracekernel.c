// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * prmctl trace kernel: the firmware's traces as the kernel's mlx5_core
 * prints them (its fw tracer owns the tracer while bound), from tracefs'
 * mlx5:mlx5_fw event, read without consuming them. The event is turned on
 * only with --write, and off again on every path.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/core/cmd.h"
#include "cmd/core/devsel.h"
#include "cmd/trace.h"
#include "lib/dev/dev.h"
#include "lib/dev/tracefs.h"
#include "lib/ops/tracer.h"
#include "lib/out/out.h"
#include "lib/prm/kfwtrace.h"
#include "lib/util/clock.h"

#define EVENT TRACER_KERNEL_EVENT
#define DEFAULT_WAIT_MS 5000	/* when prmctl turns the event on: a few of the driver's polls */

enum { OPT_DURATION = 0x620 };

static const struct argp_option options[] = {
	{ "duration", OPT_DURATION, "T", 0,
	  "Wait T for new events before reading (" CMD_DURATION_S "; default: none when the "
	  "event is already on, 5s when prmctl turns it on)", 0 },
	{ 0 }
};

static error_t parse(int key, char *arg, struct argp_state *state)
{
	struct trace_kernel_opts *o = state->input;

	if (key == OPT_DURATION) {
		o->duration_given = true;
		return cmd_opt_duration(state, "--duration", arg, &o->duration_ms);
	}
	return cmd_no_args(key, arg, state);
}

const struct argp trace_kernel_argp = {
	options, parse, NULL,
	"The firmware's traces as the kernel prints them: while mlx5_core is bound its fw "
	"tracer owns the tracer and renders each message into the mlx5:mlx5_fw trace event. "
	"This reads tracefs' buffer (not trace_pipe: other readers keep their events) for the "
	"device's lines: time, firmware timestamp, lost flag, event id, message. An event that "
	"is off is turned on only with --write, for --duration, and off again after, on "
	"SIGINT/SIGTERM too. Exit 3 when the device is not bound to mlx5_core, tracefs is not "
	"mounted or the kernel has no such event.",
	prm_global_children, NULL, NULL
};

struct reader {
	const char *bdf;
	size_t bdf_len;
	uint64_t count, others, lost;
	char *msg;
	size_t msg_cap;
	bool oom;		/* a message did not fit in memory: the read stopped */
};

static int line(void *ctx, const char *l, size_t len)
{
	struct reader *rd = ctx;
	struct prm_kfwtrace k;

	if (prm_kfwtrace_parse(l, len, &k))
		return 0;
	if (k.dev_len != rd->bdf_len || memcmp(k.dev, rd->bdf, k.dev_len)) {
		rd->others++;
		return 0;
	}
	if (k.msg_len + 1 > rd->msg_cap) {
		char *m = realloc(rd->msg, k.msg_len + 1);

		if (!m) {
			rd->oom = true;
			return 1;
		}
		rd->msg = m;
		rd->msg_cap = k.msg_len + 1;
	}
	memcpy(rd->msg, k.msg, k.msg_len);
	rd->msg[k.msg_len] = '\0';
	rd->count++;
	rd->lost += k.lost;
	out_obj_begin(NULL);
	if (k.has_seconds) {
		char secs[32];

		/* as the kernel printed it: microseconds, not a float's digits */
		snprintf(secs, sizeof(secs), "%.6f", k.seconds);
		out_decimal("seconds", secs);
	} else
		out_null("seconds");
	out_hex_width("timestamp", k.timestamp, 64);
	out_bool("lost", k.lost);
	out_hex_width("event_id", k.event_id, 8);
	out_str("message", rd->msg);
	out_obj_end();
	return 0;
}

static void wait_ms(uint64_t ms)
{
	uint64_t t0 = clock_now_ms();

	while (!cmd_stop_requested() && clock_now_ms() - t0 < ms)
		clock_sleep_us(50000);
}

int trace_kernel(struct cmd_run *r)
{
	const struct trace_kernel_opts *o = r->opts;
	struct dev *d = r->dev;
	struct reader rd = { 0 };
	struct prm_err err = { 0 }, oerr = { 0 };
	char root[TRACEFS_PATH_MAX];
	bool was_on, turned_on = false;
	uint64_t waited;
	int rc;

	if (!d->has_info)
		prm_err_set(&err, PRM_E_NODEV, ENODEV, "not_kernel",
			    "%s: the kernel traces a PCI function bound to mlx5_core; this is not "
			    "one ('trace capture' reads a simulator's tracer)", d->label);
	else if (strcmp(d->info.driver, "mlx5_core"))
		prm_err_set(&err, PRM_E_NODEV, ENODEV, "not_bound",
			    "%s is not bound to mlx5_core (driver: %s): the kernel traces nothing "
			    "of it; 'prmctl -d %s trace capture' reads its tracer itself", d->label,
			    d->info.driver[0] ? d->info.driver : "none", d->label);
	if (err.msg[0] || tracefs_find(EVENT, root, &err) ||
	    tracefs_event_enabled(root, EVENT, &was_on, &err))
		return cmd_fail(&err);
	if (!was_on && !G.write) {
		prm_err_set(&err, PRM_E_USAGE, EPERM, "needs_write",
			    "%s: the kernel's mlx5:mlx5_fw trace event is off; turning it on (every "
			    "firmware message then goes through tracefs, for --duration) needs --write",
			    d->label);
		return cmd_fail(&err);
	}
	cmd_catch_stop();
	if (!was_on) {
		if (tracefs_event_set(root, EVENT, true, &err))
			return cmd_fail(&err);
		turned_on = true;
	}
	waited = clock_now_ms();
	wait_ms(o->duration_given ? o->duration_ms : turned_on ? DEFAULT_WAIT_MS : 0);
	waited = clock_now_ms() - waited;
	rd.bdf = d->info.bdf;
	rd.bdf_len = strlen(rd.bdf);
	out_doc_begin();
	cmd_out_device(d);
	out_str("access", "tracefs");
	out_str("tracefs", root);
	out_str("event", "mlx5:mlx5_fw");
	out_bool("event_was_on", was_on);
	out_u64("waited_ms", waited);
	out_table_begin("events");
	rc = tracefs_read_trace(root, line, &rd, &err);
	if (!rc && rd.oom)
		rc = prm_err_set(&err, PRM_E_FAILED, ENOMEM, "oom",
				 "%s: out of memory after %llu events", d->label,
				 (unsigned long long)rd.count);
	out_table_end();
	if (turned_on && tracefs_event_set(root, EVENT, false, &oerr))
		out_warn("%s; the event is left on: echo 0 > %s/events/" EVENT "/enable", oerr.msg,
			 root);
	free(rd.msg);
	if (rc) {
		out_doc_abort();
		return cmd_fail(&err);
	}
	out_u64("count", rd.count);
	out_u64("lost", rd.lost);
	out_u64("other_devices", rd.others);
	return cmd_done(EXIT_OK);
}
