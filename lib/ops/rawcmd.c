// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
#include "lib/ops/rawcmd.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "lib/dev/dev.h"
#include "lib/prm/caps.h"
#include "lib/prm/cmdstatus.h"
#include "lib/prm/layouts/layouts.h"
#include "lib/prm/names.h"
#include "lib/prm/opcodes.h"
#include "lib/prm/registers.h"

int rawcmd_build(struct rawcmd *c, uint16_t opcode, uint16_t op_mod, const uint8_t *body,
		 size_t body_len, size_t outlen, struct prm_err *err)
{
	memset(c, 0, sizeof(*c));
	c->opcode = opcode;
	c->op_mod = op_mod;
	c->info = prm_cmd_info(opcode);
	c->inlen = 8 + body_len;
	if (c->info && c->info->in && c->inlen < prm_layout_bytes(c->info->in))
		c->inlen = prm_layout_bytes(c->info->in);
	if (c->inlen < 16)
		c->inlen = 16;
	c->outlen = outlen;
	if (!c->outlen)
		c->outlen = c->info && c->info->out ? prm_layout_bytes(c->info->out) : 16;
	c->in = calloc(1, c->inlen);
	c->out = calloc(1, c->outlen);
	if (!c->in || !c->out) {
		rawcmd_free(c);
		return prm_err_set(err, PRM_E_FAILED, ENOMEM, "oom", "out of memory");
	}
	PRM_SET(mbox_in, c->in, c->inlen, "opcode", opcode);
	PRM_SET(mbox_in, c->in, c->inlen, "op_mod", op_mod);
	if (body_len)
		memcpy(c->in + 8, body, body_len);
	return 0;
}

void rawcmd_free(struct rawcmd *c)
{
	free(c->in);
	free(c->out);
	c->in = c->out = NULL;
}

int rawcmd_send(struct dev *d, struct rawcmd *c, bool write, struct prm_err *err)
{
	const char *name = prm_name_of(&prm_cmd_opcode_names, c->opcode);
	const struct cmd_chan *chan;

	/* an unknown opcode may change anything */
	if (((!c->info || c->info->changes_state) &&
	     dev_cmd_check_write(d, c->opcode, c->op_mod, write,
				 name ? name : "an unknown command", err)) ||
	    dev_cmd_chan(d, &chan, err))
		return -1;
	c->taints = dev_cmd_taints(d, c->opcode, c->op_mod);
	if (dev_cmd_exec(d, c->in, c->inlen, c->out, c->outlen, &c->res, err) ||
	    prm_cmd_check(err, d->label, c->in, c->inlen, c->res.status, c->res.syndrome))
		return -1;
	c->access = chan->access;
	return 0;
}

const struct prm_layout *rawcmd_payload(const struct rawcmd *c, const char **what,
					size_t *off)
{
	const struct prm_layout *l = NULL;

	*off = prm_layout_bytes(&prm_layout_mbox_out);
	if (c->opcode == MLX5_CMD_OP_QUERY_HCA_CAP && prm_cap_page_of_op_mod(c->op_mod)) {
		l = prm_cap_page_of_op_mod(c->op_mod)->layout;
		*what = "capability";
	} else if (c->opcode == MLX5_CMD_OP_ACCESS_REG) {
		const struct prm_register *r = prm_register_by_id(
			(uint16_t)PRM_GET(access_register_in, c->in, c->inlen, "register_id"));

		l = r ? r->layout : NULL;
		*what = "register";
	}
	if (!l || c->outlen < *off + prm_layout_bytes(l))
		return NULL;
	return l;
}
