// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Firmware trace format strings rendered by hand (doc/trace-decode.md §6).
 * The format is untrusted device data, so it never reaches the C library's
 * printf: each conversion is parsed into a struct spec and printed here,
 * following the Linux kernel's vsnprintf (lib/vsprintf.c) for the integer
 * conversions, because mlx5's fw_tracer formats these strings with it and
 * a trace must read the same in dmesg and here. Where C's printf differs
 * (%#x of 0, a precision of 0 for 0, the 0 flag beside a precision, "%."),
 * the kernel's rule is the one kept. This runs for every
 * string message of a dump, so: one pass, no allocation, no per-call setup
 * (the tables are static), literal text copied eight bytes at a time, the
 * plain conversions (%x %u %d %08x %p %s, %llx %llu %lld, %%) printed by
 * quick() without a full parse, and a conversion written straight into the output whenever the
 * room left can hold the longest one. A format seen again and again is
 * better parsed once: tracefmt_compile() records render's steps through it
 * and tracefmt_run() takes them with the same conversion code.
 */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "lib/prm/tracefmt.h"
#include "lib/util/copylit.h"
#include "lib/util/digits.h"

#define CLAMP 512		/* width and precision (§6) */
/* The longest conversion: a width or precision of 512 plus a sign or "0x". */
#define CONV_MAX (CLAMP + 8)

enum { F_MINUS = 1, F_PLUS = 2, F_SPACE = 4, F_HASH = 8, F_ZERO = 16, F_QUOTE = 32 };

enum { K_NONE, K_SIGNED, K_UNSIGNED, K_CHAR, K_STR, K_PTR, K_OTHER, K_PCT };

static const unsigned char flag_bit[256] = {
	['-'] = F_MINUS, ['+'] = F_PLUS, [' '] = F_SPACE, ['#'] = F_HASH,
	['0'] = F_ZERO, ['\''] = F_QUOTE,	/* ' groups thousands: none in C's locale */
};

static const unsigned char conv_class[256] = {
	['d'] = K_SIGNED, ['i'] = K_SIGNED,
	['u'] = K_UNSIGNED, ['o'] = K_UNSIGNED, ['x'] = K_UNSIGNED, ['X'] = K_UNSIGNED,
	['c'] = K_CHAR, ['s'] = K_STR, ['p'] = K_PTR,
	['n'] = K_OTHER, ['e'] = K_OTHER, ['E'] = K_OTHER, ['f'] = K_OTHER, ['F'] = K_OTHER,
	['g'] = K_OTHER, ['G'] = K_OTHER, ['a'] = K_OTHER, ['A'] = K_OTHER,
	['%'] = K_PCT,
};

static const char lower_hex[] = "0123456789abcdef";
static const char upper_hex[] = "0123456789ABCDEF";

struct spec {
	size_t end;		/* just past the conversion, or past the offending byte */
	unsigned width, prec;	/* digits as written, clamped */
	unsigned char conv, cls, flags, bits;
	bool wstar, pstar, hasprec;
};

static size_t digits(const unsigned char *f, size_t len, size_t j, unsigned *out)
{
	unsigned v = 0;

	for (; j < len && (unsigned)(f[j] - '0') < 10; j++)
		if (v <= CLAMP)	/* past the clamp the value no longer matters */
			v = v * 10 + (unsigned)(f[j] - '0');
	*out = v > CLAMP ? CLAMP : v;
	return j;
}

/*
 * The spec whose '%' is fmt[i]. False when it does not complete a
 * conversion: then s->end is just past the offending byte (or len), the
 * span to print as it stands.
 */
static bool parse(const char *fmt, size_t len, size_t i, struct spec *s)
{
	const unsigned char *f = (const unsigned char *)fmt;
	size_t j = i + 1;

	s->flags = 0;
	s->width = s->prec = 0;
	s->wstar = s->pstar = s->hasprec = false;
	s->bits = 32;		/* l z t too: the firmware is 32-bit */
	while (j < len && flag_bit[f[j]])
		s->flags |= flag_bit[f[j++]];
	if (j < len && f[j] == '*')
		s->wstar = true, j++;
	else
		j = digits(f, len, j, &s->width);
	if (j < len && f[j] == '.') {
		s->hasprec = true;
		if (++j < len && f[j] == '*')
			s->pstar = true, j++;
		else if (j < len && (unsigned)(f[j] - '0') < 10)
			j = digits(f, len, j, &s->prec);
		else
			s->hasprec = false;	/* the kernel reads "." alone as no precision */
	}
	if (j < len) {
		switch (f[j]) {
		case 'h':
		case 'l':
			/* h 16, hh 8; l 32, ll 64 */
			s->bits = f[j] == 'h' ? 16 : 32;
			if (++j < len && f[j] == f[j - 1])
				s->bits = s->bits == 16 ? 8 : 64, j++;
			break;
		case 'j': case 'q': case 'L':
			s->bits = 64, j++;
			break;
		case 'z': case 't':
			j++;
			break;
		}
	}
	if (j >= len) {
		s->end = len;
		return false;
	}
	s->conv = f[j];
	s->cls = conv_class[f[j]];
	s->end = j + 1;
	return s->cls != K_NONE;
}

/* The value takes two dwords: 64-bit lengths on all but %s, %p (§6) and %%. */
static bool wide(const struct spec *s)
{
	return s->bits == 64 && s->cls != K_STR && s->cls != K_PTR && s->cls != K_PCT;
}

/* "%5%" or "%*%" prints "%" and takes nothing, stars included (C defines only "%%"). */
static unsigned need(const struct spec *s)
{
	if (s->cls == K_PCT)
		return 0;
	return (unsigned)s->wstar + s->pstar + (wide(s) ? 2 : 1);
}

unsigned tracefmt_nparams(const char *fmt, size_t len)
{
	unsigned n = 0;
	size_t i = 0;
	const char *p;
	struct spec s;

	while (i < len && (p = memchr(fmt + i, '%', len - i))) {
		if (parse(fmt, len, (size_t)(p - fmt), &s))
			n += need(&s);
		i = s.end;
	}
	return n;
}

struct args {
	const uint32_t *params;
	unsigned present;
	unsigned next;		/* 0-based: parameter next + 1 */
};

/* Consumes the next parameter whether or not it is there (§6: counts never shift). */
static bool take(struct args *a, uint32_t *v)
{
	unsigned k = a->next++;

	if (k >= TRACEFMT_MAX_PARAMS || !(a->present >> k & 1))
		return false;
	*v = a->params[k];
	return true;
}

/*
 * d i u o x X as the kernel's number() prints them, v already holding the
 * value's bits: at least one digit (0 prints "0" whatever the precision),
 * # adds "0x" to every hex value and "0" before any octal digits but 0's,
 * and the 0 flag pads between sign/prefix and digits even with a precision.
 */
static size_t fmt_int(char *dst, const struct spec *s, unsigned flags, unsigned width,
		      int prec, uint64_t v)
{
	uint64_t mask = s->bits == 64 ? ~0ull : (1ull << s->bits) - 1;
	char dig[24], *d = dig + sizeof(dig), pre[3], *p = dst;
	size_t npre = 0, nd, zeros, body, pad;
	bool hex = s->conv == 'x' || s->conv == 'X';

	v &= mask;
	if (s->cls == K_SIGNED) {
		if (v >> (s->bits - 1)) {
			pre[npre++] = '-';
			v = (0 - v) & mask;	/* INT_MIN / INT64_MIN: the magnitude still fits */
		} else if (flags & F_PLUS) {
			pre[npre++] = '+';
		} else if (flags & F_SPACE) {
			pre[npre++] = ' ';
		}
	}
	if (flags & F_HASH) {
		if (hex)
			pre[npre++] = '0', pre[npre++] = (char)s->conv;
		else if (s->conv == 'o' && v)
			pre[npre++] = '0';
	}
	if (hex) {
		const char *digs = s->conv == 'x' ? lower_hex : upper_hex;

		do
			*--d = digs[v & 15];
		while (v >>= 4);
	} else if (s->conv == 'o') {
		do
			*--d = (char)('0' + (v & 7));
		while (v >>= 3);
	} else {
		/* written from the left, then moved to end where the others do */
		nd = (size_t)(dec_u64(dig, v) - dig);
		d = memmove(dig + sizeof(dig) - nd, dig, nd);
	}
	nd = (size_t)(dig + sizeof(dig) - d);
	zeros = prec > 0 && (size_t)prec > nd ? (size_t)prec - nd : 0;
	body = npre + zeros + nd;
	pad = width > body ? width - body : 0;
	if (pad && !(flags & F_MINUS)) {
		if (flags & F_ZERO) {
			zeros += pad;
		} else {
			memset(p, ' ', pad);
			p += pad;
		}
		pad = 0;
	}
	memcpy(p, pre, npre);
	p += npre;
	memset(p, '0', zeros);
	p += zeros;
	memcpy(p, d, nd);
	p += nd;
	memset(p, ' ', pad);
	return (size_t)(p + pad - dst);
}

static size_t fmt_char(char *dst, unsigned flags, unsigned width, uint8_t b)
{
	char c[4] = { (char)b };
	size_t n = 1, pad;

	if (b < 0x20 || b > 0x7e) {
		c[0] = '\\', c[1] = 'x', c[2] = lower_hex[b >> 4], c[3] = lower_hex[b & 15];
		n = 4;
	}
	pad = width > n ? width - n : 0;	/* "\xNN" counts as the 4 bytes it is */
	if (flags & F_MINUS) {
		memcpy(dst, c, n);
		memset(dst + n, ' ', pad);
	} else {
		memset(dst, ' ', pad);
		memcpy(dst + pad, c, n);
	}
	return n + pad;
}

/* "0x" and ndig digits of v (which has no more): up to 18 bytes written from p */
static char *put_hex(char *p, uint64_t v, unsigned ndig)
{
	*p++ = '0', *p++ = 'x';
	return hex_u64_wide(p, v, ndig, false);
}

static size_t put_missing(char *dst)
{
	memcpy(dst, "<missing>", 9);
	return 9;
}

/* Device pointers are never followed: the string's address is all we show. */
static size_t put_str(char *dst, uint32_t v)
{
	memcpy(dst, "<str ", 5);
	put_hex(dst + 5, v, 8);
	dst[15] = '>';
	return 16;
}

/* A quick form's conversion and "0N" width, the spec at f[*i] ('%'); false if it is not one. */
static bool quick_spec(const unsigned char *f, size_t len, size_t *i, unsigned char *conv,
		       unsigned *width, bool *ll)
{
	size_t j = *i + 1;

	*width = 0;
	*ll = false;
	if (j + 1 < len && f[j] == '0' && (unsigned)(f[j + 1] - '1') < 9)
		*width = f[j + 1] - '0', j += 2;
	if (j < len && f[j] == 'l') {
		j++;
		if (j < len && f[j] == 'l')
			*ll = true, j++;
	}
	if (j >= len)
		return false;
	switch (f[j]) {
	case '%':
		if (j != *i + 1)
			return false;	/* "%5%" and the like: the full parse's rule */
		break;
	case 'p': case 's':
		if (*ll)
			return false;
		break;
	case 'd': case 'i': case 'u':
		if (*ll && *width)
			return false;
		break;
	case 'x': case 'X':
		break;
	default:
		return false;
	}
	*conv = f[j];
	*i = j + 1;
	return true;
}

/*
 * The quick form's value at dst (room 16, 24 for a 64-bit decimal, in
 * whole eight-byte stores: the widths are below 10). Inlined into its two callers: the call cost as much
 * as a short conversion.
 */
static inline __attribute__((always_inline)) size_t quick_conv(char *dst, unsigned char conv, unsigned width,
								bool ll, struct args *a)
{
	char *p = dst;
	uint32_t v, hi = 0;
	uint64_t w;
	bool ok = true;

	if (conv == '%') {
		*dst = '%';
		return 1;
	}
	if (ll)
		ok = take(a, &hi);	/* the high dword first, as convert() */
	if (!take(a, &v) || !ok)
		return put_missing(dst);
	if (ll) {
		w = (uint64_t)hi << 32 | v;
		if (conv == 'x' || conv == 'X')
			return (size_t)(hex_u64_wide(p, w, width, conv == 'X') - dst);
		if (conv != 'u' && w >> 63) {
			*p++ = '-';
			w = 0 - w;
		}
		return (size_t)(dec_u64_wide(p, w) - dst);	/* no width: quick_spec */
	}
	switch (conv) {
	case 'p':
		return (size_t)(put_hex(dst, v, 8) - dst);
	case 's':
		return put_str(dst, v);
	case 'x': case 'X':
		return (size_t)(hex_u64_wide(p, v, width, conv == 'X') - dst);
	case 'd': case 'i':
		if (v >> 31) {
			*p++ = '-';
			v = 0u - v;
			width -= width > 0;	/* the sign is part of the width */
		}
		break;
	}
	return (size_t)(dec_u32_wide(p, v, width) - dst);
}

/*
 * The forms firmware strings use most, %d %i %u %x %X %p %s with at most a
 * "0N" width and an l (32 bits anyway), %llx %llX likewise and %lld %lli
 * %llu without a width (two dwords, the high first), and %%, printed
 * without the full parse and with the same result. Returns
 * the bytes written to dst (room CONV_MAX) and moves *i past the
 * conversion, or returns 0 leaving *i for parse().
 */
static size_t quick(char *dst, const unsigned char *f, size_t len, size_t *i, struct args *a)
{
	unsigned char conv;
	unsigned width;
	bool ll;

	if (!quick_spec(f, len, i, &conv, &width, &ll))
		return 0;
	return quick_conv(dst, conv, width, ll, a);
}

/* One complete conversion into dst, which has room for CONV_MAX bytes. */
static size_t convert(char *dst, const struct spec *s, struct args *a)
{
	unsigned flags = s->flags, width = s->width;
	int prec = s->hasprec ? (int)s->prec : -1;
	uint32_t star = 0, hi = 0, lo = 0;
	bool ok = true;
	char *p = dst;

	if (s->cls == K_PCT) {
		*dst = '%';
		return 1;
	}
	/* C's order: width, precision, then the value, high dword first */
	if (s->wstar) {
		ok &= take(a, &star);
		if (star >> 31) {
			flags |= F_MINUS;
			star = 0u - star;
		}
		width = star > CLAMP ? CLAMP : star;
	}
	if (s->pstar) {
		ok &= take(a, &star);
		prec = star >> 31 ? -1 : star > CLAMP ? CLAMP : (int)star;
	}
	if (wide(s))
		ok &= take(a, &hi);
	ok &= take(a, &lo);
	if (!ok)
		return put_missing(dst);
	switch (s->cls) {
	case K_SIGNED:
	case K_UNSIGNED:
		return fmt_int(dst, s, flags, width, prec, (uint64_t)hi << 32 | lo);
	case K_CHAR:
		return fmt_char(dst, flags, width, (uint8_t)lo);
	case K_STR:
		return put_str(dst, lo);
	case K_PTR:
		p = put_hex(p, lo, 8);
		break;
	default:		/* n and the floats: never interpreted, the bits shown */
		*p++ = '<', *p++ = (char)s->conv, *p++ = ' ';
		p = wide(s) ? put_hex(p, (uint64_t)hi << 32 | lo, 16) : put_hex(p, lo, 8);
		*p++ = '>';
		break;
	}
	return (size_t)(p - dst);
}

/* Appends k bytes, or what fits of them; false once the message is cut. */
static bool emit(char *out, size_t *n, const char *src, size_t k)
{
	size_t room = TRACEFMT_MSG_MAX - *n;

	if (k > room) {
		memcpy(out + *n, src, room);
		*n = TRACEFMT_MSG_MAX;
		return false;
	}
	memcpy(out + *n, src, k);
	*n += k;
	return true;
}

/*
 * Copies src[0..avail) up to its first '%' into dst, which has room for all
 * avail bytes; returns how many it copied. Eight bytes a step where it can:
 * a '%' is a zero byte of word ^ 0x25..25, and the zero-byte test's lowest
 * set bit is exact (its false hits only ever sit above a true one).
 */
static size_t copy_literal(char *dst, const char *src, size_t avail)
{
	size_t k = 0;

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	for (; k + 8 <= avail; k += 8) {
		uint64_t w, z;

		memcpy(&w, src + k, 8);
		memcpy(dst + k, &w, 8);	/* bytes past the '%' are written over later */
		w ^= 0x2525252525252525ull;
		z = (w - 0x0101010101010101ull) & ~w & 0x8080808080808080ull;
		if (z)
			return k + (size_t)__builtin_ctzll(z) / 8;
	}
#endif
	for (; k < avail && src[k] != '%'; k++)
		dst[k] = src[k];
	return k;
}

size_t tracefmt_render(char *out, const char *fmt, size_t len,
		       const uint32_t params[TRACEFMT_MAX_PARAMS], unsigned present)
{
	const unsigned char *f = (const unsigned char *)fmt;
	struct args a = { params, present, 0 };
	size_t n = 0, i = 0, k;
	bool whole = true;
	struct spec s;
	char tmp[CONV_MAX];

	while (whole && i < len) {
		if (len - i <= TRACEFMT_MSG_MAX - n) {
			/* the usual case: the rest of the format fits as it stands */
			k = copy_literal(out + n, fmt + i, len - i);
			n += k;
		} else {
			/* one byte past the room is enough to know the literal is cut */
			const char *pct = memchr(fmt + i, '%', TRACEFMT_MSG_MAX - n + 1);

			k = pct ? (size_t)(pct - (fmt + i)) : TRACEFMT_MSG_MAX - n + 1;
			whole = emit(out, &n, fmt + i, k);
		}
		i += k;
		if (!whole || i == len)
			break;
		if (TRACEFMT_MSG_MAX - n >= CONV_MAX) {
			k = quick(out + n, f, len, &i, &a);
			if (k) {
				n += k;
				continue;
			}
		}
		if (!parse(fmt, len, i, &s)) {
			whole = emit(out, &n, fmt + i, s.end - i);	/* as it stands */
		} else if (TRACEFMT_MSG_MAX - n >= CONV_MAX) {
			n += convert(out + n, &s, &a);
		} else {
			whole = emit(out, &n, tmp, convert(tmp, &s, &a));
		}
		i = s.end;
	}
	if (!whole)
		memcpy(out + TRACEFMT_MSG_MAX - 3, "...", 3);
	out[n] = '\0';
	return n;
}

/* ---- formats parsed once ---- */

enum step_kind { STEP_END, STEP_QUICK, STEP_SPEC };

struct step {
	uint16_t lit_off, lit_len;	/* the literal before the conversion */
	unsigned char kind;
	struct spec s;			/* STEP_QUICK: conv, width and bits only */
};

struct tracefmt_prog {
	const char *fmt;
	bool plain;		/* tracefmt_prog_plain() */
	unsigned nsteps;
	struct step step[TRACEFMT_PROG_STEPS];
};

/* The most a conversion can write (fmt_int: a sign or "0x", 22 octal digits, the padding). */
static size_t conv_most(const struct step *st)
{
	if (st->kind == STEP_QUICK)	/* "<str 0x12345678>"; a sign, ten digits, a width below 10 */
		return st->s.bits == 64 && st->s.conv != 'x' && st->s.conv != 'X' ? 24 : 16;
	if (st->s.wstar || st->s.pstar)
		return CONV_MAX;
	return (st->s.width > st->s.prec ? st->s.width : st->s.prec) + 24;
}

/*
 * The steps tracefmt_render takes through fmt, found once: a literal up to
 * each conversion (a broken spec is literal, as render prints it), the
 * quick form or the full spec. Only for a format whose longest rendering
 * fits the cap, so render never cuts it and the two agree byte for byte.
 */
struct tracefmt_prog *tracefmt_compile(const char *fmt, size_t len)
{
	const unsigned char *f = (const unsigned char *)fmt;
	struct tracefmt_prog *pr;
	size_t i = 0, lit = 0, most = 0;
	bool ll;

	if (len > TRACEFMT_MSG_MAX || !(pr = malloc(sizeof(*pr))))
		return NULL;
	pr->fmt = fmt;
	pr->nsteps = 0;
	/* every conversion but %c writes printable ASCII without " or \ */
	pr->plain = true;
	for (size_t j = 0; j < len; j++)
		pr->plain &= f[j] >= 0x20 && f[j] < 0x7f && f[j] != '"' && f[j] != '\\';
	for (;;) {
		const char *pct = i < len ? memchr(fmt + i, '%', len - i) : NULL;
		struct step *st;

		if (pr->nsteps == TRACEFMT_PROG_STEPS)
			goto no;
		st = &pr->step[pr->nsteps];
		st->lit_off = (uint16_t)lit;
		if (!pct) {
			st->lit_len = (uint16_t)(len - lit);
			st->kind = STEP_END;
			most += len - lit;
			pr->nsteps++;
			break;
		}
		i = (size_t)(pct - fmt);
		st->lit_len = (uint16_t)(i - lit);
		if (quick_spec(f, len, &i, &st->s.conv, &st->s.width, &ll)) {
			st->kind = STEP_QUICK;
			st->s.bits = ll ? 64 : 32;
		} else if (parse(fmt, len, i, &st->s)) {
			st->kind = STEP_SPEC;
			pr->plain &= st->s.cls != K_CHAR;
			i = st->s.end;
		} else {
			i = st->s.end;	/* the broken spec stays in the literal */
			continue;
		}
		most += st->lit_len + conv_most(st);
		lit = i;
		pr->nsteps++;
	}
	if (most <= TRACEFMT_MSG_MAX)
		return pr;
no:
	free(pr);
	return NULL;
}

size_t tracefmt_run(char *out, const struct tracefmt_prog *pr,
		    const uint32_t params[TRACEFMT_MAX_PARAMS], unsigned present)
{
	struct args a = { params, present, 0 };
	char *p = out;

	for (unsigned k = 0; k < pr->nsteps; k++) {
		const struct step *st = &pr->step[k];

		p = copy_lit(p, pr->fmt + st->lit_off, st->lit_len);
		if (st->kind == STEP_QUICK)
			p += quick_conv(p, st->s.conv, st->s.width, st->s.bits == 64, &a);
		else if (st->kind == STEP_SPEC)
			p += convert(p, &st->s, &a);
	}
	*p = '\0';
	return (size_t)(p - out);
}

bool tracefmt_prog_plain(const struct tracefmt_prog *pr)
{
	return pr->plain;
}

void tracefmt_prog_free(struct tracefmt_prog *pr)
{
	free(pr);
}
