// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
#include "lib/out/out.h"

#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <jansson.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>
#include <unistd.h>

#include "lib/out/out_int.h"
#include "lib/out/table.h"
#include "lib/util/digits.h"
#include "lib/util/err.h"
#include "lib/util/units.h"

#define KEY_WIDTH 24
#define MAX_DEPTH 32

/*
 * A byte or dword run (out_bytes, out_words) in JSON: an array of numbers,
 * but not a jansson array. A node per element cost 46 bytes of memory per
 * byte (issue 24: a 4 MiB region, 190 MB); the emitter keeps a copy of the
 * run instead, puts a marked string with its index in the tree, and
 * write_json() writes the array there, exactly as jansson would have.
 */
#define RUN_MARK "run"

struct run {
	void *p;		/* uint8_t[n] or uint32_t[n] */
	size_t n;
	unsigned width;		/* bytes per element: 1 or 4 */
};

enum frame_type { FR_ROOT, FR_OBJ, FR_ARR, FR_TABLE, FR_ROW, FR_CELL };

struct frame {
	enum frame_type type;
	json_t *j;		/* JSON container */
	char key[64];		/* text: name of this container */
	unsigned index;		/* text: next element index (arrays) */
	int indent;		/* text: indent of the members */
};

static struct {
	struct out_opts o;
	struct frame st[MAX_DEPTH];
	int sp;			/* st[sp] is the open container */
	bool open;
	struct out_table tab;	/* text: rows of the open table */
	char cell[1024];	/* text: comma-joined cell being built */
	bool line;		/* text: the document is one line of key=value */
	char line_buf[2048];
	bool write_failed;
	struct run *runs;	/* JSON: the document's byte and dword runs */
	size_t nruns, cap_runs;
} S = { .o = { .mode = OUT_TEXT } };

void out_init(const struct out_opts *o)
{
	S.o = *o;
	if (!S.o.out)
		S.o.out = stdout;
	if (!S.o.err)
		S.o.err = stderr;
	if (!S.o.prog)
		S.o.prog = "prmctl";
}

void out_set_format(enum out_mode mode, bool pretty, bool quiet)
{
	if (!S.open) {
		S.o.mode = mode;
		S.o.pretty = pretty;
		S.o.quiet = quiet;
	}
}

FILE *out_set_stream(FILE *f, enum out_mode mode)
{
	FILE *was = S.o.out;

	if (!S.open) {
		S.o.out = f;
		S.o.mode = mode;
	}
	return was;
}

FILE *out_stream(void)
{
	return S.o.out;
}

FILE *out_err_stream(void)
{
	return S.o.err;
}

bool out_quiet(void)
{
	return S.o.quiet;
}

enum out_mode out_mode(void)
{
	return S.o.mode;
}

bool out_json(void)
{
	return S.o.mode == OUT_JSON;
}

/* The one place text reaches a stream; a failed write is remembered. */
static void __attribute__((format(printf, 2, 3))) emit(FILE *fp, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	if (vfprintf(fp, fmt, ap) < 0)
		S.write_failed = true;
	va_end(ap);
}

/* The same for text already formatted (a document, a run's numbers). */
static void emit_raw(const char *s, size_t n)
{
	if (n && fwrite(s, 1, n, S.o.out) != n)
		S.write_failed = true;
}

static struct frame *top(void)
{
	return &S.st[S.sp];
}

/*
 * jansson integers are signed 64-bit; values above INT64_MAX are stored as a
 * marked string and turned back into bare digits when the document is
 * written, so numbers stay numbers.
 */
#define U64_MARK "u64"

/*
 * Those marks, and the runs' below, carry a number drawn once per process:
 * text from a device can never spell one, or it would be rewritten too (a
 * string turned into bare digits, or into a run's array).
 */
static const char *mark_key(void)
{
	static char key[17];
	uint64_t r;

	if (!key[0]) {
		if (getrandom(&r, sizeof(r), GRND_NONBLOCK) != (ssize_t)sizeof(r))
			r = (uint64_t)time(NULL) * 0x9e3779b97f4a7c15ull ^ (uint64_t)getpid();
		snprintf(key, sizeof(key), "%016" PRIx64, r);
	}
	return key;
}

/* A mark of the kind (U64_MARK, RUN_MARK) for value, as jansson is given it... */
#define MARK_MAX 96
static void mark(char buf[MARK_MAX], const char *kind, const char *value)
{
	snprintf(buf, MARK_MAX, "\x01prmctl-%s-%s:%s", mark_key(), kind, value);
}

/* ...and as it comes out of json_dumps, from its opening quote to the value. */
static void mark_found(char buf[MARK_MAX], const char *kind)
{
	snprintf(buf, MARK_MAX, "\"\\u0001prmctl-%s-%s:", mark_key(), kind);
}

static json_t *json_u64(uint64_t v)
{
	char buf[MARK_MAX], digits[24];

	if (v <= INT64_MAX)
		return json_integer((json_int_t)v);
	snprintf(digits, sizeof(digits), "%" PRIu64, v);
	mark(buf, U64_MARK, digits);
	return json_string(buf);
}

static void unmark_u64(char *s)
{
	char esc[MARK_MAX];
	char *p;

	mark_found(esc, U64_MARK);
	while ((p = strstr(s, esc))) {
		char *digits = p + strlen(esc), *end = strchr(digits, '"');
		size_t n;

		if (!end)
			return;
		n = (size_t)(end - digits);
		memmove(p, digits, n);
		memmove(p + n, end + 1, strlen(end + 1) + 1);
	}
}

static json_t *json_run(const void *p, size_t n, unsigned width)
{
	char buf[MARK_MAX], index[24];
	struct run *r;

	if (S.nruns == S.cap_runs) {
		size_t cap = S.cap_runs ? 2 * S.cap_runs : 8;

		r = realloc(S.runs, cap * sizeof(*r));
		if (!r)
			return NULL;
		S.runs = r;
		S.cap_runs = cap;
	}
	r = &S.runs[S.nruns];
	r->p = malloc(n ? n * width : 1);
	if (!r->p)
		return NULL;
	if (n)
		memcpy(r->p, p, n * width);
	r->n = n;
	r->width = width;
	snprintf(index, sizeof(index), "%zu", S.nruns++);
	mark(buf, RUN_MARK, index);
	return json_string(buf);
}

static void runs_free(void)
{
	for (size_t i = 0; i < S.nruns; i++)
		free(S.runs[i].p);
	free(S.runs);
	S.runs = NULL;
	S.nruns = S.cap_runs = 0;
}

/* Text from devices and files may not be UTF-8; never drop the member. */
static json_t *json_text(const char *s)
{
	json_t *j = json_string(s);
	char *copy;

	if (j)
		return j;
	copy = strdup(s);
	if (!copy)
		return NULL;
	for (char *p = copy; *p; p++)
		if ((unsigned char)*p >= 0x80)
			*p = '?';
	j = json_string(copy);
	free(copy);
	return j;
}

static void json_put(const char *key, json_t *v)
{
	struct frame *f = top();

	if (!v)
		return;
	if (f->type == FR_ARR || f->type == FR_TABLE)
		json_array_append_new(f->j, v);
	else if (key)
		json_object_set_new(f->j, key, v);
	else
		json_decref(v);
}

/* Text: the label of a scalar, "key" or "array[i]". */
static void text_label(const char *key, char *buf, size_t sz)
{
	struct frame *f = top();

	if (!key && f->type == FR_ARR)
		snprintf(buf, sz, "%s[%u]", f->key, f->index++);
	else
		snprintf(buf, sz, "%s", key ? key : "");
}

static void text_put(const char *key, const char *val)
{
	struct frame *f = top();
	char label[96];

	if (f->type == FR_ROW) {
		out_table_cell(&S.tab, key ? key : "", val);
		return;
	}
	if (S.line && f->type == FR_ROOT) {
		size_t len = strlen(S.line_buf);

		snprintf(S.line_buf + len, sizeof(S.line_buf) - len, "%s%s=%s", len ? " " : "",
			 key ? key : "", val);
		return;
	}
	if (f->type == FR_CELL) {
		size_t len = strlen(S.cell);

		snprintf(S.cell + len, sizeof(S.cell) - len, "%s%s",
			 len ? "," : "", val);
		return;
	}
	text_label(key, label, sizeof(label));
	emit(S.o.out, "%*s%-*s %s\n", f->indent, "",
		KEY_WIDTH - f->indent > 0 ? KEY_WIDTH - f->indent : 0, label,
		val);
}

static void push(enum frame_type type, const char *key, json_t *j, int indent)
{
	struct frame *f;

	if (S.sp + 1 >= MAX_DEPTH)
		return;
	f = &S.st[++S.sp];
	memset(f, 0, sizeof(*f));
	f->type = type;
	f->j = j;
	f->indent = indent;
	snprintf(f->key, sizeof(f->key), "%s", key ? key : "");
}

void out_doc_begin(void)
{
	out_doc_abort();
	S.sp = 0;
	S.st[0] = (struct frame){ .type = FR_ROOT };
	S.open = true;
	if (out_json()) {
		S.st[0].j = json_object();
		json_object_set_new(S.st[0].j, "schema", json_string(OUT_SCHEMA));
	}
}

void out_doc_abort(void)
{
	S.line = false;
	if (S.open && S.st[0].j)
		json_decref(S.st[0].j);
	out_table_free(&S.tab);
	runs_free();
	memset(S.st, 0, sizeof(S.st));
	S.sp = 0;
	S.open = false;
}

#define INDENT 2

/* Pretty: a newline and indent spaces at p; compact (indent < 0): nothing. */
static size_t put_indent(char *p, int indent)
{
	if (indent < 0)
		return 0;
	p[0] = '\n';
	memset(p + 1, ' ', (size_t)indent);
	return 1 + (size_t)indent;
}

/*
 * A run as jansson writes an array of integers (dump.c): "[1,2]" compact;
 * pretty, each element on a line of its own at indent + INDENT and the "]"
 * on one at indent, the indent of the line the array starts on; "[]" if empty.
 */
static void write_run(const struct run *r, int indent)
{
	char buf[16384];
	size_t n = 0, room;

	if (!r->n) {
		emit_raw("[]", 2);
		return;
	}
	/* the emitter nests at most MAX_DEPTH deep: this only bounds buf */
	if (indent > INDENT * (MAX_DEPTH + 1))
		indent = INDENT * (MAX_DEPTH + 1);
	/* one element (",\n", its indent, 10 digits) and the closing "\n" indent "]" */
	room = 2 * ((size_t)(indent < 0 ? 0 : indent) + INDENT + 16);
	buf[n++] = '[';
	for (size_t i = 0; i < r->n; i++) {
		uint32_t v = r->width == 1 ? ((const uint8_t *)r->p)[i] :
					     ((const uint32_t *)r->p)[i];

		if (sizeof(buf) - n < room) {
			emit_raw(buf, n);
			n = 0;
		}
		if (i)
			buf[n++] = ',';
		n += put_indent(buf + n, indent < 0 ? -1 : indent + INDENT);
		n = (size_t)(dec_u32(buf + n, v) - buf);
	}
	n += put_indent(buf + n, indent);
	buf[n++] = ']';
	emit_raw(buf, n);
}

/* Spaces that start the line p is on (s is the first line's start). */
static int line_indent(const char *s, const char *p)
{
	const char *line = p;

	while (line > s && line[-1] != '\n')
		line--;
	return (int)strspn(line, " ");
}

/* The document's text, each run's marked string replaced by the run. */
static void write_with_runs(const char *s, bool pretty)
{
	const char *start = s, *p;
	char esc[MARK_MAX];

	mark_found(esc, RUN_MARK);
	while ((p = strstr(s, esc))) {
		const char *digits = p + strlen(esc);
		char *end;
		unsigned long long i = strtoull(digits, &end, 10);

		if (!isdigit((unsigned char)*digits) || *end != '"' || i >= S.nruns) {
			emit_raw(s, (size_t)(digits - s));	/* not a run's: as it is */
			s = digits;
			continue;
		}
		emit_raw(s, (size_t)(p - s));
		write_run(&S.runs[i], pretty ? line_indent(start, p) : -1);
		s = end + 1;
	}
	emit_raw(s, strlen(s));
}

static int write_json(json_t *doc, bool pretty)
{
	size_t flags = JSON_ENCODE_ANY | (pretty ? JSON_INDENT(INDENT) : JSON_COMPACT);
	char *s = json_dumps(doc, flags);
	int rc = 0;

	if (!s)
		return -1;
	unmark_u64(s);
	write_with_runs(s, pretty);
	emit_raw("\n", 1);
	free(s);
	return rc;
}

bool out_in_line(void)
{
	return S.line;
}

void out_line_begin(void)
{
	out_doc_begin();
	S.line = !out_json();
	S.line_buf[0] = '\0';
}

int out_doc_end(void)
{
	int rc = 0;

	if (!S.open)
		return 0;
	if (S.line) {
		emit(S.o.out, "%s\n", S.line_buf);
		S.line = false;
	}
	while (S.sp > 0) {
		if (top()->type == FR_TABLE)
			out_table_end();
		else if (top()->type == FR_ARR)
			out_arr_end();
		else
			out_obj_end();
	}
	if (out_json())
		rc = write_json(S.st[0].j, S.o.pretty);
	out_doc_abort();
	if (fflush(S.o.out) == EOF || ferror(S.o.out) || S.write_failed)
		rc = -1;
	S.write_failed = false;
	return rc;
}

void out_obj_begin(const char *key)
{
	struct frame *f = top();
	char label[96];

	if (out_json()) {
		json_t *o = json_object();

		json_put(key, json_incref(o));
		json_decref(o);
		push(FR_OBJ, key, o, 0);
		return;
	}
	if (f->type == FR_TABLE) {
		out_table_row(&S.tab);
		push(FR_ROW, key, NULL, 0);
		return;
	}
	text_label(key, label, sizeof(label));
	if (*label)
		emit(S.o.out, "%*s%s:\n", f->indent, "", label);
	push(FR_OBJ, key, NULL, *label ? f->indent + 2 : f->indent);
}

void out_obj_end(void)
{
	if (S.sp > 0)
		S.sp--;
}

void out_arr_begin(const char *key)
{
	struct frame *f = top();

	if (out_json()) {
		json_t *a = json_array();

		json_put(key, json_incref(a));
		json_decref(a);
		push(FR_ARR, key, a, 0);
		return;
	}
	if (f->type == FR_ROW) {
		S.cell[0] = '\0';
		push(FR_CELL, key, NULL, 0);
		return;
	}
	push(FR_ARR, key, NULL, f->indent);
}

void out_arr_end(void)
{
	struct frame *f = top();

	if (S.sp == 0)
		return;
	if (!out_json() && f->type == FR_CELL) {
		char key[64];

		snprintf(key, sizeof(key), "%s", f->key);
		S.sp--;
		out_table_cell(&S.tab, key, S.cell[0] ? S.cell : "-");
		return;
	}
	S.sp--;
	if (!out_json() && f->type == FR_ARR && f->index == 0 && f->key[0])
		text_put(f->key, "-");	/* an empty list still gets its line */
}

static void table_line(const char *line)
{
	emit(S.o.out, "%s\n", line);
}

void out_table_begin(const char *key)
{
	if (out_json()) {
		out_arr_begin(key);
		top()->type = FR_TABLE;
		return;
	}
	out_table_free(&S.tab);
	push(FR_TABLE, key, NULL, top()->indent);
}

void out_table_end(void)
{
	if (S.sp == 0)
		return;
	if (!out_json())
		out_table_print(&S.tab, top()->indent, table_line);
	out_table_free(&S.tab);
	S.sp--;
}

void out_u64(const char *key, uint64_t v)
{
	char buf[32];

	if (out_json()) {
		json_put(key, json_u64(v));
		return;
	}
	snprintf(buf, sizeof(buf), "%" PRIu64, v);
	text_put(key, buf);
}

void out_s64(const char *key, int64_t v)
{
	char buf[32];

	if (out_json()) {
		json_put(key, json_integer((json_int_t)v));
		return;
	}
	snprintf(buf, sizeof(buf), "%" PRId64, v);
	text_put(key, buf);
}

static bool plain_decimal(const char *s)
{
	size_t n = s ? strspn(s, "0123456789") : 0;

	if (!n)
		return false;
	if (s[n] == '.')
		return s[n + 1] && s[n + 1 + strspn(s + n + 1, "0123456789")] == '\0';
	return s[n] == '\0';
}

void out_decimal(const char *key, const char *digits)
{
	char buf[MARK_MAX];

	if (!plain_decimal(digits) || strlen(digits) > 51) {
		out_null(key);
		return;
	}
	if (!out_json()) {
		text_put(key, digits);
		return;
	}
	while (digits[0] == '0' && digits[1] >= '0' && digits[1] <= '9')
		digits++;	/* JSON has no leading zeros */
	/* the mark that lets a u64 out of jansson's range carries these digits as well */
	mark(buf, U64_MARK, digits);
	json_put(key, json_string(buf));
}

void out_f64(const char *key, double v, const char *unit)
{
	char buf[48];

	if (out_json()) {
		json_put(key, json_real(v));
		return;
	}
	snprintf(buf, sizeof(buf), "%g%s%s", v, unit ? " " : "", unit ? unit : "");
	text_put(key, buf);
}

void out_hex(const char *key, uint64_t v)
{
	char buf[32];

	if (out_json()) {
		json_put(key, json_u64(v));
		return;
	}
	snprintf(buf, sizeof(buf), "0x%" PRIx64, v);
	text_put(key, buf);
}

void out_hex_width(const char *key, uint64_t v, unsigned bits)
{
	char buf[32];

	if (out_json()) {
		json_put(key, json_u64(v));
		return;
	}
	snprintf(buf, sizeof(buf), "0x%0*" PRIx64, (int)((bits + 3) / 4), v);
	text_put(key, buf);
}

void out_named(const char *key, uint64_t v, bool hex, const char *name)
{
	char buf[192];

	if (out_json()) {
		json_put(key, json_u64(v));
		if (name && key && top()->type != FR_ARR) {
			char nkey[96];

			snprintf(nkey, sizeof(nkey), "%s_name", key);
			json_put(nkey, json_text(name));
		}
		return;
	}
	snprintf(buf, sizeof(buf), hex ? "0x%" PRIx64 "%s%s%s" : "%" PRIu64 "%s%s%s",
		 v, name ? " (" : "", name ? name : "", name ? ")" : "");
	text_put(key, buf);
}

void out_bool(const char *key, bool v)
{
	if (out_json()) {
		json_put(key, json_boolean(v));
		return;
	}
	text_put(key, v ? "yes" : "no");
}

void out_str(const char *key, const char *s)
{
	if (out_json()) {
		json_put(key, s ? json_text(s) : json_null());
		return;
	}
	text_put(key, s && *s ? s : "-");
}

void out_strf(const char *key, const char *fmt, ...)
{
	char buf[1024];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	out_str(key, buf);
}

void out_null(const char *key)
{
	out_str(key, NULL);
}

void out_str_list(const char *key, const char *csv)
{
	const char *p = csv ? csv : "";

	out_arr_begin(key);
	while (*p) {
		const char *comma = strchr(p, ',');
		size_t n = comma ? (size_t)(comma - p) : strlen(p);
		char item[256];

		snprintf(item, sizeof(item), "%.*s", (int)n, p);
		out_str(NULL, item);
		p += n + (comma ? 1 : 0);
	}
	out_arr_end();
}

void out_bytes(const char *key, const uint8_t *buf, size_t len)
{
	struct frame *f = top();

	if (out_json()) {
		json_put(key, json_run(buf, len, 1));
		return;
	}
	emit(S.o.out, "%*s%s:\n", f->indent, "", key ? key : "");
	for (size_t i = 0; i < len; i += 16) {
		char row[16 * 3 + 1] = "";

		for (size_t k = i; k < i + 16 && k < len; k++)
			snprintf(row + (k - i) * 3, sizeof(row) - (k - i) * 3, " %02x", buf[k]);
		emit(S.o.out, "%*s%04zx:%s\n", f->indent + 2, "", i, row);
	}
}

void out_hex_string(const char *key, const uint8_t *buf, size_t len)
{
	static const char hx[] = "0123456789abcdef";
	char *s = malloc(2 * len + 1);

	if (!s)
		return;
	for (size_t i = 0; i < len; i++) {
		s[2 * i] = hx[buf[i] >> 4];
		s[2 * i + 1] = hx[buf[i] & 0xf];
	}
	s[2 * len] = '\0';
	out_str(key, s);
	free(s);
}

void out_words(const char *key, uint32_t addr, const uint32_t *w, size_t n)
{
	struct frame *f = top();

	if (out_json()) {
		json_put(key, json_run(w, n, 4));
		return;
	}
	for (size_t i = 0; i < n; i += 4) {
		char row[4 * 9 + 1] = "";

		for (size_t k = i; k < i + 4 && k < n; k++)
			snprintf(row + (k - i) * 9, sizeof(row) - (k - i) * 9, " %08x", w[k]);
		emit(S.o.out, "%*s0x%08zx:%s\n", f->indent, "", (size_t)addr + i * 4, row);
	}
}

void out_be_words(const char *key, uint32_t addr, const uint8_t *buf, size_t len)
{
	size_t n = len / 4;
	uint32_t *w = calloc(n ? n : 1, sizeof(*w));

	if (!w) {
		out_null(key);
		return;
	}
	for (size_t i = 0; i < n; i++)
		w[i] = (uint32_t)buf[4 * i] << 24 | (uint32_t)buf[4 * i + 1] << 16 |
		       (uint32_t)buf[4 * i + 2] << 8 | buf[4 * i + 3];
	out_words(key, addr, w, n);
	free(w);
}

/* JSON's KEY_UNIT beside KEY: the raw clock the time came from. */
static void json_put_raw(const char *key, const char *unit, uint64_t v)
{
	char k[96];

	snprintf(k, sizeof(k), "%s_%s", key, unit);
	json_put(k, json_u64(v));
}

void out_time_ns(const char *key, uint64_t ns)
{
	char iso[UNITS_UTC_BYTES], text[96];

	units_utc_str(ns, iso);
	if (out_json()) {
		json_put(key, json_text(iso));
		json_put_raw(key, "ns", ns);
		return;
	}
	if (S.line) {		/* a line is read by people: the time alone */
		text_put(key, iso);
		return;
	}
	snprintf(text, sizeof(text), "%llu (%s)", (unsigned long long)ns, iso);
	text_put(key, text);
}

void out_time_s(const char *key, uint64_t secs)
{
	char iso[64] = "", text[96];
	time_t t = (time_t)secs;
	struct tm tm;

	if (secs && gmtime_r(&t, &tm))
		strftime(iso, sizeof(iso), "%Y-%m-%dT%H:%M:%SZ", &tm);
	if (out_json()) {
		json_put(key, iso[0] ? json_text(iso) : json_null());
		json_put_raw(key, "s", secs);
		return;
	}
	if (iso[0])
		snprintf(text, sizeof(text), "%llu (%s)", (unsigned long long)secs, iso);
	else
		snprintf(text, sizeof(text), "%llu", (unsigned long long)secs);
	text_put(key, text);
}

/* Records waiting in a batch (out_rec_batch) go out before anything said after them. */
static void records_first(void)
{
	if (out_rec_flush())
		S.write_failed = true;
	fflush(S.o.out);
}

void out_note(const char *fmt, ...)
{
	char msg[1024];
	va_list ap;

	if (out_json() || S.o.quiet)
		return;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	records_first();
	emit(S.o.out, "%s\n", msg);
}

void out_warn(const char *fmt, ...)
{
	char msg[1024];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	records_first();
	emit(S.o.err, "%s: warning: %s\n", S.o.prog, msg);
}

/* {code, reason, message} and the failure's own fields, the error object both kinds share */
static json_t *error_object(int exit_code, const char *reason, const char *msg,
			    const struct prm_err *err)
{
	json_t *e = json_object();

	json_object_set_new(e, "code", json_integer(exit_code));
	json_object_set_new(e, "reason", json_string(reason ? reason : "failed"));
	json_object_set_new(e, "message", json_text(msg));
	for (unsigned i = 0; err && i < err->nfields && i < PRM_ERR_MAX_FIELDS; i++) {
		const struct prm_err_field *f = &err->fields[i];

		/* code, reason and message are the emitter's own */
		if (json_object_get(e, f->key))
			continue;
		json_object_set_new(e, f->key, f->str ? json_text(f->str)
						      : json_integer((json_int_t)f->num));
	}
	return e;
}

static void error_doc(int exit_code, const char *reason, const char *msg,
		      const struct prm_err *err)
{
	records_first();
	emit(S.o.err, "%s: %s\n", S.o.prog, msg);
	fflush(S.o.err);
	out_doc_abort();
	if (out_json()) {
		json_t *doc = json_object();

		json_object_set_new(doc, "schema", json_string(OUT_SCHEMA));
		json_object_set_new(doc, "error", error_object(exit_code, reason, msg, err));
		write_json(doc, S.o.pretty);
		json_decref(doc);
		fflush(S.o.out);
	}
}

void out_error_member(int exit_code, const struct prm_err *err)
{
	const char *msg = err->msg[0] ? err->msg : "failed";

	if (out_json())
		json_put("error", error_object(exit_code, err->reason ? err->reason :
					       prm_err_kind_name(err->kind), msg, err));
	else
		text_put("error", msg);
}

void out_error(int exit_code, const char *reason, const char *fmt, ...)
{
	char msg[1024];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	error_doc(exit_code, reason, msg, NULL);
}

void out_error_err(int exit_code, const struct prm_err *err)
{
	error_doc(exit_code, err->reason ? err->reason : prm_err_kind_name(err->kind),
		  err->msg[0] ? err->msg : "failed", err);
}
