/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_PRM_LAYOUTS_H
#define PRMCTL_PRM_LAYOUTS_H

#include "lib/prm/layout.h"

/* Compiled-in layouts; one table per PRM structure. */
extern const struct prm_layout prm_layout_initseg;
extern const struct prm_layout prm_layout_health_buffer;
extern const struct prm_layout prm_layout_cmdq_entry;
extern const struct prm_layout prm_layout_cmd_mailbox_block;
extern const struct prm_layout prm_layout_mbox_in;
extern const struct prm_layout prm_layout_mbox_out;
/* Access registers (lib/prm/registers.c) and the ICMD register-access TLVs. */
extern const struct prm_layout prm_layout_mgir;
extern const struct prm_layout prm_layout_mcam;
extern const struct prm_layout prm_layout_mtcap;
extern const struct prm_layout prm_layout_mtmp;
extern const struct prm_layout prm_layout_pmlp;
extern const struct prm_layout prm_layout_mtrc_cap;
extern const struct prm_layout prm_layout_mtrc_conf;
extern const struct prm_layout prm_layout_mtrc_stdb;
extern const struct prm_layout prm_layout_mtrc_ctrl;
extern const struct prm_layout prm_layout_mcqs;
extern const struct prm_layout prm_layout_mcqi;
extern const struct prm_layout prm_layout_mcqi_version;
extern const struct prm_layout prm_layout_dtor;
extern const struct prm_layout prm_layout_host_endianness;
extern const struct prm_layout prm_layout_op_tlv;
extern const struct prm_layout prm_layout_reg_tlv;
/* Command inputs and outputs (cmd_init.c, cmd_query.c). */
extern const struct prm_layout prm_layout_enable_hca_in;
extern const struct prm_layout prm_layout_enable_hca_out;
extern const struct prm_layout prm_layout_disable_hca_in;
extern const struct prm_layout prm_layout_disable_hca_out;
extern const struct prm_layout prm_layout_query_issi_in;
extern const struct prm_layout prm_layout_query_issi_out;
extern const struct prm_layout prm_layout_set_issi_in;
extern const struct prm_layout prm_layout_set_issi_out;
extern const struct prm_layout prm_layout_query_pages_in;
extern const struct prm_layout prm_layout_query_pages_out;
extern const struct prm_layout prm_layout_manage_pages_in;
extern const struct prm_layout prm_layout_manage_pages_out;
extern const struct prm_layout prm_layout_init_hca_in;
extern const struct prm_layout prm_layout_init_hca_out;
extern const struct prm_layout prm_layout_teardown_hca_in;
extern const struct prm_layout prm_layout_teardown_hca_out;
extern const struct prm_layout prm_layout_query_hca_cap_in;
extern const struct prm_layout prm_layout_query_hca_cap_out;
extern const struct prm_layout prm_layout_query_adapter_in;
extern const struct prm_layout prm_layout_query_adapter_out;
extern const struct prm_layout prm_layout_query_adapter_struct;
extern const struct prm_layout prm_layout_nop_in;
extern const struct prm_layout prm_layout_nop_out;
extern const struct prm_layout prm_layout_access_register_in;
extern const struct prm_layout prm_layout_access_register_out;
/* SET_HCA_CAP and UAR pages (cmd_setcap.c, cmd_uar.c). */
extern const struct prm_layout prm_layout_set_hca_cap_in;
extern const struct prm_layout prm_layout_set_hca_cap_out;
extern const struct prm_layout prm_layout_alloc_uar_in;
extern const struct prm_layout prm_layout_alloc_uar_out;
extern const struct prm_layout prm_layout_dealloc_uar_in;
extern const struct prm_layout prm_layout_dealloc_uar_out;
/* Protection domains and memory keys (cmd_pd.c, cmd_mkey.c). */
extern const struct prm_layout prm_layout_alloc_pd_in;
extern const struct prm_layout prm_layout_alloc_pd_out;
extern const struct prm_layout prm_layout_dealloc_pd_in;
extern const struct prm_layout prm_layout_dealloc_pd_out;
extern const struct prm_layout prm_layout_uctx;
extern const struct prm_layout prm_layout_create_uctx_in;
extern const struct prm_layout prm_layout_create_uctx_out;
extern const struct prm_layout prm_layout_destroy_uctx_in;
extern const struct prm_layout prm_layout_destroy_uctx_out;
extern const struct prm_layout prm_layout_mkc;
extern const struct prm_layout prm_layout_mtt;
extern const struct prm_layout prm_layout_create_mkey_in;
extern const struct prm_layout prm_layout_create_mkey_out;
extern const struct prm_layout prm_layout_query_mkey_in;
extern const struct prm_layout prm_layout_query_mkey_out;
extern const struct prm_layout prm_layout_destroy_mkey_in;
extern const struct prm_layout prm_layout_destroy_mkey_out;
/* Event queues (cmd_eq.c, eqe.c). */
extern const struct prm_layout prm_layout_eqc;
extern const struct prm_layout prm_layout_create_eq_in;
extern const struct prm_layout prm_layout_create_eq_out;
extern const struct prm_layout prm_layout_destroy_eq_in;
extern const struct prm_layout prm_layout_destroy_eq_out;
extern const struct prm_layout prm_layout_gen_eqe_in;
extern const struct prm_layout prm_layout_gen_eqe_out;
extern const struct prm_layout prm_layout_eqe;
/* NVMe-oF namespace counters and e-switch functions (cmd_nvmf.c, cmd_esw.c). */
extern const struct prm_layout prm_layout_nvmf_frontend_namespace_context;
extern const struct prm_layout prm_layout_query_nvmf_namespace_in;
extern const struct prm_layout prm_layout_query_nvmf_namespace_out;
extern const struct prm_layout prm_layout_host_params_context;
extern const struct prm_layout prm_layout_query_esw_functions_in;
extern const struct prm_layout prm_layout_query_esw_functions_out;
/* DC targets and their events' EQE data (cmd_dct.c). */
extern const struct prm_layout prm_layout_dctc;
extern const struct prm_layout prm_layout_create_dct_in;
extern const struct prm_layout prm_layout_create_dct_out;
extern const struct prm_layout prm_layout_destroy_dct_in;
extern const struct prm_layout prm_layout_destroy_dct_out;
extern const struct prm_layout prm_layout_query_dct_in;
extern const struct prm_layout prm_layout_query_dct_out;
extern const struct prm_layout prm_layout_drain_dct_in;
extern const struct prm_layout prm_layout_drain_dct_out;
extern const struct prm_layout prm_layout_arm_dct_in;
extern const struct prm_layout prm_layout_arm_dct_out;
extern const struct prm_layout prm_layout_eqe_dct;
extern const struct prm_layout prm_layout_eqe_page_req;
/* Queue pairs: the context, its address path and the connection commands (qp_ctx.c, cmd_qp.c). */
extern const struct prm_layout prm_layout_qpc;
extern const struct prm_layout prm_layout_ads;
extern const struct prm_layout prm_layout_create_qp_in;
extern const struct prm_layout prm_layout_create_qp_out;
extern const struct prm_layout prm_layout_destroy_qp_in;
extern const struct prm_layout prm_layout_destroy_qp_out;
extern const struct prm_layout prm_layout_rst2init_qp_in;
extern const struct prm_layout prm_layout_rst2init_qp_out;
extern const struct prm_layout prm_layout_init2rtr_qp_in;
extern const struct prm_layout prm_layout_init2rtr_qp_out;
extern const struct prm_layout prm_layout_rtr2rts_qp_in;
extern const struct prm_layout prm_layout_rtr2rts_qp_out;
extern const struct prm_layout prm_layout_qp_2rst_in;
extern const struct prm_layout prm_layout_qp_2rst_out;
extern const struct prm_layout prm_layout_query_qp_in;
extern const struct prm_layout prm_layout_query_qp_out;
/* QUERY_HCA_CAP capability pages (caps_*.c; see lib/prm/caps.h). */
extern const struct prm_layout prm_layout_cmd_hca_cap;
extern const struct prm_layout prm_layout_cmd_hca_cap_2;
extern const struct prm_layout prm_layout_atomic_caps;
extern const struct prm_layout prm_layout_roce_cap;
extern const struct prm_layout prm_layout_e_switch_cap;
extern const struct prm_layout prm_layout_debug_cap;
/* Send WQE segments of an RDMA atomic (wqe.c): plain structs of big-endian words. */
extern const struct prm_layout prm_layout_wqe_ctrl_seg;
extern const struct prm_layout prm_layout_wqe_raddr_seg;
extern const struct prm_layout prm_layout_wqe_atomic_seg;
extern const struct prm_layout prm_layout_wqe_masked_cs32_seg;
extern const struct prm_layout prm_layout_wqe_masked_fa32_seg;
extern const struct prm_layout prm_layout_wqe_masked_cs64_seg;
extern const struct prm_layout prm_layout_wqe_masked_fa64_seg;
extern const struct prm_layout prm_layout_wqe_data_seg;

/* All compiled-in layouts, NULL-terminated, in the order `decode --list` shows. */
extern const struct prm_layout *const prm_layouts[];

/* Exact (case-insensitive) name lookup; NULL when unknown. */
const struct prm_layout *prm_layout_lookup(const char *name);

/* Helpers for writing tables: a field as (name, bit offset, width, ...). */
#define PRM_FIELD(n, o, w, ...) { .name = (n), .off = (o), .width = (w), __VA_ARGS__ }
#define PRM_LAYOUT_FIELDS(arr) .nfields = sizeof(arr) / sizeof((arr)[0]), .fields = (arr)

/* A table's own value names: PRM_NAMES(port_type_names, { 0, "ib" }, ...). */
#define PRM_NAMES(sym, ...)						\
	static const struct prm_name sym##_v[] = { __VA_ARGS__ };	\
	static const struct prm_names sym = { sizeof(sym##_v) / sizeof(sym##_v[0]), sym##_v }

/*
 * The header of a command input (mlx5_ifc.h *_in_bits): opcode and op_mod,
 * and in most commands a uid between them (0: mlx5_core's own context).
 * Files using these include lib/prm/names.h.
 */
#define PRM_CMD_IN_HDR							\
	PRM_FIELD("opcode", 0x00, 0x10, .names = &prm_cmd_opcode_names),	\
	PRM_FIELD("op_mod", 0x30, 0x10)
#define PRM_CMD_IN_HDR_UID						\
	PRM_FIELD("opcode", 0x00, 0x10, .names = &prm_cmd_opcode_names),	\
	PRM_FIELD("uid", 0x10, 0x10, .desc = "user context; 0: the kernel's"),	\
	PRM_FIELD("op_mod", 0x30, 0x10)

/* The header every command output starts with (mlx5_ifc.h *_out_bits). */
#define PRM_CMD_OUT_HDR							\
	PRM_FIELD("status", 0x00, 0x08, .names = &prm_cmd_status_names),	\
	PRM_FIELD("syndrome", 0x20, 0x20)

#endif
