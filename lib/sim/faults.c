// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* Faults on demand: what goes wrong with real adapters, made to happen. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "lib/prm/caps.h"
#include "lib/prm/cmdinfo.h"
#include "lib/prm/names.h"
#include "lib/prm/pcilink.h"
#include "lib/sim/fwcmd.h"
#include "lib/sim/internal.h"
#include "lib/sim/tracer.h"
#include "lib/util/match.h"
#include "lib/util/units.h"

static const char *const names[SIM_NFAULTS] = {
	[SIM_FAULT_HEALTH_STALL] = "health-stall",
	[SIM_FAULT_FW_ASSERT] = "fw-assert",
	[SIM_FAULT_THERMAL] = "thermal",
	[SIM_FAULT_DEVICE_GONE] = "device-gone",
	[SIM_FAULT_SEM_HELD] = "sem-held",
	[SIM_FAULT_ICMD_BUSY] = "icmd-busy",
	[SIM_FAULT_CMD_HANG] = "cmd-hang",
	[SIM_FAULT_CMD_SLOW] = "cmd-slow",
	[SIM_FAULT_CMD_STATUS] = "cmd-status",
	[SIM_FAULT_CMD_BAD_SIGNATURE] = "cmd-bad-signature",
	[SIM_FAULT_CAP] = "cap",
	[SIM_FAULT_TRACER_STEAL] = "tracer-steal",
	[SIM_FAULT_RING_OVERRUN] = "ring-overrun",
	[SIM_FAULT_ESW] = "esw",
	[SIM_FAULT_DCT_KEY_VIOLATION] = "dct-key-violation",
	[SIM_FAULT_DCT_DRAIN_STUCK] = "dct-drain-stuck",
	[SIM_FAULT_LINK_DEGRADED] = "link-degraded",
	[SIM_FAULT_PAGE_REQUEST] = "page-request",
};

/* Arguments each fault takes, for messages ("" for none). */
static const char *const usage[SIM_NFAULTS] = {
	[SIM_FAULT_FW_ASSERT] = "[:synd=N,ext_synd=N,severity=N,irisc=N,rfr=0|1]",
	[SIM_FAULT_CMD_HANG] = ":OPCODE",
	[SIM_FAULT_CMD_SLOW] = ":OPCODE,MS",
	[SIM_FAULT_CMD_STATUS] = ":OPCODE,STATUS,SYNDROME",
	[SIM_FAULT_CAP] = ":PAGE.FIELD=VALUE",
	[SIM_FAULT_ESW] = ":pf-disable|pf-enable|num-vfs=N|sf-add=N|sf-del=N",
	[SIM_FAULT_DCT_KEY_VIOLATION] = ":DCTN",
	[SIM_FAULT_LINK_DEGRADED] = "[:width=N,speed=GT]",
	[SIM_FAULT_PAGE_REQUEST] = ":PAGES",
};

/* The ticket a foreign holder of the gateway semaphore shows. */
#define FOREIGN_TICKET 0x5eed

const char *sim_fault_name(enum sim_fault f)
{
	return f < SIM_NFAULTS ? names[f] : "?";
}

static const char *op_name(uint16_t op, char *buf, size_t sz)
{
	const char *n = prm_name_of(&prm_cmd_opcode_names, op);

	if (n)
		return n;
	snprintf(buf, sz, "0x%x", op);
	return buf;
}

void sim_fault_describe(struct sim_adapter *a, enum sim_fault f, char *buf, size_t sz)
{
	char op[16];

	switch (f) {
	case SIM_FAULT_CMD_HANG:
		snprintf(buf, sz, "%s:%s", names[f], op_name(a->fault_hang_op, op, sizeof(op)));
		break;
	case SIM_FAULT_CMD_SLOW:
		snprintf(buf, sz, "%s:%s %u", names[f], op_name(a->fault_slow_op, op, sizeof(op)),
			 a->fault_slow_ms);
		break;
	case SIM_FAULT_CMD_STATUS:
		snprintf(buf, sz, "%s:%s 0x%x 0x%x", names[f],
			 op_name(a->fault_status_op, op, sizeof(op)), a->fault_status,
			 a->fault_syndrome);
		break;
	case SIM_FAULT_CAP: {
		size_t used = 0;

		buf[0] = '\0';
		for (size_t i = 0; i < a->ncap_over && used < sz; i++) {
			const struct prm_cap_page *p = prm_cap_page_by_type(a->cap_over[i].cap_type);

			used += (size_t)snprintf(buf + used, sz - used, "%scap:%s.%s=0x%llx",
						 i ? "," : "", p ? p->name : "?", a->cap_over[i].field,
						 (unsigned long long)a->cap_over[i].value);
		}
		break;
	}
	case SIM_FAULT_LINK_DEGRADED:
		snprintf(buf, sz, "%s:width=%u speed=%g", names[f], a->fault_link_width,
			 prm_pci_speed_gts(a->fault_link_speed));
		break;
	default:
		snprintf(buf, sz, "%s", sim_fault_name(f));
	}
}

const char *sim_fault_list(void)
{
	static char list[256];

	if (!list[0])
		for (int i = 0; i < SIM_NFAULTS; i++)
			snprintf(list + strlen(list), sizeof(list) - strlen(list), "%s%s",
				 i ? ", " : "", names[i]);
	return list;
}

/* "; did you mean 'x'?" for an unknown fault name, or "" when none is close. */
static const char *fault_hint(const char *word, size_t len, char *buf, size_t sz)
{
	struct match_set set = { names, SIM_NFAULTS, sizeof(names[0]) };
	char w[64];

	snprintf(w, sizeof(w), "%.*s", (int)len, word);
	return match_hint(&set, w, buf, sz);
}

/* An opcode by number or by name, from the first len bytes of s. */
static int opcode_arg(const char *s, size_t len, uint16_t *op)
{
	char word[64];

	if (len >= sizeof(word))
		return -1;
	memcpy(word, s, len);
	word[len] = '\0';
	return prm_cmd_opcode_parse(word, op);
}

/* "OPCODE[,N[,N]]" with commas or spaces; want numbers after the opcode. */
static int cmd_args(int f, const char *s, uint16_t *op, uint64_t *nums, int want,
		    const uint64_t *max, struct prm_err *err)
{
	size_t len = strcspn(s, ", ");
	int got = 0;

	if (!len || opcode_arg(s, len, op)) {
		char w[64];
		const char *close;

		snprintf(w, sizeof(w), "%.*s", (int)len, s);
		close = len ? prm_cmd_opcode_suggest(w) : NULL;
		return prm_err_set(err, PRM_E_USAGE, EINVAL, "bad_fault",
				   "%s: '%.*s' is not a command%s%s%s (an opcode or a name such as QUERY_HCA_CAP); usage %s%s",
				   names[f], (int)len, s, close ? "; did you mean '" : "",
				   close ? close : "", close ? "'?" : "", names[f], usage[f]);
	}
	for (s += len; *s; got++) {
		char *end;

		s += strspn(s, ", ");
		if (!*s)
			break;
		errno = 0;
		if (f == SIM_FAULT_CMD_SLOW && got < want) {	/* a duration, as every option's */
			char tok[32];
			size_t n = strcspn(s, ", ");

			snprintf(tok, sizeof(tok), "%.*s", (int)n, s);
			end = (char *)s + n;
			if (n >= sizeof(tok) || units_duration_ms_in(tok, 1, &nums[got]))
				nums[got] = UINT64_MAX;
		} else if (got < want) {
			nums[got] = strtoull(s, &end, 0);
		}
		if (got < want && !errno && end != s && (!*end || *end == ',' || *end == ' ') &&
		    nums[got] != UINT64_MAX && nums[got] > max[got])
			return prm_err_set(err, PRM_E_USAGE, ERANGE, "bad_fault",
					   "%s: '%.*s' is out of range (at most %llu%s); usage %s%s",
					   names[f], (int)strcspn(s, ", "), s,
					   (unsigned long long)max[got],
					   f == SIM_FAULT_CMD_SLOW ? " ms" : "", names[f], usage[f]);
		if (got == want || errno || end == s ||
		    (*end && *end != ',' && *end != ' ') || nums[got] > max[got])
			return prm_err_set(err, PRM_E_USAGE, EINVAL, "bad_fault",
					   "%s: bad argument '%.*s'; usage %s%s", names[f],
					   (int)strcspn(s, ", "), s, names[f], usage[f]);
		s = end;
	}
	if (got < want)
		return prm_err_set(err, PRM_E_USAGE, EINVAL, "bad_fault",
				   "%s: missing arguments; usage %s%s", names[f], names[f], usage[f]);
	return 0;
}

static int find(const char *name, size_t len)
{
	for (int i = 0; i < SIM_NFAULTS; i++)
		if (strlen(names[i]) == len && strncmp(names[i], name, len) == 0)
			return i;
	return -1;
}

struct assert_args {
	uint64_t synd, ext_synd, severity, irisc, rfr;
	uint16_t opcode;
	uint64_t n[2];		/* cmd-slow: ms; cmd-status: status, syndrome */
	uint8_t link_speed, link_width;	/* link-degraded */
};

/*
 * "width=N,speed=GT" (also space-separated): lanes a link trains at
 * (1, 2, 4, 8, 12, 16, 32) and a rate in GT/s (2.5, 5, 8, 16, 32, 64),
 * neither above the model's and not both at it.
 */
static int link_args(const struct sim_model *m, const char *s, struct assert_args *aa,
		     struct prm_err *err)
{
	while (s && *s) {
		size_t klen = strcspn(s, "=, "), vlen;
		bool width = klen == 5 && !strncmp(s, "width", 5);
		bool speed = klen == 5 && !strncmp(s, "speed", 5);
		char *end;
		double v;

		if ((!width && !speed) || s[klen] != '=')
			return prm_err_set(err, PRM_E_USAGE, EINVAL, "bad_fault",
					   "link-degraded: unknown argument '%.*s' (width=N, speed=GT)",
					   (int)strcspn(s, ", "), s);
		errno = 0;
		v = strtod(s + klen + 1, &end);
		vlen = (size_t)(end - (s + klen + 1));
		if (errno || !vlen || (*end && *end != ',' && *end != ' '))
			v = -1;
		if (width && (v == 1 || v == 2 || v == 4 || v == 8 || v == 12 || v == 16 || v == 32))
			aa->link_width = (uint8_t)v;
		else if (speed && prm_pci_speed_code(v))
			aa->link_speed = prm_pci_speed_code(v);
		else
			return prm_err_set(err, PRM_E_USAGE, EINVAL, "bad_fault",
					   width ? "link-degraded: width must be 1, 2, 4, 8, 12, 16 or 32 lanes, not '%.*s'"
						 : "link-degraded: speed must be 2.5, 5, 8, 16, 32 or 64 (GT/s), not '%.*s'",
					   (int)strcspn(s + klen + 1, ", "), s + klen + 1);
		s = end + (*end ? 1 : 0);
	}
	if (aa->link_width > m->pcie_width || aa->link_speed > m->pcie_speed)
		return prm_err_set(err, PRM_E_USAGE, EINVAL, "bad_fault",
				   "link-degraded: the %s trains at most x%u at %g GT/s, not above",
				   m->key, m->pcie_width, prm_pci_speed_gts(m->pcie_speed));
	if (aa->link_width == m->pcie_width && aa->link_speed == m->pcie_speed)
		return prm_err_set(err, PRM_E_USAGE, EINVAL, "bad_fault",
				   "link-degraded: x%u at %g GT/s is the %s's full link, not a degraded one",
				   m->pcie_width, prm_pci_speed_gts(m->pcie_speed), m->key);
	return 0;
}

/* "synd=1,ext_synd=0x8f7a,severity=3,irisc=2" (also space-separated) */
static int parse_args(const char *s, struct assert_args *aa, struct prm_err *err)
{
	static const char *const keys[] = { "synd", "ext_synd", "severity", "irisc", "rfr" };
	static const uint64_t max[] = { 0xff, 0xffff, 7, 0xff, 1 };
	uint64_t *dst[] = { &aa->synd, &aa->ext_synd, &aa->severity, &aa->irisc, &aa->rfr };

	while (s && *s) {
		size_t klen = strcspn(s, "="), vlen;
		char *end;
		int k;

		for (k = 0; k < 5; k++)
			if (strlen(keys[k]) == klen && strncmp(keys[k], s, klen) == 0)
				break;
		if (k == 5 || s[klen] != '=')
			return prm_err_set(err, PRM_E_USAGE, EINVAL, "bad_fault",
					   "fw-assert: unknown argument '%.*s' (synd, ext_synd, severity, irisc, rfr)",
					   (int)strcspn(s, ", "), s);
		errno = 0;
		*dst[k] = strtoull(s + klen + 1, &end, 0);
		vlen = (size_t)(end - (s + klen + 1));
		if (errno || !vlen || (*end && *end != ',' && *end != ' ') || *dst[k] > max[k])
			return prm_err_set(err, PRM_E_USAGE, EINVAL, "bad_fault",
					   "fw-assert: %s must be a number up to 0x%llx",
					   keys[k], (unsigned long long)max[k]);
		s = end + (*end ? 1 : 0);
	}
	return 0;
}

/* A health buffer as the firmware leaves it on an assert. */
static void fill_health(struct sim_adapter *a, const struct assert_args *aa)
{
	const struct sim_model *m = a->model;

	sim_bar_set(a, "health_buffer.assert_var[0]", 0x0521945b);
	sim_bar_set(a, "health_buffer.assert_var[1]", 0x00000001);
	sim_bar_set(a, "health_buffer.assert_var[2]", 0x0000beef);
	sim_bar_set(a, "health_buffer.assert_var[3]", 0);
	sim_bar_set(a, "health_buffer.assert_var[4]", 0);
	sim_bar_set(a, "health_buffer.assert_var[5]", 0);
	sim_bar_set(a, "health_buffer.assert_exit_ptr", 0x21492f38);
	sim_bar_set(a, "health_buffer.assert_callra", 0x2102d5f0);
	sim_bar_set(a, "health_buffer.time", (uint64_t)time(NULL) & 0xffffffffu);
	/* raw fw_ver: major 31:24, minor 23:16, subminor 15:0, as real logs show */
	sim_bar_set(a, "health_buffer.fw_ver",
		    (uint32_t)m->fw_major << 24 | (uint32_t)m->fw_minor << 16 | m->fw_subminor);
	sim_bar_set(a, "health_buffer.hw_id", m->hw_id);
	/* rfr: recovery flow required, which makes the driver's sensor fatal */
	sim_bar_set(a, "health_buffer.rfr", aa->rfr);
	sim_bar_set(a, "health_buffer.valid", 1);
	sim_bar_set(a, "health_buffer.severity", aa->severity);
	sim_bar_set(a, "health_buffer.irisc_index", aa->irisc);
	sim_bar_set(a, "health_buffer.synd", aa->synd);
	sim_bar_set(a, "health_buffer.ext_synd", aa->ext_synd);
	sim_bar_set(a, "health_syndrome", aa->synd);
}

static void clear_health(struct sim_adapter *a)
{
	memset(a->bar0 + 0x200, 0, 0x38 + 8);	/* health buffer */
	sim_bar_set(a, "health_buffer.hw_id", a->model->hw_id);
	sim_bar_set(a, "health_syndrome", 0);
}

static void set(struct sim_adapter *a, int f, bool on, const struct assert_args *aa)
{
	switch (f) {
	case SIM_FAULT_FW_ASSERT:
	case SIM_FAULT_THERMAL:
		if (on)
			fill_health(a, aa);
		else
			clear_health(a);
		a->faults[SIM_FAULT_FW_ASSERT] = a->faults[SIM_FAULT_THERMAL] = false;
		break;
	case SIM_FAULT_DEVICE_GONE:
		if (on && !a->faults[f]) {
			a->gone_shadow = malloc(a->bar_size);
			if (a->gone_shadow)
				memcpy(a->gone_shadow, a->bar0, a->bar_size);
			memset(a->bar0, 0xff, a->bar_size);
		} else if (!on && a->faults[f]) {
			if (a->gone_shadow)
				memcpy(a->bar0, a->gone_shadow, a->bar_size);
			free(a->gone_shadow);
			a->gone_shadow = NULL;
		}
		break;
	case SIM_FAULT_SEM_HELD:
		a->fault_sem_ticket = FOREIGN_TICKET;
		break;
	case SIM_FAULT_CMD_HANG:
		a->fault_hang_op = on ? aa->opcode : 0;
		break;
	case SIM_FAULT_CMD_SLOW:
		a->fault_slow_op = on ? aa->opcode : 0;
		a->fault_slow_ms = on ? (uint32_t)aa->n[0] : 0;
		break;
	case SIM_FAULT_CAP:
		if (!on)
			a->ncap_over = 0;
		break;
	case SIM_FAULT_TRACER_STEAL:
		sim_tracer_steal(a, on);
		break;
	case SIM_FAULT_LINK_DEGRADED:
		a->fault_link_speed = on ? aa->link_speed : 0;
		a->fault_link_width = on ? aa->link_width : 0;
		if (on)
			sim_config_link(a, aa->link_speed, aa->link_width);
		else
			sim_config_link(a, a->model->pcie_speed, a->model->pcie_width);
		break;
	case SIM_FAULT_CMD_STATUS:
		a->fault_status_op = on ? aa->opcode : 0;
		a->fault_status = on ? (uint8_t)aa->n[0] : 0;
		a->fault_syndrome = on ? (uint32_t)aa->n[1] : 0;
		break;
	}
	a->faults[f] = on;
}

/*
 * qp-transition-hang:STEP is cmd-hang on that transition's opcode: the seed's
 * remote that never answers, as a QP state change that never completes.
 */
static const char *qp_hang_alias(const char *spec, char *buf, size_t sz, struct prm_err *err)
{
	static const struct { const char *step, *op; } steps[] = {
		{ "rst2init", "RST2INIT_QP" }, { "init2rtr", "INIT2RTR_QP" },
		{ "rtr2rts", "RTR2RTS_QP" },
	};
	const char *arg = spec + strlen("qp-transition-hang");

	if (*arg == ':')
		for (size_t i = 0; i < sizeof(steps) / sizeof(steps[0]); i++)
			if (!strcmp(arg + 1, steps[i].step)) {
				snprintf(buf, sz, "cmd-hang:%s", steps[i].op);
				return buf;
			}
	prm_err_set(err, PRM_E_USAGE, EINVAL, "bad_fault",
		    "qp-transition-hang needs the transition: qp-transition-hang:rst2init, "
		    ":init2rtr or :rtr2rts");
	return NULL;
}

int sim_fault_inject(struct sim_adapter *a, const char *spec, struct prm_err *err)
{
	char alias[64];

	if (!strncmp(spec, "qp-transition-hang", strlen("qp-transition-hang")) &&
	    (!spec[strlen("qp-transition-hang")] || spec[strlen("qp-transition-hang")] == ':')) {
		spec = qp_hang_alias(spec, alias, sizeof(alias), err);
		if (!spec)
			return -1;
	}

	size_t len = strcspn(spec, ":= ");
	struct assert_args aa = { .synd = 0x1, .ext_synd = 0, .severity = 3, .irisc = 0 };
	int f = find(spec, len);
	char hint[96];

	static const uint64_t slow_max[] = { 600000 }, status_max[] = { 0xff, 0xffffffff };

	if (f < 0)
		return prm_err_set(err, PRM_E_USAGE, EINVAL, "bad_fault",
				   "unknown fault '%.*s'%s (%s)", (int)len, spec,
				   fault_hint(spec, len, hint, sizeof(hint)), sim_fault_list());
	if (spec[len] && !usage[f])
		return prm_err_set(err, PRM_E_USAGE, EINVAL, "bad_fault",
				   "fault '%s' takes no arguments", names[f]);
	if (usage[f] && usage[f][0] == ':' && !spec[len])
		return prm_err_set(err, PRM_E_USAGE, EINVAL, "bad_fault",
				   "%s needs arguments: %s%s", names[f], names[f], usage[f]);
	if ((f == SIM_FAULT_CMD_HANG && cmd_args(f, spec + len + 1, &aa.opcode, aa.n, 0, NULL, err)) ||
	    (f == SIM_FAULT_CMD_SLOW && cmd_args(f, spec + len + 1, &aa.opcode, aa.n, 1, slow_max, err)) ||
	    (f == SIM_FAULT_CMD_STATUS &&
	     cmd_args(f, spec + len + 1, &aa.opcode, aa.n, 2, status_max, err)))
		return -1;
	if (f == SIM_FAULT_ESW || f == SIM_FAULT_DCT_KEY_VIOLATION || f == SIM_FAULT_PAGE_REQUEST) {
		int rc;		/* events, not states */

		pthread_mutex_lock(&a->lock);
		rc = f == SIM_FAULT_ESW ? sim_esw_inject(a, spec + len + 1, err)
		     : f == SIM_FAULT_PAGE_REQUEST ? sim_page_request(a, spec + len + 1, err)
						   : sim_dct_key_violation(a, spec + len + 1, err);
		pthread_mutex_unlock(&a->lock);
		return rc;
	}
	if (f == SIM_FAULT_CAP) {
		struct sim_cap_override o;

		if (sim_caps_parse(spec + len + 1, &o, err))
			return -1;
		pthread_mutex_lock(&a->lock);
		if (a->ncap_over == sizeof(a->cap_over) / sizeof(a->cap_over[0])) {
			pthread_mutex_unlock(&a->lock);
			return prm_err_set(err, PRM_E_USAGE, E2BIG, "bad_fault",
					   "cap: at most %zu capability overrides",
					   sizeof(a->cap_over) / sizeof(a->cap_over[0]));
		}
		a->cap_over[a->ncap_over++] = o;
		a->faults[f] = true;
		pthread_mutex_unlock(&a->lock);
		return 0;
	}
	if (f == SIM_FAULT_CMD_STATUS && !aa.n[0])
		return prm_err_set(err, PRM_E_USAGE, EINVAL, "bad_fault",
				   "cmd-status: status 0 is success, not a fault");
	if (f == SIM_FAULT_THERMAL) {
		aa.synd = 0x10;		/* High temperature */
		aa.severity = 2;
	}
	if (f == SIM_FAULT_FW_ASSERT && spec[len] && parse_args(spec + len + 1, &aa, err))
		return -1;
	if (f == SIM_FAULT_LINK_DEGRADED) {
		/* x8 at 8 GT/s: a x16 card in a x8 slot (or a bent lane) trained at Gen 3 */
		aa.link_width = 8;
		aa.link_speed = prm_pci_speed_code(8.0);
		if (spec[len] && link_args(a->model, spec + len + 1, &aa, err))
			return -1;
	}
	pthread_mutex_lock(&a->lock);
	if (a->faults[SIM_FAULT_DEVICE_GONE] && f != SIM_FAULT_DEVICE_GONE) {
		pthread_mutex_unlock(&a->lock);
		return prm_err_set(err, PRM_E_FAILED, EIO, "device_gone",
				   "the adapter is gone; clear device-gone first");
	}
	set(a, f, true, &aa);
	pthread_mutex_unlock(&a->lock);
	return 0;
}

int sim_fault_clear(struct sim_adapter *a, const char *name, struct prm_err *err)
{
	char hint[96];
	int f;

	if (name && !strcmp(name, "qp-transition-hang"))
		name = "cmd-hang";	/* what it is */
	f = name ? find(name, strlen(name)) : -1;

	if (name && f < 0)
		return prm_err_set(err, PRM_E_USAGE, EINVAL, "bad_fault",
				   "unknown fault '%s'%s", name,
				   fault_hint(name, strlen(name), hint, sizeof(hint)));
	pthread_mutex_lock(&a->lock);
	/* device-gone first, so the others clear a live BAR0 */
	if (!name || f == SIM_FAULT_DEVICE_GONE)
		set(a, SIM_FAULT_DEVICE_GONE, false, NULL);
	for (int i = 0; i < SIM_NFAULTS; i++)
		if ((!name || i == f) && a->faults[i])
			set(a, i, false, NULL);
	/* a clean adapter: what killed holders left is freed too, as a reset would */
	if (!name)
		sim_semaphores_free(a);
	pthread_mutex_unlock(&a->lock);
	return 0;
}
