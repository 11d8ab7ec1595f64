/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_PRM_ATOMICCAPS_H
#define PRMCTL_PRM_ATOMICCAPS_H

/* What the atomic capability page means for 1/2/4/8-byte CAS and FADD. */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "lib/prm/atomic.h"

#define ATOMIC_CAPS_ROWS 8

struct atomic_caps_summary {
	enum atomic_op op;
	unsigned size;
	bool qp, dc;		/* usable on RC/XRC QPs, on DCs */
	const char *how;	/* the WQE that carries it */
	const char *reply;	/* byte order of the value returned */
	const char *missing;	/* NULL, or what the page lacks */
};

/*
 * page: the atomic capability page (cap_type 3); general_atomic: the general
 * page's atomic bit (0: no atomics at all). Rows for cs and fa of 1, 2, 4, 8 bytes.
 */
unsigned atomic_caps_summarize(const uint8_t *page, size_t len, bool general_atomic,
			       struct atomic_caps_summary *s);

/*
 * Can a QP do op on size-byte operands in this form (extended: the masked
 * opcodes; else the standard 8-byte ones)? false with *missing saying what
 * the pages lack.
 */
bool atomic_caps_allows(const uint8_t *page, size_t len, bool general_atomic, enum atomic_op op,
			unsigned size, bool extended, const char **missing);

#endif
