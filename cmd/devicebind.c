// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * prmctl device bind: hand a function to vfio-pci (for --access vfio, the
 * command queue run by prmctl when no driver can) and back to mlx5_core.
 * What goes away with the driver is said before anything is done, and a
 * function the host talks through is refused unless --force.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "cmd/core/cmd.h"
#include "cmd/device.h"
#include "lib/dev/dev.h"
#include "lib/dev/pcibind.h"
#include "lib/out/out.h"
#include "lib/util/clock.h"

#define DEFAULT_WAIT_MS 60000	/* mlx5_core's probe under emulation takes seconds */

enum { OPT_RESTORE = 0x700, OPT_FORCE, OPT_WAIT };

static const struct argp_option options[] = {
	{ "restore", OPT_RESTORE, NULL, 0,
	  "Give the function back to the driver the kernel chooses (mlx5_core): the override "
	  "cleared", 0 },
	{ "force", OPT_FORCE, NULL, 0,
	  "Unbind even a function whose netdev is up with a routed address", 0 },
	{ "wait", OPT_WAIT, "T", 0,
	  "How long the new driver may take to hold the function (" CMD_DURATION_S
	  "; default 60s)", 0 },
	{ 0 }
};

static error_t parse(int key, char *arg, struct argp_state *state)
{
	struct device_bind_opts *o = state->input;

	switch (key) {
	case ARGP_KEY_INIT:
		o->wait_ms = DEFAULT_WAIT_MS;
		return 0;
	case OPT_RESTORE:
		o->restore = true;
		return 0;
	case OPT_FORCE:
		o->force = true;
		return 0;
	case OPT_WAIT:
		return cmd_opt_duration(state, "--wait", arg, &o->wait_ms);
	case ARGP_KEY_ARG:
		if (o->driver)
			argp_error(state, "unexpected argument '%s' (one driver)", arg);
		o->driver = arg;
		return 0;
	case ARGP_KEY_END:
		if (!o->driver == !o->restore)
			argp_error(state, "name the driver (vfio-pci, mlx5_core) or give --restore");
		return 0;
	}
	return ARGP_ERR_UNKNOWN;
}

const struct argp device_bind_argp = {
	options, parse, "DRIVER | --restore",
	"Bind the function to DRIVER (vfio-pci for --access vfio; mlx5_core back) through "
	"sysfs: the override set, the old driver unbound, the kernel asked to probe, then "
	"waiting for DRIVER to hold it. What the old driver takes with it (netdevs, RDMA "
	"devices, fwctl nodes) is listed first; a netdev up with a routed address is the "
	"host's traffic: refused (exit 2) unless --force. Needs --write; a function already "
	"bound to DRIVER is left as it is (exit 0). Exit 3 when DRIVER is not loaded or sysfs "
	"refuses (root needed), 1 when DRIVER did not take the function in --wait.",
	prm_global_children, NULL, NULL
};

/* "mlx5_core (netdevs eth0; RDMA devices mlx5_0)": what unbinding takes away. */
static void describe_loss(const struct dev_info *i, char *buf, size_t sz)
{
	const char *parts[][2] = { { "netdevs", i->netdevs }, { "RDMA devices", i->rdma },
				   { "fwctl", i->fwctl } };
	size_t n = (size_t)snprintf(buf, sz, "%s", i->driver);

	for (size_t k = 0, first = 1; k < 3; k++) {
		if (!parts[k][1][0] || n >= sz)
			continue;
		n += (size_t)snprintf(buf + n, sz - n, "%s%s %s", first ? " (" : "; ", parts[k][0],
				      parts[k][1]);
		first = 0;
	}
	if (strchr(buf, '(') && n < sz)
		snprintf(buf + n, sz - n, ")");
}

int device_bind(struct cmd_run *r)
{
	struct device_bind_opts *o = r->opts;
	struct dev *d = r->dev;
	const struct dev_info *i = &d->info;
	const char *to = o->restore ? NULL : o->driver;
	char loss[900], traffic[160], now[64];
	struct prm_err err = { 0 };
	uint64_t t0;

	if (!d->has_info)
		return cmd_usage("%s: device bind takes a PCI function, not %s", d->label,
				 d->access ? d->access : "this device");
	if (o->restore) {
		char ovr[64];

		/* the kernel's own choice already: nothing to undo */
		pci_bind_override(i, ovr, sizeof(ovr));
		if (!ovr[0] && i->driver[0] && strcmp(i->driver, "vfio-pci"))
			to = i->driver;
	}
	if (to && !strcmp(i->driver, to)) {
		out_doc_begin();
		out_str("device", d->label);
		out_str("pci_address", i->bdf);
		out_str("from", i->driver);
		out_str("to", o->restore ? NULL : to);
		out_str("driver", i->driver);
		out_bool("changed", false);
		out_note("%s is already bound to %s", i->bdf, to);
		return cmd_done(EXIT_OK);
	}
	describe_loss(i, loss, sizeof(loss));
	if (i->driver[0] && pci_bind_host_traffic(i->netdevs, traffic, sizeof(traffic)) &&
	    !o->force) {
		prm_err_set(&err, PRM_E_USAGE, EBUSY, "carries_traffic",
			    "%s: not unbinding %s: %s, the host's own traffic (--force to unbind anyway)",
			    i->bdf, loss, traffic);
		return cmd_fail(&err);
	}
	if (pci_bind_blocked(i, to, &err))
		return cmd_fail(&err);
	if (!G.write) {
		prm_err_set(&err, PRM_E_USAGE, EPERM, "needs_write",
			    "%s: binding %s would unbind %s: refused without --write", i->bdf,
			    to ? to : "the kernel's driver", i->driver[0] ? loss : "nothing (no driver)");
		return cmd_fail(&err);
	}
	if (i->driver[0])
		out_warn("%s: unbinding %s%s", i->bdf, loss,
			 i->rdma[0] ? ": RDMA users (storage, NVMe-oF, NFS over RDMA) are not seen by the traffic check" : "");
	t0 = clock_now_ms();
	if (pci_bind(i, to, (unsigned)o->wait_ms, now, sizeof(now), &err))
		return cmd_fail(&err);
	out_doc_begin();
	out_str("device", d->label);
	out_str("pci_address", i->bdf);
	out_str("from", i->driver[0] ? i->driver : NULL);
	out_str("to", to);
	out_str("driver", now);
	out_bool("changed", true);
	out_obj_begin("unbound");
	out_str_list("netdevs", i->netdevs);
	out_str_list("rdma_devices", i->rdma);
	out_str_list("fwctl", i->fwctl);
	out_obj_end();
	if (!strcmp(now, "vfio-pci") && i->iommu_group >= 0) {
		char node[32];

		snprintf(node, sizeof(node), "/dev/vfio/%d", i->iommu_group);
		out_str("vfio_group", node);
	} else {
		out_null("vfio_group");
	}
	out_u64("waited_ms", clock_now_ms() - t0);
	return cmd_done(EXIT_OK);
}
