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
	&prm_layout_mgir,
	&prm_layout_mcam,
	&prm_layout_mtrc_cap,
	&prm_layout_mtrc_conf,
	&prm_layout_mtrc_stdb,
	&prm_layout_mtrc_ctrl,
	&prm_layout_op_tlv,
	&prm_layout_reg_tlv,
	NULL,
};

const struct prm_layout *prm_layout_lookup(const char *name)
{
	for (size_t i = 0; prm_layouts[i]; i++)
		if (strcasecmp(prm_layouts[i]->name, name) == 0)
			return prm_layouts[i];
	return NULL;
}
