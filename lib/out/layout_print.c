// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
#include "lib/out/layout_print.h"

#include <stdbool.h>
#include <string.h>

#include "lib/out/out.h"

/* Byte arrays at least this long print as a hex block, not one line each. */
#define BYTES_AS_BLOCK 16

static void scalar(const struct prm_field *f, const char *key, uint64_t v)
{
	const char *name = prm_name_of(f->names, v);
	uint64_t dec;

	switch (f->fmt) {
	case PRM_FMT_BOOL:
		out_bool(key, v != 0);
		break;
	case PRM_FMT_BCD:
		/* the date the firmware wrote; a non-decimal nibble is shown as it is */
		if (prm_bcd_decode(v, f->width, &dec) == 0) {
			out_u64(key, dec);
			break;
		}
		out_hex(key, v);
		break;
	case PRM_FMT_DEC:
		if (f->names)
			out_named(key, v, false, name);
		else
			out_u64(key, v);
		break;
	default:
		if (f->names)
			out_named(key, v, true, name);
		else if (f->width >= 32)
			out_hex_width(key, v, f->width);
		else
			out_hex(key, v);
		break;
	}
}

static int text_bytes(const struct prm_field *f, const uint8_t *buf, uint32_t off)
{
	char s[512];
	uint32_t n = f->count < sizeof(s) - 1 ? f->count : sizeof(s) - 1;
	uint32_t i;

	for (i = 0; i < n && buf[off / 8 + i]; i++)
		s[i] = (buf[off / 8 + i] >= 0x20 && buf[off / 8 + i] < 0x7f) ?
		       (char)buf[off / 8 + i] : '.';
	s[i] = '\0';
	out_str(f->name, s);
	return 0;
}

int out_layout_field(const struct prm_field *f, const void *buf, size_t len,
		     uint32_t base, struct prm_err *err)
{
	uint32_t off = base + f->off;
	uint64_t v;

	if ((uint64_t)off + prm_field_span(f) > (uint64_t)len * 8)
		return prm_err_set(err, PRM_E_USAGE, 0, "short_input",
				   "field %s needs bytes up to 0x%llx, only %zu given",
				   f->name,
				   (unsigned long long)((off + prm_field_span(f) + 7) / 8),
				   len);
	if (f->sub && !f->count) {
		out_obj_begin(f->name);
		if (out_layout(f->sub, buf, len, off, err))
			return -1;
		out_obj_end();
		return 0;
	}
	if (!f->count) {
		if (prm_bits_get(buf, len, off, f->width, &v))
			return prm_err_set(err, PRM_E_USAGE, 0, "short_input",
					   "field %s out of range", f->name);
		scalar(f, f->name, v);
		return 0;
	}
	if (f->width == 8 && off % 8 == 0 && f->fmt == PRM_FMT_ASCII)
		return text_bytes(f, buf, off);
	if (f->width == 8 && off % 8 == 0 && f->count >= BYTES_AS_BLOCK) {
		out_bytes(f->name, (const uint8_t *)buf + off / 8, f->count);
		return 0;
	}
	out_arr_begin(f->name);
	for (uint32_t i = 0; i < f->count; i++) {
		uint32_t eoff = off + i * f->width;

		if (f->sub) {
			out_obj_begin(NULL);
			if (out_layout(f->sub, buf, len, eoff, err))
				return -1;
			out_obj_end();
			continue;
		}
		if (prm_bits_get(buf, len, eoff, f->width, &v))
			return prm_err_set(err, PRM_E_USAGE, 0, "short_input",
					   "field %s[%u] out of range", f->name, i);
		scalar(f, NULL, v);
	}
	out_arr_end();
	return 0;
}

/* Whether f's names apply: its names_if flag, when it has one, is set. */
static bool names_apply(const struct prm_layout *l, const struct prm_field *f,
			const void *buf, size_t len, uint32_t base)
{
	const struct prm_field *flag = f->names_if ? prm_field_find(l, f->names_if) : NULL;
	uint64_t v = 0;

	if (!f->names || !f->names_if)
		return true;
	return flag && !flag->count && !flag->sub &&
	       prm_bits_get(buf, len, base + flag->off, flag->width, &v) == 0 && v;
}

static bool skipped(const char *name, const char *const *skip)
{
	for (; skip && *skip; skip++)
		if (!strcmp(name, *skip))
			return true;
	return false;
}

int out_layout_skip(const struct prm_layout *l, const void *buf, size_t len,
		    uint32_t base, const char *const *skip, struct prm_err *err)
{
	for (size_t i = 0; i < l->nfields; i++) {
		const struct prm_field *f = &l->fields[i];
		struct prm_field bare;

		if (skipped(f->name, skip))
			continue;
		if (!names_apply(l, f, buf, len, base)) {
			bare = *f;
			bare.names = NULL;
			f = &bare;
		}
		if (out_layout_field(f, buf, len, base, err))
			return -1;
	}
	return 0;
}

int out_layout(const struct prm_layout *l, const void *buf, size_t len,
	       uint32_t base, struct prm_err *err)
{
	return out_layout_skip(l, buf, len, base, NULL, err);
}

static const char *access_name(uint8_t a)
{
	switch (a) {
	case PRM_ACC_RO:
		return "RO";
	case PRM_ACC_RW:
		return "RW";
	case PRM_ACC_WO:
		return "WO";
	default:
		return NULL;
	}
}

/*
 * Descriptions from NVIDIA's database keep its line breaks; a text table
 * row must stay one line, so text joins them (JSON keeps them).
 */
static void out_desc(const char *key, const char *desc)
{
	char one[1024];
	size_t n = 0;

	if (!desc || out_json()) {
		out_str(key, desc);
		return;
	}
	for (const char *p = desc; *p && n < sizeof(one) - 1; p++) {
		char ch = (*p == '\n' || *p == '\t' || *p == '\r') ? ' ' : *p;

		if (ch == ' ' && (n == 0 || one[n - 1] == ' '))
			continue;
		one[n++] = ch;
	}
	if (n == sizeof(one) - 1)
		memcpy(one + n - 3, "...", 3);
	one[n] = '\0';
	out_str(key, one);
}

static void describe_fields(const struct prm_layout *l, const char *prefix,
			    uint32_t base)
{
	for (size_t i = 0; i < l->nfields; i++) {
		const struct prm_field *f = &l->fields[i];
		uint32_t off = base + f->off;
		char path[160];

		snprintf(path, sizeof(path), "%s%s%s", prefix, *prefix ? "." : "",
			 f->name);
		if (f->sub && !f->count) {
			describe_fields(f->sub, path, off);
			continue;
		}
		out_obj_begin(NULL);
		out_str("field", path);
		out_hex("byte", off / 32 * 4);
		out_strf("bits", "%u:%u", 31 - off % 32,
			 f->width >= 32 ? 0 : 32 - off % 32 - f->width);
		out_hex("bit_offset", off);
		out_u64("width", f->width);
		out_u64("count", f->count);
		out_str("access_mode", access_name(f->access));
		out_desc("description", f->desc);
		out_obj_end();
	}
}

void out_layout_describe(const struct prm_layout *l)
{
	out_str("layout", l->name);
	out_desc("description", l->desc);
	out_u64("size", prm_layout_bytes(l));
	out_str("source", l->source);
	out_table_begin("field_table");
	describe_fields(l, "", 0);
	out_table_end();
}
