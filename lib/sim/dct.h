/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_SIM_DCT_H
#define PRMCTL_SIM_DCT_H

/* DC targets of the simulated adapter (lib/sim/dct.c). */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "lib/util/err.h"

#define SIM_MAX_DCTS 64
#define SIM_DCT_FIRST 0x100	/* dctns are handed out from here */

struct sim_dct {
	bool used, armed;
	uint32_t dctn;
	unsigned state, drain_ticks;
	uint32_t violations;
	uint8_t ctx[64];	/* the dctc as created */
};

struct sim_dcts {
	struct sim_dct d[SIM_MAX_DCTS];
	uint32_t created;
};

struct sim_adapter;

void sim_dct_reset(struct sim_adapter *a);
void sim_dct_tick(struct sim_adapter *a);
/* dct-key-violation:DCTN: counted; an event only if armed. */
int sim_dct_key_violation(struct sim_adapter *a, const char *arg, struct prm_err *err);

uint8_t sim_dct_create_cmd(struct sim_adapter *a, const uint8_t *in, size_t inlen, uint8_t *out,
			   size_t outlen, uint16_t *why);
uint8_t sim_dct_query_cmd(struct sim_adapter *a, const uint8_t *in, size_t inlen, uint8_t *out,
			  size_t outlen, uint16_t *why);
uint8_t sim_dct_drain_cmd(struct sim_adapter *a, const uint8_t *in, size_t inlen, uint8_t *out,
			  size_t outlen, uint16_t *why);
uint8_t sim_dct_destroy_cmd(struct sim_adapter *a, const uint8_t *in, size_t inlen, uint8_t *out,
			    size_t outlen, uint16_t *why);
uint8_t sim_dct_arm_cmd(struct sim_adapter *a, const uint8_t *in, size_t inlen, uint8_t *out,
			size_t outlen, uint16_t *why);

#endif
