// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * The kernel-log health parser on arbitrary text: the input split on '\n',
 * every line fed, the events taken half-way and at the end, and every event
 * checked for what the API promises (terminated strings, bounds, all-ones
 * never reported as a syndrome).
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "lib/prm/healthlog.h"

#define TERMINATED(s) (memchr((s), '\0', sizeof(s)) != NULL)

static void check_events(const struct prm_health_event *ev, size_t n, bool ports)
{
	for (size_t i = 0; i < n; i++) {
		const struct prm_health_event *e = &ev[i];

		if (!TERMINATED(e->port) || !TERMINATED(e->port_time) || !TERMINATED(e->port_detail) ||
		    !TERMINATED(e->port_aer_device) || !TERMINATED(e->fw_time_iso) ||
		    e->nport_below > PRM_HEALTHLOG_MAX_BELOW || (e->has_port && !e->port[0]) ||
		    (ports && (!e->port_only || !e->has_port || e->status != PRM_HEALTH_PCI_GONE)) ||
		    (!ports && e->port_only))
			abort();
		for (size_t j = 0; j < e->nport_below; j++)
			if (!TERMINATED(e->port_below[j]))
				abort();
		if (!TERMINATED(e->device) || !TERMINATED(e->host) || !TERMINATED(e->time) ||
		    !TERMINATED(e->fw_ver) || !TERMINATED(e->cmd_name) || !TERMINATED(e->detail) ||
		    !e->device[0] || e->nfunctions < 1 || e->nfunctions > PRM_HEALTHLOG_MAX_FUNCTIONS ||
		    e->nfunctions_total < e->nfunctions || e->nreports < 1 ||
		    e->status >= PRM_HEALTH_NSTATUS || e->nassert_var > 6 ||
		    strcmp(e->functions[0], e->device))
			abort();
		for (size_t j = 0; j < e->nfunctions; j++)
			if (!TERMINATED(e->functions[j]))
				abort();
		/* a stamp says one thing at most, and only a stamp says it */
		if (!TERMINATED(e->when.utc) || !TERMINATED(e->port_when.utc) ||
		    (e->when.uptime && (e->when.utc[0] || !e->time[0])) ||
		    (e->port_when.uptime && (e->port_when.utc[0] || !e->port_time[0])))
			abort();
		if (e->buffer_allones && (e->has_synd || e->has_hw_id || e->fw_ver[0] ||
					  e->status != PRM_HEALTH_PCI_GONE))
			abort();
		if (e->synd_name && !e->has_synd)
			abort();
		(void)strlen(prm_health_status_name(e->status));
	}
}

static void check(struct prm_healthlog *p)
{
	const struct prm_health_event *ev;
	size_t n = prm_healthlog_events(p, &ev);

	if (n > PRM_HEALTHLOG_MAX_EVENTS)
		abort();
	check_events(ev, n, false);
	n = prm_healthlog_port_events(p, &ev);
	check_events(ev, n, true);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *s = (const char *)data, *end = s + size;
	struct prm_healthlog *p = prm_healthlog_new(NULL);
	size_t lines = 0;

	if (!p)
		return 0;
	while (s < end) {
		const char *nl = memchr(s, '\n', (size_t)(end - s));
		size_t l = nl ? (size_t)(nl - s) : (size_t)(end - s);

		prm_healthlog_line(p, s, l);
		if (++lines == 64)
			check(p);	/* more lines may follow a look at the events */
		s += l + (nl ? 1 : 0);
	}
	check(p);
	prm_healthlog_free(p);
	return 0;
}
