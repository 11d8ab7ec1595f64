// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Records: the emitter's path for streams of millions of lines (trace
 * decode). Same contract as documents — JSON objects carrying "schema", one
 * per line, text for people — but written straight into a line buffer with
 * no document tree, because a tree per event costs more than the decoding.
 *
 * Speed is the point here (doc/performance.md): each member reserves its
 * worst case once and writes through a local cursor, because stores through
 * a char pointer may alias R and would make the compiler reload it per byte;
 * strings are scanned eight bytes a step; in batch mode many records go out
 * in one write.
 */
#include <stdlib.h>
#include <string.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

#include "lib/out/out.h"
#include "lib/out/out_int.h"
#include "lib/util/copylit.h"
#include "lib/util/digits.h"

#define OUT_REC_KEY_MAX 64
#define PAD_SLACK 32	/* room past a text width: pad() */
/* a member's fixed part: separator, quoted key, colon (or key=), and a text width */
#define MEMBER_MAX (4 + OUT_REC_KEY_MAX + 255 + PAD_SLACK)
#define BATCH_BYTES (64 * 1024)

/* each thread its own: trace decode makes records on two (out_rec_hold) */
static __thread struct {
	char *buf;
	size_t len, cap;
	size_t line;		/* where the record being built starts */
	bool batch;		/* finished records wait in buf (out_rec_flush) */
	bool hold;		/* finished records wait in buf for out_rec_take */
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

/* Room for n more bytes at the end: where to write them, NULL when memory ran out. */
static inline char *reserve(size_t n)
{
	if (__builtin_expect(R.cap - R.len >= n, 1))
		return R.buf + R.len;
	return grow(n) ? R.buf + R.len : NULL;
}

static inline void commit(const char *end)
{
	R.len = (size_t)(end - R.buf);
}

/* "0x" and at least digits digits, as hex_u64_wide: every caller reserved 24 bytes past digits */
static char *put_hex(char *p, uint64_t v, unsigned digits)
{
	*p++ = '0';
	*p++ = 'x';
	return hex_u64_wide(p, v, digits, false);
}

/*
 * A key as a member writes it — ,"key": in JSON, key= in text — made once
 * and kept by the key's address: keys are literals (out.h), a few dozen of
 * them, written millions of times. Sixteen bytes are copied whatever the
 * length (a fixed copy is two instructions; the room is reserved).
 */
#define KEY_FORMS 256	/* a power of two, well above the keys of a stream */
#define KEY_COPY 16

struct key_form {
	const char *key;
	bool json;
	uint8_t len;
	char text[OUT_REC_KEY_MAX + 4];
};

static __thread struct key_form key_forms[KEY_FORMS];
static __thread unsigned key_forms_used;

/* ,"key": or key= into text (OUT_REC_KEY_MAX + 4 bytes); its length */
static uint8_t key_text(char *text, const char *key, bool json)
{
	size_t n = strnlen(key, OUT_REC_KEY_MAX), len = 0;

	if (json)
		text[len++] = ',', text[len++] = '"';
	memcpy(text + len, key, n);
	len += n;
	if (json)
		text[len++] = '"', text[len++] = ':';
	else
		text[len++] = '=';
	return (uint8_t)len;
}

static struct key_form *key_form_new(struct key_form *k, const char *key, bool json)
{
	k->key = key;
	k->json = json;
	k->len = key_text(k->text, key, json);
	key_forms_used++;
	return k;
}

static inline char *put_key_text(char *p, const char *text, unsigned len)
{
	if (len <= KEY_COPY)
		memcpy(p, text, KEY_COPY);
	else
		memcpy(p, text, len);
	return p + len;
}

static inline char *put_key(char *p, const char *key, bool json)
{
	uintptr_t a = (uintptr_t)key;
	unsigned i = (unsigned)(a ^ a >> 9) * 2 + json;
	struct key_form *k;

	/* open addressing; a full table (never, in practice) forgets what it had */
	if (key_forms_used > KEY_FORMS / 2) {
		memset(key_forms, 0, sizeof(key_forms));
		key_forms_used = 0;
	}
	for (;; i++) {
		k = &key_forms[i % KEY_FORMS];
		if (k->key == key && k->json == json)
			break;
		if (!k->key) {
			key_form_new(k, key, json);
			break;
		}
	}
	return put_key_text(p, k->text, k->len);
}

/*
 * Where a member's value goes, with room for need bytes of it (and a text
 * width); NULL when the member is not shown in this mode or memory ran out.
 */
static inline __attribute__((always_inline)) char *member(const char *key, unsigned flags, size_t need)
{
	bool arr = R.in_arr && !key, json = R.json, first;
	char *p;

	if (json ? flags & OUT_REC_NOJSON : flags & OUT_REC_NOTEXT)
		return NULL;
	first = arr ? R.members++ == 0 : R.len == R.line;
	p = reserve(MEMBER_MAX + need);
	if (!p)
		return NULL;
	if (arr) {
		if (!first)
			*p++ = ',';
	} else if (json) {
		p = put_key(p, key, true);	/* the schema member is always first: a comma */
	} else {
		if (!first)
			*p++ = ' ';
		if (flags & OUT_REC_KV)
			p = put_key(p, key, false);
	}
	return p;
}

/*
 * Text columns right-aligned to a width w (0 in JSON): shift what the member
 * wrote. Room is reserved for the width and PAD_SLACK bytes past it, so a
 * short value moves as one fixed copy, not a memmove and a memset.
 */
static inline char *pad(char *start, char *end, size_t w)
{
	size_t n = (size_t)(end - start);
	char t[PAD_SLACK];

	if (__builtin_expect(n >= w, 1))
		return end;
	if (w <= PAD_SLACK) {
		memcpy(t, start, PAD_SLACK);
		memset(start, ' ', PAD_SLACK);
		memcpy(start + (w - n), t, PAD_SLACK);
	} else {
		memmove(start + (w - n), start, n);
		memset(start, ' ', w - n);
	}
	return start + w;
}

static unsigned width(unsigned flags)
{
	return R.json ? 0 : OUT_REC_WIDTH_OF(flags);
}

void out_rec_begin(void)
{
	static const char head[] = "{\"schema\":\"" OUT_SCHEMA "\"";
	char *p;

	R.line = R.len;
	R.failed = false;
	R.in_arr = false;
	R.json = out_json();
	R.members = 0;
	if (R.json && (p = reserve(sizeof(head) - 1))) {
		memcpy(p, head, sizeof(head) - 1);
		commit(p + sizeof(head) - 1);
		R.members = 1;
	}
}

void out_rec_u64(const char *key, uint64_t v, unsigned flags)
{
	char *p = member(key, flags, 24 + OUT_REC_DIGITS_OF(flags)), *start = p;

	if (!p)
		return;
	if (!R.json && flags & OUT_REC_HEX)
		p = put_hex(p, v, OUT_REC_DIGITS_OF(flags));
	else
		p = dec_u64_wide(p, v);
	commit(pad(start, p, width(flags)));
}

void out_rec_bool(const char *key, bool v, unsigned flags)
{
	char *p = member(key, flags, 5);

	if (!p)
		return;
	if (v)
		memcpy(p, "true", 4), p += 4;
	else
		memcpy(p, "false", 5), p += 5;
	commit(p);
}

void out_rec_null(const char *key, unsigned flags)
{
	char *p = member(key, flags, 4), *start = p;

	if (!p)
		return;
	if (R.json)
		memcpy(p, "null", 4), p += 4;
	else
		*p++ = '-';
	commit(pad(start, p, width(flags)));
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

#define ONES 0x0101010101010101ull
#define HIGHS 0x8080808080808080ull

/* bytes of w equal to c, as their high bits (exact for the lowest one) */
static inline uint64_t eq_bytes(uint64_t w, unsigned char c)
{
	uint64_t x = w ^ (ONES * c);

	return (x - ONES) & ~x & HIGHS;
}

/*
 * Copies the bytes from s[0..n) that a string prints as they are — JSON:
 * printable ASCII but " and \; text: printable ASCII — to dst; returns how
 * many. Eight a step: a byte stops the run when its high bit is set, when
 * it is below 0x20 (w - 0x20.. borrows into its high bit), when it is one
 * of the two quotables (JSON), or DEL (text).
 */
static size_t plain_run(char *dst, const unsigned char *s, size_t n, bool json)
{
	size_t k = 0;

#ifdef __SSE2__
	/*
	 * Sixteen a step where the machine has it (every x86-64): as signed
	 * bytes, those from 0x80 up are below 0x20 too. The tail is the last
	 * sixteen bytes, as below.
	 */
	if (n >= 16) {
		const __m128i ctl = _mm_set1_epi8(0x20), q = _mm_set1_epi8('"'),
			      bs = _mm_set1_epi8('\\'), del = _mm_set1_epi8(0x7f);

		for (;; k += 16) {
			__m128i w, stop;
			unsigned m;

			if (k + 16 > n)
				k = n - 16;
			w = _mm_loadu_si128((const __m128i *)(const void *)(s + k));
			_mm_storeu_si128((__m128i *)(void *)(dst + k), w);
			stop = _mm_cmplt_epi8(w, ctl);
			if (json)
				stop = _mm_or_si128(stop, _mm_or_si128(_mm_cmpeq_epi8(w, q),
									_mm_cmpeq_epi8(w, bs)));
			else
				stop = _mm_or_si128(stop, _mm_cmpeq_epi8(w, del));
			m = (unsigned)_mm_movemask_epi8(stop);
			if (m)
				return k + (size_t)__builtin_ctz(m);
			if (k + 16 == n)
				return n;
		}
	}
#endif
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	if (n >= 4 && n < 8) {
		/* a short string as two words that overlap: plain throughout, or byte by byte */
		uint32_t a, b;
		uint64_t w, stop;

		memcpy(&a, s, 4);
		memcpy(&b, s + n - 4, 4);
		w = a | (uint64_t)b << 32;
		stop = (w | ((w - ONES * 0x20) & ~w)) & HIGHS;
		stop |= json ? eq_bytes(w, '"') | eq_bytes(w, '\\') : eq_bytes(w, 0x7f);
		if (!stop) {
			memcpy(dst, s, 4);
			memcpy(dst + n - 4, s + n - 4, 4);
			return n;
		}
	}
	/* the lowest stop bit is exact (false hits only ever sit above a true one) */
	for (; k + 8 <= n; k += 8) {
		uint64_t w, stop;

		memcpy(&w, s + k, 8);
		memcpy(dst + k, &w, 8);	/* bytes past the stop are written over later */
		stop = (w | ((w - ONES * 0x20) & ~w)) & HIGHS;
		stop |= json ? eq_bytes(w, '"') | eq_bytes(w, '\\') : eq_bytes(w, 0x7f);
		if (stop)
			return k + (size_t)__builtin_ctzll(stop) / 8;
	}
	if (k < n && n >= 8) {
		/* the tail as the last eight bytes: those before k were found plain already */
		uint64_t w, stop;

		k = n - 8;
		memcpy(&w, s + k, 8);
		memcpy(dst + k, &w, 8);
		stop = (w | ((w - ONES * 0x20) & ~w)) & HIGHS;
		stop |= json ? eq_bytes(w, '"') | eq_bytes(w, '\\') : eq_bytes(w, 0x7f);
		return stop ? k + (size_t)__builtin_ctzll(stop) / 8 : n;
	}
#endif
	for (; k < n; k++) {
		unsigned char c = s[k];

		if (c < 0x20 || c >= (json ? 0x80 : 0x7f) || (json && (c == '"' || c == '\\')))
			break;
		dst[k] = (char)c;
	}
	return k;
}

static char *json_string(char *p, const unsigned char *s, size_t n)
{
	static const char hx[] = "0123456789abcdef";

	*p++ = '"';
	for (size_t i = 0; i < n;) {
		size_t run = plain_run(p, s + i, n - i, true), len;

		p += run;
		i += run;
		if (i == n)
			break;
		if (s[i] == '"' || s[i] == '\\') {
			*p++ = '\\';
			*p++ = (char)s[i++];
		} else if (s[i] < 0x20) {
			memcpy(p, "\\u00", 4);
			p[4] = hx[s[i] >> 4];
			p[5] = hx[s[i] & 0xf];
			p += 6;
			i++;
		} else if ((len = utf8_len(s + i, n - i))) {
			memcpy(p, s + i, len);
			p += len;
			i += len;
		} else {
			/* a byte that is not valid UTF-8: the code point of its value */
			*p++ = (char)(0xc0 | s[i] >> 6);
			*p++ = (char)(0x80 | (s[i] & 0x3f));
			i++;
		}
	}
	*p++ = '"';
	return p;
}

/* Text for a terminal: printable ASCII as is, every other byte as \xNN. */
static char *text_string(char *p, const unsigned char *s, size_t n)
{
	static const char hx[] = "0123456789abcdef";

	for (size_t i = 0; i < n;) {
		size_t run = plain_run(p, s + i, n - i, false);

		p += run;
		i += run;
		if (i == n)
			break;
		p[0] = '\\';
		p[1] = 'x';
		p[2] = hx[s[i] >> 4];
		p[3] = hx[s[i] & 0xf];
		p += 4;
		i++;
	}
	return p;
}

void out_rec_strn(const char *key, const char *s, size_t n, unsigned flags)
{
	char *p, *start;

	if (!s) {
		out_rec_null(key, flags);
		return;
	}
	/* the worst case: six bytes for one (\u00NN), and the quotes */
	p = member(key, flags, 6 * n + 2);
	if (!p)
		return;
	start = p;
	if (R.json)
		p = json_string(p, (const unsigned char *)s, n);
	else
		p = text_string(p, (const unsigned char *)s, n);
	commit(pad(start, p, width(flags)));
}

void out_rec_str(const char *key, const char *s, unsigned flags)
{
	out_rec_strn(key, s, s ? strlen(s) : 0, flags);
}

void out_rec_arr_begin(const char *key, unsigned flags)
{
	char *p = member(key, flags, 1);

	if (!p) {
		R.arr_flags = OUT_REC_NOJSON | OUT_REC_NOTEXT;
	} else {
		R.arr_flags = flags;
		if (R.json)
			*p++ = '[';
		commit(p);
	}
	R.in_arr = true;
	R.members = 0;
}

void out_rec_arr_end(void)
{
	char *p;

	if (R.json && !(R.arr_flags & OUT_REC_NOJSON) && (p = reserve(1))) {
		*p++ = ']';
		commit(p);
	}
	R.in_arr = false;
	R.members = 1;	/* whatever came before, the next member needs its comma */
}

unsigned out_rec_arr_flags(void)
{
	return R.arr_flags & (OUT_REC_NOTEXT | OUT_REC_NOJSON | OUT_REC_HEX);
}

/*
 * A buffer of its final size from the start: growing by doubling copies and
 * touches fresh pages each time (7-18 us a page on a paravirtualised VM).
 */
static void presize(void)
{
	if (R.cap < BATCH_BYTES + BATCH_BYTES / 4)
		reserve(BATCH_BYTES + BATCH_BYTES / 4 - R.len);
}

void out_rec_batch(bool on)
{
	R.batch = on;
	if (on)
		presize();
}

/* The finished records; one being built stays, moved to the front. */
int out_rec_flush(void)
{
	FILE *f = out_stream();
	size_t n = R.line;
	int rc = 0;

	if (!R.len)
		return 0;	/* nothing, maybe not even a buffer (the emitter's errors ask) */
	if (n && fwrite_unlocked(R.buf, 1, n, f) != n)
		rc = -1;
	memmove(R.buf, R.buf + n, R.len - n);
	R.len -= n;
	R.line = 0;
	return rc;
}

int out_rec_end(void)
{
	char *p = reserve(2);

	if (p) {
		if (R.json)
			*p++ = '}';
		*p++ = '\n';
		commit(p);
	}
	if (R.failed) {
		R.len = R.line;		/* only this record is lost */
		return -1;
	}
	R.line = R.len;
	if (!R.hold && (!R.batch || R.len >= BATCH_BYTES))
		return out_rec_flush();
	return 0;
}

void out_rec_hold(void)
{
	R.hold = true;
	presize();
}

const char *out_rec_take(size_t *n)
{
	*n = R.line;
	R.len = R.line = 0;	/* nothing is being built between records */
	return R.buf;
}

int out_rec_put(const char *bytes, size_t n)
{
	if (out_rec_flush())
		return -1;
	return n && fwrite_unlocked(bytes, 1, n, out_stream()) != n ? -1 : 0;
}

void out_rec_free(void)
{
	free(R.buf);
	memset(&R, 0, sizeof(R));
}

/*
 * Shapes. What each column looks like in the output mode — shown or not, the
 * key as written, text's width and hex digits — is worked out once, so that
 * a record is one walk over its values with one reservation for all of its
 * fixed-size members (strings and arrays reserve their own on top).
 */
struct col_form {
	bool shown;
	bool hex;
	bool rising;		/* OUT_REC_RISING, decimal */
	uint8_t digits;
	uint8_t width;		/* 0 in JSON */
	uint8_t len;		/* of key */
	char key[OUT_REC_KEY_MAX + 4];	/* JSON ,"key": ; text key= (KV) or nothing */
};

struct out_rec_shape {
	unsigned n;
	int mode;		/* compiled for: 1 JSON, 0 text, -1 not yet */
	size_t room;		/* the worst case of every fixed-size member at once */
	struct out_rec_col *cols;
	struct col_form *form;
};

struct out_rec_shape *out_rec_shape_new(const struct out_rec_col *cols, unsigned n)
{
	struct out_rec_shape *sh = n <= 256 ? calloc(1, sizeof(*sh)) : NULL;

	if (!sh)
		return NULL;
	sh->cols = malloc((n ? n : 1) * sizeof(*sh->cols));
	sh->form = calloc(n ? n : 1, sizeof(*sh->form));
	if (!sh->cols || !sh->form) {
		out_rec_shape_free(sh);
		return NULL;
	}
	memcpy(sh->cols, cols, n * sizeof(*cols));
	sh->n = n;
	sh->mode = -1;
	return sh;
}

void out_rec_shape_free(struct out_rec_shape *sh)
{
	if (!sh)
		return;
	free(sh->cols);
	free(sh->form);
	free(sh);
}

static void shape_compile(struct out_rec_shape *sh, bool json)
{
	sh->room = 2;
	for (unsigned i = 0; i < sh->n; i++) {
		unsigned flags = sh->cols[i].flags;
		struct col_form *f = &sh->form[i];

		f->shown = !(flags & (json ? OUT_REC_NOJSON : OUT_REC_NOTEXT));
		f->hex = !json && flags & OUT_REC_HEX;
		f->rising = !f->hex && flags & OUT_REC_RISING;
		f->digits = (uint8_t)OUT_REC_DIGITS_OF(flags);
		f->width = json ? 0 : (uint8_t)OUT_REC_WIDTH_OF(flags);
		f->len = json || flags & OUT_REC_KV ? key_text(f->key, sh->cols[i].key, json) : 0;
		if (f->shown)
			sh->room += 1 + KEY_COPY + f->len + PAD_SLACK +
				    (f->width > 24u + f->digits ? f->width : 24u + f->digits);
	}
	sh->mode = json;
}

/*
 * The last value of an OUT_REC_RISING column on this thread, as its digits:
 * one a few ticks above changes only the last four of them (~15 instructions,
 * not ~90 for all of a clock's 15). A carry past them, a step back or a jump
 * makes them all again.
 */
static __thread struct {
	uint64_t v;		/* the fast step is taken from 10000 up only: four digits at the end */
	unsigned low;		/* v % 10000 */
	unsigned len;
	char d[32];
} rise;

/* as dec_u64_wide, 24 bytes written whatever the length */
static inline char *dec_rising(char *p, uint64_t v)
{
	uint64_t step = v - rise.v;

	/* v >= rise.v: from the top of the range, 0 is a small step round */
	if (v >= rise.v && step < 10000 - rise.low && rise.v >= 10000) {
		rise.low += (unsigned)step;
		memcpy(rise.d + rise.len - 4, dec_pairs + 2 * (rise.low / 100), 2);
		memcpy(rise.d + rise.len - 2, dec_pairs + 2 * (rise.low % 100), 2);
	} else {
		rise.len = (unsigned)(dec_u64_wide(rise.d, v) - rise.d);
		rise.low = (unsigned)(v % 10000);
	}
	rise.v = v;
	memcpy(p, rise.d, 24);
	return p + rise.len;
}

/* what a string or an array needs on top of the fixed-size room */
static size_t var_need(const struct out_rec_val *x, const struct col_form *f)
{
	if (x->kind == OUT_VAL_STR)
		return 6 * (size_t)x->n + 2 + f->width;
	if (x->kind == OUT_VAL_MADE)
		return (size_t)x->n + 2 + f->width;
	return 24 * (size_t)x->n + 2;	/* ,0x + 8 hex or 10 digits or null */
}

static char *put_u32s(char *p, const struct out_rec_val *x, bool json, bool hex)
{
	if (json)
		*p++ = '[';
	for (unsigned k = 0; k < x->n; k++) {
		if (k)
			*p++ = ',';
		if (k < 32 && x->present & 1u << k)
			p = hex ? put_hex(p, x->u32s[k], 0) : dec_u64_wide(p, x->u32s[k]);
		else if (json)
			memcpy(p, "null", 4), p += 4;
		else
			*p++ = '-';
	}
	if (json)
		*p++ = ']';
	return p;
}

static inline __attribute__((always_inline)) char *put_val(char *p, const struct out_rec_val *x,
							  const struct col_form *f, bool json)
{
	char *start = p;
	enum out_val_kind kind = x->kind == OUT_VAL_STR && !x->s ? OUT_VAL_NULL : x->kind;

	switch (kind) {
	case OUT_VAL_NULL:
		if (json) {
			memcpy(p, "null", 4);
			return p + 4;
		}
		*p++ = '-';
		break;
	case OUT_VAL_U64:
		p = f->hex ? put_hex(p, x->u, f->digits) :
		    f->rising ? dec_rising(p, x->u) : dec_u64_wide(p, x->u);
		break;
	case OUT_VAL_BOOL:
		if (x->u)
			memcpy(p, "true", 4), p += 4;
		else
			memcpy(p, "false", 5), p += 5;
		return p;
	case OUT_VAL_LIT:
		if (json)
			*p++ = '"';
		p = copy_lit(p, x->s, x->n);	/* within the 24 bytes every column has */
		if (json)
			*p++ = '"';
		break;
	case OUT_VAL_STR:
		if (json)
			p = json_string(p, (const unsigned char *)x->s, x->n);
		else
			p = text_string(p, (const unsigned char *)x->s, x->n);
		break;
	case OUT_VAL_U32S:
		return put_u32s(p, x, json, f->hex);
	case OUT_VAL_MADE:
		if (json)
			*p++ = '"';
		p += x->make(p, x->arg);
		if (json)
			*p++ = '"';
		break;
	}
	return pad(start, p, f->width);
}

bool out_rec_shown(struct out_rec_shape *sh, unsigned col)
{
	const bool json = out_json();

	if (sh->mode != json)
		shape_compile(sh, json);
	return col < sh->n && sh->form[col].shown;
}

int out_rec_row(struct out_rec_shape *sh, const struct out_rec_val *vals, unsigned n)
{
	const bool json = out_json();
	char *p;

	if (sh->mode != json)
		shape_compile(sh, json);
	out_rec_begin();
	p = reserve(sh->room);
	for (unsigned i = 0; p && i < n; i++) {
		const struct out_rec_val *x = &vals[i];
		const struct col_form *f = &sh->form[x->col];

		if (!f->shown)
			continue;
		if (x->kind >= OUT_VAL_STR) {
			commit(p);
			p = reserve(sh->room + var_need(x, f));
			if (!p)
				break;
		}
		if (!json && p != R.buf + R.line)
			*p++ = ' ';
		p = put_key_text(p, f->key, f->len);
		p = put_val(p, x, f, json);
	}
	if (p)
		commit(p);
	return out_rec_end();
}
