// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* prmctl health decode-log [FILE|-]: mlx5 health reports in kernel logs. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/cmd.h"
#include "cmd/healthlog.h"
#include "lib/out/out.h"
#include "lib/prm/healthlog.h"

struct log_opts {
	const char *file;
};

static error_t parse(int key, char *arg, struct argp_state *state)
{
	struct log_opts *o = state->input;

	if (key == ARGP_KEY_ARG) {
		if (o->file) {
			argp_error(state, "one log at a time ('%s' is one too many)", arg);
			return EINVAL;
		}
		o->file = arg;
		return 0;
	}
	return ARGP_ERR_UNKNOWN;
}

const struct argp health_log_argp = {
	NULL, parse, "[FILE|-]",
	"Find the mlx5 health reports in a kernel log (dmesg, journalctl, syslog, "
	"sosreport, mail, pdsh output; standard input by default): one event per "
	"incident with its device, time, classification and the health buffer decoded; "
	"the same incident reported by several PCI functions is one event listing them. "
	"Exit 4 when there is at least one.",
	prm_global_children, NULL, NULL
};

static void buffer(const struct prm_health_event *e)
{
	out_obj_begin("health_buffer");
	out_arr_begin("assert_var");
	for (unsigned i = 0; i < e->nassert_var; i++)
		out_hex_width(NULL, e->assert_var[i], 32);
	out_arr_end();
	if (e->has_assert_exit_ptr)
		out_hex_width("assert_exit_ptr", e->assert_exit_ptr, 32);
	if (e->has_assert_callra)
		out_hex_width("assert_callra", e->assert_callra, 32);
	if (e->has_time)
		out_u64("time", e->fw_time);
	if (e->has_raw_fw_ver)
		out_hex_width("fw_ver", e->raw_fw_ver, 32);
	out_str("fw_ver_decoded", e->fw_ver[0] ? e->fw_ver : NULL);
	if (e->has_hw_id) {
		out_hex_width("hw_id", e->hw_id, 32);
		out_str("hw_id_name", e->chip);
	}
	if (e->has_rfr)
		out_bool("rfr", e->rfr);
	if (e->has_crr)
		out_bool("crr", e->crr);
	if (e->has_severity)
		out_named("severity", (uint64_t)e->severity, false, e->severity_name);
	if (e->irisc_index >= 0)
		out_u64("irisc_index", (uint64_t)e->irisc_index);
	if (e->has_synd)
		out_named("synd", e->synd, true, e->synd_name);
	if (e->has_ext_synd)
		out_hex("ext_synd", e->ext_synd);
	out_obj_end();
}

static void event(const struct prm_health_event *e)
{
	out_obj_begin(NULL);
	out_str("device", e->device);
	out_arr_begin("functions");
	for (size_t i = 0; i < e->nfunctions; i++)
		out_str(NULL, e->functions[i]);
	out_arr_end();
	out_str("host", e->host[0] ? e->host : NULL);
	out_str("time", e->time[0] ? e->time : NULL);
	out_u64("line", e->line);
	out_str("status", prm_health_status_name(e->status));
	if (e->fatal_error >= 0)
		out_u64("fatal_error", (uint64_t)e->fatal_error);
	if (e->slot_unavailable)
		e->pci_slot >= 0 ? out_u64("pci_slot", (uint64_t)e->pci_slot) : out_null("pci_slot");
	if (e->ncmd_timeouts) {
		out_u64("cmd_timeouts", e->ncmd_timeouts);
		out_named("cmd_opcode", e->cmd_opcode, true, e->cmd_name[0] ? e->cmd_name : NULL);
	}
	if (e->has_buffer && !e->buffer_allones)
		buffer(e);
	out_str("detail", e->detail[0] ? e->detail : NULL);
	out_obj_end();
}

int health_decode_log(int argc, char **argv)
{
	struct log_opts o = { 0 };
	struct prm_err err = { 0 };
	struct prm_healthlog_stats st;
	const struct prm_health_event *ev;
	struct prm_healthlog *p;
	char *line = NULL;
	size_t cap = 0, n;
	ssize_t len;
	FILE *f;
	int rc = cmd_parse(&health_log_argp, argc, argv, &o);

	if (rc || G.help_shown)
		return rc;
	f = !o.file || strcmp(o.file, "-") == 0 ? stdin : fopen(o.file, "r");
	if (!f) {
		prm_err_set(&err, errno == ENOENT ? PRM_E_USAGE : PRM_E_FAILED, errno,
			    "open_failed", "%s: %s", o.file, strerror(errno));
		return cmd_fail(&err);
	}
	p = prm_healthlog_new(&err);
	if (!p) {
		if (f != stdin)
			fclose(f);
		return cmd_fail(&err);
	}
	while ((len = getline(&line, &cap, f)) >= 0)
		prm_healthlog_line(p, line, (size_t)len && line[len - 1] == '\n' ? (size_t)len - 1 : (size_t)len);
	free(line);
	if (ferror(f)) {
		prm_err_set(&err, PRM_E_FAILED, errno, "read_failed", "%s: read error",
			    o.file ? o.file : "standard input");
		if (f != stdin)
			fclose(f);
		prm_healthlog_free(p);
		return cmd_fail(&err);
	}
	if (f != stdin)
		fclose(f);
	n = prm_healthlog_events(p, &ev);
	prm_healthlog_stats(p, &st);
	out_doc_begin();
	out_str("file", o.file ? o.file : "-");
	out_u64("lines", st.lines);
	out_u64("health_lines", st.recognized);
	if (!n)
		out_note("No mlx5 health reports found.");
	out_arr_begin("events");
	for (size_t i = 0; i < n; i++)
		event(&ev[i]);
	out_arr_end();
	prm_healthlog_free(p);
	return cmd_done(n ? EXIT_CHECK : EXIT_OK);
}
