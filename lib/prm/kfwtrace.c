// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* The kernel's mlx5_fw trace event lines (kfwtrace.h). */
#include <string.h>

#include "lib/prm/kfwtrace.h"

#define TAG "mlx5_fw: "

static const char *find(const char *s, size_t len, const char *what)
{
	size_t n = strlen(what);

	for (size_t i = 0; i + n <= len; i++)
		if (!memcmp(s + i, what, n))
			return s + i;
	return NULL;
}

/* Digits of base 10 or 16 at *p (before end): at least one, no overflow. */
static int number(const char **p, const char *end, unsigned base, uint64_t *v)
{
	const char *s = *p;
	uint64_t x = 0;

	for (; s < end; s++) {
		unsigned d;

		if (*s >= '0' && *s <= '9')
			d = (unsigned)(*s - '0');
		else if (base == 16 && *s >= 'a' && *s <= 'f')
			d = (unsigned)(*s - 'a' + 10);
		else
			break;
		if (x > (UINT64_MAX - d) / base)
			return -1;
		x = x * base + d;
	}
	if (s == *p)
		return -1;
	*p = s;
	*v = x;
	return 0;
}

static int lit(const char **p, const char *end, const char *what)
{
	size_t n = strlen(what);

	if ((size_t)(end - *p) < n || memcmp(*p, what, n))
		return -1;
	*p += n;
	return 0;
}

/* "SECONDS: " right before the event's name: digits, one dot, digits. */
static void header_seconds(const char *line, const char *tag, struct prm_kfwtrace *out)
{
	const char *e = tag - 2, *b = e, *dot = NULL;
	unsigned dots = 0;
	double whole = 0, frac = 0, scale = 1;

	if (tag - line < 3 || tag[-1] != ' ' || tag[-2] != ':')
		return;
	while (b > line && ((b[-1] >= '0' && b[-1] <= '9') || b[-1] == '.'))
		if (*--b == '.')
			dots++, dot = b;
	if (dots != 1 || dot == b || dot + 1 == e)
		return;
	for (const char *s = b; s < dot; s++)
		whole = whole * 10 + (*s - '0');
	for (const char *s = dot + 1; s < e; s++) {
		scale /= 10;
		frac += (*s - '0') * scale;
	}
	out->seconds = whole + frac;
	out->has_seconds = true;
}

int prm_kfwtrace_parse(const char *line, size_t len, struct prm_kfwtrace *out)
{
	const char *end = line + len, *p, *tag, *sp;
	uint64_t v;

	memset(out, 0, sizeof(*out));
	while (end > line && (end[-1] == '\n' || end[-1] == '\r'))
		end--;
	tag = find(line, (size_t)(end - line), TAG);
	if (!tag)
		return -1;
	header_seconds(line, tag, out);
	p = tag + strlen(TAG);
	sp = memchr(p, ' ', (size_t)(end - p));
	if (!sp || sp == p)
		return -1;
	out->dev = p;
	out->dev_len = (size_t)(sp - p);
	p = sp;
	if (lit(&p, end, " [0x") || number(&p, end, 16, &v) || lit(&p, end, "] "))
		return -1;
	out->timestamp = v;
	if (number(&p, end, 10, &v) || v > 1 || lit(&p, end, " [0x"))
		return -1;
	out->lost = (unsigned)v;
	if (number(&p, end, 16, &v) || v > 0xff || lit(&p, end, "]"))
		return -1;
	out->event_id = (unsigned)v;
	/* " MSG"; an empty message whose space a copy trimmed still parses */
	if (p < end && lit(&p, end, " "))
		return -1;
	out->msg = p;
	out->msg_len = (size_t)(end - p);
	return 0;
}
