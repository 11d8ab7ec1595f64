// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
#include "lib/prm/initseg.h"

#include <stdio.h>
#include <string.h>

#include "lib/prm/layouts/layouts.h"
#include "lib/prm/models.h"
#include "lib/prm/names.h"

int prm_initseg_summarize(const void *buf, size_t len,
			  struct prm_initseg_summary *s, struct prm_err *err)
{
	const struct prm_layout *l = &prm_layout_initseg;
	uint64_t rev_word, maj, min, sub, cmdif, init, nic, hsynd, hcnt, synd, hw;
	uint64_t qhi, qlo, lsz, lstr, exec_to, init_to, th, tl, rh, rl;

	memset(s, 0, sizeof(*s));
	if (len < prm_layout_bytes(l))
		return prm_err_set(err, PRM_E_USAGE, 0, "short_input",
				   "initialization segment needs %zu bytes, got %zu",
				   prm_layout_bytes(l), len);
	if (prm_get(&prm_layout_initseg, buf, len, "fw_rev_major", &maj, err) ||
	    prm_get(&prm_layout_initseg, buf, len, "fw_rev_minor", &min, err) ||
	    prm_get(&prm_layout_initseg, buf, len, "fw_rev_subminor", &sub, err) ||
	    prm_get(&prm_layout_initseg, buf, len, "cmd_interface_rev", &cmdif, err) ||
	    prm_get(&prm_layout_initseg, buf, len, "initializing", &init, err) ||
	    prm_get(&prm_layout_initseg, buf, len, "nic_interface", &nic, err) ||
	    prm_get(&prm_layout_initseg, buf, len, "health_syndrome", &hsynd, err) ||
	    prm_get(&prm_layout_initseg, buf, len, "health_counter", &hcnt, err) ||
	    prm_get(&prm_layout_initseg, buf, len, "health_buffer.synd", &synd, err) ||
	    prm_get(&prm_layout_initseg, buf, len, "health_buffer.hw_id", &hw, err) ||
	    prm_get(&prm_layout_initseg, buf, len, "cmdq_phy_addr_63_32", &qhi, err) ||
	    prm_get(&prm_layout_initseg, buf, len, "cmdq_phy_addr_31_12", &qlo, err) ||
	    prm_get(&prm_layout_initseg, buf, len, "log_cmdq_size", &lsz, err) ||
	    prm_get(&prm_layout_initseg, buf, len, "log_cmdq_stride", &lstr, err) ||
	    prm_get(&prm_layout_initseg, buf, len, "cmd_exec_to", &exec_to, err) ||
	    prm_get(&prm_layout_initseg, buf, len, "cmd_q_init_to", &init_to, err) ||
	    prm_get(&prm_layout_initseg, buf, len, "internal_timer_h", &th, err) ||
	    prm_get(&prm_layout_initseg, buf, len, "internal_timer_l", &tl, err) ||
	    prm_get(&prm_layout_initseg, buf, len, "real_time_h", &rh, err) ||
	    prm_get(&prm_layout_initseg, buf, len, "real_time_l", &rl, err))
		return -1;
	if (prm_bits_get(buf, len, 0, 32, &rev_word))
		return -1;
	s->all_ones = rev_word == 0xffffffffu;
	s->fw_major = (uint16_t)maj;
	s->fw_minor = (uint16_t)min;
	s->fw_subminor = (uint16_t)sub;
	snprintf(s->fw_version, sizeof(s->fw_version), "%u.%u.%04u",
		 s->fw_major, s->fw_minor, s->fw_subminor);
	s->cmd_interface_rev = (uint16_t)cmdif;
	s->initializing = init != 0;
	s->nic_interface = (uint8_t)nic;
	s->nic_interface_name = prm_name_of(&prm_nic_interface_names, nic);
	s->health_syndrome = (uint8_t)hsynd;
	s->health_counter = (uint32_t)hcnt;
	s->synd = (uint8_t)synd;
	s->synd_name = prm_name_of(&prm_health_synd_names, synd);
	s->hw_id = (uint32_t)hw;
	s->chip = prm_chip_by_hw_id((uint16_t)(hw & 0xffff));
	s->cmdq_address = qhi << 32 | qlo << 12;
	s->cmdq_entries = 1u << lsz;
	s->cmdq_stride = 1u << lstr;
	/* the firmware gives timeouts only when cmd_q_init_to is non-zero */
	if (init_to) {
		s->cmd_exec_timeout_ms = prm_initseg_timeout_ms((uint32_t)exec_to);
		s->fw_init_timeout_ms = prm_initseg_timeout_ms((uint32_t)init_to);
	}
	s->internal_timer = th << 32 | tl;
	s->real_time_ns = rh * 1000000000ull + rl;
	if (s->all_ones)
		s->state = "pci_gone";
	else if (s->initializing)
		s->state = "fw_initializing";
	else if (s->cmd_interface_rev != PRM_CMD_INTERFACE_REV)
		s->state = "unrecognized";
	else
		s->state = "ready";
	return 0;
}

uint64_t prm_initseg_timeout_ms(uint32_t word)
{
	/* bits 30:29 unit (ms, s, min, h), bits 19:0 value */
	static const uint64_t unit_ms[4] = { 1, 1000, 60000, 3600000 };

	return (uint64_t)(word & 0xfffff) * unit_ms[(word >> 29) & 0x3];
}
