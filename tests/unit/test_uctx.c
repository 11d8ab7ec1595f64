// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* User contexts in the simulated firmware, driven as mlx5_fwctl drives them. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "lib/dev/cmdchan.h"
#include "lib/dev/dev.h"
#include "lib/sim/adapter.h"

/* By hand from mlx5_ifc.h: CREATE_UCTX 0xa04 with uctx.cap at byte 0x10 (64 bytes in) */
static int create(struct dev *d, uint32_t cap, uint16_t *uid, struct prm_err *err)
{
	uint8_t in[64] = { 0x0a, 0x04 }, out[16] = { 0 };
	int rc;

	in[0x10] = (uint8_t)(cap >> 24), in[0x11] = (uint8_t)(cap >> 16);
	in[0x12] = (uint8_t)(cap >> 8), in[0x13] = (uint8_t)cap;
	rc = dev_cmd_run(d, in, sizeof(in), out, sizeof(out), err);
	*uid = (uint16_t)(out[0xa] << 8 | out[0xb]);	/* uid at bit 0x50 */
	return rc;
}

/* DESTROY_UCTX 0xa06, uid at bit 0x50 */
static int destroy(struct dev *d, uint16_t uid, struct prm_err *err)
{
	uint8_t in[16] = { 0x0a, 0x06 }, out[16];

	in[0xa] = (uint8_t)(uid >> 8), in[0xb] = (uint8_t)uid;
	return dev_cmd_run(d, in, sizeof(in), out, sizeof(out), err);
}

/* NOP 0x80d from a user context: the uid is header bytes 2-3 */
static int nop_as(struct dev *d, uint16_t uid, struct prm_err *err)
{
	uint8_t in[16] = { 0x08, 0x0d, (uint8_t)(uid >> 8), (uint8_t)uid }, out[16];

	return dev_cmd_run(d, in, sizeof(in), out, sizeof(out), err);
}

static void a_context_lives_from_create_to_destroy(void **state)
{
	struct prm_err err = { 0 };
	struct dev *d = NULL;
	uint16_t uid = 0, second = 0;

	(void)state;
	assert_int_equal(dev_open("sim", NULL, &d, &err), 0);
	assert_int_equal(create(d, 0x4, &uid, &err), 0);	/* TOOLS_RESOURCES, as mlx5_fwctl */
	assert_true(uid >= 1);
	assert_int_equal(create(d, 0x4, &second, &err), 0);	/* one per open file */
	assert_int_not_equal(second, uid);
	assert_int_equal(nop_as(d, uid, &err), 0);
	assert_int_equal(destroy(d, uid, &err), 0);
	assert_int_equal(nop_as(d, uid, &err), -1);		/* its commands are refused after */
	assert_non_null(strstr(err.msg, "bad parameter"));
	assert_int_equal(destroy(d, uid, &err), -1);		/* and it cannot end twice */
	assert_non_null(strstr(err.msg, "bad resource"));
	assert_int_equal(nop_as(d, second, &err), 0);		/* the other lives on */
	assert_int_equal(nop_as(d, 0, &err), 0);		/* the kernel's own */
	assert_int_equal(nop_as(d, 0xffff, &err), 0);		/* shared (the driver's comp EQs) */
	assert_int_equal(nop_as(d, 0x7777, &err), -1);		/* never created */
	dev_close(d);
}

static void a_context_gets_no_more_than_uctx_cap(void **state)
{
	struct prm_err err = { 0 };
	struct dev *d = NULL;
	uint16_t uid = 0;

	(void)state;
	assert_int_equal(dev_open("sim", NULL, &d, &err), 0);
	assert_int_equal(create(d, 0x8, &uid, &err), -1);
	assert_non_null(strstr(err.msg, "CREATE_UCTX"));
	dev_close(d);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(a_context_lives_from_create_to_destroy),
		cmocka_unit_test(a_context_gets_no_more_than_uctx_cap),
	};

	return cmocka_run_group_tests_name("uctx", tests, NULL, NULL);
}
