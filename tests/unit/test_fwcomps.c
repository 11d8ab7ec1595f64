// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * The simulated firmware's components (lib/sim/fwcomps.c), asked as
 * mlx5_core asks them in Linux fw.c mlx5_fw_version_query: MCAM's mcqi and
 * mcqs bits, MCQS from index 0 for the boot image, MCQI VERSION for the
 * running version. Requests and answers are bytes worked out by hand from
 * mlx5_ifc.h; the device is a simulated ConnectX-6 Dx, firmware 22.39.1002.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "lib/dev/cmdchan.h"
#include "lib/dev/dev.h"

/*
 * ACCESS_REG 0x805 (mlx5_ifc_access_register_in_bits): op_mod at bytes 6-7
 * (1 reads, 0 writes), register_id at bytes 0xa-0xb, the register from byte
 * 0x10; the output's register data also starts at 0x10.
 */
#define HDR 0x10

static int access_reg(struct dev *d, uint16_t id, int read, const uint8_t *reg, size_t inlen,
		      uint8_t *out, size_t outlen, struct cmd_result *res)
{
	uint8_t in[HDR + 0x100] = { 0x08, 0x05 };
	struct prm_err err = { 0 };

	assert_true(inlen <= sizeof(in) - HDR);
	in[7] = (uint8_t)read;
	in[0xa] = (uint8_t)(id >> 8), in[0xb] = (uint8_t)id;
	memcpy(in + HDR, reg, inlen);
	memset(out, 0, outlen);
	return dev_cmd_exec(d, in, HDR + inlen, out, outlen, res, &err);
}

static int open_cx6dx(void **state)
{
	struct dev_open_opts o = { .sim_model = "cx6dx" };
	struct prm_err err = { 0 };

	return dev_open("sim", &o, (struct dev **)state, &err);
}

static int close_dev(void **state)
{
	dev_close(*state);
	return 0;
}

/* MCAM 0x907f, access_reg_group 0: mng_access_reg_cap_mask at register bytes 0x08-0x17;
 * mcda, mcc, mcqi, mcqs are register bits 0x5c..0x5f, byte 0x0b bits 3:0 (mcam-named-bits.vec). */
static void mcam_advertises_mcqi_and_mcqs(void **state)
{
	uint8_t reg[0x48] = { 0 }, out[HDR + 0x48];
	struct cmd_result res = { 0 };

	assert_int_equal(access_reg(*state, 0x907f, 1, reg, sizeof(reg), out, sizeof(out), &res), 0);
	assert_int_equal(res.status, 0);
	assert_int_equal(out[HDR + 0x0b] & 0x3, 0x3);	/* mcqi, mcqs */
	assert_int_equal(out[HDR + 0x0b] & 0xc, 0);	/* no MCC, MCDA: flashing is not offered */
}

/* MCQS 0x9060, 16 bytes: component_index at bytes 2-3. Index 0 is the boot image
 * (identifier 0x0001 at bytes 6-7), last (byte 0 bit 7), IN_USE (2) and IDLE (0):
 * dword 2 = 2 << 4 | 0. */
static void mcqs_index_0_is_the_boot_image(void **state)
{
	static const uint8_t want[16] = { 0x80, 0, 0, 0, 0, 0, 0x00, 0x01, 0, 0, 0, 0x20 };
	uint8_t reg[16] = { 0 }, out[HDR + 16];
	struct cmd_result res = { 0 };

	assert_int_equal(access_reg(*state, 0x9060, 1, reg, sizeof(reg), out, sizeof(out), &res), 0);
	assert_int_equal(res.status, 0);
	assert_memory_equal(out + HDR, want, sizeof(want));
}

/* Past the last component, and any write: the command fails BAD_PARAM (0x3); the
 * simulator's syndrome is the opcode (0x805) over the register status (BAD_PARAM 0x7,
 * METHOD_NOT_SUPP 0x6). */
#define SYND(st) (0x805u << 16 | (st))
static void mcqs_past_the_last_index_is_a_bad_parameter(void **state)
{
	uint8_t reg[16] = { 0, 0, 0x00, 0x01 }, out[HDR + 16];
	struct cmd_result res = { 0 };

	assert_int_equal(access_reg(*state, 0x9060, 1, reg, sizeof(reg), out, sizeof(out), &res), 0);
	assert_int_equal(res.status, 0x3);
	assert_int_equal(res.syndrome, SYND(0x7));
	reg[3] = 0;
	assert_int_equal(access_reg(*state, 0x9060, 0, reg, sizeof(reg), out, sizeof(out), &res), 0);
	assert_int_equal(res.status, 0x3);
	assert_int_equal(res.syndrome, SYND(0x6));
}

/*
 * MCQI 0x9061 as fw.c mlx5_reg_mcqi_query sends it: a 0x18-byte header with
 * info_type VERSION (1, byte 0xb) and data_size 0x7c (bytes 0x16-0x17), an
 * answer of 0x18 + 0x7c bytes. The answer: info_size 0x7c (bytes 0xc-0xf),
 * data_size 0x7c; the data (mlx5_ifc_mcqi_version_bits) build_time_valid
 * (byte 0 bit 5), version_string_length 10, version 22 << 24 | 39 << 16 |
 * 1002 = 0x162703ea, build_time 2026-11-01 12:00:00 in BCD (mstflint's
 * date-time layout: s, min, h, -, year, year, month, day), "22.39.1002".
 */
static void mcqi_version_is_the_running_firmware(void **state)
{
	static const uint8_t head[0x18] = {
		[0xb] = 0x01, [0xf] = 0x7c, [0x17] = 0x7c,
	};
	static const uint8_t data[0x2c] = {
		0x20, 0, 0, 0x0a, 0x16, 0x27, 0x03, 0xea,
		0, 0, 0x12, 0, 0x20, 0x26, 0x11, 0x01,
		[0x20] = '2', '2', '.', '3', '9', '.', '1', '0', '0', '2', 0, 0,
	};
	uint8_t reg[0x18] = { [0xb] = 0x01, [0x17] = 0x7c }, out[HDR + 0x18 + 0x7c];
	struct cmd_result res = { 0 };

	assert_int_equal(access_reg(*state, 0x9061, 1, reg, sizeof(reg), out, sizeof(out), &res), 0);
	assert_int_equal(res.status, 0);
	assert_memory_equal(out + HDR, head, sizeof(head));
	assert_memory_equal(out + HDR + 0x18, data, sizeof(data));
	for (size_t i = sizeof(data); i < 0x7c; i++)
		assert_int_equal(out[HDR + 0x18 + i], 0);
}

/* offset 4 (bytes 0x10-0x13), data_size 4: the version dword alone. */
static void mcqi_reads_from_an_offset(void **state)
{
	static const uint8_t version[4] = { 0x16, 0x27, 0x03, 0xea };
	uint8_t reg[0x18] = { [0xb] = 0x01, [0x13] = 0x04, [0x17] = 0x04 }, out[HDR + 0x18 + 4];
	struct cmd_result res = { 0 };

	assert_int_equal(access_reg(*state, 0x9061, 1, reg, sizeof(reg), out, sizeof(out), &res), 0);
	assert_int_equal(res.status, 0);
	assert_int_equal(out[HDR + 0x17], 4);
	assert_memory_equal(out + HDR + 0x18, version, sizeof(version));
}

/* No pending image (read_pending_component, byte 0 bit 7), a component that is not
 * there (index 1), an info type not kept (CAPABILITIES, 0): BAD_PARAM, register status 0x7. */
static void mcqi_refuses_what_is_not_there(void **state)
{
	uint8_t pending[0x18] = { 0x80, [0xb] = 0x01, [0x17] = 0x7c };
	uint8_t other[0x18] = { [3] = 0x01, [0xb] = 0x01, [0x17] = 0x7c };
	uint8_t caps[0x18] = { [0x17] = 0x7c };
	uint8_t *reqs[] = { pending, other, caps }, out[HDR + 0x18 + 0x7c];
	struct cmd_result res = { 0 };

	for (size_t i = 0; i < sizeof(reqs) / sizeof(reqs[0]); i++) {
		assert_int_equal(access_reg(*state, 0x9061, 1, reqs[i], 0x18, out, sizeof(out), &res), 0);
		assert_int_equal(res.status, 0x3);
		assert_int_equal(res.syndrome, SYND(0x7));
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(mcam_advertises_mcqi_and_mcqs, open_cx6dx, close_dev),
		cmocka_unit_test_setup_teardown(mcqs_index_0_is_the_boot_image, open_cx6dx, close_dev),
		cmocka_unit_test_setup_teardown(mcqs_past_the_last_index_is_a_bad_parameter, open_cx6dx,
						close_dev),
		cmocka_unit_test_setup_teardown(mcqi_version_is_the_running_firmware, open_cx6dx, close_dev),
		cmocka_unit_test_setup_teardown(mcqi_reads_from_an_offset, open_cx6dx, close_dev),
		cmocka_unit_test_setup_teardown(mcqi_refuses_what_is_not_there, open_cx6dx, close_dev),
	};

	return cmocka_run_group_tests_name("fwcomps", tests, NULL, NULL);
}
