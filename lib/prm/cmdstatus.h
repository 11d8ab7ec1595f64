/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_PRM_CMDSTATUS_H
#define PRMCTL_PRM_CMDSTATUS_H

#include <stddef.h>
#include <stdint.h>

#include "lib/util/err.h"

/*
 * The one list of command statuses (mbox_out.status), under the kernel's
 * names: value V named N here is MLX5_CMD_STAT_N = V in
 * include/linux/mlx5/device.h, and S is what cmd.c cmd_status_str() prints
 * for it, as prm_cmd_status_names does. The simulator answers with these,
 * the host tests for them.
 *
 * Add a status: one X() line, in ascending order.
 */
#define PRM_CMD_STATUSES(X) \
	X(OK, 0x00, "OK") \
	X(INT_ERR, 0x01, "internal error") \
	X(BAD_OP_ERR, 0x02, "bad operation") \
	X(BAD_PARAM_ERR, 0x03, "bad parameter") \
	X(BAD_SYS_STATE_ERR, 0x04, "bad system state") \
	X(BAD_RES_ERR, 0x05, "bad resource") \
	X(RES_BUSY, 0x06, "resource busy") \
	X(NOT_READY, 0x07, "FW not ready") \
	X(LIM_ERR, 0x08, "limits exceeded") \
	X(BAD_RES_STATE_ERR, 0x09, "bad resource state") \
	X(IX_ERR, 0x0a, "bad index") \
	X(NO_RES_ERR, 0x0f, "no resources") \
	X(BAD_QP_STATE_ERR, 0x10, "bad QP state") \
	X(BAD_PKT_ERR, 0x30, "bad packet (discarded)") \
	X(BAD_SIZE_OUTS_CQES_ERR, 0x40, "bad size too many outstanding CQEs") \
	X(BAD_INP_LEN_ERR, 0x50, "bad input length") \
	X(BAD_OUTP_LEN_ERR, 0x51, "bad output length")

enum mlx5_cmd_stat {
#define PRM_CMD_STAT_ENUM(name, value, str) MLX5_CMD_STAT_##name = value,
	PRM_CMD_STATUSES(PRM_CMD_STAT_ENUM)
#undef PRM_CMD_STAT_ENUM
};

/*
 * A failed command, as the kernel's mlx5_cmd_out_err line says it but with
 * every number named: "QUERY_HCA_CAP(0x100) op_mod(0x1) failed, status bad
 * parameter(0x3), syndrome (0x123456)". Fills err (PRM_E_FAILED); returns -1.
 */
int prm_cmd_failed(struct prm_err *err, const char *label, uint16_t opcode,
		   uint16_t op_mod, uint8_t status, uint32_t syndrome);

/* The same from a command's input message: 0 when status is 0. */
int prm_cmd_check(struct prm_err *err, const char *label, const void *in, size_t inlen,
		  uint8_t status, uint32_t syndrome);

/* A command input's opcode and op_mod (0 when the message is too short). */
uint16_t prm_cmd_opcode(const void *in, size_t inlen);
uint16_t prm_cmd_op_mod(const void *in, size_t inlen);

#endif
