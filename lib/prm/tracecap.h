/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_PRM_TRACECAP_H
#define PRMCTL_PRM_TRACECAP_H

/* What a decode needs from MTRC_CAP, read through its layout. */

#include <stddef.h>
#include <stdint.h>

#include "lib/prm/trace.h"

#define TRACECAP_SECTIONS 8

struct tracecap {
	unsigned trc_ver, first_string_trace, num_string_trace;
	unsigned num_string_db;		/* as the register says; sections beyond 8 are ignored */
	unsigned log_max_trace_buffer_size;
	bool trace_owner, trace_to_memory;
	uint32_t base[TRACECAP_SECTIONS], size[TRACECAP_SECTIONS];
};

void tracecap_parse(const uint8_t *reg, size_t len, struct tracecap *c);

#endif
