// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * prmctl trace status|own|release|start|stop: the tracer of a device, its
 * registers decoded, and the ownership protocol (seed 000 §3.2, §4.4).
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
#include "lib/util/clock.h"

enum { OPT_TRIES = 0x600, OPT_WAIT };

static const struct argp_option own_options[] = {
	{ "tries", OPT_TRIES, "N", 0,
	  "Ask up to N times, 100 ms apart, while another agent releases it (default 5)", 0 },
	{ "wait", OPT_WAIT, "T", 0,
	  "Then wait up to T (" CMD_DURATION_S ") for its owner to let go, asking again "
	  "at each ownership-change event", 0 },
	{ 0 }
};

static error_t live_parse(int key, char *arg, struct argp_state *state)
{
	struct trace_own_opts *o = state->input;
	uint64_t v;

	switch (key) {
	case ARGP_KEY_INIT:
		o->tries = 5;
		o->t0_ms = clock_now_ms();
		return 0;
	case OPT_TRIES:
		if (cmd_number(arg, 1000, &v) || !v) {
			argp_error(state, "--tries '%s': expected 1 to 1000", arg);
			return EINVAL;
		}
		o->tries = (unsigned)v;
		return 0;
	case OPT_WAIT:
		return cmd_opt_duration(state, "--wait", arg, &o->wait_ms);
	}
	return cmd_no_args(key, arg, state);
}

const struct argp trace_status_argp = {
	NULL, cmd_no_args, NULL,
	"The tracer's state: MTRC_CAP (owner, trace to memory, version, string trace event "
	"ids, strings database sections, buffer size limit), MTRC_CONF and MTRC_CTRL.",
	prm_global_children, NULL, NULL
};

const struct argp trace_own_argp = {
	own_options, live_parse, NULL,
	"Take ownership of the tracer (MTRC_CAP.trace_owner), reading it back after each "
	"request. Exit 1 when another agent (the kernel's mlx5_core, another tool) keeps it. "
	"Needs --write on real hardware.",
	prm_global_children, NULL, NULL
};

const struct argp trace_stop_argp = {
	NULL, cmd_no_args, NULL,
	"Stop the tracer (MTRC_CTRL.trace_status 0) and give its ownership back: for a "
	"tracer a killed capture left running. Needs --write on real hardware.",
	prm_global_children, NULL, NULL
};

const struct argp trace_release_argp = {
	NULL, cmd_no_args, NULL,
	"Give the tracer's ownership back. Needs --write on real hardware.",
	prm_global_children, NULL, NULL
};

static void sections(const struct tracecap *c)
{
	out_table_begin("string_db");
	for (unsigned i = 0; i < TRACECAP_SECTIONS && i < c->num_string_db; i++) {
		out_obj_begin(NULL);
		out_u64("section", i);
		out_hex_width("base", c->base[i], 32);
		out_u64("size_bytes", c->size[i]);
		out_obj_end();
	}
	out_table_end();
}

/*
 * Beside mlx5_core the tracer is the kernel's fw tracer's (the owner bit is
 * the function's: taking, stopping or releasing it would take it from the
 * kernel) and the command queue is the driver's: refused, with where the
 * kernel's traces are.
 */
int trace_kernel_gate(struct cmd_run *r)
{
	struct prm_err err = { 0 };
	const char *l = r->dev->label;

	if (!dev_mlx5_core_bound(r->dev))
		return 0;
	prm_err_set(&err, PRM_E_NODEV, EBUSY, "kernel_owns_tracer",
		    "%s: mlx5_core is bound and its fw tracer owns the firmware tracer: %s "
		    "would take it from the kernel (unload mlx5_core first); " TRACER_KERNEL_HOWTO,
		    l, r->what, l);
	return cmd_fail(&err);
}

/* Beside mlx5_core: is its mlx5:mlx5_fw trace event on ("trace kernel" reads it)? */
static void kernel_event(const struct dev *d)
{
	struct prm_err err = { 0 };
	char root[TRACEFS_PATH_MAX];
	bool on;

	if (!dev_mlx5_core_bound(d) || tracefs_find(TRACER_KERNEL_EVENT, root, &err) ||
	    tracefs_event_enabled(root, TRACER_KERNEL_EVENT, &on, &err))
		out_null("kernel_trace_event");
	else
		out_str("kernel_trace_event", on ? "on" : "off");
	if (err.msg[0])
		out_str("kernel_trace_event_error", err.msg);
}

int trace_status(struct cmd_run *r)
{
	struct tracer_state st;
	struct prm_err err = { 0 };

	if (tracer_read_state(r->dev, &st, &err))
		return cmd_fail(&err);
	out_doc_begin();
	cmd_out_device(r->dev);
	out_bool("owner", st.cap.trace_owner);
	out_str("owned_by", tracer_owned_by(r->dev, &st));
	kernel_event(r->dev);
	out_bool("trace_to_memory", st.cap.trace_to_memory);
	out_u64("trc_ver", st.cap.trc_ver);
	out_u64("first_string_trace", st.cap.first_string_trace);
	out_u64("num_string_trace", st.cap.num_string_trace);
	out_u64("log_max_trace_buffer_size", st.cap.log_max_trace_buffer_size);
	out_u64("max_buffer_bytes", UINT64_C(4096) << st.cap.log_max_trace_buffer_size);
	sections(&st.cap);
	out_named("trace_mode", st.trace_mode, false,
		  st.trace_mode == 1 ? "memory" : st.trace_mode == 0 ? "fifo" : NULL);
	out_u64("log_trace_buffer_size", st.log_trace_buffer_size);
	out_hex_width("trace_mkey", st.trace_mkey, 32);
	out_named("trace_status", st.trace_status, false,
		  st.trace_status == 1 ? "active" : st.trace_status == 0 ? "disabled" : NULL);
	out_bool("arm_event", st.arm_event);
	out_u64("current_ticks", st.current_timestamp);
	cmd_close_now(r);	/* its teardown warning before the document ends, as ever */
	return cmd_done(EXIT_OK);
}

int trace_own(struct cmd_run *r)
{
	const struct trace_own_opts *o = r->opts;
	struct prm_err err = { 0 };
	struct dev *d = r->dev;
	bool granted, evq = false;
	unsigned events = 0;

	if (tracer_own(d, o->tries, 100, &granted, &err) ||
	    (!granted && o->wait_ms &&
	     tracer_own_wait(d, (unsigned)o->wait_ms, &granted, &events, &evq, &err)))
		return cmd_fail(&err);
	if (!granted) {
		prm_err_set(&err, o->wait_ms ? PRM_E_TIMEOUT : PRM_E_FAILED, 0, "not_granted",
			    "%s: the tracer stays with another agent (the kernel's mlx5_core owns "
			    "it while loaded) after %u requests%s", d->label, o->tries,
			    o->wait_ms ? " and the wait" : "");
		return cmd_fail(&err);
	}
	out_doc_begin();
	cmd_out_device(d);
	out_bool("owner", true);
	if (o->wait_ms) {
		out_u64("waited_ms", clock_now_ms() - o->t0_ms);
		out_u64("ownership_events", events);
		out_str("waited_by", evq ? "event queue" : "polling");
	}
	return cmd_done(EXIT_OK);
}

int trace_stop(struct cmd_run *r)
{
	struct prm_err err = { 0 };
	struct dev *d = r->dev;
	bool owner = false;

	if (tracer_is_owner(d, &owner, &err))
		return cmd_fail(&err);
	if (!owner) {
		prm_err_set(&err, PRM_E_FAILED, 0, "not_owner",
			    "%s: the tracer is not ours to stop (MTRC_CAP.trace_owner is 0): "
			    "another agent owns it, or nobody does", d->label);
		return cmd_fail(&err);
	}
	if (tracer_set_status(d, false, false, &err) || tracer_release(d, &err))
		return cmd_fail(&err);
	out_doc_begin();
	cmd_out_device(d);
	out_named("trace_status", 0, false, "disabled");
	out_bool("owner", false);
	return cmd_done(EXIT_OK);
}

int trace_release(struct cmd_run *r)
{
	struct prm_err err = { 0 };

	if (tracer_release(r->dev, &err))
		return cmd_fail(&err);
	out_doc_begin();
	cmd_out_device(r->dev);
	out_bool("owner", false);
	return cmd_done(EXIT_OK);
}
