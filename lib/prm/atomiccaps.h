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

/* page: the atomic capability page (cap_type 3); rows for cs and fa of 1, 2, 4, 8 bytes. */
unsigned atomic_caps_summarize(const uint8_t *page, size_t len, struct atomic_caps_summary *s);

#endif
