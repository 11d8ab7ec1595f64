/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_PRM_DCT_H
#define PRMCTL_PRM_DCT_H

/* DC targets (mlx5-layouts.md §4.8): states, MTU codes, the events' DCT. */

#include <stdbool.h>
#include <stdint.h>

#include "lib/prm/events.h"

enum dct_state { DCT_STATE_ACTIVE, DCT_STATE_DRAINING, DCT_STATE_DRAINED };

const char *prm_dct_state_name(uint64_t state);
/* 256..4096 bytes to the dctc mtu code 1..5; 0 if not one of them. */
unsigned prm_dct_mtu_code(uint64_t bytes);
/* The DCT an event names (EQE byte 0x38, 24 bits). */
uint32_t prm_dct_eqe_dctn(const uint8_t *eqe);
uint8_t prm_dct_eqe_type(const uint8_t *eqe);

#endif
