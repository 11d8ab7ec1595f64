// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * The mask table reader on arbitrary bytes, then every row it returns
 * through atomic_verify and, when its size and offset are valid, through
 * atomic_emulate on a fixed memory. Checked for what the API promises:
 * a failure leaves no rows and a message; verify counts every problem but
 * writes at most max of them, each with a field and a rule; the responder
 * reads and writes only its unit, returns the whole original unit, and a
 * row that verifies clean touches only the semaphore's bytes.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "lib/prm/atomic.h"
#include "lib/prm/atomictable.h"

static const uint8_t memory[8] = { 0x12, 0xff, 0x80, 0x7f, 0x00, 0x01, 0xfe, 0xa5 };

static uint64_t be(const uint8_t *b, unsigned n)
{
	uint64_t v = 0;

	for (unsigned i = 0; i < n; i++)
		v = v << 8 | b[i];
	return v;
}

static void verify(const struct atomic_wire *w)
{
	struct atomic_problem p[ATOMIC_MAX_PROBLEMS + 1];
	unsigned n, n1, want;

	memset(p, 0, sizeof(p));
	p[ATOMIC_MAX_PROBLEMS].field = "sentinel";
	n = atomic_verify(w, p, ATOMIC_MAX_PROBLEMS);
	want = n < ATOMIC_MAX_PROBLEMS ? n : ATOMIC_MAX_PROBLEMS;
	for (unsigned i = 0; i < want; i++)
		if (!p[i].field || !p[i].rule || !*p[i].field || !*p[i].rule)
			abort();
	for (unsigned i = want; i < ATOMIC_MAX_PROBLEMS; i++)
		if (p[i].field || p[i].rule)
			abort();
	if (strcmp(p[ATOMIC_MAX_PROBLEMS].field, "sentinel"))
		abort();
	/* the count does not depend on room to write */
	if (atomic_verify(w, NULL, 0) != n)
		abort();
	n1 = atomic_verify(w, p, 1);
	if (n1 != n)
		abort();
}

static void emulate(const struct atomic_wire *w)
{
	struct atomic_masks m;
	struct atomic_result r;
	struct atomic_problem p[ATOMIC_MAX_PROBLEMS];
	const char *why = NULL;
	uint8_t *mem;
	uint64_t after;

	if (atomic_masks(w->op, w->size, w->offset, &m, &why)) {
		if (!why)
			abort();
		why = NULL;
		if (atomic_emulate(w, memory, &r, &why) != -1 || !why)
			abort();
		return;
	}
	if (m.unit != 4 && m.unit != 8)
		abort();
	/* exactly the unit's bytes, so ASan sees a read past it */
	mem = malloc(m.unit);
	if (!mem)
		abort();
	memcpy(mem, memory, m.unit);
	if (atomic_emulate(w, mem, &r, &why))
		abort();
	if (r.unit != m.unit || memcmp(r.before, mem, m.unit) || r.response != be(mem, m.unit))
		abort();
	if (r.semaphore != (r.response & m.field) >> m.shift)
		abort();
	after = be(r.after, m.unit);
	if (w->op == ATOMIC_FA) {
		if (r.swapped)
			abort();
	} else {
		/* only swap_mask's bits may change, and only on a match */
		uint64_t unit = m.unit == 8 ? UINT64_MAX : 0xffffffff;

		if ((after ^ r.response) & ~w->swap_mask & unit)
			abort();
		if (!r.swapped && after != r.response)
			abort();
		if (w->op == ATOMIC_SWAP && !w->compare_mask && !r.swapped)
			abort();
	}
	/* a row the rules accept touches only the semaphore's bytes */
	if (!atomic_verify(w, p, ATOMIC_MAX_PROBLEMS)) {
		if ((after ^ r.response) & ~m.field)
			abort();
		if (w->op == ATOMIC_FA) {
			uint64_t sem = (after & m.field) >> m.shift;
			uint64_t add = (w->swap_add & m.field) >> m.shift;
			uint64_t mod = m.field >> m.shift;

			if (sem != ((r.semaphore + add) & mod))
				abort();
		}
	}
	free(mem);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct atomic_wire *rows = (struct atomic_wire *)&rows;
	struct prm_err err = { 0 };
	size_t n = 99;
	/* a copy of exactly size bytes, so ASan sees any read past the text */
	char *text = malloc(size ? size : 1);

	if (!text)
		return 0;
	memcpy(text, data, size);
	if (atomic_table_parse(text, size, &rows, &n, &err)) {
		if (rows || n || !err.msg[0] || !memchr(err.msg, 0, sizeof(err.msg)) || !err.reason)
			abort();
	} else {
		if (!rows || n > ATOMIC_TABLE_MAX_ROWS)
			abort();
		for (size_t i = 0; i < n; i++) {
			if ((unsigned)rows[i].op >= ATOMIC_NOPS || rows[i].size > 64 ||
			    rows[i].offset > 64)
				abort();
			verify(&rows[i]);
			emulate(&rows[i]);
		}
		free(rows);
	}
	free(text);
	return 0;
}
