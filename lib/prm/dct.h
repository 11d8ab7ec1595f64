/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_PRM_DCT_H
#define PRMCTL_PRM_DCT_H

/* DC targets (mlx5-layouts.md §4.8): states, MTU codes, the events' DCT. */

#include <stdbool.h>
#include <stdint.h>

#include "lib/prm/events.h"

/* The names cmd/ knows these events by (lib/prm/events.h has them all). */
#define DCT_EVENT_DRAINED MLX5_EVENT_TYPE_DCT_DRAINED
#define DCT_EVENT_KEY_VIOLATION MLX5_EVENT_TYPE_DCT_KEY_VIOLATION

enum dct_state { DCT_STATE_ACTIVE, DCT_STATE_DRAINING, DCT_STATE_DRAINED };

const char *dct_state_name(uint64_t state);
/* 256..4096 bytes to the dctc mtu code 1..5; 0 if not one of them. */
unsigned dct_mtu_code(uint64_t bytes);
/* The DCT an event names (EQE byte 0x38, 24 bits). */
uint32_t dct_eqe_dctn(const uint8_t *eqe);
uint8_t dct_eqe_type(const uint8_t *eqe);

#endif
