/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_PRM_NVMF_H
#define PRMCTL_PRM_NVMF_H

/*
 * QUERY_NVMF_NAMESPACE_CONTEXT's counters (mlx5-layouts.md §5; the command
 * and its decoding are lib/ops/nvmf.c): eight 64-bit counters of which only
 * the low 32 bits count (the OFED driver reads only the _low halves; the
 * seed warns the high ones may hold anything), so deltas are taken modulo
 * 2^32.
 */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define NVMF_COUNTERS 8

struct nvmf_ns {
	uint32_t high[NVMF_COUNTERS], low[NVMF_COUNTERS];
	uint32_t current_q_depth, last_read_req_latency, last_write_req_latency;
};

/* num_read_cmd, num_read_blocks, ... in the PRM's order (lib/ops/nvmf.c fills them so). */
const char *nvmf_counter_name(unsigned i);
/* now - was over the 32 valid bits: a wrap is a small delta, not a huge one. */
static inline uint32_t nvmf_delta(uint32_t was, uint32_t now)
{
	return now - was;
}

#endif
