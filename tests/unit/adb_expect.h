/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_TESTS_ADB_EXPECT_H
#define PRMCTL_TESTS_ADB_EXPECT_H

/* Checks on a layout read from a register database (test_adb*.c; include after cmocka.h). */

#include "lib/prm/layout.h"

static inline const struct prm_field *field(const struct prm_layout *l, const char *name)
{
	const struct prm_field *f = prm_field_find(l, name);

	if (!f)
		fail_msg("%s has no field %s", l->name, name);
	return f;
}

static inline void expect_field(const struct prm_layout *l, const char *name, uint32_t off,
			 uint32_t width, uint32_t count, uint8_t access)
{
	const struct prm_field *f = field(l, name);

	if (f->off != off || f->width != width || f->count != count || f->access != access)
		fail_msg("%s.%s: got off 0x%x width %u count %u access %u, want 0x%x %u %u %u",
			 l->name, name, f->off, f->width, f->count, f->access, off, width,
			 count, access);
}

#endif
