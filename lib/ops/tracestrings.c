// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* The strings database read from a device, as a block-less capture file. */
#include "lib/ops/tracestrings.h"

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/dev/dev.h"
#include "lib/ops/traceid.h"
#include "lib/ops/tracer.h"

/* A growing image; records padded to 8 bytes as the format wants. */
struct img {
	uint8_t *p;
	size_t len, cap;
	bool nomem;
};

static void put(struct img *m, const void *a, size_t n)
{
	if (m->nomem || !n)
		return;
	if (m->len + n > m->cap) {
		size_t cap = m->cap ? m->cap : 4096;
		uint8_t *q;

		while (cap < m->len + n)
			cap *= 2;
		if (!(q = realloc(m->p, cap))) {
			m->nomem = true;
			return;
		}
		m->p = q;
		m->cap = cap;
	}
	memcpy(m->p + m->len, a, n);
	m->len += n;
}

static void record(struct img *m, uint32_t type, const void *a, size_t alen, const void *b,
		   size_t blen)
{
	static const uint8_t pad[8];
	uint8_t h[TRACEFILE_REC_HDR_BYTES];

	tracefile_put_rec(h, type, alen + blen);
	put(m, h, sizeof(h));
	put(m, a, alen);
	put(m, b, blen);
	if ((alen + blen) % 8)
		put(m, pad, 8 - (alen + blen) % 8);
}

int tracer_strings_image(struct dev *d, struct tracer_strings *s, struct prm_err *err)
{
	uint8_t *sec[TRACECAP_SECTIONS], h[TRACEFILE_HDR_BYTES], end[16] = { 0 };
	struct tracer_state st;
	struct img m = { 0 };
	char meta[1024];
	size_t mlen;

	memset(s, 0, sizeof(*s));
	if (tracer_read_state(d, &st, err))
		return -1;
	if (!st.cap.num_string_db)
		return prm_err_set(err, PRM_E_FAILED, 0, "no_strings",
				   "the tracer has no strings database (MTRC_CAP.num_string_db 0)");
	if (tracer_read_strings(d, &st.cap, sec, err))
		return -1;
	tracer_identity(d, &s->meta);
	snprintf(s->meta.device, sizeof(s->meta.device), "%.*s", (int)sizeof(s->meta.device) - 1,
		 d->label);
	s->cap = st.cap;
	mlen = tracefile_meta_format(&s->meta, meta, sizeof(meta));
	tracefile_put_header(h);
	put(&m, h, sizeof(h));
	record(&m, TRACEFILE_META, meta, mlen, NULL, 0);
	record(&m, TRACEFILE_MTRC_CAP, st.cap_raw, sizeof(st.cap_raw), NULL, 0);
	for (unsigned i = 0; i < TRACECAP_SECTIONS; i++) {
		uint8_t sh[8];

		if (!sec[i])
			continue;
		tracefile_put_le32(sh, st.cap.base[i]);
		tracefile_put_le32(sh + 4, i);
		record(&m, TRACEFILE_STRINGS, sh, sizeof(sh), sec[i], st.cap.size[i]);
		s->nsections++;
		s->bytes += st.cap.size[i];
		free(sec[i]);
	}
	/* 0 blocks, and no wall-clock time: there was no capture to end */
	record(&m, TRACEFILE_END, end, sizeof(end), NULL, 0);
	if (m.nomem) {
		free(m.p);
		return prm_err_set(err, PRM_E_FAILED, ENOMEM, "nomem",
				   "out of memory for the strings database");
	}
	s->image = m.p;
	s->len = m.len;
	return 0;
}

void tracer_strings_free(struct tracer_strings *s)
{
	free(s->image);
	s->image = NULL;
	s->len = 0;
}
