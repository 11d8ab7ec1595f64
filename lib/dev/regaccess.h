/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_DEV_REGACCESS_H
#define PRMCTL_DEV_REGACCESS_H

#include <stddef.h>
#include <stdint.h>

#include "lib/prm/regtlv.h"
#include "lib/util/err.h"

struct dev;

/*
 * Access register reg_id: data holds len bytes to send (SET) or is filled
 * (GET; SET returns the register too). ICMD when the gateway answers (it
 * needs no driver and no bring-up), else ACCESS_REG through the command
 * channel; --access icmd|cmdq|fwctl forces one. *via names the carrier.
 */
int dev_reg_access(struct dev *d, uint16_t reg_id, enum prm_reg_method m, uint8_t *data,
		   size_t len, const char **via, struct prm_err *err);

#endif
