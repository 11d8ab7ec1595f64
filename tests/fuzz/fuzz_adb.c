// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * NVIDIA's register database as anyone could hand prmctl one (--adb FILE,
 * PRMCTL_ADB): whatever the XML says, the parser refuses or skips, and every
 * table it does return is consistent and usable.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "lib/prm/adb.h"

/* Walk a table as the printer would: every field of every element. */
static void touch(const struct prm_layout *l, const uint8_t *buf, size_t len,
		  uint32_t base, int depth)
{
	for (size_t i = 0; i < l->nfields && depth < 40; i++) {
		const struct prm_field *f = &l->fields[i];
		uint32_t n = f->count ? f->count : 1;

		for (uint32_t k = 0; k < n && k < 4; k++) {
			uint64_t v;

			if (f->sub)
				touch(f->sub, buf, len, base + f->off + k * f->width, depth + 1);
			else
				prm_bits_get(buf, len, base + f->off + k * f->width, f->width, &v);
		}
		if (f->names)
			for (size_t k = 0; k < f->names->n; k++)
				(void)strlen(f->names->v[k].name);
		if (f->desc)
			(void)strlen(f->desc);
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static uint8_t zeros[0x10000];
	struct prm_err err;
	struct prm_adb *db = prm_adb_parse((const char *)data, size, "fuzz.adb", &err);

	if (!db)
		return 0;
	for (size_t i = 0; i < prm_adb_nnodes(db); i++) {
		const struct prm_layout *l = prm_adb_node(db, i);

		if (prm_layout_check(l, &err))
			abort();	/* a loaded table must be consistent */
		if (prm_layout_bytes(l) <= sizeof(zeros))
			touch(l, zeros, sizeof(zeros), 0, 0);
		if (prm_adb_node_by_name(db, l->name) == NULL)
			abort();
	}
	for (size_t i = 0; i < prm_adb_nregisters(db); i++) {
		const struct prm_register *r = prm_adb_register(db, i);

		if (prm_adb_register_by_id(db, r->id) != r || !r->layout)
			abort();
	}
	for (size_t i = 0; i < prm_adb_nskipped(db); i++)
		(void)strlen(prm_adb_skipped(db, i)->reason);
	prm_adb_free(db);
	return 0;
}
