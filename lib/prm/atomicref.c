// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * The byte-wise reference model of 1/2/4/8-byte atomics (atomicref.h).
 * Deliberately naive: every value is taken apart and put together one byte
 * at a time with * 256, / 256 and % 256, so that nothing here shares a
 * mistake with a mask-and-shift implementation.
 */
#include "lib/prm/atomicref.h"

#include <stddef.h>
#include <string.h>

/*
 * The value's size bytes, most significant first, into out[0..size-1].
 * False when the value needs more than size bytes.
 */
static bool value_to_bytes(uint64_t v, unsigned size, uint8_t *out)
{
	for (unsigned i = size; i > 0; i--) {
		out[i - 1] = (uint8_t)(v % 256);
		v /= 256;
	}
	return v == 0;
}

/* The big-endian value of bytes[0..size-1]. */
static uint64_t bytes_to_value(const uint8_t *bytes, unsigned size)
{
	uint64_t v = 0;

	for (unsigned i = 0; i < size; i++)
		v = v * 256 + bytes[i];
	return v;
}

int atomicref_run(enum atomicref_op op, unsigned size, unsigned offset, const uint8_t *mem,
		  uint64_t compare, uint64_t swap_or_add, struct atomicref_result *r,
		  const char **why)
{
	const char *broken = NULL;
	uint8_t cmp[8] = { 0 }, val[8] = { 0 };
	unsigned unit;

	if (!mem || !r)
		broken = "mem and r are required";
	else if (op != ATOMICREF_CS && op != ATOMICREF_FA && op != ATOMICREF_SWAP)
		broken = "op must be cs, fa or swap";
	else if (size != 1 && size != 2 && size != 4 && size != 8)
		broken = "size must be 1, 2, 4 or 8";
	else if (size == 8 && offset != 0)
		broken = "size 8 works on the aligned 8-byte unit: offset must be 0";
	else if (offset % size != 0)
		broken = "offset must be a multiple of the size (natural alignment)";
	else if (size != 8 && offset >= 4)
		broken = "offset must lie inside the aligned 4-byte unit (0..3)";
	else if (op == ATOMICREF_CS && !value_to_bytes(compare, size, cmp))
		broken = "compare does not fit in the semaphore (8*size bits)";
	else if (op != ATOMICREF_FA && !value_to_bytes(swap_or_add, size, val))
		broken = "swap does not fit in the semaphore (8*size bits)";
	else if (op == ATOMICREF_FA && !value_to_bytes(swap_or_add, size, val))
		broken = "add does not fit in the semaphore (8*size bits)";
	if (broken) {
		if (why)
			*why = broken;
		return -1;
	}

	unit = size == 8 ? 8 : 4;
	memset(r, 0, sizeof(*r));
	r->unit = unit;

	/* the responder reads the whole unit and returns it as it was */
	for (unsigned i = 0; i < unit; i++) {
		r->response[i] = mem[i];
		r->after[i] = mem[i];
	}
	/* the semaphore: unit bytes offset..offset+size-1, first byte most significant */
	r->semaphore = bytes_to_value(&r->response[offset], size);

	switch (op) {
	case ATOMICREF_CS: {
		bool equal = true;

		for (unsigned i = 0; i < size; i++)
			if (r->response[offset + i] != cmp[i])
				equal = false;
		if (equal)
			for (unsigned i = 0; i < size; i++)
				r->after[offset + i] = val[i];
		r->swapped = equal;
		break;
	}
	case ATOMICREF_SWAP:
		for (unsigned i = 0; i < size; i++)
			r->after[offset + i] = val[i];
		r->swapped = true;
		break;
	case ATOMICREF_FA: {
		/* schoolbook addition from the semaphore's last (least significant)
		 * byte to its first; what carries out of the first byte is dropped */
		unsigned carry = 0;

		for (unsigned i = size; i > 0; i--) {
			unsigned sum = r->response[offset + i - 1] + val[i - 1] + carry;

			r->after[offset + i - 1] = (uint8_t)(sum % 256);
			carry = sum / 256;
		}
		r->swapped = false;
		break;
	}
	}
	return 0;
}
