// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
#include "lib/ops/devident.h"

#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "lib/dev/dev.h"
#include "lib/ops/psid.h"
#include "lib/prm/initseg.h"

void dev_ident(struct dev *d, const uint8_t *seg, size_t len, unsigned timeout_ms,
	       struct dev_ident *id)
{
	struct prm_initseg_summary s;
	struct prm_err err = { 0 };
	time_t now = time(NULL);
	struct tm tm;

	memset(id, 0, sizeof(*id));
	if (gethostname(id->host, sizeof(id->host) - 1))
		id->host[0] = '\0';
	snprintf(id->device, sizeof(id->device), "%.*s", (int)sizeof(id->device) - 1, d->label);
	if (d->has_info)
		snprintf(id->pci_address, sizeof(id->pci_address), "%s", d->info.bdf);
	gmtime_r(&now, &tm);
	strftime(id->time_iso, sizeof(id->time_iso), "%Y-%m-%dT%H:%M:%SZ", &tm);
	id->access = d->access;
	id->model = d->has_info ? d->info.model : d->model;
	if (prm_initseg_summarize(seg, len, &s, &err) == 0 && !s.all_ones) {
		snprintf(id->fw_version, sizeof(id->fw_version), "%s", s.fw_version);
		if (!id->model)
			id->model = s.chip;	/* an image: the chip its hw_id names */
	}
	if (ops_psid(d, timeout_ms, id->psid, sizeof(id->psid), &id->psid_source, &err)) {
		id->psid[0] = '\0';
		snprintf(id->psid_error, sizeof(id->psid_error), "%.*s", (int)sizeof(id->psid_error) - 1,
			 err.msg);
	}
}
