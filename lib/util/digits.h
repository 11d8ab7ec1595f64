/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_UTIL_DIGITS_H
#define PRMCTL_UTIL_DIGITS_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

/*
 * Numbers in decimal and hex for the paths that print millions of them
 * (trace decode: message parameters, record members). The length known
 * first, so the digits go straight into place; where the writer has room
 * to spare, eight digits made at once in one register and stored whole (a
 * loop's exit, a different length each number, is a branch mispredicted
 * every few numbers); inline, because a call costs as much as the work.
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

/* The last n (1..8) of eight characters, the first in x's lowest byte, at p as one eight-byte store. */
static inline char *put_last8(char *p, uint64_t x, unsigned n)
{
	x >>= 8 * (8 - n);
	memcpy(p, &x, 8);
	return p + n;
}

/* dec_lanes8's digits without the leading zeros (1 for 0) */
static inline unsigned dec_lanes8_len(uint64_t x)
{
	return x ? 8 - (unsigned)__builtin_ctzll(x) / 8 : 1;
}

/* v < 10^8 without leading zeros, as one eight-byte store */
static inline char *dec_lead8(char *p, uint32_t v)
{
	uint64_t x = dec_lanes8(v);

	return put_last8(p, x + DEC_ZEROS, dec_lanes8_len(x));
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

/*
 * v with at least `least` digits (at most 16; zeros before), as
 * dec_u64_wide: up to 16 bytes written from p.
 */
static inline char *dec_u32_wide(char *p, uint32_t v, unsigned least)
{
	uint64_t lo = dec_lanes8(v % 100000000);
	uint32_t hi = v / 100000000;	/* 0..42 */
	unsigned n = hi ? 9 + (hi >= 10) : dec_lanes8_len(lo);

	if (n < least)
		n = least;
	if (n > 8) {
		p = put_last8(p, dec_lanes8(hi) + DEC_ZEROS, n - 8);
		n = 8;
	}
	return put_last8(p, lo + DEC_ZEROS, n);
}

/*
 * v < 2^32 as eight hex digit values (0-15, zero-padded), the first in the
 * lowest byte: the nibbles spread into bytes of their own in three steps,
 * then put in reading order.
 */
static inline uint64_t hex_lanes8(uint32_t v)
{
	uint64_t x = v;

	x = (x | x << 16) & UINT64_C(0x0000ffff0000ffff);
	x = (x | x << 8) & UINT64_C(0x00ff00ff00ff00ff);
	x = (x | x << 4) & UINT64_C(0x0f0f0f0f0f0f0f0f);
	return __builtin_bswap64(x);
}

/* hex_lanes8's values as characters: a digit value from 10 up (+6 carries into bit 4) moves past '9' */
static inline uint64_t hex_chars8(uint64_t x, bool upper)
{
	uint64_t ge10 = (x + UINT64_C(0x0606060606060606)) >> 4 & UINT64_C(0x0101010101010101);

	return x + DEC_ZEROS + ge10 * (uint64_t)(upper ? 'A' - '9' - 1 : 'a' - '9' - 1);
}

/*
 * v in hex with at least `least` digits (zeros before), no prefix, in whole
 * eight-byte stores: up to max(16, least) bytes written from p.
 */
static inline char *hex_u64_wide(char *p, uint64_t v, unsigned least, bool upper)
{
	unsigned n = (67 - (unsigned)__builtin_clzll(v | 1)) / 4;	/* 1 for 0 */

	if (n < least)
		n = least;
	for (; n > 16; n--)
		*p++ = '0';
	if (n > 8) {
		p = put_last8(p, hex_chars8(hex_lanes8((uint32_t)(v >> 32)), upper), n - 8);
		n = 8;
	}
	return put_last8(p, hex_chars8(hex_lanes8((uint32_t)v), upper), n);
}
#else
static inline char *dec_u64_wide(char *p, uint64_t v)
{
	return dec_u64(p, v);
}

static inline char *dec_u32_wide(char *p, uint32_t v, unsigned least)
{
	for (unsigned n = dec_len32(v); n < least; n++)
		*p++ = '0';
	return dec_u32(p, v);
}

static inline char *hex_u64_wide(char *p, uint64_t v, unsigned least, bool upper)
{
	const char *digs = upper ? "0123456789ABCDEF" : "0123456789abcdef";
	unsigned n = (67 - (unsigned)__builtin_clzll(v | 1)) / 4;

	if (n < least)
		n = least;
	for (unsigned k = n; k--; v >>= 4)
		p[k] = digs[v & 15];	/* zeros once v runs out */
	return p + n;
}
#endif

#endif
