// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Opcodes from include/linux/mlx5/mlx5_ifc.h (MLX5_CMD_OP_*); which of them
 * change state, from what each does (a query reads, everything else
 * creates, modifies or destroys). Gating bits from mlx5_ifc.h's capability
 * pages as the kernel tests them (MLX5_CAP_GEN(dev, dct), ...).
 */
#include "lib/prm/cmdinfo.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "lib/prm/layouts/layouts.h"
#include "lib/prm/names.h"
#include "lib/prm/opcodes.h"
#include "lib/util/match.h"

#define Q(op, in, out, ...) { (op), (in), (out), false, __VA_ARGS__ }
#define S(op, in, out, ...) { (op), (in), (out), true, __VA_ARGS__ }

const struct prm_cmd_info prm_cmd_infos[] = {
	/* op_mod 1: the current general capabilities */
	Q(MLX5_CMD_OP_QUERY_HCA_CAP, &prm_layout_query_hca_cap_in, &prm_layout_query_hca_cap_out, 1, 0x1010, NULL, NULL),
	Q(MLX5_CMD_OP_QUERY_ADAPTER, &prm_layout_query_adapter_in, &prm_layout_query_adapter_out, 0, 0x110, NULL, NULL),
	S(MLX5_CMD_OP_INIT_HCA, &prm_layout_init_hca_in, &prm_layout_init_hca_out, 0, 0, NULL, NULL),
	S(MLX5_CMD_OP_TEARDOWN_HCA, &prm_layout_teardown_hca_in, &prm_layout_teardown_hca_out, 0, 0, NULL, NULL),
	S(MLX5_CMD_OP_ENABLE_HCA, &prm_layout_enable_hca_in, &prm_layout_enable_hca_out, 0, 0, NULL, NULL),
	S(MLX5_CMD_OP_DISABLE_HCA, &prm_layout_disable_hca_in, &prm_layout_disable_hca_out, 0, 0, NULL, NULL),
	/* op_mod 1: boot pages, asked and answered without handing any over */
	Q(MLX5_CMD_OP_QUERY_PAGES, &prm_layout_query_pages_in, &prm_layout_query_pages_out, 1, 0x10, NULL, NULL),
	S(MLX5_CMD_OP_MANAGE_PAGES, &prm_layout_manage_pages_in, &prm_layout_manage_pages_out, 0, 0, NULL, NULL),
	S(MLX5_CMD_OP_SET_HCA_CAP, &prm_layout_set_hca_cap_in, &prm_layout_set_hca_cap_out, 0, 0, NULL, NULL),
	Q(MLX5_CMD_OP_QUERY_ISSI, &prm_layout_query_issi_in, &prm_layout_query_issi_out, 0, 0x70, NULL, NULL),
	S(MLX5_CMD_OP_SET_ISSI, &prm_layout_set_issi_in, &prm_layout_set_issi_out, 0, 0, NULL, NULL),
	S(MLX5_CMD_OP_CREATE_MKEY, &prm_layout_create_mkey_in, &prm_layout_create_mkey_out, 0, 0, NULL, NULL),
	/* mkey index 0 */
	Q(MLX5_CMD_OP_QUERY_MKEY, &prm_layout_query_mkey_in, &prm_layout_query_mkey_out, 0, 0x130, NULL, NULL),
	S(MLX5_CMD_OP_DESTROY_MKEY, &prm_layout_destroy_mkey_in, &prm_layout_destroy_mkey_out, 0, 0, NULL, NULL),
	Q(MLX5_CMD_OP_QUERY_SPECIAL_CONTEXTS, NULL, NULL, 0, 0x20, NULL, NULL),
	S(MLX5_CMD_OP_CREATE_EQ, &prm_layout_create_eq_in, &prm_layout_create_eq_out, 0, 0, NULL, NULL),
	S(MLX5_CMD_OP_DESTROY_EQ, &prm_layout_destroy_eq_in, &prm_layout_destroy_eq_out, 0, 0, NULL, NULL),
	Q(MLX5_CMD_OP_QUERY_EQ, NULL, NULL, 0, 0x110, NULL, NULL),
	S(MLX5_CMD_OP_GEN_EQE, &prm_layout_gen_eqe_in, &prm_layout_gen_eqe_out, 0, 0, NULL, NULL),
	S(MLX5_CMD_OP_CREATE_QP, &prm_layout_create_qp_in, &prm_layout_create_qp_out, 0, 0, NULL, NULL),
	S(MLX5_CMD_OP_DESTROY_QP, &prm_layout_destroy_qp_in, &prm_layout_destroy_qp_out, 0, 0, NULL, NULL),
	S(MLX5_CMD_OP_RST2INIT_QP, &prm_layout_rst2init_qp_in, &prm_layout_rst2init_qp_out, 0, 0, NULL, NULL),
	S(MLX5_CMD_OP_INIT2RTR_QP, &prm_layout_init2rtr_qp_in, &prm_layout_init2rtr_qp_out, 0, 0, NULL, NULL),
	S(MLX5_CMD_OP_RTR2RTS_QP, &prm_layout_rtr2rts_qp_in, &prm_layout_rtr2rts_qp_out, 0, 0, NULL, NULL),
	S(MLX5_CMD_OP_2RST_QP, &prm_layout_qp_2rst_in, &prm_layout_qp_2rst_out, 0, 0, NULL, NULL),
	/* qpn 0 */
	Q(MLX5_CMD_OP_QUERY_QP, &prm_layout_query_qp_in, &prm_layout_query_qp_out, 0, 0x110, NULL, NULL),
	S(MLX5_CMD_OP_CREATE_DCT, &prm_layout_create_dct_in, &prm_layout_create_dct_out, 0, 0, "general", PRM_PATH(cmd_hca_cap, "dct")),
	S(MLX5_CMD_OP_DESTROY_DCT, &prm_layout_destroy_dct_in, &prm_layout_destroy_dct_out, 0, 0, "general", PRM_PATH(cmd_hca_cap, "dct")),
	S(MLX5_CMD_OP_DRAIN_DCT, &prm_layout_drain_dct_in, &prm_layout_drain_dct_out, 0, 0, "general", PRM_PATH(cmd_hca_cap, "dct")),
	Q(MLX5_CMD_OP_QUERY_DCT, &prm_layout_query_dct_in, &prm_layout_query_dct_out, 0, 0x110, "general", PRM_PATH(cmd_hca_cap, "dct")),
	S(MLX5_CMD_OP_ARM_DCT_FOR_KEY_VIOLATION, &prm_layout_arm_dct_in, &prm_layout_arm_dct_out, 0, 0, "general", PRM_PATH(cmd_hca_cap, "dct")),
	Q(MLX5_CMD_OP_QUERY_NVMF_BACKEND_CONTROLLER, NULL, NULL, 0, 0x110, "general", PRM_PATH(cmd_hca_cap, "nvmf_target_offload")),
	Q(MLX5_CMD_OP_QUERY_NVMF_NAMESPACE_CONTEXT, &prm_layout_query_nvmf_namespace_in, &prm_layout_query_nvmf_namespace_out, 0, 0x110,
	  "general", PRM_PATH(cmd_hca_cap, "nvmf_target_offload")),
	Q(MLX5_CMD_OP_QUERY_ESW_FUNCTIONS, &prm_layout_query_esw_functions_in, &prm_layout_query_esw_functions_out, 0, 0x1010,
	  "general", PRM_PATH(cmd_hca_cap, "eswitch_manager")),
	Q(MLX5_CMD_OP_QUERY_VPORT_STATE, NULL, NULL, 0, 0x10, NULL, NULL),
	Q(MLX5_CMD_OP_QUERY_NIC_VPORT_CONTEXT, NULL, NULL, 0, 0x110, NULL, NULL),
	Q(MLX5_CMD_OP_QUERY_HCA_VPORT_CONTEXT, NULL, NULL, 0, 0x110, NULL, NULL),
	Q(MLX5_CMD_OP_QUERY_VPORT_COUNTER, NULL, NULL, 0, 0x210, NULL, NULL),
	S(MLX5_CMD_OP_ALLOC_PD, &prm_layout_alloc_pd_in, &prm_layout_alloc_pd_out, 0, 0, NULL, NULL),
	S(MLX5_CMD_OP_DEALLOC_PD, &prm_layout_dealloc_pd_in, &prm_layout_dealloc_pd_out, 0, 0, NULL, NULL),
	S(MLX5_CMD_OP_CREATE_UCTX, &prm_layout_create_uctx_in, &prm_layout_create_uctx_out, 0, 0, "general", PRM_PATH(cmd_hca_cap, "uctx_cap")),
	S(MLX5_CMD_OP_DESTROY_UCTX, &prm_layout_destroy_uctx_in, &prm_layout_destroy_uctx_out, 0, 0, "general", PRM_PATH(cmd_hca_cap, "uctx_cap")),
	S(MLX5_CMD_OP_ALLOC_UAR, &prm_layout_alloc_uar_in, &prm_layout_alloc_uar_out, 0, 0, NULL, NULL),
	S(MLX5_CMD_OP_DEALLOC_UAR, &prm_layout_dealloc_uar_in, &prm_layout_dealloc_uar_out, 0, 0, NULL, NULL),
	/* op_mod 1 reads; a probe reads MGIR */
	Q(MLX5_CMD_OP_ACCESS_REG, &prm_layout_access_register_in, &prm_layout_access_register_out, 1, 0xb0, NULL, NULL),
	Q(MLX5_CMD_OP_NOP, &prm_layout_nop_in, &prm_layout_nop_out, 0, 0x10, NULL, NULL),
};

const size_t prm_ncmd_infos = sizeof(prm_cmd_infos) / sizeof(prm_cmd_infos[0]);

const struct prm_cmd_info *prm_cmd_info(uint16_t opcode)
{
	for (size_t i = 0; i < prm_ncmd_infos; i++)
		if (prm_cmd_infos[i].opcode == opcode)
			return &prm_cmd_infos[i];
	return NULL;
}

int prm_cmd_opcode_parse(const char *s, uint16_t *opcode)
{
	const struct prm_names *n = &prm_cmd_opcode_names;
	char *end;
	unsigned long v;

	errno = 0;
	v = strtoul(s, &end, 0);
	if (!errno && end != s && !*end && v <= 0xffff && (s[0] >= '0' && s[0] <= '9')) {
		*opcode = (uint16_t)v;
		return 0;
	}
	for (size_t i = 0; i < n->n; i++)
		if (strcasecmp(n->v[i].name, s) == 0) {
			*opcode = (uint16_t)n->v[i].value;
			return 0;
		}
	return -1;
}

const char *prm_cmd_opcode_suggest(const char *s)
{
	const struct prm_names *n = &prm_cmd_opcode_names;
	struct match_best b;

	match_best_init(&b);
	for (size_t i = 0; i < n->n; i++) {
		/* the table pairs value and name: one name at a time */
		struct match_set one = { &n->v[i].name, 1, sizeof(n->v[i].name) };

		match_consider(&b, &one, s);
	}
	return match_best_name(&b, s);
}
