// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * One kernel-log line, as collectors and mail clients hand it over, reduced
 * to (host, time, device, message): mail quotes ("> "), a pdsh/clush host
 * ("b1360: "), syslog and journal prefixes ("Mar 17 14:07:18 host kernel: ",
 * ISO 8601 dates), dmesg "[ 1234.567890]", dmesg -T "[Mon Mar 17 ...]",
 * kmsg "<3>", the "mlx5_core <device>:" the driver's messages start with, and
 * the "func:line:(pid N): " it puts before most of them.
 */
#include "lib/prm/healthlog_int.h"
#include "lib/util/hexparse.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

static bool dig(char c)
{
	return c >= '0' && c <= '9';
}

static bool hostch(char c)
{
	return dig(c) || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '.' ||
	       c == '-' || c == '_';
}

static const char *skip_sp(const char *p, const char *end)
{
	while (p < end && *p == ' ')
		p++;
	return p;
}

/* Exactly n digits (n > 0) or between min and max digits: the value, -1 if none. */
static long digits(const char **pp, const char *end, int min, int max)
{
	const char *p = *pp;
	long v = 0;
	int n = 0;

	while (p < end && dig(*p) && n < max) {
		v = v * 10 + (*p - '0');
		p++;
		n++;
	}
	if (n < min || (p < end && dig(*p)))
		return -1;
	*pp = p;
	return v;
}

static int month_of(const char *p, const char *end)
{
	static const char m[] = "JanFebMarAprMayJunJulAugSepOctNovDec";

	if (end - p < 3)
		return -1;
	for (int i = 0; i < 12; i++)
		if (!memcmp(p, m + 3 * i, 3))
			return i;
	return -1;
}

/* Days from 1970-01-01 to y-m-d (proleptic Gregorian, m 1..12). */
static long days_civil(long y, long m, long d)
{
	long era, yoe, doy, doe;

	if (m <= 2)
		y--;
	era = (y >= 0 ? y : y - 399) / 400;
	yoe = y - era * 400;
	doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + d - 1;
	doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
	return era * 146097 + doe - 719468;
}

/* "HH:MM:SS[.frac]" -> seconds of the day. */
static bool hms(const char **pp, const char *end, double *secs)
{
	const char *p = *pp;
	long h, m, s;
	double frac = 0, scale = 0.1;

	if ((h = digits(&p, end, 1, 2)) < 0 || p >= end || *p++ != ':' ||
	    (m = digits(&p, end, 2, 2)) < 0 || p >= end || *p++ != ':' ||
	    (s = digits(&p, end, 2, 2)) < 0 || h > 24 || m > 59 || s > 60)
		return false;
	if (p + 1 < end && (*p == '.' || *p == ',') && dig(p[1])) {
		for (p++; p < end && dig(*p); p++, scale /= 10)
			frac += (*p - '0') * scale;
	}
	*secs = h * 3600.0 + m * 60.0 + s + frac;
	*pp = p;
	return true;
}

/* The line's first stamp as written: true when this one is it. */
static bool stamp_text(struct hl_stamp *ts, const char *p, const char *q)
{
	size_t l = (size_t)(q - p);

	while (l && p[l - 1] == ' ')
		l--;
	if (ts->text[0] || !l)
		return false;
	if (l >= sizeof(ts->text))
		l = sizeof(ts->text) - 1;
	memcpy(ts->text, p, l);
	ts->text[l] = '\0';
	return true;
}

/*
 * A date with a zone as ISO-8601 UTC: epoch the whole seconds, [frac, fend)
 * the fraction's digits as written (nanoseconds at most), kept exactly.
 */
static void utc_text(long long epoch, const char *frac, const char *fend, char *out, size_t sz)
{
	time_t t = (time_t)epoch;
	struct tm tm;
	size_t n;

	out[0] = '\0';
	if (!gmtime_r(&t, &tm) || !(n = strftime(out, sz, "%Y-%m-%dT%H:%M:%S", &tm)))
		return;
	if (frac < fend)
		n += (size_t)snprintf(out + n, sz - n, ".%.*s", (int)(fend - frac > 9 ? 9 : fend - frac),
				      frac);
	if (n + 1 < sz)
		snprintf(out + n, sz - n, "Z");
	else
		out[0] = '\0';
}

static void set_wall(struct hl_stamp *ts, int kind, double secs)
{
	if (ts->wall_kind)
		return;
	ts->wall_kind = kind;
	ts->wall = secs;
}

/* ISO 8601: YYYY-MM-DD[T ]HH:MM:SS[.frac][Z|+HH:MM|+HHMM]. */
static const char *iso(const char *p, const char *end, struct hl_stamp *ts)
{
	const char *q = p, *t0, *frac;
	long y, mo, d;
	double s, off = 0;
	bool zone = true;

	if ((y = digits(&q, end, 4, 4)) < 0 || q >= end || *q++ != '-' ||
	    (mo = digits(&q, end, 2, 2)) < 0 || q >= end || *q++ != '-' ||
	    (d = digits(&q, end, 2, 2)) < 0 || q >= end || (*q != 'T' && *q != ' ') ||
	    mo < 1 || mo > 12 || d < 1 || d > 31)
		return NULL;
	q++;
	t0 = q;
	if (!hms(&q, end, &s))
		return NULL;
	frac = t0;
	while (frac < q && *frac != '.' && *frac != ',')
		frac++;
	frac += frac < q;	/* its digits, [frac, q) */
	if (q < end && *q == 'Z') {
		q++;
	} else if (q + 2 < end && (*q == '+' || *q == '-') && dig(q[1]) && dig(q[2])) {
		const char *t = q + 3;		/* +HH, +HH:MM, +HHMM */
		double oh = (q[1] - '0') * 10 + (q[2] - '0'), om = 0;

		if (t < end && *t == ':')
			t++;
		if (t + 1 < end && dig(t[0]) && dig(t[1])) {
			om = (t[0] - '0') * 10 + (t[1] - '0');
			t += 2;
		}
		off = (oh * 3600.0 + om * 60.0) * (*q == '-' ? -1 : 1);
		q = t;
	} else {
		zone = false;	/* a local time: which zone, the line does not say */
	}
	if (q < end && *q != ' ')
		return NULL;
	set_wall(ts, 2, days_civil(y, mo, d) * 86400.0 + s - off);
	if (stamp_text(ts, p, q) && zone)
		utc_text(days_civil(y, mo, d) * 86400LL + (long long)s - (long long)off,
			 frac, frac + strspn(frac, "0123456789"),
			 ts->when.utc, sizeof(ts->when.utc));
	return q;
}

/* syslog: "Mar 17 14:07:18[.frac]" (no year). */
static const char *bsd(const char *p, const char *end, struct hl_stamp *ts)
{
	const char *q = p + 3;
	int mo = month_of(p, end);
	long d;
	double s;

	if (mo < 0 || q >= end || *q != ' ')
		return NULL;
	q = skip_sp(q, end);
	if ((d = digits(&q, end, 1, 2)) < 1 || d > 31 || q >= end || *q != ' ')
		return NULL;
	q = skip_sp(q, end);
	if (!hms(&q, end, &s) || (q < end && *q != ' '))
		return NULL;
	set_wall(ts, 1, (mo * 31 + d) * 86400.0 + s);
	stamp_text(ts, p, q);
	return q;
}

/* Inside dmesg brackets: "  445.937186" or "Mon Mar 17 14:07:18 2025". */
static bool bracket(const char *p, const char *end, struct hl_stamp *ts)
{
	const char *q;
	long secs, y, d;
	int mo;
	double frac = 0, scale = 0.1, s;

	p = skip_sp(p, end);
	while (end > p && end[-1] == ' ')
		end--;
	q = p;
	if ((secs = digits(&q, end, 1, 12)) >= 0 && q < end && *q == '.') {
		for (q++; q < end && dig(*q); q++, scale /= 10)
			frac += (*q - '0') * scale;
		if (q != end)
			return false;
		if (!ts->has_mono) {
			ts->has_mono = true;
			ts->mono = (double)secs + frac;
		}
		if (stamp_text(ts, p, end))
			ts->when.uptime = true;
		return true;
	}
	/* ctime: Www Mmm dd HH:MM:SS YYYY */
	if (end - p < 24 || p[3] != ' ' || (mo = month_of(p + 4, end)) < 0 || p[7] != ' ')
		return false;
	q = skip_sp(p + 8, end);
	if ((d = digits(&q, end, 1, 2)) < 1 || d > 31 || q >= end || *q != ' ')
		return false;
	q++;
	if (!hms(&q, end, &s) || q >= end || *q++ != ' ' || (y = digits(&q, end, 4, 4)) < 0 ||
	    q != end)
		return false;
	set_wall(ts, 2, days_civil(y, mo + 1, d) * 86400.0 + s);
	stamp_text(ts, p, end);
	return true;
}

size_t hl_device(const char *p, const char *end, char out[32])
{
	const char *q = p;
	unsigned long dom = 0;
	int nd = 0, bus, dev, fn, v;

	if (end - p > 13 && !memcmp(p, "mlx5_core.sf.", 13) && dig(p[13])) {
		q = p + 13;
		while (q < end && dig(*q) && q - p < 24)
			q++;
		if (q < end && dig(*q))
			return 0;
		memcpy(out, p, (size_t)(q - p));
		out[q - p] = '\0';
		return (size_t)(q - p);
	}
	while (q < end && (v = hex_digit(*q)) >= 0 && nd < 9) {
		dom = dom << 4 | (unsigned)v;
		q++;
		nd++;
	}
	if (nd < 1 || nd > 8 || q >= end || *q != ':')
		return 0;
	q++;
	if (end - q < 4 || hex_digit(q[0]) < 0 || hex_digit(q[1]) < 0)
		return 0;
	if (q[2] == ':') {		/* domain:bus:dev.fn */
		bus = hex_digit(q[0]) << 4 | hex_digit(q[1]);
		q += 3;
		if (end - q < 4 || hex_digit(q[0]) < 0 || hex_digit(q[1]) < 0)
			return 0;
		dev = hex_digit(q[0]) << 4 | hex_digit(q[1]);
		q += 2;
	} else if (nd == 2) {		/* bus:dev.fn */
		bus = (int)dom;
		dom = 0;
		dev = hex_digit(q[0]) << 4 | hex_digit(q[1]);
		q += 2;
	} else {
		return 0;
	}
	if (q + 1 >= end || *q != '.' || q[1] < '0' || q[1] > '7')
		return 0;
	fn = q[1] - '0';
	q += 2;
	if (dev > 0x1f || (q < end && *q != ':' && *q != ' '))
		return 0;
	snprintf(out, 32, "%04lx:%02x:%02x.%d", dom, bus, dev, fn);
	return (size_t)(q - p);
}

/* "mlx5_core[.sf] <device>[ ifname]: " in [s, end): where it starts; *msg after it. */
static const char *anchor(const char *s, const char *end, struct hl_norm *n, const char **msg)
{
	const char *p = s;

	while ((p = memmem(p, (size_t)(end - p), "mlx5_core", 9))) {
		const char *q = p + 9;
		size_t l;

		if (p > s && p[-1] != ' ' && p[-1] != ']' && p[-1] != ':' && p[-1] != '>') {
			p = q;
			continue;
		}
		if (end - q >= 3 && !memcmp(q, ".sf", 3))
			q += 3;
		if (q < end && *q == ' ' && (l = hl_device(skip_sp(q, end), end, n->device))) {
			q = skip_sp(q, end) + l;
			if (q < end && *q == ' ') {	/* "<device> eth0: " (netdev messages) */
				const char *t = q + 1;

				while (t < end && *t != ' ' && *t != ':')
					t++;
				if (t < end && *t == ':' && t > q + 1)
					q = t;
			}
			if (q >= end || *q == ':') {
				*msg = skip_sp(q < end ? q + 1 : q, end);
				return p;
			}
		}
		p += 9;
	}
	return NULL;
}

/*
 * The collector/syslog prefix in [p, end): stamps and host into n. Returns
 * where the first item it does not know starts (end if it knew them all);
 * *lead_stamp tells whether a stamp came first (after a pdsh host).
 */
static const char *prefix(const char *p, const char *end, struct hl_norm *n, bool *lead_stamp)
{
	const char *first_unknown = NULL;
	bool after_wall = false, any = false;
	int items = 0;

	*lead_stamp = false;
	for (p = skip_sp(p, end); p < end; p = skip_sp(p, end), items++) {
		const char *q, *t;

		if (*p == '<' && p + 2 < end && dig(p[1])) {	/* kmsg "<3>" */
			q = p + 1;
			while (q < end && dig(*q))
				q++;
			if (q < end && *q == '>') {
				p = q + 1;
				continue;
			}
		}
		if (*p == '[' && (q = memchr(p, ']', (size_t)(end - p))) && bracket(p + 1, q, &n->ts)) {
			if (!any)
				*lead_stamp = true;
			any = true;
			p = q + 1;
			after_wall = false;
			continue;
		}
		if ((q = iso(p, end, &n->ts)) || (q = bsd(p, end, &n->ts))) {
			if (!any)
				*lead_stamp = true;
			any = true;
			p = q;
			after_wall = true;
			continue;
		}
		for (q = p; q < end && *q != ' '; q++)
			;
		t = p;
		while (t < q && hostch(*t))
			t++;
		if (q - p > 1 && q[-1] == ':' && t == q - 1 && q - p < 64 && items == 0 && !any &&
		    !(q - p == 7 && !memcmp(p, "kernel", 6))) {
			memcpy(n->host, p, (size_t)(q - p - 1));	/* pdsh "host: " */
			n->host[q - p - 1] = '\0';
			p = q;
			continue;
		}
		if (after_wall && t == q && q - p < 64 && !n->host[0] && q < end) {
			memcpy(n->host, p, (size_t)(q - p));	/* syslog "date host tag:" */
			n->host[q - p] = '\0';
			after_wall = false;
			p = q;
			continue;
		}
		if (q[-1] == ':' && any) {	/* "kernel:", "kernel[0]:" */
			after_wall = false;
			p = q;
			continue;
		}
		if (!first_unknown)
			first_unknown = p;
		after_wall = false;
		p = q;
	}
	return first_unknown ? first_unknown : end;
}

/* "word <pci address>" at the start: another driver's record ("pcieport 0004:00:00.0: ..."). */
static bool other_driver(const char *p, const char *end)
{
	char dev[32];

	while (p < end && *p != ' ')
		p++;
	p = skip_sp(p, end);
	return p < end && hl_device(p, end, dev) > 0;
}

void hl_normalise(const char *s, size_t len, struct hl_norm *n)
{
	const char *end = s + len, *p = s, *a, *msg = NULL, *rest;
	bool lead;

	memset(n, 0, sizeof(*n));
	while (end > p && end[-1] == ' ') {
		end--;
		n->trailing_ws = true;
	}
	p = skip_sp(p, end);
	while (p < end && *p == '>') {	/* mail quotes, nested */
		n->quote++;
		p = skip_sp(p + 1, end);
	}
	n->msg = p;
	n->msglen = (size_t)(end - p);
	if (p == end) {
		n->type = HL_BLANK;
		return;
	}
	a = anchor(p, end, n, &msg);
	if (a) {
		prefix(p, a, n, &lead);
		n->type = HL_MLX5;
		n->msg = msg;
		n->msglen = (size_t)(end - msg);
		return;
	}
	rest = prefix(p, end, n, &lead);
	if (lead || (end - p >= 3 && !memcmp(p, "...", 3)) || other_driver(p, end)) {
		n->type = HL_RECORD;
		n->prefix_only = lead && rest == end;
		n->other = rest;
		n->otherlen = (size_t)(end - rest);
		return;
	}
	memset(&n->ts, 0, sizeof(n->ts));
	n->host[0] = '\0';
	n->type = HL_TEXT;
}

const char *hl_strip_pid(const char *m, size_t len, size_t *outlen, bool *partial)
{
	const char *end = m + len, *lim = m + (len < 200 ? len : 200), *p, *q;

	*partial = false;
	*outlen = len;
	p = memmem(m, (size_t)(lim - m), ":(pid", 5);
	if (!p) {
		/* a message cut inside "func:line:" */
		for (q = m; q < end && *q != ' '; q++)
			;
		if (q == end && len && memchr(m, ':', len) && (m[len - 1] == ':' || m[len - 1] == '('))
			*partial = true;
		return m;
	}
	for (q = m; q < p; q++)
		if (*q == ' ')
			return m;
	q = p + 5;
	if (q < end && *q == ' ')
		q++;
	while (q < end && (dig(*q) || *q == '-'))
		q++;
	if (q >= end || (q + 1 >= end && *q == ')')) {
		*partial = true;
		return m;
	}
	if (*q != ')' || q[1] != ':')
		return m;
	q = skip_sp(q + 2, end);
	if (q == end)
		*partial = true;
	*outlen = (size_t)(end - q);
	return q;
}

double hl_stamp_dist(const struct hl_stamp *a, const struct hl_stamp *b)
{
	double d;

	if (a->wall_kind && a->wall_kind == b->wall_kind)
		d = a->wall - b->wall;	/* survives reboots */
	else if (a->has_mono && b->has_mono && a->boot != b->boot)
		return 1e12;
	else if (a->has_mono && b->has_mono)
		d = a->mono - b->mono;
	else
		return -1;
	return d < 0 ? -d : d;
}

size_t hl_slot_len(const char *device)
{
	const char *dot = strrchr(device, '.');

	if (strncmp(device, "mlx5_core.", 10) && dot && dot[1] && !dot[2])
		return (size_t)(dot - device);
	return strlen(device);
}
