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
	UNITS_FRACTION = -4,	/* not a whole number of the resolution (ms) */
};

/*
 * The one duration syntax: a plain number in the caller's unit (default_ns),
 * or a number with ns, us, ms, s, m or h ("62.013631792", "1.5s", "500ms",
 * "2m", "1h"): decimal digits with at most one point, no sign, exponent or
 * hex. 0 and *ns set; UNITS_BAD; UNITS_TOO_LONG past 64 bits of ns;
 * UNITS_FRACTION for a fraction of a nanosecond.
 */
int units_duration_ns(const char *s, uint64_t default_ns, uint64_t *ns);

/*
 * As units_duration_ns, in whole milliseconds, a plain number counting
 * default_ms ms (1: milliseconds, 1000: seconds). 0 is allowed (callers
 * judge the range); UNITS_TOO_SHORT for a positive value below 1 ms,
 * UNITS_FRACTION for 1.5 ms.
 */
int units_duration_ms_in(const char *s, uint64_t default_ms, uint64_t *ms);

/* Seconds by default, from 1 ms to UNITS_MAX_DURATION_S. */
int units_duration_ms(const char *s, uint64_t *ms);

/*
 * A UTC time as prmctl prints it, "2026-12-01T23:20:32.296504303Z" (the
 * fraction optional, up to 9 digits): nanoseconds since the epoch, or
 * UNITS_BAD.
 */
int units_utc_ns(const char *s, uint64_t *ns);

/*
 * The other way: ns since the epoch as prmctl prints a time, to the
 * nanosecond, "2026-12-01T23:20:32.296504303Z" ("?" for a time the C library
 * cannot break down). Returns buf.
 */
#define UNITS_UTC_BYTES 40
char *units_utc_str(uint64_t ns, char buf[UNITS_UTC_BYTES]);

/*
 * Bytes, decimal or 0x hex, with an optional K or M (binary), at most 1 TiB.
 * 0 and *bytes set, or UNITS_BAD / UNITS_TOO_LONG.
 */
#define UNITS_MAX_SIZE (UINT64_C(1) << 40)
int units_size(const char *s, uint64_t *bytes);

#endif
