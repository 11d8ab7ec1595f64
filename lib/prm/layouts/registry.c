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
	&prm_layout_dtor,
	&prm_layout_host_endianness,
	&prm_layout_op_tlv,
	&prm_layout_reg_tlv,
	&prm_layout_enable_hca_in,
	&prm_layout_enable_hca_out,
	&prm_layout_disable_hca_in,
	&prm_layout_disable_hca_out,
	&prm_layout_query_issi_in,
	&prm_layout_query_issi_out,
	&prm_layout_set_issi_in,
	&prm_layout_set_issi_out,
	&prm_layout_query_pages_in,
	&prm_layout_query_pages_out,
	&prm_layout_manage_pages_in,
	&prm_layout_manage_pages_out,
	&prm_layout_init_hca_in,
	&prm_layout_init_hca_out,
	&prm_layout_teardown_hca_in,
	&prm_layout_teardown_hca_out,
	&prm_layout_query_hca_cap_in,
	&prm_layout_query_hca_cap_out,
	&prm_layout_query_adapter_in,
	&prm_layout_query_adapter_out,
	&prm_layout_query_adapter_struct,
	&prm_layout_nop_in,
	&prm_layout_nop_out,
	&prm_layout_access_register_in,
	&prm_layout_access_register_out,
	&prm_layout_set_hca_cap_in,
	&prm_layout_set_hca_cap_out,
	&prm_layout_alloc_uar_in,
	&prm_layout_alloc_uar_out,
	&prm_layout_dealloc_uar_in,
	&prm_layout_dealloc_uar_out,
	&prm_layout_eqc,
	&prm_layout_create_eq_in,
	&prm_layout_create_eq_out,
	&prm_layout_destroy_eq_in,
	&prm_layout_destroy_eq_out,
	&prm_layout_gen_eqe_in,
	&prm_layout_gen_eqe_out,
	&prm_layout_eqe,
	&prm_layout_cmd_hca_cap,
	&prm_layout_cmd_hca_cap_2,
	&prm_layout_atomic_caps,
	&prm_layout_roce_cap,
	&prm_layout_e_switch_cap,
	&prm_layout_debug_cap,
	NULL,
};

const struct prm_layout *prm_layout_lookup(const char *name)
{
	for (size_t i = 0; prm_layouts[i]; i++)
		if (strcasecmp(prm_layouts[i]->name, name) == 0)
			return prm_layouts[i];
	return NULL;
}
