/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_SIM_CFGBATCH_H
#define PRMCTL_SIM_CFGBATCH_H

#include "lib/sim/adapter.h"
#include "lib/sim/proto.h"
#include "lib/util/err.h"

/*
 * The service's side of SIM_OP_CFG_BATCH (lib/sim/proto.h): the request
 * comes from outside, so all of it is checked before any access is made;
 * then the accesses run in order and the reads' values fill r->text, their
 * count r->val. A malformed request runs nothing and is an error.
 */
int sim_cfg_batch(struct sim_adapter *a, const struct sim_req *q, struct sim_rsp *r,
		  struct prm_err *err);

#endif
