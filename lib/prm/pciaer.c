// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
#include "lib/prm/pciaer.h"

#include <errno.h>
#include <string.h>

/* A decimal count that fits 64 bits: the kernel prints u64 with %llu. */
static int count_of(const char *s, size_t len, uint64_t *v)
{
	uint64_t n = 0;

	if (!len)
		return -1;
	for (size_t i = 0; i < len; i++) {
		if (s[i] < '0' || s[i] > '9' || n > (UINT64_MAX - (uint64_t)(s[i] - '0')) / 10)
			return -1;
		n = n * 10 + (uint64_t)(s[i] - '0');
	}
	*v = n;
	return 0;
}

static int bad(struct prm_err *err, unsigned line, const char *s, size_t len)
{
	return prm_err_set(err, PRM_E_FAILED, EINVAL, "bad_aer",
			   "AER counters, line %u: '%.*s' is not 'NAME COUNT'", line,
			   (int)(len > 60 ? 60 : len), s);
}

int prm_aer_parse(const char *text, size_t len, struct prm_aer_counts *out,
		  struct prm_err *err)
{
	unsigned line = 0;
	size_t at = 0;

	memset(out, 0, sizeof(*out));
	while (at < len) {
		const char *s = text + at, *nl = memchr(s, '\n', len - at);
		size_t l = nl ? (size_t)(nl - s) : len - at, name_len;
		const char *sp;
		uint64_t v;

		at += l + (nl ? 1 : 0);
		line++;
		if (!l)
			continue;
		/* the count is the last word: kernels before 5.x named bits with spaces */
		sp = memrchr(s, ' ', l);
		name_len = sp ? (size_t)(sp - s) : 0;
		if (!sp || !name_len || name_len >= sizeof(out->e[0].name) ||
		    memchr(s, '\0', name_len) || count_of(sp + 1, l - name_len - 1, &v))
			return bad(err, line, s, l);
		if (name_len > 10 && !memcmp(s, "TOTAL_ERR_", 10)) {
			out->has_total = true;
			out->total = v;
			continue;
		}
		if (out->n == PRM_AER_MAX)
			return prm_err_set(err, PRM_E_FAILED, E2BIG, "bad_aer",
					   "AER counters, line %u: more than %d counters", line,
					   PRM_AER_MAX);
		memcpy(out->e[out->n].name, s, name_len);
		out->e[out->n].name[name_len] = '\0';
		out->e[out->n].count = v;
		out->n++;
	}
	return 0;
}
