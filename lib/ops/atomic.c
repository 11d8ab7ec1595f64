// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
#include "lib/ops/atomic.h"

#include "lib/ops/caps.h"
#include "lib/prm/caps.h"
#include "lib/prm/layouts/layouts.h"

int atomic_caps_query(struct dev *d, uint8_t *page, bool *general_atomic,
		      struct prm_err *err)
{
	const struct prm_cap_page *p = prm_cap_page_by_name("atomic");
	uint8_t general[DEV_CAP_PAGE_BYTES];

	if (caps_query(d, 0, true, general, err) ||
	    caps_query(d, p->cap_type, true, page, err))
		return -1;
	*general_atomic = PRM_GET(cmd_hca_cap, general, sizeof(general), "atomic");
	return 0;
}
