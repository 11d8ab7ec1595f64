// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
#include "lib/prm/layout.h"

#include <assert.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "lib/util/match.h"

static int bits_in_range(size_t len, uint32_t off, uint32_t width)
{
	if (width == 0 || width > 64)
		return -EINVAL;
	if ((uint64_t)off + width > (uint64_t)len * 8)
		return -ERANGE;
	return 0;
}

int prm_bits_get(const void *buf, size_t len, uint32_t off, uint32_t width,
		 uint64_t *val)
{
	const uint8_t *p = buf;
	uint64_t v = 0;
	int rc = bits_in_range(len, off, width);

	if (rc)
		return rc;
	while (width) {
		uint32_t inb = off % 8, avail = 8 - inb;
		uint32_t take = avail < width ? avail : width;
		uint32_t chunk = (p[off / 8] >> (avail - take)) & ((1u << take) - 1);

		v = (v << take) | chunk;
		off += take;
		width -= take;
	}
	*val = v;
	return 0;
}

int prm_bits_set(void *buf, size_t len, uint32_t off, uint32_t width,
		 uint64_t val)
{
	uint8_t *p = buf;
	int rc = bits_in_range(len, off, width);

	if (rc)
		return rc;
	if (width < 64 && (val >> width))
		return -ERANGE;
	while (width) {
		uint32_t inb = off % 8, avail = 8 - inb;
		uint32_t take = avail < width ? avail : width;
		uint32_t shift = avail - take;
		uint8_t mask = (uint8_t)(((1u << take) - 1) << shift);
		uint8_t chunk = (uint8_t)(((val >> (width - take)) << shift) & mask);

		p[off / 8] = (uint8_t)((p[off / 8] & ~mask) | chunk);
		off += take;
		width -= take;
	}
	return 0;
}

const struct prm_field *prm_field_find(const struct prm_layout *l,
				       const char *name)
{
	for (size_t i = 0; i < l->nfields; i++)
		if (strcmp(l->fields[i].name, name) == 0)
			return &l->fields[i];
	return NULL;
}

uint32_t prm_field_span(const struct prm_field *f)
{
	return f->width * (f->count ? f->count : 1);
}

/* One path segment: "name" or "name[index]". */
static int parse_segment(const char *seg, size_t seglen, char *name,
			 size_t namesz, long *index)
{
	const char *br = memchr(seg, '[', seglen);
	size_t nlen = br ? (size_t)(br - seg) : seglen;
	char num[32], *end;

	if (nlen == 0 || nlen >= namesz)
		return -1;
	memcpy(name, seg, nlen);
	name[nlen] = '\0';
	*index = -1;
	if (!br)
		return 0;
	if (seg[seglen - 1] != ']' || seglen - nlen - 2 == 0 ||
	    seglen - nlen - 2 >= sizeof(num))
		return -1;
	memcpy(num, br + 1, seglen - nlen - 2);
	num[seglen - nlen - 2] = '\0';
	errno = 0;
	*index = strtol(num, &end, 0);
	if (errno || *end || *index < 0 || num[0] == '-' || num[0] == '+')
		return -1;
	return 0;
}

int prm_path_resolve(const struct prm_layout *l, const char *path,
		     struct prm_loc *loc, struct prm_err *err)
{
	const char *p = path;
	uint32_t base = 0;

	if (!path || !*path)
		return prm_err_set(err, PRM_E_USAGE, 0, "bad_field",
				   "empty field name");
	for (;;) {
		const char *dot = strchr(p, '.');
		size_t seglen = dot ? (size_t)(dot - p) : strlen(p);
		const struct prm_field *f;
		char name[128];
		long idx;

		if (parse_segment(p, seglen, name, sizeof(name), &idx))
			return prm_err_set(err, PRM_E_USAGE, 0, "bad_field",
					   "malformed field path '%s'", path);
		f = prm_field_find(l, name);
		if (!f) {
			struct match_set fs = { l->fields, l->nfields, sizeof(l->fields[0]) };
			char hint[96] = "";

			if (err)
				match_hint(&fs, name, hint, sizeof(hint));
			return strcmp(name, path) ?
			       prm_err_set(err, PRM_E_USAGE, 0, "unknown_field",
					   "%s has no field '%s' (in '%s')%s", l->name, name, path,
					   hint) :
			       prm_err_set(err, PRM_E_USAGE, 0, "unknown_field",
					   "%s has no field '%s'%s", l->name, name, hint);
		}
		if (idx >= 0) {
			if (!f->count)
				return prm_err_set(err, PRM_E_USAGE, 0,
						   "bad_field",
						   "%s.%s is not an array (in '%s')",
						   l->name, name, path);
			if ((unsigned long)idx >= f->count)
				return prm_err_set(err, PRM_E_USAGE, 0,
						   "bad_field",
						   "index %ld out of range: %s.%s has %u elements",
						   idx, l->name, name, f->count);
		}
		if (dot) {
			if (!f->sub)
				return prm_err_set(err, PRM_E_USAGE, 0,
						   "bad_field",
						   "%s.%s is not a structure (in '%s')",
						   l->name, name, path);
			if (f->count && idx < 0)
				return prm_err_set(err, PRM_E_USAGE, 0,
						   "bad_field",
						   "%s.%s is an array: give an index (in '%s')",
						   l->name, name, path);
			base += f->off + (idx > 0 ? (uint32_t)idx * f->width : 0);
			l = f->sub;
			p = dot + 1;
			continue;
		}
		loc->field = f;
		loc->element = (int)idx;
		loc->off = base + f->off + (idx > 0 ? (uint32_t)idx * f->width : 0);
		loc->width = (f->count && idx < 0) ? prm_field_span(f) : f->width;
		return 0;
	}
}

static int loc_scalar(const struct prm_layout *l, const char *path,
		      const struct prm_loc *loc, struct prm_err *err)
{
	if (loc->field->sub)
		return prm_err_set(err, PRM_E_USAGE, 0, "bad_field",
				   "%s: '%s' is a structure, name one of its fields",
				   l->name, path);
	if (loc->field->count && loc->element < 0)
		return prm_err_set(err, PRM_E_USAGE, 0, "bad_field",
				   "%s: '%s' is an array of %u, give an index",
				   l->name, path, loc->field->count);
	return 0;
}

/*
 * err NULL: the caller wrote the path and vouches for it, so one that does
 * not resolve is a misspelling in prmctl; own.msg says which part.
 */
static int resolve_scalar(const struct prm_layout *l, const char *path,
			  struct prm_loc *loc, struct prm_err *err)
{
	struct prm_err own;
	struct prm_err *e = err ? err : &own;

	if (!prm_path_resolve(l, path, loc, e) && !loc_scalar(l, path, loc, e))
		return 0;
	assert(err && "a field path written in prmctl is not in its layout");
	return -1;
}

int prm_get(const struct prm_layout *l, const void *buf, size_t len,
	    const char *path, uint64_t *val, struct prm_err *err)
{
	struct prm_loc loc;

	if (resolve_scalar(l, path, &loc, err))
		return -1;
	if (prm_bits_get(buf, len, loc.off, loc.width, val))
		return prm_err_set(err, PRM_E_USAGE, ERANGE, "short_input",
				   "%s.%s lies at bits %u..%u, beyond the %zu bytes given",
				   l->name, path, loc.off, loc.off + loc.width - 1, len);
	return 0;
}

int prm_set(const struct prm_layout *l, void *buf, size_t len,
	    const char *path, uint64_t val, struct prm_err *err)
{
	struct prm_loc loc;
	int rc;

	if (resolve_scalar(l, path, &loc, err))
		return -1;
	rc = prm_bits_set(buf, len, loc.off, loc.width, val);
	if (rc == -ERANGE && (uint64_t)loc.off + loc.width <= (uint64_t)len * 8)
		return prm_err_set(err, PRM_E_USAGE, ERANGE, "out_of_range",
				   "value 0x%llx does not fit %s.%s (%u bits)",
				   (unsigned long long)val, l->name, path, loc.width);
	if (rc)
		return prm_err_set(err, PRM_E_USAGE, ERANGE, "short_input",
				   "%s.%s lies beyond the %zu bytes given",
				   l->name, path, len);
	return 0;
}

/* The array of n or more bytes a path names; err NULL as in resolve_scalar. */
static int resolve_bytes(const struct prm_layout *l, const char *path, size_t n,
			 struct prm_loc *loc, struct prm_err *err)
{
	struct prm_err own;
	struct prm_err *e = err ? err : &own;

	if (prm_path_resolve(l, path, loc, e))
		goto bad;
	if (loc->field->sub || !loc->field->count || loc->element >= 0 ||
	    loc->field->width != 8) {
		prm_err_set(e, PRM_E_USAGE, 0, "bad_field",
			    "%s: '%s' is not an array of bytes", l->name, path);
		goto bad;
	}
	if (n > loc->field->count) {
		prm_err_set(e, PRM_E_USAGE, ERANGE, "out_of_range",
			    "%s: '%s' has %u bytes, not %zu", l->name, path,
			    loc->field->count, n);
		goto bad;
	}
	return 0;
bad:
	assert(err && "a byte array written in prmctl is not in its layout");
	return -1;
}

/* Checked before the first byte moves: nothing is copied half-way. */
static int bytes_inside(const struct prm_layout *l, const char *path, const struct prm_loc *loc,
			size_t n, size_t len, struct prm_err *err)
{
	if ((uint64_t)loc->off + (uint64_t)n * 8 > (uint64_t)len * 8)
		return prm_err_set(err, PRM_E_USAGE, ERANGE, "short_input",
				   "%s.%s lies beyond the %zu bytes given", l->name, path, len);
	return 0;
}

int prm_get_bytes(const struct prm_layout *l, const void *buf, size_t len,
		  const char *path, uint8_t *out, size_t n, struct prm_err *err)
{
	struct prm_loc loc;

	if (resolve_bytes(l, path, n, &loc, err) || bytes_inside(l, path, &loc, n, len, err))
		return -1;
	for (size_t i = 0; i < n; i++) {
		uint64_t v = 0;

		prm_bits_get(buf, len, loc.off + (uint32_t)i * 8, 8, &v);
		out[i] = (uint8_t)v;
	}
	return 0;
}

int prm_set_bytes(const struct prm_layout *l, void *buf, size_t len,
		  const char *path, const uint8_t *in, size_t n, struct prm_err *err)
{
	struct prm_loc loc;

	if (resolve_bytes(l, path, n, &loc, err) || bytes_inside(l, path, &loc, n, len, err))
		return -1;
	for (size_t i = 0; i < n; i++)
		prm_bits_set(buf, len, loc.off + (uint32_t)i * 8, 8, in[i]);
	return 0;
}

const char *prm_name_of(const struct prm_names *names, uint64_t val)
{
	if (!names)
		return NULL;
	for (size_t i = 0; i < names->n; i++)
		if (names->v[i].value == val)
			return names->v[i].name;
	return NULL;
}

int prm_layout_check(const struct prm_layout *l, struct prm_err *err)
{
	uint32_t end = 0;

	if (!l->name || !*l->name || !l->bits)
		return prm_err_set(err, PRM_E_FAILED, 0, "bad_layout",
				   "layout without a name or size");
	for (size_t i = 0; i < l->nfields; i++) {
		const struct prm_field *f = &l->fields[i];
		uint64_t span;

		if (!f->name || !*f->name || strchr(f->name, '.') ||
		    strchr(f->name, '['))
			return prm_err_set(err, PRM_E_FAILED, 0, "bad_layout",
					   "%s: field %zu has a bad name",
					   l->name, i);
		if (f->width == 0)
			return prm_err_set(err, PRM_E_FAILED, 0, "bad_layout",
					   "%s.%s: zero width", l->name, f->name);
		if (f->sub ? f->width != f->sub->bits : f->width > 64)
			return prm_err_set(err, PRM_E_FAILED, 0, "bad_layout",
					   "%s.%s: width %u does not match its type",
					   l->name, f->name, f->width);
		span = (uint64_t)f->width * (f->count ? f->count : 1);
		if (f->off < end)
			return prm_err_set(err, PRM_E_FAILED, 0, "bad_layout",
					   "%s.%s at bit 0x%x overlaps the field before it or is out of order",
					   l->name, f->name, f->off);
		if (f->off + span > l->bits)
			return prm_err_set(err, PRM_E_FAILED, 0, "bad_layout",
					   "%s.%s ends at bit 0x%llx, past the structure's 0x%x bits",
					   l->name, f->name,
					   (unsigned long long)(f->off + span), l->bits);
		for (size_t j = 0; j < i; j++)
			if (strcmp(l->fields[j].name, f->name) == 0)
				return prm_err_set(err, PRM_E_FAILED, 0,
						   "bad_layout",
						   "%s.%s: duplicate field name",
						   l->name, f->name);
		if (f->names_if && !prm_field_find(l, f->names_if))
			return prm_err_set(err, PRM_E_FAILED, 0, "bad_layout",
					   "%s.%s: names_if names no field '%s' of its structure",
					   l->name, f->name, f->names_if);
		if (f->sub && prm_layout_check(f->sub, err))
			return -1;
		end = (uint32_t)(f->off + span);
	}
	return 0;
}

uint64_t prm_field_value(const struct prm_layout *l, const void *buf, size_t len,
			 const char *path)
{
	uint64_t v = 0;

	prm_get(l, buf, len, path, &v, NULL);
	return v;
}

uint8_t prm_xor8(const void *buf, size_t n)
{
	const uint8_t *p = buf;
	uint64_t w = 0;
	uint8_t x = 0;

	/* eight bytes at a time, folded at the end: a mailbox block is 576
	 * bytes, signed by the host and checked by the firmware per command */
	for (; n >= 8; n -= 8, p += 8) {
		uint64_t v;

		memcpy(&v, p, 8);
		w ^= v;
	}
	w ^= w >> 32;
	w ^= w >> 16;
	w ^= w >> 8;
	x = (uint8_t)w;
	while (n--)
		x ^= *p++;
	return x;
}

int prm_bcd_decode(uint64_t raw, uint32_t width, uint64_t *val)
{
	uint64_t v = 0;

	for (int shift = (int)((width + 3) / 4) * 4 - 4; shift >= 0; shift -= 4) {
		uint64_t digit = (raw >> shift) & 0xf;

		if (digit > 9)
			return -1;
		v = v * 10 + digit;
	}
	*val = v;
	return 0;
}
