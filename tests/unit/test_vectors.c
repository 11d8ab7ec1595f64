// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Layout tables against byte vectors written by hand from the public
 * headers (tests/vectors, one .vec file each). Each vector is a test; a last test checks
 * that every field of every layout is set to a non-zero value by some vector,
 * so no field goes unchecked.
 */
#include <dirent.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "lib/prm/layouts/layouts.h"

#define MAX_VECTORS 1024
#define MAX_PATHS 4096

struct leaf {
	char path[128];
	uint32_t off, width;
	bool covered;		/* some vector expects a non-zero value here */
};

static struct leaf leaves[MAX_PATHS];
static size_t nleaves;
static char *files[MAX_VECTORS];

static void add_leaves(const struct prm_layout *l, const char *prefix, uint32_t base)
{
	for (size_t i = 0; i < l->nfields; i++) {
		const struct prm_field *f = &l->fields[i];
		uint32_t n = f->count ? f->count : 1;

		for (uint32_t k = 0; k < n; k++) {
			char path[128];

			if (f->count)
				snprintf(path, sizeof(path), "%s%s[%u]", prefix, f->name, k);
			else
				snprintf(path, sizeof(path), "%s%s", prefix, f->name);
			if (f->sub) {
				char sub[130];

				snprintf(sub, sizeof(sub), "%s.", path);
				add_leaves(f->sub, sub, base + f->off + k * f->width);
				continue;
			}
			assert_true(nleaves < MAX_PATHS);
			snprintf(leaves[nleaves].path, sizeof(leaves[0].path), "%s", path);
			leaves[nleaves].off = base + f->off + k * f->width;
			leaves[nleaves].width = f->width;
			nleaves++;
		}
	}
}

/* Leaves of one layout live in [first, last) of leaves[]. */
struct layout_leaves {
	const struct prm_layout *l;
	size_t first, last;
};
static struct layout_leaves by_layout[128];
static size_t nby;

static struct layout_leaves *leaves_of(const struct prm_layout *l)
{
	for (size_t i = 0; i < nby; i++)
		if (by_layout[i].l == l)
			return &by_layout[i];
	return NULL;
}

static uint64_t parse_num(const char *s, const char *file, int line)
{
	char *end;
	uint64_t v = strtoull(s, &end, 0);

	if (*s == '\0' || *end)
		fail_msg("%s:%d: bad number '%s'", file, line, s);
	return v;
}

/* A byte as the vectors write it: two hex digits, no prefix. */
static uint8_t parse_byte(const char *s, const char *file, int line)
{
	char *end;
	unsigned long v = strtoul(s, &end, 16);

	if (strlen(s) != 2 || *end)
		fail_msg("%s:%d: bad byte '%s'", file, line, s);
	return (uint8_t)v;
}

static void run_vector(void **state)
{
	const char *file = *state;
	char path[512], line[1024];
	const struct prm_layout *l = NULL;
	struct layout_leaves *ll = NULL;
	uint8_t *buf = NULL;
	size_t size = 0;
	bool named[MAX_PATHS] = { 0 };
	bool rest = false;
	int lineno = 0, expects = 0;
	FILE *f;

	snprintf(path, sizeof(path), "%s/vectors/%s", TESTS_DIR, file);
	f = fopen(path, "r");
	assert_non_null(f);
	while (fgets(line, sizeof(line), f)) {
		char *hash = strchr(line, '#'), *word, *save = NULL;

		lineno++;
		if (hash)
			*hash = '\0';
		word = strtok_r(line, " \t\r\n", &save);
		if (!word)
			continue;
		if (strcmp(word, "layout") == 0) {
			char *name = strtok_r(NULL, " \t\r\n", &save);

			l = name ? prm_layout_lookup(name) : NULL;
			if (!l)
				fail_msg("%s:%d: unknown layout '%s'", file, lineno, name ? name : "");
			ll = leaves_of(l);
			assert_non_null(ll);
		} else if (strcmp(word, "size") == 0) {
			size = parse_num(strtok_r(NULL, " \t\r\n", &save), file, lineno);
			assert_non_null(l);
			if (size != prm_layout_bytes(l))
				fail_msg("%s: layout %s is %zu bytes, the vector says %zu",
					 file, l->name, prm_layout_bytes(l), size);
			buf = calloc(1, size);
			assert_non_null(buf);
		} else if (strcmp(word, "bytes") == 0) {
			char *tok = strtok_r(NULL, " \t\r\n", &save);
			uint64_t off = parse_num(tok ? tok : "", file, lineno);

			assert_non_null(buf);
			while ((tok = strtok_r(NULL, " \t\r\n", &save))) {
				if (off >= size)
					fail_msg("%s:%d: byte beyond size", file, lineno);
				buf[off++] = parse_byte(tok, file, lineno);
			}
		} else if (strcmp(word, "expect") == 0) {
			char *fp = strtok_r(NULL, " \t\r\n", &save);
			char *val = strtok_r(NULL, " \t\r\n", &save);
			struct prm_err err = { 0 };
			uint64_t want, got;

			assert_non_null(buf);
			if (!fp || !val)
				fail_msg("%s:%d: expect PATH VALUE", file, lineno);
			want = parse_num(val, file, lineno);
			if (prm_get(l, buf, size, fp, &got, &err))
				fail_msg("%s:%d: %s", file, lineno, err.msg);
			if (got != want)
				fail_msg("%s:%d: %s.%s reads 0x%llx, the vector says 0x%llx",
					 file, lineno, l->name, fp,
					 (unsigned long long)got, (unsigned long long)want);
			for (size_t i = ll->first; i < ll->last; i++)
				if (strcmp(leaves[i].path, fp) == 0) {
					named[i] = true;
					if (want)
						leaves[i].covered = true;
				}
			expects++;
		} else if (strcmp(word, "expect-decoded") == 0) {
			/* the value as the PRM defines it (BCD digits read as decimal) */
			char *fp = strtok_r(NULL, " \t\r\n", &save);
			char *val = strtok_r(NULL, " \t\r\n", &save);
			struct prm_err err = { 0 };
			struct prm_loc loc;
			uint64_t want, raw, got;

			assert_non_null(buf);
			if (!fp || !val)
				fail_msg("%s:%d: expect-decoded PATH VALUE", file, lineno);
			want = parse_num(val, file, lineno);
			if (prm_path_resolve(l, fp, &loc, &err) || prm_get(l, buf, size, fp, &raw, &err))
				fail_msg("%s:%d: %s", file, lineno, err.msg);
			got = raw;
			if (loc.field->fmt == PRM_FMT_BCD && prm_bcd_decode(raw, loc.width, &got))
				fail_msg("%s:%d: %s.%s 0x%llx is not BCD", file, lineno, l->name, fp,
					 (unsigned long long)raw);
			if (got != want)
				fail_msg("%s:%d: %s.%s decodes to %llu, the vector says %llu",
					 file, lineno, l->name, fp,
					 (unsigned long long)got, (unsigned long long)want);
			expects++;
		} else if (strcmp(word, "expect-rest") == 0) {
			rest = true;
		} else {
			fail_msg("%s:%d: unknown directive '%s'", file, lineno, word);
		}
	}
	fclose(f);
	assert_true(expects > 0 || rest);
	if (rest)
		for (size_t i = ll->first; i < ll->last; i++) {
			uint64_t got;

			if (named[i])
				continue;
			assert_int_equal(prm_bits_get(buf, size, leaves[i].off,
						      leaves[i].width, &got), 0);
			if (got)
				fail_msg("%s: %s.%s reads 0x%llx, expected 0 (expect-rest)",
					 file, l->name, leaves[i].path,
					 (unsigned long long)got);
		}
	free(buf);
}

/* Large byte arrays: their first and last elements must be covered. */
static bool must_cover(const struct leaf *lf)
{
	const char *br = strrchr(lf->path, '[');
	long idx;

	if (!br)
		return true;
	idx = strtol(br + 1, NULL, 10);
	if (lf->width != 8)
		return true;
	return idx == 0 || idx == 511 || strstr(lf->path, "data[") == NULL;
}

static void every_field_covered(void **state)
{
	int missing = 0;

	(void)state;
	for (size_t i = 0; i < nleaves; i++)
		if (!leaves[i].covered && must_cover(&leaves[i])) {
			print_error("no vector sets %s\n", leaves[i].path);
			missing++;
		}
	assert_int_equal(missing, 0);
}

static int cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

int main(void)
{
	struct CMUnitTest tests[MAX_VECTORS + 1];
	size_t n = 0;
	DIR *d = opendir(TESTS_DIR "/vectors");
	struct dirent *e;

	if (!d)
		return 1;
	for (size_t i = 0; prm_layouts[i]; i++) {
		if (nby == sizeof(by_layout) / sizeof(by_layout[0]))
			return 1;	/* more layouts than this harness holds: raise it */
		by_layout[nby].l = prm_layouts[i];
		by_layout[nby].first = nleaves;
		add_leaves(prm_layouts[i], "", 0);
		by_layout[nby].last = nleaves;
		nby++;
	}
	while ((e = readdir(d))) {
		size_t len = strlen(e->d_name);

		if (len > 4 && strcmp(e->d_name + len - 4, ".vec") == 0) {
			if (n == MAX_VECTORS) {
				fprintf(stderr, "more than %d vectors: raise MAX_VECTORS\n", MAX_VECTORS);
				return 1;
			}
			files[n++] = strdup(e->d_name);
		}
	}
	closedir(d);
	qsort(files, n, sizeof(files[0]), cmp);
	for (size_t i = 0; i < n; i++)
		tests[i] = (struct CMUnitTest){ files[i], run_vector, NULL, NULL, files[i] };
	tests[n] = (struct CMUnitTest){ "every_field_covered", every_field_covered, NULL, NULL, NULL };
	return _cmocka_run_group_tests("vectors", tests, n + 1, NULL, NULL);
}
