// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Firmware majors follow the public numbering per chip (16 = ConnectX-5,
 * 22 = ConnectX-6 Dx, 28 = ConnectX-7); PSIDs are made up and say so.
 */
#include "lib/sim/model.h"

#include <string.h>

/* Every model's internal timer runs at 1 GHz, as the simulated one does
 * (internal_timer counts nanoseconds), so device_frequency_khz agrees.
 * PCIe as the cards' specifications give it: ConnectX-5 Gen 3.0 (8 GT/s),
 * ConnectX-6 Dx Gen 4.0 (16 GT/s), ConnectX-7 Gen 5.0 (32 GT/s), all x16.
 * 64 MSI-X vectors, as lspci shows a ConnectX physical function's table. */
const struct sim_model sim_models[] = {
	{ "cx5", 0x1017, 0x20d, 16, 35, 2000, "SIM0000000005", "SIMCX5000001", 0x00, 1000000, 0, 3, 16, 64 },
	{ "cx6dx", 0x101d, 0x212, 22, 39, 1002, "SIM0000000006", "SIMCX6D00001", 0x00, 1000000, 1, 4, 16, 64 },
	{ "cx7", 0x1021, 0x218, 28, 41, 1000, "SIM0000000007", "SIMCX7000001", 0x00, 1000000, 2, 5, 16, 64 },
	{ NULL, 0, 0, 0, 0, 0, NULL, NULL, 0, 0, 0, 0, 0, 0 },
};

const struct sim_model *sim_model_find(const char *key)
{
	for (const struct sim_model *m = sim_models; m->key; m++)
		if (strcmp(m->key, key) == 0)
			return m;
	return NULL;
}
