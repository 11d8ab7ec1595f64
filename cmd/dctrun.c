// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * prmctl dct lifecycle|watch: a DCT's whole life with each step timed, and
 * key violations reported and re-armed (an un-armed DCT fails silently).
 * The commands and events are lib/ops/dct.c's; here, the steps and timing.
 */
#include <stdio.h>

#include "cmd/core/cmd.h"
#include "cmd/core/devsel.h"
#include "cmd/dct.h"
#include "lib/dev/dev.h"
#include "lib/ops/dct.h"
#include "lib/dev/eq.h"
#include "lib/ops/pd.h"
#include "lib/out/out.h"
#include "lib/prm/dct.h"
#include "lib/util/clock.h"

static const struct argp_option lifecycle_options[] = {
	{ "timeout", DCT_OPT_TIMEOUT, "T", 0, "How long the drain may take (" CMD_DURATION_S
	  "; default 5s)", 0 },
	{ 0 }
};

const struct argp dct_lifecycle_argp = {
	lifecycle_options, dct_parse, NULL,
	"A DCT's whole life: ALLOC_PD, CREATE_DCT, DRAIN_DCT, the DCT_DRAINED event, "
	"DESTROY_DCT, DEALLOC_PD, each step timed. A step that fails stops it; what was "
	"created is destroyed on the way out.",
	prm_global_children, NULL, NULL
};

static const struct argp_option watch_options[] = {
	{ "dct", DCT_OPT_DCT, "N", 0, "A DCT to watch (repeatable; default every one listed)", 0 },
	{ "duration", DCT_OPT_DURATION, "T", 0, "Stop after T (" CMD_DURATION_S ")", 0 },
	{ "count", DCT_OPT_COUNT, "N", 0, "Stop after N violations", 0 },
	{ 0 }
};

const struct argp dct_watch_argp = {
	watch_options, dct_parse, NULL,
	"Arm DCTs for key violations and report each DCT_KEY_VIOLATION event with the DCT and "
	"its violation count, then arm it again: an event comes once per arm. JSON Lines with "
	"--json.",
	prm_global_children, NULL, NULL
};

static void step(const char *name, uint64_t us)
{
	out_obj_begin(NULL);
	out_str("step", name);
	out_u64("us", us);
	out_obj_end();
}

int dct_lifecycle(struct cmd_run *r)
{
	struct dct_opts *o = r->opts;
	struct prm_err err = { 0 }, ignored = { 0 };
	struct dev *d = r->dev;
	uint32_t pd = 0, dctn = 0;
	uint64_t waited, t, us[6];
	bool have_pd = false, have_dct = false;
	int rc, n = 0;

	t = clock_now_us();
#define DONE() (us[n++] = clock_now_us() - t, t = clock_now_us())
	if (pd_alloc(d, &pd, &err))
		goto fail;
	have_pd = true;
	DONE();
	o->attr.pd = pd;
	if (dct_create(d, &o->attr, &dctn, &err))
		goto fail;
	have_dct = true;
	DONE();
	if (dct_drain_wait(d, dctn, true, o->timeout_ms, &waited, &err))
		goto fail;
	DONE();
	if (dct_destroy(d, dctn, &err))
		goto fail;
	have_dct = false;
	DONE();
	if (pd_dealloc(d, pd, &err))
		goto fail;
	have_pd = false;
	DONE();
#undef DONE
	out_doc_begin();
	cmd_out_device(d);
	out_hex("dctn", dctn);
	out_u64("pd", pd);
	out_table_begin("steps");
	step("alloc_pd", us[0]);
	step("create", us[1]);
	step("drain_to_event", us[2]);
	step("destroy", us[3]);
	step("dealloc_pd", us[4]);
	out_table_end();
	out_u64("total_us", us[0] + us[1] + us[2] + us[3] + us[4]);
	return cmd_done(EXIT_OK);
fail:
	rc = dct_fail(&err);
	/* a DCT left draining cannot be destroyed: it stays, and is named */
	if (have_dct && dct_destroy(d, dctn, &ignored)) {
		out_warn("%s: DCT 0x%llx is left behind (with PD %llu): %s", d->label,
			 (unsigned long long)dctn, (unsigned long long)pd, ignored.msg);
		have_pd = false;	/* the DCT still holds it */
	}
	if (have_pd && pd_dealloc(d, pd, &ignored))
		out_warn("%s: PD %llu is left behind", d->label, (unsigned long long)pd);
	return rc;
}

static int report(struct dev *d, uint32_t dctn, struct prm_err *err)
{
	struct dct_info info;

	if (dct_query(d, dctn, &info, err))
		return -1;
	out_line_begin();
	out_time_ns("time", clock_wall_ns());
	cmd_out_device(d);
	out_str("event", "key_violation");
	out_hex("dctn", dctn);
	out_u64("key_violations", info.key_violations);
	if (cmd_done(EXIT_OK))
		return 1;
	return dct_arm(d, dctn, err);
}

int dct_watch(struct cmd_run *r)
{
	struct dct_opts *o = r->opts;
	struct prm_err err = { 0 }, ignored = { 0 };
	uint64_t seen = 0;
	struct dev *d = r->dev;
	struct eq *q = NULL;
	uint32_t dctn;
	int rc = EXIT_OK;

	if (!o->ndcts && dct_probe(d, 0x100, 64, o->dcts, DCT_MAX_WATCH, &o->ndcts, &err))
		goto fail;
	if (dct_events_create(d, MLX5_EVENT_TYPE_DCT_KEY_VIOLATION, &q, &err))
		goto fail;
	for (unsigned i = 0; i < o->ndcts; i++)
		if (dct_arm(d, o->dcts[i], &err))
			goto fail;
	out_line_begin();
	out_time_ns("time", clock_wall_ns());
	cmd_out_device(d);
	out_str("event", "started");
	if (out_json()) {
		out_arr_begin("dcts");
		for (unsigned i = 0; i < o->ndcts; i++)
			out_hex(NULL, o->dcts[i]);
		out_arr_end();
	} else {	/* one line of key=value: the list as one value */
		char list[DCT_MAX_WATCH * 10] = "";
		size_t used = 0;

		for (unsigned i = 0; i < o->ndcts; i++)
			used += (size_t)snprintf(list + used, sizeof(list) - used, "%s0x%x",
						 i ? "," : "", o->dcts[i]);
		out_str("dcts", list);
	}
	if (cmd_done(EXIT_OK))
		goto out;
	while (!cmd_stop_requested() && (!o->count || seen < o->count) &&
	       (!o->duration_ms || clock_now_ms() - o->t0_ms < o->duration_ms)) {
		int got = dct_event_next(q, MLX5_EVENT_TYPE_DCT_KEY_VIOLATION, 100, &dctn, &err);

		if (got < 0 && cmd_stop_requested())
			break;
		if (got < 0)
			goto fail;
		if (got)
			continue;
		seen++;
		rc = report(d, dctn, &err);
		if (rc < 0 && cmd_stop_requested())
			break;
		if (rc < 0)
			goto fail;
		if (rc > 0)
			break;
	}
	rc = EXIT_OK;
	goto out;
fail:
	rc = dct_fail(&err);
out:
	if (q)
		eq_destroy(q, &ignored);
	return rc;
}
