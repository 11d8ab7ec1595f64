// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * The general capability page: QUERY_HCA_CAP cap_type 0 (MLX5_CAP_GENERAL),
 * op_mod 0x0 (maximum) / 0x1 (current). 256 bytes at byte 0x10 of
 * query_hca_cap_out; the rest of the 4096-byte capability union is zero.
 *
 * Source: include/linux/mlx5/mlx5_ifc.h struct mlx5_ifc_cmd_hca_cap_bits
 * (line 1679) in knneth/mlnx-ofa_kernel@2850235 (MLNX_OFED 25.10.1.7.1.1).
 * Every named field is here, reserved ones are left out; offsets are the sums
 * of the widths before each field. Three reserved names in that header do
 * not match where they sit: reserved_at_130 is at 0x131, reserved_at_16a at
 * 0x16b and reserved_at_1fa at 0x1f9 (the fields around them are where the
 * widths put them, and every dword sums to 32 bits).
 *
 * Compared with upstream, as in Mellanox/nic-kernel@09347ab7 (a net-next
 * tree; the stored torvalds/linux copies, 87d93e9a and 00679b63, are from
 * 2019 and predate most of this page):
 *  - 22 fields are OFED only; upstream has reserved bits there:
 *    lag_queue_affinity_active_port 0x12, log_regexp_scatter_gather_size
 *    0x63, regexp_num_of_engines 0xa4, isolate_vl_tc 0xaa, tunneled_atomic
 *    .. nvme_device_emulation_manager 0xf0-0xf5, dpp 0xf9,
 *    resources_on_nvme_emulation_manager 0xfa, vhca_trust_level_reg 0x130,
 *    rts2rts_qp_rmp 0x167, rts2rts_qp_dscp 0x16a, regexp_mmo_sq 0x2ac,
 *    regexp_version 0x2ad, pci_sync_for_fw_update_sync2_using_tool_reset
 *    0x389, vnic_env_cnt_bar_uar_access 0x399, vnic_env_cnt_odp_page_fault
 *    0x39a, nvmf_target_offload 0x502, regexp_mmo_qp 0x749.
 *  - Every other field has the same name, offset and width in both.
 * The older upstream copy in saeedtx/mlx5ctl@0f64d16 (2024-11) lacks 56 of
 * the fields here and differs in two places: shampo is at 0x0ba (OFED and
 * nic-kernel: go_back_n at 0x0b9, shampo at 0x2ab), and bit 0x0e9 is named
 * relaxed_ordering_read (now relaxed_ordering_read_pci_enabled, with
 * relaxed_ordering_read at 0x32a). rdma-core's copy adds
 * log_max_atomic_size_qp/dc at 0x580/0x598, reserved in both kernels: not
 * here.
 *
 * Value names: mlx5_ifc.h MLX5_CMD_HCA_CAP_GID_TABLE_SIZE_*,
 * _PKEY_TABLE_SIZE_*, _PORT_TYPE_*, _CMDIF_CHECKSUM_*, MLX5_CAP_UMR_FENCE_*,
 * MLX5_TIMESTAMP_FORMAT_CAP_*, MLX5_STEERING_FORMAT_*.
 */
#include "lib/prm/layouts/layouts.h"

PRM_NAMES(gid_table_size_names, { 0, "8 entries" }, { 1, "16 entries" }, { 2, "32 entries" },
      { 3, "64 entries" }, { 4, "128 entries" });
PRM_NAMES(pkey_table_size_names, { 0, "128 entries" }, { 1, "256 entries" }, { 2, "512 entries" },
      { 3, "1K entries" }, { 4, "2K entries" }, { 5, "4K entries" });
PRM_NAMES(port_type_names, { 0, "ib" }, { 1, "ethernet" });
PRM_NAMES(cmdif_checksum_names, { 0, "disabled" }, { 1, "initial_state" }, { 3, "enabled" });
PRM_NAMES(umr_fence_names, { 0, "strong" }, { 1, "small" }, { 2, "none" });
PRM_NAMES(ts_format_names, { 0, "free_running" }, { 1, "real_time" },
      { 2, "free_running_and_real_time" });
PRM_NAMES(steering_format_names, { 0, "connectx_5" }, { 1, "connectx_6dx" }, { 2, "connectx_7" },
      { 3, "connectx_8" });

/* A one-bit flag; a count or size (log2 ones included). */
#define FLAG(n, o, ...) PRM_FIELD(n, o, 1, .fmt = PRM_FMT_BOOL, __VA_ARGS__)
#define NUM(n, o, w, ...) PRM_FIELD(n, o, w, .fmt = PRM_FMT_DEC, __VA_ARGS__)

static const struct prm_field fields[] = {
	/* dword 0, byte 0x00 */
	FLAG("page_request_disable", 0x006),
	FLAG("abs_native_port_num", 0x007),
	FLAG("shared_object_to_user_object_allowed", 0x010),
	FLAG("lag_queue_affinity_active_port", 0x012),
	FLAG("vhca_resource_manager", 0x01f),
	/* dword 1, byte 0x04 */
	FLAG("hca_cap_2", 0x020, .desc = "GENERAL_2 page (cap_type 0x20) exists"),
	FLAG("create_lag_when_not_master_up", 0x021),
	FLAG("dtor", 0x022, .desc = "DTOR (default timeouts) register supported"),
	FLAG("event_on_vhca_state_teardown_request", 0x023,
	     .desc = "VHCA_STATE_CHANGE event on entering teardown_request"),
	FLAG("event_on_vhca_state_in_use", 0x024,
	     .desc = "VHCA_STATE_CHANGE event on entering in_use"),
	FLAG("event_on_vhca_state_active", 0x025,
	     .desc = "VHCA_STATE_CHANGE event on entering active"),
	FLAG("event_on_vhca_state_allocated", 0x026,
	     .desc = "VHCA_STATE_CHANGE event on entering allocated"),
	FLAG("event_on_vhca_state_invalid", 0x027,
	     .desc = "VHCA_STATE_CHANGE event on entering invalid"),
	PRM_FIELD("vhca_id", 0x030, 16, .desc = "this function's vHCA id"),
	/* dword 3, byte 0x0c */
	NUM("log_regexp_scatter_gather_size", 0x063, 5),
	/* dword 4, byte 0x10 */
	NUM("log_max_srq_sz", 0x080, 8),
	NUM("log_max_qp_sz", 0x088, 8),
	FLAG("event_cap", 0x090),
	FLAG("isolate_vl_tc_new", 0x093),
	FLAG("prio_tag_required", 0x098,
	     .desc = "Ethernet traffic must carry a priority tag (VLAN 0)"),
	NUM("log_max_qp", 0x09b, 5),
	/* dword 5, byte 0x14 */
	FLAG("ece_support", 0x0a3, .desc = "Enhanced Connection Establishment (ECE)"),
	NUM("regexp_num_of_engines", 0x0a4, 4),
	FLAG("reg_c_preserve", 0x0a9),
	FLAG("isolate_vl_tc", 0x0aa),
	NUM("log_max_srq", 0x0ab, 5),
	FLAG("uplink_follow", 0x0b1),
	FLAG("ts_cqe_to_dest_cqn", 0x0b2),
	FLAG("go_back_n", 0x0b9, .desc = "Go-Back-N retransmission for RC QPs"),
	/* dword 6, byte 0x18 */
	NUM("max_sgl_for_optimized_performance", 0x0c0, 8),
	NUM("log_max_cq_sz", 0x0c8, 8),
	FLAG("relaxed_ordering_write_umr", 0x0d0,
	     .desc = "relaxed-ordering write can be set with UMR"),
	FLAG("relaxed_ordering_read_umr", 0x0d1,
	     .desc = "relaxed-ordering read can be set with UMR"),
	FLAG("virtio_net_device_emualtion_manager", 0x0d9, .desc = "spelled so in the header"),
	FLAG("virtio_blk_device_emualtion_manager", 0x0da, .desc = "spelled so in the header"),
	NUM("log_max_cq", 0x0db, 5),
	/* dword 7, byte 0x1c */
	NUM("log_max_eq_sz", 0x0e0, 8),
	FLAG("relaxed_ordering_write", 0x0e8, .desc = "mkeys may enable relaxed-ordering writes"),
	FLAG("relaxed_ordering_read_pci_enabled", 0x0e9,
	     .desc = "relaxed-ordering reads, when PCI relaxed ordering is enabled"),
	NUM("log_max_mkey", 0x0ea, 6),
	FLAG("tunneled_atomic", 0x0f0),
	FLAG("as_notify", 0x0f1),
	FLAG("m_pci_port", 0x0f2),
	FLAG("m_vhca_mk", 0x0f3),
	FLAG("hotplug_manager", 0x0f4),
	FLAG("nvme_device_emulation_manager", 0x0f5),
	FLAG("terminate_scatter_list_mkey", 0x0f6),
	FLAG("repeated_mkey", 0x0f7),
	FLAG("dump_fill_mkey", 0x0f8, .desc = "dump-fill mkey (QUERY_SPECIAL_CONTEXTS)"),
	FLAG("dpp", 0x0f9),
	FLAG("resources_on_nvme_emulation_manager", 0x0fa),
	FLAG("fast_teardown", 0x0fb, .desc = "TEARDOWN_HCA fast mode"),
	NUM("log_max_eq", 0x0fc, 4),
	/* dword 8, byte 0x20 */
	NUM("max_indirection", 0x100, 8),
	FLAG("fixed_buffer_size", 0x108),
	NUM("log_max_mrw_sz", 0x109, 7),
	FLAG("force_teardown", 0x110, .desc = "TEARDOWN_HCA force_close mode"),
	NUM("log_max_bsf_list_size", 0x112, 6),
	FLAG("umr_extended_translation_offset", 0x118),
	FLAG("null_mkey", 0x119, .desc = "null mkey (QUERY_SPECIAL_CONTEXTS)"),
	NUM("log_max_klm_list_size", 0x11a, 6),
	/* dword 9, byte 0x24 */
	FLAG("qpc_extension", 0x122),
	NUM("log_max_ra_req_dc", 0x12a, 6,
	    .desc = "log2 outstanding RDMA read/atomic, DC requester"),
	FLAG("vhca_trust_level_reg", 0x130),
	FLAG("eth_wqe_too_small", 0x132),
	FLAG("vnic_env_cq_overrun", 0x139, .desc = "QUERY_VNIC_ENV counts CQ overruns"),
	NUM("log_max_ra_res_dc", 0x13a, 6,
	    .desc = "log2 outstanding RDMA read/atomic, DC responder"),
	/* dword 10, byte 0x28 */
	FLAG("release_all_pages", 0x145, .desc = "MANAGE_PAGES can return all pages at once"),
	FLAG("must_not_use", 0x146, .desc = "named so in the header: ignore"),
	FLAG("roce_accl", 0x149),
	NUM("log_max_ra_req_qp", 0x14a, 6,
	    .desc = "log2 outstanding RDMA read/atomic, QP requester"),
	NUM("log_max_ra_res_qp", 0x15a, 6,
	    .desc = "log2 outstanding RDMA read/atomic, QP responder"),
	/* dword 11, byte 0x2c */
	FLAG("end_pad", 0x160),
	FLAG("cc_query_allowed", 0x161, .desc = "may query congestion-control parameters"),
	FLAG("cc_modify_allowed", 0x162, .desc = "may modify congestion-control parameters"),
	FLAG("start_pad", 0x163),
	FLAG("cache_line_128byte", 0x164, .desc = "CPU cache line is 128 bytes"),
	FLAG("rts2rts_qp_rmp", 0x167),
	FLAG("rts2rts_qp_counters_set_id", 0x169, .desc = "RTS2RTS_QP can change the counter set"),
	FLAG("rts2rts_qp_dscp", 0x16a),
	FLAG("vnic_env_int_rq_oob", 0x16c,
	     .desc = "QUERY_VNIC_ENV counts internal RQ out-of-buffer"),
	FLAG("sbcam_reg", 0x16d, .desc = "SBCAM register supported"),
	FLAG("qcam_reg", 0x16f, .desc = "QCAM register supported"),
	NUM("gid_table_size", 0x170, 16, .names = &gid_table_size_names),
	/* dword 12, byte 0x30 */
	FLAG("out_of_seq_cnt", 0x180, .desc = "Q counter out_of_sequence"),
	FLAG("vport_counters", 0x181),
	FLAG("retransmission_q_counters", 0x182, .desc = "Q counters for retransmissions"),
	FLAG("debug", 0x183, .desc = "DEBUG page (cap_type 0xd) valid"),
	FLAG("modify_rq_counter_set_id", 0x184),
	FLAG("rq_delay_drop", 0x185),
	NUM("max_qp_cnt", 0x186, 10, .desc = "Q counter sets"),
	NUM("pkey_table_size", 0x190, 16, .names = &pkey_table_size_names),
	/* dword 13, byte 0x34 */
	FLAG("vport_group_manager", 0x1a0, .desc = "manages a vport group (the PF of SR-IOV)"),
	FLAG("vhca_group_manager", 0x1a1),
	FLAG("ib_virt", 0x1a2, .desc = "InfiniBand virtualization (vports)"),
	FLAG("eth_virt", 0x1a3, .desc = "Ethernet virtualization (vports)"),
	FLAG("vnic_env_queue_counters", 0x1a4),
	FLAG("ets", 0x1a5, .desc = "ETS scheduling supported"),
	FLAG("nic_flow_table", 0x1a6, .desc = "NIC flow tables (FLOW_TABLE page)"),
	FLAG("eswitch_manager", 0x1a7, .desc = "manages the e-switch (ESWITCH page valid)"),
	FLAG("device_memory", 0x1a8, .desc = "device memory (DEV_MEM page)"),
	FLAG("mcam_reg", 0x1a9, .desc = "MCAM register supported"),
	FLAG("pcam_reg", 0x1aa, .desc = "PCAM register supported"),
	NUM("local_ca_ack_delay", 0x1ab, 5, .desc = "IB local CA ACK delay: 4.096 us * 2^value"),
	FLAG("port_module_event", 0x1b0, .desc = "port module events"),
	FLAG("enhanced_error_q_counters", 0x1b1),
	FLAG("ports_check", 0x1b2),
	FLAG("disable_link_up", 0x1b4),
	FLAG("beacon_led", 0x1b5, .desc = "port beacon LED (MLCR)"),
	NUM("port_type", 0x1b6, 2, .names = &port_type_names),
	NUM("num_ports", 0x1b8, 8),
	/* dword 14, byte 0x38 */
	FLAG("pps", 0x1c1, .desc = "PPS in/out (MTPPS register)"),
	FLAG("pps_modify", 0x1c2, .desc = "PPS configuration writable"),
	NUM("log_max_msg", 0x1c3, 5, .desc = "log2 max message size, bytes"),
	NUM("max_tc", 0x1cc, 4, .desc = "traffic classes"),
	FLAG("temp_warn_event", 0x1d0, .desc = "temperature warning events"),
	FLAG("dcbx", 0x1d1, .desc = "DCBX supported"),
	FLAG("general_notification_event", 0x1d2, .desc = "general notification events"),
	FLAG("fpga", 0x1d5),
	FLAG("rol_s", 0x1d6, .desc = "reset on LAN: SecureOn magic packet"),
	FLAG("rol_g", 0x1d7, .desc = "reset on LAN: magic packet"),
	FLAG("wol_s", 0x1d9, .desc = "wake on SecureOn magic packet"),
	FLAG("wol_g", 0x1da, .desc = "wake on magic packet"),
	FLAG("wol_a", 0x1db, .desc = "wake on ARP"),
	FLAG("wol_b", 0x1dc, .desc = "wake on broadcast"),
	FLAG("wol_m", 0x1dd, .desc = "wake on multicast"),
	FLAG("wol_u", 0x1de, .desc = "wake on unicast"),
	FLAG("wol_p", 0x1df, .desc = "wake on PHY activity"),
	/* dword 15, byte 0x3c */
	PRM_FIELD("stat_rate_support", 0x1e0, 16, .desc = "bitmask of supported static rates"),
	FLAG("pci_sync_for_fw_update_event", 0x1f1,
	     .desc = "PCI sync events for firmware update (MFRL)"),
	FLAG("init2_lag_tx_port_affinity", 0x1f8),
	FLAG("wqe_based_flow_table_update_cap", 0x1fb),
	NUM("cqe_version", 0x1fc, 4),
	/* dword 16, byte 0x40 */
	FLAG("compact_address_vector", 0x200),
	FLAG("striding_rq", 0x201, .desc = "striding (multi-packet) RQ"),
	FLAG("ipoib_enhanced_offloads", 0x203),
	FLAG("ipoib_basic_offloads", 0x204),
	FLAG("repeated_block_disabled", 0x206),
	FLAG("umr_modify_entity_size_disabled", 0x207),
	FLAG("umr_modify_atomic_disabled", 0x208),
	FLAG("umr_indirect_mkey_disabled", 0x209),
	NUM("umr_fence", 0x20a, 2, .names = &umr_fence_names),
	FLAG("dc_req_scat_data_cqe", 0x20c),
	FLAG("drain_sigerr", 0x20f, .desc = "drain on signature error"),
	NUM("cmdif_checksum", 0x210, 2, .names = &cmdif_checksum_names),
	FLAG("sigerr_cqe", 0x212),
	FLAG("wq_signature", 0x214),
	FLAG("sctr_data_cqe", 0x215, .desc = "scatter data to CQE"),
	FLAG("sho", 0x217, .desc = "signature handover"),
	FLAG("tph", 0x218, .desc = "PCIe TLP processing hints"),
	FLAG("rf", 0x219),
	FLAG("dct", 0x21a, .desc = "DC target (DCT) supported"),
	FLAG("qos", 0x21b, .desc = "QOS page (cap_type 0xc) valid"),
	FLAG("eth_net_offloads", 0x21c, .desc = "ETHERNET_OFFLOADS page (cap_type 1) valid"),
	FLAG("roce", 0x21d, .desc = "RoCE supported (ROCE page, cap_type 4)"),
	FLAG("atomic", 0x21e, .desc = "ATOMIC page (cap_type 3) valid"),
	/* dword 17, byte 0x44 */
	FLAG("cq_oi", 0x220, .desc = "CQ overrun ignore"),
	FLAG("cq_resize", 0x221),
	FLAG("cq_moderation", 0x222),
	FLAG("cq_period_mode_modify", 0x223),
	FLAG("cq_eq_remap", 0x226),
	FLAG("pg", 0x227, .desc = "on-demand paging (ODP page, cap_type 2)"),
	FLAG("block_lb_mc", 0x228, .desc = "block multicast loopback"),
	FLAG("scqe_break_moderation", 0x22a),
	FLAG("cq_period_start_from_cqe", 0x22b),
	FLAG("cd", 0x22c, .desc = "cross-channel (CORE-Direct)"),
	FLAG("apm", 0x22e, .desc = "automatic path migration"),
	FLAG("vector_calc", 0x22f),
	FLAG("umr_ptr_rlky", 0x230),
	FLAG("imaicl", 0x231),
	FLAG("qp_packet_based", 0x232),
	FLAG("qkv", 0x236, .desc = "Q_Key violation counter"),
	FLAG("pkv", 0x237, .desc = "P_Key violation counter"),
	FLAG("set_deth_sqpn", 0x238, .desc = "set the DETH source QPN"),
	FLAG("xrc", 0x23c),
	FLAG("ud", 0x23d),
	FLAG("uc", 0x23e),
	FLAG("rc", 0x23f),
	/* dword 18, byte 0x48 */
	FLAG("uar_4k", 0x240, .desc = "4 KB UAR pages"),
	FLAG("fl_rc_qp_when_roce_disabled", 0x248,
	     .desc = "force-loopback RC QPs while RoCE is disabled"),
	FLAG("regexp_params", 0x249),
	NUM("uar_sz", 0x24a, 6),
	FLAG("port_selection_cap", 0x250, .desc = "PORT_SELECTION page (cap_type 0x25)"),
	FLAG("nic_cap_reg", 0x251),
	FLAG("umem_uid_0", 0x252),
	NUM("log_pg_sz", 0x258, 8),
	/* dword 19, byte 0x4c */
	FLAG("bf", 0x260, .desc = "BlueFlame"),
	FLAG("driver_version", 0x261, .desc = "SET_DRIVER_VERSION supported"),
	FLAG("pad_tx_eth_packet", 0x262, .desc = "pads short Ethernet TX packets"),
	FLAG("mkey_by_name", 0x266),
	NUM("log_bf_reg_size", 0x26b, 5, .desc = "log2 BlueFlame register size, bytes"),
	FLAG("qp_error_syndrome", 0x273),
	NUM("lag_dct", 0x276, 2, .desc = "DCT LAG port-affinity mode"),
	FLAG("lag_tx_port_affinity", 0x278, .desc = "TX port affinity under LAG"),
	FLAG("lag_native_fdb_selection", 0x279),
	FLAG("lag_master", 0x27b, .desc = "may create a LAG (CREATE_LAG)"),
	NUM("num_lag_ports", 0x27c, 4),
	/* dword 20, byte 0x50 */
	NUM("num_of_diagnostic_counters", 0x280, 16),
	NUM("max_wqe_sz_sq", 0x290, 16, .desc = "bytes"),
	/* dword 21, byte 0x54 */
	FLAG("shampo", 0x2ab, .desc = "SHAMPO: header-data split and hardware GRO"),
	FLAG("regexp_mmo_sq", 0x2ac),
	NUM("regexp_version", 0x2ad, 3),
	NUM("max_wqe_sz_rq", 0x2b0, 16, .desc = "bytes"),
	/* dword 22, byte 0x58 */
	NUM("max_flow_counter_31_16", 0x2c0, 16, .desc = "max flow counters, bits 31:16"),
	NUM("max_wqe_sz_sq_dc", 0x2d0, 16, .desc = "bytes"),
	/* dword 23, byte 0x5c */
	NUM("max_qp_mcg", 0x2e7, 25, .desc = "QPs per multicast group"),
	/* dword 24, byte 0x60 */
	PRM_FIELD("flow_counter_bulk_alloc", 0x310, 8,
		  .desc = "bulk sizes: bit n = 128 << n counters"),
	NUM("log_max_mcg", 0x318, 8),
	/* dword 25, byte 0x64 */
	NUM("log_max_transport_domain", 0x323, 5),
	FLAG("relaxed_ordering_read", 0x32a, .desc = "relaxed-ordering reads supported"),
	NUM("log_max_pd", 0x32b, 5),
	FLAG("dp_ordering_ooo_all_ud", 0x330, .desc = "out-of-order data placement, all UD QPs"),
	FLAG("dp_ordering_ooo_all_uc", 0x331, .desc = "out-of-order data placement, all UC QPs"),
	FLAG("dp_ordering_ooo_all_xrc", 0x332, .desc = "out-of-order data placement, all XRC QPs"),
	FLAG("dp_ordering_ooo_all_dc", 0x333, .desc = "out-of-order data placement, all DC QPs"),
	FLAG("dp_ordering_ooo_all_rc", 0x334, .desc = "out-of-order data placement, all RC QPs"),
	FLAG("pcie_reset_using_hotreset_method", 0x335,
	     .desc = "firmware reset through PCIe hot reset"),
	FLAG("pci_sync_for_fw_update_with_driver_unload", 0x336,
	     .desc = "firmware reset with driver unload"),
	FLAG("vnic_env_cnt_steering_fail", 0x337),
	FLAG("vport_counter_local_loopback", 0x338),
	FLAG("q_counter_aggregation", 0x339),
	FLAG("q_counter_other_vport", 0x33a, .desc = "may query other vports' Q counters"),
	NUM("log_max_xrcd", 0x33b, 5),
	/* dword 26, byte 0x68 */
	FLAG("nic_receive_steering_discard", 0x340, .desc = "QUERY_VNIC_ENV counter"),
	FLAG("receive_discard_vport_down", 0x341, .desc = "QUERY_VNIC_ENV counter"),
	FLAG("transmit_discard_vport_down", 0x342, .desc = "QUERY_VNIC_ENV counter"),
	FLAG("eq_overrun_count", 0x343, .desc = "QUERY_VNIC_ENV counter"),
	FLAG("invalid_command_count", 0x345, .desc = "QUERY_VNIC_ENV counter"),
	FLAG("quota_exceeded_count", 0x346, .desc = "QUERY_VNIC_ENV counter"),
	NUM("log_max_flow_counter_bulk", 0x348, 8),
	NUM("max_flow_counter_15_0", 0x350, 16, .desc = "max flow counters, bits 15:0"),
	/* dword 27, byte 0x6c */
	NUM("log_max_rq", 0x363, 5),
	NUM("log_max_sq", 0x36b, 5),
	NUM("log_max_tir", 0x373, 5),
	NUM("log_max_tis", 0x37b, 5),
	/* dword 28, byte 0x70 */
	FLAG("basic_cyclic_rcv_wqe", 0x380),
	NUM("log_max_rmp", 0x383, 5),
	FLAG("pci_sync_for_fw_update_sync2_using_tool_reset", 0x389),
	NUM("log_max_rqt", 0x38b, 5),
	NUM("log_max_rqt_size", 0x393, 5),
	FLAG("vnic_env_cnt_bar_uar_access", 0x399),
	FLAG("vnic_env_cnt_odp_page_fault", 0x39a),
	NUM("log_max_tis_per_sq", 0x39b, 5),
	/* dword 29, byte 0x74 */
	FLAG("ext_stride_num_range", 0x3a0),
	FLAG("roce_rw_supported", 0x3a1,
	     .desc = "RoCE can be enabled/disabled (devlink enable_roce)"),
	FLAG("log_max_current_uc_list_wr_supported", 0x3a2,
	     .desc = "log_max_current_uc_list is writable"),
	NUM("log_max_stride_sz_rq", 0x3a3, 5),
	NUM("log_min_stride_sz_rq", 0x3ab, 5),
	NUM("log_max_stride_sz_sq", 0x3b3, 5),
	NUM("log_min_stride_sz_sq", 0x3bb, 5),
	/* dword 30, byte 0x78 */
	FLAG("hairpin", 0x3c0, .desc = "hairpin queues"),
	NUM("log_max_hairpin_queues", 0x3c3, 5),
	NUM("log_max_hairpin_wq_data_sz", 0x3cb, 5),
	NUM("log_max_hairpin_num_packets", 0x3d3, 5),
	NUM("log_max_wq_sz", 0x3db, 5),
	/* dword 31, byte 0x7c */
	FLAG("nic_vport_change_event", 0x3e0, .desc = "NIC vport change events"),
	FLAG("disable_local_lb_uc", 0x3e1, .desc = "unicast local loopback can be disabled"),
	FLAG("disable_local_lb_mc", 0x3e2, .desc = "multicast local loopback can be disabled"),
	NUM("log_min_hairpin_wq_data_sz", 0x3e3, 5),
	FLAG("silent_mode", 0x3e9),
	FLAG("vhca_state", 0x3ea, .desc = "vHCA state commands and events"),
	NUM("log_max_vlan_list", 0x3eb, 5),
	NUM("log_max_current_mc_list", 0x3f3, 5),
	NUM("log_max_current_uc_list", 0x3fb, 5),
	/* dword 32, byte 0x80 */
	PRM_FIELD("general_obj_types", 0x400, 64,
		  .desc = "bitmask: bit n = general object type n supported"),
	/* dword 34, byte 0x88 */
	NUM("sq_ts_format", 0x440, 2, .names = &ts_format_names, .desc = "SQ timestamp formats"),
	NUM("rq_ts_format", 0x442, 2, .names = &ts_format_names, .desc = "RQ timestamp formats"),
	NUM("steering_format_version", 0x444, 4,
	    .names = &steering_format_names,
	    .desc = "steering (STE) format"),
	PRM_FIELD("create_qp_start_hint", 0x448, 24),
	/* dword 35, byte 0x8c */
	FLAG("ats", 0x461),
	FLAG("cross_vhca_rqt", 0x462),
	NUM("log_max_uctx", 0x463, 5),
	FLAG("crypto", 0x469, .desc = "CRYPTO page (cap_type 0x1a)"),
	FLAG("ipsec_offload", 0x46a, .desc = "IPSEC page (cap_type 0x15)"),
	NUM("log_max_umem", 0x46b, 5),
	NUM("max_num_eqs", 0x470, 16),
	/* dword 36, byte 0x90 */
	FLAG("tls_tx", 0x481, .desc = "kTLS TX offload (TLS page)"),
	FLAG("tls_rx", 0x482, .desc = "kTLS RX offload (TLS page)"),
	NUM("log_max_l2_table", 0x483, 5),
	NUM("log_uar_page_sz", 0x490, 16, .desc = "log2 UAR page size in 4 KB units"),
	/* dword 38, byte 0x98 */
	NUM("device_frequency_mhz", 0x4c0, 32, .desc = "internal timer frequency, MHz"),
	/* dword 39, byte 0x9c */
	NUM("device_frequency_khz", 0x4e0, 32, .desc = "internal timer frequency, kHz"),
	/* dword 40, byte 0xa0 */
	FLAG("nvmf_target_offload", 0x502,
	     .desc = "NVMe-oF target offload (NVMF page, cap_type 0xe)"),
	/* dword 41, byte 0xa4 */
	NUM("num_of_uars_per_page", 0x520, 32),
	/* dword 42, byte 0xa8 */
	PRM_FIELD("flex_parser_protocols", 0x540, 32,
		  .desc = "bitmask of enabled flex parsers (MLX5_FLEX_PARSER_*)"),
	/* dword 43, byte 0xac */
	NUM("max_geneve_tlv_options", 0x560, 8),
	NUM("max_geneve_tlv_option_data_len", 0x56b, 5),
	FLAG("adv_rdma", 0x571, .desc = "ADV_RDMA page (cap_type 0x28)"),
	FLAG("adv_virtualization", 0x579, .desc = "ADV_VIRTUALIZATION page (cap_type 0x26)"),
	/* dword 44, byte 0xb0 */
	NUM("log_max_dci_stream_channels", 0x58b, 5),
	NUM("log_max_dci_errored_streams", 0x593, 5),
	/* dword 45, byte 0xb4 */
	FLAG("enhanced_cqe_compression", 0x5b0),
	FLAG("crossing_vhca_mkey", 0x5b2),
	NUM("log_max_dek", 0x5b3, 5, .desc = "log2 data encryption keys"),
	FLAG("mini_cqe_resp_stride_index", 0x5bc),
	FLAG("cqe_128_always", 0x5bd),
	FLAG("cqe_compression_128", 0x5be),
	FLAG("cqe_compression", 0x5bf),
	/* dword 46, byte 0xb8 */
	NUM("cqe_compression_timeout", 0x5c0, 16),
	NUM("cqe_compression_max_num", 0x5d0, 16),
	/* dword 47, byte 0xbc */
	NUM("flex_parser_id_gtpu_dw_0", 0x5e8, 4),
	FLAG("tag_matching", 0x5f0),
	FLAG("rndv_offload_rc", 0x5f1),
	FLAG("rndv_offload_dc", 0x5f2),
	NUM("log_tag_matching_list_sz", 0x5f3, 5),
	NUM("log_max_xrq", 0x5fb, 5),
	/* dword 48, byte 0xc0 */
	PRM_FIELD("affiliate_nic_vport_criteria", 0x600, 8),
	NUM("native_port_num", 0x608, 8, .desc = "physical port of this function"),
	NUM("num_vhca_ports", 0x610, 8),
	NUM("flex_parser_id_gtpu_teid", 0x618, 4),
	FLAG("sw_owner_id", 0x61e, .desc = "software-owned steering allowed"),
	/* dword 49, byte 0xc4 */
	NUM("max_num_of_monitor_counters", 0x620, 16),
	NUM("num_ppcnt_monitor_counters", 0x630, 16),
	/* dword 50, byte 0xc8 */
	NUM("max_num_sf", 0x640, 16, .desc = "scalable functions"),
	NUM("num_q_monitor_counters", 0x650, 16),
	/* dword 52, byte 0xd0 */
	FLAG("sf", 0x680, .desc = "scalable functions (SF) supported"),
	FLAG("sf_set_partition", 0x681),
	NUM("log_max_sf", 0x683, 5, .desc = "log2 scalable functions"),
	FLAG("apu", 0x688),
	FLAG("migration", 0x68d, .desc = "live-migration commands"),
	NUM("log_min_sf_size", 0x690, 8),
	NUM("max_num_sf_partitions", 0x698, 8),
	/* dword 53, byte 0xd4 */
	PRM_FIELD("uctx_cap", 0x6a0, 32,
		  .desc = "bit 0 RAW_TX, 1 INTERNAL_DEV_RES, 3 RDMA_CTRL, 4 RDMA_CTRL_OTHER_VHCA"),
	/* dword 54, byte 0xd8 */
	NUM("flex_parser_id_geneve_tlv_option_0", 0x6c4, 4),
	NUM("flex_parser_id_icmp_dw1", 0x6c8, 4),
	NUM("flex_parser_id_icmp_dw0", 0x6cc, 4),
	NUM("flex_parser_id_icmpv6_dw1", 0x6d0, 4),
	NUM("flex_parser_id_icmpv6_dw0", 0x6d4, 4),
	NUM("flex_parser_id_outer_first_mpls_over_gre", 0x6d8, 4),
	NUM("flex_parser_id_outer_first_mpls_over_udp_label", 0x6dc, 4),
	/* dword 55, byte 0xdc */
	NUM("max_num_match_definer", 0x6e0, 16),
	PRM_FIELD("sf_base_id", 0x6f0, 16, .desc = "function id of the first SF"),
	/* dword 56, byte 0xe0 */
	NUM("flex_parser_id_gtpu_dw_2", 0x700, 4),
	NUM("flex_parser_id_gtpu_first_ext_dw_0", 0x704, 4),
	NUM("num_total_dynamic_vf_msix", 0x708, 24,
	    .desc = "MSI-X vectors to distribute among VFs"),
	/* dword 57, byte 0xe4 */
	NUM("dynamic_msix_table_size", 0x734, 12, .desc = "MSI-X table size of this function"),
	/* dword 58, byte 0xe8 */
	FLAG("regexp_mmo_qp", 0x749),
	NUM("min_dynamic_vf_msix_table_size", 0x74c, 4,
	    .desc = "smallest MSI-X table a VF can get"),
	FLAG("data_direct", 0x752, .desc = "Data Direct (DMA through a separate PCI function)"),
	NUM("max_dynamic_vf_msix_table_size", 0x754, 12,
	    .desc = "largest MSI-X table a VF can get"),
	/* dword 59, byte 0xec */
	NUM("log_max_num_header_modify_argument", 0x763, 5),
	NUM("log_header_modify_argument_granularity_offset", 0x768, 4),
	NUM("log_header_modify_argument_granularity", 0x76c, 4),
	NUM("log_header_modify_argument_max_alloc", 0x773, 5),
	/* dword 60, byte 0xf0 */
	PRM_FIELD("vhca_tunnel_commands", 0x780, 64,
		  .desc = "non-zero: commands can be tunnelled to another vHCA"),
	/* dword 62, byte 0xf8 */
	PRM_FIELD("match_definer_format_supported", 0x7c0, 64,
		  .desc = "bitmask of match definer formats"),
};

const struct prm_layout prm_layout_cmd_hca_cap = {
	.name = "cmd_hca_cap",
	.desc = "general device capabilities (QUERY_HCA_CAP cap_type 0, 256 bytes)",
	.source = "linux include/linux/mlx5/mlx5_ifc.h mlx5_ifc_cmd_hca_cap_bits",
	.bits = 0x800,
	PRM_LAYOUT_FIELDS(fields),
};
