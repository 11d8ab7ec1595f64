/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_OPS_DCT_H
#define PRMCTL_OPS_DCT_H

#include <stdbool.h>
#include <stdint.h>

#include "lib/util/err.h"

struct dev;
struct eq;

/*
 * DC targets (seed 001): CREATE_DCT, QUERY_DCT, DRAIN_DCT and its
 * DCT_DRAINED event, DESTROY_DCT, ARM_DCT_FOR_KEY_VIOLATION and its
 * DCT_KEY_VIOLATION event. A command the firmware fails is an error naming
 * its status and syndrome (dev_cmd_run()'s message, unprefixed). The PD a
 * DCT needs comes from lib/ops/pd.h.
 */

/* What CREATE_DCT is given; zero mtu, port and hop_limit mean 1024 bytes, port 1 and 64. */
struct dct_attr {
	uint64_t pd, cqn, srqn, user_index, key;
	uint64_t mtu;		/* the dctc code (prm_dct_mtu_code()), not bytes */
	uint64_t port, min_rnr_nak, hop_limit, tclass;
	bool rre, rwe, rae;
};

#define DCT_CTX_BYTES 64	/* dctc: 0x200 bits */

/* A DCT as QUERY_DCT tells it. */
struct dct_info {
	uint8_t state;		/* enum dct_state */
	uint32_t pd, cqn, key_violations;
	uint64_t key;
	uint8_t ctx[DCT_CTX_BYTES];	/* the whole context (prm_layout_dctc), for printing */
};

int dct_create(struct dev *d, const struct dct_attr *a, uint32_t *dctn, struct prm_err *err);
int dct_query(struct dev *d, uint32_t dctn, struct dct_info *info, struct prm_err *err);
int dct_destroy(struct dev *d, uint32_t dctn, struct prm_err *err);
int dct_arm(struct dev *d, uint32_t dctn, struct prm_err *err);

/*
 * DRAIN_DCT, and with wait the DCT_DRAINED event within timeout_ms (an
 * error of kind PRM_E_TIMEOUT past it); *waited_ms from DRAIN_DCT's end.
 */
int dct_drain_wait(struct dev *d, uint32_t dctn, bool wait, uint64_t timeout_ms,
		   uint64_t *waited_ms, struct prm_err *err);

/*
 * The DCTs in [first, first + count) that answer QUERY_DCT, at most max of
 * them into v: no command lists them. A refusal is not an error here.
 */
int dct_probe(struct dev *d, uint64_t first, uint64_t count, uint32_t *v, unsigned max,
	      unsigned *n, struct prm_err *err);

/* An event queue for one DCT event type (MLX5_EVENT_TYPE_DCT_DRAINED or _KEY_VIOLATION); eq_destroy() ends it. */
int dct_events_create(struct dev *d, unsigned type, struct eq **q, struct prm_err *err);

/*
 * The next event, waiting up to timeout_ms: 0 when it is of that type, with
 * the DCT it names in *dctn; 1 when none came or another type did; -1 on
 * failure (interrupted).
 */
int dct_event_next(struct eq *q, unsigned type, unsigned timeout_ms, uint32_t *dctn,
		   struct prm_err *err);

#endif
