/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_UTIL_UNITS_H
#define PRMCTL_UTIL_UNITS_H

#include <stdint.h>

/*
 * Durations and sizes as users type them on a command line, for every verb
 * alike (cmd/ wraps them in argp messages).
 */

/* The longest duration accepted: a year, as health watch --duration. */
#define UNITS_MAX_DURATION_S 31536000u

enum {
	UNITS_BAD = -1,		/* not of the form */
	UNITS_TOO_LONG = -2,	/* above the limit */
	UNITS_TOO_SHORT = -3,	/* below 1 ms */
};

/*
 * Seconds, or with ms, s or m ("10", "1.5s", "500ms", "2m"): plain decimal
 * digits with at most one point, no sign, exponent or hex; from 1 ms to
 * UNITS_MAX_DURATION_S. 0 and *ms set, or a UNITS_* code.
 */
int units_duration_ms(const char *s, uint64_t *ms);

/*
 * Bytes, decimal or 0x hex, with an optional K or M (binary), at most 1 TiB.
 * 0 and *bytes set, or UNITS_BAD / UNITS_TOO_LONG.
 */
#define UNITS_MAX_SIZE (UINT64_C(1) << 40)
int units_size(const char *s, uint64_t *bytes);

#endif
