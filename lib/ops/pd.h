/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_OPS_PD_H
#define PRMCTL_OPS_PD_H

#include <stdint.h>

#include "lib/util/err.h"

struct dev;

/*
 * Protection domains (ALLOC_PD, DEALLOC_PD): the tracer ring's memory key,
 * DCTs and QPs each need one. Errors are dev_cmd_run()'s, unprefixed.
 */
int pd_alloc(struct dev *d, uint32_t *pd, struct prm_err *err);
int pd_dealloc(struct dev *d, uint32_t pd, struct prm_err *err);

#endif
