// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* prmctl health decode-log [FILE|-]: mlx5 health reports in kernel logs. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd/core/cmd.h"
#include "cmd/healthlog.h"
#include "lib/out/out.h"
#include "lib/prm/healthlog.h"
#include "lib/util/infile.h"

static error_t parse(int key, char *arg, struct argp_state *state)
{
	struct health_log_opts *o = state->input;

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
		out_time_s("time", e->fw_time);
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

/*
 * A log line's stamp by the Keys convention: stamp as written, uptime_s when
 * it is dmesg's seconds since boot, time when it is a date with a zone.
 */
static void when(const char *stamp, const struct prm_log_when *w)
{
	out_str("stamp", stamp[0] ? stamp : NULL);
	if (w->uptime)
		out_decimal("uptime_s", stamp);
	else
		out_null("uptime_s");
	out_str("time", w->utc[0] ? w->utc : NULL);
}

/* The upstream port's lines about the device (prmctl-health(8), PORTS). */
static void port(const struct prm_health_event *e)
{
	out_obj_begin("port");
	out_str("device", e->port);
	out_str("mapping", e->port_mapping);
	out_bool("link_lost", e->port_link_lost);
	out_str("aer_device", e->port_aer_device[0] ? e->port_aer_device : NULL);
	if (!e->port_mapping) {
		out_arr_begin("could_be_below");
		for (size_t i = 0; i < e->nport_below; i++)
			out_str(NULL, e->port_below[i]);
		out_arr_end();
	}
	when(e->port_time, &e->port_when);
	out_u64("line", e->port_line);
	out_u64("lines", e->port_lines);
	out_str("detail", e->port_detail[0] ? e->port_detail : NULL);
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
	when(e->time, &e->when);
	out_u64("line", e->line);
	out_str("health", prm_health_status_name(e->status));
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
	if (e->has_port)
		port(e);
	out_obj_end();
}

/*
 * A kernel log line is at most a few hundred bytes (printk's limit is 1 KiB);
 * this is far above any, and bounds what /dev/zero or a binary file can take.
 */
#define LOG_MAX_LINE (64u << 10)

enum { LINE_OK, LINE_EOF, LINE_TOO_LONG };

/* One line without its newline into buf (LOG_MAX_LINE bytes). */
static int read_line(FILE *f, char *buf, size_t *len)
{
	size_t n = 0;
	int c;

	while ((c = getc_unlocked(f)) != EOF && c != '\n') {
		if (n == LOG_MAX_LINE)
			return LINE_TOO_LONG;
		buf[n++] = (char)c;
	}
	*len = n;
	return c == EOF && !n ? LINE_EOF : LINE_OK;
}

/* Every line of f into p; an exit status on failure. */
static int read_log(FILE *f, const char *name, struct prm_healthlog *p)
{
	struct prm_err err = { 0 };
	char *line = malloc(LOG_MAX_LINE);
	uint64_t lineno = 0;
	size_t len;
	int rc;

	if (!line) {
		prm_err_set(&err, PRM_E_FAILED, ENOMEM, "oom", "out of memory");
		return cmd_fail(&err);
	}
	while ((rc = read_line(f, line, &len)) == LINE_OK) {
		lineno++;
		prm_healthlog_line(p, line, len);
	}
	free(line);
	if (rc == LINE_TOO_LONG)
		prm_err_set(&err, PRM_E_USAGE, EFBIG, "line_too_long",
			    "%s: line %llu: longer than %u bytes; not a kernel log", name,
			    (unsigned long long)lineno + 1, LOG_MAX_LINE);
	else if (ferror(f))
		prm_err_set(&err, PRM_E_FAILED, errno, "read_failed", "%s: %s", name,
			    strerror(errno));
	else
		return 0;
	return cmd_fail(&err);
}

int health_decode_log(struct cmd_run *r)
{
	struct health_log_opts o = *(const struct health_log_opts *)r->opts;
	struct prm_err err = { 0 };
	struct prm_healthlog_stats st;
	const struct prm_health_event *ev, *pev;
	struct prm_healthlog *p;
	const char *name;
	size_t n, np;
	FILE *f = stdin;
	int rc;

	if (o.file && !strcmp(o.file, "-"))
		o.file = NULL;
	name = o.file ? o.file : "standard input";
	if (o.file) {
		int fd = infile_open(o.file, o.file, INFILE_NULL_OK | INFILE_STDIN_OK, &err);

		if (fd < 0 || !(f = fdopen(fd, "r"))) {
			if (fd >= 0) {
				prm_err_set(&err, PRM_E_FAILED, errno, "open_failed", "%s: %s", name,
					    strerror(errno));
				close(fd);
			}
			return cmd_fail(&err);
		}
	}
	p = prm_healthlog_new(&err);
	rc = p ? read_log(f, name, p) : cmd_fail(&err);
	if (f != stdin)
		fclose(f);
	if (rc) {
		prm_healthlog_free(p);
		return rc;
	}
	n = prm_healthlog_events(p, &ev);
	np = prm_healthlog_port_events(p, &pev);
	prm_healthlog_stats(p, &st);
	out_doc_begin();
	out_str("file", o.file ? o.file : "-");
	out_u64("lines", st.lines);
	out_u64("health_lines", st.recognized);
	if (!n)
		out_note("No mlx5 health reports found.");
	/* incidents, not events: events is a count in health watch and trace */
	out_arr_begin("incidents");
	for (size_t i = 0; i < n; i++)
		event(&ev[i]);
	out_arr_end();
	/* a link lost under a port that no mlx5 report was tied to */
	out_arr_begin("port_incidents");
	for (size_t i = 0; i < np; i++)
		event(&pev[i]);
	out_arr_end();
	prm_healthlog_free(p);
	return cmd_done(n || np ? EXIT_CHECK : EXIT_OK);
}
