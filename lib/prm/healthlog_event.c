// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * From incidents (one function's report) to events: an incident classified,
 * and incidents of one physical device grouped.
 */
#include <stdio.h>
#include <string.h>

#include "lib/prm/healthlog_int.h"
#include "lib/prm/layout.h"
#include "lib/prm/models.h"
#include "lib/prm/names.h"

void hl_detail_add(char *d, size_t sz, bool *cut, const char *s, size_t l)
{
	size_t n = strlen(d);

	while (l && (s[l - 1] == ' ' || s[l - 1] == ';'))
		l--;
	if (!l || *cut)
		return;
	for (const char *q = d; *q;) {
		const char *e = strstr(q, "; ");
		size_t ql = e ? (size_t)(e - q) : strlen(q);

		if (ql == l && !memcmp(q, s, l))
			return;
		if (!e)
			break;
		q = e + 2;
	}
	if (n + (n ? 2 : 0) + l + 5 >= sz) {
		if (n + 5 < sz)
			memcpy(d + n, n ? "; ..." : "...", n ? 6 : 4);
		*cut = true;
		return;
	}
	if (n) {
		memcpy(d + n, "; ", 2);
		n += 2;
	}
	memcpy(d + n, s, l);
	d[n + l] = '\0';
}

void hl_finish(const struct hl_inc *c, struct prm_health_event *e, bool *ident)
{
	bool allones = c->nbuf && c->nallones == c->nbuf;
	uint32_t s = c->seen;

	*e = c->ev;
	e->nfunctions = e->nfunctions_total = 1;
	memcpy(e->functions[0], e->device, sizeof(e->functions[0]));
	e->nreports = 1;
	e->has_buffer = c->nbuf > 0;
	*ident = false;
	if (allones) {
		unsigned nav = e->nassert_var;

		e->buffer_allones = true;
		memset(e->assert_var, 0, sizeof(e->assert_var));
		e->nassert_var = nav;
		e->assert_exit_ptr = e->assert_callra = e->fw_time = e->hw_id = e->raw_fw_ver = 0;
		e->rfr = e->crr = e->severity = 0;
		e->has_severity = false;
		e->synd = 0;
		e->ext_synd = 0;
		e->irisc_index = -1;
		e->status = PRM_HEALTH_PCI_GONE;
		return;
	}
	e->has_assert_exit_ptr = s & F_BIT(K_EXIT_PTR);
	e->has_assert_callra = s & F_BIT(K_CALLRA);
	e->has_time = s & F_BIT(K_TIME);
	e->has_hw_id = s & F_BIT(K_HWID);
	e->has_raw_fw_ver = s & F_BIT(K_RAW_FWVER);
	e->has_rfr = s & F_BIT(K_RFR);
	e->has_crr = s & F_BIT(K_CRR);
	e->has_severity = e->has_severity || (s & F_BIT(K_SEVERITY));
	e->has_synd = s & F_BIT(K_SYND);
	e->has_ext_synd = s & F_BIT(K_EXT_SYND);
	if (!e->has_synd && c->header_synd > 0) {
		e->has_synd = true;
		e->synd = (uint8_t)c->header_synd;
	}
	if (e->has_synd)
		e->synd_name = prm_name_of(&prm_health_synd_names, e->synd);
	if (e->has_severity)
		e->severity_name = prm_name_of(&prm_severity_names, (uint64_t)e->severity);
	if (e->has_hw_id)
		e->chip = prm_chip_by_hw_id((uint16_t)e->hw_id);
	if (e->has_time)
		prm_health_time_iso(e->fw_time, e->fw_time_iso, sizeof(e->fw_time_iso));
	if (c->has_ver)
		snprintf(e->fw_ver, sizeof(e->fw_ver), "%u.%u.%u", c->ver[0], c->ver[1], c->ver[2]);
	else if (e->has_raw_fw_ver && e->raw_fw_ver && e->raw_fw_ver != 0xffffffffu)
		prm_health_fw_ver(e->raw_fw_ver, e->fw_ver, sizeof(e->fw_ver));
	if (c->has_ver && e->has_raw_fw_ver && e->raw_fw_ver)
		e->fw_ver_mismatch = c->ver[0] != e->raw_fw_ver >> 24 ||
				     c->ver[1] != ((e->raw_fw_ver >> 16) & 0xff) ||
				     c->ver[2] != (e->raw_fw_ver & 0xffff);

	if (e->has_synd && e->synd) {
		e->status = e->synd == PRM_HEALTH_SYND_THERMAL ? PRM_HEALTH_THERMAL : PRM_HEALTH_FW_ERROR;
		*ident = e->has_buffer;
	} else if (c->pcigone) {
		e->status = PRM_HEALTH_PCI_GONE;
	} else if (c->temp) {
		e->status = PRM_HEALTH_THERMAL;
	} else if (c->header || e->fatal_error == 0 || e->fatal_error == 5 ||
		   (e->has_buffer && !e->has_synd && !c->miss)) {
		e->status = PRM_HEALTH_FW_ERROR;
	} else if (c->cmd) {
		e->status = PRM_HEALTH_CMD_TIMEOUT;
	} else {
		e->status = PRM_HEALTH_FW_UNRESPONSIVE;	/* miss count, NIC IFC, synd 0 */
	}
}

static bool same_slot(const struct prm_health_event *e, const char *dev)
{
	size_t l = hl_slot_len(dev);

	for (size_t i = 0; i < e->nfunctions; i++)
		if (hl_slot_len(e->functions[i]) == l && !memcmp(e->functions[i], dev, l))
			return true;
	return false;
}

bool hl_fits(const struct prm_health_event *E, const struct hl_evx *X,
	     const struct prm_health_event *I, bool iident, const struct hl_stamp *ifirst,
	     size_t iline)
{
	double d1 = hl_stamp_dist(&X->last, ifirst), d2 = hl_stamp_dist(&X->first, ifirst);
	enum prm_health_status es = E->status, is = I->status;
	bool slot = same_slot(E, I->device);

	if (strcmp(E->host, I->host))
		return false;
	if (d1 >= 0 || d2 >= 0) {
		if ((d1 < 0 || d1 > PRM_HEALTHLOG_WINDOW) && (d2 < 0 || d2 > PRM_HEALTHLOG_WINDOW))
			return false;
	} else if (iline > X->last_line && iline - X->last_line > HL_LINE_WINDOW) {
		return false;
	}
	if (es == PRM_HEALTH_CMD_TIMEOUT || is == PRM_HEALTH_CMD_TIMEOUT)
		return es == is && slot;
	if (X->ident && iident) {
		if (E->synd != I->synd || (E->has_ext_synd && I->has_ext_synd && E->ext_synd != I->ext_synd) ||
		    (E->has_hw_id && I->has_hw_id && E->hw_id != I->hw_id))
			return false;
		if (E->has_time && I->has_time)
			return E->fw_time == I->fw_time;
		return slot;
	}
	if (es == PRM_HEALTH_PCI_GONE || is == PRM_HEALTH_PCI_GONE || (!X->ident && !iident))
		return es == is && slot;
	/* one real health buffer, one function that only saw the firmware stop (or heat) */
	if (X->ident)
		return slot && (is == PRM_HEALTH_FW_UNRESPONSIVE || is == es);
	return slot && (es == PRM_HEALTH_FW_UNRESPONSIVE || is == es);
}

void hl_merge(struct prm_health_event *E, struct hl_evx *X, const struct prm_health_event *I,
	      bool iident, const struct hl_inc *c)
{
	bool known = false;

	for (size_t i = 0; i < E->nfunctions; i++)
		known |= !strcmp(E->functions[i], I->device);
	if (!known && E->nfunctions < PRM_HEALTHLOG_MAX_FUNCTIONS)
		memcpy(E->functions[E->nfunctions++], I->device, sizeof(E->functions[0]));
	E->nfunctions_total += !known;
	E->nreports++;
	if (!X->ident && iident) {	/* the buffer-less report came first */
		struct prm_health_event keep = *E;

		*E = *I;
		memcpy(E->device, keep.device, sizeof(E->device));
		memcpy(E->functions, keep.functions, sizeof(E->functions));
		E->nfunctions = keep.nfunctions;
		E->nfunctions_total = keep.nfunctions_total;
		memcpy(E->time, keep.time, sizeof(E->time));
		E->when = keep.when;
		E->line = keep.line;
		E->nreports = keep.nreports;
		memcpy(E->detail, keep.detail, sizeof(E->detail));
		if (keep.fatal_error >= 0 && E->fatal_error < 0)
			E->fatal_error = keep.fatal_error;
		E->ncmd_timeouts += keep.ncmd_timeouts;
		X->ident = true;
	} else {
		if (I->fatal_error > E->fatal_error)
			E->fatal_error = I->fatal_error;
		if (I->slot_unavailable && !E->slot_unavailable)
			E->slot_unavailable = true;
		if (E->pci_slot < 0)
			E->pci_slot = I->pci_slot;
		if (!E->ncmd_timeouts) {
			memcpy(E->cmd_name, I->cmd_name, sizeof(E->cmd_name));
			E->cmd_opcode = I->cmd_opcode;
		}
		E->ncmd_timeouts += I->ncmd_timeouts;
	}
	for (const char *q = I->detail; *q;) {
		const char *e = strstr(q, "; ");
		size_t l = e ? (size_t)(e - q) : strlen(q);

		if (!(l == 3 && !memcmp(q, "...", 3)))
			hl_detail_add(E->detail, sizeof(E->detail), &X->cut, q, l);
		q = e ? e + 2 : q + l;
	}
	if (c->last.has_mono || c->last.wall_kind)
		X->last = c->last;
	if (c->last_line > X->last_line)
		X->last_line = c->last_line;
}
