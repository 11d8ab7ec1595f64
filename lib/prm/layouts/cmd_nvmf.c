// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * NVMe-oF target offload: QUERY_NVMF_NAMESPACE_CONTEXT (0x728) reads the
 * counters of one frontend namespace attached (ATTACH_NVMF_NAMESPACE, 0x723)
 * to an XRQ with NVMF offload. Gated by cmd_hca_cap.nvmf_target_offload.
 *
 * Source: include/linux/mlx5/mlx5_ifc.h as in knneth/mlnx-ofa_kernel@2850235
 * (MLNX_OFED 25.10.1.7.1.1):
 *   MLX5_CMD_OP_QUERY_NVMF_NAMESPACE_CONTEXT :195;
 *   mlx5_ifc_nvmf_frontend_namespace_context_bits :5025-5058,
 *   mlx5_ifc_query_nvmf_namespace_out_bits :5060-5069,
 *   mlx5_ifc_query_nvmf_namespace_in_bits :5071-5082.
 * How the driver fills and reads them, same tree:
 * drivers/infiniband/hw/mlx5/nvmf.c:498-552 mlx5_core_query_nvmf_ns sets
 * opcode, xrqn (the SRQ's number) and frontend_namespace (the namespace id
 * the host sees), op_mod 0; it keeps only the eight *_low halves, and
 * last_read_req_latency / last_write_req_latency only when the NVMF page's
 * last_req_latency is set, current_q_depth only when its current_q_depth is.
 * The _high halves are not read by any driver code.
 *
 * These layouts exist only in the MLNX_OFED tree: upstream Linux names the
 * opcode (drivers/fwctl/mlx5/main.c, allowed read-only) and no struct;
 * saeedtx/mlx5ctl@0f64d16 and linux-rdma/rdma-core@691953d8 have neither.
 *
 * Sizes: the context is 0x380 bits = 112 bytes, at byte 0x10 of the
 * 128-byte output. Each 64-bit counter is two dwords, *_high (bits 63:32)
 * then *_low, named as in the header.
 */
#include "lib/prm/layouts/layouts.h"
#include "lib/prm/names.h"

#define SRC "mlnx-ofa_kernel include/linux/mlx5/mlx5_ifc.h "

#define NUM(n, o, w, ...) PRM_FIELD(n, o, w, .fmt = PRM_FMT_DEC, __VA_ARGS__)
#define COUNTER(n, o, what)						\
	NUM(n "_high", (o), 0x20, .desc = what ", bits 63:32 (drivers read only _low)"),	\
	NUM(n "_low", (o) + 0x20, 0x20, .desc = what ", bits 31:0")

/* ---- the frontend namespace's counters ---- */

static const struct prm_field nvmf_frontend_namespace_context_fields[] = {
	COUNTER("num_read_cmd", 0x000, "read commands"),
	COUNTER("num_read_blocks", 0x040, "blocks read"),
	COUNTER("num_write_cmd", 0x080, "write commands"),
	COUNTER("num_write_blocks", 0x0c0, "blocks written"),
	COUNTER("num_write_inline_cmd", 0x100, "write commands with in-capsule data"),
	COUNTER("num_flush_cmd", 0x140, "flush commands"),
	COUNTER("num_error_cmd", 0x180, "commands completed with an error"),
	COUNTER("num_backend_error_cmd", 0x1c0, "commands with a backend error"),
	NUM("current_q_depth", 0x210, 0x10,
	    .desc = "current queue depth (when nvmf_cap.current_q_depth)"),
	NUM("last_read_req_latency", 0x220, 0x20,
	    .desc = "latency of the last read (when nvmf_cap.last_req_latency)"),
	NUM("last_write_req_latency", 0x240, 0x20,
	    .desc = "latency of the last write (when nvmf_cap.last_req_latency)"),
};

const struct prm_layout prm_layout_nvmf_frontend_namespace_context = {
	.name = "nvmf_frontend_namespace_context",
	.desc = "NVMe-oF frontend namespace counters "
		"(112 bytes; QUERY_NVMF_NAMESPACE_CONTEXT from byte 0x10)",
	.source = SRC "mlx5_ifc_nvmf_frontend_namespace_context_bits",
	.bits = 0x380,
	PRM_LAYOUT_FIELDS(nvmf_frontend_namespace_context_fields),
};

/* ---- QUERY_NVMF_NAMESPACE_CONTEXT (0x728) ---- */

static const struct prm_field query_nvmf_namespace_in_fields[] = {
	PRM_CMD_IN_HDR,	/* no uid: reserved_at_10 */
	PRM_FIELD("xrqn", 0x48, 0x18, .desc = "XRQ (SRQ) the namespace is attached to"),
	NUM("frontend_namespace", 0x60, 0x20, .desc = "namespace id the host sees"),
};

const struct prm_layout prm_layout_query_nvmf_namespace_in = {
	.name = "query_nvmf_namespace_in",
	.desc = "QUERY_NVMF_NAMESPACE_CONTEXT input",
	.source = SRC "mlx5_ifc_query_nvmf_namespace_in_bits",
	.bits = 0x80,
	PRM_LAYOUT_FIELDS(query_nvmf_namespace_in_fields),
};

static const struct prm_field query_nvmf_namespace_out_fields[] = {
	PRM_CMD_OUT_HDR,
	PRM_FIELD("ns_ctx", 0x80, 0x380, .sub = &prm_layout_nvmf_frontend_namespace_context),
};

const struct prm_layout prm_layout_query_nvmf_namespace_out = {
	.name = "query_nvmf_namespace_out",
	.desc = "QUERY_NVMF_NAMESPACE_CONTEXT output (128 bytes)",
	.source = SRC "mlx5_ifc_query_nvmf_namespace_out_bits",
	.bits = 0x400,
	PRM_LAYOUT_FIELDS(query_nvmf_namespace_out_fields),
};
