/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_UTIL_COPYLIT_H
#define PRMCTL_UTIL_COPYLIT_H

#include <stdint.h>
#include <string.h>

/*
 * A short string's bytes, inline (a format's literal, a record's type name):
 * most are a few words long, and a call to memcpy for each cost more than
 * the copy. Two overlapping loads and stores cover any length from 4 to 16
 * without touching a byte outside either span. Returns p + n.
 */
static inline char *copy_lit(char *p, const char *s, size_t n)
{
	if (n >= 8 && n <= 16) {
		uint64_t a, b;

		memcpy(&a, s, 8);
		memcpy(&b, s + n - 8, 8);
		memcpy(p, &a, 8);
		memcpy(p + n - 8, &b, 8);
	} else if (n >= 4 && n < 8) {
		uint32_t a, b;

		memcpy(&a, s, 4);
		memcpy(&b, s + n - 4, 4);
		memcpy(p, &a, 4);
		memcpy(p + n - 4, &b, 4);
	} else if (n < 4) {
		for (size_t i = 0; i < n; i++)
			p[i] = s[i];
	} else {
		memcpy(p, s, n);
	}
	return p + n;
}

#endif
