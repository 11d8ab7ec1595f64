// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
#include "lib/util/units.h"

#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <stdio.h>
#include <time.h>

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

/* A unit's length in nanoseconds; 0 if the suffix is none of ours. */
static uint64_t unit_ns(const char *u)
{
	static const struct { const char *name; uint64_t ns; } units[] = {
		{ "ns", 1 }, { "us", 1000 }, { "ms", 1000000 }, { "s", 1000000000 },
		{ "m", UINT64_C(60000000000) }, { "h", UINT64_C(3600000000000) },
	};

	for (size_t i = 0; i < sizeof(units) / sizeof(units[0]); i++)
		if (!strcmp(u, units[i].name))
			return units[i].ns;
	return 0;
}

int units_duration_ns(const char *s, uint64_t default_ns, uint64_t *ns)
{
	size_t n = strspn(s, "0123456789."), i;
	uint64_t scale = n == strlen(s) ? default_ns : unit_ns(s + n);
	/* integers, not floating point: 1.1s must be 1100 ms exactly, not 1100.0000000000002 */
	unsigned __int128 whole = 0, frac = 0, div = 1, v;

	if (!plain_decimal(s, n) || !scale)
		return UNITS_BAD;
	for (i = 0; i < n && s[i] != '.'; i++) {
		whole = whole * 10 + (unsigned)(s[i] - '0');
		if (whole > UINT64_MAX)
			return UNITS_TOO_LONG;
	}
	for (i++; i < n; i++) {
		if (div > UINT64_MAX)	/* digits past the 19th cannot change whole nanoseconds */
			break;
		frac = frac * 10 + (unsigned)(s[i] - '0');
		div *= 10;
	}
	v = whole * scale + frac * scale / div;
	if (v > UINT64_MAX)
		return UNITS_TOO_LONG;
	if (frac * scale % div)
		return UNITS_FRACTION;
	*ns = (uint64_t)v;
	return 0;
}

int units_duration_ms_in(const char *s, uint64_t default_ms, uint64_t *ms)
{
	uint64_t ns;
	int rc = units_duration_ns(s, default_ms * 1000000, &ns);

	if (rc)
		return rc;
	if (ns % 1000000)
		return ns < 1000000 ? UNITS_TOO_SHORT : UNITS_FRACTION;
	*ms = ns / 1000000;
	return 0;
}

int units_duration_ms(const char *s, uint64_t *ms)
{
	uint64_t v;
	int rc = units_duration_ms_in(s, 1000, &v);

	if (rc == UNITS_TOO_SHORT || rc == UNITS_FRACTION)
		return rc;
	if (rc == UNITS_TOO_LONG || (!rc && v > UNITS_MAX_DURATION_S * UINT64_C(1000)))
		return UNITS_TOO_LONG;
	if (rc)
		return rc;
	if (!v)
		return UNITS_TOO_SHORT;
	*ms = v;
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

/* v in n decimal digits, zero-padded, at p; returns the end. */
static char *digits(char *p, unsigned long long v, int n)
{
	for (int i = n - 1; i >= 0; i--, v /= 10)
		p[i] = (char)('0' + v % 10);
	return p + n;
}

/* By hand, not strftime: trace decode prints one for every event. */
char *units_utc_str(uint64_t ns, char buf[UNITS_UTC_BYTES])
{
	time_t secs = (time_t)(ns / 1000000000);
	struct tm tm;
	char *p = buf;

	if (!gmtime_r(&secs, &tm) || tm.tm_year + 1900 > 9999) {
		snprintf(buf, UNITS_UTC_BYTES, "?");
		return buf;
	}
	p = digits(p, (unsigned)(tm.tm_year + 1900), 4);
	*p++ = '-';
	p = digits(p, (unsigned)tm.tm_mon + 1, 2);
	*p++ = '-';
	p = digits(p, (unsigned)tm.tm_mday, 2);
	*p++ = 'T';
	p = digits(p, (unsigned)tm.tm_hour, 2);
	*p++ = ':';
	p = digits(p, (unsigned)tm.tm_min, 2);
	*p++ = ':';
	p = digits(p, (unsigned)tm.tm_sec, 2);
	*p++ = '.';
	p = digits(p, ns % 1000000000, 9);
	*p++ = 'Z';
	*p = 0;
	return buf;
}

int units_utc_ns(const char *s, uint64_t *ns)
{
	unsigned y, mo, d, h, mi, sec;
	uint64_t frac = 0, div = 1;
	struct tm tm = { 0 };
	int n = -1;
	time_t t;

	/* digits only where digits go: sscanf alone would take " 5" or "+5" */
	if (strspn(s, "0123456789") != 4 ||
	    sscanf(s, "%4u-%2u-%2uT%2u:%2u:%2u%n", &y, &mo, &d, &h, &mi, &sec, &n) != 6 ||
	    n != 19 || strspn(s + 5, "0123456789") != 2 || strspn(s + 8, "0123456789") != 2 ||
	    strspn(s + 11, "0123456789") != 2 || strspn(s + 14, "0123456789") != 2 ||
	    strspn(s + 17, "0123456789") != 2)
		return UNITS_BAD;
	s += n;
	if (*s == '.') {
		size_t digits = strspn(++s, "0123456789");

		if (!digits || digits > 9)
			return UNITS_BAD;
		for (size_t i = 0; i < digits; i++, div *= 10)
			frac = frac * 10 + (uint64_t)(s[i] - '0');
		s += digits;
	}
	if (strcmp(s, "Z") || y < 1970 || !mo || mo > 12 || !d || d > 31 || h > 23 || mi > 59 ||
	    sec > 60)
		return UNITS_BAD;
	tm.tm_year = (int)y - 1900;
	tm.tm_mon = (int)mo - 1;
	tm.tm_mday = (int)d;
	tm.tm_hour = (int)h;
	tm.tm_min = (int)mi;
	tm.tm_sec = (int)sec;
	t = timegm(&tm);
	if (t < 0 || tm.tm_mday != (int)d)	/* 31 February moved to March */
		return UNITS_BAD;
	*ns = (uint64_t)t * 1000000000 + frac * (1000000000 / div);
	return 0;
}
