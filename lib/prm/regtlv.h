/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_PRM_REGTLV_H
#define PRMCTL_PRM_REGTLV_H

#include <stddef.h>
#include <stdint.h>

#include "lib/util/err.h"

/*
 * Register access as ICMD opcode 0x9001 carries it: an operation TLV, a
 * register TLV header, then the register (mstflint mreg_send_raw).
 */
#define PRM_ICMD_REG_ACCESS 0x9001

enum prm_reg_method { PRM_REG_GET = 1, PRM_REG_SET = 2 };

/* Bytes the TLVs take before the register data. */
size_t prm_regtlv_header_bytes(void);

/* Build the request into buf (cap bytes); *total = header + len. */
int prm_regtlv_encode(uint8_t *buf, size_t cap, uint16_t reg_id,
		      enum prm_reg_method method, const uint8_t *data, size_t len,
		      size_t *total, struct prm_err *err);

/*
 * Check a reply for the same register: TLV types, register id; *status is
 * the operation TLV status (0 = done), the data follows the header.
 */
int prm_regtlv_decode(const uint8_t *buf, size_t len, uint16_t reg_id,
		      uint8_t *status, struct prm_err *err);

/* Name of a register-access status (mstflint return_by_reg_status). */
const char *prm_reg_status_name(uint8_t status);

#endif
