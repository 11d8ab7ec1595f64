// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
#include "lib/ops/caps.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "lib/dev/cmdchan.h"
#include "lib/ops/reg.h"
#include "lib/prm/caps.h"
#include "lib/prm/layouts/layouts.h"
#include "lib/prm/opcodes.h"
#include "lib/prm/registers.h"

int caps_query(struct dev *d, uint16_t cap_type, bool current, uint8_t *page,
		  struct prm_err *err)
{
	size_t outlen = prm_layout_bytes(&prm_layout_query_hca_cap_out);
	size_t hdr = outlen - DEV_CAP_PAGE_BYTES;
	uint8_t in[16] = { 0 }, *out = calloc(1, outlen);
	int rc;

	if (!out)
		return prm_err_set(err, PRM_E_FAILED, ENOMEM, "oom", "out of memory");
	PRM_SET(query_hca_cap_in, in, sizeof(in), "opcode", MLX5_CMD_OP_QUERY_HCA_CAP);
	PRM_SET(query_hca_cap_in, in, sizeof(in), "op_mod", prm_cap_op_mod(cap_type, current));
	rc = dev_cmd_run(d, in, sizeof(in), out, outlen, err);
	if (rc == 0)
		memcpy(page, out + hdr, DEV_CAP_PAGE_BYTES);
	free(out);
	return rc;
}

int caps_device_frequency_khz(struct dev *d, uint64_t *khz, struct prm_err *err)
{
	uint8_t page[DEV_CAP_PAGE_BYTES];

	if (caps_query(d, 0 /* general */, true, page, err))
		return -1;
	*khz = PRM_GET(cmd_hca_cap, page, sizeof(page), "device_frequency_khz");
	return 0;
}

int caps_page_read(struct dev *d, const struct prm_cap_page *p, bool max, uint8_t *buf,
		  const char **via, struct prm_err *err)
{
	const struct cmd_chan *chan;

	if (!p)
		return reg_get(d, MLX5_REG_MTRC_CAP, buf, prm_layout_bytes(&prm_layout_mtrc_cap), via,
			       err);
	if (dev_cmd_chan(d, &chan, err) || caps_query(d, p->cap_type, !max, buf, err))
		return -1;
	*via = chan->access;
	return 0;
}

int caps_page_present(struct dev *d, bool *present, size_t max, const char **via,
		     struct prm_err *err)
{
	uint8_t general[DEV_CAP_PAGE_BYTES];
	const struct prm_cap_page *g = prm_cap_page_by_type(0);
	const struct cmd_chan *chan;

	if (dev_cmd_chan(d, &chan, err) || caps_query(d, 0, true, general, err))
		return -1;
	*via = chan->access;
	/* a page's gate is a field of the general page named in its table row */
	for (size_t i = 0; i < prm_ncap_pages && i < max; i++)
		present[i] = !prm_cap_pages[i].gate ||
			     prm_field_value(g->layout, general, sizeof(general),
					     prm_cap_pages[i].gate);
	return 0;
}
