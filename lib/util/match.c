// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
#include "lib/util/match.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

static const char *name_at(const struct match_set *s, size_t i)
{
	return *(const char *const *)((const char *)s->base + i * s->stride);
}

enum match_result match_name(const struct match_set *s, const char *word,
			     size_t *idx)
{
	size_t hits = 0, len = strlen(word), at = 0;

	if (!len)
		return MATCH_NONE;
	for (size_t i = 0; i < s->n; i++) {
		const char *name = name_at(s, i);

		if (strcasecmp(name, word) == 0) {
			*idx = i;
			return MATCH_EXACT;
		}
		if (strncasecmp(name, word, len) == 0) {
			hits++;
			at = i;
		}
	}
	if (hits == 1) {
		*idx = at;
		return MATCH_PREFIX;
	}
	return hits ? MATCH_AMBIGUOUS : MATCH_NONE;
}

#define MATCH_MAXLEN 63

size_t match_distance(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b);
	size_t rows[3][MATCH_MAXLEN + 2], *pp = rows[0], *prev = rows[1], *row = rows[2];

	if (la > MATCH_MAXLEN || lb > MATCH_MAXLEN)
		return (size_t)-1;
	for (size_t j = 0; j <= lb; j++)
		prev[j] = j;
	for (size_t i = 1; i <= la; i++) {
		int ca = tolower((unsigned char)a[i - 1]);

		row[0] = i;
		for (size_t j = 1; j <= lb; j++) {
			int cb = tolower((unsigned char)b[j - 1]);
			size_t best = prev[j - 1] + (ca != cb);

			if (prev[j] + 1 < best)
				best = prev[j] + 1;
			if (row[j - 1] + 1 < best)
				best = row[j - 1] + 1;
			/* "MGRI" for "MGIR" is one slip of the fingers, not two */
			if (i > 1 && j > 1 && ca == tolower((unsigned char)b[j - 2]) &&
			    tolower((unsigned char)a[i - 2]) == cb && pp[j - 2] + 1 < best)
				best = pp[j - 2] + 1;
			row[j] = best;
		}
		size_t *t = pp;

		pp = prev;
		prev = row;
		row = t;
	}
	return prev[lb];
}

static size_t common_prefix(const char *a, const char *b)
{
	size_t n = 0;

	while (a[n] && b[n] && tolower((unsigned char)a[n]) == tolower((unsigned char)b[n]))
		n++;
	return n;
}

/* Lower is closer: prefix hits first, then distance, ties to the longer shared start. */
static size_t score(const char *word, const char *name)
{
	size_t d, len = strlen(word);

	if (len && strncasecmp(name, word, len) == 0)
		return 0;
	d = match_distance(word, name);
	if (d == (size_t)-1)
		return d;
	return (d + 1) * (MATCH_MAXLEN + 1) - common_prefix(word, name);
}

void match_best_init(struct match_best *b)
{
	b->name = NULL;
	b->score = (size_t)-1;
}

void match_consider(struct match_best *b, const struct match_set *s, const char *word)
{
	for (size_t i = 0; i < s->n; i++) {
		const char *name = name_at(s, i);
		size_t sc = name ? score(word, name) : (size_t)-1;

		if (sc < b->score) {
			b->score = sc;
			b->name = name;
		}
	}
}

const char *match_best_name(const struct match_best *b, const char *word)
{
	size_t len = strlen(word), limit = len / 3;

	if (!b->name)
		return NULL;
	if (b->score == 0)
		return b->name;
	/* a third of the word may be wrong: more, and the pick is a guess */
	if (limit < 1)
		limit = 1;
	return match_distance(word, b->name) <= limit ? b->name : NULL;
}

const char *match_suggest(const struct match_set *s, const char *word)
{
	struct match_best b;

	match_best_init(&b);
	match_consider(&b, s, word);
	return match_best_name(&b, word);
}

const char *match_hint(const struct match_set *s, const char *word, char *buf, size_t sz)
{
	const char *close = match_suggest(s, word);

	if (close)
		snprintf(buf, sz, "; did you mean '%s'?", close);
	else if (sz)
		buf[0] = '\0';
	return buf;
}

void match_list_prefixed(const struct match_set *s, const char *word,
			 char *buf, size_t sz)
{
	size_t len = strlen(word), used = 0;

	if (sz)
		buf[0] = '\0';
	for (size_t i = 0; i < s->n && used < sz; i++) {
		const char *name = name_at(s, i);

		if (strncasecmp(name, word, len) == 0)
			used += (size_t)snprintf(buf + used, sz - used, "%s%s",
						 used ? ", " : "", name);
	}
}
