// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
#include "lib/prm/regtlv.h"

#include <errno.h>
#include <string.h>

#include "lib/prm/layouts/layouts.h"
#include "lib/prm/names.h"

#define CLASS_REG_ACCESS 1

size_t prm_regtlv_header_bytes(void)
{
	return prm_layout_bytes(&prm_layout_op_tlv) + prm_layout_bytes(&prm_layout_reg_tlv);
}

int prm_regtlv_encode(uint8_t *buf, size_t cap, uint16_t reg_id,
		      enum prm_reg_method method, const uint8_t *data, size_t len,
		      size_t *total, struct prm_err *err)
{
	size_t op = prm_layout_bytes(&prm_layout_op_tlv), hdr = prm_regtlv_header_bytes();
	size_t rt = hdr - op;

	if (len % 4 || hdr + len > cap)
		return prm_err_set(err, PRM_E_USAGE, EMSGSIZE, "too_large",
				   "register of %zu bytes does not fit a %zu-byte mailbox (dword multiple, at most %zu)",
				   len, cap, cap - hdr);
	memset(buf, 0, hdr + len);
	if (prm_set(&prm_layout_op_tlv, buf, op, "type", PRM_TLV_OPERATION, err) ||
	    prm_set(&prm_layout_op_tlv, buf, op, "len", op / 4, err) ||
	    prm_set(&prm_layout_op_tlv, buf, op, "register_id", reg_id, err) ||
	    prm_set(&prm_layout_op_tlv, buf, op, "method", method, err) ||
	    prm_set(&prm_layout_op_tlv, buf, op, "class", CLASS_REG_ACCESS, err) ||
	    prm_set(&prm_layout_reg_tlv, buf + op, rt, "type", PRM_TLV_REG, err) ||
	    prm_set(&prm_layout_reg_tlv, buf + op, rt, "len", (len + 4) / 4, err))
		return -1;
	if (len)
		memcpy(buf + hdr, data, len);
	*total = hdr + len;
	return 0;
}

int prm_regtlv_decode(const uint8_t *buf, size_t len, uint16_t reg_id,
		      uint8_t *status, struct prm_err *err)
{
	size_t op = prm_layout_bytes(&prm_layout_op_tlv);
	uint64_t type = 0, rtype = 0, id = 0, st = 0;

	if (len < prm_regtlv_header_bytes())
		return prm_err_set(err, PRM_E_FAILED, EPROTO, "bad_reply",
				   "register reply of %zu bytes is shorter than its TLVs", len);
	prm_get(&prm_layout_op_tlv, buf, op, "type", &type, NULL);
	prm_get(&prm_layout_op_tlv, buf, op, "register_id", &id, NULL);
	prm_get(&prm_layout_op_tlv, buf, op, "status", &st, NULL);
	prm_get(&prm_layout_reg_tlv, buf + op, prm_layout_bytes(&prm_layout_reg_tlv),
		"type", &rtype, NULL);
	if (type != PRM_TLV_OPERATION || rtype != PRM_TLV_REG)
		return prm_err_set(err, PRM_E_FAILED, EPROTO, "bad_reply",
				   "register reply has TLV types %llu/%llu, not %d/%d",
				   (unsigned long long)type, (unsigned long long)rtype,
				   PRM_TLV_OPERATION, PRM_TLV_REG);
	if (id != reg_id)
		return prm_err_set(err, PRM_E_FAILED, EPROTO, "bad_reply",
				   "register reply is for 0x%llx, not 0x%x",
				   (unsigned long long)id, reg_id);
	*status = (uint8_t)st;
	return 0;
}

const char *prm_reg_status_name(uint8_t status)
{
	const char *n = prm_name_of(&prm_reg_status_names, status);

	return n ? n : "unknown status";
}
