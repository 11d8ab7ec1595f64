// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
#include <stdio.h>
#include <string.h>

#include "lib/prm/layouts/layouts.h"
#include "lib/prm/tracecap.h"

void tracecap_parse(const uint8_t *reg, size_t len, struct tracecap *c)
{
	const struct prm_layout *l = &prm_layout_mtrc_cap;

	memset(c, 0, sizeof(*c));
	c->trace_owner = PRM_GET(mtrc_cap, reg, len, "trace_owner");
	c->trace_to_memory = PRM_GET(mtrc_cap, reg, len, "trace_to_memory");
	c->trc_ver = (unsigned)PRM_GET(mtrc_cap, reg, len, "trc_ver");
	c->num_string_db = (unsigned)PRM_GET(mtrc_cap, reg, len, "num_string_db");
	c->first_string_trace = (unsigned)PRM_GET(mtrc_cap, reg, len, "first_string_trace");
	c->num_string_trace = (unsigned)PRM_GET(mtrc_cap, reg, len, "num_string_trace");
	c->log_max_trace_buffer_size =
		(unsigned)PRM_GET(mtrc_cap, reg, len, "log_max_trace_buffer_size");
	for (unsigned i = 0; i < TRACECAP_SECTIONS; i++) {
		char path[64];

		snprintf(path, sizeof(path), "string_db_param[%u].string_db_base_address", i);
		c->base[i] = (uint32_t)prm_field_value(l, reg, len, path);
		snprintf(path, sizeof(path), "string_db_param[%u].string_db_size", i);
		c->size[i] = (uint32_t)prm_field_value(l, reg, len, path);
	}
}
