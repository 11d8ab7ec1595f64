// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Records: the emitter's path for streams of millions of lines (trace
 * decode). Same contract as documents — JSON objects carrying "schema", one
 * per line, text for people — but written straight into a line buffer with
 * no document tree, because a tree per event costs more than the decoding.
 */
#include <stdlib.h>
#include <string.h>

#include "lib/out/out.h"
#include "lib/out/out_int.h"

#define OUT_REC_KEY_MAX 64

static struct {
	char *buf;
	size_t len, cap;
	bool json;
	bool failed;		/* out of memory: the record is dropped */
	unsigned members;	/* of the object, or of the open array */
	bool in_arr;
	unsigned arr_flags;
} R;

static bool grow(size_t n)
{
	size_t cap;
	char *b;

	cap = R.cap ? R.cap : 4096;
	while (cap < R.len + n)
		cap *= 2;
	b = realloc(R.buf, cap);
	if (!b) {
		R.failed = true;
		return false;
	}
	R.buf = b;
	R.cap = cap;
	return true;
}

static inline bool room(size_t n)
{
	return __builtin_expect(R.len + n <= R.cap, 1) || grow(n);
}

static inline void put(const char *s, size_t n)
{
	if (room(n)) {
		memcpy(R.buf + R.len, s, n);
		R.len += n;
	}
}

static inline void putc_(char c)
{
	if (room(1))
		R.buf[R.len++] = c;
}

static void put_dec(uint64_t v)
{
	static const char pairs[201] =
		"00010203040506070809101112131415161718192021222324252627282930313233343536373839"
		"40414243444546474849505152535455565758596061626364656667686970717273747576777879"
		"8081828384858687888990919293949596979899";
	char t[24];
	int i = sizeof(t);

	while (v >= 100) {
		unsigned d = (unsigned)(v % 100);

		v /= 100;
		t[--i] = pairs[2 * d + 1];
		t[--i] = pairs[2 * d];
	}
	if (v >= 10) {
		t[--i] = pairs[2 * v + 1];
		t[--i] = pairs[2 * v];
	} else {
		t[--i] = (char)('0' + v);
	}
	put(t + i, sizeof(t) - (size_t)i);
}

static void put_hex(uint64_t v, unsigned digits)
{
	static const char hx[] = "0123456789abcdef";
	char t[18];
	int i = sizeof(t);

	do {
		t[--i] = hx[v & 0xf];
		v >>= 4;
		if (digits)
			digits--;
	} while (v || digits);
	t[--i] = 'x';
	t[--i] = '0';
	put(t + i, sizeof(t) - (size_t)i);
}

/* ,"key": in one pass (keys are short literals; measuring them first cost more) */
static inline void json_key(const char *key)
{
	if (!room(4 + OUT_REC_KEY_MAX))
		return;
	R.buf[R.len++] = ',';
	R.buf[R.len++] = '"';
	for (size_t i = 0; key[i] && i < OUT_REC_KEY_MAX; i++)
		R.buf[R.len++] = key[i];
	R.buf[R.len++] = '"';
	R.buf[R.len++] = ':';
}

/* Where a member starts; false when the member is not shown in this mode. */
static inline bool member(const char *key, unsigned flags)
{
	bool arr = R.in_arr && !key;

	if (R.json ? flags & OUT_REC_NOJSON : flags & OUT_REC_NOTEXT)
		return false;
	if (R.json) {
		if (!arr) {
			json_key(key);	/* the schema member is always first */
			return true;
		}
		if (R.members++)
			putc_(',');
		return true;
	}
	if (arr) {
		if (R.members++)
			putc_(',');
		return true;
	}
	if (R.len)
		putc_(' ');
	if (flags & OUT_REC_KV) {
		put(key, strlen(key));
		putc_('=');
	}
	return true;
}

/* Text columns right-aligned to a width: shift what the member wrote. */
static void pad(size_t start, unsigned flags)
{
	size_t w = OUT_REC_WIDTH_OF(flags), n = R.len - start;

	if (R.json || n >= w || !room(w - n))
		return;
	memmove(R.buf + start + (w - n), R.buf + start, n);
	memset(R.buf + start, ' ', w - n);
	R.len += w - n;
}

void out_rec_begin(void)
{
	R.len = 0;
	R.failed = false;
	R.in_arr = false;
	R.json = out_json();
	R.members = 0;
	if (R.json) {
		put("{\"schema\":\"" OUT_SCHEMA "\"", sizeof("{\"schema\":\"" OUT_SCHEMA "\"") - 1);
		R.members = 1;
	}
}

void out_rec_u64(const char *key, uint64_t v, unsigned flags)
{
	size_t start;

	if (!member(key, flags))
		return;
	start = R.len;
	if (!R.json && flags & OUT_REC_HEX)
		put_hex(v, OUT_REC_DIGITS_OF(flags));
	else
		put_dec(v);
	pad(start, flags);
}

void out_rec_bool(const char *key, bool v, unsigned flags)
{
	if (member(key, flags)) {
		if (v)
			put("true", 4);
		else
			put("false", 5);
	}
}

void out_rec_null(const char *key, unsigned flags)
{
	size_t start;

	if (!member(key, flags))
		return;
	start = R.len;
	if (R.json)
		put("null", 4);
	else
		putc_('-');
	pad(start, flags);
}

/* One byte that is not valid UTF-8 as the code point of its value. */
static void json_latin1(unsigned char c)
{
	putc_((char)(0xc0 | c >> 6));
	putc_((char)(0x80 | (c & 0x3f)));
}

/* Length of the valid UTF-8 sequence at s (0 if it is not one). */
static size_t utf8_len(const unsigned char *s, size_t n)
{
	size_t len;
	uint32_t cp;

	if (s[0] < 0xc2 || s[0] > 0xf4)
		return 0;
	len = s[0] < 0xe0 ? 2 : s[0] < 0xf0 ? 3 : 4;
	if (n < len)
		return 0;
	cp = s[0] & (0x3f >> (len - 1));
	for (size_t i = 1; i < len; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		cp = cp << 6 | (s[i] & 0x3f);
	}
	if ((len == 3 && (cp < 0x800 || (cp >= 0xd800 && cp <= 0xdfff))) ||
	    (len == 4 && (cp < 0x10000 || cp > 0x10ffff)))
		return 0;
	return len;
}

static void json_string(const unsigned char *s, size_t n)
{
	static const char hx[] = "0123456789abcdef";

	putc_('"');
	for (size_t i = 0; i < n;) {
		size_t run = i;

		while (run < n && s[run] >= 0x20 && s[run] < 0x80 && s[run] != '"' && s[run] != '\\')
			run++;
		put((const char *)s + i, run - i);
		if (run == n)
			break;
		i = run;
		if (s[i] == '"' || s[i] == '\\') {
			char e[2] = { '\\', (char)s[i] };

			put(e, 2);
			i++;
		} else if (s[i] < 0x20) {
			char e[6] = { '\\', 'u', '0', '0', hx[s[i] >> 4], hx[s[i] & 0xf] };

			put(e, 6);
			i++;
		} else {
			size_t len = utf8_len(s + i, n - i);

			if (len) {
				put((const char *)s + i, len);
				i += len;
			} else {
				json_latin1(s[i++]);
			}
		}
	}
	putc_('"');
}

/* Text for a terminal: printable ASCII as is, every other byte as \xNN. */
static void text_string(const unsigned char *s, size_t n)
{
	static const char hx[] = "0123456789abcdef";

	for (size_t i = 0; i < n;) {
		size_t run = i;

		while (run < n && s[run] >= 0x20 && s[run] < 0x7f)
			run++;
		put((const char *)s + i, run - i);
		if (run == n)
			break;
		i = run;
		char e[4] = { '\\', 'x', hx[s[i] >> 4], hx[s[i] & 0xf] };

		put(e, 4);
		i++;
	}
}

void out_rec_strn(const char *key, const char *s, size_t n, unsigned flags)
{
	size_t start;

	if (!s) {
		out_rec_null(key, flags);
		return;
	}
	if (!member(key, flags))
		return;
	start = R.len;
	if (R.json)
		json_string((const unsigned char *)s, n);
	else
		text_string((const unsigned char *)s, n);
	pad(start, flags);
}

void out_rec_str(const char *key, const char *s, unsigned flags)
{
	out_rec_strn(key, s, s ? strlen(s) : 0, flags);
}

void out_rec_arr_begin(const char *key, unsigned flags)
{
	if (!member(key, flags)) {
		R.arr_flags = OUT_REC_NOJSON | OUT_REC_NOTEXT;
	} else {
		R.arr_flags = flags;
		if (R.json)
			putc_('[');
	}
	R.in_arr = true;
	R.members = 0;
}

void out_rec_arr_end(void)
{
	if (R.json && !(R.arr_flags & OUT_REC_NOJSON))
		putc_(']');
	R.in_arr = false;
	R.members = 1;	/* whatever came before, the next member needs its comma */
}

unsigned out_rec_arr_flags(void)
{
	return R.arr_flags & (OUT_REC_NOTEXT | OUT_REC_NOJSON | OUT_REC_HEX);
}

int out_rec_end(void)
{
	FILE *f = out_stream();

	if (R.json)
		putc_('}');
	putc_('\n');
	if (R.failed)
		return -1;
	if (fwrite_unlocked(R.buf, 1, R.len, f) != R.len)
		return -1;
	return 0;
}

void out_rec_free(void)
{
	free(R.buf);
	memset(&R, 0, sizeof(R));
}
