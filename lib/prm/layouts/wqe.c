// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Send WQE segments for an RDMA atomic: a user crafting one by hand writes
 *
 *	ctrl (16) | raddr (16) | atomic arguments (16 or 32) | data (16)
 *
 * into the send queue, in 16-byte units (ds) and 64-byte basic blocks.
 * These are plain C structs of big-endian words, not mlx5_ifc _bits
 * structs; the bit offsets below are byte offsets times 8 (as in eqe.c), and
 * a sub-byte field counts its bits from the byte's most significant one.
 *
 * Sources:
 *  K  include/linux/mlx5/qp.h as in knneth/mlnx-ofa_kernel@2850235
 *     (MLNX_OFED 25.10.1.7.1.1): struct mlx5_wqe_ctrl_seg :207-224,
 *     MLX5_WQE_CTRL_DS_MASK 0x3f, _QPN_SHIFT 8, _OPCODE_MASK 0xff,
 *     _WQE_INDEX_MASK 0x00ffff00 :226-232; MLX5_WQE_CTRL_CQ_UPDATE 2 << 2,
 *     _CQ_UPDATE_AND_EQE 3 << 2, _SOLICITED 1 << 1 :150-155;
 *     MLX5_FENCE_MODE_* n << 5 :178-184; struct mlx5_wqe_masked_atomic_seg
 *     :293-298; mlx5_wqe_raddr_seg :355-359; mlx5_wqe_atomic_seg :361-364;
 *     mlx5_wqe_data_seg :366-370. Opcodes: include/linux/mlx5/device.h
 *     :432-469 (MLX5_OPCODE_*). The same tree at 0e5add8 (OFED 4.4) also has
 *     qp.h:232-235 MLX5_WQE_CTRL_OPMOD_SHIFT 24, _OPMOD_EXT_ATOMIC 0x08,
 *     _OPMOD_OP_LEN 0x07.
 *  R  linux-rdma/rdma-core@691953d providers/mlx5/mlx5dv.h: MLX5_OPCODE_*
 *     :1074-1095; MLX5_WQE_CTRL_* :1269-1274; mlx5_wqe_data_seg :1297-1301;
 *     mlx5_wqe_ctrl_seg :1303-1310 (bytes 9-10 are dci_stream_channel_id,
 *     K's rsvd[2]); mlx5_wqe_raddr_seg :1341-1345; mlx5_wqe_atomic_seg
 *     :1347-1350; mlx5dv_set_ctrl_seg :1489-1506 (opmod << 24 | pi << 8 |
 *     opcode; qp_num << 8 | ds), mlx5dv_set_data_seg :1589-1597;
 *     providers/mlx5/wqe.h:64-69 struct mlx5_wqe_masked_atomic_seg.
 *  U  openucx/ucx@9466d10 src/uct/ib/mlx5/ib_mlx5.h:93-94
 *     UCT_IB_MLX5_OPMOD_EXT_ATOMIC(l) = 8 | (l - 2); :769-793
 *     uct_ib_mlx5_atomic_masked_cswap32_seg {swap, compare, swap_mask,
 *     compare_mask}, _fadd32_seg {add, filed_boundary (sic), reserved[2]},
 *     _cswap64_seg {swap, compare}, _fadd64_seg {add, filed_boundary};
 *     rc/rc_mlx5.inl:650-813 uct_rc_mlx5_txqp_dptr_post (the masked 64-bit
 *     CAS is two cswap64 halves: swap, compare, then swap_mask,
 *     compare_mask, :754-763).
 *
 * Extended (masked) atomics set the control segment's opmod to
 * 0x08 | (log2(argument bytes) - 2): 0x08 for 4 bytes, 0x09 for 8; standard
 * CS/FA use 0. The masked 64-bit CAS segment is K's and R's
 * mlx5_wqe_masked_atomic_seg (swap_add, compare, swap_add_mask,
 * compare_mask); its fields here are named as U's and as the 32-bit one's.
 * The wider masked operations (16-64 bytes) repeat the pattern with more
 * 64-bit words and have no layout here.
 *
 * Bits no header names are left out as reserved: byte 7 bits 7-6 (above ds,
 * MLX5_WQE_CTRL_DS_MASK 0x3f) and fm_ce_se bits 4 and 0.
 */
#include "lib/prm/layouts/layouts.h"

#define SRC "linux include/linux/mlx5/qp.h "
#define SRC_UCX "ucx src/uct/ib/mlx5/ib_mlx5.h "

#define BE32(n, o, ...) PRM_FIELD(n, o, 0x20, __VA_ARGS__)
#define BE64(n, o, ...) PRM_FIELD(n, o, 0x40, __VA_ARGS__)

/* A 16-byte segment. */
#define SEG16(sym, nm, d, src, flds)					\
	const struct prm_layout sym = {					\
		.name = nm, .desc = d, .source = src, .bits = 0x80,	\
		PRM_LAYOUT_FIELDS(flds),				\
	}

/* ---- control segment ---- */

PRM_NAMES(wqe_opcode_names,
	{ 0x00, "NOP" }, { 0x01, "SEND_INVAL" }, { 0x08, "RDMA_WRITE" },
	{ 0x09, "RDMA_WRITE_IMM" }, { 0x0a, "SEND" }, { 0x0b, "SEND_IMM" },
	{ 0x0e, "LSO" }, { 0x10, "RDMA_READ" }, { 0x11, "ATOMIC_CS" },
	{ 0x12, "ATOMIC_FA" }, { 0x14, "ATOMIC_MASKED_CS" },
	{ 0x15, "ATOMIC_MASKED_FA" }, { 0x18, "BIND_MW" }, { 0x19, "FMR" },
	{ 0x1b, "LOCAL_INVAL" }, { 0x1f, "CONFIG_CMD" }, { 0x20, "SET_PSV" },
	{ 0x21, "GET_PSV" }, { 0x22, "CHECK_PSV" }, { 0x23, "DUMP" },
	{ 0x25, "UMR" }, { 0x26, "RGET_PSV" }, { 0x27, "RCHECK_PSV" },
	{ 0x28, "TAG_MATCHING" }, { 0x29, "ENHANCED_MPSW" },
	{ 0x2c, "FLOW_TBL_ACCESS" }, { 0x2d, "ACCESS_ASO" }, { 0x2f, "MMO" });
PRM_NAMES(wqe_fm_names,
	{ 0, "NONE" }, { 1, "INITIATOR_SMALL" }, { 2, "FENCE" },
	{ 3, "STRONG_ORDERING" }, { 4, "SMALL_AND_FENCE" });
PRM_NAMES(wqe_ce_names, { 2, "CQ_UPDATE" }, { 3, "CQ_UPDATE_AND_EQE" });

static const struct prm_field wqe_ctrl_seg_fields[] = {
	/* opmod_idx_opcode */
	PRM_FIELD("opmod", 0x00, 0x08,
		  .desc = "opcode modifier; extended (masked) atomics: 0x08 | (log2(bytes) - 2), "
			  "0x08 for 4 bytes, 0x09 for 8; standard atomics 0"),
	PRM_FIELD("wqe_index", 0x08, 0x10, .fmt = PRM_FMT_DEC,
		  .desc = "producer index of the WQE's first 64-byte block, wrapping at 0xffff"),
	PRM_FIELD("opcode", 0x18, 0x08, .names = &wqe_opcode_names,
		  .desc = "what the WQE does (MLX5_OPCODE_*)"),
	/* qpn_ds = qpn << 8 | ds */
	PRM_FIELD("qpn", 0x20, 0x18, .desc = "QP (or SQ) number the WQE is posted to"),
	PRM_FIELD("ds", 0x3a, 0x06, .fmt = PRM_FMT_DEC,
		  .desc = "WQE size in 16-byte units, this segment included"),
	PRM_FIELD("signature", 0x40, 0x08,
		  .desc = "WQE signature (QPs created with signatures; else 0)"),
	PRM_FIELD("dci_stream_channel_id", 0x48, 0x10,
		  .desc = "DCI stream channel (rdma-core; reserved in the kernel header)"),
	/* fm_ce_se */
	PRM_FIELD("fm", 0x58, 0x03, .names = &wqe_fm_names,
		  .desc = "fence mode (MLX5_FENCE_MODE_*; rdma-core's MLX5_WQE_CTRL_FENCE is 4)"),
	PRM_FIELD("ce", 0x5c, 0x02, .names = &wqe_ce_names,
		  .desc = "completion: 2 a CQE when done (a signalled WR), 3 a CQE and an EQE; 0 unsignalled"),
	PRM_FIELD("se", 0x5e, 0x01, .fmt = PRM_FMT_BOOL, .desc = "solicited event"),
	PRM_FIELD("imm", 0x60, 0x20,
		  .desc = "immediate data, invalidation key or UMR mkey; 0 for atomics"),
};

SEG16(prm_layout_wqe_ctrl_seg, "wqe_ctrl_seg", "send WQE control segment",
      SRC "struct mlx5_wqe_ctrl_seg", wqe_ctrl_seg_fields);

/* ---- remote address segment ---- */

static const struct prm_field wqe_raddr_seg_fields[] = {
	BE64("raddr", 0x00, .desc = "remote virtual address"),
	BE32("rkey", 0x40, .desc = "remote memory key"),
};

SEG16(prm_layout_wqe_raddr_seg, "wqe_raddr_seg", "send WQE remote address segment",
      SRC "struct mlx5_wqe_raddr_seg", wqe_raddr_seg_fields);

/* ---- standard 8-byte compare-and-swap / fetch-and-add ---- */

static const struct prm_field wqe_atomic_seg_fields[] = {
	BE64("swap_add", 0x00, .desc = "ATOMIC_CS: the value to swap in; ATOMIC_FA: the addend"),
	BE64("compare", 0x40, .desc = "ATOMIC_CS: the value to compare with; unused by ATOMIC_FA"),
};

SEG16(prm_layout_wqe_atomic_seg, "wqe_atomic_seg",
      "send WQE atomic segment (ATOMIC_CS, ATOMIC_FA on 8 bytes)",
      SRC "struct mlx5_wqe_atomic_seg", wqe_atomic_seg_fields);

/* ---- masked compare-and-swap ---- */

#define MASKED_CS(W, o)							\
	PRM_FIELD("swap", 0 * (o), W,					\
		  .desc = "written where swap_mask has ones, if the compare matched"),	\
	PRM_FIELD("compare", 1 * (o), W,				\
		  .desc = "compared with memory where compare_mask has ones"),	\
	PRM_FIELD("swap_mask", 2 * (o), W,				\
		  .desc = "bits of memory to replace with swap's"),	\
	PRM_FIELD("compare_mask", 3 * (o), W,				\
		  .desc = "bits to compare; 0: swap unconditionally")

static const struct prm_field wqe_masked_cs32_seg_fields[] = {
	MASKED_CS(0x20, 0x20),
};

SEG16(prm_layout_wqe_masked_cs32_seg, "wqe_masked_cs32_seg",
      "send WQE masked compare-and-swap arguments (ATOMIC_MASKED_CS on 4 bytes)",
      SRC_UCX "struct uct_ib_mlx5_atomic_masked_cswap32_seg", wqe_masked_cs32_seg_fields);

static const struct prm_field wqe_masked_cs64_seg_fields[] = {
	MASKED_CS(0x40, 0x40),
};

const struct prm_layout prm_layout_wqe_masked_cs64_seg = {
	.name = "wqe_masked_cs64_seg",
	.desc = "send WQE masked compare-and-swap arguments (ATOMIC_MASKED_CS on 8 bytes; 32 bytes)",
	.source = SRC "struct mlx5_wqe_masked_atomic_seg",
	.bits = 0x100,
	PRM_LAYOUT_FIELDS(wqe_masked_cs64_seg_fields),
};

/* ---- masked fetch-and-add ---- */

#define MASKED_FA(W)							\
	PRM_FIELD("add", 0, W, .desc = "the addend, added field by field"),	\
	PRM_FIELD("field_boundary", W, W,				\
		  .desc = "ones mark field boundaries; each field is added on its own "	\
			  "(0: one field; all ones: XOR)")

static const struct prm_field wqe_masked_fa32_seg_fields[] = {
	MASKED_FA(0x20),
};

SEG16(prm_layout_wqe_masked_fa32_seg, "wqe_masked_fa32_seg",
      "send WQE masked fetch-and-add arguments (ATOMIC_MASKED_FA on 4 bytes)",
      SRC_UCX "struct uct_ib_mlx5_atomic_masked_fadd32_seg", wqe_masked_fa32_seg_fields);

static const struct prm_field wqe_masked_fa64_seg_fields[] = {
	MASKED_FA(0x40),
};

SEG16(prm_layout_wqe_masked_fa64_seg, "wqe_masked_fa64_seg",
      "send WQE masked fetch-and-add arguments (ATOMIC_MASKED_FA on 8 bytes)",
      SRC_UCX "struct uct_ib_mlx5_atomic_masked_fadd64_seg", wqe_masked_fa64_seg_fields);

/* ---- data (scatter/gather) segment ---- */

static const struct prm_field wqe_data_seg_fields[] = {
	BE32("byte_count", 0x00, .fmt = PRM_FMT_DEC,
	     .desc = "bytes; for an atomic, the argument size (the old value lands here)"),
	BE32("lkey", 0x20, .desc = "local memory key"),
	BE64("addr", 0x40, .desc = "local virtual address"),
};

SEG16(prm_layout_wqe_data_seg, "wqe_data_seg", "send WQE data (scatter/gather) segment",
      SRC "struct mlx5_wqe_data_seg", wqe_data_seg_fields);
