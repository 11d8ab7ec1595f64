// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
#include "lib/ops/cappages.h"

#include "lib/dev/cmdchan.h"
#include "lib/ops/caps.h"
#include "lib/ops/reg.h"
#include "lib/prm/layouts/layouts.h"
#include "lib/prm/registers.h"

int cappages_read(struct dev *d, const struct prm_cap_page *p, bool max, uint8_t *buf,
		  const char **via, struct prm_err *err)
{
	const struct cmd_chan *chan;

	if (!p)
		return reg_get(d, MLX5_REG_MTRC_CAP, buf, prm_layout_bytes(&prm_layout_mtrc_cap), via,
			       err);
	if (dev_cmd_chan(d, &chan, err) || dev_query_cap(d, p->cap_type, !max, buf, err))
		return -1;
	*via = chan->access;
	return 0;
}

int cappages_present(struct dev *d, bool *present, size_t max, const char **via,
		     struct prm_err *err)
{
	uint8_t general[DEV_CAP_PAGE_BYTES];
	const struct prm_cap_page *g = prm_cap_page_by_type(0);
	const struct cmd_chan *chan;

	if (dev_cmd_chan(d, &chan, err) || dev_query_cap(d, 0, true, general, err))
		return -1;
	*via = chan->access;
	/* a page's gate is a field of the general page named in its table row */
	for (size_t i = 0; i < prm_ncap_pages && i < max; i++)
		present[i] = !prm_cap_pages[i].gate ||
			     prm_field_value(g->layout, general, sizeof(general),
					     prm_cap_pages[i].gate);
	return 0;
}
