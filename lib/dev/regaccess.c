// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
#include "lib/dev/regaccess.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "lib/dev/cmdchan.h"
#include "lib/dev/dev.h"
#include "lib/dev/icmd.h"
#include "lib/prm/layouts/layouts.h"
#include "lib/prm/opcodes.h"
#include "lib/prm/registers.h"


static int over_command(struct dev *d, uint16_t reg_id, enum prm_reg_method m,
			uint8_t *data, size_t len, struct prm_err *err)
{
	size_t hdr = prm_layout_bytes(&prm_layout_access_register_in);
	size_t ohdr = prm_layout_bytes(&prm_layout_access_register_out);
	uint8_t *in = calloc(1, hdr + len), *out = calloc(1, ohdr + len);
	int rc = -1;

	if (!in || !out) {
		prm_err_set(err, PRM_E_FAILED, ENOMEM, "oom", "out of memory");
		goto done;
	}
	PRM_SET(access_register_in, in, hdr + len, "opcode", MLX5_CMD_OP_ACCESS_REG);
	/* op_mod 1 reads, 0 writes */
	PRM_SET(access_register_in, in, hdr + len, "op_mod", m == PRM_REG_GET);
	PRM_SET(access_register_in, in, hdr + len, "register_id", reg_id);
	memcpy(in + hdr, data, len);
	if (dev_cmd_run(d, in, hdr + len, out, ohdr + len, err))
		goto done;
	memcpy(data, out + ohdr, len);
	rc = 0;
done:
	free(in);
	free(out);
	return rc;
}

static int reg_reach(struct dev *d, uint16_t reg_id, enum prm_reg_method m, uint8_t *data,
		     size_t len, const char **via, struct prm_err *err)
{
	const char *want = d->want_access;
	const struct cmd_chan *c;
	struct prm_err why = { 0 };
	struct icmd *ic;

	/* beside mlx5_core with fwctl: ACCESS_REG through it, the gateway left to the driver */
	if (!want && dev_mlx5_core_bound(d) && d->info.fwctl[0] && dev_cmd_chan(d, &c, &why) == 0) {
		*via = c->access;
		return over_command(d, reg_id, m, data, len, err);
	}
	if (!want || strcmp(want, "icmd") == 0 || strcmp(want, "pci") == 0) {
		if (dev_icmd(d, &ic, want ? err : &why) == 0) {
			*via = "icmd";
			return icmd_reg_access(ic, reg_id, m, data, len, err);
		}
		/* no gateway here: the command channel, unless ICMD was asked for
		 * or the gateway is there but failed */
		if (want || why.kind != PRM_E_NODEV) {
			if (!want)
				*err = why;
			return -1;
		}
	}
	if (dev_cmd_chan(d, &c, err)) {
		/* neither: both reasons (lockdown closes the gateway, no fwctl node) */
		if (!want && why.msg[0])
			prm_err_prefix(err, "registers: ICMD: %.200s; the command channel: ", why.msg);
		return -1;
	}
	*via = c->access;
	return over_command(d, reg_id, m, data, len, err);
}

int dev_reg_access(struct dev *d, uint16_t reg_id, enum prm_reg_method m, uint8_t *data,
		   size_t len, const char **via, struct prm_err *err)
{
	const struct prm_register *r;

	if (!reg_reach(d, reg_id, m, data, len, via, err))
		return 0;
	/* the device answered, and said no: which register, for scripts */
	if (err && err->nfields) {
		r = prm_register_by_id(reg_id);
		prm_err_str(err, "register", r ? r->name : NULL);
		prm_err_num(err, "register_id", reg_id);
		prm_err_str(err, "method", m == PRM_REG_GET ? "read" : "write");
	}
	return -1;
}
