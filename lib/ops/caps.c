// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
#include "lib/ops/caps.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "lib/dev/cmdchan.h"
#include "lib/prm/caps.h"
#include "lib/prm/layouts/layouts.h"
#include "lib/prm/opcodes.h"


int dev_query_cap(struct dev *d, uint16_t cap_type, bool current, uint8_t *page,
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

	if (dev_query_cap(d, 0 /* general */, true, page, err))
		return -1;
	*khz = PRM_GET(cmd_hca_cap, page, sizeof(page), "device_frequency_khz");
	return 0;
}
