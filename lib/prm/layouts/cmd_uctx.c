// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * User contexts: CREATE_UCTX (0xa04) gives a uid that later commands carry
 * in their header (bits 0x10-0x1f), DESTROY_UCTX (0xa06) returns it. The
 * kernel's mlx5_fwctl creates one per open file (uctx.cap 0x4, TOOLS_RESOURCES,
 * when cmd_hca_cap.uctx_cap has it) and stamps its uid on every command.
 *
 * Source: linux include/linux/mlx5/mlx5_ifc.h (6.1: :11294-11298
 * mlx5_ifc_uctx_bits, :11373-11418 create/destroy_uctx_in/out);
 * drivers/fwctl/mlx5/main.c mlx5ctl_alloc_uid/mlx5ctl_release_uid.
 *
 * create_uctx_in is the 16-byte header (its uid is reserved there) and the
 * 48-byte uctx (cap at bit 0x80); the uid comes back at bit 0x50 of the
 * output and goes in at bit 0x50 of destroy_uctx_in. All others 16 bytes.
 */
#include "lib/prm/layouts/layouts.h"
#include "lib/prm/names.h"

#define SRC "linux include/linux/mlx5/mlx5_ifc.h "

#define IN_HDR								\
	PRM_FIELD("opcode", 0x00, 0x10, .names = &prm_cmd_opcode_names),	\
	PRM_FIELD("op_mod", 0x30, 0x10)
#define UID(d) PRM_FIELD("uid", 0x50, 0x10, .fmt = PRM_FMT_DEC, .desc = (d))

static const struct prm_field uctx_fields[] = {
	PRM_FIELD("cap", 0x00, 0x20,
		  .desc = "what the context may do (0x4: TOOLS_RESOURCES, device-wide state)"),
};

const struct prm_layout prm_layout_uctx = {
	.name = "uctx",
	.desc = "user context (48 bytes; CREATE_UCTX from byte 0x10)",
	.source = SRC "mlx5_ifc_uctx_bits",
	.bits = 0x180,
	PRM_LAYOUT_FIELDS(uctx_fields),
};

static const struct prm_field create_uctx_in_fields[] = {
	IN_HDR,
	PRM_FIELD("uctx", 0x80, 0x180, .sub = &prm_layout_uctx),
};

const struct prm_layout prm_layout_create_uctx_in = {
	.name = "create_uctx_in",
	.desc = "CREATE_UCTX input",
	.source = SRC "mlx5_ifc_create_uctx_in_bits",
	.bits = 0x200,
	PRM_LAYOUT_FIELDS(create_uctx_in_fields),
};

static const struct prm_field create_uctx_out_fields[] = {
	PRM_CMD_OUT_HDR,
	UID("the user context's id"),
};

const struct prm_layout prm_layout_create_uctx_out = {
	.name = "create_uctx_out",
	.desc = "CREATE_UCTX output",
	.source = SRC "mlx5_ifc_create_uctx_out_bits",
	.bits = 0x80,
	PRM_LAYOUT_FIELDS(create_uctx_out_fields),
};

static const struct prm_field destroy_uctx_in_fields[] = {
	IN_HDR,
	UID("the user context to end"),
};

const struct prm_layout prm_layout_destroy_uctx_in = {
	.name = "destroy_uctx_in",
	.desc = "DESTROY_UCTX input",
	.source = SRC "mlx5_ifc_destroy_uctx_in_bits",
	.bits = 0x80,
	PRM_LAYOUT_FIELDS(destroy_uctx_in_fields),
};

static const struct prm_field destroy_uctx_out_fields[] = {
	PRM_CMD_OUT_HDR,
};

const struct prm_layout prm_layout_destroy_uctx_out = {
	.name = "destroy_uctx_out",
	.desc = "DESTROY_UCTX output",
	.source = SRC "mlx5_ifc_destroy_uctx_out_bits",
	.bits = 0x80,
	PRM_LAYOUT_FIELDS(destroy_uctx_out_fields),
};
