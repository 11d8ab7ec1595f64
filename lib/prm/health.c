// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
#include "lib/prm/health.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "lib/prm/healthbuf.h"
#include "lib/prm/layouts/layouts.h"
#include "lib/prm/models.h"

static const char *const names[PRM_HEALTH_NSTATUS] = {
	[PRM_HEALTH_OK] = "ok",
	[PRM_HEALTH_FW_ERROR] = "fw_error",
	[PRM_HEALTH_THERMAL] = "thermal",
	[PRM_HEALTH_PCI_GONE] = "pci_gone",
	[PRM_HEALTH_FW_UNRESPONSIVE] = "fw_unresponsive",
	[PRM_HEALTH_FW_INITIALIZING] = "fw_initializing",
	[PRM_HEALTH_CMD_TIMEOUT] = "cmd_timeout",
};

const char *prm_health_status_name(enum prm_health_status s)
{
	return s < PRM_HEALTH_NSTATUS ? names[s] : "?";
}

bool prm_health_is_fault(enum prm_health_status s)
{
	return s != PRM_HEALTH_OK && s != PRM_HEALTH_FW_INITIALIZING;
}

enum prm_health_status prm_health_classify(const struct prm_initseg_summary *s)
{
	if (s->all_ones)
		return PRM_HEALTH_PCI_GONE;
	if (s->synd)
		return s->synd == PRM_HEALTH_SYND_THERMAL ? PRM_HEALTH_THERMAL : PRM_HEALTH_FW_ERROR;
	if (s->initializing)
		return PRM_HEALTH_FW_INITIALIZING;
	return PRM_HEALTH_OK;
}

void prm_health_fw_ver(uint32_t raw, char *buf, size_t sz)
{
	snprintf(buf, sz, "%u.%u.%04u", raw >> 24, (raw >> 16) & 0xff, raw & 0xffff);
}

void prm_health_time_iso(uint32_t t, char *buf, size_t sz)
{
	time_t secs = t;
	struct tm tm;

	buf[0] = '\0';
	if (t && gmtime_r(&secs, &tm))
		strftime(buf, sz, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

int prm_health_report(const void *buf, size_t len, struct prm_health_report *r,
		      struct prm_err *err)
{
	struct prm_health_extras x;

	memset(r, 0, sizeof(*r));
	if (len < PRM_HEALTH_BUFFER_OFFSET + PRM_HEALTH_BUFFER_BYTES)
		return prm_err_set(err, PRM_E_USAGE, EINVAL, "short_input",
				   "%zu bytes hold no health buffer (it ends at 0x%x)", len,
				   PRM_HEALTH_BUFFER_OFFSET + PRM_HEALTH_BUFFER_BYTES);
	if (prm_initseg_summarize(buf, len, &r->seg, err))
		return -1;
	r->status = prm_health_classify(&r->seg);
	r->buffer = (const uint8_t *)buf + PRM_HEALTH_BUFFER_OFFSET;
	if (r->status == PRM_HEALTH_PCI_GONE)
		return 0;	/* all-ones is no buffer: nothing more to decode */
	(void)prm_health_extras(r->buffer, &x);	/* all-ones was pci_gone above */
	r->fw_time = x.time;
	memcpy(r->fw_time_iso, x.time_iso, sizeof(r->fw_time_iso));
	memcpy(r->fw_ver, x.fw_ver, sizeof(r->fw_ver));
	r->fw_ver_matches = r->fw_ver[0] && strcmp(r->fw_ver, r->seg.fw_version) == 0;
	r->chip = x.chip;
	return 0;
}
