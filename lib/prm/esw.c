// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
#include "lib/prm/esw.h"

unsigned esw_sf_words(unsigned log_max_esw_sf)
{
	/* 2^12 SFs fill the 64 words read; more are not asked for */
	if (log_max_esw_sf >= 12)
		return ESW_MAX_SF_WORDS;
	return (unsigned)(((UINT64_C(1) << log_max_esw_sf) + 63) / 64);
}

unsigned esw_sf_list(const struct esw_functions *f, uint32_t *idx, unsigned max)
{
	unsigned n = 0;

	for (unsigned w = 0; w < f->nwords; w++)
		for (unsigned b = 0; b < 64; b++)
			if (f->sf_words[w] >> b & 1) {
				if (n < max)
					idx[n] = 64 * w + b;
				n++;
			}
	return n;
}

static unsigned add(struct esw_change *c, unsigned n, unsigned max, struct esw_change one)
{
	if (n < max)
		c[n] = one;
	return n + 1;
}

unsigned esw_diff(const struct esw_functions *a, const struct esw_functions *b,
		  struct esw_change *c, unsigned max)
{
	unsigned n = 0, words = a->nwords > b->nwords ? a->nwords : b->nwords;

	if (a->pf_not_exist != b->pf_not_exist)
		n = add(c, n, max, (struct esw_change){ .kind = b->pf_not_exist ? ESW_PF_GONE : ESW_PF_BACK });
	if (a->pf_disabled != b->pf_disabled)
		n = add(c, n, max,
			(struct esw_change){ .kind = b->pf_disabled ? ESW_PF_DISABLED : ESW_PF_ENABLED });
	if (a->num_vfs != b->num_vfs)
		n = add(c, n, max, (struct esw_change){ ESW_VFS_CHANGED, a->num_vfs, b->num_vfs, 0 });
	for (unsigned w = 0; w < words; w++) {
		uint64_t was = w < a->nwords ? a->sf_words[w] : 0;
		uint64_t now = w < b->nwords ? b->sf_words[w] : 0;

		for (unsigned bit = 0; bit < 64; bit++)
			if ((was ^ now) >> bit & 1)
				n = add(c, n, max, (struct esw_change){
					now >> bit & 1 ? ESW_SF_ADDED : ESW_SF_REMOVED, 0, 0,
					64 * w + bit });
	}
	return n;
}

const char *esw_change_name(enum esw_change_kind k)
{
	static const char *const names[] = {
		"pf_disabled", "pf_enabled", "pf_gone", "pf_back", "vfs_changed", "sf_added",
		"sf_removed",
	};

	return (unsigned)k < sizeof(names) / sizeof(names[0]) ? names[k] : "?";
}
