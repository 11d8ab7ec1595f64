// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * lib/prm/tracefmt.c: firmware trace formats (doc/trace-decode.md §6). The
 * expected strings are written by hand from the Linux kernel's vsnprintf
 * rules (lib/vsprintf.c: format_decode() and number()), which mlx5's
 * fw_tracer uses, and §6; kernel_rules holds every flag, width, precision
 * and length against them. The last test adds a second opinion from
 * glibc's snprintf where C and the kernel agree; it is independent here
 * because tracefmt never calls it.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "lib/prm/tracefmt.h"

#define ALL 0x7fu
#define P(...) ((const uint32_t[TRACEFMT_MAX_PARAMS]){ __VA_ARGS__ })

static char out[TRACEFMT_MSG_MAX + 1];
static unsigned compiled;	/* expectations the compiled path met too */

/* Every expectation holds for tracefmt_render and, where it compiles, tracefmt_run. */
static void expect_bytes(const char *want, size_t wlen, const char *fmt, size_t flen,
			 unsigned present, const uint32_t *p, int line)
{
	size_t n = tracefmt_render(out, fmt, flen, p, present);
	struct tracefmt_prog *pr;

	if (n != wlen || memcmp(out, want, wlen) || out[n])
		fail_msg("line %d: \"%s\": got \"%s\" (%zu), want \"%s\" (%zu)", line, fmt, out, n,
			 want, wlen);
	pr = tracefmt_compile(fmt, flen);
	if (!pr)
		return;
	memset(out, 0x55, sizeof(out));
	n = tracefmt_run(out, pr, p, present);
	tracefmt_prog_free(pr);
	if (n != wlen || memcmp(out, want, wlen) || out[n])
		fail_msg("line %d: \"%s\" compiled: got \"%s\" (%zu), want \"%s\" (%zu)", line, fmt,
			 out, n, want, wlen);
	compiled++;
}

/* E: all seven parameters present; EM: with a present mask */
#define EM(want, fmt, present, ...) \
	expect_bytes(want, strlen(want), fmt, strlen(fmt), present, P(__VA_ARGS__), __LINE__)
#define E(want, fmt, ...) EM(want, fmt, ALL, __VA_ARGS__)

/* n copies of c then tail, for the long expectations; four live at once */
static const char *rep(char c, size_t n, const char *tail)
{
	static char bufs[4][2100];
	static unsigned next;
	char *buf = bufs[next++ % 4];

	memset(buf, c, n);
	strcpy(buf + n, tail);
	return buf;
}

static void literals_and_percent(void **state)
{
	(void)state;
	E("", "", 0);
	E("hello, world", "hello, world", 0);
	E("100%", "100%%", 0);
	E("%%", "%%%%", 0);
	E("a%b", "a%%b", 0);
	/* a complete conversion '%' prints "%" and takes nothing, '*' included */
	E("%", "%5%", 0);
	E("%", "%-#l%", 0);
	E("%7", "%*%%d", 7);
	E("%7", "%.*%%d", 7);
}

static void plain_integers(void **state)
{
	(void)state;
	E("0", "%d", 0);
	E("42", "%d", 42);
	E("-1", "%d", 0xffffffff);
	E("-2147483648", "%d", 0x80000000);
	E("2147483647", "%d", 0x7fffffff);
	E("-2", "%i", 0xfffffffe);
	E("4294967295", "%u", 0xffffffff);
	E("2147483648", "%u", 0x80000000);
	E("deadbeef", "%x", 0xdeadbeef);
	E("DEADBEEF", "%X", 0xdeadbeef);
	E("0", "%x", 0);
	E("10", "%o", 8);
	E("37777777777", "%o", 0xffffffff);
	E("0", "%o", 0);
	E("00001234", "%08x", 0x1234);
	E("a=1 b=2 c=ff d=-4", "a=%d b=%u c=%x d=%i", 1, 2, 255, 0xfffffffc);
}

static void flags(void **state)
{
	(void)state;
	E("+5", "%+d", 5);
	E("-5", "%+d", 0xfffffffb);
	E("+0", "%+d", 0);
	E(" 5", "% d", 5);
	E("-5", "% d", 0xfffffffb);
	E("+5", "%+ d", 5);
	E("+5", "% +d", 5);
	E("5", "%+u", 5);	/* + and space are for signed conversions */
	E("5", "% u", 5);
	E("ff", "%+x", 255);
	E("10", "% o", 8);
	E("0xff", "%#x", 255);
	E("0XFF", "%#X", 255);
	E("0x0", "%#x", 0);	/* the kernel: "0x" for every hex value */
	E("010", "%#o", 8);
	E("0", "%#o", 0);
	E("5", "%#d", 5);
	E("5", "%#u", 5);
	E("1234567", "%'d", 1234567);
	E("42   |", "%-5d|", 42);
	E("42   |", "%-05d|", 42);
	E("42   |", "%0-5d|", 42);
	E("00042", "%05d", 42);
	E("-0042", "%05d", 0xffffffd6);
	E("+0042", "%+05d", 42);
	E(" 0042", "% 05d", 42);
	E("00007", "%00005d", 7);
	E("0x00001f", "%#08x", 0x1f);
	E("    0x1f", "%#8x", 0x1f);
	E("0x1f    |", "%-#8x|", 0x1f);
	E("0x000", "%#05x", 0);
	E("  0x0", "%#5x", 0);
	E("00000010", "%#08o", 8);
	E("     010", "%#8o", 8);
}

static void width_and_precision(void **state)
{
	(void)state;
	E("   42", "%5d", 42);
	E("  -42", "%5d", 0xffffffd6);
	E("12345", "%1d", 12345);
	E("007", "%.3d", 7);
	E("-007", "%.3d", 0xfffffff9);
	E("12345", "%.3d", 12345);
	E("+007", "%+.3d", 7);
	E("     00a", "%8.3x", 0xa);
	E("00a     |", "%-8.3x|", 0xa);
	E("00007", "%05.3d", 7);	/* the kernel keeps the 0 flag beside a precision */
	E("-0007", "%05.3d", 0xfffffff9);
	E("0000000005", "%.10u", 5);
	E("+007    |", "%-+8.3d|", 7);
	/* the kernel always prints a digit: a precision of 0 still shows 0 */
	E("[0]", "[%.0d]", 0);
	E("[0]", "[%.d]", 0);	/* "." alone is no precision in the kernel */
	E("00007", "%05.d", 7);
	E("    0", "%5.0d", 0);
	E("1", "%.0d", 1);
	E("+0", "%+.0d", 0);
	E(" 0", "% .0d", 0);
	E("0", "%.0x", 0);
	E("0x0", "%#.0x", 0);
	E("0", "%.0u", 0);
	E("0", "%.0o", 0);
	E("0", "%#.0o", 0);	/* # o: "0" goes before other values only */
	E("0010", "%#.3o", 8);	/* ... and before the precision's zeros */
	E("00010", "%#.4o", 8);
	E("0x001", "%#.3x", 1);
	/* clamped to 512 */
	E(rep(' ', 511, "1"), "%600d", 1);
	E(rep(' ', 511, "1"), "%99999999999999999999999d", 1);
	E(rep('0', 511, "1"), "%.600d", 1);
	E(rep('0', 511, "1"), "%.99999999999999999999999d", 1);
	E(rep('0', 512, ""), "%512.512u", 0);
	{
		char want[520] = "-";

		strcpy(want + 1, rep('0', 511, "1"));
		E(want, "%512.512d", 0xffffffff);	/* 513 bytes: the sign is extra */
		want[0] = '+';
		E(want, "%+.9999i", 1);
	}
}

static void stars(void **state)
{
	(void)state;
	E("   42", "%*d", 5, 42);
	E("42   |", "%-*d|", 5, 42);
	E("42   |", "%*d|", 0xfffffffb, 42);	/* -5: the '-' flag and 5 */
	E("00042", "%0*d", 5, 42);
	E("42   |", "%0*d|", 0xfffffffb, 42);
	E("007", "%.*d", 3, 7);
	E("7", "%.*d", 0xffffffff, 7);		/* negative: no precision */
	E("00007", "%05.*d", 0xffffffff, 7);	/* ... so the 0 flag holds */
	E("00007", "%05.*d", 2, 7);
	E("0", "%.*d", 0, 0);
	E("     00a", "%*.*x", 8, 3, 0xa);
	E("     00a 9", "%*.*x %d", 8, 3, 0xa, 9);
	E(rep(' ', 511, "1"), "%*d", 0x7fffffff, 1);
	E(rep(' ', 511, "1"), "%*d", 1000, 1);
	E(rep('1', 1, rep(' ', 511, "")), "%*d", 0x80000000, 1);	/* INT_MIN */
	E(rep('0', 511, "1"), "%.*d", 1000, 1);
	E("  a", "%*c", 3, 'a');
	E("a  |", "%-*c|", 3, 'a');
	E("<str 0x00001234> 9", "%*s %d", 10, 0x1234, 9);	/* width unused, still taken */
	E("0x00000001 2", "%*.*p %d", 10, 10, 1, 2);
	E("<f 0x3f800000> 9", "%*.*f %d", 10, 3, 0x3f800000, 9);
}

static void lengths(void **state)
{
	(void)state;
	E("-32768", "%hd", 0x18000);
	E("32767", "%hd", 0x7fff);
	E("-1", "%hd", 0xffff);
	E("32768", "%hu", 0xffff8000);
	E("5678", "%hx", 0x12345678);
	E("CDEF", "%hX", 0xabcdef);
	E("10", "%ho", 0x10008);
	E("-128", "%hhd", 0x80);
	E("127", "%hhd", 0x17f);
	E("255", "%hhu", 0xfff);
	E("ff", "%hhx", 0x1ff);
	E("-1", "%hhi", 0xff);
	E("  -01", "%5.2hhd", 0x1ff);
	/* l z t: 32 bits, the firmware's long */
	E("-1", "%ld", 0xffffffff);
	E("4294967295", "%lu", 0xffffffff);
	E("-1", "%zd", 0xffffffff);
	E("5", "%zu", 5);
	E("-2", "%td", 0xfffffffe);
	E("deadbeef", "%lx", 0xdeadbeef);
	E("1 2", "%ld %lu", 1, 2);
	/* ll j q L: two parameters, the high dword first */
	E("-1", "%lld", 0xffffffff, 0xffffffff);
	E("-9223372036854775808", "%lld", 0x80000000, 0);
	E("9223372036854775807", "%lli", 0x7fffffff, 0xffffffff);
	E("18446744073709551615", "%llu", 0xffffffff, 0xffffffff);
	E("123456789abcdef0", "%llx", 0x12345678, 0x9abcdef0);
	E("FF", "%llX", 0, 0xff);
	E("0x100000000", "%#llx", 1, 0);
	E("1000000000000000000000", "%llo", 0x80000000, 0);
	E("1777777777777777777777", "%llo", 0xffffffff, 0xffffffff);
	E("-0000000000000000001", "%020lld", 0xffffffff, 0xffffffff);
	E("5", "%jd", 0, 5);
	E("-5", "%qd", 0xffffffff, 0xfffffffb);
	E("4294967296", "%Ld", 1, 0);
	E("4294967297", "%ju", 1, 1);
	E("1ffffffff", "%qx", 1, 0xffffffff);
	E("-4294967296", "%Li", 0xffffffff, 0);
	E("10 3", "%lld %d", 0, 10, 3);
	E("1 4294967298 5", "%d %llu %u", 1, 1, 2, 5);
}

static void chars(void **state)
{
	(void)state;
	E("A", "%c", 'A');
	E("A", "%c", 0x141);	/* the low 8 bits */
	E(" ", "%c", 0x20);
	E("~", "%c", 0x7e);
	E("\\x7f", "%c", 0x7f);
	E("\\x1f", "%c", 0x1f);
	E("\\x0a", "%c", '\n');
	E("\\x00", "%c", 0);
	E("\\xff", "%c", 0xff);
	E("\\xab", "%c", 0xab);
	E("%", "%c", '%');
	E("\\", "%c", '\\');
	E("  a", "%3c", 'a');
	E("a  |", "%-3c|", 'a');
	E("  a", "%03c", 'a');		/* padded with spaces, as glibc does */
	E("  \\x01", "%6c", 1);		/* the escape counts its 4 bytes */
	E("\\x01  |", "%-6c|", 1);
	E("\\x01", "%2c", 1);
	E("a", "%.0c", 'a');		/* no precision for characters */
	E("a", "%+#c", 'a');
	E("abc", "%c%c%c", 'a', 'b', 'c');
	E("A", "%lc", 'A');
	E("A", "%hc", 0x4141);
	E("B3", "%llc%d", 0x12345678, 'B', 3);	/* two parameters, the low byte of the low one */
}

static void strings_pointers_floats(void **state)
{
	(void)state;
	E("<str 0x0000abcd>", "%s", 0xabcd);
	E("<str 0xffffffff>", "%s", 0xffffffff);
	E("<str 0x00000001>|", "%-20.3s|", 1);	/* width and precision unused */
	E("<str 0x00000005> 6", "%lls %d", 5, 6);	/* one parameter whatever the length */
	E("0x0000abcd", "%p", 0xabcd);
	E("0x00000001", "%#20p", 1);
	E("0x00000001 2", "%llp %d", 1, 2);
	E("<n 0x00000007>", "%n", 7);
	E("<e 0x3f800000>", "%e", 0x3f800000);
	E("<E 0x3f800000>", "%E", 0x3f800000);
	E("<f 0x3f800000>", "%f", 0x3f800000);
	E("<F 0x3f800000>", "%F", 0x3f800000);
	E("<g 0x3f800000>", "%g", 0x3f800000);
	E("<G 0x3f800000>", "%G", 0x3f800000);
	E("<a 0x3f800000>", "%a", 0x3f800000);
	E("<A 0x3f800000>", "%A", 0x3f800000);
	E("<f 0x3f800000>", "%-+ #010.3f", 0x3f800000);
	E("<f 0x00000001> 2", "%lf %d", 1, 2);	/* l: one parameter */
	E("<f 0x12345678>", "%hf", 0x12345678);	/* h cuts integers only */
	E("<f 0x3ff0000000000000>", "%llf", 0x3ff00000, 0);
	E("<f 0x3ff0000000000001>", "%Lf", 0x3ff00000, 1);
	E("<g 0x0000000100000002> 3", "%jg %d", 1, 2, 3);
	E("<a 0xffffffffffffffff>", "%qa", 0xffffffff, 0xffffffff);
	E("<n 0x0000000100000002>", "%lln", 1, 2);
}

static void missing(void **state)
{
	(void)state;
	EM("<missing>", "%d", 0, 0);
	EM("<missing> 2", "%d %d", 0x2, 1, 2);
	EM("1 <missing>", "%d %d", 0x1, 1, 2);
	EM("1 <missing> 3", "%d %d %d", 0x5, 1, 2, 3);	/* nothing shifts */
	EM("<missing>|", "%5d|", 0, 0);			/* not padded */
	EM("<missing>", "%*d", 0x2, 5, 42);
	EM("<missing>", "%*d", 0x1, 5, 42);
	EM("<missing>|9", "%*d|%d", 0x5, 5, 42, 9);
	EM("<missing>", "%.*d", 0x2, 5, 42);
	EM("<missing>", "%lld", 0x1, 1, 2);
	EM("<missing>", "%lld", 0x2, 1, 2);
	EM("<missing> 3", "%lld %u", 0x5, 1, 2, 3);
	EM("<missing>", "%c", 0, 'a');
	EM("<missing>", "%s", 0, 1);
	EM("<missing>", "%p", 0, 1);
	EM("<missing>", "%n", 0, 1);
	EM("<missing>", "%f", 0, 1);
	EM("<missing>", "%llf", 0x1, 1, 2);
	EM("% <missing>", "%% %d", 0, 1);
	/* beyond parameter 7: missing, whatever present says */
	E("1234567<missing>", "%d%d%d%d%d%d%d%d", 1, 2, 3, 4, 5, 6, 7);
	EM("1234567<missing>", "%d%d%d%d%d%d%d%d", 0xffffffffu, 1, 2, 3, 4, 5, 6, 7);
	E("123456<missing>", "%d%d%d%d%d%d%lld", 1, 2, 3, 4, 5, 6, 7);
	E("1234567<missing>", "%d%d%d%d%d%d%d%*d", 1, 2, 3, 4, 5, 6, 7);
	E("1234567<missing><missing>", "%d%d%d%d%d%d%d%s%c", 1, 2, 3, 4, 5, 6, 7);
	/* params is read only where present says, so NULL does with none */
	assert_int_equal(tracefmt_render(out, "x%dy", 4, NULL, 0), 11);
	assert_string_equal(out, "x<missing>y");
}

static void broken_specs(void **state)
{
	(void)state;
	E("%", "%", 0);
	E("abc%", "abc%", 0);
	E("%5", "%5", 0);
	E("%-", "%-", 0);
	E("% ", "% ", 0);
	E("%l", "%l", 0);
	E("%ll", "%ll", 0);
	E("%hh", "%hh", 0);
	E("%.", "%.", 0);
	E("%*", "%*", 0);
	E("%.*", "%.*", 0);
	E("%5.3l", "%5.3l", 0);
	/* up to and including the offending byte, then on; nothing taken */
	E("%k5", "%k%d", 5);
	E("%5k rest 5", "%5k rest %d", 5);
	E("%lh5", "%lh%d", 5);
	E("%hhh5", "%hhh%d", 5);
	E("%llld5", "%llld%d", 5);
	E("%.*.5d7", "%.*.5d%d", 7);
	E("%*5d7", "%*5d%d", 7);
	E("%5-d7", "%5-d%d", 7);
	E("% zq7", "% zq%d", 7);
	E("%Z %C %S %m %b %y", "%Z %C %S %m %b %y", 0);
	E("%1$d7", "%1$d%d", 7);	/* no positional parameters */
	E("%I64d", "%I64d", 0);
	E("%%", "%%%", 0);
	E("%\xff" "7", "%\xff%d", 7);
}

static void truncation(void **state)
{
	char fmt[2100], want[2100];

	(void)state;
	E(rep('a', 1024, ""), rep('a', 1024, ""), 0);
	E(rep('a', 1021, "..."), rep('a', 1025, ""), 0);
	E(rep('a', 1021, "..."), rep('a', 2000, ""), 0);
	E(rep('a', 1023, "%"), rep('a', 1023, "%%"), 0);
	E(rep('a', 1021, "..."), rep('a', 1024, "%"), 0);
	E(rep('a', 1021, "..."), rep('a', 1023, "%d"), 12);
	E(rep('a', 1022, "12"), rep('a', 1022, "%d"), 12);
	E(rep('a', 1021, "..."), rep('a', 1024, "%.0d"), 0);	/* the kernel's "0" does not fit */
	E(rep('a', 1021, "..."), rep('a', 1024, "%.0d%%"), 0);
	strcpy(want, rep('a', 1000, ""));
	strcat(want, rep(' ', 21, "..."));
	E(want, rep('a', 1000, "%50d"), 1);
	strcpy(want, rep(' ', 511, "1"));
	strcat(want, rep(' ', 509, "..."));
	E(want, "%512d%512d%512d", 1, 2, 3);
	EM(rep('a', 1020, "<..."), rep('a', 1020, "%d%d"), 0, 0);	/* "<missing>" cut */

	/* every prefix length around the cap, where conversions go through a buffer */
	for (size_t t = 0; t < 2; t++) {
		static const char *const tails[2][2] = {
			{ "%.512d|", "7|" },	/* 511 zeros go before the 7 */
			{ "%08x|%d|%s|%p|%X", "0000abcd|-3|<str 0x00000001>|0x00000002|FF" },
		};

		for (size_t k = 0; k <= 1030; k++) {
			size_t wl;

			memset(fmt, 'x', k);
			strcpy(fmt + k, tails[t][0]);
			memset(want, 'x', k);
			memset(want + k, '0', t ? 0 : 511);
			strcpy(want + k + (t ? 0 : 511), tails[t][1]);
			wl = strlen(want);
			if (wl > TRACEFMT_MSG_MAX) {
				strcpy(want + TRACEFMT_MSG_MAX - 3, "...");
				wl = TRACEFMT_MSG_MAX;
			}
			expect_bytes(want, wl, fmt, strlen(fmt), ALL,
				     t ? P(0xabcd, 0xfffffffd, 1, 2, 0xff) : P(7), __LINE__);
		}
	}
}

static void raw_bytes(void **state)
{
	static const char fmt[] = "a\0b%d\xff\x01\x80%%\x1b[0m";	/* no trailing NUL used */
	static const char want[] = "a\0b5\xff\x01\x80%\x1b[0m";
	const char unterminated[2] = { '%', 'd' };

	(void)state;
	expect_bytes(want, sizeof(want) - 1, fmt, sizeof(fmt) - 1, ALL, P(5), __LINE__);
	expect_bytes("%\0x", 3, "%\0x", 3, ALL, P(5), __LINE__);	/* NUL ends a spec as broken */
	expect_bytes("5", 1, "%dxyz", 2, ALL, P(5), __LINE__);		/* len, not the NUL, ends it */
	expect_bytes("%", 1, "%dxyz", 1, ALL, P(5), __LINE__);
	expect_bytes("", 0, "%dxyz", 0, ALL, P(5), __LINE__);
	expect_bytes("5", 1, unterminated, 2, ALL, P(5), __LINE__);
	assert_int_equal(tracefmt_nparams(fmt, sizeof(fmt) - 1), 1);
	assert_int_equal(tracefmt_nparams(unterminated, 2), 1);
	assert_int_equal(tracefmt_nparams("%d", 1), 0);
	assert_int_equal(tracefmt_nparams("%d", 0), 0);
	assert_int_equal(tracefmt_nparams("a\0%d%d", 5), 1);
}

static const struct {
	const char *fmt;
	unsigned n;
} counts[] = {
	{ "", 0 }, { "hello", 0 }, { "%d", 1 }, { "%d%u%x", 3 }, { "%%", 0 }, { "%5%", 0 },
	{ "%*%", 0 }, { "%lld", 2 }, { "%llu %jd %qx %Lo", 8 }, { "%llc", 2 }, { "%lls", 1 },
	{ "%llp", 1 }, { "%llf", 2 }, { "%Lg", 2 }, { "%lf", 1 }, { "%hd", 1 }, { "%hhd", 1 },
	{ "%ld", 1 }, { "%zd", 1 }, { "%td", 1 }, { "%*d", 2 }, { "%.*d", 2 }, { "%*.*d", 3 },
	{ "%*.*lld", 4 }, { "%k", 0 }, { "%*k", 0 }, { "%", 0 }, { "%*", 0 }, { "%.*", 0 },
	{ "%s %p %n %c", 4 }, { "%d %", 1 }, { "%d%d%d%d%d%d%d%d", 8 }, { "%.*.5d", 0 },
	{ "%*5d", 0 }, { "id %u: %s at %#llx, %c", 5 },
};

static void nparams(void **state)
{
	char many[4001];

	(void)state;
	for (size_t i = 0; i < sizeof(counts) / sizeof(counts[0]); i++) {
		const char *f = counts[i].fmt;
		unsigned n = counts[i].n;

		if (tracefmt_nparams(f, strlen(f)) != n)
			fail_msg("\"%s\": %u, want %u", f, tracefmt_nparams(f, strlen(f)), n);
		/* render takes what nparams counts: all there, nothing is missing */
		tracefmt_render(out, f, strlen(f), P(1, 2, 3, 4, 5, 6, 7), n > 7 ? ALL : (1u << n) - 1);
		if (n <= 7 && strstr(out, "<missing>"))
			fail_msg("\"%s\" with %u parameters: %s", f, n, out);
		if (n && n <= 7) {
			tracefmt_render(out, f, strlen(f), P(1, 2, 3, 4, 5, 6, 7), (1u << (n - 1)) - 1);
			if (!strstr(out, "<missing>"))
				fail_msg("\"%s\" without parameter %u: %s", f, n, out);
		}
	}
	for (size_t i = 0; i < 2000; i++)
		memcpy(many + 2 * i, "%d", 2);
	assert_int_equal(tracefmt_nparams(many, 4000), 2000);
	assert_int_equal(tracefmt_render(out, many, 4000, P(1, 2, 3, 4, 5, 6, 7), ALL), 1024);
	assert_memory_equal(out + 1021, "...", 4);
}

/*
 * The kernel's number(), rule by rule, each row written from the rule named
 * beside it, not from our output. Where C's printf says otherwise the row
 * says what C prints, so a drift back to the C library shows.
 */
static const struct {
	const char *fmt, *want;
	uint32_t hi, lo;	/* hi is used by ll conversions only */
} kernel[] = {
	/* SPECIAL (#) with base 16: "0x"/"0X" always, 0 included (C: "0") */
	{ "%#x", "0x0", 0, 0 },
	{ "%#X", "0X0", 0, 0 },
	{ "%#x", "0x1f", 0, 0x1f },
	{ "%#6x", "   0x0", 0, 0 },		/* the prefix counts in the width */
	{ "%#06x", "0x0000", 0, 0 },		/* zeros go after the prefix (C: "000000") */
	{ "%#-6x|", "0x0   |", 0, 0 },
	{ "%#.3x", "0x000", 0, 0 },		/* C: "000" */
	{ "%#llx", "0x0", 0, 0 },
	/* SPECIAL with base 8: "0" before the digits unless the value is 0 */
	{ "%#o", "0", 0, 0 },
	{ "%#o", "010", 0, 8 },
	{ "%#.3o", "0010", 0, 8 },		/* the prefix is extra to the precision (C: "010") */
	{ "%#5o", "  010", 0, 8 },
	{ "%#05o", "00010", 0, 8 },
	/* SPECIAL with base 10: nothing */
	{ "%#d", "7", 0, 7 },
	{ "%#u", "7", 0, 7 },
	/* at least one digit: "if (i > precision) precision = i" with i >= 1 (C: "") */
	{ "%.0d", "0", 0, 0 },
	{ "%.0u", "0", 0, 0 },
	{ "%.0x", "0", 0, 0 },
	{ "%.0o", "0", 0, 0 },
	{ "%3.0d|", "  0|", 0, 0 },
	{ "%+.0d", "+0", 0, 0 },
	/* "." without digits leaves the precision at -1 (C: 0) */
	{ "%.d", "0", 0, 0 },
	{ "%04.d", "0007", 0, 7 },
	/* ZEROPAD is cleared by LEFT only, not by a precision (C: spaces) */
	{ "%06.3d", "000007", 0, 7 },
	{ "%06.3d", "-00007", 0, 0xfffffff9 },
	{ "%06.3x", "00001f", 0, 0x1f },
	{ "%-06.3d|", "007   |", 0, 7 },
	{ "%-06d|", "7     |", 0, 7 },
	/* SIGN (d i): '-' then PLUS then SPACE, each taking one column of the width */
	{ "%+d", "+7", 0, 7 },
	{ "% d", " 7", 0, 7 },
	{ "%+ d", "+7", 0, 7 },
	{ "%+05d", "+0007", 0, 7 },
	{ "% 5d", "    7", 0, 7 },
	{ "%+i", "-7", 0, 0xfffffff9 },
	{ "%05i", "-0007", 0, 0xfffffff9 },
	/* no SIGN for u x o: + and space do nothing */
	{ "%+u", "7", 0, 7 },
	{ "% x", "ff", 0, 0xff },
	{ "%+o", "17", 0, 15 },
	/* width pads with spaces on the left, on the right with '-' */
	{ "%5u|", "   42|", 0, 42 },
	{ "%-5u|", "42   |", 0, 42 },
	{ "%1u", "12345", 0, 12345 },
	{ "%.5X", "000AB", 0, 0xab },
	{ "%8.5X", "   000AB", 0, 0xab },
	/* qualifiers: hh and h cut (signed char/short for d i), l z t 32 bits here, ll 64 */
	{ "%hhd", "-1", 0, 0x1ff },
	{ "%hhu", "255", 0, 0x1ff },
	{ "%hd", "-32768", 0, 0x8000 },
	{ "%hx", "ffff", 0, 0xfffff },
	{ "%ld", "-1", 0, 0xffffffff },
	{ "%zu", "4294967295", 0, 0xffffffff },
	{ "%zx", "ffffffff", 0, 0xffffffff },
	{ "%lld", "-1", 0xffffffff, 0xffffffff },
	{ "%llu", "4294967296", 1, 0 },
	{ "%#llX", "0X100000000", 1, 0 },
	{ "%020llx", "00000000000100000000", 1, 0 },
	{ "%-#20llo|", "010000000000        |", 0, 0x40000000 },
	/* c: one byte, padded with spaces (the 0 flag too), no precision */
	{ "%c", "A", 0, 'A' },
	{ "%3c", "  A", 0, 'A' },
	{ "%-3c|", "A  |", 0, 'A' },
	{ "%03c", "  A", 0, 'A' },
	{ "%.0c", "A", 0, 'A' },
	/* %% */
	{ "%%", "%", 0, 0 },
	{ "%5%", "%", 0, 0 },
};

static void kernel_rules(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(kernel) / sizeof(kernel[0]); i++) {
		const char *f = kernel[i].fmt;
		const uint32_t *p = strstr(f, "ll") ? P(kernel[i].hi, kernel[i].lo)
						    : P(kernel[i].lo);

		expect_bytes(kernel[i].want, strlen(kernel[i].want), f, strlen(f), ALL, p,
			     (int)i);
	}
}

/*
 * A second opinion on d i u o x X: every flag set, several widths and
 * precisions, each length, against glibc (its l is 64-bit, ours 32: l maps
 * to no length), where C and the kernel agree: not a precision beside a 0
 * value, the 0 flag or # o, and not # x of 0 (kernel_rules holds those).
 * Independent: tracefmt prints integers by hand.
 */
static void integers_agree_with_glibc(void **state)
{
	static const char *const lens[] = { "hh", "h", "", "l", "ll" };
	static const char *const widths[] = { "", "1", "5", "12", "25" };
	static const char *const precs[] = { "", ".", ".0", ".1", ".5", ".12", ".22" };
	static const uint64_t values[] = {
		0, 1, 7, 8, 0x7f, 0x80, 0xff, 0x100, 0x7fff, 0x8000, 0xffff, 123456789, 0x7fffffff,
		0x80000000, 0xffffffff, 0x100000000ull, 0x7fffffffffffffffull,
		0x8000000000000000ull, 0xffffffffffffffffull, 0x123456789abcdef0ull,
	};
	char f[32], g[32], want[128];
	unsigned checked = 0;

	(void)state;
	for (unsigned i = 0; i < 32 * 5 * 5 * 7 * 6; i++) {
		unsigned fl = i % 32, l = i / 32 % 5, w = i / 160 % 5, p = i / 800 % 7;
		const char *c = &"diuoxX"[i / 5600];
		char flagstr[6], *q = flagstr;

		for (unsigned b = 0; b < 5; b++)
			if (fl >> b & 1)
				*q++ = "-+ #0"[b];
		*q = '\0';
		snprintf(f, sizeof(f), "%%%s%s%s%s%c", flagstr, widths[w], precs[p], lens[l], *c);
		snprintf(g, sizeof(g), "%%%s%s%s%s%c", flagstr, widths[w], precs[p],
			 l == 3 ? "" : lens[l], *c);
		for (size_t v = 0; v < sizeof(values) / sizeof(values[0]); v++) {
			uint64_t x = values[v];
			bool signd = *c == 'd' || *c == 'i';
			unsigned bits = (unsigned[]){ 8, 16, 32, 32, 64 }[l];
			uint64_t m = bits == 64 ? x : x & ((1ull << bits) - 1);

			if ((p && (!m || fl & 16 || (fl & 8 && *c == 'o'))) ||
			    (fl & 8 && !m && (*c == 'x' || *c == 'X')))
				continue;

			if (l == 4)
				snprintf(want, sizeof(want), g, (long long)x);
			else if (signd)
				snprintf(want, sizeof(want), g, (int)(int32_t)(uint32_t)x);
			else
				snprintf(want, sizeof(want), g, (unsigned)(uint32_t)x);
			if (l == 4)
				expect_bytes(want, strlen(want), f, strlen(f), ALL,
					     P((uint32_t)(x >> 32), (uint32_t)x), __LINE__);
			else
				expect_bytes(want, strlen(want), f, strlen(f), ALL, P((uint32_t)x),
					     __LINE__);
			checked++;
		}
	}
	assert_true(checked > 50000);
}

/*
 * The quick forms (%d %i %u %x %X, a "0N" width, an l) against glibc at
 * every width they take and around each digit-count boundary, where the
 * digits are made several at once: one off in a length shows here.
 */
static void quick_forms_agree_with_glibc(void **state)
{
	static const char *const forms[] = { "d", "i", "u", "x", "X", "ld", "lx" };
	char f[16], g[16], want[32];
	unsigned checked = 0;
	uint32_t values[2 * 10 + 2 * 8 + 6];
	unsigned nv = 0;

	(void)state;
	for (uint32_t p = 1, k = 0; k < 10; k++, p *= 10)	/* 10^k and 10^k - 1 */
		values[nv++] = p, values[nv++] = p - 1;
	for (unsigned k = 1; k <= 8; k++)			/* 16^k - 1 and 16^(k-1) */
		values[nv++] = (uint32_t)((1ull << 4 * k) - 1), values[nv++] = 1u << 4 * (k - 1);
	values[nv++] = 0x7fffffff, values[nv++] = 0x80000000, values[nv++] = 0xfffffff6;
	values[nv++] = 0xa0b0c0d0, values[nv++] = 0x0f0f0f0f, values[nv++] = 4294967295u;
	assert_int_equal(nv, sizeof(values) / sizeof(values[0]));
	for (size_t i = 0; i < sizeof(forms) / sizeof(forms[0]); i++) {
		for (unsigned w = 0; w <= 9; w++) {
			bool signd = forms[i][strlen(forms[i]) - 1] == 'd' || *forms[i] == 'i';

			if (w)
				snprintf(f, sizeof(f), "<%%0%u%s>", w, forms[i]);
			else
				snprintf(f, sizeof(f), "<%%%s>", forms[i]);
			snprintf(g, sizeof(g), "<%%0%u%c>", w, forms[i][strlen(forms[i]) - 1]);
			for (unsigned v = 0; v < nv; v++) {
				if (signd)
					snprintf(want, sizeof(want), g, (int)(int32_t)values[v]);
				else
					snprintf(want, sizeof(want), g, values[v]);
				expect_bytes(want, strlen(want), f, strlen(f), ALL, P(values[v]),
					     __LINE__);
				checked++;
			}
		}
	}
	assert_int_equal(checked, 7 * 10 * nv);
}

/*
 * %llx and %llX, quick too: every width over 64-bit values whose halves
 * reach each length; %llu, %lld, %lli and %% quick likewise.
 */
static void quick_wide_hex_agrees_with_glibc(void **state)
{
	static const uint32_t halves[] = { 0, 1, 0xf, 0x10, 0xfff, 0x10000, 0xfffffff, 0x10000000,
					   0x80000000, 0xa0b0c0d0, 0xffffffff };
	const size_t nh = sizeof(halves) / sizeof(halves[0]);
	char f[16], want[80];
	unsigned checked = 0;

	(void)state;
	for (int upper = 0; upper < 2; upper++) {
		for (unsigned w = 0; w <= 9; w++) {
			if (w)
				snprintf(f, sizeof(f), "<%%0%ull%c>", w, upper ? 'X' : 'x');
			else
				snprintf(f, sizeof(f), "<%%ll%c>", upper ? 'X' : 'x');
			for (size_t h = 0; h < nh; h++) {
				for (size_t l = 0; l < nh; l++) {
					uint64_t v = (uint64_t)halves[h] << 32 | halves[l];

					snprintf(want, sizeof(want), upper ? "<%0*llX>" : "<%0*llx>",
						 (int)w, (unsigned long long)v);
					expect_bytes(want, strlen(want), f, strlen(f), ALL,
						     P(halves[h], halves[l]), __LINE__);
					checked++;
				}
			}
		}
	}
	assert_int_equal(checked, 2 * 10 * nh * nh);
	/* %llu %lld %lli (no width) likewise, signed through both halves' top bits */
	for (size_t h = 0; h < nh; h++) {
		for (size_t l = 0; l < nh; l++) {
			uint64_t v = (uint64_t)halves[h] << 32 | halves[l];

			snprintf(want, sizeof(want), "<%llu|%lld|%lli>", (unsigned long long)v,
				 (long long)v, (long long)v);
			expect_bytes(want, strlen(want), "<%llu|%lld|%lli>", 16, ALL,
				     P(halves[h], halves[l], halves[h], halves[l], halves[h], halves[l]),
				     __LINE__);
		}
	}
	E("100% 5%%", "%u%% %d%%%%", 100, 5);
	E("%5 7", "%5%5 %u", 7);
	EM("<missing>|<missing>", "%llu|%lld", 0x6, 1, 2, 3, 4);
	/* either half missing: one <missing>, both taken; ll with another conversion: the full parse */
	EM("<missing> 3", "%llx %u", 0x5, 1, 2, 3);
	EM("<missing> 3", "%llX %u", 0x6, 1, 2, 3);
	EM("<missing>", "%08llx", 0x1, 1, 2);
	E("12 0000000300000004", "%llu %016llx", 0, 12, 3, 4);
	E("-1 ffffffff", "%lld %lx", 0xffffffff, 0xffffffff, 0xffffffff);
}

/*
 * Plain programs (their messages print as they are in JSON and text): said
 * by hand for each format, and every byte of a plain one's messages checked
 * over parameters that reach each conversion's odd cases.
 */
static void plain_programs(void **state)
{
	static const struct {
		const char *fmt;
		bool plain;
	} cases[] = {
		{ "", true }, { "link up", true }, { "a %u b %x c %08x d %p e %s", true },
		{ "%-5d|%+d|% d|%#x|%llx|%5%|%f|%n", true }, { "bad %y spec", true },
		{ "%c", false }, { "%-4c|", false }, { "say \"%d\"", false }, { "a\\b %u", false },
		{ "tab\t%u", false }, { "caf\xc3\xa9 %u", false }, { "del\x7f", false },
		{ "~ %u", true },
	};
	static const uint32_t vals[] = { 0, 1, 0x22, 0x5c, 0x7f, 0x80000000, 0xffffffff };

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct tracefmt_prog *pr = tracefmt_compile(cases[i].fmt, strlen(cases[i].fmt));

		assert_non_null(pr);
		if (tracefmt_prog_plain(pr) != cases[i].plain)
			fail_msg("\"%s\": plain %d, want %d", cases[i].fmt, tracefmt_prog_plain(pr),
				 cases[i].plain);
		for (size_t v = 0; cases[i].plain && v < sizeof(vals) / sizeof(vals[0]); v++) {
			uint32_t p[TRACEFMT_MAX_PARAMS];

			for (unsigned k = 0; k < TRACEFMT_MAX_PARAMS; k++)
				p[k] = vals[(v + k) % (sizeof(vals) / sizeof(vals[0]))];
			for (unsigned present = 0; present < 2; present++) {
				size_t n = tracefmt_run(out, pr, p, present ? ALL : 0);

				for (size_t b = 0; b < n; b++)
					if (out[b] < 0x20 || out[b] > 0x7e || out[b] == '"' || out[b] == '\\')
						fail_msg("\"%s\": byte %zu of \"%s\"", cases[i].fmt, b, out);
			}
		}
		tracefmt_prog_free(pr);
	}
}

/*
 * Which formats are compiled: most, so the expectations above test both
 * paths (counted), and never one whose rendering could reach the cap.
 */
static void compiled_where_it_cannot_be_cut(void **state)
{
	static const char *const yes[] = {
		"", "plain", "%d", "a %u b %x c %08x d %p e %s", "%llx %llu", "%-5d|%+d|% d|%#x",
		"%5%", "%.3d", "%c", "bad %y spec", "100%", "%hhx %hx %zu", "%*d", "%600d",
	};
	static const char *const no[] = {
		"%*d %*d", "%.*d%.*d", "%600d%600d",
		"%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d",	/* more conversions than steps */
	};
	char lit[TRACEFMT_MSG_MAX + 2];
	struct tracefmt_prog *pr;

	(void)state;
	for (size_t i = 0; i < sizeof(yes) / sizeof(yes[0]); i++) {
		pr = tracefmt_compile(yes[i], strlen(yes[i]));
		if (!pr)
			fail_msg("\"%s\" was not compiled", yes[i]);
		tracefmt_prog_free(pr);
	}
	for (size_t i = 0; i < sizeof(no) / sizeof(no[0]); i++)
		if ((pr = tracefmt_compile(no[i], strlen(no[i]))))
			fail_msg("\"%s\" was compiled", no[i]);
	/* a literal at the cap compiles; one more conversion could cut it: not */
	memset(lit, 'a', TRACEFMT_MSG_MAX);
	assert_non_null(pr = tracefmt_compile(lit, TRACEFMT_MSG_MAX));
	tracefmt_prog_free(pr);
	memcpy(lit + TRACEFMT_MSG_MAX - 20, "%d", 2);
	assert_null(tracefmt_compile(lit, TRACEFMT_MSG_MAX));
	assert_null(tracefmt_compile(lit, TRACEFMT_MSG_MAX + 1));
	/* a quick %llu counts its 20 digits and the scratch past them: 16 bytes from the cap, not */
	memset(lit, 'a', TRACEFMT_MSG_MAX);
	memcpy(lit + TRACEFMT_MSG_MAX - 24 - 4, "%llu", 4);
	assert_non_null(pr = tracefmt_compile(lit, TRACEFMT_MSG_MAX - 24));
	tracefmt_prog_free(pr);
	memset(lit, 'a', TRACEFMT_MSG_MAX);
	memcpy(lit + TRACEFMT_MSG_MAX - 16 - 4, "%llu", 4);
	assert_null(tracefmt_compile(lit, TRACEFMT_MSG_MAX - 16));
	/* the tests before this one ran most expectations through both paths */
	assert_true(compiled > 100);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(literals_and_percent),
		cmocka_unit_test(plain_integers),
		cmocka_unit_test(flags),
		cmocka_unit_test(width_and_precision),
		cmocka_unit_test(stars),
		cmocka_unit_test(lengths),
		cmocka_unit_test(chars),
		cmocka_unit_test(strings_pointers_floats),
		cmocka_unit_test(missing),
		cmocka_unit_test(broken_specs),
		cmocka_unit_test(truncation),
		cmocka_unit_test(raw_bytes),
		cmocka_unit_test(nparams),
		cmocka_unit_test(kernel_rules),
		cmocka_unit_test(integers_agree_with_glibc),
		cmocka_unit_test(quick_forms_agree_with_glibc),
		cmocka_unit_test(quick_wide_hex_agrees_with_glibc),
		cmocka_unit_test(plain_programs),
		cmocka_unit_test(compiled_where_it_cannot_be_cut),
	};

	return cmocka_run_group_tests_name("tracefmt", tests, NULL, NULL);
}
