// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
#include "lib/util/hexparse.h"

#include <ctype.h>
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct sink {
	uint8_t *buf;
	size_t len, cap, max;
	size_t last_start, last_len;	/* previous line, for '*' */
};

static int put(struct sink *s, uint8_t b)
{
	if (s->len == s->cap) {
		size_t cap = s->cap ? s->cap * 2 : 256;
		uint8_t *n;

		if (s->len == s->max)
			return -1;
		if (cap > s->max)
			cap = s->max;
		n = realloc(s->buf, cap);
		if (!n)
			return -1;
		s->buf = n;
		s->cap = cap;
	}
	s->buf[s->len++] = b;
	return 0;
}

int hex_digit(int c)
{
	/* no tolower(): a negative char from a log line is no digit, not undefined */
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

struct tok {
	const char *p;
	size_t n;
	size_t col;		/* 1-based */
};

static size_t tokenize(const char *line, size_t len, struct tok *t, size_t max)
{
	size_t n = 0, i = 0;

	while (i < len && n < max) {
		while (i < len && (line[i] == ' ' || line[i] == '\t' || line[i] == '\r'))
			i++;
		if (i >= len)
			break;
		t[n].p = line + i;
		t[n].col = i + 1;
		while (i < len && line[i] != ' ' && line[i] != '\t' && line[i] != '\r')
			i++;
		t[n].n = (size_t)(line + i - t[n].p);
		n++;
	}
	return n;
}

static bool all_hex(const char *p, size_t n)
{
	if (n == 0)
		return false;
	for (size_t i = 0; i < n; i++)
		if (hex_digit((unsigned char)p[i]) < 0)
			return false;
	return true;
}

/* 0, -1 when not an offset, -2 when past max. */
static int parse_offset(const struct tok *t, size_t max, size_t *off)
{
	const char *p = t->p;
	size_t n = t->n;
	unsigned long long v = 0;

	if (n && p[n - 1] == ':')
		n--;
	if (n > 2 && p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) {
		p += 2;
		n -= 2;
	}
	if (!all_hex(p, n) || n > 16)
		return -1;
	for (size_t i = 0; i < n; i++)
		v = v * 16 + (unsigned)hex_digit((unsigned char)p[i]);
	*off = (size_t)v;
	if (v > max)
		return -2;
	return 0;
}

static int fail(struct prm_err *err, size_t line, size_t col, const char *what)
{
	return prm_err_set(err, PRM_E_USAGE, EINVAL, "bad_hex",
			   "hex dump line %zu, column %zu: %s", line, col, what);
}

/* max in the unit people think of it in */
static void size_name(size_t max, char *buf, size_t len)
{
	if (max && max % (1u << 20) == 0)
		snprintf(buf, len, "%zu MiB", max >> 20);
	else if (max && max % 1024 == 0)
		snprintf(buf, len, "%zu KiB", max >> 10);
	else
		snprintf(buf, len, "%zu bytes", max);
}

static int too_large(struct prm_err *err, size_t line, size_t max)
{
	char size[32];

	size_name(max, size, sizeof(size));
	return prm_err_set(err, PRM_E_USAGE, EFBIG, "too_large",
			   "hex dump line %zu: more than %s, the most a hex dump may hold",
			   line, size);
}

static int offset_too_large(struct prm_err *err, size_t line, size_t col, size_t off,
			    size_t max)
{
	char size[32];

	size_name(max, size, sizeof(size));
	return prm_err_set(err, PRM_E_USAGE, EFBIG, "too_large",
			   "hex dump line %zu, column %zu: offset 0x%zx is past %s (0x%zx), "
			   "the most a hex dump may hold", line, col, off, size, max);
}

/* Does this line start with an offset column? */
static bool has_offset(const struct tok *t, size_t n, bool saw_offset)
{
	size_t digits = t[0].n;
	const char *p = t[0].p;

	if (n < 1)
		return false;
	if (p[digits - 1] == ':')
		return true;
	if (digits < 6 || !all_hex(p, digits))
		return false;
	/* hexdump -C, od, devlink: a bare offset of 6+ digits before byte tokens */
	if (n >= 2 && t[1].n == 2)
		return true;
	/* hexdump -C ends with a line holding only the total length */
	return n == 1 && saw_offset;
}

static int repeat_to(struct sink *s, size_t target, size_t line,
		     struct prm_err *err)
{
	if (!s->last_len)
		return fail(err, line, 1, "'*' with no line before it");
	while (s->len < target) {
		size_t start = s->last_start;

		for (size_t i = 0; i < s->last_len && s->len < target; i++)
			if (put(s, s->buf[start + i]))
				return s->len == s->max ? too_large(err, line, s->max) :
				       prm_err_set(err, PRM_E_FAILED, ENOMEM, "oom",
						   "out of memory");
	}
	return 0;
}

int hex_parse(const char *text, size_t len, size_t max, uint8_t **out, size_t *outlen,
	      size_t *base, struct prm_err *err)
{
	struct sink s = { .max = max };
	size_t start_addr = 0;
	size_t lineno = 0, pos = 0;
	bool pending_repeat = false, saw_offset = false;

	while (pos < len) {
		const char *line = text + pos, *nl = memchr(line, '\n', len - pos);
		size_t llen = nl ? (size_t)(nl - line) : len - pos;
		struct tok t[1024];
		size_t n, first = 0, start;
		const char *bar;

		pos += llen + (nl ? 1 : 0);
		lineno++;
		if (memchr(line, '\0', llen))
			goto bad_char;
		if ((bar = memchr(line, '#', llen)))
			llen = (size_t)(bar - line);
		if ((bar = memchr(line, '|', llen)))	/* hexdump -C ascii */
			llen = (size_t)(bar - line);
		n = tokenize(line, llen, t, sizeof(t) / sizeof(t[0]));
		if (n == sizeof(t) / sizeof(t[0]))
			return free(s.buf), fail(err, lineno, 1, "line too long");
		if (n == 0)
			continue;
		if (n == 1 && t[0].n == 1 && t[0].p[0] == '*') {
			pending_repeat = true;
			continue;
		}
		if (has_offset(t, n, saw_offset)) {
			size_t off;
			int bad = parse_offset(&t[0], max, &off);

			if (bad == -2)
				return free(s.buf), offset_too_large(err, lineno, t[0].col, off,
								     max);
			if (bad)
				return free(s.buf), fail(err, lineno, t[0].col,
							 "bad offset");
			if (!saw_offset && s.len == 0)
				start_addr = off;	/* the dump starts here */
			if (off < start_addr)
				return free(s.buf), fail(err, lineno, t[0].col,
							 "offset before the start of the dump");
			off -= start_addr;
			if (pending_repeat) {
				if (off < s.len)
					return free(s.buf),
					       fail(err, lineno, t[0].col,
						    "offset goes backwards after '*'");
				if (repeat_to(&s, off, lineno, err))
					return free(s.buf), -1;
				pending_repeat = false;
			}
			if (off != s.len) {
				char what[96];

				snprintf(what, sizeof(what),
					 "offset 0x%zx, expected 0x%zx (gap or overlap%s)",
					 off + start_addr, s.len + start_addr,
					 off > s.len ? "; octal offsets? use od -Ax" : "");
				return free(s.buf), fail(err, lineno, t[0].col, what);
			}
			first = 1;
			saw_offset = true;
		} else if (pending_repeat) {
			return free(s.buf), fail(err, lineno, 1,
						 "'*' must be followed by an offset line");
		}
		start = s.len;
		for (size_t i = first; i < n; i++) {
			const char *p = t[i].p;
			size_t k = t[i].n;

			/* xxd / print_hex_dump ascii column: two spaces after hex */
			if (first && i > first && t[0].p[t[0].n - 1] == ':' &&
			    t[i].col >= t[i - 1].col + t[i - 1].n + 2)
				break;
			if (k > 2 && p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) {
				p += 2;
				k -= 2;
			}
			if (!all_hex(p, k) || k % 2) {
				char what[96];

				snprintf(what, sizeof(what),
					 "'%.*s' is not a whole number of hex bytes",
					 (int)(t[i].n > 40 ? 40 : t[i].n), t[i].p);
				return free(s.buf), fail(err, lineno, t[i].col, what);
			}
			for (size_t j = 0; j < k; j += 2)
				if (put(&s, (uint8_t)(hex_digit((unsigned char)p[j]) * 16 +
						      hex_digit((unsigned char)p[j + 1]))))
					return free(s.buf), s.len == max ?
					       too_large(err, lineno, max) :
					       prm_err_set(err, PRM_E_FAILED, ENOMEM, "oom",
							   "out of memory");
		}
		if (s.len > start) {
			s.last_start = start;
			s.last_len = s.len - start;
		}
		continue;
bad_char:
		return free(s.buf), fail(err, lineno, 1, "NUL byte in text");
	}
	if (pending_repeat)
		return free(s.buf), fail(err, lineno, 1,
					 "'*' at the end without a closing offset");
	*out = s.buf;
	*outlen = s.len;
	*base = start_addr;
	return 0;
}
