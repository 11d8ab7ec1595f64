// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* prmctl probe: which commands the device takes, through the chosen path. */
#include <stdlib.h>

#include "cmd/core/cmd.h"
#include "lib/dev/cmdchan.h"
#include "lib/dev/dev.h"
#include "lib/ops/probe.h"
#include "lib/out/out.h"
#include "lib/prm/names.h"

static const struct argp probe_argp = {
	NULL, cmd_no_args, NULL,
	"The command-support matrix: for each command prmctl knows, whether the device "
	"supports it through the chosen access path, refuses it (and why), or was not "
	"tried because it changes state; and the capability bit that gates it. Nothing "
	"that changes device state is sent.",
	prm_global_children, NULL, NULL
};

static void row(const struct probe_row *r)
{
	out_obj_begin(NULL);
	out_named("opcode", r->info->opcode, true,
		  prm_name_of(&prm_cmd_opcode_names, r->info->opcode));
	out_str("result", probe_result_name(r->result));
	if (r->sent && (r->status || r->result == PROBE_SUPPORTED)) {
		out_named("status", r->status, true, prm_name_of(&prm_cmd_status_names, r->status));
		if (out_json())
			out_hex_width("syndrome", r->syndrome, 32);
	} else {
		out_null("status");
		if (out_json())
			out_null("syndrome");
	}
	if (r->gate[0]) {
		out_str("gate", r->gate);
		if (r->gate_value >= 0)
			out_u64("gate_value", (uint64_t)r->gate_value);
		else
			out_null("gate_value");
	} else {
		out_null("gate");
		out_null("gate_value");
	}
	out_str("reason", r->reason[0] ? r->reason : NULL);
	out_obj_end();
}

static int probe(struct cmd_run *r)
{
	struct probe_row *rows = calloc(prm_ncmd_infos, sizeof(*rows));
	struct prm_err err = { 0 };
	const struct cmd_chan *chan;

	if (!rows)
		return EXIT_FAIL;
	if (dev_cmd_chan(r->dev, &chan, &err) || probe_commands(r->dev, rows, &err)) {
		free(rows);
		r->quiet_close = true;	/* the channel failing is the news, its teardown is not */
		return cmd_fail(&err);
	}
	out_doc_begin();
	out_str("device", r->dev->label);
	out_str("access", chan->access);
	out_table_begin("commands");
	for (size_t i = 0; i < prm_ncmd_infos; i++)
		row(&rows[i]);
	out_table_end();
	free(rows);
	cmd_close_now(r);	/* its teardown warning before the document ends, as ever */
	return cmd_done(EXIT_OK);
}

const struct prm_cmd cmd_probe = {
	.name = "probe",
	.summary = "Which commands the device supports, refuses, or was not asked",
	.argp = &probe_argp,
	.exec = probe,
	.flags = CMD_NEEDS_DEVICE,
};
