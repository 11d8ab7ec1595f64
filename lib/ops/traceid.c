// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* The identity written into trace captures and saved strings databases. */
#include "lib/ops/traceid.h"

#include <stdio.h>

#include "lib/dev/dev.h"
#include "lib/ops/caps.h"
#include "lib/ops/mgir.h"
#include "lib/prm/initseg.h"

void tracer_identity(struct dev *d, struct tracefile_meta *m)
{
	static uint8_t bar[0x2010];
	struct prm_initseg_summary s;
	struct prm_err err = { 0 };

	if (caps_device_frequency_khz(d, &m->clock_khz, &err))
		m->clock_khz = 0;
	if (dev_bar_read(d, 0, bar, sizeof(bar), &err) == 0 &&
	    prm_initseg_summarize(bar, sizeof(bar), &s, &err) == 0 && !s.all_ones)
		snprintf(m->fw_version, sizeof(m->fw_version), "%s", s.fw_version);
	(void)mgir_psid(d, m->psid, sizeof(m->psid), &err);
}
