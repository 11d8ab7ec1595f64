/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_SIM_MKEY_H
#define PRMCTL_SIM_MKEY_H

#include <stdbool.h>
#include <stdint.h>

#include "lib/sim/adapter.h"

#define SIM_MAX_MKEYS 8
#define SIM_MAX_PDS 1024
#define SIM_MKEY_MTT 1		/* mkc access_mode */

struct sim_mkey {
	bool used;
	uint32_t key, pd;
	unsigned access_mode, log_page_size;
	bool lw, lr, umr_en;
	uint64_t start, len;
	uint64_t *mtt;		/* page bus addresses */
	size_t nmtt;
};

int sim_pd_alloc(struct sim_adapter *a, uint32_t *pd);
/* -1: no such PD, -2: keys still use it. */
int sim_pd_free(struct sim_adapter *a, uint32_t pd);
bool sim_pd_valid(struct sim_adapter *a, uint32_t pd);
/* Takes k (and its mtt); the key's variant byte comes from k->key. */
int sim_mkey_add(struct sim_adapter *a, const struct sim_mkey *k, uint32_t *key);
/* By the key's index (key >> 8), as DESTROY_MKEY names it. */
int sim_mkey_del(struct sim_adapter *a, uint32_t index);

/* The commands (lib/sim/fwexec.c's table). */
uint8_t sim_pd_alloc_cmd(struct sim_adapter *a, const uint8_t *in, size_t inlen, uint8_t *out,
			 size_t outlen, uint16_t *why);
uint8_t sim_pd_dealloc_cmd(struct sim_adapter *a, const uint8_t *in, size_t inlen, uint8_t *out,
			   size_t outlen, uint16_t *why);
uint8_t sim_mkey_create_cmd(struct sim_adapter *a, const uint8_t *in, size_t inlen, uint8_t *out,
			    size_t outlen, uint16_t *why);
uint8_t sim_mkey_destroy_cmd(struct sim_adapter *a, const uint8_t *in, size_t inlen,
			     uint8_t *out, size_t outlen, uint16_t *why);

#endif
