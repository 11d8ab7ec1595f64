// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * QUERY_ESW_FUNCTIONS (0x740): what an e-switch manager (the embedded CPU
 * PF of a SmartNIC/DPU) sees of the external host behind it: the host PF
 * (host_params_context) and which SFs are enabled (host_sf_enable). The
 * firmware raises event ESW_FUNCTIONS_CHANGED (0xe, when
 * e_switch_cap.esw_functions_changed) when these change; the driver then
 * asks again.
 *
 * Source: include/linux/mlx5/mlx5_ifc.h as in knneth/mlnx-ofa_kernel@2850235
 * (MLNX_OFED 25.10.1.7.1.1):
 *   MLX5_CMD_OP_QUERY_ESW_FUNCTIONS :201;
 *   mlx5_ifc_host_params_context_bits :12974-12992,
 *   mlx5_ifc_query_esw_functions_in_bits :12994-13002,
 *   mlx5_ifc_query_esw_functions_out_bits :13004-13016.
 * How the kernel uses them, same tree, drivers/net/ethernet/mellanox/mlx5/core/:
 *  - eswitch.c:1116-1136 mlx5_esw_query_functions: sets only the opcode
 *    (uid-less header, op_mod 0) and reads
 *    MLX5_ST_SZ_BYTES(query_esw_functions_out) = 128 bytes, none of
 *    host_sf_enable.
 *  - eswitch.c:1138-1152: host_pf_not_exist -> host functions disabled;
 *    eswitch.c:1558: host_num_of_vfs; eswitch_offloads.c:3839-3849
 *    (ESW_FUNCTIONS_CHANGED handler): host_num_of_vfs, ignored while
 *    host_pf_disabled; eswitch_offloads.c:3924: host_number (the controller
 *    number of the external host); sriov.c:310-329: host_total_vfs.
 *
 * Other copies:
 *  - saeedtx/mlx5ctl@0f64d16 (its copy of upstream mlx5_ifc.h):
 *    host_params_context :11509-11525 has reserved_at_8[0x7] where
 *    host_pf_not_exist is; query_esw_functions_in :11527-11535 and _out
 *    :11537-11549 are identical. Upstream added host_pf_not_exist in
 *    "[PATCH mlx5-next 2/2] net/mlx5: IFC updates for disabled host PF"
 *    (Daniel Jurgens, linux-rdma 2025-07-09), which names the bit after it
 *    reserved_at_14 though it sits at 0xe.
 *  - linux-rdma/rdma-core@691953d8 providers/mlx5/mlx5_ifc.h:4273-4290
 *    names bit 0xe host_pf_vhca_id_valid and bits 0x40-0x4f host_pf_vhca_id
 *    (reserved in the kernel's header), and has no host_pf_not_exist (bit
 *    0xd is in its reserved_at_8[0x6]); in :4292-4300 and out :4302-4314
 *    are identical. providers/mlx5/dr_devx.c:117-152 dr_devx_query_esw_func
 *    sends the opcode only and reads both vhca fields.
 *  The two headers name disjoint bits, so this table carries both.
 *
 * Sizes: host_params_context is 0x200 bits = 64 bytes, at byte 0x10 of the
 * output. query_esw_functions_out ends where host_sf_enable[][0x40] (a
 * flexible array of 64-bit words) starts, at bit 0x400 = byte 0x80, as
 * create_eq_in ends at its pas; a caller that wants the SFs asks for more
 * output and reads the entries past this layout (rdma-core asks for
 * 128 + (max_sfs - 1) * 8 bytes, max_sfs = 2^e_switch_cap.log_max_esw_sf).
 */
#include "lib/prm/layouts/layouts.h"
#include "lib/prm/names.h"

#define SRC "linux include/linux/mlx5/mlx5_ifc.h "

#define FLAG(n, o, ...) PRM_FIELD(n, o, 1, .fmt = PRM_FMT_BOOL, __VA_ARGS__)
#define NUM(n, o, w, ...) PRM_FIELD(n, o, w, .fmt = PRM_FMT_DEC, __VA_ARGS__)

/* ---- the external host's PF ---- */

static const struct prm_field host_params_context_fields[] = {
	NUM("host_number", 0x00, 0x08,
	    .desc = "controller number; non-zero: a host other than the local one"),
	FLAG("host_pf_not_exist", 0x0d, .desc = "the host PF does not exist"),
	FLAG("host_pf_vhca_id_valid", 0x0e,
	     .desc = "host_pf_vhca_id is valid (rdma-core's header; reserved in the kernel's)"),
	FLAG("host_pf_disabled", 0x0f, .desc = "the host PF is disabled"),
	NUM("host_num_of_vfs", 0x10, 0x10, .desc = "VFs the host has enabled"),
	NUM("host_total_vfs", 0x20, 0x10, .desc = "VFs the host PF can have"),
	PRM_FIELD("host_pci_bus", 0x30, 0x10, .desc = "host PF PCI bus"),
	PRM_FIELD("host_pf_vhca_id", 0x40, 0x10,
		  .desc = "vHCA id of the host PF (rdma-core's header; reserved in the kernel's)"),
	PRM_FIELD("host_pci_device", 0x50, 0x10, .desc = "host PF PCI device"),
	PRM_FIELD("host_pci_function", 0x70, 0x10, .desc = "host PF PCI function"),
};

const struct prm_layout prm_layout_host_params_context = {
	.name = "host_params_context",
	.desc = "external host PF parameters (64 bytes; QUERY_ESW_FUNCTIONS from byte 0x10)",
	.source = SRC "mlx5_ifc_host_params_context_bits",
	.bits = 0x200,
	PRM_LAYOUT_FIELDS(host_params_context_fields),
};

/* ---- QUERY_ESW_FUNCTIONS (0x740) ---- */

static const struct prm_field query_esw_functions_in_fields[] = {
	PRM_CMD_IN_HDR,	/* no uid: reserved_at_10 */
};

const struct prm_layout prm_layout_query_esw_functions_in = {
	.name = "query_esw_functions_in",
	.desc = "QUERY_ESW_FUNCTIONS input",
	.source = SRC "mlx5_ifc_query_esw_functions_in_bits",
	.bits = 0x80,
	PRM_LAYOUT_FIELDS(query_esw_functions_in_fields),
};

/*
 * host_sf_enable[][0x40] follows at 0x400 (byte 0x80): 64-bit entries, as
 * many as the caller's output length holds; what each bit means the public
 * headers do not say.
 */
static const struct prm_field query_esw_functions_out_fields[] = {
	PRM_CMD_OUT_HDR,
	PRM_FIELD("host_params_context", 0x80, 0x200, .sub = &prm_layout_host_params_context),
};

const struct prm_layout prm_layout_query_esw_functions_out = {
	.name = "query_esw_functions_out",
	.desc = "QUERY_ESW_FUNCTIONS output, without the host_sf_enable array (128 bytes)",
	.source = SRC "mlx5_ifc_query_esw_functions_out_bits",
	.bits = 0x400,
	PRM_LAYOUT_FIELDS(query_esw_functions_out_fields),
};
