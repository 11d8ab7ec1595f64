// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * The simulated firmware's MTCAP, MTMP and PMLP (lib/sim/thermal.c,
 * lib/sim/regs.c) as mlx5_core's hwmon reaches them: ACCESS_REG through the
 * command queue, op_mod 1 to read and 0 to write (core/hwmon.c, port.c).
 * Requests and answers are bytes worked out by hand from mlx5_ifc.h
 * (mlx5_ifc_mtcap_reg_bits, mlx5_ifc_mtmp_reg_bits, mlx5_ifc_pmlp_reg_bits
 * with mlx5_ifc_lane_2_module_mapping_bits), not built with our layouts.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "lib/dev/dev.h"
#include "lib/dev/regaccess.h"

#define REG_PMLP 0x5002
#define REG_MTCAP 0x9009
#define REG_MTMP 0x900a
#define REG_MCAM 0x907f

#define CMD_BAD_PARAM 0x3	/* the command status of a refused ACCESS_REG */
#define TLV_BAD_PARAM 0x7	/* the register-access status over ICMD */

static struct dev *open_with(const char *access, const char *inject)
{
	struct dev_open_opts o = { .access = access, .sim_inject = inject, .write = true };
	struct prm_err err = { 0 };
	struct dev *d = NULL;

	if (dev_open("sim", &o, &d, &err))
		fail_msg("%s", err.msg);
	return d;
}

static int reg(struct dev *d, uint16_t id, enum prm_reg_method m, uint8_t *buf, size_t len,
	       struct prm_err *err)
{
	const char *via;

	memset(err, 0, sizeof(*err));
	return dev_reg_access(d, id, m, buf, len, &via, err);
}

static unsigned long long err_num(const struct prm_err *e, const char *key)
{
	for (unsigned i = 0; i < e->nfields; i++)
		if (!e->fields[i].str && strcmp(e->fields[i].key, key) == 0)
			return e->fields[i].num;
	fail_msg("no %s in the error: %s", key, e->msg);
	return 0;
}

/* Refused as firmware refuses an index it has nothing at: bad parameter, syndrome 0x805<<16 | 7. */
static void expect_refused(struct dev *d, uint16_t id, uint8_t *buf, size_t len)
{
	struct prm_err err;

	assert_int_equal(reg(d, id, PRM_REG_GET, buf, len, &err), -1);
	assert_int_equal(err_num(&err, "status"), CMD_BAD_PARAM);
	assert_int_equal(err_num(&err, "syndrome"), 0x08050007);
}

/* One sensor, the ASIC's: sensor_count 1 (dword 0 bits 6:0), sensor_map bit 0 (byte 15). */
static void mtcap_maps_the_asic(void **state)
{
	static const uint8_t want[16] = {
		0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01,	/* internal_sensor_count 1 */
		0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x01,
	};
	struct dev *d = open_with("cmdq", NULL);
	uint8_t buf[16] = { 0 };
	struct prm_err err;

	(void)state;
	assert_int_equal(reg(d, REG_MTCAP, PRM_REG_GET, buf, sizeof(buf), &err), 0);
	assert_memory_equal(buf, want, sizeof(want));
	/* slot_index (dword 0 bits 19:16) other than the main board */
	memset(buf, 0, sizeof(buf));
	buf[1] = 0x01;
	expect_refused(d, REG_MTCAP, buf, sizeof(buf));
	dev_close(d);
}

/* PMLP of local port 1: width 4 (byte 3), lane i in module 0 on module lane i (byte 1 of its dword). */
static void pmlp_local_port_1(void **state)
{
	uint8_t want[64] = {
		0x00, 0x01, 0x00, 0x04,
		0x00, 0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00,
		0x00, 0x02, 0x00, 0x00, 0x00, 0x03, 0x00, 0x00,
	};
	struct dev *d = open_with("cmdq", NULL);
	uint8_t buf[64] = { 0 };
	struct prm_err err;

	(void)state;
	buf[1] = 0x01;	/* local_port, as port.c mlx5_query_module_num asks */
	assert_int_equal(reg(d, REG_PMLP, PRM_REG_GET, buf, sizeof(buf), &err), 0);
	assert_memory_equal(buf, want, sizeof(want));
	/* the function has one port: 0, 2, and port 1 with lp_msb (byte 2 bits 5:4) are not it */
	for (unsigned i = 0; i < 3; i++) {
		memset(buf, 0, sizeof(buf));
		buf[1] = i == 1 ? 0x02 : i == 2 ? 0x01 : 0x00;
		buf[2] = i == 2 ? 0x10 : 0x00;
		expect_refused(d, REG_PMLP, buf, sizeof(buf));
	}
	dev_close(d);
}

/*
 * MTMP by sensor_index (dword 0 bits 11:0): 0 the ASIC, 64 and 65 the
 * cages, empty (all zeros but the index); any other index is refused.
 */
static void mtmp_by_sensor_index(void **state)
{
	static const uint8_t asic[32] = {
		0x00, 0x00, 0x00, 0x00,
		0x00, 0x00, 0x01, 0xb8,		/* temperature 440: 55 degC */
		0x80, 0x00, 0x01, 0xd0,		/* mte, max_temperature 464: 58 degC */
		0x00, 0x00, 0x03, 0x48,		/* temp_threshold_hi 840: 105 degC */
		0x00, 0x00, 0x03, 0x20,		/* temp_threshold_lo 800: 100 degC */
		0x00, 0x00, 0x00, 0x00,
		0x41, 0x53, 0x49, 0x43,		/* sensor_name_hi "ASIC" */
	};
	static const uint16_t refused[] = { 1, 63, 66, 127, 256, 0xfff };
	struct dev *d = open_with("cmdq", NULL);
	uint8_t buf[32] = { 0 }, module[32] = { 0 };
	struct prm_err err;

	(void)state;
	assert_int_equal(reg(d, REG_MTMP, PRM_REG_GET, buf, sizeof(buf), &err), 0);
	assert_memory_equal(buf, asic, sizeof(asic));
	for (uint8_t m = 64; m <= 65; m++) {
		memset(buf, 0, sizeof(buf));
		buf[3] = m;
		module[3] = m;
		assert_int_equal(reg(d, REG_MTMP, PRM_REG_GET, buf, sizeof(buf), &err), 0);
		assert_memory_equal(buf, module, sizeof(module));
	}
	for (size_t i = 0; i < sizeof(refused) / sizeof(refused[0]); i++) {
		memset(buf, 0, sizeof(buf));
		buf[2] = (uint8_t)(refused[i] >> 8);
		buf[3] = (uint8_t)refused[i];
		expect_refused(d, REG_MTMP, buf, sizeof(buf));
	}
	/* the ASIC's index on slot 1 (dword 0 bits 19:16) */
	memset(buf, 0, sizeof(buf));
	buf[1] = 0x01;
	expect_refused(d, REG_MTMP, buf, sizeof(buf));
	dev_close(d);
}

/* Over ICMD the same refusal is the register-access status, bad parameter. */
static void icmd_refuses_with_its_status(void **state)
{
	struct dev *d = open_with("icmd", NULL);
	uint8_t buf[32] = { 0 };
	struct prm_err err;

	(void)state;
	buf[3] = 2;
	assert_int_equal(reg(d, REG_MTMP, PRM_REG_GET, buf, sizeof(buf), &err), -1);
	assert_int_equal(err_num(&err, "status"), TLV_BAD_PARAM);
	dev_close(d);
}

/*
 * mlx5_hwmon_dev_register's walk: MTCAP; PMLP's module; MTMP 64 + module
 * (reading 0: no module channel); each mapped sensor read, then written
 * back with mte (byte 8 bit 7) set, which must succeed. Then
 * temp1_reset_history: a query with mtr (byte 8 bit 6) and zeros elsewhere
 * (mlx5_hwmon_reset_max_temp).
 */
static void hwmon_probe_walk(void **state)
{
	struct dev *d = open_with("cmdq", NULL);
	uint8_t cap[16] = { 0 }, pmlp[64] = { 0 }, m[32] = { 0 }, out[32];
	struct prm_err err;
	uint64_t map = 0;
	unsigned channels = 0;

	(void)state;
	assert_int_equal(reg(d, REG_MTCAP, PRM_REG_GET, cap, sizeof(cap), &err), 0);
	for (unsigned i = 8; i < 16; i++)
		map = map << 8 | cap[i];
	pmlp[1] = 1;
	assert_int_equal(reg(d, REG_PMLP, PRM_REG_GET, pmlp, sizeof(pmlp), &err), 0);
	m[3] = (uint8_t)(64 + pmlp[7]);
	assert_int_equal(reg(d, REG_MTMP, PRM_REG_GET, m, sizeof(m), &err), 0);
	assert_int_equal(m[6] << 8 | m[7], 0);	/* temperature, dword 1 bits 15:0 */
	for (unsigned s = 0; s < 64; s++) {
		if (!(map >> s & 1))
			continue;
		channels++;
		memset(m, 0, sizeof(m));
		m[3] = (uint8_t)s;
		assert_int_equal(reg(d, REG_MTMP, PRM_REG_GET, m, sizeof(m), &err), 0);
		m[8] |= 0x80;
		assert_int_equal(reg(d, REG_MTMP, PRM_REG_SET, m, sizeof(m), &err), 0);
		/* 58 degC since power-up, above the 55 now */
		assert_int_equal(m[10] << 8 | m[11], 0x1d0);
		memset(out, 0, sizeof(out));
		out[3] = (uint8_t)s;
		out[8] = 0x40;
		assert_int_equal(reg(d, REG_MTMP, PRM_REG_GET, out, sizeof(out), &err), 0);
		/* mtr is an operation, never read back; the maximum restarts at 55 degC;
		 * the zeros around it are not taken: mte stays, the threshold too */
		assert_int_equal(out[8], 0x80);
		assert_int_equal(out[10] << 8 | out[11], 0x1b8);
		assert_int_equal(out[14] << 8 | out[15], 0x348);
	}
	assert_int_equal(channels, 1);
	dev_close(d);
}

/*
 * A SET with mte and mtr, as mlxsw sends it for a switch, restarts the
 * maximum the same way, and takes the zero thresholds it carries (which is
 * why mlxsw queries MTMP before such a write).
 */
static void mtr_in_a_write(void **state)
{
	struct dev *d = open_with("cmdq", NULL);
	uint8_t m[32] = { 0 };
	struct prm_err err;

	(void)state;
	m[8] = 0xc0;
	assert_int_equal(reg(d, REG_MTMP, PRM_REG_SET, m, sizeof(m), &err), 0);
	assert_int_equal(m[8], 0x80);
	assert_int_equal(m[10] << 8 | m[11], 0x1b8);
	assert_int_equal(m[14] << 8 | m[15], 0);
	dev_close(d);
}

/* mte off: max_temperature reserved, reads 0; on again: it starts from the reading (118 degC hot). */
static void mte_keeps_the_maximum(void **state)
{
	struct dev *d = open_with("cmdq", "thermal");
	uint8_t m[32] = { 0 };
	struct prm_err err;

	(void)state;
	assert_int_equal(reg(d, REG_MTMP, PRM_REG_GET, m, sizeof(m), &err), 0);
	assert_int_equal(m[6] << 8 | m[7], 118 * 8);
	assert_int_equal(m[10] << 8 | m[11], 118 * 8);
	memset(m, 0, sizeof(m));	/* mte 0 */
	assert_int_equal(reg(d, REG_MTMP, PRM_REG_SET, m, sizeof(m), &err), 0);
	assert_int_equal(m[8], 0);
	assert_int_equal(m[10] << 8 | m[11], 0);
	memset(m, 0, sizeof(m));
	assert_int_equal(reg(d, REG_MTMP, PRM_REG_GET, m, sizeof(m), &err), 0);
	assert_int_equal(m[10] << 8 | m[11], 0);
	m[8] = 0x80;
	assert_int_equal(reg(d, REG_MTMP, PRM_REG_SET, m, sizeof(m), &err), 0);
	assert_int_equal(m[8], 0x80);
	assert_int_equal(m[10] << 8 | m[11], 118 * 8);
	dev_close(d);
}

/*
 * MCAM's register mask, access_reg_group 0: MTCAP 0x9009 and MTMP 0x900a are
 * bits 9 and 10, in the last dword of the mask (bytes 0x14-0x17): what
 * MLX5_CAP_MCAM_REG(mdev, mtmp) tests (mcam_access_reg_bits o=0x75).
 */
static void mcam_names_the_thermal_registers(void **state)
{
	struct dev *d = open_with("cmdq", NULL);
	uint8_t mcam[72] = { 0 };
	struct prm_err err;

	(void)state;
	assert_int_equal(reg(d, REG_MCAM, PRM_REG_GET, mcam, sizeof(mcam), &err), 0);
	assert_int_equal(mcam[0x14] << 24 | mcam[0x15] << 16 | mcam[0x16] << 8 | mcam[0x17], 0x600);
	dev_close(d);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(mtcap_maps_the_asic),
		cmocka_unit_test(pmlp_local_port_1),
		cmocka_unit_test(mtmp_by_sensor_index),
		cmocka_unit_test(icmd_refuses_with_its_status),
		cmocka_unit_test(hwmon_probe_walk),
		cmocka_unit_test(mtr_in_a_write),
		cmocka_unit_test(mte_keeps_the_maximum),
		cmocka_unit_test(mcam_names_the_thermal_registers),
	};

	return cmocka_run_group_tests_name("simulated thermal registers", tests, NULL, NULL);
}
