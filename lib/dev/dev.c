// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
#include "lib/dev/dev.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/dev/cfg.h"
#include "lib/dev/cmdq.h"
#include "lib/dev/dma.h"
#include "lib/dev/eq.h"
#include "lib/dev/fwctl.h"
#include "lib/dev/icmd.h"
#include "lib/dev/vsec.h"
#include "lib/dev/sysfs.h"
#include "lib/prm/events.h"
#include "lib/prm/initseg.h"
#include "lib/prm/layouts/layouts.h"
#include "lib/prm/models.h"
#include "lib/util/match.h"

const char *const dev_access_paths[] = { "fwctl", "pci", "devlink", "cmdq", "icmd", "vfio", NULL };

static int check_access(const char *access, struct prm_err *err)
{
	struct match_set s = { dev_access_paths, 0, sizeof(dev_access_paths[0]) };
	char hint[64];

	for (size_t i = 0; dev_access_paths[i]; i++, s.n++)
		if (strcmp(access, dev_access_paths[i]) == 0)
			return 0;
	return prm_err_set(err, PRM_E_USAGE, 0, "bad_access",
			   "unknown access path '%s'%s (fwctl, pci, devlink, cmdq, icmd, vfio)",
			   access, match_hint(&s, access, hint, sizeof(hint)));
}

static int no_path(struct dev *d, const char *access, const char *what,
		   struct prm_err *err)
{
	return prm_err_set(err, PRM_E_NODEV, ENOTSUP, "no_access_path",
			   "%s: access path '%s' is not available for %s",
			   d->label, access, what);
}

static int open_pci(struct dev *d, const struct dev_open_opts *o,
		    struct prm_err *err)
{
	if (discover_one(&d->name.pci, &d->info, err)) {
		char bdf[16];

		pci_addr_format(&d->name.pci, bdf, sizeof(bdf));
		if (strcmp(bdf, d->label))
			prm_err_prefix(err, "%s (%s): ", d->label, bdf);
		else
			prm_err_prefix(err, "%s: ", bdf);
		return -1;
	}
	d->has_info = true;
	if (d->info.vendor_id != PRM_PCI_VENDOR_MELLANOX)
		return prm_err_set(err, PRM_E_NODEV, ENODEV, "not_connectx",
				   "%s (%s) is not a ConnectX function (vendor 0x%04x, device 0x%04x)",
				   d->label, d->info.bdf, d->info.vendor_id,
				   d->info.device_id);
	d->model = d->info.model;
	snprintf(d->devlink, sizeof(d->devlink), "pci/%s", d->info.bdf);
	if (o->access && strcmp(o->access, "devlink") == 0) {
		/* the driver's view only: BAR0 and config space stay untouched */
		d->access = "devlink";
		prm_err_set(&d->bar_err, PRM_E_NODEV, ENOTSUP, "no_bar",
			    "%s: BAR0 is not read with --access devlink", d->label);
		return 0;
	}
	if (o->access && strcmp(o->access, "vfio") == 0)
		/* BAR0, config space and DMA through vfio-pci; nothing else tried */
		return dev_vfio_open(d, err);
	d->access = "pci";
	if (dev_bar_open(d, &d->bar_err) && o->need_bar) {
		*err = d->bar_err;
		return -1;
	}
	return 0;
}

int dev_open(const char *name, const struct dev_open_opts *o, struct dev **out,
	     struct prm_err *err)
{
	static const struct dev_open_opts none = { 0 };
	struct dev *d;
	int rc = 0;

	*out = NULL;
	if (!o)
		o = &none;
	if (o->access && check_access(o->access, err))
		return -1;
	d = calloc(1, sizeof(*d));
	if (!d)
		return prm_err_set(err, PRM_E_FAILED, ENOMEM, "oom", "out of memory");
	if (devname_parse(name, &d->name, err)) {
		free(d);
		return -1;
	}
	snprintf(d->label, sizeof(d->label), "%s", name);
	d->want_access = o->access;
	/* naming the node is choosing the path: commands and registers go
	 * through it, or fail saying why, never silently another way */
	if (!o->access && d->name.kind == DEV_KIND_FWCTL)
		d->want_access = "fwctl";
	d->write = o->write;
	d->cmd_timeout_ms = o->cmd_timeout_ms;
	if ((o->sim_model || o->sim_inject) &&
	    !(d->name.kind == DEV_KIND_SIM && !d->name.arg[0])) {
		free(d);
		return prm_err_set(err, PRM_E_USAGE, 0, "usage",
				   "--model and --inject apply to -d sim only");
	}
	switch (d->name.kind) {
	case DEV_KIND_IMAGE:
		if (o->access)
			rc = no_path(d, o->access, "a BAR0 image", err);
		else
			rc = dev_image_open(d, d->name.arg, err);
		break;
	case DEV_KIND_SIM:
		/* the simulator stands behind the PCI path (BAR0, the gateway)
		 * and serves the command queue */
		if (o->access && strcmp(o->access, "pci") && strcmp(o->access, "cmdq") &&
		    strcmp(o->access, "icmd"))
			rc = no_path(d, o->access, "the simulated adapter", err);
		else
			rc = dev_sim_open(d, d->name.arg, o, err);
		break;
	case DEV_KIND_NAME:
	case DEV_KIND_FWCTL:
		rc = sysfs_resolve_name(d->name.kind == DEV_KIND_FWCTL ? "fwctl" : NULL,
					d->name.arg, &d->name.pci, &d->via, err);
		if (rc == 0)
			rc = open_pci(d, o, err);
		break;
	case DEV_KIND_PCI:
		rc = open_pci(d, o, err);
		break;
	case DEV_KIND_DEVLINK:
		if (o->access && strcmp(o->access, "devlink"))
			rc = no_path(d, o->access, "a devlink instance off the PCI bus", err);
		snprintf(d->devlink, sizeof(d->devlink), "%.120s", d->name.arg);
		d->access = "devlink";
		prm_err_set(&d->bar_err, PRM_E_NODEV, ENOTSUP, "no_bar",
			    "%s: a devlink instance has no BAR0 prmctl can read (only devlink)",
			    d->label);
		break;
	}
	if (rc) {
		dev_close(d);
		return -1;
	}
	*out = d;
	return 0;
}

void dev_close(struct dev *d)
{
	if (!d)
		return;
	dev_page_events_stop(d);
	cmdq_close(d->cmdq);		/* teardown while the device is still there */
	fwctl_close(d->fwctl);
	if (d->dma)
		d->dma->close(d->dma);
	free(d->icmd);
	free(d->vsec);
	if (d->cfg && d->cfg->close)
		d->cfg->close(d->cfg);
	if (d->ops && d->ops->close)
		d->ops->close(d);
	free(d);
}

int dev_cfg(struct dev *d, struct cfg_port **out, struct prm_err *err)
{
	if (!d->cfg) {
		if (!d->has_info)
			return prm_err_set(err, PRM_E_NODEV, ENOTSUP, "no_config",
					   "%s: %s has no PCI config space", d->label,
					   d->access ? d->access : "this device");
		if (cfg_open_pci(d, &d->cfg, err))
			return -1;
	}
	*out = d->cfg;
	return 0;
}

int dev_bar_read(struct dev *d, uint32_t off, void *buf, size_t len,
		 struct prm_err *err)
{
	if (!d->ops) {
		if (d->bar_err.msg[0]) {
			*err = d->bar_err;
			return -1;
		}
		return prm_err_set(err, PRM_E_NODEV, ENOTSUP, "no_bar",
				   "%s: BAR0 is not reachable", d->label);
	}
	if ((uint64_t)off + len > d->bar_size)
		return prm_err_set(err, PRM_E_FAILED, ERANGE, "out_of_range",
				   "%s: BAR0 read at 0x%x+%zu beyond its %zu bytes",
				   d->label, off, len, d->bar_size);
	return d->ops->bar_read(d, off, buf, len, err);
}

int dev_vsec(struct dev *d, struct vsec **out, struct prm_err *err)
{
	struct cfg_port *cfg;

	if (!d->vsec) {
		struct vsec *v = calloc(1, sizeof(*v));

		if (!v)
			return prm_err_set(err, PRM_E_FAILED, ENOMEM, "oom", "out of memory");
		if (dev_cfg(d, &cfg, err) || vsec_open(v, cfg, err)) {
			free(v);
			return -1;
		}
		v->yield = dev_mlx5_core_bound(d);
		d->vsec = v;
	}
	*out = d->vsec;
	return 0;
}

int dev_icmd(struct dev *d, struct icmd **out, struct prm_err *err)
{
	struct vsec *v;

	if (!d->icmd) {
		struct icmd *ic = calloc(1, sizeof(*ic));

		if (!ic)
			return prm_err_set(err, PRM_E_FAILED, ENOMEM, "oom", "out of memory");
		if (dev_vsec(d, &v, err) || icmd_open(ic, v, err)) {
			free(ic);
			return -1;
		}
		d->icmd = ic;
	}
	*out = d->icmd;
	return 0;
}

int dev_check_write(const struct dev *d, bool write, const char *what,
		    struct prm_err *err)
{
	if (write || !d->has_info)
		return 0;
	return prm_err_set(err, PRM_E_USAGE, EPERM, "needs_write",
			   "%s: %s changes device state: refused on hardware without --write",
			   d->label, what);
}

int dev_read_initseg(struct dev *d, uint8_t *buf, struct prm_err *err)
{
	struct prm_initseg_summary s;

	if (dev_bar_read(d, 0, buf, DEV_INITSEG_BYTES, err) ||
	    prm_initseg_summarize(buf, DEV_INITSEG_BYTES, &s, err))
		return -1;
	if (s.all_ones)
		return prm_err_set(err, PRM_E_NODEV, ENODEV, "device_gone",
				   "%s: device not responding (reads return all-ones)",
				   d->label);
	return 0;
}

bool dev_mlx5_core_bound(const struct dev *d)
{
	return d->has_info && !strcmp(d->info.driver, "mlx5_core");
}

void dev_probe_identity(struct dev *d, struct dev_identity *id)
{
	static uint8_t seg[DEV_INITSEG_BYTES];
	struct prm_initseg_summary s;
	struct prm_err err = { 0 };
	struct vsec *v;

	memset(id, 0, sizeof(*id));
	if (d->ops && dev_read_initseg(d, seg, &err) == 0 &&
	    prm_initseg_summarize(seg, sizeof(seg), &s, &err) == 0)
		snprintf(id->fw_version, sizeof(id->fw_version), "%s", s.fw_version);
	/* beside mlx5_core the gateway is the driver's too: not for a quick look */
	if (!dev_mlx5_core_bound(d) && dev_vsec(d, &v, &err) == 0 &&
	    vsec_read_block(v, VSEC_SPACE_CR, 0xf0014, &id->cr_hw_id, 1, &err) == 0)
		id->has_cr_hw_id = true;
}

int dev_bar_write(struct dev *d, uint32_t off, const void *buf, size_t len,
		  struct prm_err *err)
{
	if (!d->ops || !d->ops->bar_write)
		return prm_err_set(err, PRM_E_NODEV, EROFS, "bar_read_only",
				   "%s: BAR0 is read-only on the %s path", d->label,
				   d->access ? d->access : "current");
	if (off % 4 || len % 4 || (uint64_t)off + len > d->bar_size)
		return prm_err_set(err, PRM_E_FAILED, ERANGE, "out_of_range",
				   "%s: BAR0 write at 0x%x+%zu", d->label, off, len);
	return d->ops->bar_write(d, off, buf, len, err);
}

/* The page requests in the event queue, answered (cmdq_on_wait's hook). */
static int answer_page_requests(void *ctx, struct prm_err *err)
{
	struct dev *d = ctx;
	uint8_t eqe[EQE_BYTES];
	int rc;

	while ((rc = eq_next(d->page_eq, eqe, 0, err)) == 0) {
		int32_t n = (int32_t)PRM_GET(eqe_page_req, eqe + 0x20, EQE_BYTES - 0x20, "num_pages");

		if (eqe[1] == MLX5_EVENT_TYPE_PAGE_REQUEST && cmdq_page_request(d->cmdq, n, err))
			return -1;
	}
	return rc < 0 ? -1 : 0;
}

int dev_page_events(struct dev *d, struct prm_err *err)
{
	struct eq *q;

	if (d->page_eq)
		return 0;
	if (eq_create_one(d, 6, MLX5_EVENT_TYPE_PAGE_REQUEST, &q, err))
		return -1;
	d->page_eq = q;
	cmdq_on_wait(d->cmdq, answer_page_requests, d);
	return 0;
}

void dev_page_events_stop(struct dev *d)
{
	struct prm_err ignored = { 0 };

	if (!d->page_eq)
		return;
	cmdq_on_wait(d->cmdq, NULL, NULL);
	/* before the queue it needs goes; with a command the firmware never
	 * finished, TEARDOWN_HCA takes the queue with the rest, one wait
	 * instead of two */
	if (cmdq_stuck(d->cmdq))
		eq_abandon(d->page_eq);
	else
		eq_destroy(d->page_eq, &ignored);
	d->page_eq = NULL;
}

int dev_cmdq(struct dev *d, struct cmdq **out, struct prm_err *err)
{
	if (!d->cmdq) {
		if (!d->ops || !d->ops->dma_open)
			return prm_err_set(err, PRM_E_NODEV, ENOTSUP, "no_dma",
					   "%s: the command queue needs memory the device can reach by DMA: "
					   "the simulator has it, and a function bound to vfio-pci (--access vfio)",
					   d->label);
		if (!d->dma && !(d->dma = d->ops->dma_open(d, err)))
			return -1;
		if (cmdq_open(d, d->dma, d->cmd_timeout_ms, &d->cmdq, err))
			return -1;
		/* on hardware nobody else answers the firmware's page requests */
		if (d->access && !strcmp(d->access, "vfio") && dev_page_events(d, err)) {
			cmdq_close(d->cmdq);
			d->cmdq = NULL;
			d->chan = NULL;	/* chosen by the event queue's own command */
			return -1;
		}
	}
	*out = d->cmdq;
	return 0;
}
