// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * The simulated adapter's temperature sensors, as MTCAP and MTMP show them:
 * the ASIC's (sensor_index 0, the one sensor MTCAP maps) and one per cable
 * cage (64 + module). The cages are empty, so a module sensor answers with
 * zeros, as firmware does for a cage without a module that measures.
 * mlx5_core's hwmon walks exactly this at probe (core/hwmon.c): MTCAP, the
 * module of local port 1 (PMLP), MTMP 64 + module (reading 0: no module
 * channel), then each mapped sensor read and written back with mte set.
 *
 * Any other index is refused with bad parameter: what a Mellanox switch's
 * firmware answers mlxreg for an MTMP sensor it lacks (stanford-rc/ibswinfo
 * issue 6: sensor_index 0x39 "Bad parameter", 0x40 all zeros).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "lib/prm/layouts/layouts.h"
#include "lib/prm/registers.h"
#include "lib/prm/regtlv.h"
#include "lib/sim/internal.h"

#define SENSOR_ASIC 0
#define SENSOR_MODULE0 64	/* module m is sensor 64 + m */
#define NSENSORS (1 + SIM_PORTS)

/*
 * Readings in 0.125 degC units. The thresholds follow the ConnectX-5/6 Dx
 * user manuals: a warning at 105 degC; the firmware shuts the device down
 * past the critical 115 degC, which is what the health buffer's "High
 * temperature" syndrome (the thermal fault) reports, so a thermal adapter
 * reads above it. 55 degC is a card with its airflow.
 */
#define MTMP_EIGHTHS(c) ((c) * 8)
#define SIM_TEMP_NORMAL_C 55
#define SIM_TEMP_THERMAL_C 118
#define SIM_TEMP_WARN_C 105
#define SIM_TEMP_WARN_CLEAR_C 100

struct sim_thermal {
	uint8_t *mtmp[NSENSORS];	/* each sensor's register as a GET returns it */
	size_t size;
};

/* Sensor i of the table: the ASIC's, then the cages' in module order. */
static unsigned index_of(unsigned i)
{
	return i == 0 ? SENSOR_ASIC : SENSOR_MODULE0 + i - 1;
}

int sim_thermal_init(struct sim_adapter *a)
{
	struct sim_thermal *t = calloc(1, sizeof(*t));
	size_t n = prm_layout_bytes(&prm_layout_mtmp);

	if (!t)
		return -1;
	a->thermal = t;
	t->size = n;
	for (unsigned i = 0; i < NSENSORS; i++) {
		t->mtmp[i] = calloc(1, n);
		if (!t->mtmp[i])
			return -1;
		PRM_SET(mtmp, t->mtmp[i], n, "sensor_index", index_of(i));
	}
	/* the ASIC's maximum is kept from power-up; a little above the reading */
	PRM_SET(mtmp, t->mtmp[0], n, "mte", 1);
	PRM_SET(mtmp, t->mtmp[0], n, "max_temperature", MTMP_EIGHTHS(SIM_TEMP_NORMAL_C + 3));
	PRM_SET(mtmp, t->mtmp[0], n, "temp_threshold_hi", MTMP_EIGHTHS(SIM_TEMP_WARN_C));
	PRM_SET(mtmp, t->mtmp[0], n, "temp_threshold_lo", MTMP_EIGHTHS(SIM_TEMP_WARN_CLEAR_C));
	PRM_SET(mtmp, t->mtmp[0], n, "sensor_name_hi", 0x41534943);	/* "ASIC" */
	return 0;
}

void sim_thermal_free(struct sim_adapter *a)
{
	if (!a->thermal)
		return;
	for (unsigned i = 0; i < NSENSORS; i++)
		free(a->thermal->mtmp[i]);
	free(a->thermal);
	a->thermal = NULL;
}

/* The sensor's register, NULL for an index the adapter has no sensor at. */
static uint8_t *find(struct sim_thermal *t, uint64_t slot, uint64_t index)
{
	if (slot != 0)		/* one board, no line cards */
		return NULL;
	for (unsigned i = 0; i < NSENSORS; i++)
		if (index_of(i) == index)
			return t->mtmp[i];
	return NULL;
}

/* The reading now: the ASIC is hot while the thermal fault stands; cages are empty. */
static int16_t reading(struct sim_adapter *a, const uint8_t *r, size_t n)
{
	if (PRM_GET(mtmp, r, n, "sensor_index") != SENSOR_ASIC)
		return 0;
	return MTMP_EIGHTHS(a->faults[SIM_FAULT_THERMAL] ? SIM_TEMP_THERMAL_C : SIM_TEMP_NORMAL_C);
}

/* The maximum follows the reading while mte is set; without mte it is reserved. */
static void measure(struct sim_adapter *a, uint8_t *r, size_t n)
{
	int16_t t = reading(a, r, n);

	PRM_SET(mtmp, r, n, "temperature", (uint16_t)t);
	if (!PRM_GET(mtmp, r, n, "mte"))
		PRM_SET(mtmp, r, n, "max_temperature", 0);
	else if (t > (int16_t)PRM_GET(mtmp, r, n, "max_temperature"))
		PRM_SET(mtmp, r, n, "max_temperature", (uint16_t)t);
}

/*
 * A SET takes mte, tee and the thresholds, whatever else it carries: mlxsw
 * queries MTMP before writing mte and mtr so as not to overwrite the
 * thresholds (Linux commit "mlxsw: core_hwmon: Query MTMP before writing to
 * set only relevant fields", 2020). mtr, and turning mte on, start the
 * maximum again from the reading. mtr counts in a query too: mlx5_core
 * resets the maximum with a query carrying mtr and zeros elsewhere
 * (core/hwmon.c mlx5_hwmon_reset_max_temp gives mlx5_core_access_reg
 * write 0), and nothing else of a query is taken.
 */
static void access_sensor(struct sim_adapter *a, uint8_t *r, size_t n, const uint8_t *in,
			  bool set)
{
	bool was_on = PRM_GET(mtmp, r, n, "mte");

	if (set)
		sim_reg_take(&prm_layout_mtmp, r, in, n);
	if (PRM_GET(mtmp, in, n, "mtr") || (!was_on && PRM_GET(mtmp, r, n, "mte")))
		PRM_SET(mtmp, r, n, "max_temperature", (uint16_t)reading(a, r, n));
}

static int mtmp(struct sim_adapter *a, bool set, uint8_t *data, size_t len)
{
	struct sim_thermal *t = a->thermal;
	uint8_t *r;

	if (len < t->size)
		return PRM_REG_STATUS_BAD_PARAM;
	r = find(t, PRM_GET(mtmp, data, len, "slot_index"), PRM_GET(mtmp, data, len, "sensor_index"));
	if (!r)
		return PRM_REG_STATUS_BAD_PARAM;
	access_sensor(a, r, t->size, data, set);
	measure(a, r, t->size);
	memset(data, 0, len);
	memcpy(data, r, t->size);
	return PRM_REG_STATUS_OK;
}

/* MTCAP: the ASIC's sensor only; module sensors are not counted. Nothing in it is writable. */
static int mtcap(uint8_t *data, size_t len)
{
	if (len < prm_layout_bytes(&prm_layout_mtcap))
		return PRM_REG_STATUS_BAD_PARAM;
	if (PRM_GET(mtcap, data, len, "slot_index") != 0)
		return PRM_REG_STATUS_BAD_PARAM;
	memset(data, 0, len);
	PRM_SET(mtcap, data, len, "sensor_count", 1);
	PRM_SET(mtcap, data, len, "internal_sensor_count", 1);
	PRM_SET(mtcap, data, len, "sensor_map", 1ull << SENSOR_ASIC);
	return PRM_REG_STATUS_OK;
}

int sim_thermal_reg(struct sim_adapter *a, uint16_t id, bool set, uint8_t *data, size_t len)
{
	if (!a->thermal)
		return -1;
	switch (id) {
	case MLX5_REG_MTCAP:
		return mtcap(data, len);
	case MLX5_REG_MTMP:
		return mtmp(a, set, data, len);
	}
	return -1;
}
