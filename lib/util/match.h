/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_UTIL_MATCH_H
#define PRMCTL_UTIL_MATCH_H

#include <stddef.h>

/*
 * Name matching for commands, verbs and layouts. names[] is read through a
 * stride so it works over arrays of structs whose first member is the name.
 */
struct match_set {
	const void *base;
	size_t n;
	size_t stride;
};

enum match_result { MATCH_NONE, MATCH_EXACT, MATCH_PREFIX, MATCH_AMBIGUOUS };

/* Exact name, else a unique prefix. *idx is set for EXACT and PREFIX. */
enum match_result match_name(const struct match_set *s, const char *word,
			     size_t *idx);

/* The closest name by edit distance, or NULL if none is close. */
const char *match_suggest(const struct match_set *s, const char *word);

/* "a, b, c" of the names that start with word (for ambiguity messages). */
void match_list_prefixed(const struct match_set *s, const char *word,
			 char *buf, size_t sz);

#endif
