/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_OPS_RAWCMD_H
#define PRMCTL_OPS_RAWCMD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "lib/dev/cmdchan.h"
#include "lib/prm/cmdinfo.h"
#include "lib/util/err.h"

struct dev;

/*
 * One PRM command as an expert writes it (prmctl cmd): any opcode, the
 * input after the 8-byte header given as bytes. prmctl sizes the messages
 * from what it knows of the command, and refuses only what may change
 * state on hardware without --write.
 */
struct rawcmd {
	uint16_t opcode, op_mod;
	const struct prm_cmd_info *info;	/* NULL: a command prmctl does not know */
	uint8_t *in, *out;
	size_t inlen, outlen;
	const char *access;	/* after rawcmd_send: the channel that carried it */
	struct cmd_result res;	/* after rawcmd_send: status 0, and the syndrome */
	bool taints;		/* rawcmd_send sent it at a scope that taints the kernel */
};

/*
 * The input: the header's opcode and op_mod, then body. Its length is at
 * least the command's input layout and 16 bytes; the output's is outlen,
 * else the output layout's, else 16. rawcmd_free() gives both back.
 */
int rawcmd_build(struct rawcmd *c, uint16_t opcode, uint16_t op_mod, const uint8_t *body,
		 size_t body_len, size_t outlen, struct prm_err *err);
void rawcmd_free(struct rawcmd *c);

/* Run it on d (write: --write given); a status other than 0 is a failure. */
int rawcmd_send(struct dev *d, struct rawcmd *c, bool write, struct prm_err *err);

/*
 * What follows the output header where prmctl knows its layout: the
 * capability page of a QUERY_HCA_CAP ("capability"), the register of an
 * ACCESS_REG ("register"), found at byte *off. NULL when not known or when
 * the output is too short to hold it.
 */
const struct prm_layout *rawcmd_payload(const struct rawcmd *c, const char **what,
					size_t *off);

#endif
