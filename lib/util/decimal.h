/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_UTIL_DECIMAL_H
#define PRMCTL_UTIL_DECIMAL_H

#include <stdint.h>
#include <string.h>

/*
 * Numbers in decimal for the paths that print millions of them (trace
 * decode: message parameters, record members). Two digits a step from a
 * table and the length known first, so the digits go straight into place;
 * inline, because a call costs as much as the work for a short number.
 */

extern const char dec_pairs[200];	/* "00" "01" ... "99" */

/* Digits of v (1 for 0). */
static inline unsigned dec_len32(uint32_t v)
{
	static const uint32_t pow10[10] = { 1, 10, 100, 1000, 10000, 100000, 1000000,
					    10000000, 100000000, 1000000000 };
	/* floor(log10) from the bit length, off by at most one below */
	unsigned t = (32 - (unsigned)__builtin_clz(v | 1)) * 1233 >> 12;

	return t + 1 - ((v | 1) < pow10[t]);
}

/* The last n digits of v, ending just before end. */
static inline void dec_digits(char *end, uint32_t v, unsigned n)
{
	for (; n >= 2; n -= 2, v /= 100) {
		end -= 2;
		memcpy(end, dec_pairs + 2 * (v % 100), 2);
	}
	if (n)
		end[-1] = (char)('0' + v % 10);
}

/* v < 10^8 as exactly eight digits at p: two halves, no loop. */
static inline void dec_digits8(char *p, uint32_t v)
{
	uint32_t hi = v / 10000, lo = v % 10000;

	memcpy(p, dec_pairs + 2 * (hi / 100), 2);
	memcpy(p + 2, dec_pairs + 2 * (hi % 100), 2);
	memcpy(p + 4, dec_pairs + 2 * (lo / 100), 2);
	memcpy(p + 6, dec_pairs + 2 * (lo % 100), 2);
}

/* v at p; returns the end. */
static inline char *dec_u32(char *p, uint32_t v)
{
	unsigned n = dec_len32(v);

	if (n > 8) {
		dec_digits(p + n - 8, v / 100000000, n - 8);
		dec_digits8(p + n - 8, v % 100000000);
	} else {
		dec_digits(p + n, v, n);
	}
	return p + n;
}

/* v at p (up to 20 digits); returns the end. */
static inline char *dec_u64(char *p, uint64_t v)
{
	uint32_t low[2];
	unsigned groups = 0;

	/* eight digits at a time from the right, in 32-bit arithmetic after */
	while (v > UINT32_MAX) {
		low[groups++] = (uint32_t)(v % 100000000);
		v /= 100000000;
	}
	p = dec_u32(p, (uint32_t)v);
	while (groups) {
		dec_digits8(p, low[--groups]);
		p += 8;
	}
	return p;
}

#endif
