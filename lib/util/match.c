// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
#include "lib/util/match.h"

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

static size_t distance(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b), row[64];

	if (la >= 63 || lb >= 63)
		return (size_t)-1;
	for (size_t j = 0; j <= lb; j++)
		row[j] = j;
	for (size_t i = 1; i <= la; i++) {
		size_t diag = row[0];

		row[0] = i;
		for (size_t j = 1; j <= lb; j++) {
			size_t up = row[j], best = diag + (a[i - 1] != b[j - 1]);

			if (up + 1 < best)
				best = up + 1;
			if (row[j - 1] + 1 < best)
				best = row[j - 1] + 1;
			diag = up;
			row[j] = best;
		}
	}
	return row[lb];
}

const char *match_suggest(const struct match_set *s, const char *word)
{
	size_t best = (size_t)-1, limit = strlen(word) / 3 + 1;
	const char *pick = NULL;

	if (limit < 2)
		limit = 2;
	for (size_t i = 0; i < s->n; i++) {
		size_t d = distance(word, name_at(s, i));

		if (d < best) {
			best = d;
			pick = name_at(s, i);
		}
	}
	return best <= limit ? pick : NULL;
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
