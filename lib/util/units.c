// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
#include "lib/util/units.h"

#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

/* Digits with an optional fraction: no sign, exponent, hex, inf or nan. */
static bool plain_decimal(const char *s, size_t n)
{
	size_t digits = 0, dots = 0;

	for (size_t i = 0; i < n; i++) {
		if (s[i] == '.')
			dots++;
		else if (s[i] >= '0' && s[i] <= '9')
			digits++;
		else
			return false;
	}
	return digits && dots <= 1;
}

int units_duration_ms(const char *s, uint64_t *ms)
{
	size_t n = strspn(s, "0123456789.");
	const char *unit = s + n;
	double v, scale;

	if (!plain_decimal(s, n))
		return UNITS_BAD;
	if (!strcmp(unit, "ms"))
		scale = 1;
	else if (!*unit || !strcmp(unit, "s"))
		scale = 1000;
	else if (!strcmp(unit, "m"))
		scale = 60000;
	else
		return UNITS_BAD;
	v = strtod(s, NULL) * scale;
	if (v > UNITS_MAX_DURATION_S * 1000.0)
		return UNITS_TOO_LONG;
	if (v < 1)
		return UNITS_TOO_SHORT;
	*ms = (uint64_t)v;
	return 0;
}

int units_size(const char *s, uint64_t *bytes)
{
	unsigned shift = 0;
	unsigned long long n;
	char *end;

	if (!s || !*s || *s == '-' || *s == '+' || *s == ' ')
		return UNITS_BAD;
	errno = 0;
	n = strtoull(s, &end, 0);
	if (end == s)
		return UNITS_BAD;
	if (*end == 'K' || *end == 'k')
		shift = 10, end++;
	else if (*end == 'M' || *end == 'm')
		shift = 20, end++;
	if (*end)
		return UNITS_BAD;
	/* compared before the shift, which could wrap a huge count to a small one */
	if (errno == ERANGE || n > (UNITS_MAX_SIZE >> shift))
		return UNITS_TOO_LONG;
	*bytes = (uint64_t)n << shift;
	return 0;
}
