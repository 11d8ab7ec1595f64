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

/* TLV types (mstflint mtcr_ul_com.c TLV_OPERATION, TLV_REG). */
enum prm_tlv_type { PRM_TLV_OPERATION = 1, PRM_TLV_REG = 3 };

/*
 * The one list of register-access statuses (the operation TLV's status),
 * named as mstflint's return_by_reg_status() translates them
 * (ME_REG_ACCESS_N), with the string prm_reg_status_names prints. The
 * kernel has no names for these: it reaches registers through ACCESS_REG,
 * whose failures are command statuses.
 *
 * Add a status: one X() line, in ascending order.
 */
#define PRM_REG_STATUSES(X) \
	X(OK, 0x00, "ok") \
	X(DEV_BUSY, 0x01, "busy") \
	X(VER_NOT_SUPP, 0x02, "version not supported") \
	X(UNKNOWN_TLV, 0x03, "unknown TLV") \
	X(REG_NOT_SUPP, 0x04, "register not supported") \
	X(CLASS_NOT_SUPP, 0x05, "class not supported") \
	X(METHOD_NOT_SUPP, 0x06, "method not supported") \
	X(BAD_PARAM, 0x07, "bad parameter") \
	X(RES_NOT_AVLBL, 0x08, "resource not available") \
	X(MSG_RECPT_ACK, 0x09, "message receipt ack") \
	X(NOT_SUPPORTED_BY_SECONDARY, 0x0e, "not supported by secondary") \
	X(BAD_CONFIG, 0x20, "bad configuration") \
	X(ERASE_EXCEEDED, 0x21, "erase exceeded") \
	X(CONF_CORRUPT, 0x22, "configuration corrupt") \
	X(LEN_TOO_SMALL, 0x24, "length too small") \
	X(INTERNAL_ERROR, 0x70, "internal error")

enum prm_reg_status {
#define PRM_REG_STATUS_ENUM(name, value, str) PRM_REG_STATUS_##name = value,
	PRM_REG_STATUSES(PRM_REG_STATUS_ENUM)
#undef PRM_REG_STATUS_ENUM
};

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
