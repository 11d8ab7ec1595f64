/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_DEV_FWCTL_UAPI_H
#define PRMCTL_DEV_FWCTL_UAPI_H

/*
 * The Linux fwctl user API, defined here because the kernel headers Debian
 * ships predate fwctl (merged for Linux 6.15). Written from, and checked
 * against:
 *   torvalds/linux include/uapi/fwctl/fwctl.h @ d829c46f770a428cf14673594c0381b24d52b669
 *   torvalds/linux include/uapi/fwctl/mlx5.h  @ 512a93a93dbe739aa5f6aeb22f179dff3f89300e
 *   torvalds/linux drivers/fwctl/main.c       @ 844e31bbaef7c8a6ff2c0fbac45c0c85b5484482
 *     (IOCTL_OP table: min_size = offsetofend(fwctl_info, out_device_data)
 *      and offsetofend(fwctl_rpc, out), i.e. the whole structs below)
 * The layout is ABI: the _Static_asserts at the end hold it to the kernel's.
 *
 * If the system headers do carry fwctl one day, whichever is included first
 * wins (the kernel's include guards are honoured and set), and the asserts
 * still check the kernel's definitions.
 */

#include <stddef.h>
#include <linux/ioctl.h>
#include <linux/types.h>

#include "lib/prm/fwctl_scope.h"

#ifndef _UAPI_FWCTL_H
#define _UAPI_FWCTL_H

#define FWCTL_TYPE 0x9A

enum {
	FWCTL_CMD_BASE = 0,
	FWCTL_CMD_INFO = 0,
	FWCTL_CMD_RPC = 1,
};

/* BNXT = 3 and others came later; mlx5 is the only one prmctl accepts. */
enum fwctl_device_type {
	FWCTL_DEVICE_TYPE_ERROR = 0,
	FWCTL_DEVICE_TYPE_MLX5 = 1,
	FWCTL_DEVICE_TYPE_CXL = 2,
	FWCTL_DEVICE_TYPE_PDS = 4,
};

struct fwctl_info {
	__u32 size;		/* sizeof(struct fwctl_info) */
	__u32 flags;		/* must be 0 (EOPNOTSUPP otherwise) */
	__u32 out_device_type;	/* enum fwctl_device_type */
	__u32 device_data_len;	/* in: buffer size; out: the driver's size */
	__aligned_u64 out_device_data;	/* kernel fills all of it, zero-padded */
};
/* _IO, not _IOWR: the size travels in the struct's first word. */
#define FWCTL_INFO _IO(FWCTL_TYPE, FWCTL_CMD_INFO)

/* enum fwctl_rpc_scope: lib/prm/fwctl_scope.h, whose rules are written in it */

struct fwctl_rpc {
	__u32 size;		/* sizeof(struct fwctl_rpc) */
	__u32 scope;		/* enum fwctl_rpc_scope */
	__u32 in_len;
	__u32 out_len;		/* in: buffer size; out: the driver's length */
	__aligned_u64 in;	/* PRM *_in, big-endian */
	__aligned_u64 out;	/* PRM *_out: status byte 0, syndrome bytes 4-7 */
};
#define FWCTL_RPC _IO(FWCTL_TYPE, FWCTL_CMD_RPC)

#endif /* _UAPI_FWCTL_H */

#ifndef _UAPI_FWCTL_MLX5_H
#define _UAPI_FWCTL_MLX5_H

/* FWCTL_INFO out_device_data of an mlx5 node. */
struct fwctl_info_mlx5 {
	__u32 uid;		/* the FW UID the kernel stamps into every command */
	__u32 uctx_caps;	/* 0x4 = TOOLS_RESOURCES when the FW offers it */
};

#endif /* _UAPI_FWCTL_MLX5_H */

/*
 * Not uAPI, but facts of the same kernel (drivers/fwctl/main.c MAX_RPC_LEN;
 * drivers/fwctl/mlx5/main.c MLX5_UCTX_OBJECT_CAP_TOOLS_RESOURCES and the
 * 16-byte mbox_in_hdr/mbox_out_hdr minimum in mlx5ctl_fw_rpc).
 */
#define FWCTL_MAX_RPC_LEN (2u * 1024 * 1024)
#define FWCTL_MLX5_MIN_MSG 16u
#define FWCTL_MLX5_UCTX_CAP_TOOLS_RESOURCES 0x4u

_Static_assert(FWCTL_INFO == 0x9A00, "FWCTL_INFO is _IO(0x9A, 0)");
_Static_assert(FWCTL_RPC == 0x9A01, "FWCTL_RPC is _IO(0x9A, 1)");
_Static_assert(sizeof(struct fwctl_info) == 24, "fwctl_info ABI size");
_Static_assert(offsetof(struct fwctl_info, size) == 0, "fwctl_info.size");
_Static_assert(offsetof(struct fwctl_info, flags) == 4, "fwctl_info.flags");
_Static_assert(offsetof(struct fwctl_info, out_device_type) == 8, "fwctl_info.out_device_type");
_Static_assert(offsetof(struct fwctl_info, device_data_len) == 12, "fwctl_info.device_data_len");
_Static_assert(offsetof(struct fwctl_info, out_device_data) == 16, "fwctl_info.out_device_data");
_Static_assert(sizeof(struct fwctl_rpc) == 32, "fwctl_rpc ABI size");
_Static_assert(offsetof(struct fwctl_rpc, size) == 0, "fwctl_rpc.size");
_Static_assert(offsetof(struct fwctl_rpc, scope) == 4, "fwctl_rpc.scope");
_Static_assert(offsetof(struct fwctl_rpc, in_len) == 8, "fwctl_rpc.in_len");
_Static_assert(offsetof(struct fwctl_rpc, out_len) == 12, "fwctl_rpc.out_len");
_Static_assert(offsetof(struct fwctl_rpc, in) == 16, "fwctl_rpc.in");
_Static_assert(offsetof(struct fwctl_rpc, out) == 24, "fwctl_rpc.out");
_Static_assert(_Alignof(struct fwctl_rpc) == 8, "fwctl_rpc is 8-aligned on every ABI");
_Static_assert(_Alignof(struct fwctl_info) == 8, "fwctl_info is 8-aligned on every ABI");
_Static_assert(sizeof(struct fwctl_info_mlx5) == 8, "fwctl_info_mlx5 ABI size");
_Static_assert(offsetof(struct fwctl_info_mlx5, uctx_caps) == 4, "fwctl_info_mlx5.uctx_caps");
_Static_assert(FWCTL_RPC_CONFIGURATION == 0 && FWCTL_RPC_DEBUG_READ_ONLY == 1 &&
	       FWCTL_RPC_DEBUG_WRITE == 2 && FWCTL_RPC_DEBUG_WRITE_FULL == 3,
	       "enum fwctl_rpc_scope values");
_Static_assert(FWCTL_DEVICE_TYPE_MLX5 == 1, "enum fwctl_device_type MLX5");

#endif
