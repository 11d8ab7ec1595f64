// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * The atomic page in words (tracer-atomics.md §B4-§B5): atomic_operations
 * bits 0 CMP_SWAP, 1 FETCH_ADD, 2 EXTENDED_CMP_SWAP, 3 EXTENDED_FETCH_ADD;
 * atomic_size_qp/dc bit n = 2^n-byte operands. Semaphores under 8 bytes
 * ride a 4-byte masked operation (opmod 0x08), whose reply is big-endian;
 * the 8-byte reply follows atomic_req_8B_endianness_mode.
 */
#include "lib/prm/atomiccaps.h"
#include "lib/prm/layouts/layouts.h"

enum { OPS_CS = 1, OPS_FA = 2, OPS_EXT_CS = 4, OPS_EXT_FA = 8 };
enum { SIZE_4 = 1 << 2, SIZE_8 = 1 << 3 };

bool atomic_caps_allows(const uint8_t *page, size_t len, bool general_atomic, enum atomic_op op,
			unsigned size, bool extended, const char **missing)
{
	uint64_t ops = PRM_GET(atomic_caps, page, len, "atomic_operations");
	uint64_t qp = PRM_GET(atomic_caps, page, len, "atomic_size_qp");
	bool fa = op == ATOMIC_FA;
	uint64_t want_op = extended ? (fa ? OPS_EXT_FA : OPS_EXT_CS) : (fa ? OPS_FA : OPS_CS);
	uint64_t want_size = size < 8 || !extended ? (size < 8 ? SIZE_4 : SIZE_8) : SIZE_8;

	*missing = NULL;
	if (!general_atomic)
		*missing = "the general page's atomic bit (no atomics at all)";
	else if (!(ops & want_op))
		*missing = extended ? (fa ? "EXTENDED_FETCH_ADD in atomic_operations"
					  : "EXTENDED_CMP_SWAP in atomic_operations")
				    : (fa ? "FETCH_ADD in atomic_operations"
					  : "CMP_SWAP in atomic_operations");
	else if (!(qp & want_size))
		*missing = want_size == SIZE_4 ? "4-byte operands in atomic_size_qp"
					       : "8-byte operands in atomic_size_qp";
	return !*missing;
}

unsigned atomic_caps_summarize(const uint8_t *page, size_t len, bool general_atomic,
			       struct atomic_caps_summary *s)
{
	static const unsigned sizes[] = { 1, 2, 4, 8 };
	uint64_t ops = PRM_GET(atomic_caps, page, len, "atomic_operations");
	uint64_t qp = PRM_GET(atomic_caps, page, len, "atomic_size_qp");
	uint64_t dc = PRM_GET(atomic_caps, page, len, "atomic_size_dc");
	bool host8 = PRM_GET(atomic_caps, page, len, "atomic_req_8B_endianness_mode") == 1;
	unsigned n = 0;

	for (int op = ATOMIC_CS; op <= ATOMIC_FA; op++)
		for (int i = 0; i < 4; i++) {
			struct atomic_caps_summary *r = &s[n++];
			bool cs = op == ATOMIC_CS;
			uint64_t ext = cs ? OPS_EXT_CS : OPS_EXT_FA, std = cs ? OPS_CS : OPS_FA;

			r->op = op;
			r->size = sizes[i];
			r->missing = NULL;
			if (sizes[i] < 8) {
				r->how = cs ? "4-byte masked compare-and-swap (opcode 0x14, opmod 0x08) "
					      "on the aligned dword"
					    : "4-byte masked fetch-and-add (opcode 0x15, opmod 0x08), "
					      "field boundary at the semaphore's top bit";
				r->reply = "big-endian";
				r->qp = ops & ext && qp & SIZE_4;
				r->dc = ops & ext && dc & SIZE_4;
				if (!(ops & ext))
					r->missing = cs ? "EXTENDED_CMP_SWAP in atomic_operations"
							: "EXTENDED_FETCH_ADD in atomic_operations";
				else if (!(qp & SIZE_4) && !(dc & SIZE_4))
					r->missing = "4-byte operands in atomic_size_qp/dc";
				continue;
			}
			r->reply = host8 ? "host order (atomic_req_8B_endianness_mode 1)"
					 : "big-endian (atomic_req_8B_endianness_mode 0)";
			if (ops & std) {
				r->how = cs ? "standard compare-and-swap (opcode 0x11)"
					    : "standard fetch-and-add (opcode 0x12)";
			} else {
				r->how = cs ? "8-byte masked compare-and-swap (opcode 0x14, opmod 0x09)"
					    : "8-byte masked fetch-and-add (opcode 0x15, opmod 0x09)";
				if (!(ops & ext))
					r->missing = cs ? "CMP_SWAP or EXTENDED_CMP_SWAP in "
							  "atomic_operations"
							: "FETCH_ADD or EXTENDED_FETCH_ADD in "
							  "atomic_operations";
			}
			r->qp = !r->missing && qp & SIZE_8;
			r->dc = !r->missing && dc & SIZE_8;
			if (!r->missing && !(qp & SIZE_8) && !(dc & SIZE_8))
				r->missing = "8-byte operands in atomic_size_qp/dc";
		}
	for (unsigned i = 0; !general_atomic && i < n; i++) {
		s[i].qp = s[i].dc = false;
		s[i].missing = "the general page's atomic bit (no atomics at all)";
	}
	return n;
}
