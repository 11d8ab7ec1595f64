/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_PRM_LAYOUT_H
#define PRMCTL_PRM_LAYOUT_H

#include <stddef.h>
#include <stdint.h>

#include "lib/util/err.h"

/*
 * PRM structures in mlx5_ifc coordinates: a field is a bit offset from the
 * start of its structure and a width, over an array of big-endian dwords.
 * That is the same as reading the bytes as one MSB-first bit stream, which is
 * how get/set work, so a field may sit anywhere, even across dwords.
 *
 * Tables are plain data with no assumption of static storage: the compiled-in
 * ones are const arrays, the ones built at run time from NVIDIA's register
 * database live on the heap and use the same types.
 */

struct prm_name {
	uint64_t value;
	const char *name;
};

struct prm_names {
	size_t n;
	const struct prm_name *v;
};

enum prm_fmt {
	PRM_FMT_HEX = 0,	/* addresses, ids, syndromes: shown as 0x... */
	PRM_FMT_DEC,		/* counts, sizes, indices */
	PRM_FMT_BOOL,		/* one-bit flags */
	PRM_FMT_ASCII,		/* byte array holding text (PSID, vendor strings) */
	PRM_FMT_BCD,		/* decimal digits, one per nibble (MGIR's date: 0x2026 is 2026) */
};

enum prm_access {
	PRM_ACC_UNSPEC = 0,
	PRM_ACC_RO,
	PRM_ACC_RW,
	PRM_ACC_WO,
};

struct prm_layout;

struct prm_field {
	const char *name;
	uint32_t off;		/* bit offset from the start of the structure */
	uint32_t width;		/* bits of one element (nested: sub->bits) */
	uint32_t count;		/* 0: a scalar; n: an array of n contiguous elements */
	const struct prm_layout *sub;	/* nested structure, or NULL */
	const struct prm_names *names;	/* value names, or NULL */
	/*
	 * A one-field flag of the same structure that says the value holds
	 * something (the health buffer's valid bit for its severity): names
	 * only when that flag is set, so an empty structure's zeros are not
	 * named as if an event said them. NULL: names always.
	 */
	const char *names_if;
	const char *desc;
	uint8_t fmt;		/* enum prm_fmt */
	uint8_t access;		/* enum prm_access */
};

struct prm_layout {
	const char *name;
	const char *desc;
	const char *source;	/* where the layout was read from */
	uint32_t bits;		/* size of the structure in bits */
	size_t nfields;
	const struct prm_field *fields;	/* ordered by offset */
};

/* A field resolved from a path: absolute bit offset inside the top layout. */
struct prm_loc {
	const struct prm_field *field;
	uint32_t off;
	uint32_t width;
	int element;		/* array element selected, -1 for the whole field */
};

static inline size_t prm_layout_bytes(const struct prm_layout *l)
{
	return (l->bits + 7) / 8;
}

/* Raw bit access. Width 1..64; the field must lie inside len bytes. */
int prm_bits_get(const void *buf, size_t len, uint32_t off, uint32_t width,
		 uint64_t *val);
int prm_bits_set(void *buf, size_t len, uint32_t off, uint32_t width,
		 uint64_t val);

/*
 * A BCD field's value: its nibbles read as decimal digits, most significant
 * first (0x2026 -> 2026). -1 when a nibble is above 9: not BCD, show it raw.
 */
int prm_bcd_decode(uint64_t raw, uint32_t width, uint64_t *val);

/* Field lookup by its own name (not a path). */
const struct prm_field *prm_field_find(const struct prm_layout *l,
				       const char *name);

/*
 * Resolve "a.b[3].c" to an absolute location. Errors name the path element
 * that did not match.
 */
int prm_path_resolve(const struct prm_layout *l, const char *path,
		     struct prm_loc *loc, struct prm_err *err);

int prm_get(const struct prm_layout *l, const void *buf, size_t len,
	    const char *path, uint64_t *val, struct prm_err *err);
int prm_set(const struct prm_layout *l, void *buf, size_t len,
	    const char *path, uint64_t val, struct prm_err *err);

/*
 * The first n elements of an array of bytes (a PSID, a vendor string) named
 * by path, which names the whole array ("fw_info.psid"): n at most its
 * element count. With err NULL a path that is not such an array fails an
 * assert(), as in prm_get().
 */
int prm_get_bytes(const struct prm_layout *l, const void *buf, size_t len,
		  const char *path, uint8_t *out, size_t n, struct prm_err *err);
int prm_set_bytes(const struct prm_layout *l, void *buf, size_t len,
		  const char *path, const uint8_t *in, size_t n, struct prm_err *err);

/*
 * A field, or 0 when it lies beyond len bytes: for code reading messages
 * whose fields it knows.
 *
 * With err NULL (and always here) the caller vouches for the path: a path
 * the layout lacks is a bug in prmctl, not bad input, and fails an assert();
 * built with NDEBUG it returns -1 (or 0) as an error would.
 */
uint64_t prm_field_value(const struct prm_layout *l, const void *buf, size_t len,
			 const char *path);

/*
 * The way code names a field it knows: the layout by its name (create_eq_in
 * for prm_layout_create_eq_in) and the path as a string literal, so that
 * tests/unit/test_fieldpaths.c finds every use in the tree and resolves it
 * against its layout: a misspelled field fails `make test-unit`, not a user.
 * PRM_SET returns prm_set()'s result (a value too wide for the field).
 */
#define PRM_SET(layout, buf, len, path, val) \
	prm_set(&prm_layout_##layout, (buf), (len), ("" path), (val), NULL)
#define PRM_GET(layout, buf, len, path) \
	prm_field_value(&prm_layout_##layout, (buf), (len), ("" path))

/*
 * A path kept in a table or handed to a helper for later use: the string
 * itself, named with its layout so that test_fieldpaths checks it as it
 * checks PRM_SET/PRM_GET ({ GENERAL, PRM_PATH(cmd_hca_cap, "log_max_qp") }).
 */
#define PRM_PATH(layout, path) ("" path)

/* XOR of n bytes: the PRM's command-queue entry and mailbox signatures. */
uint8_t prm_xor8(const void *buf, size_t n);

/* Name of a value, or NULL when the table has none for it. */
const char *prm_name_of(const struct prm_names *names, uint64_t val);

/* Total bits a field occupies (all elements). */
uint32_t prm_field_span(const struct prm_field *f);

/*
 * Check a table for consistency: fields inside the structure, ordered, not
 * overlapping, scalars at most 64 bits, nested widths matching. Loaded tables
 * must pass this before use.
 */
int prm_layout_check(const struct prm_layout *l, struct prm_err *err);

#endif
