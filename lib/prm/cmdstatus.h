/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_PRM_CMDSTATUS_H
#define PRMCTL_PRM_CMDSTATUS_H

#include <stddef.h>
#include <stdint.h>

#include "lib/util/err.h"

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
