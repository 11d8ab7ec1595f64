/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_PRM_CAPS_H
#define PRMCTL_PRM_CAPS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "lib/prm/layout.h"

/*
 * QUERY_HCA_CAP capability pages prmctl can decode: the name users type
 * ("general", "atomic", "esw", ...), the cap_type of the PRM (include/linux/
 * mlx5/device.h enum mlx5_cap_type) and the layout of the page, which
 * QUERY_HCA_CAP returns at byte 0x10 of its output.
 */
struct prm_cap_page {
	const char *name;
	uint16_t cap_type;
	const struct prm_layout *layout;
	const char *desc;
	/* the general page's flag that says the device has this page; NULL: always */
	const char *gate;
};

extern const struct prm_cap_page prm_cap_pages[];
extern const size_t prm_ncap_pages;

/* Exact, case-insensitive name lookup; NULL when unknown. */
const struct prm_cap_page *prm_cap_page_by_name(const char *name);

/* cap_type lookup; NULL when prmctl has no layout for that page. */
const struct prm_cap_page *prm_cap_page_by_type(uint16_t cap_type);

/*
 * QUERY_HCA_CAP op_mod: cap_type << 1 | 1 for the current values, | 0 for
 * the maximum the device supports (device.h HCA_CAP_OPMOD_GET_CUR/MAX).
 */
uint16_t prm_cap_op_mod(uint16_t cap_type, bool current);

/* The page a QUERY_HCA_CAP op_mod asks for; NULL when prmctl has no layout. */
const struct prm_cap_page *prm_cap_page_of_op_mod(uint16_t op_mod);

/* Every cap_type of enum mlx5_cap_type, named for messages. */
extern const struct prm_names prm_cap_type_names;

#endif
