// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Capability pages. cap_type values: include/linux/mlx5/device.h enum
 * mlx5_cap_type in knneth/mlnx-ofa_kernel@2850235 (MLNX_OFED 25.10.1.7.1.1);
 * op_mod rule: the same file, HCA_CAP_OPMOD_GET_MAX 0 / _GET_CUR 1, and
 * core/main.c mlx5_core_get_caps_mode(), which sends cap_type << 1 | mode.
 * Gates: the general-page flags the kernel tests before reading a page
 * (MLX5_CAP_GEN(dev, atomic), (dev, roce), (dev, debug), (dev, hca_cap_2);
 * the e-switch page with eswitch_manager, as mlx5_core_get_caps does).
 */
#include "lib/prm/caps.h"

#include <strings.h>

#include "lib/prm/layouts/layouts.h"

const struct prm_cap_page prm_cap_pages[] = {
	{ "general", 0x00, &prm_layout_cmd_hca_cap,
	  "general device capabilities", NULL },
	{ "atomic", 0x03, &prm_layout_atomic_caps,
	  "atomic operations, operand sizes, responder endianness", PRM_PATH(cmd_hca_cap, "atomic") },
	{ "roce", 0x04, &prm_layout_roce_cap,
	  "RoCE versions, address types, UDP ports", PRM_PATH(cmd_hca_cap, "roce") },
	{ "esw", 0x09, &prm_layout_e_switch_cap,
	  "e-switch: vport VLAN, encapsulation, SFs, function-change events", PRM_PATH(cmd_hca_cap, "eswitch_manager") },
	{ "debug", 0x0d, &prm_layout_debug_cap,
	  "core dump, resource dump, diagnostic counters", PRM_PATH(cmd_hca_cap, "debug") },
	{ "general_2", 0x20, &prm_layout_cmd_hca_cap_2,
	  "general device capabilities, second page", PRM_PATH(cmd_hca_cap, "hca_cap_2") },
};

const size_t prm_ncap_pages = sizeof(prm_cap_pages) / sizeof(prm_cap_pages[0]);

const struct prm_cap_page *prm_cap_page_by_name(const char *name)
{
	if (!name)
		return NULL;
	for (size_t i = 0; i < prm_ncap_pages; i++)
		if (strcasecmp(prm_cap_pages[i].name, name) == 0)
			return &prm_cap_pages[i];
	return NULL;
}

const struct prm_cap_page *prm_cap_page_by_type(uint16_t cap_type)
{
	for (size_t i = 0; i < prm_ncap_pages; i++)
		if (prm_cap_pages[i].cap_type == cap_type)
			return &prm_cap_pages[i];
	return NULL;
}

uint16_t prm_cap_op_mod(uint16_t cap_type, bool current)
{
	return (uint16_t)(cap_type << 1 | (current ? 1 : 0));
}

const struct prm_cap_page *prm_cap_page_of_op_mod(uint16_t op_mod)
{
	return prm_cap_page_by_type(op_mod >> 1);
}

/*
 * enum mlx5_cap_type, MLX5_CAP_ dropped, lower case. 0xe is MLX5_CAP_NVMF in
 * the OFED header and MLX5_CAP_RESERVED_14 upstream; 0x10 is reserved in both.
 */
static const struct prm_name cap_type_v[] = {
	{ 0x00, "general" },
	{ 0x01, "ethernet_offloads" },
	{ 0x02, "odp" },
	{ 0x03, "atomic" },
	{ 0x04, "roce" },
	{ 0x05, "ipoib_offloads" },
	{ 0x06, "ipoib_enhanced_offloads" },
	{ 0x07, "flow_table" },
	{ 0x08, "eswitch_flow_table" },
	{ 0x09, "eswitch" },
	{ 0x0c, "qos" },
	{ 0x0d, "debug" },
	{ 0x0e, "nvmf" },
	{ 0x0f, "dev_mem" },
	{ 0x10, "reserved_16" },
	{ 0x11, "tls" },
	{ 0x13, "vdpa_emulation" },
	{ 0x14, "dev_event" },
	{ 0x15, "ipsec" },
	{ 0x1a, "crypto" },
	{ 0x1d, "shampo" },
	{ 0x1f, "macsec" },
	{ 0x20, "general_2" },
	{ 0x25, "port_selection" },
	{ 0x26, "adv_virtualization" },
	{ 0x28, "adv_rdma" },
};

const struct prm_names prm_cap_type_names = {
	sizeof(cap_type_v) / sizeof(cap_type_v[0]), cap_type_v
};
