/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_UTIL_MATCH_H
#define PRMCTL_UTIL_MATCH_H

#include <stddef.h>

/*
 * Name matching for every name a user types: commands, verbs, options,
 * layouts, registers, opcodes, faults. names[] is read through a stride so
 * it works over arrays of structs whose first member is the name.
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

/*
 * The closest name by edit distance (case-insensitive, a transposition counts
 * as one edit), or NULL if none is close: a name that starts with word wins,
 * then the smallest distance, then the longest common prefix.
 */
const char *match_suggest(const struct match_set *s, const char *word);

/* The same over several sets (built-in registers and the ADB's). */
struct match_best {
	const char *name;
	size_t score;
};

void match_best_init(struct match_best *b);
void match_consider(struct match_best *b, const struct match_set *s, const char *word);
/* The pick, or NULL when it is too far from word to be what was meant. */
const char *match_best_name(const struct match_best *b, const char *word);

/*
 * "; did you mean 'x'?" for a message about an unknown word, or "" when no
 * name is close: the caller's message reads the same either way.
 */
const char *match_hint(const struct match_set *s, const char *word, char *buf, size_t sz);

/* Damerau-Levenshtein (optimal string alignment), case-insensitive. */
size_t match_distance(const char *a, const char *b);

/* "a, b, c" of the names that start with word (for ambiguity messages). */
void match_list_prefixed(const struct match_set *s, const char *word,
			 char *buf, size_t sz);

#endif
