/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_DEV_SIMSVC_H
#define PRMCTL_DEV_SIMSVC_H

#include <stddef.h>
#include <stdint.h>

#include "lib/util/err.h"

/* A client of a simulator service (sim:NAME); see lib/sim/proto.h. */

/*
 * One request to the service NAME: op with its text argument; the reply
 * text (and value) into reply. A service that does not answer is
 * PRM_E_NODEV ("no running simulator").
 */
int simsvc_call(const char *name, uint32_t op, const char *text, char *reply,
		size_t sz, uint32_t *val, struct prm_err *err);

/* The commands a service's firmware ran, oldest first (malloc'd). */
struct sim_cmd_record;
int simsvc_cmdlog(const char *name, struct sim_cmd_record **out, size_t *n,
		  struct prm_err *err);

#endif
