// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * PCI Express Base Specification (rev. 4.0 onwards), 7.5.3 "PCI Express
 * Capability Structure": offsets from the capability, little-endian.
 *   +0x02 PCI Express Capabilities: version 3:0, device/port type 7:4
 *   +0x0c Link Capabilities: Max Link Speed 3:0, Maximum Link Width 9:4
 *   +0x12 Link Status: Current Link Speed 3:0, Negotiated Link Width 9:4
 * Config header: Status 0x06 bit 4 = capability list, pointer at 0x34;
 * each capability: id at +0, next pointer at +1 (low two bits reserved).
 */
#include "lib/prm/pcilink.h"

#include <errno.h>

#define CFG_STATUS 0x06
#define STATUS_CAP_LIST 0x0010
#define CFG_CAP_PTR 0x34
#define CFG_HEADER 0x40
#define STD_CFG_BYTES 0x100	/* capabilities of the list live here */
#define EXP_CAPS 0x02
#define EXP_LNKCAP 0x0c
#define EXP_LNKSTA 0x12
#define EXP_V1_BYTES 0x14	/* through Link Status: what version 1 has too */
/* 48 capabilities of 4 bytes fill the space past the header: more is a loop */
#define MAX_CAPS 48

static const double gts[] = { 0, 2.5, 5.0, 8.0, 16.0, 32.0, 64.0 };

double prm_pci_speed_gts(uint8_t code)
{
	return code < sizeof(gts) / sizeof(gts[0]) ? gts[code] : 0;
}

uint8_t prm_pci_speed_code(double v)
{
	for (uint8_t i = 1; i < sizeof(gts) / sizeof(gts[0]); i++)
		if (gts[i] == v)
			return i;
	return 0;
}

static uint16_t le16(const uint8_t *p)
{
	return (uint16_t)(p[0] | p[1] << 8);
}

static uint32_t le32(const uint8_t *p)
{
	return (uint32_t)le16(p) | (uint32_t)le16(p + 2) << 16;
}

int prm_pci_link_decode(const uint8_t *cfg, size_t len, struct prm_pci_link *out,
			struct prm_err *err)
{
	size_t ptr;
	int n;

	*out = (struct prm_pci_link){ 0 };
	if (len < CFG_HEADER)
		return prm_err_set(err, PRM_E_FAILED, EINVAL, "bad_config",
				   "config space: %zu bytes, the header alone is %d", len, CFG_HEADER);
	if (le32(cfg) == 0xffffffffu)
		return prm_err_set(err, PRM_E_NODEV, ENODEV, "pci_gone",
				   "config space reads all-ones: the function is gone");
	if (!(le16(cfg + CFG_STATUS) & STATUS_CAP_LIST))
		return prm_err_set(err, PRM_E_FAILED, ENOENT, "no_pcie",
				   "config space: no capability list (status 0x%04x)",
				   le16(cfg + CFG_STATUS));
	ptr = cfg[CFG_CAP_PTR] & 0xfc;
	for (n = 0; ptr; n++) {
		if (n == MAX_CAPS)
			return prm_err_set(err, PRM_E_FAILED, ELOOP, "bad_config",
					   "config space: capability list loops (at 0x%02zx)", ptr);
		if (ptr < CFG_HEADER || ptr + 2 > STD_CFG_BYTES)
			return prm_err_set(err, PRM_E_FAILED, EINVAL, "bad_config",
					   "config space: capability pointer 0x%02zx outside 0x40..0xfe",
					   ptr);
		/* without root the kernel shows only the 64-byte header */
		if (ptr + 2 > len)
			return prm_err_set(err, PRM_E_FAILED, EINVAL, "bad_config",
					   "config space: the capability at 0x%02zx lies beyond the %zu bytes read",
					   ptr, len);
		if (cfg[ptr] == PRM_PCI_CAP_ID_EXP)
			break;
		ptr = cfg[ptr + 1] & 0xfc;
	}
	if (!ptr)
		return prm_err_set(err, PRM_E_FAILED, ENOENT, "no_pcie",
				   "config space: no PCI Express capability (id 0x10) in the list");
	if (ptr + EXP_V1_BYTES > len)
		return prm_err_set(err, PRM_E_FAILED, EINVAL, "bad_config",
				   "config space: PCI Express capability at 0x%02zx cut short at %zu bytes",
				   ptr, len);
	out->cap_off = (uint8_t)ptr;
	out->cap_version = cfg[ptr + EXP_CAPS] & 0xf;
	out->port_type = (cfg[ptr + EXP_CAPS] >> 4) & 0xf;
	out->speed_max = cfg[ptr + EXP_LNKCAP] & 0xf;
	out->width_max = (le16(cfg + ptr + EXP_LNKCAP) >> 4) & 0x3f;
	out->speed = cfg[ptr + EXP_LNKSTA] & 0xf;
	out->width = (le16(cfg + ptr + EXP_LNKSTA) >> 4) & 0x3f;
	/* a link down reads width 0: that is below capable too */
	out->degraded = out->width < out->width_max ||
			prm_pci_speed_gts(out->speed) < prm_pci_speed_gts(out->speed_max);
	return 0;
}
