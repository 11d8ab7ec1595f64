// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* mlx5's fw and fw_fatal reporters into one health classification (fwreporter.h). */
#include "lib/prm/fwreporter.h"

enum prm_health_status prm_fw_reporter_classify(const struct prm_fw_reporter *r,
						bool fatal_in_error)
{
	uint8_t synd = r->has_synd ? r->synd : r->has_buffer ? r->buf.synd :
		       r->has_ctx ? r->ctx_synd : 0;

	if (synd == PRM_HEALTH_SYND_THERMAL)
		return PRM_HEALTH_THERMAL;
	if (synd || fatal_in_error)
		return PRM_HEALTH_FW_ERROR;
	return PRM_HEALTH_OK;
}
