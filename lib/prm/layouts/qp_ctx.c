// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * The QP context (qpc) and its address path (ads): what CREATE_QP, the
 * RST2INIT/INIT2RTR/RTR2RTS transitions and QUERY_QP carry from byte 0x18
 * (cmd_qp.c). Every named field of both structs is here.
 *
 * Source: include/linux/mlx5/mlx5_ifc.h as in knneth/mlnx-ofa_kernel@2850235
 * (MLNX_OFED 25.10.1.7.1.1):
 *   MLX5_ADS_STAT_RATE_* :807-818, mlx5_ifc_ads_bits :820-860;
 *   MLX5_QPC_STATE_* :3607-3616, MLX5_QPC_ST_* :3618-3628,
 *   MLX5_QPC_PM_STATE_* :3630-3635, MLX5_QPC_OFFLOAD_TYPE_* :3637-3640,
 *   MLX5_QPC_END_PADDING_MODE_* :3642-3645, MLX5_QPC_MTU_* :3647-3654,
 *   MLX5_QPC_ATOMIC_MODE_* :3656-3665, MLX5_QPC_CS_REQ_* :3667-3671,
 *   MLX5_QPC_CS_RES_* :3673-3677, MLX5_TIMESTAMP_FORMAT_* :3679-3683,
 *   mlx5_ifc_qpc_bits :3685-3825.
 *   include/linux/mlx5/qp.h:127-132 MLX5_NON_ZERO_RQ .. MLX5_ZERO_LEN_RQ
 *   (the values of qpc.rq_type; mlx5_ifc.h has no enum for it).
 *
 * Other copy: saeedtx/mlx5ctl@0f64d16 (its copy of upstream mlx5_ifc.h):
 * ads :756-796 has reserved_at_20[0x8] where plane_index is; qpc
 * :3229-3366 has reserved bits where dp_ordering_force (0x27), retry_mode
 * (0x56-0x57) and dp_ordering_1 (0x49c) are. Everything else is identical.
 *
 * Sizes: ads is 0x160 bits = 44 bytes. qpc is 0x740 bits = 232 bytes, not
 * 0x800: it ends with reserved_at_684[0xbc], and the commands carry it at
 * bit 0xc0 with their own reserved_at_800 after it. The two address paths
 * sit at qpc bytes 0x18 (primary) and 0x44 (secondary).
 *
 * qpc.state values: mlx5_ifc.h's MLX5_QPC_STATE_* and qp.h's
 * MLX5_QP_STATE_* (:80-93, the driver's own numbering, which it also uses
 * to read QUERY_QP's state back) agree on 0-4, 6 and 9 but not on 5 and 7
 * (mlx5_ifc.h: 7 SQD, no 5; qp.h: 5 SQD, 7 SQ_DRAINING); those two are
 * left unnamed.
 */
#include "lib/prm/layouts/layouts.h"
#include "lib/prm/names.h"

#define SRC "linux include/linux/mlx5/mlx5_ifc.h "

#define FLAG(n, o, ...) PRM_FIELD(n, o, 1, .fmt = PRM_FMT_BOOL, __VA_ARGS__)
#define NUM(n, o, w, ...) PRM_FIELD(n, o, w, .fmt = PRM_FMT_DEC, __VA_ARGS__)

/* mlx5_ifc.h MLX5_ADS_STAT_RATE_* */
PRM_NAMES(ads_stat_rate_names,
	{ 0x0, "no_limit" }, { 0x7, "2.5gbps" }, { 0x8, "10gbps" }, { 0x9, "30gbps" },
	{ 0xa, "5gbps" }, { 0xb, "20gbps" }, { 0xc, "40gbps" }, { 0xd, "60gbps" },
	{ 0xe, "80gbps" }, { 0xf, "120gbps" });

/* ---- address path ---- */

static const struct prm_field ads_fields[] = {
	FLAG("fl", 0x000, .desc = "force loopback"),
	FLAG("free_ar", 0x001, .desc = "adaptive routing free"),
	NUM("pkey_index", 0x010, 0x10, .desc = "P_Key table index"),
	NUM("plane_index", 0x020, 0x08, .desc = "plane (SMI QP0; OFED header; reserved upstream)"),
	FLAG("grh", 0x028, .desc = "a GRH is present (IB)"),
	PRM_FIELD("mlid", 0x029, 0x07, .desc = "source LID path bits (IB)"),
	PRM_FIELD("rlid", 0x030, 0x10, .desc = "remote LID (IB)"),
	NUM("ack_timeout", 0x040, 0x05, .desc = "local ACK timeout code: 4.096 us << n"),
	NUM("src_addr_index", 0x048, 0x08, .desc = "source GID index"),
	PRM_FIELD("stat_rate", 0x054, 0x04, .names = &ads_stat_rate_names,
		  .desc = "static rate limit"),
	NUM("hop_limit", 0x058, 0x08, .desc = "GRH hop limit / IP TTL"),
	PRM_FIELD("tclass", 0x064, 0x08, .desc = "GRH traffic class"),
	PRM_FIELD("flow_label", 0x06c, 0x14, .desc = "GRH flow label"),
	PRM_FIELD("rgid_rip", 0x080, 0x08, .count = 16,
		  .desc = "remote GID, or the remote IP (RoCE; IPv4-mapped for IPv4)"),
	FLAG("f_dscp", 0x104, .desc = "force dscp"),
	FLAG("f_ecn", 0x105, .desc = "force ecn"),
	FLAG("f_eth_prio", 0x107, .desc = "force eth_prio"),
	PRM_FIELD("ecn", 0x108, 0x02, .desc = "IP ECN bits (RoCE)"),
	PRM_FIELD("dscp", 0x10a, 0x06, .desc = "IP DSCP (RoCE)"),
	PRM_FIELD("udp_sport", 0x110, 0x10, .fmt = PRM_FMT_DEC,
		  .desc = "UDP source port (RoCE v2)"),
	FLAG("dei_cfi", 0x120, .desc = "VLAN DEI/CFI bit (RoCE)"),
	NUM("eth_prio", 0x121, 0x03, .desc = "VLAN priority (RoCE)"),
	NUM("sl", 0x124, 0x04, .desc = "service level (IB)"),
	NUM("vhca_port_num", 0x128, 0x08, .desc = "port (1-based)"),
	PRM_FIELD("rmac_47_32", 0x130, 0x10, .desc = "remote MAC, bits 47:32 (RoCE)"),
	PRM_FIELD("rmac_31_0", 0x140, 0x20, .desc = "remote MAC, bits 31:0 (RoCE)"),
};

const struct prm_layout prm_layout_ads = {
	.name = "ads",
	.desc = "QP address path (44 bytes; qpc bytes 0x18 and 0x44)",
	.source = SRC "mlx5_ifc_ads_bits",
	.bits = 0x160,
	PRM_LAYOUT_FIELDS(ads_fields),
};

/* ---- QP context ---- */

/* mlx5_ifc.h MLX5_QPC_STATE_*, the values qp.h's MLX5_QP_STATE_* agrees on */
PRM_NAMES(qpc_state_names,
	{ 0x0, "rst" }, { 0x1, "init" }, { 0x2, "rtr" }, { 0x3, "rts" }, { 0x4, "sqer" },
	{ 0x6, "err" }, { 0x9, "suspended" });
/* mlx5_ifc.h MLX5_QPC_ST_* */
PRM_NAMES(qpc_st_names,
	{ 0x0, "rc" }, { 0x1, "uc" }, { 0x2, "ud" }, { 0x3, "xrc" }, { 0x5, "dci" },
	{ 0x7, "qp0" }, { 0x8, "qp1" }, { 0x9, "raw_datagram" }, { 0xc, "reg_umr" });
/* mlx5_ifc.h MLX5_QPC_PM_STATE_* */
PRM_NAMES(qpc_pm_state_names,
	{ 0x0, "armed" }, { 0x1, "rearm" }, { 0x2, "reserved" }, { 0x3, "migrated" });
/* mlx5_ifc.h MLX5_QPC_OFFLOAD_TYPE_* */
PRM_NAMES(qpc_offload_type_names, { 0x1, "rndv" }, { 0x2, "nvmf" });
/* mlx5_ifc.h MLX5_QPC_END_PADDING_MODE_* */
PRM_NAMES(qpc_end_padding_mode_names,
	{ 0x0, "scatter_as_is" }, { 0x1, "pad_to_cache_line_alignment" });
/* mlx5_ifc.h MLX5_QPC_MTU_* */
PRM_NAMES(qpc_mtu_names,
	{ 0x1, "256" }, { 0x2, "512" }, { 0x3, "1024" }, { 0x4, "2048" }, { 0x5, "4096" },
	{ 0x7, "raw_ethernet_qp" });
/* mlx5_ifc.h MLX5_TIMESTAMP_FORMAT_* */
PRM_NAMES(qpc_ts_format_names,
	{ 0x0, "free_running" }, { 0x1, "default" }, { 0x2, "real_time" });
/* mlx5_ifc.h MLX5_QPC_ATOMIC_MODE_* */
PRM_NAMES(qpc_atomic_mode_names,
	{ 0x1, "ib_spec" }, { 0x2, "only_8b" }, { 0x3, "up_to_8b" }, { 0x4, "up_to_16b" },
	{ 0x5, "up_to_32b" }, { 0x6, "up_to_64b" }, { 0x7, "up_to_128b" }, { 0x8, "up_to_256b" });
/* qp.h MLX5_NON_ZERO_RQ, MLX5_SRQ_RQ, MLX5_CRQ_RQ, MLX5_ZERO_LEN_RQ */
PRM_NAMES(qpc_rq_type_names,
	{ 0x0, "non_zero_rq" }, { 0x1, "srq_rq" }, { 0x2, "crq_rq" }, { 0x3, "zero_len_rq" });
/* mlx5_ifc.h MLX5_QPC_CS_REQ_* */
PRM_NAMES(qpc_cs_req_names, { 0x00, "disable" }, { 0x11, "up_to_32b" }, { 0x22, "up_to_64b" });
/* mlx5_ifc.h MLX5_QPC_CS_RES_* */
PRM_NAMES(qpc_cs_res_names, { 0x0, "disable" }, { 0x1, "up_to_32b" }, { 0x2, "up_to_64b" });

static const struct prm_field qpc_fields[] = {
	PRM_FIELD("state", 0x000, 0x04, .names = &qpc_state_names,
		  .desc = "QP state (QUERY_QP); 0 in commands"),
	NUM("lag_tx_port_affinity", 0x004, 0x04, .desc = "LAG port to send on; 0: any"),
	PRM_FIELD("st", 0x008, 0x08, .names = &qpc_st_names, .desc = "transport service type"),
	FLAG("isolate_vl_tc", 0x012),
	PRM_FIELD("pm_state", 0x013, 0x02, .names = &qpc_pm_state_names,
		  .desc = "path migration state"),
	PRM_FIELD("req_e2e_credit_mode", 0x016, 0x02),
	PRM_FIELD("offload_type", 0x018, 0x04, .names = &qpc_offload_type_names),
	PRM_FIELD("end_padding_mode", 0x01c, 0x02, .names = &qpc_end_padding_mode_names),
	FLAG("wq_signature", 0x020, .desc = "WQE signatures checked"),
	FLAG("block_lb_mc", 0x021, .desc = "block loopback multicast"),
	FLAG("atomic_like_write_en", 0x022),
	FLAG("latency_sensitive", 0x023),
	FLAG("drain_sigerr", 0x025),
	FLAG("dp_ordering_force", 0x027,
	     .desc = "force the dp_ordering_1 data-path ordering (OFED header; reserved upstream)"),
	PRM_FIELD("pd", 0x028, 0x18, .desc = "protection domain (ALLOC_PD)"),
	PRM_FIELD("mtu", 0x040, 0x03, .names = &qpc_mtu_names, .desc = "path MTU (bytes)"),
	NUM("log_msg_max", 0x043, 0x05, .desc = "log2 largest message"),
	NUM("log_rq_size", 0x049, 0x04, .desc = "log2 receive queue WQEs"),
	NUM("log_rq_stride", 0x04d, 0x03, .desc = "log2 receive WQE stride, minus 4"),
	FLAG("no_sq", 0x050, .desc = "no send queue"),
	NUM("log_sq_size", 0x051, 0x04, .desc = "log2 send queue WQEBBs"),
	PRM_FIELD("retry_mode", 0x056, 0x02,
		  .desc = "retransmission mode (OFED header; reserved upstream)"),
	PRM_FIELD("ts_format", 0x058, 0x02, .names = &qpc_ts_format_names,
		  .desc = "CQE timestamp format"),
	FLAG("rlky", 0x05b, .desc = "reserved lkey enabled"),
	PRM_FIELD("ulp_stateless_offload_mode", 0x05c, 0x04),
	NUM("counter_set_id", 0x060, 0x08, .desc = "Q counter set"),
	PRM_FIELD("uar_page", 0x068, 0x18, .desc = "UAR page of the doorbells (ALLOC_UAR)"),
	PRM_FIELD("user_index", 0x088, 0x18, .desc = "user index reported in CQEs"),
	NUM("log_page_size", 0x0a3, 0x05, .desc = "log2 page size of the WQ buffer, minus 12"),
	PRM_FIELD("remote_qpn", 0x0a8, 0x18, .desc = "destination QP number"),
	PRM_FIELD("primary_address_path", 0x0c0, 0x160, .sub = &prm_layout_ads),
	PRM_FIELD("secondary_address_path", 0x220, 0x160, .sub = &prm_layout_ads),
	NUM("log_ack_req_freq", 0x380, 0x04, .desc = "log2 packets between ACK requests"),
	NUM("log_sra_max", 0x388, 0x03, .desc = "log2 outstanding RDMA reads/atomics as requester"),
	NUM("retry_count", 0x38d, 0x03, .desc = "transport retries"),
	NUM("rnr_retry", 0x390, 0x03, .desc = "RNR retries (7: infinite)"),
	FLAG("fre", 0x394, .desc = "fast registration enabled"),
	NUM("cur_rnr_retry", 0x395, 0x03, .desc = "RNR retries left (QUERY_QP)"),
	NUM("cur_retry_count", 0x398, 0x03, .desc = "retries left (QUERY_QP)"),
	PRM_FIELD("next_send_psn", 0x3c8, 0x18, .desc = "next send PSN"),
	NUM("log_num_dci_stream_channels", 0x3e3, 0x05),
	PRM_FIELD("cqn_snd", 0x3e8, 0x18, .desc = "send completion queue"),
	NUM("log_num_dci_errored_streams", 0x403, 0x05),
	PRM_FIELD("deth_sqpn", 0x408, 0x18, .desc = "source QP number sent in DETH"),
	PRM_FIELD("last_acked_psn", 0x448, 0x18, .desc = "last acknowledged PSN (QUERY_QP)"),
	PRM_FIELD("ssn", 0x468, 0x18, .desc = "send sequence number (QUERY_QP)"),
	NUM("log_rra_max", 0x488, 0x03, .desc = "log2 outstanding RDMA reads/atomics as responder"),
	PRM_FIELD("atomic_mode", 0x48c, 0x04, .names = &qpc_atomic_mode_names,
		  .desc = "responder atomic mode (with rae)"),
	FLAG("rre", 0x490, .desc = "remote read enabled"),
	FLAG("rwe", 0x491, .desc = "remote write enabled"),
	FLAG("rae", 0x492, .desc = "remote atomic enabled"),
	NUM("page_offset", 0x494, 0x06, .desc = "WQ buffer offset in its first page, in 64ths"),
	FLAG("dp_ordering_1", 0x49c,
	     .desc = "out-of-order data placement (OFED header; reserved upstream)"),
	FLAG("cd_slave_receive", 0x49d, .desc = "cross-channel slave (receive)"),
	FLAG("cd_slave_send", 0x49e, .desc = "cross-channel slave (send)"),
	FLAG("cd_master", 0x49f, .desc = "cross-channel master"),
	NUM("min_rnr_nak", 0x4a3, 0x05, .desc = "minimum RNR NAK timer code"),
	PRM_FIELD("next_rcv_psn", 0x4a8, 0x18, .desc = "next expected receive PSN"),
	PRM_FIELD("xrcd", 0x4c8, 0x18, .desc = "XRC domain"),
	PRM_FIELD("cqn_rcv", 0x4e8, 0x18, .desc = "receive completion queue"),
	PRM_FIELD("dbr_addr", 0x500, 0x40, .desc = "doorbell record address"),
	PRM_FIELD("q_key", 0x540, 0x20, .desc = "Q_Key (UD)"),
	PRM_FIELD("rq_type", 0x565, 0x03, .names = &qpc_rq_type_names, .desc = "receive queue type"),
	PRM_FIELD("srqn_rmpn_xrqn", 0x568, 0x18, .desc = "SRQ, RMP or XRQ receiving for this QP"),
	PRM_FIELD("rmsn", 0x588, 0x18, .desc = "responder message sequence number (QUERY_QP)"),
	NUM("hw_sq_wqebb_counter", 0x5a0, 0x10),
	NUM("sw_sq_wqebb_counter", 0x5b0, 0x10),
	NUM("hw_rq_counter", 0x5c0, 0x20),
	NUM("sw_rq_counter", 0x5e0, 0x20),
	FLAG("cgs", 0x62f, .desc = "CQE with GRH scatter"),
	PRM_FIELD("cs_req", 0x630, 0x08, .names = &qpc_cs_req_names,
		  .desc = "scatter requester data to the CQE"),
	PRM_FIELD("cs_res", 0x638, 0x08, .names = &qpc_cs_res_names,
		  .desc = "scatter responder data to the CQE"),
	PRM_FIELD("dc_access_key", 0x640, 0x40, .desc = "DC access key (DCI)"),
	FLAG("dbr_umem_valid", 0x683, .desc = "dbr_addr is a umem offset (DEVX)"),
};

const struct prm_layout prm_layout_qpc = {
	.name = "qpc",
	.desc = "QP context (232 bytes; QP commands from byte 0x18)",
	.source = SRC "mlx5_ifc_qpc_bits",
	.bits = 0x740,
	PRM_LAYOUT_FIELDS(qpc_fields),
};
