// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
#include <string.h>

#include "lib/prm/layouts/layouts.h"
#include "lib/prm/tracecap.h"

void tracecap_parse(const uint8_t *reg, size_t len, struct tracecap *c)
{
	memset(c, 0, sizeof(*c));
	c->trace_owner = PRM_GET(mtrc_cap, reg, len, "trace_owner");
	c->trace_to_memory = PRM_GET(mtrc_cap, reg, len, "trace_to_memory");
	c->trc_ver = (unsigned)PRM_GET(mtrc_cap, reg, len, "trc_ver");
	c->num_string_db = (unsigned)PRM_GET(mtrc_cap, reg, len, "num_string_db");
	c->first_string_trace = (unsigned)PRM_GET(mtrc_cap, reg, len, "first_string_trace");
	c->num_string_trace = (unsigned)PRM_GET(mtrc_cap, reg, len, "num_string_trace");
	c->log_max_trace_buffer_size =
		(unsigned)PRM_GET(mtrc_cap, reg, len, "log_max_trace_buffer_size");
	_Static_assert(TRACECAP_SECTIONS == 8, "one pair of lines below per string_db_param");
	c->base[0] = (uint32_t)PRM_GET(mtrc_cap, reg, len, "string_db_param[0].string_db_base_address");
	c->size[0] = (uint32_t)PRM_GET(mtrc_cap, reg, len, "string_db_param[0].string_db_size");
	c->base[1] = (uint32_t)PRM_GET(mtrc_cap, reg, len, "string_db_param[1].string_db_base_address");
	c->size[1] = (uint32_t)PRM_GET(mtrc_cap, reg, len, "string_db_param[1].string_db_size");
	c->base[2] = (uint32_t)PRM_GET(mtrc_cap, reg, len, "string_db_param[2].string_db_base_address");
	c->size[2] = (uint32_t)PRM_GET(mtrc_cap, reg, len, "string_db_param[2].string_db_size");
	c->base[3] = (uint32_t)PRM_GET(mtrc_cap, reg, len, "string_db_param[3].string_db_base_address");
	c->size[3] = (uint32_t)PRM_GET(mtrc_cap, reg, len, "string_db_param[3].string_db_size");
	c->base[4] = (uint32_t)PRM_GET(mtrc_cap, reg, len, "string_db_param[4].string_db_base_address");
	c->size[4] = (uint32_t)PRM_GET(mtrc_cap, reg, len, "string_db_param[4].string_db_size");
	c->base[5] = (uint32_t)PRM_GET(mtrc_cap, reg, len, "string_db_param[5].string_db_base_address");
	c->size[5] = (uint32_t)PRM_GET(mtrc_cap, reg, len, "string_db_param[5].string_db_size");
	c->base[6] = (uint32_t)PRM_GET(mtrc_cap, reg, len, "string_db_param[6].string_db_base_address");
	c->size[6] = (uint32_t)PRM_GET(mtrc_cap, reg, len, "string_db_param[6].string_db_size");
	c->base[7] = (uint32_t)PRM_GET(mtrc_cap, reg, len, "string_db_param[7].string_db_base_address");
	c->size[7] = (uint32_t)PRM_GET(mtrc_cap, reg, len, "string_db_param[7].string_db_size");
}
