// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * lib/prm/healthlog*.c: mlx5 health reports in kernel logs. The three real
 * logs in tests/fixtures/health-logs (values below typed in from reading
 * them), then synthetic variants of every format and collector prefix.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "lib/prm/healthlog.h"

#define FIXTURES TESTS_DIR "/fixtures/health-logs/"

/* feed text, one line per '\n' (the last line may lack it) */
static void feed(struct prm_healthlog *p, const char *text)
{
	while (*text) {
		const char *nl = strchr(text, '\n');
		size_t l = nl ? (size_t)(nl - text) : strlen(text);

		prm_healthlog_line(p, text, l);
		text += l + (nl ? 1 : 0);
	}
}

static size_t parse(const char *text, struct prm_healthlog **pp, const struct prm_health_event **ev)
{
	struct prm_err err = { 0 };

	*pp = prm_healthlog_new(&err);
	assert_non_null(*pp);
	feed(*pp, text);
	return prm_healthlog_events(*pp, ev);
}

static size_t parse_file(const char *name, struct prm_healthlog **pp,
			 const struct prm_health_event **ev)
{
	char path[512], line[8192];
	struct prm_err err = { 0 };
	FILE *f;

	snprintf(path, sizeof(path), FIXTURES "%s", name);
	f = fopen(path, "r");
	assert_non_null(f);
	*pp = prm_healthlog_new(&err);
	assert_non_null(*pp);
	while (fgets(line, sizeof(line), f))
		prm_healthlog_line(*pp, line, strlen(line));	/* with its '\n': must be ignored */
	fclose(f);
	return prm_healthlog_events(*pp, ev);
}

static void no_synd_ff(const struct prm_health_event *ev, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		assert_false(ev[i].has_synd && ev[i].synd == 0xff);
		assert_false(ev[i].has_ext_synd && ev[i].ext_synd == 0xffff);
		assert_null(strstr(ev[i].fw_ver, "65535"));
	}
}

/* ---- the real logs ---- */

static void fixture_cx6dx_assert(void **state)
{
	static const char *const fn[] = { "0000:0d:00.0", "0000:0d:00.2", "0000:0d:00.3",
					  "0000:0d:00.4", "0000:0d:00.1", "0000:0d:00.5" };
	const struct prm_health_event *ev, *e;
	struct prm_healthlog *p;
	struct prm_healthlog_stats st;

	(void)state;
	assert_int_equal(parse_file("cx6dx-fw-assert-synd1.log", &p, &ev), 1);
	e = &ev[0];
	assert_int_equal(e->status, PRM_HEALTH_FW_ERROR);
	assert_string_equal(prm_health_status_name(e->status), "fw_error");
	assert_string_equal(e->device, "0000:0d:00.0");
	assert_int_equal(e->nfunctions, 6);
	assert_int_equal(e->nfunctions_total, 6);
	for (size_t i = 0; i < 6; i++)
		assert_string_equal(e->functions[i], fn[i]);
	assert_int_equal(e->nreports, 6);
	assert_string_equal(e->time, "445.937186");
	assert_int_equal(e->line, 1);
	assert_string_equal(e->host, "");
	assert_true(e->has_buffer);
	assert_false(e->buffer_allones);
	assert_int_equal(e->nassert_var, 6);
	assert_int_equal(e->assert_var[0], 0x0521945b);
	for (int i = 1; i < 6; i++)
		assert_int_equal(e->assert_var[i], 0);
	assert_true(e->has_assert_exit_ptr);
	assert_int_equal(e->assert_exit_ptr, 0x21492f38);
	assert_int_equal(e->assert_callra, 0x2102d5f0);
	assert_string_equal(e->fw_ver, "22.44.1036");
	assert_true(e->has_time);
	assert_int_equal(e->fw_time, 1742220438u);
	assert_true(e->has_hw_id);
	assert_int_equal(e->hw_id, 0x212);
	assert_string_equal(e->chip, "ConnectX-6 Dx");
	assert_true(e->has_rfr);
	assert_int_equal(e->rfr, 0);
	assert_true(e->has_severity);
	assert_int_equal(e->severity, 3);
	assert_string_equal(e->severity_name, "ERROR");
	assert_int_equal(e->irisc_index, 3);
	assert_true(e->has_synd);
	assert_int_equal(e->synd, 0x1);
	assert_string_equal(e->synd_name, "firmware internal error");
	assert_true(e->has_ext_synd);
	assert_int_equal(e->ext_synd, 0x8f7a);
	assert_true(e->has_raw_fw_ver);
	assert_int_equal(e->raw_fw_ver, 0x162c040c);
	assert_false(e->fw_ver_mismatch);
	assert_int_equal(e->fatal_error, -1);
	assert_false(e->slot_unavailable);
	assert_int_equal(e->ncmd_timeouts, 0);
	assert_string_equal(e->detail, "device's health compromised - reached miss count");
	prm_healthlog_stats(p, &st);
	assert_int_equal(st.lines, 42);
	assert_int_equal(st.records, 42);
	assert_int_equal(st.recognized, 42);
	assert_int_equal(st.dropped, 0);
	prm_healthlog_free(p);
}

static void fixture_vf_allones(void **state)
{
	const struct prm_health_event *ev, *e;
	struct prm_healthlog *p;
	size_t n;

	(void)state;
	n = parse_file("cx4lx-vf-pci-gone-allones.log", &p, &ev);
	assert_int_equal(n, 2);
	no_synd_ff(ev, n);
	e = &ev[0];
	assert_int_equal(e->status, PRM_HEALTH_PCI_GONE);
	assert_string_equal(prm_health_status_name(e->status), "pci_gone");
	assert_string_equal(e->device, "0000:00:00.0");
	assert_int_equal(e->nfunctions, 1);
	assert_string_equal(e->time, "36.447442");
	assert_int_equal(e->line, 1);
	assert_true(e->has_buffer);
	assert_true(e->buffer_allones);
	assert_int_equal(e->nassert_var, 5);	/* the old format */
	assert_int_equal(e->assert_var[0], 0);
	assert_false(e->has_synd);
	assert_null(e->synd_name);
	assert_false(e->has_ext_synd);
	assert_false(e->has_hw_id);
	assert_null(e->chip);
	assert_false(e->has_raw_fw_ver);
	assert_false(e->has_time);
	assert_false(e->has_severity);
	assert_int_equal(e->irisc_index, -1);
	assert_string_equal(e->fw_ver, "");
	assert_int_equal(e->fatal_error, 1);
	assert_string_equal(e->detail, "Fatal error 1 detected; "
				       "device's health compromised - reached miss count");
	/* the commands that timed out on the dead function afterwards */
	e = &ev[1];
	assert_int_equal(e->status, PRM_HEALTH_CMD_TIMEOUT);
	assert_string_equal(prm_health_status_name(e->status), "cmd_timeout");
	assert_string_equal(e->device, "0000:00:00.0");
	assert_string_equal(e->time, "100.539106");
	assert_int_equal(e->line, 19);
	assert_false(e->has_buffer);
	assert_int_equal(e->ncmd_timeouts, 3);
	assert_string_equal(e->cmd_name, "2RST_QP");
	assert_int_equal(e->cmd_opcode, 0x50a);
	assert_non_null(strstr(e->detail, "QUERY_VPORT_COUNTER(0x770) timeout."));
	assert_non_null(strstr(e->detail, "DESTROY_QP(0x501) timeout."));
	prm_healthlog_free(p);
}

static void fixture_dpc(void **state)
{
	const struct prm_health_event *ev, *e;
	struct prm_healthlog *p;

	(void)state;
	assert_int_equal(parse_file("cx5-dpc-slot-unavailable.log", &p, &ev), 1);
	no_synd_ff(ev, 1);
	e = &ev[0];
	assert_int_equal(e->status, PRM_HEALTH_PCI_GONE);
	/* 01:00.0 said "health sensors: 1" (PCI reads all-ones) first, 01:00.1 the slot */
	assert_string_equal(e->device, "0004:01:00.0");
	assert_int_equal(e->nfunctions, 2);
	assert_string_equal(e->functions[0], "0004:01:00.0");
	assert_string_equal(e->functions[1], "0004:01:00.1");
	assert_string_equal(e->time, "81.065793");
	assert_int_equal(e->line, 3);
	assert_true(e->slot_unavailable);
	assert_int_equal(e->pci_slot, 1);
	assert_int_equal(e->fatal_error, 1);
	assert_false(e->has_buffer);
	assert_false(e->has_synd);
	assert_non_null(strstr(e->detail, "PCI slot 1 is unavailable"));
	assert_non_null(strstr(e->detail, "Fatal error detected"));
	assert_non_null(strstr(e->detail, "crdump: failed to lock gw status -13"));
	assert_null(strstr(e->detail, "pcieport"));
	prm_healthlog_free(p);
}

/* ---- formats ---- */

#define OLD(n, m) "[ 1200.0000" #n "] mlx5_core 0000:3b:00.0: print_health_info:372:(pid 0): " m "\n"

static void old_format(void **state)
{
	const struct prm_health_event *ev, *e;
	struct prm_healthlog *p;

	(void)state;
	assert_int_equal(parse(
		"[ 1200.000001] mlx5_core 0000:3b:00.0: mlx5_core_health_poll:694:(pid 0): "
		"device's health compromised - reached miss count\n"
		OLD(2, "assert_var[0] 0x00000001") OLD(2, "assert_var[1] 0x00000002")
		OLD(2, "assert_var[2] 0x00000003") OLD(2, "assert_var[3] 0x00000004")
		OLD(2, "assert_var[4] 0x00000005") OLD(3, "assert_exit_ptr 0x20a3bd94")
		OLD(3, "assert_callra 0x20a0e1c4") OLD(4, "fw_ver 16.26.4012")
		OLD(4, "hw_id 0x0000020d") OLD(5, "irisc_index 1")
		OLD(6, "synd 0x7: irisc not responding") OLD(7, "ext_synd 0x0123")
		OLD(8, "raw fw_ver 0x101a0fac"), &p, &ev), 1);
	e = &ev[0];
	assert_int_equal(e->status, PRM_HEALTH_FW_ERROR);
	assert_int_equal(e->nassert_var, 5);
	assert_int_equal(e->assert_var[4], 5);
	assert_int_equal(e->assert_var[5], 0);
	assert_false(e->has_time);
	assert_false(e->has_rfr);
	assert_false(e->has_severity);
	assert_int_equal(e->irisc_index, 1);
	assert_int_equal(e->synd, 7);
	assert_string_equal(e->synd_name, "irisc not responding");
	assert_int_equal(e->ext_synd, 0x123);
	assert_string_equal(e->fw_ver, "16.26.4012");
	assert_false(e->fw_ver_mismatch);
	assert_string_equal(e->chip, "ConnectX-5");
	prm_healthlog_free(p);
}

/* the fw_ver line and raw fw_ver disagree; without the line, raw decides */
static void fw_versions(void **state)
{
	const struct prm_health_event *ev;
	struct prm_healthlog *p;

	(void)state;
	assert_int_equal(parse(
		"mlx5_core 0000:3b:00.0: fw_ver 16.26.4012\n"
		"mlx5_core 0000:3b:00.0: synd 0x1: firmware internal error\n"
		"mlx5_core 0000:3b:00.0: raw fw_ver 0x101a0fab\n"
		"mlx5_core 0000:5e:00.0: synd 0x9: firmware CRC error\n"
		"mlx5_core 0000:5e:00.0: raw fw_ver 0x1c2903e8\n", &p, &ev), 2);
	assert_true(ev[0].fw_ver_mismatch);
	assert_string_equal(ev[0].fw_ver, "16.26.4012");
	assert_false(ev[1].fw_ver_mismatch);
	assert_string_equal(ev[1].fw_ver, "28.41.1000");
	assert_string_equal(ev[1].synd_name, "firmware CRC error");
	assert_string_equal(ev[0].time, "");
	prm_healthlog_free(p);
}

/* newer kernels: "PCI slot is unavailable" instead of an all-ones buffer */
static void slot_unavailable(void **state)
{
	const struct prm_health_event *ev;
	struct prm_healthlog *p;

	(void)state;
	assert_int_equal(parse(
		"[   52.100000] mlx5_core 0000:af:00.1: poll_health:852:(pid 0): Fatal error 1 detected\n"
		"[   52.100010] mlx5_core 0000:af:00.1: print_health_info:491:(pid 0): PCI slot is unavailable\n"
		"[   52.300000] mlx5_core 0000:af:00.0: poll_health:852:(pid 0): Fatal error 1 detected\n"
		"[   52.300010] mlx5_core 0000:af:00.0: print_health_info:491:(pid 0): PCI slot is unavailable\n",
		&p, &ev), 1);
	assert_int_equal(ev[0].status, PRM_HEALTH_PCI_GONE);
	assert_string_equal(ev[0].device, "0000:af:00.1");
	assert_int_equal(ev[0].nfunctions, 2);
	assert_string_equal(ev[0].functions[1], "0000:af:00.0");
	assert_true(ev[0].slot_unavailable);
	assert_int_equal(ev[0].pci_slot, -1);
	assert_int_equal(ev[0].fatal_error, 1);
	assert_int_equal(ev[0].nreports, 2);
	prm_healthlog_free(p);
}

/* an all-ones buffer in the new format (6 vars, time, rfr, severity): gone, not synd 0xff */
static void allones_new_format(void **state)
{
	const struct prm_health_event *ev;
	struct prm_healthlog *p;

	(void)state;
	assert_int_equal(parse(
		"mlx5_core 0000:3b:00.0: Health issue observed, unrecognized error, severity(7) DEBUG:\n"
		"mlx5_core 0000:3b:00.0: assert_var[0] 0xffffffff\nmlx5_core 0000:3b:00.0: assert_var[1] 0xffffffff\n"
		"mlx5_core 0000:3b:00.0: assert_var[2] 0xffffffff\nmlx5_core 0000:3b:00.0: assert_var[3] 0xffffffff\n"
		"mlx5_core 0000:3b:00.0: assert_var[4] 0xffffffff\nmlx5_core 0000:3b:00.0: assert_var[5] 0xffffffff\n"
		"mlx5_core 0000:3b:00.0: assert_exit_ptr 0xffffffff\nmlx5_core 0000:3b:00.0: assert_callra 0xffffffff\n"
		"mlx5_core 0000:3b:00.0: fw_ver 65535.65535.65535\nmlx5_core 0000:3b:00.0: time 4294967295\n"
		"mlx5_core 0000:3b:00.0: hw_id 0xffffffff\nmlx5_core 0000:3b:00.0: rfr 1\n"
		"mlx5_core 0000:3b:00.0: severity 7 (DEBUG)\nmlx5_core 0000:3b:00.0: irisc_index 255\n"
		"mlx5_core 0000:3b:00.0: synd 0xff: unrecognized error\nmlx5_core 0000:3b:00.0: ext_synd 0xffff\n"
		"mlx5_core 0000:3b:00.0: raw fw_ver 0xffffffff\n", &p, &ev), 1);
	no_synd_ff(ev, 1);
	assert_int_equal(ev[0].status, PRM_HEALTH_PCI_GONE);
	assert_true(ev[0].buffer_allones);
	assert_int_equal(ev[0].nassert_var, 6);
	assert_false(ev[0].has_time);
	assert_false(ev[0].has_severity);
	assert_null(ev[0].severity_name);
	prm_healthlog_free(p);
}

/* ---- collectors ---- */

/* A date with a zone is a UTC time, its fraction kept; a date without one is local: none. */
static void stamp_utc(void **state)
{
	const struct prm_health_event *ev;
	struct prm_healthlog *p;

	(void)state;
	assert_int_equal(parse(
		"2025-03-17T14:07:18Z a kernel: mlx5_core 0000:3b:00.0: "
		"print_health_info:447:(pid 0): synd 0x1: firmware internal error\n"
		"2025-03-17 23:59:59,5-0100 b kernel: mlx5_core 0000:3b:00.0: "
		"print_health_info:447:(pid 0): synd 0x1: firmware internal error\n"
		"2025-03-17 14:07:18.25 c kernel: mlx5_core 0000:3b:00.0: "
		"print_health_info:447:(pid 0): synd 0x1: firmware internal error\n", &p, &ev), 3);
	assert_string_equal(ev[0].when.utc, "2025-03-17T14:07:18Z");
	assert_string_equal(ev[1].time, "2025-03-17 23:59:59,5-0100");
	assert_string_equal(ev[1].when.utc, "2025-03-18T00:59:59.5Z");
	assert_string_equal(ev[2].time, "2025-03-17 14:07:18.25");
	assert_string_equal(ev[2].when.utc, "");
	assert_false(ev[2].when.uptime);
	prm_healthlog_free(p);
}

static void journal_prefixes(void **state)
{
	const struct prm_health_event *ev;
	struct prm_healthlog *p;

	(void)state;
	assert_int_equal(parse(
		"Mar 17 14:07:18 node7 kernel: [  445.937186] mlx5_core 0000:0d:00.0: "
		"print_health_info:447:(pid 0): synd 0x8: unrecoverable hardware error\n"
		"2025-03-17T14:07:18.123456+01:00 gpu3 kernel: mlx5_core 0000:3b:00.0: "
		"print_health_info:447:(pid 0): synd 0xc: async EQ buffer overrun\n"
		"<3>[ 12.500000] mlx5_core 5e:00.0: print_health_info:447:(pid 0): synd 0x1: firmware internal error\n"
		"[Mon Mar 17 14:07:19 2025] mlx5_core 0000:86:00.0: poll_health:801:(pid 0): "
		"device's health compromised - reached miss count\n"
		"2026-10-03T05:56:38-0400 h kernel: mlx5_core 0000:61:00.0: temp_warn:171:(pid 0): "
		"High temperature on sensors with bit set 0 8000000000000001\n", &p, &ev), 5);
	assert_string_equal(ev[0].host, "node7");
	assert_string_equal(ev[0].time, "Mar 17 14:07:18");
	assert_int_equal(ev[0].synd, 8);
	assert_string_equal(ev[1].host, "gpu3");
	assert_string_equal(ev[1].time, "2025-03-17T14:07:18.123456+01:00");
	assert_int_equal(ev[1].synd, 0xc);
	assert_string_equal(ev[2].device, "0000:5e:00.0");	/* domain added */
	assert_string_equal(ev[2].time, "12.500000");
	assert_string_equal(ev[3].time, "Mon Mar 17 14:07:19 2025");
	assert_int_equal(ev[3].status, PRM_HEALTH_FW_UNRESPONSIVE);
	assert_string_equal(ev[4].host, "h");
	assert_string_equal(ev[4].time, "2026-10-03T05:56:38-0400");
	assert_int_equal(ev[4].status, PRM_HEALTH_THERMAL);
	/* what each stamp says: a syslog date has no year, dmesg -T no zone */
	assert_false(ev[0].when.uptime);
	assert_string_equal(ev[0].when.utc, "");
	assert_false(ev[1].when.uptime);
	assert_string_equal(ev[1].when.utc, "2025-03-17T13:07:18.123456Z");
	assert_true(ev[2].when.uptime);
	assert_string_equal(ev[2].when.utc, "");
	assert_false(ev[3].when.uptime);
	assert_string_equal(ev[3].when.utc, "");
	assert_string_equal(ev[4].when.utc, "2026-10-03T09:56:38Z");
	prm_healthlog_free(p);
}

/* pdsh: same address on two hosts is two devices */
static void pdsh_hosts(void **state)
{
	const struct prm_health_event *ev;
	struct prm_healthlog *p;

	(void)state;
	assert_int_equal(parse(
		"b1360: [14280.445220] mlx5_core 0000:61:00.0: wait_func_handle_exec_timeout:1104:(pid 141183): "
		"cmd[22]: CREATE_DCT(0x710) No done completion\n"
		"b1361: [14280.445221] mlx5_core 0000:61:00.0: wait_func:1132:(pid 141181): "
		"CREATE_DCT(0x710) timeout. Will cause a leak of a command resource\n"
		"b1360: [14280.445226] mlx5_core 0000:61:00.0: wait_func:1132:(pid 141181): "
		"CREATE_DCT(0x710) timeout. Will cause a leak of a command resource\n", &p, &ev), 2);
	assert_string_equal(ev[0].host, "b1360");
	assert_int_equal(ev[0].status, PRM_HEALTH_CMD_TIMEOUT);
	assert_int_equal(ev[0].ncmd_timeouts, 2);
	assert_string_equal(ev[0].cmd_name, "CREATE_DCT");
	assert_int_equal(ev[0].cmd_opcode, 0x710);
	assert_string_equal(ev[0].time, "14280.445220");
	assert_string_equal(ev[1].host, "b1361");
	assert_int_equal(ev[1].ncmd_timeouts, 1);
	prm_healthlog_free(p);
}

/* a quoted mail whose client wrapped the lines: prefix, pid and message parts */
static void mail_wrapped(void **state)
{
	const struct prm_health_event *ev;
	struct prm_healthlog *p;

	(void)state;
	assert_int_equal(parse(
		"> > [  257.111349] mlx5_core 0000:56:00.0: \n"
		"> > wait_func_handle_exec_timeout:1159:(pid 72061): cmd[0]: \n"
		"> > ACCESS_REG(0x805) No done completion\n"
		"> > [  257.137072] mlx5_core 0000:56:00.0: wait_func:1189:(pid 72061): \n"
		"> > ACCESS_REG(0x805) timeout. Will cause a leak of a command resource\n"
		"> > [  270.871521] mlx5_core 0000:56:00.0: mlx5_cmd_comp_handler:1709:(pid \n"
		"> > 0): Command completion arrived after timeout (entry idx = 0).\n"
		"> [  300.000001] mlx5_core 0000:57:00.0: print_health_info:431:(pid 0): Health issue\n"
		"> observed, firmware internal error, severity(2) CRITICAL:\n"
		"> [  300.000002] mlx5_core 0000:57:00.0: print_health_info:447:(pid 0): synd\n"
		"> 0x1: firmware internal error\n"
		"> [  300.000003] mlx5_core 0000:57:00.0: print_health_info:449:(pid 0): ext_synd\n"
		"> 0x8f7a\n"
		"> [  300.000004] mlx5_core 0000:57:00.0: poll_health:801:(pid 0): device's health compromised -\n"
		"> reached miss count\n"
		/* a cut line, then the reply's own text: not its continuation */
		"> [  400.000000] mlx5_core 0000:58:00.0: print_health_info:449:(pid 0): ext_synd\n"
		"0x1234 looks odd to me\n", &p, &ev), 2);
	assert_int_equal(ev[0].status, PRM_HEALTH_CMD_TIMEOUT);
	assert_string_equal(ev[0].device, "0000:56:00.0");
	assert_string_equal(ev[0].time, "257.111349");
	assert_int_equal(ev[0].ncmd_timeouts, 2);
	assert_string_equal(ev[0].cmd_name, "ACCESS_REG");
	assert_int_equal(ev[0].cmd_opcode, 0x805);
	assert_string_equal(ev[0].detail,
			    "cmd[0]: ACCESS_REG(0x805) No done completion; "
			    "ACCESS_REG(0x805) timeout. Will cause a leak of a command resource; "
			    "Command completion arrived after timeout (entry idx = 0).");
	assert_int_equal(ev[1].status, PRM_HEALTH_FW_ERROR);
	assert_int_equal(ev[1].severity, 2);
	assert_string_equal(ev[1].severity_name, "CRITICAL");
	assert_int_equal(ev[1].synd, 1);
	assert_int_equal(ev[1].ext_synd, 0x8f7a);
	assert_string_equal(ev[1].detail, "device's health compromised - reached miss count");
	prm_healthlog_free(p);
}

/* a long collector prefix wrapped off its message */
static void stamp_wrapped(void **state)
{
	const struct prm_health_event *ev;
	struct prm_healthlog *p;

	(void)state;
	assert_int_equal(parse(
		"2025-03-17T14:07:18.123456+01:00 gpu-node-0123.example.com kernel:\n"
		"mlx5_core 0000:3b:00.0: poll_health:801:(pid 0): device's health compromised - reached miss count\n"
		"mlx5_core 0000:3b:00.1: poll_health:801:(pid 0): device's health compromised - reached miss count\n",
		&p, &ev), 2);
	assert_string_equal(ev[0].time, "2025-03-17T14:07:18.123456+01:00");
	assert_string_equal(ev[0].host, "gpu-node-0123.example.com");
	assert_int_equal(ev[0].line, 2);
	/* the next line has neither: another machine as far as we can tell */
	assert_string_equal(ev[1].host, "");
	assert_string_equal(ev[1].time, "");
	prm_healthlog_free(p);
}

/* a header cut (0x0b's name ends in a newline), no synd line: the header names it */
static void header_names_synd(void **state)
{
	const struct prm_health_event *ev;
	struct prm_healthlog *p;

	(void)state;
	assert_int_equal(parse(
		"[ 9.1] mlx5_core 0000:3b:00.0: print_health_info:431:(pid 0): Health issue observed, HW fatal error\n"
		", severity(3) ERROR:\n"
		"[ 9.2] mlx5_core 0000:3b:00.0: print_health_info:449:(pid 0): ext_synd 0x0042\n", &p, &ev), 1);
	assert_int_equal(ev[0].status, PRM_HEALTH_FW_ERROR);
	assert_true(ev[0].has_synd);
	assert_int_equal(ev[0].synd, 0x0b);
	assert_int_equal(ev[0].severity, 3);
	assert_int_equal(ev[0].ext_synd, 0x42);
	prm_healthlog_free(p);
}

/* ---- classes ---- */

static void miss_count_only(void **state)
{
	const struct prm_health_event *ev;
	struct prm_healthlog *p;

	(void)state;
	assert_int_equal(parse(
		"[ 17.982092] mlx5_core 0000:41:00.0: poll_health:852:(pid 0): "
		"device's health compromised - reached miss count\n"
		"[ 17.982100] mlx5_core 0000:41:00.0: mlx5_error_sw_reset:252:(pid 3): NIC IFC still 3 after 2000ms.\n",
		&p, &ev), 1);
	assert_int_equal(ev[0].status, PRM_HEALTH_FW_UNRESPONSIVE);
	assert_string_equal(prm_health_status_name(ev[0].status), "fw_unresponsive");
	assert_false(ev[0].has_buffer);
	assert_string_equal(ev[0].detail, "device's health compromised - reached miss count; "
					  "NIC IFC still 3 after 2000ms.");
	prm_healthlog_free(p);
}

#define TH(t, m) "Mar 17 14:" t " node7 kernel: mlx5_core 0000:41:00.0: print_health_info:410:(pid 0): " m "\n"

static void thermal(void **state)
{
	const struct prm_health_event *ev;
	struct prm_healthlog *p;

	(void)state;
	assert_int_equal(parse(
		"Mar 17 14:07:10 node7 kernel: mlx5_core 0000:41:00.1: temp_warn:170:(pid 0): "
		"High temperature on sensors with bit set 0 1\n"
		"Mar 17 14:07:10 node7 kernel: mlx5_core 0000:41:00.0: temp_warn:170:(pid 0): "
		"High temperature on sensors with bit set 0 1\n"
		"Mar 17 14:08:30 node7 kernel: mlx5_core 0000:41:00.0: poll_health:471:(pid 0): "
		"device's health compromised - reached miss count\n"
		TH("08:30", "assert_var[0] 0x00000073") TH("08:30", "hw_id 0x0000020d")
		TH("08:30", "synd 0x10: High temperature") TH("08:30", "ext_synd 0x0000")
		"Mar 17 14:08:31 node7 kernel: mlx5_core 0000:41:00.1: poll_health:471:(pid 0): "
		"device's health compromised - reached miss count\n"
		"Mar 17 18:00:00 node7 kernel: mlx5_core 0000:86:00.0: temp_warn:171:(pid 0): "
		"High temperature on sensors with bit set 0x0 0x8000000000000001.\n", &p, &ev), 2);
	assert_int_equal(ev[0].status, PRM_HEALTH_THERMAL);
	assert_string_equal(ev[0].device, "0000:41:00.1");
	assert_int_equal(ev[0].nfunctions, 2);
	assert_string_equal(ev[0].functions[1], "0000:41:00.0");
	assert_int_equal(ev[0].synd, 0x10);
	assert_string_equal(ev[0].synd_name, "High temperature");
	assert_string_equal(ev[0].chip, "ConnectX-5");
	assert_string_equal(ev[0].time, "Mar 17 14:07:10");
	assert_int_equal(ev[1].status, PRM_HEALTH_THERMAL);
	assert_string_equal(ev[1].device, "0000:86:00.0");
	assert_false(ev[1].has_buffer);
	prm_healthlog_free(p);
}

#define A(m) "mlx5_core 0000:3b:00.0: print_health_info:440:(pid 0): " m "\n"
#define B(m) "mlx5_core 0000:af:00.0: print_health_info:440:(pid 0): " m "\n"

/* two adapters failing at once, their lines interleaved */
static void interleaved(void **state)
{
	const struct prm_health_event *ev;
	struct prm_healthlog *p;

	(void)state;
	assert_int_equal(parse(
		A("Health issue observed, firmware internal error, severity(3) ERROR:")
		B("Health issue observed, unrecoverable hardware error, severity(2) CRITICAL:")
		A("assert_var[0] 0x0000aaaa") B("assert_var[0] 0x0000bbbb")
		A("fw_ver 22.44.1036") B("fw_ver 28.41.1000")
		A("time 1742220438") B("time 1742220440")
		A("hw_id 0x00000212") B("hw_id 0x00000218")
		A("synd 0x1: firmware internal error") B("synd 0x8: unrecoverable hardware error")
		A("ext_synd 0x8f7a") B("ext_synd 0x0001"), &p, &ev), 2);
	assert_string_equal(ev[0].device, "0000:3b:00.0");
	assert_int_equal(ev[0].nfunctions, 1);
	assert_int_equal(ev[0].assert_var[0], 0xaaaa);
	assert_string_equal(ev[0].fw_ver, "22.44.1036");
	assert_int_equal(ev[0].synd, 1);
	assert_int_equal(ev[0].severity, 3);
	assert_int_equal(ev[0].ext_synd, 0x8f7a);
	assert_string_equal(ev[1].device, "0000:af:00.0");
	assert_int_equal(ev[1].assert_var[0], 0xbbbb);
	assert_string_equal(ev[1].fw_ver, "28.41.1000");
	assert_int_equal(ev[1].fw_time, 1742220440u);
	assert_int_equal(ev[1].hw_id, 0x218);
	assert_int_equal(ev[1].synd, 8);
	assert_int_equal(ev[1].severity, 2);
	assert_int_equal(ev[1].ext_synd, 1);
	prm_healthlog_free(p);
}

#define R(t, d, m) "[" t "] mlx5_core " d ": print_health_info:440:(pid 0): " m "\n"

/* grouping: equal buffers across slots (same firmware time), not different ones */
static void grouping(void **state)
{
	const struct prm_health_event *ev;
	struct prm_healthlog *p;

	(void)state;
	assert_int_equal(parse(
		/* one chip seen on two buses (multi-host / socket direct) */
		R("10.0", "0000:3b:00.0", "synd 0x1: firmware internal error")
		R("10.0", "0000:3b:00.0", "ext_synd 0x0007") R("10.0", "0000:3b:00.0", "time 1000")
		R("10.0", "0000:3b:00.0", "hw_id 0x00000212")
		R("10.5", "0000:86:00.0", "synd 0x1: firmware internal error")
		R("10.5", "0000:86:00.0", "ext_synd 0x0007") R("10.5", "0000:86:00.0", "time 1000")
		R("10.5", "0000:86:00.0", "hw_id 0x00000212")
		/* the other function of 3b:00: same syndrome, another ext_synd */
		R("11.0", "0000:3b:00.1", "synd 0x1: firmware internal error")
		R("11.0", "0000:3b:00.1", "ext_synd 0x0008") R("11.0", "0000:3b:00.1", "time 1000")
		/* 3b:00.0 again an hour later: a new incident */
		R("3611.0", "0000:3b:00.0", "synd 0x1: firmware internal error")
		R("3611.0", "0000:3b:00.0", "ext_synd 0x0007") R("3611.0", "0000:3b:00.0", "time 1000")
		/* equal but for the firmware time, on another bus: another chip */
		R("3611.5", "0000:d8:00.0", "synd 0x1: firmware internal error")
		R("3611.5", "0000:d8:00.0", "ext_synd 0x0007") R("3611.5", "0000:d8:00.0", "time 1001"),
		&p, &ev), 4);
	assert_int_equal(ev[0].nfunctions, 2);
	assert_string_equal(ev[0].functions[1], "0000:86:00.0");
	assert_int_equal(ev[0].ext_synd, 7);
	assert_int_equal(ev[1].nfunctions, 1);
	assert_string_equal(ev[1].device, "0000:3b:00.1");
	assert_int_equal(ev[1].ext_synd, 8);
	assert_string_equal(ev[2].device, "0000:3b:00.0");
	assert_string_equal(ev[2].time, "3611.0");
	assert_int_equal(ev[2].nfunctions, 1);
	assert_string_equal(ev[3].device, "0000:d8:00.0");
	assert_int_equal(ev[3].fw_time, 1001);
	prm_healthlog_free(p);
}

/* a function's report printed twice (miss count, then the syndrome path) is one event */
static void repeated_report(void **state)
{
	const struct prm_health_event *ev;
	struct prm_healthlog *p;

	(void)state;
	assert_int_equal(parse(
		R("20.0", "0000:3b:00.0", "synd 0x1: firmware internal error")
		R("20.0", "0000:3b:00.0", "ext_synd 0x0007")
		R("22.0", "0000:3b:00.0", "synd 0x1: firmware internal error")
		R("22.0", "0000:3b:00.0", "ext_synd 0x0007")
		/* the machine rebooted, the same failure 2 s into its uptime again: another event */
		"[    0.000000] Linux version 6.12.0\n"
		R("21.0", "0000:3b:00.0", "synd 0x1: firmware internal error")
		R("21.0", "0000:3b:00.0", "ext_synd 0x0007"), &p, &ev), 2);
	assert_int_equal(ev[0].nfunctions, 1);
	assert_int_equal(ev[0].nreports, 2);
	assert_int_equal(ev[1].nreports, 1);
	assert_int_equal(ev[1].line, 6);
	prm_healthlog_free(p);
}

/* ---- robustness ---- */

static void junk(void **state)
{
	static const char nul[] = "mlx5_core 0000:3b:00.0: synd 0x1:\0firmware internal error";
	const struct prm_health_event *ev;
	struct prm_healthlog *p;
	struct prm_healthlog_stats st;
	struct prm_err err = { 0 };
	char *big = malloc(100000);
	size_t n;

	(void)state;
	assert_non_null(big);
	p = prm_healthlog_new(&err);
	assert_non_null(p);
	memset(big, 'x', 100000);
	memcpy(big, "mlx5_core 0000:3b:00.0: ", 24);
	prm_healthlog_line(p, big, 100000);
	prm_healthlog_line(p, "", 0);
	prm_healthlog_line(p, NULL, 0);
	prm_healthlog_line(p, "mlx5_core", 9);
	prm_healthlog_line(p, "mlx5_core 0000:3b:20.0: synd 0x1: x", 35);	/* device 0x20: no */
	prm_healthlog_line(p, "mlx5_core 0000:3b:00.0: assert_var[9] 0x1", 41);
	prm_healthlog_line(p, "[ 1.0] mlx5_core 0000:3b:00.0: time", 36);	/* cut, never continued */
	prm_healthlog_line(p, nul, sizeof(nul) - 1);
	n = prm_healthlog_events(p, &ev);
	assert_int_equal(n, 1);
	assert_int_equal(ev[0].synd, 1);
	assert_false(ev[0].has_time);
	assert_int_equal(prm_healthlog_events(p, &ev), 1);	/* again: the same */
	prm_healthlog_stats(p, &st);
	assert_int_equal(st.lines, 8);
	free(big);
	prm_healthlog_free(p);
	prm_healthlog_free(NULL);
}

/* more incidents than kept: bounded, counted */
static void bounded(void **state)
{
	const struct prm_health_event *ev;
	struct prm_healthlog *p;
	struct prm_healthlog_stats st;
	struct prm_err err = { 0 };
	char line[128];

	(void)state;
	p = prm_healthlog_new(&err);
	assert_non_null(p);
	for (int i = 0; i < PRM_HEALTHLOG_MAX_EVENTS + 10; i++) {
		snprintf(line, sizeof(line), "[%d.0] mlx5_core 0000:3b:00.0: synd 0x1: firmware internal error",
			 i * 1000);
		prm_healthlog_line(p, line, strlen(line));
	}
	assert_int_equal(prm_healthlog_events(p, &ev), PRM_HEALTHLOG_MAX_EVENTS);
	prm_healthlog_stats(p, &st);
	assert_int_equal(st.dropped, 10);
	prm_healthlog_free(p);
}

/* ---- the upstream port's lines (healthlog.h, "Ports") ---- */

#define PORT(t, drv, port, m) "[" t "] " drv " " port ": " m "\n"

static char *file_text(const char *name)
{
	char path[512];
	static char buf[65536];
	size_t n;
	FILE *f;

	snprintf(path, sizeof(path), FIXTURES "%s", name);
	f = fopen(path, "r");
	assert_non_null(f);
	n = fread(buf, 1, sizeof(buf) - 1, f);
	fclose(f);
	buf[n] = '\0';
	return buf;
}

/* the DPC log as it is: nothing in it proves 0004:00:00.0 is above 0004:01:00.x */
static void port_unproven(void **state)
{
	const struct prm_health_event *ev, *pe;
	struct prm_healthlog *p;

	(void)state;
	assert_int_equal(parse_file("cx5-dpc-slot-unavailable.log", &p, &ev), 1);
	assert_false(ev[0].has_port);
	assert_int_equal(prm_healthlog_port_events(p, &pe), 1);
	assert_string_equal(pe[0].device, "0004:00:00.0");
	assert_int_equal(pe[0].status, PRM_HEALTH_PCI_GONE);
	assert_true(pe[0].port_only && pe[0].has_port && pe[0].port_link_lost);
	assert_null(pe[0].port_mapping);
	assert_int_equal(pe[0].nport_below, 2);
	assert_string_equal(pe[0].port_below[0], "0004:01:00.0");
	assert_string_equal(pe[0].port_below[1], "0004:01:00.1");
	assert_int_equal(pe[0].port_lines, 5);
	assert_int_equal(pe[0].line, 1);
	assert_string_equal(pe[0].time, "81.012463");
	assert_true(pe[0].when.uptime);
	assert_non_null(strstr(pe[0].port_detail, "DPC: containment event"));
	assert_non_null(strstr(pe[0].port_detail, "pciehp: Slot(41): Link Down"));
	assert_non_null(strstr(pe[0].port_detail, "AER: device recovery failed"));
	prm_healthlog_free(p);
}

/* the same log after the boot's enumeration line: the port's buses are 01-02 */
static void port_bridge(void **state)
{
	const struct prm_health_event *ev, *pe;
	struct prm_healthlog *p;
	char text[70000];

	(void)state;
	snprintf(text, sizeof(text), "%s%s",
		 PORT("1.500000", "pci", "0004:00:00.0", "PCI bridge to [bus 01-02]"),
		 file_text("cx5-dpc-slot-unavailable.log"));
	assert_int_equal(parse(text, &p, &ev), 1);
	assert_int_equal(prm_healthlog_port_events(p, &pe), 0);
	assert_string_equal(ev[0].device, "0004:01:00.0");
	assert_int_equal(ev[0].status, PRM_HEALTH_PCI_GONE);
	assert_true(ev[0].has_port && !ev[0].port_only && ev[0].port_link_lost);
	assert_string_equal(ev[0].port, "0004:00:00.0");
	assert_string_equal(ev[0].port_mapping, "bridge");
	assert_int_equal(ev[0].port_lines, 5);
	assert_int_equal(ev[0].port_line, 2);
	assert_string_equal(ev[0].port_time, "81.012463");
	assert_true(ev[0].port_when.uptime);
	assert_string_equal(ev[0].port_when.utc, "");
	/* the mlx5 event itself is as it was */
	assert_int_equal(ev[0].nfunctions, 2);
	assert_null(strstr(ev[0].detail, "DPC"));
	prm_healthlog_free(p);

	/* a bus range that is not theirs: the lines are another device's */
	snprintf(text, sizeof(text), "%s%s",
		 PORT("1.500000", "pci", "0004:00:00.0", "PCI bridge to [bus 05]"),
		 file_text("cx5-dpc-slot-unavailable.log"));
	assert_int_equal(parse(text, &p, &ev), 1);
	assert_false(ev[0].has_port);
	assert_int_equal(prm_healthlog_port_events(p, &pe), 0);
	prm_healthlog_free(p);
}

static void port_aer(void **state)
{
	const struct prm_health_event *ev, *pe;
	struct prm_healthlog *p;

	(void)state;
	assert_int_equal(parse(
		/* 3b:00.0 fails twice, an hour apart; the AER report is the second's */
		R("100.0", "0000:3b:00.0", "synd 0x1: firmware internal error")
		R("3700.0", "0000:3b:00.0", "synd 0x1: firmware internal error")
		PORT("3700.2", "pcieport", "0000:3a:00.0",
		     "AER: Uncorrected (Fatal) error received: 0000:3b:00.0")
		PORT("3700.2", "pcieport", "0000:3a:00.0",
		     "PCIe Bus Error: severity=Uncorrected (Fatal), type=Transaction Layer, (Receiver ID)")
		PORT("3700.2", "pcieport", "0000:3a:00.0",
		     "  device [8086:2030] error status/mask=00000020/00000000")
		/* another port, another device: corrected only, nothing of ours */
		PORT("3800.0", "pcieport", "0000:5d:00.0",
		     "AER: Corrected error received: 0000:5e:00.0")
		/* kernel 6.x wording and the old id= form, both about 0000:86:00.x */
		R("5000.0", "0000:86:00.1", "synd 0x1: firmware internal error")
		PORT("5000.5", "pcieport", "0000:85:00.0",
		     "AER: Correctable error message received from 0000:86:00.0")
		R("9000.0", "0000:d8:00.0", "synd 0x1: firmware internal error")
		PORT("9000.5", "aer", "0000:d7:00.0:pcie002", "AER: Multiple Uncorrected (Non-Fatal) "
		     "error received: id=d801"),
		&p, &ev), 4);
	assert_false(ev[0].has_port);
	assert_true(ev[1].has_port);
	assert_string_equal(ev[1].port, "0000:3a:00.0");
	assert_string_equal(ev[1].port_mapping, "aer");
	assert_string_equal(ev[1].port_aer_device, "0000:3b:00.0");
	assert_true(ev[1].port_link_lost);
	assert_int_equal(ev[1].port_lines, 2);		/* the status/mask detail is not kept */
	assert_int_equal(ev[1].status, PRM_HEALTH_FW_ERROR);	/* a real syndrome stays the class */
	assert_true(ev[2].has_port);
	assert_string_equal(ev[2].port_aer_device, "0000:86:00.0");
	assert_false(ev[2].port_link_lost);
	assert_true(ev[3].has_port);
	assert_string_equal(ev[3].port, "0000:d7:00.0");
	assert_string_equal(ev[3].port_aer_device, "0000:d8:00.1");
	assert_int_equal(prm_healthlog_port_events(p, &pe), 0);
	prm_healthlog_free(p);
}

/* proven below, no health report of its own: a port event for the mlx5 function */
static void port_only_proven(void **state)
{
	const struct prm_health_event *ev, *pe;
	struct prm_healthlog *p;

	(void)state;
	assert_int_equal(parse(
		PORT("1.0", "pci", "0000:3a:00.0", "PCI bridge to [bus 3b]")
		"[    5.0] mlx5_core 0000:3b:00.0: firmware version: 22.44.1036\n"
		"[    5.1] mlx5_core 0000:3b:00.1: firmware version: 22.44.1036\n"
		PORT("900.0", "pcieport", "0000:3a:00.0", "pciehp: Slot(7): Link Down")
		/* a link down under a port with no mlx5 function below it: not ours */
		PORT("901.0", "pcieport", "0000:5d:00.0", "DPC: containment event, status:0x1f01")
		PORT("901.0", "pci", "0000:5d:00.0", "PCI bridge to [bus 5e]"),
		&p, &ev), 0);
	assert_int_equal(prm_healthlog_port_events(p, &pe), 1);
	assert_string_equal(pe[0].device, "0000:3b:00.0");
	assert_int_equal(pe[0].nfunctions, 2);
	assert_string_equal(pe[0].functions[1], "0000:3b:00.1");
	assert_string_equal(pe[0].port_mapping, "bridge");
	assert_true(pe[0].port_only);
	assert_int_equal(pe[0].status, PRM_HEALTH_PCI_GONE);
	assert_string_equal(pe[0].time, "900.0");
	prm_healthlog_free(p);
}

static void fw_time_iso(void **state)
{
	const struct prm_health_event *ev;
	struct prm_healthlog *p;

	(void)state;
	assert_int_equal(parse_file("cx6dx-fw-assert-synd1.log", &p, &ev), 1);
	assert_string_equal(ev[0].fw_time_iso, "2025-03-17T14:07:18Z");
	assert_string_equal(ev[0].fw_ver, "22.44.1036");
	assert_string_equal(ev[0].chip, "ConnectX-6 Dx");
	prm_healthlog_free(p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(stamp_utc),
		cmocka_unit_test(fixture_cx6dx_assert),
		cmocka_unit_test(fixture_vf_allones),
		cmocka_unit_test(fixture_dpc),
		cmocka_unit_test(old_format),
		cmocka_unit_test(fw_versions),
		cmocka_unit_test(slot_unavailable),
		cmocka_unit_test(allones_new_format),
		cmocka_unit_test(journal_prefixes),
		cmocka_unit_test(pdsh_hosts),
		cmocka_unit_test(mail_wrapped),
		cmocka_unit_test(stamp_wrapped),
		cmocka_unit_test(header_names_synd),
		cmocka_unit_test(miss_count_only),
		cmocka_unit_test(thermal),
		cmocka_unit_test(interleaved),
		cmocka_unit_test(grouping),
		cmocka_unit_test(repeated_report),
		cmocka_unit_test(junk),
		cmocka_unit_test(bounded),
		cmocka_unit_test(port_unproven),
		cmocka_unit_test(port_bridge),
		cmocka_unit_test(port_aer),
		cmocka_unit_test(port_only_proven),
		cmocka_unit_test(fw_time_iso),
	};

	return cmocka_run_group_tests_name("healthlog", tests, NULL, NULL);
}
