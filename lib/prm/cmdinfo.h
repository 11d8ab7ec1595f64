/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_PRM_CMDINFO_H
#define PRMCTL_PRM_CMDINFO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "lib/prm/layout.h"

/*
 * The commands prmctl knows: their layouts where described, whether they
 * change device state (never sent by a probe), what a probe sends, and the
 * capability bit that says the device has them.
 */
struct prm_cmd_info {
	uint16_t opcode;
	const struct prm_layout *in, *out;	/* NULL: not described */
	bool changes_state;
	uint16_t probe_op_mod;		/* a harmless op_mod to probe with */
	uint32_t probe_outlen;		/* output bytes a probe asks for */
	const char *cap_page, *cap_field;	/* gating bit ("general", "dct") or NULL */
};

extern const struct prm_cmd_info prm_cmd_infos[];
extern const size_t prm_ncmd_infos;

/* By opcode; NULL when prmctl does not know the command. */
const struct prm_cmd_info *prm_cmd_info(uint16_t opcode);

/* By name (QUERY_HCA_CAP, query_hca_cap) or number; -1 when neither. */
int prm_cmd_opcode_parse(const char *s, uint16_t *opcode);

/* The known command name closest to s (a typo), or NULL. */
const char *prm_cmd_opcode_suggest(const char *s);

#endif
