// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Every field path written in prmctl's sources, resolved against its layout.
 * Field paths are strings resolved at run time; without this test a
 * misspelled "frontend_namespace" builds, and the command answers "no
 * namespace 3". Code names a field with PRM_SET/PRM_GET (lib/prm/layout.h):
 * the layout by name, the path as a literal, which this scan resolves in that
 * layout; direct calls with a literal path (prm_get, prm_path_resolve, ...:
 * the takers table) are checked as far as they can be (see check_direct).
 */
#include <dirent.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <cmocka.h>

#include "lib/prm/layout.h"
#include "lib/prm/layouts/layouts.h"
#include "lib/util/readall.h"

#define MAX_ARGS 8

struct scan {
	const char *file;
	const char *text;
	unsigned checked;	/* PRM_SET/PRM_GET uses resolved */
	unsigned problems;
	char report[8192];	/* the first problems, one per line */
};

static void problem(struct scan *s, const char *at, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void problem(struct scan *s, const char *at, const char *fmt, ...)
{
	size_t used = strlen(s->report);
	unsigned line = 1;
	va_list ap;

	for (const char *p = s->text; p < at; p++)
		line += *p == '\n';
	s->problems++;
	if (used + 1 >= sizeof(s->report))
		return;
	used += (size_t)snprintf(s->report + used, sizeof(s->report) - used, "%s:%u: ",
				 s->file, line);
	if (used + 1 >= sizeof(s->report))
		return;
	va_start(ap, fmt);
	used += (size_t)vsnprintf(s->report + used, sizeof(s->report) - used, fmt, ap);
	va_end(ap);
	if (used + 1 < sizeof(s->report))
		strcat(s->report, "\n");
}

/* Past a comment, string or character literal starting at p, else p. */
static const char *skip_lexeme(const char *p)
{
	if (p[0] == '/' && p[1] == '*') {
		const char *e = strstr(p + 2, "*/");

		return e ? e + 2 : p + strlen(p);
	}
	if (p[0] == '/' && p[1] == '/')
		return p + strcspn(p, "\n");
	if (*p == '"' || *p == '\'') {
		char q = *p++;

		while (*p && *p != q) {
			if (*p == '\\' && p[1])
				p++;
			p++;
		}
		return *p ? p + 1 : p;
	}
	return p;
}

/* Past a preprocessor line (with its continuations) when p starts one. */
static const char *skip_directive(const char *start, const char *p)
{
	const char *q = p;

	while (q > start && (q[-1] == ' ' || q[-1] == '\t'))
		q--;
	if (*p != '#' || (q > start && q[-1] != '\n'))
		return p;
	while (*p && !(*p == '\n' && p[-1] != '\\'))
		p++;
	return p;
}

/*
 * Split the arguments of the call whose '(' is at p: each argument's start
 * and end, commas inside brackets and literals ignored. Returns the count,
 * or -1 when the call does not close.
 */
static int call_args(const char *p, const char *arg[][2], int max)
{
	int depth = 0, n = 0;

	for (const char *q = p; *q; ) {
		const char *next = skip_lexeme(q);

		if (next != q) {
			q = next;
			continue;
		}
		if (*q == '(' || *q == '[' || *q == '{') {
			if (depth++ == 0 && n < max)
				arg[n][0] = q + 1;
		} else if (*q == ')' || *q == ']' || *q == '}') {
			if (--depth == 0) {
				if (n < max)
					arg[n][1] = q;
				return n + 1;
			}
		} else if (*q == ',' && depth == 1) {
			if (n < max)
				arg[n][1] = q;
			if (++n < max)
				arg[n][0] = q + 1;
		}
		q++;
	}
	return -1;
}

/* The text of an argument made only of string literals, else -1. */
static int literal_of(const char *b, const char *e, char *out, size_t sz)
{
	size_t n = 0;
	int seen = 0;

	while (b < e) {
		if (*b == ' ' || *b == '\t' || *b == '\n') {
			b++;
			continue;
		}
		if (*b != '"')
			return -1;
		for (b++; b < e && *b != '"'; b++)
			if (n + 1 < sz)
				out[n++] = *b;
		b++;
		seen = 1;
	}
	out[n] = '\0';
	return seen ? 0 : -1;
}

static void token_of(const char *b, const char *e, char *out, size_t sz)
{
	size_t n = 0;

	while (b < e && (*b == ' ' || *b == '\t' || *b == '\n'))
		b++;
	while (b < e && *b != ' ' && *b != '\t' && *b != '\n' && n + 1 < sz)
		out[n++] = *b++;
	out[n] = '\0';
}

/* What a function's path must name: one value, an array of bytes, anything. */
enum want { SCALAR, BYTES, ANY };

/*
 * The functions that take a literal path: which argument, what it names, and
 * the layout when the function fixes it (else &prm_layout_X in argument 0).
 */
static const struct taker {
	const char *fn;
	int path_arg;
	enum want want;
	const char *layout;
} takers[] = {
	{ "prm_set", 3, SCALAR, NULL },
	{ "prm_get", 3, SCALAR, NULL },
	{ "prm_field_value", 3, SCALAR, NULL },
	{ "prm_get_bytes", 3, BYTES, NULL },
	{ "prm_set_bytes", 3, BYTES, NULL },
	{ "prm_path_resolve", 1, ANY, NULL },
	{ "sim_bar_set", 1, SCALAR, "initseg" },	/* the simulator's BAR0 */
	{ "sim_bar_get", 1, SCALAR, "initseg" },
};

/* A zero buffer as large as the layout: only the path can fail. */
static int resolves(const struct prm_layout *l, const char *path, enum want want,
		    struct prm_err *err)
{
	size_t n = prm_layout_bytes(l);
	uint8_t *zero = calloc(1, n), byte;
	struct prm_loc loc;
	uint64_t v;
	int rc;

	assert_non_null(zero);
	if (want == BYTES)
		rc = prm_get_bytes(l, zero, n, path, &byte, 1, err);
	else if (want == ANY)
		rc = prm_path_resolve(l, path, &loc, err);
	else
		rc = prm_get(l, zero, n, path, &v, err);
	free(zero);
	return rc;
}

static void check_macro(struct scan *s, const char *at, const char *macro,
			const char *arg[][2], int nargs)
{
	/* PRM_SET/PRM_GET(layout, buf, len, path, ...); PRM_PATH(layout, path) */
	int at_path = strcmp(macro, "PRM_PATH") ? 3 : 1;
	char layout[128], path[256];
	const struct prm_layout *l;
	struct prm_err err = { 0 };

	if (nargs < at_path + 1) {
		problem(s, at, "%s with %d arguments", macro, nargs);
		return;
	}
	token_of(arg[0][0], arg[0][1], layout, sizeof(layout));
	l = prm_layout_lookup(layout);
	if (!l) {
		problem(s, at, "%s: no layout named '%s'", macro, layout);
		return;
	}
	if (literal_of(arg[at_path][0], arg[at_path][1], path, sizeof(path))) {
		problem(s, at, "%s(%s, ...): the path is not a string literal", macro, layout);
		return;
	}
	if (resolves(l, path, SCALAR, &err)) {
		problem(s, at, "%s(%s, \"%s\"): %s", macro, layout, path, err.msg);
		return;
	}
	s->checked++;
}

/*
 * A direct call: with &prm_layout_X (or the layout the function fixes) the
 * path must resolve in X; with a layout chosen at run time (a variable) it
 * must at least resolve in some compiled-in layout, which still catches a
 * misspelling; the assert in lib/prm/layout.c catches the rest when a test
 * runs that code.
 */
static void check_direct(struct scan *s, const char *at, const struct taker *t,
			 const char *arg[][2], int nargs)
{
	char path[256], first[128];
	struct prm_err err = { 0 };
	const struct prm_layout *l;

	if (nargs <= t->path_arg ||
	    literal_of(arg[t->path_arg][0], arg[t->path_arg][1], path, sizeof(path)))
		return;
	token_of(arg[0][0], arg[0][1], first, sizeof(first));
	if (t->layout || !strncmp(first, "&prm_layout_", 12)) {
		const char *name = t->layout ? t->layout : first + 12;

		l = prm_layout_lookup(name);
		if (!l)
			problem(s, at, "%s(%s, ...): not a compiled-in layout", t->fn, name);
		else if (resolves(l, path, t->want, &err))
			problem(s, at, "%s(%s, \"%s\"): %s", t->fn, name, path, err.msg);
		else
			s->checked++;
		return;
	}
	for (size_t i = 0; prm_layouts[i]; i++)
		if (!resolves(prm_layouts[i], path, t->want, &err)) {
			s->checked++;
			return;
		}
	problem(s, at, "%s(%s, \"%s\"): no compiled-in layout has this field", t->fn, first, path);
}

static int is_ident(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9') || c == '_';
}

static void scan_text(struct scan *s)
{
	const char *p = s->text;

	while (*p) {
		const char *next = skip_lexeme(p);
		const char *arg[MAX_ARGS][2];
		char word[32];
		size_t n = 0;
		int nargs;

		if (next == p)
			next = skip_directive(s->text, p);
		if (next != p) {
			p = next;
			continue;
		}
		if (!is_ident(*p) || (p > s->text && is_ident(p[-1]))) {
			p++;
			continue;
		}
		while (is_ident(p[n]) && n + 1 < sizeof(word)) {
			word[n] = p[n];
			n++;
		}
		word[n] = '\0';
		next = p + n;
		while (is_ident(*next))
			next++;
		if (*next != '(') {
			p = next;
			continue;
		}
		if (!strcmp(word, "PRM_SET") || !strcmp(word, "PRM_GET") ||
		    !strcmp(word, "PRM_PATH")) {
			nargs = call_args(next, arg, MAX_ARGS);
			check_macro(s, p, word, arg, nargs);
		} else {
			for (size_t i = 0; i < sizeof(takers) / sizeof(takers[0]); i++)
				if (!strcmp(word, takers[i].fn)) {
					nargs = call_args(next, arg, MAX_ARGS);
					check_direct(s, p, &takers[i], arg, nargs);
				}
		}
		p = next;
	}
}

static void scan_string(struct scan *s, const char *file, const char *text)
{
	memset(s, 0, sizeof(*s));
	s->file = file;
	s->text = text;
	scan_text(s);
}

/* lib/prm/layout.c implements the calls; it does not use them on fields. */
static int scanned(const char *rel)
{
	size_t n = strlen(rel);

	return n > 2 && (!strcmp(rel + n - 2, ".c") || !strcmp(rel + n - 2, ".h")) &&
	       strcmp(rel, "lib/prm/layout.c") && strcmp(rel, "lib/prm/layout.h");
}

static void scan_tree(struct scan *total, const char *top, const char *rel)
{
	char path[4096];
	struct dirent *de;
	DIR *d;

	snprintf(path, sizeof(path), "%s/%s", top, rel);
	d = opendir(path);
	assert_non_null(d);
	while ((de = readdir(d))) {
		char sub[1024];
		struct stat st;

		if (de->d_name[0] == '.')
			continue;
		snprintf(sub, sizeof(sub), "%s/%s", rel, de->d_name);
		snprintf(path, sizeof(path), "%s/%s", top, sub);
		assert_int_equal(stat(path, &st), 0);
		if (S_ISDIR(st.st_mode)) {
			scan_tree(total, top, sub);
		} else if (scanned(sub)) {
			struct prm_err err = { 0 };
			struct scan one;
			uint8_t *buf;
			size_t len;

			assert_int_equal(read_all(path, 16u << 20, &buf, &len, &err), 0);
			scan_string(&one, sub, (const char *)buf);
			total->checked += one.checked;
			total->problems += one.problems;
			if (strlen(total->report) + strlen(one.report) < sizeof(total->report))
				strcat(total->report, one.report);
			free(buf);
		}
	}
	closedir(d);
}

static void tree_names_only_known_fields(void **state)
{
	struct scan total = { .file = "" };

	(void)state;
	scan_tree(&total, TESTS_DIR "/..", "lib");
	scan_tree(&total, TESTS_DIR "/..", "cmd");
	if (total.problems)
		print_message("%s", total.report);
	assert_int_equal(total.problems, 0);
	/* the scan saw the tree's fields (about 600 in Dec 2026), not a part of it */
	print_message("%u field paths resolved\n", total.checked);
	assert_true(total.checked >= 500);
}

static void misspelled_field_is_found(void **state)
{
	struct scan s;

	(void)state;
	scan_string(&s, "x.c", "static void f(uint8_t *in)\n{\n"
		    "\tPRM_SET(query_nvmf_namespace_in, in, 64, \"frontend_namespac\", 3);\n}\n");
	assert_int_equal(s.problems, 1);
	assert_non_null(strstr(s.report, "x.c:3:"));
	assert_non_null(strstr(s.report, "frontend_namespac"));
	assert_int_equal(s.checked, 0);

	scan_string(&s, "x.c", "v = PRM_GET(create_eq_out, out,\n\tsizeof(out),\n\t\"eq_numbr\");\n");
	assert_int_equal(s.problems, 1);
	assert_non_null(strstr(s.report, "x.c:1:"));

	/* a path kept in a table for later */
	scan_string(&s, "x.c", "static const struct v t[] = {\n"
		    "\t{ 0, PRM_PATH(cmd_hca_cap, \"log_max_qp\") },\n"
		    "\t{ 0, PRM_PATH(cmd_hca_cap, \"log_max_qp_szz\") },\n};\n");
	assert_int_equal(s.problems, 1);
	assert_non_null(strstr(s.report, "x.c:3:"));
	assert_non_null(strstr(s.report, "log_max_qp_szz"));
	assert_int_equal(s.checked, 1);
}

static void good_fields_pass(void **state)
{
	struct scan s;

	(void)state;
	scan_string(&s, "x.c",
		    "PRM_SET(create_eq_in, in, sizeof(in), \"eq_context_entry.log_eq_size\", f(a, b));\n"
		    "n = PRM_GET(create_eq_out, out, sizeof(out), \"eq_\" \"number\");\n"
		    "/* PRM_SET(create_eq_in, in, 1, \"nonsense\", 0) in a comment */\n"
		    "s = \"PRM_GET(create_eq_out, o, 1, \\\"nonsense\\\")\";\n"
		    "#define SETTER(p) PRM_SET(create_eq_in, in, 1, p, 0)\n");
	assert_int_equal(s.problems, 0);
	assert_int_equal(s.checked, 2);
}

static void wrong_kind_of_path_is_found(void **state)
{
	struct scan s;

	(void)state;
	/* a structure, an array without index, an unknown layout, a non-literal */
	scan_string(&s, "x.c",
		    "PRM_SET(create_eq_in, in, n, \"eq_context_entry\", 1);\n"
		    "PRM_GET(no_such_layout, in, n, \"opcode\");\n"
		    "PRM_GET(create_eq_in, in, n, path);\n");
	assert_int_equal(s.problems, 3);
}

static void direct_calls_are_checked_too(void **state)
{
	struct scan s;

	(void)state;
	scan_string(&s, "x.c",
		    "prm_set(l, in, n, \"opcod\", 1, NULL);\n"
		    "v = prm_field_value(&prm_layout_eqe, e, n, \"typo\");\n"
		    "v = prm_field_value(&prm_layout_no_such, e, n, \"type\");\n");
	assert_int_equal(s.problems, 3);
	scan_string(&s, "x.c",
		    "prm_set(l, in, n, \"opcode\", 1, NULL);\n"
		    "v = prm_field_value(&prm_layout_eqe, e, n, \"type\");\n"
		    "prm_get(l, in, n, user_path, &v, &err);\n");
	assert_int_equal(s.problems, 0);
	assert_int_equal(s.checked, 2);
}

/* Paths to a structure or an array of bytes, and through a fixed layout. */
static void paths_of_other_kinds_are_checked(void **state)
{
	struct scan s;

	(void)state;
	scan_string(&s, "x.c",
		    "prm_path_resolve(&prm_layout_query_dct_out, \"dct_context_entri\", &l, e);\n"
		    "prm_path_resolve(&prm_layout_query_dct_out,\n\t\"dct_context_entry.mtu\", &l, e);\n"
		    "prm_get_bytes(&prm_layout_mgir, r, n, \"fw_info.psi\", b, 16, e);\n"
		    "prm_set_bytes(&prm_layout_mgir, r, n, \"fw_info.major\", b, 1, e);\n"
		    "sim_bar_set(a, \"health_buffer.assert_var[6]\", 1);\n"
		    "v = sim_bar_get(a, \"health_buffer\");\n");
	assert_int_equal(s.problems, 5);
	assert_non_null(strstr(s.report, "x.c:1: prm_path_resolve(query_dct_out, \"dct_context_entri\")"));
	assert_non_null(strstr(s.report, "x.c:4: prm_get_bytes(mgir, \"fw_info.psi\")"));
	assert_non_null(strstr(s.report, "not an array of bytes"));
	assert_non_null(strstr(s.report, "x.c:6: sim_bar_set(initseg,"));
	assert_non_null(strstr(s.report, "x.c:7: sim_bar_get(initseg,"));
	assert_int_equal(s.checked, 1);

	scan_string(&s, "x.c",
		    "prm_path_resolve(&prm_layout_query_dct_out, \"dct_context_entry\", &l, e);\n"
		    "prm_get_bytes(&prm_layout_mgir, r, n, \"fw_info.psid\", b, 16, e);\n"
		    "prm_set_bytes(l, r, n, \"vsd_contd_psid\", b, 16, e);\n"
		    "sim_bar_set(a, \"health_buffer.assert_var[5]\", 1);\n"
		    "prm_path_resolve(l, user_path, &loc, e);\n");
	assert_int_equal(s.problems, 0);
	assert_int_equal(s.checked, 4);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(misspelled_field_is_found),
		cmocka_unit_test(good_fields_pass),
		cmocka_unit_test(wrong_kind_of_path_is_found),
		cmocka_unit_test(direct_calls_are_checked_too),
		cmocka_unit_test(paths_of_other_kinds_are_checked),
		cmocka_unit_test(tree_names_only_known_fields),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
