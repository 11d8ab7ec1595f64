/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_OUT_FMSG_PRINT_H
#define PRMCTL_OUT_FMSG_PRINT_H

#include "lib/nl/fmsg.h"

/*
 * A devlink health message, any driver's, through the emitter: objects as
 * objects, pairs as members, arrays as arrays, numbers as numbers, binary
 * as a byte run (hex rows in text, an array of numbers in JSON, as
 * iproute2's devlink -j prints it). key names the whole message.
 */
void out_fmsg(const char *key, const struct fmsg_node *root);

#endif
