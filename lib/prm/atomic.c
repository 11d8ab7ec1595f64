// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * The masked-atomic rules (seed 000 §2, tracer-atomics.md §B2-§B3), their
 * checks, and the responder: MskCmpSwap compares under compare_mask and
 * writes under swap_mask; MFetchAdd adds with the carry dropped at every
 * field_boundary bit (the bit marks a field's most significant bit).
 */
#include <stdio.h>
#include <string.h>

#include "lib/prm/atomic.h"

static const char *const op_names[ATOMIC_NOPS] = { "cs", "fa", "swap" };

const char *atomic_op_name(enum atomic_op op)
{
	return (unsigned)op < ATOMIC_NOPS ? op_names[op] : "?";
}

int atomic_op_parse(const char *s, enum atomic_op *op)
{
	static const struct { const char *name; enum atomic_op op; } alias[] = {
		{ "cs", ATOMIC_CS }, { "cas", ATOMIC_CS }, { "compare-swap", ATOMIC_CS },
		{ "fa", ATOMIC_FA }, { "fetch-add", ATOMIC_FA }, { "faa", ATOMIC_FA },
		{ "swap", ATOMIC_SWAP },
	};

	for (size_t i = 0; i < sizeof(alias) / sizeof(alias[0]); i++)
		if (!strcmp(s, alias[i].name)) {
			*op = alias[i].op;
			return 0;
		}
	return -1;
}

static uint64_t ones(unsigned bits)
{
	return bits >= 64 ? UINT64_MAX : (UINT64_C(1) << bits) - 1;
}

int atomic_masks(enum atomic_op op, unsigned size, unsigned offset, struct atomic_masks *m,
		 const char **why)
{
	memset(m, 0, sizeof(*m));
	if ((unsigned)op >= ATOMIC_NOPS)
		return *why = "the operation is cs, fa or swap", -1;
	if (size != 1 && size != 2 && size != 4 && size != 8)
		return *why = "the size is 1, 2, 4 or 8 bytes", -1;
	m->unit = size == 8 ? 8 : 4;
	if (offset % size)
		return *why = "a semaphore is naturally aligned: its offset is a multiple of its size",
		       -1;
	if (offset + size > m->unit)
		return *why = size == 8 ? "an 8-byte operation is at offset 0 of its 8-byte unit"
					: "a semaphore lies within its aligned 4-byte unit (offset 0 to 3)",
		       -1;
	m->shift = (m->unit - offset - size) * 8;
	m->field = ones(8 * size) << m->shift;
	switch (op) {
	case ATOMIC_CS:
		m->compare_mask = m->swap_mask = m->field;
		break;
	case ATOMIC_SWAP:
		m->swap_mask = m->field;
		break;
	case ATOMIC_FA:
		m->field_boundary = UINT64_C(1) << (m->shift + 8 * size - 1);
		break;
	case ATOMIC_NOPS:
		break;
	}
	return 0;
}

int atomic_wire_build(enum atomic_op op, unsigned size, unsigned offset, uint64_t compare,
		      uint64_t swap_add, struct atomic_wire *w, const char **why)
{
	struct atomic_masks m;

	if (atomic_masks(op, size, offset, &m, why))
		return -1;
	if (compare > ones(8 * size) || swap_add > ones(8 * size))
		return *why = size == 1 ? "a 1-byte value is at most 0xff"
			      : size == 2 ? "a 2-byte value is at most 0xffff"
			      : "a 4-byte value is at most 0xffffffff",
		       -1;
	memset(w, 0, sizeof(*w));
	w->op = op;
	w->size = size;
	w->offset = offset;
	w->compare = op == ATOMIC_CS ? compare << m.shift : 0;
	w->swap_add = swap_add << m.shift;
	w->compare_mask = m.compare_mask;
	w->swap_mask = m.swap_mask;
	w->field_boundary = m.field_boundary;
	return 0;
}

static bool contiguous_bytes(uint64_t mask)
{
	unsigned lo, n;

	if (!mask)
		return false;
	lo = (unsigned)__builtin_ctzll(mask);
	n = 64 - (unsigned)__builtin_clzll(mask) - lo;
	return lo % 8 == 0 && n % 8 == 0 && mask == ones(n) << lo && lo % n == 0;
}

static unsigned add(struct atomic_problem *p, unsigned n, unsigned max,
		    const struct atomic_problem *one)
{
	if (n < max)
		p[n] = *one;
	return n + 1;
}

static unsigned check_mask(const char *field, uint64_t got, uint64_t want, const char *rule,
			   struct atomic_problem *p, unsigned n, unsigned max)
{
	struct atomic_problem one = { field, got, want, true, rule };

	if (got == want)
		return n;
	/* a field boundary is single bits, never a run of bytes: its own rule stands */
	if (strcmp(field, "field_boundary") && want && got && !contiguous_bytes(got))
		one.rule = "a mask is one contiguous run of whole bytes, aligned to its size";
	return add(p, n, max, &one);
}

/* A value with bits outside the semaphore: unshifted, or too big. */
static unsigned check_value(const char *field, uint64_t v, const struct atomic_masks *m,
			    unsigned size, struct atomic_problem *p, unsigned n, unsigned max)
{
	struct atomic_problem one = { field, v, 0, false, NULL };

	if (!(v & ~m->field))
		return n;
	if (v <= ones(8 * size) && m->shift) {
		one.want = v << m->shift;
		one.has_want = true;
		one.rule = "the value is left unshifted: it goes where the semaphore's bytes are "
			   "in the argument";
	} else {
		one.want = v & m->field;
		one.has_want = true;
		one.rule = "the value has bits outside the semaphore's bytes";
	}
	return add(p, n, max, &one);
}

unsigned atomic_verify(const struct atomic_wire *w, struct atomic_problem *p, unsigned max)
{
	struct atomic_masks m;
	const char *why;
	unsigned n = 0;

	if (atomic_masks(w->op, w->size, w->offset, &m, &why)) {
		struct atomic_problem one = { "offset", w->offset, 0, false, why };

		if ((unsigned)w->op >= ATOMIC_NOPS)
			one = (struct atomic_problem){ "op", w->op, 0, false, why };
		else if (w->size != 1 && w->size != 2 && w->size != 4 && w->size != 8)
			one = (struct atomic_problem){ "size", w->size, 0, false, why };
		return add(p, n, max, &one);
	}
	switch (w->op) {
	case ATOMIC_CS:
		n = check_mask("compare_mask", w->compare_mask, m.compare_mask,
			       "compare_mask covers exactly the semaphore's bytes", p, n, max);
		n = check_mask("swap_mask", w->swap_mask, m.swap_mask,
			       "swap_mask covers exactly the semaphore's bytes", p, n, max);
		n = check_value("compare", w->compare, &m, w->size, p, n, max);
		n = check_value("swap", w->swap_add, &m, w->size, p, n, max);
		break;
	case ATOMIC_SWAP:
		n = check_mask("compare_mask", w->compare_mask, 0,
			       "a swap compares nothing: compare_mask is 0", p, n, max);
		n = check_mask("swap_mask", w->swap_mask, m.swap_mask,
			       "swap_mask covers exactly the semaphore's bytes", p, n, max);
		n = check_value("swap", w->swap_add, &m, w->size, p, n, max);
		break;
	case ATOMIC_FA:
		n = check_mask("field_boundary", w->field_boundary, m.field_boundary,
			       w->field_boundary == m.field
			       ? "field_boundary marks the field's most significant bit (0x80...), "
				 "not the whole field (0xff...)"
			       : "field_boundary has one bit: the semaphore's most significant",
			       p, n, max);
		n = check_value("add", w->swap_add, &m, w->size, p, n, max);
		break;
	case ATOMIC_NOPS:
		break;
	}
	return n;
}

uint64_t atomic_masked_add(uint64_t a, uint64_t b, uint64_t boundary, unsigned width)
{
	uint64_t r = 0, carry = 0;

	for (unsigned i = 0; i < width; i++) {
		uint64_t s = (a >> i & 1) + (b >> i & 1) + carry;

		r |= (s & 1) << i;
		carry = boundary >> i & 1 ? 0 : s >> 1;
	}
	return r;
}

int atomic_emulate(const struct atomic_wire *w, const uint8_t *mem, struct atomic_result *r,
		   const char **why)
{
	struct atomic_masks m;
	uint64_t v = 0, was;
	bool match;

	if (atomic_masks(w->op, w->size, w->offset, &m, why))
		return -1;
	memset(r, 0, sizeof(*r));
	r->unit = m.unit;
	memcpy(r->before, mem, m.unit);
	for (unsigned i = 0; i < m.unit; i++)
		v = v << 8 | mem[i];
	was = v;
	if (w->op == ATOMIC_FA) {
		v = atomic_masked_add(v, w->swap_add, w->field_boundary, 8 * m.unit);
	} else {
		match = !((w->compare ^ v) & w->compare_mask);
		if (match)
			v = (v & ~w->swap_mask) | (w->swap_add & w->swap_mask);
		r->swapped = match;
	}
	for (unsigned i = 0; i < m.unit; i++)
		r->after[i] = (uint8_t)(v >> 8 * (m.unit - 1 - i));
	r->response = was;
	r->semaphore = (was & m.field) >> m.shift;
	return 0;
}

int atomic_check_write(uint64_t addr, uint64_t len, uint64_t max, bool enabled,
		       struct atomic_write_check *c, const char **why)
{
	uint64_t in = addr % (max ? max : 1);

	memset(c, 0, sizeof(*c));
	if (!max || max & (max - 1))
		return *why = "max_atomic_size is a power of two", -1;
	if (!len)
		return *why = "a write of 0 bytes", -1;
	if (len - 1 > UINT64_MAX - addr)
		return *why = "the write runs past the end of the address space", -1;
	if (len > max) {
		c->why = "it is longer than max_atomic_size";
		c->pieces = (addr + len - 1) / max - addr / max + 1;
	} else {
		if (in + len > max) {
			uint64_t down = addr - (in + len - max), up = addr - in + max;

			c->why = "it crosses a max_atomic_size boundary";
			c->has_alternative = true;
			c->alt_addr = addr - down <= up - addr ? down : up;
		}
		if (!enabled)
			c->why = "the receiving QP does not enable atomic writes";
	}
	c->atomic = !c->why;
	return 0;
}
