// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* The trace capture file's container: header, records, metadata text. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/prm/tracefile.h"

uint32_t tracefile_le32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

uint64_t tracefile_le64(const uint8_t *p)
{
	return (uint64_t)tracefile_le32(p) | (uint64_t)tracefile_le32(p + 4) << 32;
}

void tracefile_put_le32(uint8_t *p, uint32_t v)
{
	for (int i = 0; i < 4; i++)
		p[i] = (uint8_t)(v >> 8 * i);
}

void tracefile_put_le64(uint8_t *p, uint64_t v)
{
	tracefile_put_le32(p, (uint32_t)v);
	tracefile_put_le32(p + 4, (uint32_t)(v >> 32));
}

bool tracefile_is_capture(const uint8_t *p, size_t n)
{
	return n >= 8 && memcmp(p, TRACEFILE_MAGIC, 8) == 0;
}

int tracefile_check_header(const uint8_t *p, size_t n, struct prm_err *err)
{
	uint32_t version, hdr;

	if (n < TRACEFILE_HDR_BYTES || !tracefile_is_capture(p, n))
		return prm_err_set(err, PRM_E_FAILED, 0, "bad_capture",
				   "not a prmctl trace capture (header of %zu bytes)", n);
	version = tracefile_le32(p + 8);
	hdr = tracefile_le32(p + 12);
	if (version != TRACEFILE_VERSION)
		return prm_err_set(err, PRM_E_FAILED, 0, "bad_capture",
				   "capture format version %" PRIu32 ", this prmctl reads %d",
				   version, TRACEFILE_VERSION);
	if (hdr != TRACEFILE_HDR_BYTES)
		return prm_err_set(err, PRM_E_FAILED, 0, "bad_capture",
				   "capture header of %" PRIu32 " bytes, expected %d", hdr,
				   TRACEFILE_HDR_BYTES);
	return 0;
}

void tracefile_rec_parse(const uint8_t *p, struct tracefile_rec *r)
{
	r->type = tracefile_le32(p);
	r->len = tracefile_le64(p + 8);
}

uint64_t tracefile_rec_span(const struct tracefile_rec *r)
{
	return TRACEFILE_REC_HDR_BYTES + ((r->len + 7) & ~UINT64_C(7));
}

void tracefile_put_header(uint8_t out[TRACEFILE_HDR_BYTES])
{
	memcpy(out, TRACEFILE_MAGIC, 8);
	tracefile_put_le32(out + 8, TRACEFILE_VERSION);
	tracefile_put_le32(out + 12, TRACEFILE_HDR_BYTES);
}

void tracefile_put_rec(uint8_t out[TRACEFILE_REC_HDR_BYTES], uint32_t type, uint64_t len)
{
	tracefile_put_le32(out, type);
	tracefile_put_le32(out + 4, 0);
	tracefile_put_le64(out + 8, len);
}

static int meta_u64(const char *key, const char *val, size_t n, uint64_t *v,
		    struct prm_err *err)
{
	uint64_t x = 0;

	if (!n || n > 20)
		goto bad;
	for (size_t i = 0; i < n; i++) {
		if (val[i] < '0' || val[i] > '9' || x > (UINT64_MAX - 9) / 10)
			goto bad;
		x = x * 10 + (uint64_t)(val[i] - '0');
	}
	*v = x;
	return 0;
bad:
	return prm_err_set(err, PRM_E_FAILED, 0, "bad_capture",
			   "capture metadata: %s is not a number ('%.*s')", key,
			   (int)(n > 40 ? 40 : n), val);
}

static void meta_str(char *dst, size_t cap, const char *val, size_t n)
{
	size_t k = 0;

	for (size_t i = 0; i < n && k + 1 < cap; i++)
		dst[k++] = (val[i] >= 0x20 && val[i] < 0x7f) ? val[i] : '?';
	dst[k] = '\0';
}

int tracefile_meta_parse(const char *text, size_t len, struct tracefile_meta *m,
			 struct prm_err *err)
{
	const char *p = text, *end = text + len;
	bool has_wall = false, has_dev = false;

	memset(m, 0, sizeof(*m));
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p)), *eq;
		size_t klen, vlen;

		if (!nl)
			nl = end;
		eq = memchr(p, '=', (size_t)(nl - p));
		if (eq) {
			const char *val = eq + 1;

			klen = (size_t)(eq - p);
			vlen = (size_t)(nl - val);
#define KEY(k) (klen == sizeof(k) - 1 && memcmp(p, k, klen) == 0)
			if (KEY("clock_khz")) {
				if (meta_u64("clock_khz", val, vlen, &m->clock_khz, err))
					return -1;
			} else if (KEY("wall_ns")) {
				if (meta_u64("wall_ns", val, vlen, &m->wall_ns, err))
					return -1;
				has_wall = true;
			} else if (KEY("device_ts")) {
				if (meta_u64("device_ts", val, vlen, &m->device_ts, err))
					return -1;
				has_dev = true;
			} else if (KEY("ring_blocks")) {
				if (meta_u64("ring_blocks", val, vlen, &m->ring_blocks, err))
					return -1;
			} else if (KEY("device")) {
				meta_str(m->device, sizeof(m->device), val, vlen);
			} else if (KEY("psid")) {
				meta_str(m->psid, sizeof(m->psid), val, vlen);
			} else if (KEY("fw_version")) {
				meta_str(m->fw_version, sizeof(m->fw_version), val, vlen);
			}
#undef KEY
		}
		p = nl + 1;
	}
	m->has_anchor = has_wall && has_dev;
	return 0;
}

size_t tracefile_meta_format(const struct tracefile_meta *m, char *buf, size_t cap)
{
	int n = snprintf(buf, cap,
			 "clock_khz=%" PRIu64 "\nring_blocks=%" PRIu64 "\n"
			 "device=%s\npsid=%s\nfw_version=%s\n",
			 m->clock_khz, m->ring_blocks, m->device, m->psid, m->fw_version);

	if (n < 0 || (size_t)n >= cap)
		return 0;
	if (m->has_anchor) {
		int k = snprintf(buf + n, cap - (size_t)n,
				 "wall_ns=%" PRIu64 "\ndevice_ts=%" PRIu64 "\n",
				 m->wall_ns, m->device_ts);

		if (k < 0 || (size_t)k >= cap - (size_t)n)
			return 0;
		n += k;
	}
	return (size_t)n;
}
