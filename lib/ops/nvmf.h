/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_OPS_NVMF_H
#define PRMCTL_OPS_NVMF_H

#include <stdint.h>

#include "lib/prm/nvmf.h"
#include "lib/util/err.h"

struct dev;

/*
 * NVMe-oF target offload namespaces: their counters
 * (QUERY_NVMF_NAMESPACE_CONTEXT), behind the capability that says the
 * device has the offload at all.
 */

#define NVMF_PROBE_NS 32	/* namespaces tried when none is named */

/* 0 when general.nvmf_target_offload is set, else -1 (PRM_E_NODEV) naming d. */
int nvmf_offload_check(struct dev *d, struct prm_err *err);

/* One namespace's counters: 0, 1 when it is not there, -1 on failure. */
int nvmf_ns_query(struct dev *d, uint64_t xrqn, uint32_t nsid, struct nvmf_ns *ns,
		  struct prm_err *err);

/*
 * The namespaces of an XRQ: those in want, each of which must answer, or
 * with nwant 0 every one of 1-NVMF_PROBE_NS that does. ids and found get
 * *n entries (room for nwant, or NVMF_PROBE_NS).
 */
int nvmf_ns_find(struct dev *d, uint64_t xrqn, const uint32_t *want, unsigned nwant,
		 uint32_t *ids, struct nvmf_ns *found, unsigned *n, struct prm_err *err);

#endif
