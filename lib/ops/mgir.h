/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_OPS_MGIR_H
#define PRMCTL_OPS_MGIR_H

#include <stddef.h>

#include "lib/util/err.h"

struct dev;

/*
 * MGIR (Management General Information Register): who a device is, for
 * records that must say where they came from (a trace capture's metadata).
 */

/*
 * The PSID as text: its printable leading characters (at most 16, and at
 * most size - 1), NUL-terminated. psid is left as it was when MGIR cannot
 * be read.
 */
int mgir_psid(struct dev *d, char *psid, size_t size, struct prm_err *err);

#endif
