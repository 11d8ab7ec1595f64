// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* lib/prm/registers.c: the access-register table and its lookups. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "lib/prm/layouts/layouts.h"
#include "lib/prm/registers.h"

static void by_name(void **state)
{
	const struct prm_register *r;

	(void)state;
	r = prm_register_by_name("MTRC_CAP");
	assert_non_null(r);
	assert_int_equal(r->id, 0x9040);
	assert_ptr_equal(r->layout, &prm_layout_mtrc_cap);
	assert_string_equal(r->layout->name, "mtrc_cap");
	/* any case */
	assert_ptr_equal(prm_register_by_name("mgir"), prm_register_by_name("MGIR"));
	assert_ptr_equal(prm_register_by_name("Mcam")->layout, &prm_layout_mcam);
	/* exact names only */
	assert_null(prm_register_by_name("MTRC"));
	assert_null(prm_register_by_name("MTRC_CAPS"));
	assert_null(prm_register_by_name(""));
	assert_null(prm_register_by_name(NULL));
	/* TLVs are layouts, not registers */
	assert_null(prm_register_by_name("op_tlv"));
}

static void by_id(void **state)
{
	static const struct {
		uint16_t id;
		const char *name;
		const struct prm_layout *l;
		size_t bytes;
	} want[] = {
		{ 0x5002, "PMLP", &prm_layout_pmlp, 64 },
		{ 0x9009, "MTCAP", &prm_layout_mtcap, 16 },
		{ 0x900a, "MTMP", &prm_layout_mtmp, 32 },
		{ 0x9020, "MGIR", &prm_layout_mgir, 160 },
		{ 0x9040, "MTRC_CAP", &prm_layout_mtrc_cap, 128 },
		{ 0x9041, "MTRC_CONF", &prm_layout_mtrc_conf, 128 },
		{ 0x9042, "MTRC_STDB", &prm_layout_mtrc_stdb, 8 },
		{ 0x9043, "MTRC_CTRL", &prm_layout_mtrc_ctrl, 64 },
		{ 0x9060, "MCQS", &prm_layout_mcqs, 16 },
		{ 0x9061, "MCQI", &prm_layout_mcqi, 24 },
		{ 0x907f, "MCAM", &prm_layout_mcam, 72 },
		{ 0xc00e, "DTOR", &prm_layout_dtor, 64 },
		{ 0x7004, "HOST_ENDIANNESS", &prm_layout_host_endianness, 16 },
	};

	(void)state;
	assert_int_equal(prm_nregisters, sizeof(want) / sizeof(want[0]));
	for (size_t i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
		const struct prm_register *r = prm_register_by_id(want[i].id);

		assert_non_null(r);
		assert_string_equal(r->name, want[i].name);
		assert_ptr_equal(r->layout, want[i].l);
		assert_int_equal(prm_layout_bytes(r->layout), want[i].bytes);
		assert_ptr_equal(prm_register_by_name(want[i].name), r);
	}
	assert_null(prm_register_by_id(0));
	assert_null(prm_register_by_id(0x9001));	/* the ICMD opcode, not a register */
	assert_null(prm_register_by_id(0x9044));
}

static void table(void **state)
{
	struct prm_err err = { 0 };

	(void)state;
	for (size_t i = 0; i < prm_nregisters; i++) {
		const struct prm_register *r = &prm_registers[i];
		char lower[32];
		size_t n = strlen(r->name);

		assert_non_null(r->desc);
		assert_true(n < sizeof(lower));
		for (size_t k = 0; k <= n; k++)
			lower[k] = (char)(r->name[k] >= 'A' && r->name[k] <= 'Z' ?
					  r->name[k] - 'A' + 'a' : r->name[k]);
		/* register names upper case, layout names the same in lower case */
		assert_string_equal(r->layout->name, lower);
		assert_int_not_equal(strcmp(r->name, lower), 0);
		/* unique ids and names */
		for (size_t j = 0; j < i; j++) {
			assert_int_not_equal(prm_registers[j].id, r->id);
			assert_int_not_equal(strcmp(prm_registers[j].name, r->name), 0);
		}
		if (prm_layout_check(r->layout, &err))
			fail_msg("%s: %s", r->name, err.msg);
		/* every register layout is also a decodable layout */
		assert_ptr_equal(prm_layout_lookup(r->layout->name), r->layout);
	}
	if (prm_layout_check(&prm_layout_op_tlv, &err) ||
	    prm_layout_check(&prm_layout_reg_tlv, &err))
		fail_msg("%s", err.msg);
	assert_int_equal(prm_layout_bytes(&prm_layout_op_tlv), 16);
	assert_int_equal(prm_layout_bytes(&prm_layout_reg_tlv), 4);
}

/* A path through the nested tables resolves where the adb puts it. */
static void nested_paths(void **state)
{
	struct prm_loc loc;
	struct prm_err err = { 0 };

	(void)state;
	/* MGIR fw_info at 0x20, psid at +0x10: byte 0x30 + 15 */
	assert_int_equal(prm_path_resolve(&prm_layout_mgir, "fw_info.psid[15]", &loc, &err), 0);
	assert_int_equal(loc.off, 0x3f * 8);
	assert_int_equal(loc.width, 8);
	/* sw_info at 0x60, rom3_version at +0x14, build = low 16 bits */
	assert_int_equal(prm_path_resolve(&prm_layout_mgir, "sw_info.rom3_version.build", &loc, &err), 0);
	assert_int_equal(loc.off, 0x74 * 8 + 16);
	/* MTRC_CAP string_db_param[7].string_db_size: bytes 0x4d..0x4f */
	assert_int_equal(prm_path_resolve(&prm_layout_mtrc_cap, "string_db_param[7].string_db_size",
					  &loc, &err), 0);
	assert_int_equal(loc.off, 0x4d * 8);
	assert_int_equal(loc.width, 24);
	assert_int_not_equal(prm_path_resolve(&prm_layout_mtrc_cap, "string_db_param[8].string_db_size",
					      &loc, &err), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(by_name),
		cmocka_unit_test(by_id),
		cmocka_unit_test(table),
		cmocka_unit_test(nested_paths),
	};

	return cmocka_run_group_tests_name("registers", tests, NULL, NULL);
}
