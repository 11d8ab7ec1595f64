// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Memory keys: the memory key context (mkc), an MTT entry, and the
 * CREATE_MKEY (0x200), QUERY_MKEY (0x201) and DESTROY_MKEY (0x202) commands.
 * An mkey lets the device reach host memory by a virtual range: the mkc says
 * where (start_addr, len), who (pd, qpn), how (access mode, lw/lr/rw/rr/a)
 * and the page size; the translation entries (for access mode MTT: one
 * 8-byte page address each) follow the CREATE_MKEY input.
 *
 * Source: include/linux/mlx5/mlx5_ifc.h as in knneth/mlnx-ofa_kernel@2850235
 * (MLNX_OFED 25.10.1.7.1.1):
 *   MLX5_CMD_OP_CREATE_MKEY..DESTROY_MKEY :140-142;
 *   MLX5_MKC_ACCESS_MODE_* :4535-4543, mlx5_ifc_mkc_bits :4545-4597,
 *   mlx5_ifc_query_mkey_out_bits :6464-6479, mlx5_ifc_query_mkey_in_bits
 *   :6481-6493, mlx5_ifc_destroy_mkey_out_bits :9154-9161,
 *   mlx5_ifc_destroy_mkey_in_bits :9163-9174, mlx5_ifc_create_mkey_out_bits
 *   :9858-9868, mlx5_ifc_create_mkey_in_bits :9870-9893,
 *   mlx5_ifc_mtt_bits :11637-11644.
 * How the kernel fills them, same tree:
 *  - drivers/net/ethernet/mellanox/mlx5/core/mr.c:38-79
 *    (mlx5_core_create_mkey sets the opcode and makes the key
 *    mkey_index << 8 | mkc.mkey_7_0; destroy and query send
 *    mkey >> 8, include/linux/mlx5/driver.h:1288-1296).
 *  - drivers/net/ethernet/mellanox/mlx5/core/diag/fw_tracer.c:178-218
 *    mlx5_fw_tracer_create_mkey, the firmware tracer's host buffer
 *    (diag/fw_tracer.h:42-44: 64 pages of 4096 bytes): access_mode_1_0 MTT,
 *    lr, lw, pd from ALLOC_PD, qpn 0xffffff, log_page_size PAGE_SHIFT,
 *    translations_octword_size and translations_octword_actual_size
 *    DIV_ROUND_UP(64, 2) = 32, start_addr the buffer's DMA address, len
 *    its size; then 64 MTT entries, each cpu_to_be64(dma + i * PAGE_SIZE):
 *    the page address written whole, rd_en/wr_en 0 (pg_access is 0).
 *  - drivers/infiniband/hw/mlx5/mr.c:1384-1391: with pg_access set the
 *    MTT entries carry rd_en/wr_en (mlx5_ib.h:632-633, :670).
 *
 * Other copy: saeedtx/mlx5ctl@0f64d16 (an older copy of upstream
 * mlx5_ifc.h): the PD commands' and the mkey outputs' structs are identical;
 * mkc (:3987-4037) has reserved_at_120[0x80] where crossing_target_vhca_id
 * is, and reserved_at_1d9[0x1] (at 0x1da) + log_page_size[0x5] at 0x1db (the low five
 * bits sit where they do here, so page sizes below 2^32 read the same);
 * create_mkey_in (:8616-8639) has no data_direct (reserved) and
 * mkey_umem_id[0x20] at 0x320, reserved in the OFED header.
 *
 * Access mode: a 5-bit number split in two fields, mode =
 * access_mode_4_2 << 2 | access_mode_1_0 (infiniband/hw/mlx5/devx.c:1400-1401
 * reads it so): 0 PA, 1 MTT, 2 KLMS, 3 KSM, 4 SW_ICM, 5 MEMIC, 6 CROSSING.
 * Neither half has value names of its own: a name on one half alone would
 * be wrong whenever the other is not 0.
 *
 * Sizes: create_mkey_in ends where klm_pas_mtt[][0x20] (the translation
 * entries, a flexible array) starts, at bit 0x880 = byte 0x110, as
 * create_eq_in ends at its pas. translations_octword_actual_size counts
 * that array in 16-byte units: two MTT entries each. query_mkey_out is
 * 0x980 bits = 304 bytes, with its first translation octwords inline.
 */
#include "lib/prm/layouts/layouts.h"
#include "lib/prm/names.h"

#define SRC "linux include/linux/mlx5/mlx5_ifc.h "

#define FLAG(n, o, ...) PRM_FIELD(n, o, 1, .fmt = PRM_FMT_BOOL, __VA_ARGS__)
#define MKEY_INDEX(d) PRM_FIELD("mkey_index", 0x48, 0x18, .desc = (d))

/* ---- memory key context ---- */

static const struct prm_field mkc_fields[] = {
	FLAG("free", 0x001, .desc = "created free: not usable until a UMR sets it up"),
	PRM_FIELD("access_mode_4_2", 0x003, 0x03,
		  .desc = "access mode bits 4:2 (see access_mode_1_0)"),
	FLAG("relaxed_ordering_write", 0x00d, .desc = "PCIe relaxed ordering on writes"),
	FLAG("small_fence_on_rdma_read_response", 0x00f),
	FLAG("umr_en", 0x010, .desc = "a UMR may modify this key"),
	FLAG("a", 0x011, .desc = "remote atomic allowed"),
	FLAG("rw", 0x012, .desc = "remote write allowed"),
	FLAG("rr", 0x013, .desc = "remote read allowed"),
	FLAG("lw", 0x014, .desc = "local write allowed"),
	FLAG("lr", 0x015, .desc = "local read allowed"),
	PRM_FIELD("access_mode_1_0", 0x016, 0x02,
		  .desc = "access mode bits 1:0; mode = access_mode_4_2 << 2 | this: "
			  "0 PA, 1 MTT, 2 KLMS, 3 KSM, 4 SW_ICM, 5 MEMIC, 6 CROSSING"),
	PRM_FIELD("ma_translation_mode", 0x01a, 0x02),
	PRM_FIELD("qpn", 0x020, 0x18,
		  .desc = "QP the key is bound to; 0xffffff: none"),
	PRM_FIELD("mkey_7_0", 0x038, 0x08,
		  .desc = "the key's low byte: mkey = mkey_index << 8 | mkey_7_0"),
	FLAG("length64", 0x060, .desc = "the region is 2^64 bytes; len is ignored"),
	FLAG("bsf_en", 0x061, .desc = "signature (BSF) enabled"),
	FLAG("sync_umr", 0x062),
	FLAG("expected_sigerr_count", 0x065),
	FLAG("en_rinval", 0x067, .desc = "remote invalidate enabled"),
	PRM_FIELD("pd", 0x068, 0x18, .desc = "protection domain (ALLOC_PD)"),
	PRM_FIELD("start_addr", 0x080, 0x40,
		  .desc = "virtual address of the region's first byte"),
	PRM_FIELD("len", 0x0c0, 0x40, .fmt = PRM_FMT_DEC,
		  .desc = "length of the region in bytes"),
	PRM_FIELD("bsf_octword_size", 0x100, 0x20, .fmt = PRM_FMT_DEC,
		  .desc = "BSF size in 16-byte units"),
	PRM_FIELD("crossing_target_vhca_id", 0x180, 0x10,
		  .desc = "vHCA of the target (access mode CROSSING)"),
	PRM_FIELD("translations_octword_size", 0x1a0, 0x20, .fmt = PRM_FMT_DEC,
		  .desc = "translation entries in 16-byte units (MTT: two entries each)"),
	FLAG("relaxed_ordering_read", 0x1d9, .desc = "PCIe relaxed ordering on reads"),
	PRM_FIELD("log_page_size", 0x1da, 0x06, .fmt = PRM_FMT_DEC,
		  .desc = "log2 of the page size in bytes (12: 4 KiB; 5 bits wide in older headers)"),
};

const struct prm_layout prm_layout_mkc = {
	.name = "mkc",
	.desc = "memory key context (64 bytes; CREATE_MKEY and QUERY_MKEY from byte 0x10)",
	.source = SRC "mlx5_ifc_mkc_bits",
	.bits = 0x200,
	PRM_LAYOUT_FIELDS(mkc_fields),
};

/* ---- an MTT entry: one page of an access-mode-MTT key ---- */

static const struct prm_field mtt_fields[] = {
	PRM_FIELD("ptag_63_32", 0x00, 0x20,
		  .desc = "page address bits 63:32"),
	PRM_FIELD("ptag_31_8", 0x20, 0x18,
		  .desc = "page address bits 31:8"),
	FLAG("wr_en", 0x3e, .desc = "write allowed; used when create_mkey_in.pg_access is set"),
	FLAG("rd_en", 0x3f, .desc = "read allowed; used when create_mkey_in.pg_access is set"),
};

const struct prm_layout prm_layout_mtt = {
	.name = "mtt",
	.desc = "MTT entry (8 bytes; CREATE_MKEY's klm_pas_mtt from byte 0x110)",
	.source = SRC "mlx5_ifc_mtt_bits",
	.bits = 0x40,
	PRM_LAYOUT_FIELDS(mtt_fields),
};

/* ---- CREATE_MKEY (0x200) ---- */

/* klm_pas_mtt[][0x20] follows at 0x880 (byte 0x110): the translation entries. */
static const struct prm_field create_mkey_in_fields[] = {
	PRM_CMD_IN_HDR_UID,
	FLAG("pg_access", 0x60, .desc = "MTT entries carry their own rd_en/wr_en"),
	FLAG("mkey_umem_valid", 0x61, .desc = "set by DEVX for keys over a user umem"),
	FLAG("data_direct", 0x62),
	PRM_FIELD("memory_key_mkey_entry", 0x80, 0x200, .sub = &prm_layout_mkc),
	PRM_FIELD("translations_octword_actual_size", 0x300, 0x20, .fmt = PRM_FMT_DEC,
		  .desc = "klm_pas_mtt (from byte 0x110) in 16-byte units"),
};

const struct prm_layout prm_layout_create_mkey_in = {
	.name = "create_mkey_in",
	.desc = "CREATE_MKEY input, without the translation array (272 bytes)",
	.source = SRC "mlx5_ifc_create_mkey_in_bits",
	.bits = 0x880,
	PRM_LAYOUT_FIELDS(create_mkey_in_fields),
};

static const struct prm_field create_mkey_out_fields[] = {
	PRM_CMD_OUT_HDR,
	MKEY_INDEX("index of the key created: mkey = mkey_index << 8 | mkc.mkey_7_0"),
};

const struct prm_layout prm_layout_create_mkey_out = {
	.name = "create_mkey_out",
	.desc = "CREATE_MKEY output",
	.source = SRC "mlx5_ifc_create_mkey_out_bits",
	.bits = 0x80,
	PRM_LAYOUT_FIELDS(create_mkey_out_fields),
};

/* ---- QUERY_MKEY (0x201) ---- */

static const struct prm_field query_mkey_in_fields[] = {
	PRM_CMD_IN_HDR,	/* no uid: reserved_at_10 */
	MKEY_INDEX("index of the key to read (mkey >> 8)"),
	FLAG("pg_access", 0x60),
};

const struct prm_layout prm_layout_query_mkey_in = {
	.name = "query_mkey_in",
	.desc = "QUERY_MKEY input",
	.source = SRC "mlx5_ifc_query_mkey_in_bits",
	.bits = 0x80,
	PRM_LAYOUT_FIELDS(query_mkey_in_fields),
};

static const struct prm_field query_mkey_out_fields[] = {
	PRM_CMD_OUT_HDR,
	PRM_FIELD("memory_key_mkey_entry", 0x80, 0x200, .sub = &prm_layout_mkc),
	PRM_FIELD("bsf0_klm0_pas_mtt0_1", 0x880, 0x08, .count = 16,
		  .desc = "first translation octword (MTT: entries 0 and 1)"),
	PRM_FIELD("bsf1_klm1_pas_mtt2_3", 0x900, 0x08, .count = 16,
		  .desc = "second translation octword (MTT: entries 2 and 3)"),
};

const struct prm_layout prm_layout_query_mkey_out = {
	.name = "query_mkey_out",
	.desc = "QUERY_MKEY output (304 bytes)",
	.source = SRC "mlx5_ifc_query_mkey_out_bits",
	.bits = 0x980,
	PRM_LAYOUT_FIELDS(query_mkey_out_fields),
};

/* ---- DESTROY_MKEY (0x202) ---- */

static const struct prm_field destroy_mkey_in_fields[] = {
	PRM_CMD_IN_HDR_UID,
	MKEY_INDEX("index of the key to destroy (mkey >> 8)"),
};

const struct prm_layout prm_layout_destroy_mkey_in = {
	.name = "destroy_mkey_in",
	.desc = "DESTROY_MKEY input",
	.source = SRC "mlx5_ifc_destroy_mkey_in_bits",
	.bits = 0x80,
	PRM_LAYOUT_FIELDS(destroy_mkey_in_fields),
};

static const struct prm_field destroy_mkey_out_fields[] = {
	PRM_CMD_OUT_HDR,
};

const struct prm_layout prm_layout_destroy_mkey_out = {
	.name = "destroy_mkey_out",
	.desc = "DESTROY_MKEY output",
	.source = SRC "mlx5_ifc_destroy_mkey_out_bits",
	.bits = 0x80,
	PRM_LAYOUT_FIELDS(destroy_mkey_out_fields),
};
