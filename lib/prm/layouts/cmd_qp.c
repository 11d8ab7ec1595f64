// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * QP commands, the ones a connection needs: CREATE_QP (0x500) makes a QP
 * from a QP context (qpc, qp_ctx.c) and answers its number (qpn);
 * RST2INIT_QP (0x502), INIT2RTR_QP (0x503) and RTR2RTS_QP (0x504) move it
 * along, each with a context whose fields opt_param_mask (beyond those the
 * transition requires) says to apply; 2RST_QP (0x50a) sends it back to
 * RESET from any state; QUERY_QP (0x50b) reads the context back with its
 * state; DESTROY_QP (0x501) frees it. Ungated: every mlx5 device has QPs.
 *
 * Source: include/linux/mlx5/mlx5_ifc.h as in knneth/mlnx-ofa_kernel@2850235
 * (MLNX_OFED 25.10.1.7.1.1):
 *   MLX5_CMD_OP_CREATE_QP .. MLX5_CMD_OP_QUERY_QP :156-165;
 *   mlx5_ifc_rtr2rts_qp_out_bits :5601-5609, mlx5_ifc_rtr2rts_qp_in_bits
 *   :5611-5630, mlx5_ifc_rst2init_qp_out_bits :5632-5640,
 *   mlx5_ifc_rst2init_qp_in_bits :5642-5661, mlx5_ifc_query_qp_out_bits
 *   :6241-6258, mlx5_ifc_query_qp_in_bits :6260-6272,
 *   mlx5_ifc_qp_2rst_out_bits :8033-8040, mlx5_ifc_qp_2rst_in_bits
 *   :8042-8053, mlx5_ifc_init2rtr_qp_out_bits :8665-8673,
 *   mlx5_ifc_init2rtr_qp_in_bits :8675-8694, mlx5_ifc_destroy_qp_out_bits
 *   :9110-9117, mlx5_ifc_destroy_qp_in_bits :9119-9130,
 *   mlx5_ifc_create_qp_out_bits :9783-9793, mlx5_ifc_create_qp_in_bits
 *   :9795-9821.
 *   include/linux/mlx5/qp.h:54-78 enum mlx5_qp_optpar: the bits of
 *   opt_param_mask (1 << 0 ALT_ADDR_PATH, 1 RRE, 2 RAE, 3 RWE, 4 PKEY_INDEX,
 *   5 Q_KEY, 6 RNR_TIMEOUT, 7 PRIMARY_ADDR_PATH, 8 SRA_MAX, 9 RRA_MAX,
 *   10 PM_STATE, 12 RETRY_COUNT, 13 RNR_RETRY, 14 ACK_TIMEOUT,
 *   15 LAG_TX_AFF, 16 PRI_PORT, 17 PRIMARY_ADDR_PATH_DSCP, 18 RMPN_XRQN,
 *   19 CQN_RCV, 20 DC_HS, 21 DC_KEY, 24 OFFLOAD_TYPE, 25 COUNTER_SET_ID).
 * How the kernel uses them, same tree, drivers/infiniband/hw/mlx5/:
 *  - qpc.c:263-297 mlx5_qpc_create_qp sets the opcode and sends the caller's
 *    create_qp_in (qp.c fills uid and the context, then the page list);
 *    the QP's number and uid come back from create_qp_out.qpn and
 *    create_qp_in.uid. qpc.c:338-350 destroy: opcode, qpn, uid.
 *  - qpc.c:420-510 modify_qp_mbox_alloc: every transition sets opcode, qpn,
 *    uid; those with a context also opt_param_mask and the 232-byte qpc at
 *    byte 0x18, and RST2INIT/INIT2RTR/RTR2RTS the ece word; 2RST has
 *    neither. qpc.c:559-569 query: opcode, qpn, qpc_ext (no uid).
 *  - qp.c:4294-4600 __mlx5_ib_modify_qp fills the context and computes
 *    opt_param_mask (ib_mask_to_mlx5_opt :3903-3970, masked by opt_mask
 *    :3785-); mlx5_set_path :3689-3780 fills the address path.
 *
 * Other copy: saeedtx/mlx5ctl@0f64d16 (its copy of upstream mlx5_ifc.h):
 * create_qp_in :8544-8567 has reserved_at_40[0x8] where qpc_ext is and
 * reserved_at_800[0x60] where wq_umem_offset and wq_umem_id are;
 * query_qp_in :5408-5419 has reserved_at_40[0x8] for qpc_ext; query_qp_out
 * :5389-5406 ends in pas[][0x40] where this tree has the union
 * qp_pas_or_qpc_ext_and_pas. The other structs are identical.
 *
 * Sizes: every command with a context is 0x880 bits = 272 bytes, the
 * context at bit 0xc0 (byte 0x18). create_qp_in ends there where pas[][0x40]
 * (the WQ buffer's page addresses, a flexible array) starts, as
 * create_mkey_in ends at its translations; query_qp_out likewise ends
 * where its page list (or, with qpc_ext, the context extension) starts.
 * The other ins and outs are 16 bytes. A QP number is 24 bits, the low
 * three bytes of dword 2 (bit 0x48).
 */
#include "lib/prm/layouts/layouts.h"
#include "lib/prm/names.h"

#define SRC "linux include/linux/mlx5/mlx5_ifc.h "

#define FLAG(n, o, ...) PRM_FIELD(n, o, 1, .fmt = PRM_FMT_BOOL, __VA_ARGS__)
#define QPN(d) PRM_FIELD("qpn", 0x48, 0x18, .desc = (d))
#define OPT_PARAM_MASK							\
	PRM_FIELD("opt_param_mask", 0x80, 0x20,				\
		  .desc = "optional context fields to apply (qp.h MLX5_QP_OPTPAR_*)")
#define ECE(d) PRM_FIELD("ece", 0xa0, 0x20, .desc = (d))
#define QPC PRM_FIELD("qpc", 0xc0, 0x740, .sub = &prm_layout_qpc)

/* ---- CREATE_QP (0x500) ---- */

static const struct prm_field create_qp_in_fields[] = {
	PRM_CMD_IN_HDR_UID,
	FLAG("qpc_ext", 0x40, .desc = "a QP context extension follows (OFED header; reserved upstream)"),
	PRM_FIELD("input_qpn", 0x48, 0x18, .desc = "QP number asked for (OFED header; reserved upstream)"),
	OPT_PARAM_MASK,
	ECE("enhanced connection establishment options asked for"),
	QPC,
	PRM_FIELD("wq_umem_offset", 0x800, 0x40,
		  .desc = "WQ buffer offset in its umem (DEVX; OFED header; reserved upstream)"),
	PRM_FIELD("wq_umem_id", 0x840, 0x20,
		  .desc = "umem of the WQ buffer (DEVX; OFED header; reserved upstream)"),
	FLAG("wq_umem_valid", 0x860, .desc = "the WQ buffer is wq_umem_id, not pas"),
};

const struct prm_layout prm_layout_create_qp_in = {
	.name = "create_qp_in",
	.desc = "CREATE_QP input, without the pas page list that follows (272 bytes)",
	.source = SRC "mlx5_ifc_create_qp_in_bits",
	.bits = 0x880,
	PRM_LAYOUT_FIELDS(create_qp_in_fields),
};

static const struct prm_field create_qp_out_fields[] = {
	PRM_CMD_OUT_HDR,
	QPN("QP number created"),
	PRM_FIELD("ece", 0x60, 0x20, .desc = "enhanced connection establishment options granted"),
};

const struct prm_layout prm_layout_create_qp_out = {
	.name = "create_qp_out",
	.desc = "CREATE_QP output",
	.source = SRC "mlx5_ifc_create_qp_out_bits",
	.bits = 0x80,
	PRM_LAYOUT_FIELDS(create_qp_out_fields),
};

/* ---- DESTROY_QP (0x501) ---- */

static const struct prm_field destroy_qp_in_fields[] = {
	PRM_CMD_IN_HDR_UID,
	QPN("QP to destroy"),
};

const struct prm_layout prm_layout_destroy_qp_in = {
	.name = "destroy_qp_in",
	.desc = "DESTROY_QP input",
	.source = SRC "mlx5_ifc_destroy_qp_in_bits",
	.bits = 0x80,
	PRM_LAYOUT_FIELDS(destroy_qp_in_fields),
};

static const struct prm_field destroy_qp_out_fields[] = {
	PRM_CMD_OUT_HDR,
};

const struct prm_layout prm_layout_destroy_qp_out = {
	.name = "destroy_qp_out",
	.desc = "DESTROY_QP output",
	.source = SRC "mlx5_ifc_destroy_qp_out_bits",
	.bits = 0x80,
	PRM_LAYOUT_FIELDS(destroy_qp_out_fields),
};

/* ---- RST2INIT_QP (0x502), INIT2RTR_QP (0x503), RTR2RTS_QP (0x504): same shape ---- */

static const struct prm_field modify_qp_in_fields[] = {
	PRM_CMD_IN_HDR_UID,
	QPN("QP to move"),
	OPT_PARAM_MASK,
	ECE("enhanced connection establishment options"),
	QPC,
};

static const struct prm_field modify_qp_out_fields[] = {
	PRM_CMD_OUT_HDR,
	PRM_FIELD("ece", 0x60, 0x20, .desc = "enhanced connection establishment options granted"),
};

/* The in and out layouts of one transition: prm_layout_<nm>_in and prm_layout_<nm>_out. */
#define MODIFY_QP_LAYOUTS(nm, NM)					\
	const struct prm_layout prm_layout_##nm##_in = {		\
		.name = #nm "_in",					\
		.desc = NM " input (272 bytes)",			\
		.source = SRC "mlx5_ifc_" #nm "_in_bits",		\
		.bits = 0x880,						\
		PRM_LAYOUT_FIELDS(modify_qp_in_fields),			\
	};								\
	const struct prm_layout prm_layout_##nm##_out = {		\
		.name = #nm "_out",					\
		.desc = NM " output",					\
		.source = SRC "mlx5_ifc_" #nm "_out_bits",		\
		.bits = 0x80,						\
		PRM_LAYOUT_FIELDS(modify_qp_out_fields),		\
	}

MODIFY_QP_LAYOUTS(rst2init_qp, "RST2INIT_QP");
MODIFY_QP_LAYOUTS(init2rtr_qp, "INIT2RTR_QP");
MODIFY_QP_LAYOUTS(rtr2rts_qp, "RTR2RTS_QP");

/* ---- 2RST_QP (0x50a) ---- */

static const struct prm_field qp_2rst_in_fields[] = {
	PRM_CMD_IN_HDR_UID,
	QPN("QP to reset"),
};

const struct prm_layout prm_layout_qp_2rst_in = {
	.name = "qp_2rst_in",
	.desc = "2RST_QP input",
	.source = SRC "mlx5_ifc_qp_2rst_in_bits",
	.bits = 0x80,
	PRM_LAYOUT_FIELDS(qp_2rst_in_fields),
};

static const struct prm_field qp_2rst_out_fields[] = {
	PRM_CMD_OUT_HDR,
};

const struct prm_layout prm_layout_qp_2rst_out = {
	.name = "qp_2rst_out",
	.desc = "2RST_QP output",
	.source = SRC "mlx5_ifc_qp_2rst_out_bits",
	.bits = 0x80,
	PRM_LAYOUT_FIELDS(qp_2rst_out_fields),
};

/* ---- QUERY_QP (0x50b) ---- */

static const struct prm_field query_qp_in_fields[] = {
	PRM_CMD_IN_HDR,	/* no uid: reserved_at_10 */
	FLAG("qpc_ext", 0x40,
	     .desc = "answer the context extension too (OFED header; reserved upstream)"),
	QPN("QP to query"),
};

const struct prm_layout prm_layout_query_qp_in = {
	.name = "query_qp_in",
	.desc = "QUERY_QP input",
	.source = SRC "mlx5_ifc_query_qp_in_bits",
	.bits = 0x80,
	PRM_LAYOUT_FIELDS(query_qp_in_fields),
};

static const struct prm_field query_qp_out_fields[] = {
	PRM_CMD_OUT_HDR,
	OPT_PARAM_MASK,
	ECE("enhanced connection establishment options in use"),
	QPC,
};

const struct prm_layout prm_layout_query_qp_out = {
	.name = "query_qp_out",
	.desc = "QUERY_QP output, without the page list that follows (272 bytes)",
	.source = SRC "mlx5_ifc_query_qp_out_bits",
	.bits = 0x880,
	PRM_LAYOUT_FIELDS(query_qp_out_fields),
};
