// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * DC targets: CREATE_DCT (0x710) makes one from a DCT context (dctc) and
 * answers its number (dctn); DRAIN_DCT (0x712) stops it taking new work,
 * the firmware raises event DCT_DRAINED (0x1c) for that dctn when it is
 * done, and DESTROY_DCT (0x711) frees it; QUERY_DCT (0x713) reads the
 * context back with its state (ACTIVE, DRAINING, DRAINED) and the count of
 * requests that came with a wrong DC access key; ARM_DCT_FOR_KEY_VIOLATION
 * (0x714) asks for event DCT_KEY_VIOLATION (0x1d) on the next one. All are
 * gated by cmd_hca_cap.dct.
 *
 * Source: include/linux/mlx5/mlx5_ifc.h as in knneth/mlnx-ofa_kernel@2850235
 * (MLNX_OFED 25.10.1.7.1.1):
 *   MLX5_CMD_OP_CREATE_DCT .. MLX5_CMD_OP_ARM_DCT_FOR_KEY_VIOLATION :178-182;
 *   MLX5_DCTC_STATE_* :4733-4737, MLX5_DCTC_CS_RES_* :4739-4743,
 *   MLX5_DCTC_MTU_* :4745-4751, mlx5_ifc_dctc_bits :4753-4816,
 *   mlx5_ifc_query_dct_out_bits :7674-7685, mlx5_ifc_query_dct_in_bits
 *   :7687-7698, mlx5_ifc_drain_dct_out_bits :8797-8804,
 *   mlx5_ifc_drain_dct_in_bits :8806-8817, mlx5_ifc_destroy_dct_out_bits
 *   :9266-9273, mlx5_ifc_destroy_dct_in_bits :9275-9286,
 *   mlx5_ifc_create_dct_out_bits :10041-10051, mlx5_ifc_create_dct_in_bits
 *   :10053-10065, mlx5_ifc_arm_dct_out_bits :10232-10239,
 *   mlx5_ifc_arm_dct_in_bits :10241-10252.
 *   include/linux/mlx5/driver.h:89-99 MLX5_ATOMIC_MODE_* (the values of
 *   dctc.atomic_mode; mlx5_ifc.h has no enum for it);
 *   include/linux/mlx5/device.h:743-746 struct mlx5_eqe_dct, :367-368
 *   MLX5_EVENT_TYPE_DCT_DRAINED / _DCT_KEY_VIOLATION.
 * How the kernel uses them, same tree, drivers/infiniband/hw/mlx5/:
 *  - qp.c:2884-2920 create_dct: uid, and the create-time context fields
 *    pd, srqn_xrqn, cqn, dc_access_key, user_index, ece, cs_res
 *    (MLX5_RES_SCAT_DATA64_CQE = 2, mlx5_ib.h:124, with 128-byte CQEs);
 *    nothing is sent yet.
 *  - qp.c:4717-4849 mlx5_ib_modify_dct: at RESET->INIT rre, rwe, rae +
 *    atomic_mode (get_atomic_mode :2113-2142), pkey_index, port,
 *    counter_set_id; at INIT->RTR min_rnr_nak, tclass, flow_label, mtu,
 *    my_addr_index, hop_limit, eth_prio (RoCE), dp_ordering_1 and
 *    dp_ordering_force (out-of-order RQ), then CREATE_DCT with
 *    MLX5_ST_SZ_BYTES(create_dct_in) = 128 bytes in, 16 out (dctn, ece).
 *  - qpc.c:238-261 mlx5_core_create_dct sets the opcode only; qpc.c:226-236
 *    (destroy), :296-306 (drain) set opcode, dctn, uid; :571-583 (query)
 *    opcode and dctn (query_dct_in has no uid). qpc.c:308-337: destroy =
 *    drain, wait for DCT_DRAINED, destroy. qpc.c:94-107: the event's dctn is
 *    be32_to_cpu(eqe->data.dct.dctn) & 0xffffff.
 *  - qp.c:5283-5345 mlx5_ib_dct_query_qp reads the access flags, RTR
 *    attributes and pkey_index back from query_dct_out.dct_context_entry.
 *  - ARM_DCT_FOR_KEY_VIOLATION is not sent by the kernel; DEVX passes it
 *    through from user space as a modify command (devx.c:904) and finds the
 *    DCT by MLX5_GET(drain_dct_in, in, dctn) (devx.c:610-613): the same bits
 *    as arm_dct_in.dct_number.
 *
 * Other copy: saeedtx/mlx5ctl@0f64d16 (its copy of upstream mlx5_ifc.h):
 * dctc :4192-4252 has reserved bits where dp_ordering_force (0x27) and
 * dp_ordering_1 (0x74) are; the ten command structs (:6634-6658,
 * :7552-7572, :8017-8037, :8784-8808, :8975-8995) are identical.
 *
 * Sizes: dctc is 0x200 bits = 64 bytes, at byte 0x10 of create_dct_in and
 * query_dct_out, both 0x400 bits = 128 bytes (reserved_at_280[0x180] after
 * the context). Every other in/out is 16 bytes. The DCT number is 24 bits,
 * the low three bytes of dword 2 (bit 0x48), as the PD number in cmd_pd.c.
 *
 * The EQE (eqe.c) keeps its data union as 28 raw bytes; eqe_dct below is
 * struct mlx5_eqe_dct, that union's member for the two DCT events, to be
 * read at EQE byte 0x20: dctn is its last dword, EQE bytes 0x38-0x3b.
 */
#include "lib/prm/layouts/layouts.h"
#include "lib/prm/names.h"

#define SRC "linux include/linux/mlx5/mlx5_ifc.h "

#define FLAG(n, o, ...) PRM_FIELD(n, o, 1, .fmt = PRM_FMT_BOOL, __VA_ARGS__)
#define NUM(n, o, w, ...) PRM_FIELD(n, o, w, .fmt = PRM_FMT_DEC, __VA_ARGS__)
#define DCTN(d) PRM_FIELD("dctn", 0x48, 0x18, .desc = (d))

/* mlx5_ifc.h MLX5_DCTC_STATE_* */
PRM_NAMES(dctc_state_names, { 0x0, "active" }, { 0x1, "draining" }, { 0x2, "drained" });
/* mlx5_ifc.h MLX5_DCTC_CS_RES_* */
PRM_NAMES(dctc_cs_res_names, { 0x0, "disable" }, { 0x1, "na" }, { 0x2, "up_to_64b" });
/* mlx5_ifc.h MLX5_DCTC_MTU_*_BYTES */
PRM_NAMES(dctc_mtu_names,
	{ 0x1, "256" }, { 0x2, "512" }, { 0x3, "1024" }, { 0x4, "2048" }, { 0x5, "4096" });
/* driver.h MLX5_ATOMIC_MODE_* (not MLX5_ATOMIC_MODE_OFFSET), as get_atomic_mode returns them */
PRM_NAMES(dctc_atomic_mode_names,
	{ 0x1, "ib_comp" }, { 0x2, "cx" }, { 0x3, "8b" }, { 0x4, "16b" }, { 0x5, "32b" },
	{ 0x6, "64b" }, { 0x7, "128b" }, { 0x8, "256b" });

/* ---- DCT context ---- */

static const struct prm_field dctc_fields[] = {
	PRM_FIELD("state", 0x004, 0x04, .names = &dctc_state_names,
		  .desc = "DCT state (QUERY_DCT); 0 when creating"),
	FLAG("dp_ordering_force", 0x027,
	     .desc = "force the dp_ordering_1 data-path ordering (OFED header; reserved upstream)"),
	PRM_FIELD("user_index", 0x028, 0x18,
		  .desc = "user index reported in CQEs; 0xffffff: none"),
	PRM_FIELD("cqn", 0x048, 0x18, .desc = "completion queue of received work"),
	NUM("counter_set_id", 0x060, 0x08, .desc = "Q counter set"),
	PRM_FIELD("atomic_mode", 0x068, 0x04, .names = &dctc_atomic_mode_names,
		  .desc = "responder atomic mode (with rae)"),
	FLAG("rre", 0x06c, .desc = "remote read enabled"),
	FLAG("rwe", 0x06d, .desc = "remote write enabled"),
	FLAG("rae", 0x06e, .desc = "remote atomic enabled"),
	FLAG("atomic_like_write_en", 0x06f),
	FLAG("latency_sensitive", 0x070),
	FLAG("rlky", 0x071, .desc = "reserved lkey enabled"),
	FLAG("free_ar", 0x072),
	FLAG("dp_ordering_1", 0x074,
	     .desc = "out-of-order data placement (OFED header; reserved upstream)"),
	PRM_FIELD("cs_res", 0x088, 0x08, .names = &dctc_cs_res_names,
		  .desc = "scatter received data to the CQE"),
	NUM("min_rnr_nak", 0x093, 0x05, .desc = "minimum RNR NAK timer code"),
	PRM_FIELD("srqn_xrqn", 0x0a8, 0x18, .desc = "shared receive queue (or XRQ)"),
	PRM_FIELD("pd", 0x0c8, 0x18, .desc = "protection domain (ALLOC_PD)"),
	PRM_FIELD("tclass", 0x0e0, 0x08, .desc = "GRH traffic class"),
	PRM_FIELD("flow_label", 0x0ec, 0x14, .desc = "GRH flow label"),
	PRM_FIELD("dc_access_key", 0x100, 0x40,
		  .desc = "DC access key initiators must present"),
	PRM_FIELD("mtu", 0x145, 0x03, .names = &dctc_mtu_names, .desc = "path MTU (bytes)"),
	NUM("port", 0x148, 0x08, .desc = "physical port (1-based)"),
	NUM("pkey_index", 0x150, 0x10, .desc = "P_Key table index"),
	NUM("my_addr_index", 0x168, 0x08, .desc = "source GID index"),
	NUM("hop_limit", 0x178, 0x08, .desc = "GRH hop limit"),
	NUM("dc_access_key_violation_count", 0x180, 0x20,
	    .desc = "requests that came with a wrong DC access key"),
	FLAG("dei_cfi", 0x1b4, .desc = "VLAN DEI/CFI bit (RoCE)"),
	NUM("eth_prio", 0x1b5, 0x03, .desc = "VLAN priority (RoCE)"),
	PRM_FIELD("ecn", 0x1b8, 0x02, .desc = "IP ECN bits (RoCE)"),
	PRM_FIELD("dscp", 0x1ba, 0x06, .desc = "IP DSCP (RoCE)"),
	PRM_FIELD("ece", 0x1e0, 0x20, .desc = "enhanced connection establishment options"),
};

const struct prm_layout prm_layout_dctc = {
	.name = "dctc",
	.desc = "DCT context (64 bytes; CREATE_DCT and QUERY_DCT from byte 0x10)",
	.source = SRC "mlx5_ifc_dctc_bits",
	.bits = 0x200,
	PRM_LAYOUT_FIELDS(dctc_fields),
};

/* ---- CREATE_DCT (0x710) ---- */

static const struct prm_field create_dct_in_fields[] = {
	PRM_CMD_IN_HDR_UID,
	PRM_FIELD("dct_context_entry", 0x80, 0x200, .sub = &prm_layout_dctc),
};

const struct prm_layout prm_layout_create_dct_in = {
	.name = "create_dct_in",
	.desc = "CREATE_DCT input (128 bytes)",
	.source = SRC "mlx5_ifc_create_dct_in_bits",
	.bits = 0x400,
	PRM_LAYOUT_FIELDS(create_dct_in_fields),
};

static const struct prm_field create_dct_out_fields[] = {
	PRM_CMD_OUT_HDR,
	DCTN("DCT number created"),
	PRM_FIELD("ece", 0x60, 0x20, .desc = "enhanced connection establishment options granted"),
};

const struct prm_layout prm_layout_create_dct_out = {
	.name = "create_dct_out",
	.desc = "CREATE_DCT output",
	.source = SRC "mlx5_ifc_create_dct_out_bits",
	.bits = 0x80,
	PRM_LAYOUT_FIELDS(create_dct_out_fields),
};

/* ---- DESTROY_DCT (0x711) ---- */

static const struct prm_field destroy_dct_in_fields[] = {
	PRM_CMD_IN_HDR_UID,
	DCTN("DCT to destroy"),
};

const struct prm_layout prm_layout_destroy_dct_in = {
	.name = "destroy_dct_in",
	.desc = "DESTROY_DCT input",
	.source = SRC "mlx5_ifc_destroy_dct_in_bits",
	.bits = 0x80,
	PRM_LAYOUT_FIELDS(destroy_dct_in_fields),
};

static const struct prm_field destroy_dct_out_fields[] = {
	PRM_CMD_OUT_HDR,
};

const struct prm_layout prm_layout_destroy_dct_out = {
	.name = "destroy_dct_out",
	.desc = "DESTROY_DCT output",
	.source = SRC "mlx5_ifc_destroy_dct_out_bits",
	.bits = 0x80,
	PRM_LAYOUT_FIELDS(destroy_dct_out_fields),
};

/* ---- QUERY_DCT (0x713) ---- */

static const struct prm_field query_dct_in_fields[] = {
	PRM_CMD_IN_HDR,	/* no uid: reserved_at_10 */
	DCTN("DCT to query"),
};

const struct prm_layout prm_layout_query_dct_in = {
	.name = "query_dct_in",
	.desc = "QUERY_DCT input",
	.source = SRC "mlx5_ifc_query_dct_in_bits",
	.bits = 0x80,
	PRM_LAYOUT_FIELDS(query_dct_in_fields),
};

static const struct prm_field query_dct_out_fields[] = {
	PRM_CMD_OUT_HDR,
	PRM_FIELD("dct_context_entry", 0x80, 0x200, .sub = &prm_layout_dctc),
};

const struct prm_layout prm_layout_query_dct_out = {
	.name = "query_dct_out",
	.desc = "QUERY_DCT output (128 bytes)",
	.source = SRC "mlx5_ifc_query_dct_out_bits",
	.bits = 0x400,
	PRM_LAYOUT_FIELDS(query_dct_out_fields),
};

/* ---- DRAIN_DCT (0x712) ---- */

static const struct prm_field drain_dct_in_fields[] = {
	PRM_CMD_IN_HDR_UID,
	DCTN("DCT to drain"),
};

const struct prm_layout prm_layout_drain_dct_in = {
	.name = "drain_dct_in",
	.desc = "DRAIN_DCT input",
	.source = SRC "mlx5_ifc_drain_dct_in_bits",
	.bits = 0x80,
	PRM_LAYOUT_FIELDS(drain_dct_in_fields),
};

static const struct prm_field drain_dct_out_fields[] = {
	PRM_CMD_OUT_HDR,
};

const struct prm_layout prm_layout_drain_dct_out = {
	.name = "drain_dct_out",
	.desc = "DRAIN_DCT output",
	.source = SRC "mlx5_ifc_drain_dct_out_bits",
	.bits = 0x80,
	PRM_LAYOUT_FIELDS(drain_dct_out_fields),
};

/* ---- ARM_DCT_FOR_KEY_VIOLATION (0x714) ---- */

static const struct prm_field arm_dct_in_fields[] = {
	PRM_CMD_IN_HDR,	/* no uid: reserved_at_10 */
	PRM_FIELD("dct_number", 0x48, 0x18, .desc = "DCT to arm"),
};

const struct prm_layout prm_layout_arm_dct_in = {
	.name = "arm_dct_in",
	.desc = "ARM_DCT_FOR_KEY_VIOLATION input",
	.source = SRC "mlx5_ifc_arm_dct_in_bits",
	.bits = 0x80,
	PRM_LAYOUT_FIELDS(arm_dct_in_fields),
};

static const struct prm_field arm_dct_out_fields[] = {
	PRM_CMD_OUT_HDR,
};

const struct prm_layout prm_layout_arm_dct_out = {
	.name = "arm_dct_out",
	.desc = "ARM_DCT_FOR_KEY_VIOLATION output",
	.source = SRC "mlx5_ifc_arm_dct_out_bits",
	.bits = 0x80,
	PRM_LAYOUT_FIELDS(arm_dct_out_fields),
};

/* ---- the DCT events' EQE data (union ev_data member dct) ---- */

/*
 * struct mlx5_eqe_dct { __be32 reserved[6]; __be32 dctn; }: 28 bytes, the
 * EQE's data from byte 0x20. The driver masks dctn to 24 bits
 * (qpc.c:100), so the dword's top byte (EQE byte 0x38) is left out.
 */
static const struct prm_field eqe_dct_fields[] = {
	PRM_FIELD("dctn", 0xc8, 0x18, .desc = "the DCT the event is about"),
};

const struct prm_layout prm_layout_eqe_dct = {
	.name = "eqe_dct",
	.desc = "DCT event data (28 bytes; EQE from byte 0x20, events 0x1c and 0x1d)",
	.source = "linux include/linux/mlx5/device.h struct mlx5_eqe_dct",
	.bits = 0xe0,
	PRM_LAYOUT_FIELDS(eqe_dct_fields),
};
