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

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
/*
 * v < 10^8 as eight digit values (0-9, zero-padded), the first in the lowest
 * byte: the halves, quarters and digits split in parallel lanes of one
 * register (a multiply and shift stand for /100 and /10: exact below 10^4
 * and 10^2, and no lane's product reaches into the next).
 */
static inline uint64_t dec_lanes8(uint32_t v)
{
	uint64_t x = (uint64_t)(v / 10000) | (uint64_t)(v % 10000) << 32, hi;

	hi = (x * 10486) >> 20 & UINT64_C(0x0000007f0000007f);
	x = hi | (x - hi * 100) << 16;
	hi = (x * 103) >> 10 & UINT64_C(0x000f000f000f000f);
	return hi | (x - hi * 10) << 8;
}

#define DEC_ZEROS UINT64_C(0x3030303030303030)

/* v < 10^8 without leading zeros, as one eight-byte store */
static inline char *dec_lead8(char *p, uint32_t v)
{
	uint64_t x = dec_lanes8(v);
	unsigned zeros = x ? (unsigned)__builtin_ctzll(x) / 8 : 7;

	x = (x + DEC_ZEROS) >> (8 * zeros);
	memcpy(p, &x, 8);
	return p + 8 - zeros;
}

static inline char *dec_full8(char *p, uint32_t v)
{
	uint64_t x = dec_lanes8(v) + DEC_ZEROS;

	memcpy(p, &x, 8);
	return p + 8;
}

/*
 * v at p, as dec_u64(), in whole eight-byte stores: for writers with room
 * to spare, as it writes up to 24 bytes from p whatever the length (those
 * past the end it returns are scratch).
 */
static inline char *dec_u64_wide(char *p, uint64_t v)
{
	if (v < 100000000)
		return dec_lead8(p, (uint32_t)v);
	if (v < UINT64_C(10000000000000000)) {
		p = dec_lead8(p, (uint32_t)(v / 100000000));
	} else {
		p = dec_lead8(p, (uint32_t)(v / UINT64_C(10000000000000000)));
		p = dec_full8(p, (uint32_t)(v / 100000000 % 100000000));
	}
	return dec_full8(p, (uint32_t)(v % 100000000));
}
#else
static inline char *dec_u64_wide(char *p, uint64_t v)
{
	return dec_u64(p, v);
}
#endif

#endif
