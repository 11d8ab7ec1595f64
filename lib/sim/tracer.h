/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_SIM_TRACER_H
#define PRMCTL_SIM_TRACER_H

/*
 * The simulated firmware tracer: MTRC_CAP/CONF/STDB/CTRL, a strings DB,
 * 256-byte blocks written into the host's ring through its memory key as the
 * firmware would write them, DEVICE_TRACER events, and a log of every item
 * it emitted in the JSON of `trace decode` (what a capture must reproduce).
 */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "lib/sim/adapter.h"

#define SIM_TRACER_DB_BASE 0x00900000u
#define SIM_TRACER_FIRST_STRING 8
#define SIM_TRACER_NUM_STRING 0x30
#define SIM_TRACER_LOG_MAX 10	/* 4 KiB << 10 = 4 MiB, half the host memory */

int sim_tracer_init(struct sim_adapter *a);
void sim_tracer_free(struct sim_adapter *a);
/* A register access for MTRC_* (status as sim_reg_access), -1: not a tracer register. */
int sim_tracer_reg(struct sim_adapter *a, uint16_t id, bool set, uint8_t *data, size_t len);
/* Firmware time passing: write what the tracer has to say. With a->lock held. */
void sim_tracer_tick(struct sim_adapter *a, uint64_t now_ns);
/* Another agent takes (on) or gives back (off) the tracer. With a->lock held. */
void sim_tracer_steal(struct sim_adapter *a, bool on);
/* Log every emitted item as JSON Lines to fd (-1: stop); the fd stays the caller's. */
void sim_tracer_log_to(struct sim_adapter *a, int fd);
/*
 * Keep every block the tracer writes into a host's ring, as a capture file
 * (lib/sim/tracerec.h), in fd (-1: stop); the fd stays the caller's.
 */
void sim_tracer_record_to(struct sim_adapter *a, int fd);
/* Forget the host's configuration (a reset, a new driver). */
void sim_tracer_reset(struct sim_adapter *a);

/*
 * Memory keys (lib/sim/mkey.c): the table, made and dropped with the
 * adapter, emptied by a reset.
 */
int sim_mkey_init(struct sim_adapter *a);
void sim_mkey_free(struct sim_adapter *a);
void sim_mkey_reset(struct sim_adapter *a);

/*
 * Memory keys: bytes [off, off + len) of the memory a key
 * covers, NULL with *why when the key cannot take a tracer's writes.
 */
uint8_t *sim_mkey_dma(struct sim_adapter *a, uint32_t key, uint64_t off, size_t len,
		      const char **why);
/* The key's length, 0 when there is no such key. */
uint64_t sim_mkey_len(struct sim_adapter *a, uint32_t key);

#endif
