// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* prmctl device list | show */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd/core/cmd.h"
#include "cmd/device.h"
#include "cmd/dlview.h"
#include "cmd/physview.h"
#include "lib/dev/dev.h"
#include "lib/dev/discover.h"
#include "lib/out/out.h"
#include "lib/ops/health.h"
#include "lib/ops/psid.h"
#include "lib/prm/health.h"
#include "lib/prm/initseg.h"
#include "lib/prm/layouts/layouts.h"

static const struct argp list_argp = {
	NULL, cmd_no_args, NULL,
	"List every ConnectX (mlx5) PCI function on this machine: address, "
	"model, driver, netdevs, RDMA devices, fwctl node, IOMMU group, and in JSON the "
	"driver's devlink view (versions, serial, board id, ports). With --access devlink: "
	"every devlink instance the kernel has, whatever its driver.",
	prm_global_children, NULL, NULL
};

/*
 * The driver's devlink view, an object: devlink_view in JSON, where devlink
 * is the handle's string (devlink info, health over devlink); text keeps
 * its heading.
 */
static const char *view_key(void)
{
	return out_json() ? "devlink_view" : "devlink";
}

/* Every name -d accepts for this function (completion reads these). */
static void out_names(const struct dev_info *d)
{
	const char *parts[] = { d->bdf, d->rdma, d->netdevs, d->fwctl };
	char csv[1024] = "";
	size_t used = 0;

	for (size_t i = 0; i < sizeof(parts) / sizeof(parts[0]); i++)
		if (parts[i][0] && used < sizeof(csv))
			used += (size_t)snprintf(csv + used, sizeof(csv) - used,
						 "%s%s", used ? "," : "", parts[i]);
	out_str_list("names", csv);
}

static void out_identity(const struct dev_info *d)
{
	out_str("pci_address", d->bdf);
	out_str("model", d->model ? d->model : "unknown");
	out_hex("vendor_id", d->vendor_id);
	out_hex("device_id", d->device_id);
}

static void out_os_view(const struct dev_info *d, bool table)
{
	out_str("driver", d->driver[0] ? d->driver : NULL);
	out_str_list("netdevs", d->netdevs);
	out_str_list("rdma_devices", d->rdma);
	out_str_list("fwctl", d->fwctl);
	if (d->iommu_group >= 0)
		out_s64("iommu_group", d->iommu_group);
	else
		out_null("iommu_group");
	if (table) {
		out_str("fw_version", d->fw_version[0] ? d->fw_version : NULL);
		return;
	}
	out_bool("vf", d->vf);
	out_str("physfn", d->physfn[0] ? d->physfn : NULL);
	out_hex("subsystem_vendor_id", d->subsys_vendor_id);
	out_hex("subsystem_device_id", d->subsys_device_id);
	out_hex("revision", d->revision);
	if (d->numa_node >= 0)
		out_s64("numa_node", d->numa_node);
	else
		out_null("numa_node");
}

/* --access devlink: every devlink instance the kernel has, whatever its driver. */
static int devlink_list_all(void)
{
	struct prm_err err = { 0 };
	struct dl_handle *h;
	struct devlink dl;
	size_t n;

	if (devlink_open(&dl, G.timeout_ms, &err))
		return cmd_fail(&err);
	if (devlink_list(&dl, &h, &n, &err)) {
		devlink_close(&dl);
		return cmd_fail(&err);
	}
	out_doc_begin();
	if (n == 0)
		out_note("No devlink instances.");
	out_arr_begin("devices");
	for (size_t i = 0; i < n; i++) {
		char handle[sizeof(h->bus) + sizeof(h->dev) + 1];
		struct dl_info *in = malloc(sizeof(*in));

		snprintf(handle, sizeof(handle), "%s/%s", h[i].bus, h[i].dev);
		out_obj_begin(NULL);
		out_str("access", "devlink");
		if (in && devlink_info(&dl, &h[i], in, &err) == 0) {
			out_devlink_info(in);
			out_devlink_ports(&dl, &h[i], "ports");
		} else {
			/* an instance without info_get (no driver op): its handle only */
			out_str("devlink", handle);
			out_str("info_error", err.msg[0] ? err.msg : "out of memory");
			prm_err_clear(&err);
		}
		free(in);
		out_obj_end();
	}
	out_arr_end();
	free(h);
	devlink_close(&dl);
	return cmd_done(EXIT_OK);
}

static int device_list(struct cmd_run *r)
{
	struct prm_err err = { 0 };
	struct dev_info *v;
	struct devlink dl;
	bool have_dl;
	char handle[64];
	size_t n;

	(void)r;
	if (G.access && strcmp(G.access, "devlink") == 0)
		return devlink_list_all();
	if (discover_list(&v, &n, &err))
		return cmd_fail(&err);
	have_dl = devlink_open(&dl, G.timeout_ms, &err) == 0;
	prm_err_clear(&err);
	out_doc_begin();
	if (n == 0)
		out_note("No ConnectX (vendor 0x15b3) PCI functions found.");
	out_table_begin("devices");
	for (size_t i = 0; i < n; i++) {
		struct dev_identity id = { 0 };
		struct dev *d = NULL;
		const char *access = NULL;	/* a path's name: a string that outlives d */

		/* as root, open each one and look through BAR0 and the gateway */
		if (geteuid() == 0 && dev_open(v[i].bdf, NULL, &d, &err) == 0) {
			dev_probe_identity(d, &id);
			access = d->access;
			dev_close(d);
		}
		if (id.fw_version[0] && !v[i].fw_version[0])
			snprintf(v[i].fw_version, sizeof(v[i].fw_version), "%s", id.fw_version);
		snprintf(handle, sizeof(handle), "pci/%s", v[i].bdf);
		/* BAR0 refused beside a bound driver (CONFIG_IO_STRICT_DEVMEM): its devlink */
		if (!v[i].fw_version[0] && have_dl)
			dl_running_fw(handle, v[i].fw_version, sizeof(v[i].fw_version));
		out_obj_begin(NULL);
		out_identity(&v[i]);
		out_os_view(&v[i], true);
		/* how hw_id and a firmware version no driver gave were read; null: not opened */
		out_str("access", access);
		if (id.has_cr_hw_id)
			out_hex_width("hw_id", id.cr_hw_id, 32);
		else
			out_null("hw_id");
		if (out_json())
			out_names(&v[i]);
		/* the driver's view, where a driver has a devlink instance */
		if (have_dl && out_json())
			out_devlink_view(&dl, handle, view_key());
		else if (out_json())
			out_null(view_key());
		out_obj_end();
	}
	out_table_end();
	if (have_dl)
		devlink_close(&dl);
	free(v);
	return cmd_done(EXIT_OK);
}

/* As health show's default: a firmware that runs moves its counter in 50 ms. */
#define DEVICE_SAMPLE_MS 50

static const struct argp show_argp = {
	NULL, cmd_no_args, NULL,
	"Describe the device selected with -d: its names, model, driver, PSID (the "
	"driver's over devlink, else the firmware's MGIR) and, "
	"where BAR0 is readable, its firmware version, state and health (the "
	"classification of 'health show', the counter read twice 50 ms apart).",
	prm_global_children, NULL, NULL
};

/* The PSID: the driver's where devlink has it, else the firmware's MGIR. */
static void out_psid(struct dev *d, bool gone)
{
	struct prm_err err = { 0 };
	const char *source = NULL;
	char psid[32] = "";

	/* a gone function answers no register: only the driver may still know */
	if (gone && !d->devlink[0]) {
		out_null("psid");
		out_null("psid_source");
		return;
	}
	if (ops_psid(d, G.timeout_ms, psid, sizeof(psid), &source, &err) || !psid[0]) {
		out_null("psid");
		out_null("psid_source");
		if (d->name.kind != DEV_KIND_IMAGE)	/* an image holds no registers: no news */
			out_str("psid_error", err.msg[0] ? err.msg : "MGIR holds no PSID");
		return;
	}
	out_str("psid", psid);
	out_str("psid_source", source);
}

/*
 * fw_version from BAR0; when BAR0 is out of reach the driver's: its RDMA
 * device's fw_ver, else devlink's running version (mlx5_core without
 * mlx5_ib, whose BAR0 a Debian kernel will not map for us).
 */
static void out_firmware(struct dev *d)
{
	static struct ops_health h;
	const struct prm_initseg_summary *s = &h.r.seg;
	struct prm_err err = { 0 };
	const char *drv_fw = d->has_info && d->info.fw_version[0] ? d->info.fw_version : NULL;
	char dl_fw[64], handle[64];

	out_str("access", d->access);
	/* the same two reads and classification as health show */
	if (ops_health_check(d, DEVICE_SAMPLE_MS, &h, &err)) {
		snprintf(handle, sizeof(handle), "pci/%s", d->info.bdf);
		if (!drv_fw && d->has_info && dl_running_fw(handle, dl_fw, sizeof(dl_fw))) {
			out_str("fw_version", dl_fw);
			out_str("fw_version_source", "devlink");
		} else {
			out_str("fw_version", drv_fw);
			out_str("fw_version_source", drv_fw ? "driver" : NULL);
		}
		out_str("bar0_error", err.msg);
		out_null("health");
		out_psid(d, false);
		return;
	}
	if (s->all_ones) {
		out_str("fw_version", drv_fw);
		out_str("fw_version_source", drv_fw ? "driver" : NULL);
		out_str("state", s->state);
		out_str("health", prm_health_status_name(h.r.status));
		out_psid(d, true);
		return;
	}
	if (!d->has_info && !d->model)
		out_str("model", s->chip);	/* an image: the chip its hw_id names */
	out_str("fw_version", s->fw_version);
	out_str("fw_version_source", "bar0");
	out_psid(d, false);
	out_u64("cmd_interface_rev", s->cmd_interface_rev);
	out_str("state", s->state);
	out_str("health", prm_health_status_name(h.r.status));
	out_bool("initializing", s->initializing);
	out_named("nic_interface", s->nic_interface, false, s->nic_interface_name);
	out_named("synd", s->synd, true, s->synd_name);
	out_hex_width("hw_id", s->hw_id, 32);
	out_str("chip", s->chip);
	{
		struct dev_identity id;

		dev_probe_identity(d, &id);	/* the gateway's view, where there is one */
		if (id.has_cr_hw_id)
			out_hex_width("cr_hw_id", id.cr_hw_id, 32);
	}
	out_u64("health_counter", s->health_counter);
}

static int device_show(struct cmd_run *r)
{
	struct dev *d = r->dev;

	out_doc_begin();
	out_str("device", d->label);
	if (d->has_info) {
		out_str("found_as", d->via ? d->via : "pci");
		out_identity(&d->info);
		out_os_view(&d->info, false);
	} else {
		if (d->model)
			out_str("model", d->model);
		if (d->info.device_id)
			out_hex("device_id", d->info.device_id);
		if (d->name.kind != DEV_KIND_DEVLINK)
			out_str("source", d->source);
	}
	if (d->bar_size && !d->has_info)
		out_u64("bar0_bytes", d->bar_size);
	if (d->access && strcmp(d->access, "devlink") == 0)
		out_str("access", d->access);
	else
		out_firmware(d);
	out_physical(d, false);
	if (d->name.kind == DEV_KIND_DEVLINK) {
		/* named by its handle: an instance the kernel lacks is an error */
		struct prm_err err = { 0 };
		struct dl_handle h;
		struct devlink dl;

		if (devlink_attach(d, &dl, &h, &err)) {
			out_doc_abort();
			return cmd_fail(&err);
		}
		out_devlink_view(&dl, d->devlink, view_key());
		devlink_close(&dl);
	} else if (d->devlink[0]) {
		struct prm_err err = { 0 };
		struct devlink dl;

		if (devlink_open(&dl, G.timeout_ms, &err) == 0) {
			out_devlink_view(&dl, d->devlink, view_key());
			devlink_close(&dl);
		} else {
			out_null(view_key());
			out_str("devlink_error", err.msg);
		}
	}
	return cmd_done(EXIT_OK);
}

static const struct prm_verb verbs[] = {
	{ .name = "list", .summary = "List ConnectX PCI functions", .argp = &list_argp,
	  .exec = device_list },
	{ .name = "show", .summary = "Describe one device", .argp = &show_argp,
	  .exec = device_show, .flags = CMD_NEEDS_DEVICE },
	{ .name = "bind", .summary = "Hand the function to vfio-pci or back to mlx5_core",
	  .argp = &device_bind_argp, .exec = device_bind, .flags = CMD_NEEDS_DEVICE,
	  .opts_size = sizeof(struct device_bind_opts) },
};

const struct prm_cmd cmd_device = {
	.name = "device",
	.summary = "Find ConnectX devices and describe them",
	.verbs = verbs,
	.nverbs = sizeof(verbs) / sizeof(verbs[0]),
	.default_verb = "list",
	.flags = CMD_NEEDS_DEVICE,
};
