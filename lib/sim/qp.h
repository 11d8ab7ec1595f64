/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_SIM_QP_H
#define PRMCTL_SIM_QP_H

/* RC queue pairs of the simulated adapter (lib/sim/qp.c). */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define SIM_MAX_QPS 256
#define SIM_QP_FIRST 0x200	/* qpns are handed out from here */

struct sim_qp {
	bool used;
	uint32_t qpn;
	unsigned state;
};

struct sim_qps {
	struct sim_qp q[SIM_MAX_QPS];
	uint32_t created;
};

struct sim_adapter;

void sim_qp_reset(struct sim_adapter *a);
uint8_t sim_qp_create_cmd(struct sim_adapter *a, const uint8_t *in, size_t inlen, uint8_t *out,
			  size_t outlen, uint16_t *why);
uint8_t sim_qp_rst2init_cmd(struct sim_adapter *a, const uint8_t *in, size_t inlen, uint8_t *out,
			    size_t outlen, uint16_t *why);
uint8_t sim_qp_init2rtr_cmd(struct sim_adapter *a, const uint8_t *in, size_t inlen, uint8_t *out,
			    size_t outlen, uint16_t *why);
uint8_t sim_qp_rtr2rts_cmd(struct sim_adapter *a, const uint8_t *in, size_t inlen, uint8_t *out,
			   size_t outlen, uint16_t *why);
uint8_t sim_qp_2rst_cmd(struct sim_adapter *a, const uint8_t *in, size_t inlen, uint8_t *out,
			size_t outlen, uint16_t *why);
uint8_t sim_qp_destroy_cmd(struct sim_adapter *a, const uint8_t *in, size_t inlen, uint8_t *out,
			   size_t outlen, uint16_t *why);

#endif
