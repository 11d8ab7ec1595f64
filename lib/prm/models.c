// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * PCI ids: Linux mlx5_core_pci_table (drivers/net/ethernet/mellanox/mlx5/
 * core/main.c) and pci.ids. Chip hw_ids: mstflint dev_mgt/tools_dev_types.c.
 * VF rows carry the parent chip's hw_id (no source gives one for a VF).
 */
#include "lib/prm/models.h"

#include <stddef.h>

static const struct prm_model models[] = {
	{ 0x1011, "Connect-IB", false, 0x1ff },
	{ 0x1012, "Connect-IB VF", true, 0x1ff },
	{ 0x1013, "ConnectX-4", false, 0x209 },
	{ 0x1014, "ConnectX-4 VF", true, 0x209 },
	{ 0x1015, "ConnectX-4 Lx", false, 0x20b },
	{ 0x1016, "ConnectX-4 Lx VF", true, 0x20b },
	{ 0x1017, "ConnectX-5", false, 0x20d },
	{ 0x1018, "ConnectX-5 VF", true, 0x20d },
	{ 0x1019, "ConnectX-5 Ex", false, 0x20d },
	{ 0x101a, "ConnectX-5 Ex VF", true, 0x20d },
	{ 0x101b, "ConnectX-6", false, 0x20f },
	{ 0x101c, "ConnectX-6 VF", true, 0x20f },
	{ 0x101d, "ConnectX-6 Dx", false, 0x212 },
	{ 0x101e, "ConnectX Family mlx5Gen VF", true, 0 },
	{ 0x101f, "ConnectX-6 Lx", false, 0x216 },
	{ 0x1021, "ConnectX-7", false, 0x218 },
	{ 0x1023, "ConnectX-8", false, 0x21e },
	{ 0x1025, "ConnectX-9", false, 0x224 },
	{ 0x1027, "ConnectX-10", false, 0x226 },
	{ 0x2101, "ConnectX-10 NVLink-C2C", false, 0 },
	{ 0xa2d2, "BlueField (ConnectX-5)", false, 0x211 },
	{ 0xa2d3, "BlueField (ConnectX-5) VF", true, 0x211 },
	{ 0xa2d6, "BlueField-2 (ConnectX-6 Dx)", false, 0x214 },
	{ 0xa2dc, "BlueField-3 (ConnectX-7)", false, 0x21c },
	/*
	 * mstflint's enum says 0x220, but its device table and a comment say a
	 * BlueField-4 reads 0x224 like ConnectX-9: only the PCI id tells them apart.
	 */
	{ 0xa2df, "BlueField-4", false, 0x220 },
};

static const struct {
	uint16_t hw_id;
	const char *chip;
} chips[] = {
	{ 0x1ff, "Connect-IB" },
	{ 0x209, "ConnectX-4" },
	{ 0x20b, "ConnectX-4 Lx" },
	{ 0x20d, "ConnectX-5" },
	{ 0x20f, "ConnectX-6" },
	{ 0x211, "BlueField" },
	{ 0x212, "ConnectX-6 Dx" },
	{ 0x214, "BlueField-2" },
	{ 0x216, "ConnectX-6 Lx" },
	{ 0x218, "ConnectX-7" },
	{ 0x21c, "BlueField-3" },
	{ 0x21e, "ConnectX-8" },
	{ 0x220, "BlueField-4" },
	{ 0x224, "ConnectX-9" },
	{ 0x226, "ConnectX-10" },
};

const struct prm_model *prm_model_by_device_id(uint16_t device_id)
{
	for (size_t i = 0; i < sizeof(models) / sizeof(models[0]); i++)
		if (models[i].device_id == device_id)
			return &models[i];
	return NULL;
}

const char *prm_chip_by_hw_id(uint16_t hw_id)
{
	for (size_t i = 0; i < sizeof(chips) / sizeof(chips[0]); i++)
		if (chips[i].hw_id == hw_id)
			return chips[i].chip;
	return NULL;
}

bool prm_is_recovery_device_id(uint16_t device_id)
{
	/* recovery id = hw_id, secure-recovery id = hw_id + 1 */
	return prm_chip_by_hw_id(device_id) ||
	       (device_id > 0x200 && prm_chip_by_hw_id(device_id - 1));
}

uint32_t prm_static_cfg_not_done_addr(uint16_t hw_id)
{
	switch (hw_id) {
	case 0x209:	/* ConnectX-4 */
	case 0x20b:
		return 0xb0004;
	case 0x20d:	/* ConnectX-5, BlueField */
	case 0x211:
		return 0xb5e04;
	case 0x20f:	/* ConnectX-6, 6 Dx, 6 Lx, 7, BlueField-2/3 */
	case 0x212:
	case 0x214:
	case 0x216:
	case 0x218:
	case 0x21c:
		return 0xb5f04;
	case 0x21e:	/* ConnectX-8 and later */
	case 0x220:
	case 0x224:
		return 0xa0304;
	}
	return 0;
}
