/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_PRM_ESW_H
#define PRMCTL_PRM_ESW_H

/*
 * QUERY_ESW_FUNCTIONS's answer (mlx5-layouts.md §4.7; the command and its
 * decoding are lib/ops/esw.c): the host PF behind an e-switch manager, and
 * the SFs enabled. host_sf_enable follows the 128-byte output as big-endian
 * 64-bit words; bit n (from the least significant) of word w is SF 64w + n.
 */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define ESW_MAX_SF_WORDS 64	/* 4096 SFs */
#define ESW_OUT_BYTES 128	/* query_esw_functions_out before host_sf_enable */

struct esw_functions {
	uint8_t host_number;
	bool pf_not_exist, pf_disabled, vhca_id_valid;
	uint16_t vhca_id, num_vfs, total_vfs, pci_bus, pci_device, pci_function;
	unsigned nwords;
	uint64_t sf_words[ESW_MAX_SF_WORDS];
};

/* How many SF words to ask for, from the e-switch page's log_max_esw_sf. */
unsigned esw_sf_words(unsigned log_max_esw_sf);
/* The enabled SFs' indices, in order; returns how many (all of them counted). */
unsigned esw_sf_list(const struct esw_functions *f, uint32_t *idx, unsigned max);

enum esw_change_kind {
	ESW_PF_DISABLED, ESW_PF_ENABLED, ESW_PF_GONE, ESW_PF_BACK, ESW_VFS_CHANGED,
	ESW_SF_ADDED, ESW_SF_REMOVED,
};

struct esw_change {
	enum esw_change_kind kind;
	uint64_t from, to;	/* ESW_VFS_CHANGED */
	uint32_t sf;		/* ESW_SF_* */
};

/* What changed from a to b; returns how many (all counted, at most max written). */
unsigned esw_diff(const struct esw_functions *a, const struct esw_functions *b,
		  struct esw_change *c, unsigned max);
const char *esw_change_name(enum esw_change_kind k);

#endif
