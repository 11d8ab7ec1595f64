// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * The tracer's blocks as a capture file. The configuration records go in
 * when the first blocks do, because only then is there a ring whose size
 * META can give; a file that cannot be written or grows past the log's cap
 * stops being written, as the item log does (a record is all or nothing, so
 * what is there stays readable). There is no END record: the file is read
 * while the adapter lives, and decode says so.
 */
#include <sys/uio.h>
#include <unistd.h>

#include "lib/prm/trace.h"
#include "lib/sim/proto.h"
#include "lib/sim/tracerec.h"

void sim_tracerec_init(struct sim_tracerec *r)
{
	r->fd = -1;
	r->bytes = 0;
	r->started = false;
}

void sim_tracerec_to(struct sim_tracerec *r, int fd)
{
	r->fd = fd;
}

static void put(struct sim_tracerec *r, struct iovec *v, int n)
{
	size_t len = 0;

	for (int i = 0; i < n; i++)
		len += v[i].iov_len;
	if (r->fd < 0)
		return;
	if (r->bytes + len > SIM_TRACELOG_MAX || writev(r->fd, v, n) != (ssize_t)len) {
		r->fd = -1;
		return;
	}
	r->bytes += len;
}

/* One record: its header, up to two pieces of payload, the padding to 8. */
static void rec(struct sim_tracerec *r, uint32_t type, const void *a, size_t alen,
		const void *b, size_t blen)
{
	static const uint8_t zero[8];
	uint8_t h[TRACEFILE_REC_HDR_BYTES];
	struct iovec v[4] = {
		{ h, sizeof(h) }, { (void *)a, alen }, { (void *)b, blen },
		{ (void *)zero, (8 - (alen + blen) % 8) % 8 },
	};

	tracefile_put_rec(h, type, alen + blen);
	put(r, v, 4);
}

static void start(struct sim_tracerec *r, const struct sim_tracerec_head *h)
{
	uint8_t hdr[TRACEFILE_HDR_BYTES], sec[8];
	char meta[512];
	size_t mlen = tracefile_meta_format(&h->meta, meta, sizeof(meta));
	struct iovec v = { hdr, sizeof(hdr) };

	tracefile_put_header(hdr);
	put(r, &v, 1);
	rec(r, TRACEFILE_META, meta, mlen, NULL, 0);
	rec(r, TRACEFILE_MTRC_CAP, h->cap, h->cap_len, NULL, 0);
	tracefile_put_le32(sec, h->db_base);
	tracefile_put_le32(sec + 4, 0);
	rec(r, TRACEFILE_STRINGS, sec, sizeof(sec), h->db, h->db_len);
	r->started = true;
}

void sim_tracerec_blocks(struct sim_tracerec *r, const struct sim_tracerec_head *h,
			 uint64_t first, const uint8_t *blocks, size_t n)
{
	uint8_t idx[8];

	if (r->fd < 0 || !n)
		return;
	if (!r->started)
		start(r, h);
	tracefile_put_le64(idx, first);
	rec(r, TRACEFILE_BLOCKS, idx, sizeof(idx), blocks, n * TRACE_BLOCK_BYTES);
}
