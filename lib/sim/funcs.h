/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_SIM_FUNCS_H
#define PRMCTL_SIM_FUNCS_H

/* The host functions an e-switch manager sees, and NVMe-oF namespaces (lib/sim/funcs.c). */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "lib/util/err.h"

#define SIM_SF_WORDS 4			/* 256 SFs: esw cap log_max_esw_sf 8 */
#define SIM_NVMF_NAMESPACES 4
#define SIM_NVMF_COUNTERS 8
#define SIM_NVMF_XRQN 0			/* the XRQ the namespaces are attached to */

struct sim_nvmf_ns {
	uint32_t nsid;
	uint32_t high[SIM_NVMF_COUNTERS], low[SIM_NVMF_COUNTERS];
};

struct sim_funcs {
	uint8_t host_number;
	bool pf_disabled;
	uint16_t vhca_id, num_vfs, total_vfs, pci_bus;
	uint64_t sf_enable[SIM_SF_WORDS];	/* bit n of word w: SF 64w + n */
	struct sim_nvmf_ns ns[SIM_NVMF_NAMESPACES];
	uint64_t ticks;
};

struct sim_adapter;

void sim_funcs_init(struct sim_adapter *a);
void sim_funcs_tick(struct sim_adapter *a);
/* "pf-disable", "pf-enable", "num-vfs=N", "sf-add=N", "sf-del=N"; raises the event. */
int sim_esw_inject(struct sim_adapter *a, const char *args, struct prm_err *err);

uint8_t sim_esw_functions_cmd(struct sim_adapter *a, const uint8_t *in, size_t inlen,
			      uint8_t *out, size_t outlen, uint16_t *why);
uint8_t sim_nvmf_ns_cmd(struct sim_adapter *a, const uint8_t *in, size_t inlen, uint8_t *out,
			size_t outlen, uint16_t *why);

#endif
