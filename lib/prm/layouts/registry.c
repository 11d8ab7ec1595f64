// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
#include "lib/prm/layouts/layouts.h"

#include <strings.h>

const struct prm_layout *const prm_layouts[] = {
	&prm_layout_initseg,
	&prm_layout_health_buffer,
	&prm_layout_cmdq_entry,
	&prm_layout_cmd_mailbox_block,
	&prm_layout_mbox_in,
	&prm_layout_mbox_out,
	NULL,
};

const struct prm_layout *prm_layout_lookup(const char *name)
{
	for (size_t i = 0; prm_layouts[i]; i++)
		if (strcasecmp(prm_layouts[i]->name, name) == 0)
			return prm_layouts[i];
	return NULL;
}
