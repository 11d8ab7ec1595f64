// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * The command channel: which carrier takes a PRM command to the firmware.
 * The carriers differ below one exec call, so every command in prmctl is
 * written once and says in its output which carrier ran it. fwctl first:
 * with mlx5_core loaded it is the kernel's own path, and the command queue
 * belongs to the driver.
 */
#include "lib/dev/cmdchan.h"

#include <errno.h>
#include <string.h>

#include "lib/dev/cfg.h"
#include "lib/dev/cmdq.h"
#include "lib/dev/dev.h"
#include "lib/dev/fwctl.h"
#include "lib/dev/icmd.h"
#include "lib/prm/fwctl_scope.h"
#include "lib/prm/cmdstatus.h"
#include "lib/prm/layouts/layouts.h"
#include "lib/prm/names.h"
#include "lib/prm/regtlv.h"
#include "lib/prm/opcodes.h"


/* ---- the command queue ---- */

static int cmdq_chan_exec(struct dev *d, const void *in, size_t inlen, void *out,
			  size_t outlen, struct cmd_result *res, struct prm_err *err)
{
	struct cmdq *q;

	return dev_cmdq(d, &q, err) ? -1 : cmdq_exec(q, in, inlen, out, outlen, res, err);
}

static const char *cmdq_refuses(struct dev *d, uint16_t opcode, uint16_t op_mod)
{
	(void)d, (void)opcode, (void)op_mod;
	return NULL;
}

static const struct cmd_chan chan_cmdq = { "cmdq", cmdq_chan_exec, cmdq_refuses };
/* the same queue, run by prmctl on a function bound to vfio-pci */
static const struct cmd_chan chan_vfio = { "vfio", cmdq_chan_exec, cmdq_refuses };

/* ---- ICMD: ACCESS_REG only, as the gateway's register access ---- */

static const char *icmd_refuses(struct dev *d, uint16_t opcode, uint16_t op_mod)
{
	(void)op_mod;
	if (opcode == MLX5_CMD_OP_ACCESS_REG)
		return NULL;
	/* beside mlx5_core the queue is the driver's: fwctl is the only way */
	if (dev_mlx5_core_bound(d) && !d->info.fwctl[0])
		return "ICMD carries only ACCESS_REG, and the command queue is mlx5_core's: other "
		       "commands need fwctl, and this function has no fwctl node (modprobe "
		       "mlx5_fwctl: Linux 6.15 or later, a signed module under lockdown)";
	return "ICMD carries only ACCESS_REG (a command needs fwctl or the command queue)";
}

static int icmd_chan_exec(struct dev *d, const void *in, size_t inlen, void *out,
			  size_t outlen, struct cmd_result *res, struct prm_err *err)
{
	const struct prm_layout *il = &prm_layout_access_register_in;
	size_t hdr = prm_layout_bytes(il), ohdr = prm_layout_bytes(&prm_layout_access_register_out);
	uint16_t opcode = prm_cmd_opcode(in, inlen);
	const char *why = icmd_refuses(d, opcode, 0);
	struct icmd *ic;
	size_t len;

	if (why) {
		const char *n = prm_name_of(&prm_cmd_opcode_names, opcode);

		return prm_err_set(err, PRM_E_NODEV, ENOTSUP, "not_on_path",
				   "%s: %s(0x%x): %s", d->label, n ? n : "UNKNOWN", opcode, why);
	}
	if (inlen < hdr || outlen < ohdr)
		return prm_err_set(err, PRM_E_USAGE, EINVAL, "bad_length",
				   "ACCESS_REG: input and output carry a 16-byte header");
	len = inlen - hdr < outlen - ohdr ? inlen - hdr : outlen - ohdr;
	memset(out, 0, outlen);
	memcpy((uint8_t *)out + ohdr, (const uint8_t *)in + hdr, len);
	/* op_mod 1 reads, 0 writes (the driver's !write) */
	if (dev_icmd(d, &ic, err) ||
	    icmd_reg_access(ic, (uint16_t)PRM_GET(access_register_in, in, inlen, "register_id"),
			    prm_cmd_op_mod(in, inlen) ? PRM_REG_GET : PRM_REG_SET,
			    (uint8_t *)out + ohdr, len, err))
		return -1;
	*res = (struct cmd_result){ 0 };
	return 0;
}

static const struct cmd_chan chan_icmd = { "icmd", icmd_chan_exec, icmd_refuses };

/* ---- fwctl: the kernel's driver carries it, at an explicit scope ---- */

static enum fwctl_rpc_scope scope_of(const struct dev *d, uint16_t opcode, uint16_t op_mod)
{
	return fwctl_scope_for(opcode, op_mod, d->write);
}

static const char *fwctl_refuses(struct dev *d, uint16_t opcode, uint16_t op_mod)
{
	static char why[256];

	if (fwctl_scope_explain(opcode, op_mod, scope_of(d, opcode, op_mod), why,
				sizeof(why)) == FWCTL_ALLOWED)
		return NULL;
	return why;
}

static int fwctl_chan_exec(struct dev *d, const void *in, size_t inlen, void *out,
			   size_t outlen, struct cmd_result *res, struct prm_err *err)
{
	return fwctl_rpc(d->fwctl, scope_of(d, prm_cmd_opcode(in, inlen), prm_cmd_op_mod(in, inlen)),
			 in, inlen, out, outlen, res, err);
}

static const struct cmd_chan chan_fwctl = { "fwctl", fwctl_chan_exec, fwctl_refuses };

/* fwctl when the PCI function has a node; 1 when it has none. */
static int try_fwctl(struct dev *d, bool wanted, struct prm_err *err)
{
	char node[64];
	struct prm_err why = { 0 };

	if (!d->has_info)
		return wanted ? prm_err_set(err, PRM_E_NODEV, ENOTSUP, "no_fwctl",
					    "%s: fwctl needs a PCI function with mlx5_core loaded",
					    d->label) : 1;
	if (fwctl_node_of_pci(&d->name.pci, node, sizeof(node), wanted ? err : &why))
		return wanted ? -1 : 1;
	return fwctl_open(node, NULL, &d->fwctl, err);
}

/* ---- the choice ---- */

static int pick(struct dev *d, const char *want, const struct cmd_chan **out,
		struct prm_err *err)
{
	struct cmdq *q;
	struct prm_err why = { 0 };
	int rc;

	if (!want || strcmp(want, "fwctl") == 0) {
		rc = try_fwctl(d, want != NULL, err);
		if (rc < 0)
			return -1;
		if (rc == 0) {
			*out = &chan_fwctl;
			return 0;
		}
	}
	if (!want || strcmp(want, "cmdq") == 0 || strcmp(want, "vfio") == 0) {
		if (dev_cmdq(d, &q, want ? err : &why) == 0) {
			*out = d->access && !strcmp(d->access, "vfio") ? &chan_vfio : &chan_cmdq;
			return 0;
		}
		if (want || why.kind == PRM_E_TIMEOUT || (d->ops && d->ops->dma_open)) {
			/* the queue exists but would not come up: that is the answer */
			if (!want)
				*err = why;
			return -1;
		}
	}
	if (!want || strcmp(want, "icmd") == 0) {
		struct cfg_port *cfg;

		/* the gateway itself is opened when a command needs it */
		if (want || dev_cfg(d, &cfg, &why) == 0) {
			*out = &chan_icmd;
			return 0;
		}
		return prm_err_set(err, PRM_E_NODEV, ENOTSUP, "no_command_channel",
				   "%s: no command channel: no fwctl node, no DMA memory for the "
				   "command queue, no config space for ICMD", d->label);
	}
	return prm_err_set(err, PRM_E_NODEV, ENOTSUP, "no_access_path",
			   "%s: access path '%s' does not carry commands (fwctl, cmdq, icmd, vfio do)",
			   d->label, want);
}

int dev_cmd_chan(struct dev *d, const struct cmd_chan **out, struct prm_err *err)
{
	const struct cmd_chan *c;

	if (!d->chan) {
		if (pick(d, d->want_access, &c, err))
			return -1;
		d->chan = c;
	}
	*out = d->chan;
	return 0;
}

int dev_cmd_exec(struct dev *d, const void *in, size_t inlen, void *out, size_t outlen,
		 struct cmd_result *res, struct prm_err *err)
{
	const struct cmd_chan *c;

	if (dev_cmd_chan(d, &c, err))
		return -1;
	return c->exec(d, in, inlen, out, outlen, res, err);
}

int dev_cmd_run(struct dev *d, const void *in, size_t inlen, void *out, size_t outlen,
		struct prm_err *err)
{
	struct cmd_result r;

	if (dev_cmd_exec(d, in, inlen, out, outlen, &r, err))
		return -1;
	return prm_cmd_check(err, d->label, in, inlen, r.status, r.syndrome);
}

int dev_cmd_check_write(struct dev *d, uint16_t opcode, uint16_t op_mod, bool write,
			const char *what, struct prm_err *err)
{
	const struct cmd_chan *c;
	struct prm_err ignored = { 0 };
	char why[320];

	if (!dev_check_write(d, write, what, err))
		return 0;
	/* refused either way; through fwctl the kernel's rules say more */
	if (dev_cmd_chan(d, &c, &ignored) || c != &chan_fwctl)
		return -1;
	if (fwctl_scope_explain(opcode, op_mod, FWCTL_RPC_DEBUG_WRITE, why, sizeof(why)) ==
	    FWCTL_NEVER)
		return prm_err_set(err, PRM_E_NODEV, EPERM, "fwctl_refused",
				   "%s: not sent: %s; --write would not change that (prmctl's copy of the kernel's allowlist)",
				   d->label, why);
	if (fwctl_scope_taints(fwctl_scope_for(opcode, op_mod, true)))
		return prm_err_set(err, PRM_E_USAGE, EPERM, "needs_write",
				   "%s: %s changes device state: refused on hardware without --write; through fwctl the kernel passes it only at scope debug-write, and taints itself (TAINT_FWCTL) the first time that scope is used",
				   d->label, what);
	return -1;
}

bool dev_cmd_taints(const struct dev *d, uint16_t opcode, uint16_t op_mod)
{
	return d->chan == &chan_fwctl && fwctl_scope_taints(scope_of(d, opcode, op_mod));
}

int dev_cmd_release(struct dev *d, struct prm_err *err)
{
	struct cmdq *q = d->cmdq;

	dev_page_events_stop(d);
	d->cmdq = NULL;
	d->chan = NULL;
	if (q && cmdq_shutdown(q, err)) {
		prm_err_prefix(err, "teardown: ");
		return -1;
	}
	return 0;
}
