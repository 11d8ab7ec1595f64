// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Which range list a chip uses, the scratchpad TLV, and the dump's text
 * (mstflint 4.21: dev_mgt/tools_dev_types.c g_devs_info for hw_ids and
 * names, mstdump/crd_lib/crdump.c for the TLV, crd_main/mstdump.c for the
 * line). Chips mstflint reaches only without the vendor-specific gateway
 * (ConnectX-3) are left out: prmctl cannot read them.
 */
#include "lib/prm/crdump.h"

static const struct {
	uint16_t hw_id;
	const char *name;
	bool hca;
} lists[] = {
	{ 0x1ff, "ConnectIB", true },
	{ 0x209, "ConnectX4", true },
	{ 0x20b, "ConnectX4LX", true },
	{ 0x20d, "ConnectX5", true },
	{ 0x20f, "ConnectX6", true },
	{ 0x211, "BlueField", true },
	{ 0x212, "ConnectX6DX", true },
	{ 0x214, "BlueField2", true },
	{ 0x216, "ConnectX6LX", true },
	{ 0x218, "ConnectX7", true },
	{ 0x21c, "BlueField3", true },
	{ 0x21e, "ConnectX8", true },
	{ 0x220, "BlueField4", true },
	{ 0x247, "SwitchIB", false },
	{ 0x249, "Spectrum", false },
	{ 0x24b, "SwitchIB2", false },
	{ 0x24d, "Quantum", false },
	{ 0x24e, "Spectrum2", false },
	{ 0x250, "Spectrum3", false },
	{ 0x254, "Spectrum4", false },
	{ 0x257, "Quantum2", false },
	{ 0x25b, "Quantum3", false },
};

const char *prm_crdump_list_name(uint16_t hw_id, bool *hca)
{
	for (size_t i = 0; i < sizeof(lists) / sizeof(lists[0]); i++)
		if (lists[i].hw_id == hw_id) {
			if (hca)
				*hca = lists[i].hca;
			return lists[i].name;
		}
	return NULL;
}

bool prm_crdump_tlv_decode(const uint32_t w[3], struct prm_crdump_tlv *t)
{
	t->signature = w[0];
	t->dwords = w[1] & 0xfffffu;
	t->writable = (w[1] >> 20) & 1;
	t->fw = (w[1] >> 21) & 1;
	t->version = (uint8_t)(w[1] >> 28);
	t->addr = w[2];
	/* mstflint stops at a wrong signature or an address of -1 */
	return t->signature == PRM_CRDUMP_TLV_SIGNATURE && t->addr != 0xffffffffu;
}

static void hex8(char *p, uint32_t v)
{
	static const char digits[] = "0123456789abcdef";

	for (int i = 7; i >= 0; i--, v >>= 4)
		p[i] = digits[v & 0xf];
}

/* by hand, not snprintf: a ConnectX-7 dump is 230,590 lines of fixed width */
void prm_crdump_le_words(const uint8_t *bytes, size_t n, uint32_t *w)
{
	for (size_t i = 0; i < n; i++, bytes += 4)
		w[i] = (uint32_t)bytes[0] | (uint32_t)bytes[1] << 8 | (uint32_t)bytes[2] << 16 |
		       (uint32_t)bytes[3] << 24;
}

void prm_crdump_format(char *buf, uint32_t addr, const uint32_t *vals, size_t n)
{
	for (size_t i = 0; i < n; i++, buf += PRM_CRDUMP_LINE) {
		buf[0] = '0';
		buf[1] = 'x';
		hex8(buf + 2, addr + (uint32_t)i * 4);
		buf[10] = ' ';
		buf[11] = '0';
		buf[12] = 'x';
		hex8(buf + 13, vals[i]);
		buf[21] = '\n';
	}
}
