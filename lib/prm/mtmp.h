/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_PRM_MTMP_H
#define PRMCTL_PRM_MTMP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "lib/util/err.h"

/* MTMP's sensor for the ASIC itself (the adapter's die temperature). */
#define PRM_MTMP_SENSOR_ASIC 0

/* One MTMP reading in degrees Celsius (the register counts 0.125 degC, signed). */
struct prm_mtmp {
	unsigned sensor;
	double temperature_c;
	bool has_max;			/* mte set: max_temperature is kept */
	double max_temperature_c;
	bool has_threshold;		/* a warning threshold is set (non-zero) */
	double threshold_hi_c, threshold_lo_c;
	char name[9];			/* sensor_name, printable characters only */
};

/* MTMP's 16-bit two's-complement eighths of a degree, as degrees. */
double prm_mtmp_celsius(uint16_t raw);

/* The register's bytes (the mtmp layout) into a reading. */
int prm_mtmp_decode(const uint8_t *reg, size_t len, struct prm_mtmp *out,
		    struct prm_err *err);

#endif
