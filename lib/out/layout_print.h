/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_OUT_LAYOUT_PRINT_H
#define PRMCTL_OUT_LAYOUT_PRINT_H

#include <stddef.h>
#include <stdint.h>

#include "lib/prm/layout.h"

/*
 * The generic printer: every field of a layout, through the emitter, in
 * table order. base is the bit offset of the structure inside buf. Returns -1
 * (and fills err) if buf is too short for the layout.
 */
int out_layout(const struct prm_layout *l, const void *buf, size_t len,
	       uint32_t base, struct prm_err *err);

/*
 * The same without the top-level fields named in skip (NULL-terminated):
 * for a caller that prints those its own way (a time under the Keys
 * convention, say).
 */
int out_layout_skip(const struct prm_layout *l, const void *buf, size_t len,
		    uint32_t base, const char *const *skip, struct prm_err *err);

/* One field (scalar, array or nested) at bit offset base of its structure. */
int out_layout_field(const struct prm_field *f, const void *buf, size_t len,
		     uint32_t base, struct prm_err *err);

/* A layout's table itself: name, size, each field's place, access and description. */
void out_layout_describe(const struct prm_layout *l);

#endif
