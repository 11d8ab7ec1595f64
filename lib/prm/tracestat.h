/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_PRM_TRACESTAT_H
#define PRMCTL_PRM_TRACESTAT_H

/*
 * Trace analysis (seed 000 §5): per event id and per format string, how many,
 * when first and last, the intervals between them, how many lost. Memory
 * grows with the number of distinct formats, never with the dump.
 */

#include <stdbool.h>
#include <stdint.h>

#include "lib/prm/trace.h"

struct tracestat_row {
	/* identity: an event id, or a format (pointer, or the problem without one) */
	uint8_t event_id;
	enum trace_item_type type;	/* of the first item seen */
	bool has_pointer;
	uint32_t pointer;
	enum trace_problem problem;	/* format rows: unknown/missing pointer buckets */
	char *fmt;			/* owned copy; NULL when unknown */
	/* figures */
	uint64_t count, lost, timed;
	uint64_t first, last;		/* of the timed ones */
	uint64_t intervals;		/* how many intervals were measured */
	int64_t imin, imax;		/* circular differences: negative = out of order */
	__int128 isum;
};

struct tracestat;

struct tracestat *tracestat_new(void);
void tracestat_free(struct tracestat *s);
/* Add one emitted item (not skips); -1 when out of memory. */
int tracestat_add(struct tracestat *s, const struct trace_item *it);
/* Event ids in numeric order, formats by count (then pointer); valid until free. */
const struct tracestat_row *tracestat_events(const struct tracestat *s, unsigned *n);
const struct tracestat_row *tracestat_formats(struct tracestat *s, unsigned *n);
/* Mean interval, rounded down; false when fewer than two timed. */
bool tracestat_avg(const struct tracestat_row *r, int64_t *avg);

#endif
