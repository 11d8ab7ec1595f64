// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * The e-switch capability page: QUERY_HCA_CAP cap_type 9 (MLX5_CAP_ESWITCH),
 * op_mod 0x12 (maximum) / 0x13 (current). 256 bytes at byte 0x10 of
 * query_hca_cap_out. Valid when cmd_hca_cap.eswitch_manager is set.
 *
 * Source: include/linux/mlx5/mlx5_ifc.h struct mlx5_ifc_e_switch_cap_bits
 * (line 1109) in knneth/mlnx-ofa_kernel@2850235 (MLNX_OFED 25.10.1.7.1.1).
 * Mellanox/nic-kernel@09347ab7 (upstream net-next) has the same struct; the
 * older upstream copy in saeedtx/mlx5ctl@0f64d16 lacks
 * vport_cvlan_insert_always (bit 0x6, reserved there).
 * In dword 1 the header's reserved names do not match their offsets:
 * "reserved_at_22" is at 0x22 but "reserved_at_21" is at 0x28 and
 * "reserved_2b" at 0x30. The widths are what count:
 * log_max_fdb_encap_uplink 0x23-0x27, log_max_packet_reformat_context
 * 0x2b-0x2f, max_encap_header_size 0x36-0x3f.
 * Not to be confused with mlx5_ifc_esw_cap_bits, another member of the
 * capability union.
 */
#include "lib/prm/layouts/layouts.h"

#define FLAG(n, o, ...) PRM_FIELD(n, o, 1, .fmt = PRM_FMT_BOOL, __VA_ARGS__)
#define NUM(n, o, w, ...) PRM_FIELD(n, o, w, .fmt = PRM_FMT_DEC, __VA_ARGS__)

static const struct prm_field fields[] = {
	/* dword 0, byte 0x00 */
	FLAG("vport_svlan_strip", 0x000),
	FLAG("vport_cvlan_strip", 0x001),
	FLAG("vport_svlan_insert", 0x002),
	FLAG("vport_cvlan_insert_if_not_exist", 0x003),
	FLAG("vport_cvlan_insert_overwrite", 0x004),
	FLAG("vport_cvlan_insert_always", 0x006),
	FLAG("esw_shared_ingress_acl", 0x007),
	FLAG("esw_uplink_ingress_acl", 0x008),
	FLAG("root_ft_on_other_esw", 0x009,
	     .desc = "root flow table may be set on another e-switch"),
	FLAG("esw_functions_changed", 0x019,
	     .desc = "ESW_FUNCTIONS_CHANGED events (event type 0xe)"),
	FLAG("ecpf_vport_exists", 0x01b, .desc = "embedded CPU PF (ECPF) vport exists"),
	FLAG("counter_eswitch_affinity", 0x01c,
	     .desc = "flow counter e-switch affinity selectable (MLX5_COUNTER_SOURCE_*)"),
	FLAG("merged_eswitch", 0x01d, .desc = "one e-switch over both ports"),
	FLAG("nic_vport_node_guid_modify", 0x01e, .desc = "may set a vport's node GUID"),
	FLAG("nic_vport_port_guid_modify", 0x01f, .desc = "may set a vport's port GUID"),
	/* dword 1, byte 0x04 */
	FLAG("vxlan_encap_decap", 0x020, .desc = "FDB VXLAN encap/decap"),
	FLAG("nvgre_encap_decap", 0x021, .desc = "FDB NVGRE encap/decap"),
	NUM("log_max_fdb_encap_uplink", 0x023, 5),
	NUM("log_max_packet_reformat_context", 0x02b, 5),
	NUM("max_encap_header_size", 0x036, 10, .desc = "bytes"),
	/* dword 2, byte 0x08 */
	NUM("log_max_esw_sf", 0x04b, 5, .desc = "log2 SFs behind this e-switch"),
	PRM_FIELD("esw_sf_base_id", 0x050, 16, .desc = "function id of the first e-switch SF"),
};

const struct prm_layout prm_layout_e_switch_cap = {
	.name = "e_switch_cap",
	.desc = "e-switch capabilities (QUERY_HCA_CAP cap_type 9, 256 bytes)",
	.source = "linux include/linux/mlx5/mlx5_ifc.h mlx5_ifc_e_switch_cap_bits",
	.bits = 0x800,
	PRM_LAYOUT_FIELDS(fields),
};
