// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Event queues the host created in its memory (CREATE_EQ): the firmware
 * writes 64-byte entries at its producer index, the owner bit flipping on
 * each pass (device.h struct mlx5_eqe; the driver's next_eqe_sw() takes an
 * entry whose owner bit equals bit log_eq_size of its consumer index, and
 * starts with every owner bit set).
 *
 * Interrupts as the hardware gives them: an EQ is created armed (the
 * driver's create_map_eq() says so and rings the arm doorbell anyway); the
 * first entry written to an armed EQ raises its MSI-X vector (eqc.intr)
 * and disarms it; the host's doorbell in its UAR page (offset 0x40 arms,
 * 0x48 only moves the consumer index; the word is eqn << 24 | ci) re-arms
 * it, and an arm with entries still unconsumed fires at once so none is
 * left waiting. A host that polls never arms and may be overrun silently.
 */
#include <stdlib.h>
#include <string.h>

#include "lib/prm/cmdstatus.h"
#include "lib/prm/events.h"
#include "lib/prm/layouts/layouts.h"
#include "lib/sim/fwcmd.h"
#include "lib/sim/internal.h"

#define EQE_BYTES 64
#define PAS_AT 0x110		/* create_eq_in: pas[] after the fixed part */
/* what cmd_hca_cap.log_max_eq_sz advertises (lib/sim/caps.c): the driver may ask all of it */
#define MAX_LOG_EQ 22
#define PAGE 4096

static struct sim_eq *find(struct sim_adapter *a, uint64_t eqn)
{
	for (size_t i = 0; i < SIM_MAX_EQS; i++)
		if (a->eqs[i].used && a->eqs[i].eqn == eqn)
			return &a->eqs[i];
	return NULL;
}

static uint8_t *slot(struct sim_adapter *a, struct sim_eq *q, uint32_t index)
{
	uint64_t off = (uint64_t)(index & ((1u << q->log_size) - 1)) * EQE_BYTES;

	return sim_dma(a, q->pas[off / q->page_bytes] + off % q->page_bytes, EQE_BYTES);
}

/* One entry at the producer index; returns false when the memory is gone. */
static bool write_eqe(struct sim_adapter *a, struct sim_eq *q, const uint8_t *eqe)
{
	uint8_t *e = slot(a, q, q->prod);

	if (!e)
		return false;
	memcpy(e, eqe, EQE_BYTES - 1);
	/* the owner byte last: the entry is whole when the host sees it flip */
	__atomic_store_n(&e[EQE_BYTES - 1],
			 (uint8_t)((eqe[EQE_BYTES - 1] & ~1u) | ((q->prod >> q->log_size) & 1)),
			 __ATOMIC_RELEASE);
	q->prod = (q->prod + 1) & 0xffffff;
	a->eq_stats.eqes++;
	return true;
}

static void fire(struct sim_adapter *a, struct sim_eq *q)
{
	q->armed = false;
	if (!sim_msix_raise(a, q->intr))
		a->eq_stats.interrupts++;
}

/* An entry for q and, when it listens, its interrupt. */
static bool deliver(struct sim_adapter *a, struct sim_eq *q, const uint8_t *eqe)
{
	if (!write_eqe(a, q, eqe))
		return false;
	if (q->armed)
		fire(a, q);
	return true;
}

uint8_t sim_eq_create(struct sim_adapter *a, const uint8_t *in, size_t inlen, uint8_t *out,
		      size_t outlen, uint16_t *why)
{
	uint64_t log_size = PRM_GET(create_eq_in, in, inlen, "eq_context_entry.log_eq_size");
	uint64_t log_page = PRM_GET(create_eq_in, in, inlen, "eq_context_entry.log_page_size");
	struct sim_eq *q = NULL;
	size_t page_bytes, npas;

	if (log_size > MAX_LOG_EQ || log_page > 8 ||
	    PRM_GET(create_eq_in, in, inlen, "eq_context_entry.page_offset"))
		return *why = 1, MLX5_CMD_STAT_BAD_PARAM_ERR;
	page_bytes = (size_t)PAGE << log_page;
	npas = (((size_t)EQE_BYTES << log_size) + page_bytes - 1) / page_bytes;
	if (inlen < PAS_AT + npas * 8)
		return *why = 3, MLX5_CMD_STAT_BAD_INP_LEN_ERR;
	for (size_t i = 0; i < SIM_MAX_EQS && !q; i++)
		if (!a->eqs[i].used)
			q = &a->eqs[i];
	if (!q)
		return *why = 4, MLX5_CMD_STAT_LIM_ERR;
	memset(q, 0, sizeof(*q));
	q->pas = calloc(npas, sizeof(*q->pas));
	if (!q->pas)
		return *why = 6, MLX5_CMD_STAT_NO_RES_ERR;
	for (size_t i = 0; i < npas; i++) {
		prm_bits_get(in, inlen, (uint32_t)((PAS_AT + i * 8) * 8), 64, &q->pas[i]);
		if (q->pas[i] % PAGE || !sim_dma(a, q->pas[i], page_bytes < ((size_t)EQE_BYTES << log_size) ?
							    page_bytes : (size_t)EQE_BYTES << log_size)) {
			free(q->pas);
			q->pas = NULL;
			return *why = 5, MLX5_CMD_STAT_BAD_PARAM_ERR;	/* not host memory */
		}
	}
	q->bitmask[0] = PRM_GET(create_eq_in, in, inlen, "event_bitmask[0]");
	q->bitmask[1] = PRM_GET(create_eq_in, in, inlen, "event_bitmask[1]");
	q->bitmask[2] = PRM_GET(create_eq_in, in, inlen, "event_bitmask[2]");
	q->bitmask[3] = PRM_GET(create_eq_in, in, inlen, "event_bitmask[3]");
	q->log_size = (uint8_t)log_size;
	q->page_bytes = page_bytes;
	q->uar = (uint32_t)PRM_GET(create_eq_in, in, inlen, "eq_context_entry.uar_page");
	q->intr = (uint16_t)PRM_GET(create_eq_in, in, inlen, "eq_context_entry.intr");
	q->armed = true;
	q->fresh = true;
	do {	/* 8-bit numbers: skip any still in use after a wrap */
		q->eqn = a->next_eqn;
		a->next_eqn = a->next_eqn == 0xff ? SIM_FIRST_EQN : a->next_eqn + 1;
	} while (find(a, q->eqn));
	q->used = true;
	PRM_SET(create_eq_out, out, outlen, "eq_number", q->eqn);
	return MLX5_CMD_STAT_OK;
}

uint8_t sim_eq_destroy(struct sim_adapter *a, const uint8_t *in, size_t inlen, uint16_t *why)
{
	struct sim_eq *q = find(a, PRM_GET(destroy_eq_in, in, inlen, "eq_number"));

	if (!q)
		return *why = 1, MLX5_CMD_STAT_BAD_RES_ERR;
	q->used = false;
	free(q->pas);
	q->pas = NULL;
	return MLX5_CMD_STAT_OK;
}

uint8_t sim_eq_gen(struct sim_adapter *a, const uint8_t *in, size_t inlen, uint16_t *why)
{
	const struct prm_layout *l = &prm_layout_gen_eqe_in;
	struct sim_eq *q = find(a, PRM_GET(gen_eqe_in, in, inlen, "eq_number"));
	size_t at = prm_layout_bytes(l) - EQE_BYTES;	/* the entry ends the message */

	if (!q)
		return *why = 1, MLX5_CMD_STAT_BAD_RES_ERR;
	if (!deliver(a, q, in + at))
		return *why = 2, MLX5_CMD_STAT_BAD_PARAM_ERR;
	return MLX5_CMD_STAT_OK;
}

/* An event for every EQ that asked for its type; fresh ones only when fresh_too. */
static void post(struct sim_adapter *a, uint8_t type, uint8_t sub_type, const uint8_t *data,
		 size_t len, bool fresh_too)
{
	uint8_t eqe[EQE_BYTES] = { 0 };

	PRM_SET(eqe, eqe, sizeof(eqe), "type", type);
	PRM_SET(eqe, eqe, sizeof(eqe), "sub_type", sub_type);
	if (len)	/* an event without data passes none */
		memcpy(eqe + 0x20, data, len < 28 ? len : 28);
	for (size_t i = 0; i < SIM_MAX_EQS; i++) {
		struct sim_eq *q = &a->eqs[i];

		if (q->used && (q->bitmask[type / 64] >> (type % 64) & 1) && (fresh_too || !q->fresh))
			deliver(a, q, eqe);
	}
}

void sim_eq_post(struct sim_adapter *a, uint8_t type, uint8_t sub_type, const uint8_t *data,
		 size_t len)
{
	post(a, type, sub_type, data, len, true);
}

bool sim_eq_cmd_done(struct sim_adapter *a, unsigned slot)
{
	uint8_t vector[4] = { 0 };	/* mlx5_eqe_cmd: a big-endian bit per slot */
	uint64_t before = a->eq_stats.eqes;

	vector[3 - slot / 8] = (uint8_t)(1u << slot % 8);
	post(a, MLX5_EVENT_TYPE_CMD, 0, vector, sizeof(vector), false);
	for (size_t i = 0; i < SIM_MAX_EQS; i++)
		a->eqs[i].fresh = false;
	if (a->eq_stats.eqes == before)
		return false;
	a->eq_stats.cmd_eqes++;
	return true;
}

void sim_eq_doorbell(struct sim_adapter *a, uint32_t uar, uint32_t word, bool arm)
{
	struct sim_eq *q;

	pthread_mutex_lock(&a->lock);
	q = find(a, word >> 24);
	if (q && q->uar == uar) {	/* another page's doorbell does not reach it */
		a->eq_stats.doorbells++;
		q->cons = word & 0xffffff;
		if (arm && q->cons != q->prod)
			fire(a, q);
		else if (arm)
			q->armed = true;
	}
	pthread_mutex_unlock(&a->lock);
}

void sim_eq_reset(struct sim_adapter *a)
{
	for (size_t i = 0; i < SIM_MAX_EQS; i++)
		free(a->eqs[i].pas);
	memset(a->eqs, 0, sizeof(a->eqs));
}
