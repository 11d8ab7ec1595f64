// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * The two TLVs in front of register data in an ICMD ACCESS_REGISTER (0x9001)
 * mailbox: operation TLV (16 bytes), register TLV header (4 bytes), then the
 * register itself.
 *
 * These are not in the register database or in mlx5_ifc.h. The source is
 * mstflint's mtcr_ul (Mellanox/mstflint@b9d9e844):
 *  - mtcr_ul/packets_layout.c OperationTlv_pack / reg_tlv_pack. push_to_buff()
 *    (packets_common.c) counts bit offsets MSB-first from byte 0, which is
 *    mlx5_ifc numbering, so the offsets below are the ones it uses;
 *    push_to_buff_64 stores tid big-endian.
 *  - packets_layout.h: TLV_OPERATION = 1, TLV_REG = 3, 4 dwords of operation TLV.
 *  - packets_layout.c init_operation_tlv: class = MAD_CLASS_1_REG_ACCESS (1),
 *    len = 4; include/mtcr_ul/mtcr_com_defs.h MACCESS_REG_METHOD_GET = 1,
 *    SET = 2, MAD_CLASS_A_REG_ACCESS = 0x0a.
 *  - mtcr_ul_com.c mreg_send_raw: reg_tlv.len = (reg_size + 4) >> 2 dwords;
 *    return_by_reg_status: the status values (prm_reg_status_names).
 * The header comments in packets_layout.h number from the LSB of each dword
 * ("status bit_offset:8", "Type bit_offset:27"). That is the same place as the
 * pack code gives.
 */
#include "lib/prm/layouts/layouts.h"
#include "lib/prm/names.h"

/* packets_layout.h TLV types */
static const struct prm_name tlv_type_v[] = {
	{ 0, "END" }, { 1, "OPERATION" }, { 2, "DR" }, { 3, "REG" },
	{ 4, "USER_DATA" },
};
static const struct prm_names tlv_type_names = { 5, tlv_type_v };

/* mtcr_com_defs.h maccess_reg_method_t */
static const struct prm_name method_v[] = { { 1, "GET" }, { 2, "SET" } };
static const struct prm_names method_names = { 2, method_v };

/* mtcr_com_defs.h MAD_CLASS_*_REG_ACCESS */
static const struct prm_name class_v[] = { { 0x01, "REG_ACCESS" }, { 0x0a, "REG_ACCESS_A" } };
static const struct prm_names class_names = { 2, class_v };

static const struct prm_field op_fields[] = {
	PRM_FIELD("type", 0x00, 5, .fmt = PRM_FMT_DEC, .names = &tlv_type_names,
		  .desc = "TLV type, 1 = operation"),
	PRM_FIELD("len", 0x05, 11, .fmt = PRM_FMT_DEC,
		  .desc = "TLV length in dwords, 4"),
	PRM_FIELD("dr", 0x10, 1, .fmt = PRM_FMT_BOOL,
		  .desc = "directed route"),
	PRM_FIELD("status", 0x11, 7, .names = &prm_reg_status_names,
		  .desc = "register access status, returned by the device"),
	PRM_FIELD("register_id", 0x20, 16,
		  .desc = "access register ID (0x9020 = MGIR, ...)"),
	PRM_FIELD("r", 0x30, 1, .fmt = PRM_FMT_BOOL,
		  .desc = "response bit"),
	PRM_FIELD("method", 0x31, 7, .fmt = PRM_FMT_DEC, .names = &method_names,
		  .desc = "1 = GET (query), 2 = SET (write)"),
	PRM_FIELD("class", 0x38, 8, .names = &class_names,
		  .desc = "1 = register access"),
	PRM_FIELD("tid", 0x40, 64,
		  .desc = "transaction ID"),
};

const struct prm_layout prm_layout_op_tlv = {
	.name = "op_tlv",
	.desc = "ICMD register access: operation TLV",
	.source = "mstflint mtcr_ul/packets_layout.c OperationTlv_pack",
	.bits = 0x80,
	PRM_LAYOUT_FIELDS(op_fields),
};

static const struct prm_field reg_fields[] = {
	PRM_FIELD("type", 0x00, 5, .fmt = PRM_FMT_DEC, .names = &tlv_type_names,
		  .desc = "TLV type, 3 = register"),
	PRM_FIELD("len", 0x05, 11, .fmt = PRM_FMT_DEC,
		  .desc = "TLV length in dwords, this header included: (register bytes + 4) / 4"),
};

const struct prm_layout prm_layout_reg_tlv = {
	.name = "reg_tlv",
	.desc = "ICMD register access: register TLV header; the register follows",
	.source = "mstflint mtcr_ul/packets_layout.c reg_tlv_pack",
	.bits = 0x20,
	PRM_LAYOUT_FIELDS(reg_fields),
};
