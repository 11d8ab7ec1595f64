// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* lib/prm/caps.c: the capability-page table, its lookups and the op_mod rule. */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "lib/prm/caps.h"
#include "lib/prm/layouts/layouts.h"

static void by_name(void **state)
{
	(void)state;
	assert_ptr_equal(prm_cap_page_by_name("general")->layout, &prm_layout_cmd_hca_cap);
	assert_ptr_equal(prm_cap_page_by_name("ATOMIC")->layout, &prm_layout_atomic_caps);
	assert_ptr_equal(prm_cap_page_by_name("Esw")->layout, &prm_layout_e_switch_cap);
	assert_int_equal(prm_cap_page_by_name("esw")->cap_type, 9);
	/* exact names only */
	assert_null(prm_cap_page_by_name("gen"));
	assert_null(prm_cap_page_by_name("eswitch_x"));
	assert_null(prm_cap_page_by_name(""));
	assert_null(prm_cap_page_by_name(NULL));
}

static void by_type(void **state)
{
	(void)state;
	assert_string_equal(prm_cap_page_by_type(0)->name, "general");
	assert_string_equal(prm_cap_page_by_type(3)->name, "atomic");
	assert_string_equal(prm_cap_page_by_type(9)->name, "esw");
	assert_null(prm_cap_page_by_type(1));	/* known cap_type, no layout */
	assert_null(prm_cap_page_by_type(0xffff));
	for (size_t i = 0; i < prm_ncap_pages; i++) {
		const struct prm_cap_page *p = &prm_cap_pages[i];

		assert_ptr_equal(prm_cap_page_by_type(p->cap_type), p);
		assert_ptr_equal(prm_cap_page_by_name(p->name), p);
		assert_non_null(p->desc);
		/* every page is in the layout registry, and named for messages */
		assert_ptr_equal(prm_layout_lookup(p->layout->name), p->layout);
		assert_non_null(prm_name_of(&prm_cap_type_names, p->cap_type));
	}
}

static void op_mod(void **state)
{
	(void)state;
	/* research note 4.2: general 0x00/0x01, atomic 0x06/0x07, esw 0x12/0x13, general_2 0x40/0x41 */
	assert_int_equal(prm_cap_op_mod(0, true), 0x01);
	assert_int_equal(prm_cap_op_mod(0, false), 0x00);
	assert_int_equal(prm_cap_op_mod(3, true), 0x07);
	assert_int_equal(prm_cap_op_mod(3, false), 0x06);
	assert_int_equal(prm_cap_op_mod(9, true), 0x13);
	assert_int_equal(prm_cap_op_mod(9, false), 0x12);
	assert_int_equal(prm_cap_op_mod(0x20, true), 0x41);
}

static void type_names(void **state)
{
	(void)state;
	assert_string_equal(prm_name_of(&prm_cap_type_names, 0x0), "general");
	assert_string_equal(prm_name_of(&prm_cap_type_names, 0x9), "eswitch");
	assert_string_equal(prm_name_of(&prm_cap_type_names, 0xe), "nvmf");
	assert_string_equal(prm_name_of(&prm_cap_type_names, 0x28), "adv_rdma");
	assert_null(prm_name_of(&prm_cap_type_names, 0xa));
	assert_int_equal(prm_cap_type_names.n, 26);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(by_name),
		cmocka_unit_test(by_type),
		cmocka_unit_test(op_mod),
		cmocka_unit_test(type_names),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
