// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
#include "lib/ops/psid.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/dev/dev.h"
#include "lib/dev/devlink.h"
#include "lib/ops/mgir.h"

/* fw.psid among the driver's fixed versions; 0 when found. */
static int from_devlink(struct dev *d, unsigned timeout_ms, char *psid, size_t size)
{
	struct prm_err err = { 0 };
	struct dl_handle h;
	struct devlink dl;
	struct dl_info *in;
	int rc = -1;

	if (!d->devlink[0] || devlink_handle_parse(d->devlink, &h))
		return -1;
	in = malloc(sizeof(*in));
	if (!in)
		return -1;
	if (devlink_open(&dl, timeout_ms, &err) == 0) {
		if (devlink_info(&dl, &h, in, &err) == 0)
			for (unsigned i = 0; i < in->nfixed && rc; i++)
				if (strcmp(in->fixed[i].name, "fw.psid") == 0 && in->fixed[i].value[0]) {
					snprintf(psid, size, "%s", in->fixed[i].value);
					rc = 0;
				}
		devlink_close(&dl);
	}
	free(in);
	return rc;
}

int ops_psid(struct dev *d, unsigned timeout_ms, char *psid, size_t size, const char **source,
	     struct prm_err *err)
{
	*source = NULL;
	if (size)
		psid[0] = '\0';
	if (from_devlink(d, timeout_ms, psid, size) == 0) {
		*source = "devlink";
		return 0;
	}
	/* devlink's view needs a bound driver; the register needs only the firmware */
	if (mgir_psid(d, psid, size, err))
		return -1;
	*source = "mgir";
	return 0;
}
