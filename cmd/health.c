// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* prmctl health show: is the firmware alive, and if not, what happened. */
#include <stdlib.h>

#include "cmd/cmd.h"
#include "cmd/devsel.h"
#include "lib/dev/dev.h"
#include "lib/out/layout_print.h"
#include "lib/out/out.h"
#include "lib/prm/health.h"
#include "lib/prm/layouts/layouts.h"

static const struct argp show_argp = {
	NULL, cmd_no_args, NULL,
	"The firmware's health: a classification first (ok, fw_error, thermal, pci_gone, "
	"fw_initializing), then every field of the health buffer decoded, the health "
	"counter and health syndrome. Exit 0 when ok, 4 when not. One read: a stalled "
	"counter (fw_unresponsive) needs time, see 'health watch'.",
	prm_global_children, NULL, NULL
};

static void report(const struct dev *d, const struct prm_health_report *r)
{
	struct prm_err err = { 0 };

	out_str("device", d->label);
	out_str("status", prm_health_status_name(r->status));
	out_str("access", d->access);
	if (r->status == PRM_HEALTH_PCI_GONE) {
		/* all-ones reads are no health buffer: nothing in it is decoded */
		out_note("Every read returns all-ones: the function is gone from the bus "
			 "(surprise removal, link down, DPC, or a reset in progress).");
		return;
	}
	out_str("fw_version", r->seg.fw_version);
	out_u64("health_counter", r->seg.health_counter);
	out_hex("health_syndrome", r->seg.health_syndrome);
	out_obj_begin("health_buffer");
	out_layout(&prm_layout_health_buffer, r->buffer, PRM_HEALTH_BUFFER_BYTES, 0, &err);
	out_str("time_iso", r->fw_time_iso[0] ? r->fw_time_iso : NULL);
	out_str("fw_ver_decoded", r->fw_ver[0] ? r->fw_ver : NULL);
	if (r->fw_ver[0])
		out_bool("fw_ver_matches_initseg", r->fw_ver_matches);
	else
		out_null("fw_ver_matches_initseg");
	out_str("hw_id_name", r->chip);
	out_obj_end();
}

static int show(int argc, char **argv)
{
	static uint8_t seg[DEV_INITSEG_BYTES];
	struct prm_health_report r;
	struct prm_err err = { 0 };
	struct dev *d;
	int rc = cmd_parse(&show_argp, argc, argv, NULL);

	if (rc || G.help_shown)
		return rc;
	rc = cmd_open_device(true, &d);
	if (rc)
		return rc;
	/* BAR0 as it is, all-ones included: that is an answer here, not an error */
	if (dev_bar_read(d, 0, seg, sizeof(seg), &err) ||
	    prm_health_report(seg, sizeof(seg), &r, &err)) {
		dev_close(d);
		return cmd_fail(&err);
	}
	out_doc_begin();
	report(d, &r);
	dev_close(d);
	return cmd_done(r.status == PRM_HEALTH_OK ? EXIT_OK : EXIT_CHECK);
}

static const struct prm_verb verbs[] = {
	{ "show", "Classify and decode the firmware's health", &show_argp, show, CMD_NEEDS_DEVICE },
};

const struct prm_cmd cmd_health = {
	.name = "health",
	.summary = "Firmware health: classification and the decoded health buffer",
	.verbs = verbs,
	.nverbs = sizeof(verbs) / sizeof(verbs[0]),
	.default_verb = "show",
	.flags = CMD_NEEDS_DEVICE,
};
