// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* What devlink says of a device, through the emitter (dlview.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/core/cmd.h"
#include "cmd/dlview.h"
#include "lib/out/out.h"

int devlink_attach(struct dev *d, struct devlink *dl, struct dl_handle *h, struct prm_err *err)
{
	if (!d->devlink[0])
		return prm_err_set(err, PRM_E_NODEV, 0, "no_devlink",
				   "%.200s: %s has no devlink instance (a kernel driver's view; name "
				   "a PCI function, a netdev, an RDMA device or a devlink handle "
				   "BUS/DEV)", d->label, d->access ? d->access : "this device");
	if (devlink_handle_parse(d->devlink, h))
		return prm_err_set(err, PRM_E_NODEV, 0, "bad_device",
				   "%.200s: '%.128s' is not a devlink handle", d->label, d->devlink);
	if (devlink_open(dl, G.timeout_ms, err))
		return -1;
	if (devlink_exists(dl, h, err)) {
		devlink_close(dl);
		return -1;
	}
	return 0;
}

int cmd_devlink_open(struct dev *d, struct devlink *dl, struct dl_handle *h)
{
	struct prm_err err = { 0 };

	return devlink_attach(d, dl, h, &err) ? cmd_fail(&err) : 0;
}

int cmd_devlink_check(struct cmd_run *r)
{
	(void)r;
	if (G.access && strcmp(G.access, "devlink"))
		return cmd_usage("devlink commands read devlink only (not --access %s)", G.access);
	G.access = "devlink";
	return 0;
}

const char *dl_version(const struct dl_version *v, unsigned n, const char *name)
{
	for (unsigned i = 0; i < n; i++)
		if (strcmp(v[i].name, name) == 0)
			return v[i].value;
	return NULL;
}

static void versions(const char *key, const struct dl_version *v, unsigned n)
{
	out_obj_begin(key);
	for (unsigned i = 0; i < n; i++)
		out_str(v[i].name, v[i].value);
	out_obj_end();
}

void out_devlink_info(const struct dl_info *info)
{
	/* mlx5 puts the PSID as fw.psid; other drivers board.id */
	const char *board = dl_version(info->fixed, info->nfixed, "board.id");
	const char *run = dl_version(info->running, info->nrunning, "fw.version");
	const char *stored = dl_version(info->stored, info->nstored, "fw.version");

	if (!board)
		board = dl_version(info->fixed, info->nfixed, "fw.psid");
	if (!run)
		run = dl_version(info->running, info->nrunning, "fw");
	if (!stored)
		stored = dl_version(info->stored, info->nstored, "fw");
	out_strf("devlink", "%s/%s", info->h.bus, info->h.dev);
	out_str("driver", info->driver[0] ? info->driver : NULL);
	out_str("serial_number", info->serial[0] ? info->serial : NULL);
	out_str("board_serial_number", info->board_serial[0] ? info->board_serial : NULL);
	out_str("board_id", board);
	out_str("fw_version_running", run);
	out_str("fw_version_stored", stored);
	if (run && stored)
		out_bool("fw_update_pending", strcmp(run, stored) != 0);
	else
		out_null("fw_update_pending");
	out_obj_begin("versions");
	versions("fixed", info->fixed, info->nfixed);
	versions("running", info->running, info->nrunning);
	versions("stored", info->stored, info->nstored);
	out_obj_end();
}

void out_devlink_port(const struct dl_port *p)
{
	out_strf("port", "%s/%s/%u", p->h.bus, p->h.dev, p->index);
	out_u64("index", p->index);
	out_str("type", dl_port_type_name(p->type));
	out_str("netdev", p->netdev[0] ? p->netdev : NULL);
	out_str("ibdev", p->ibdev[0] ? p->ibdev : NULL);
	out_str("flavour", p->has_flavour ? dl_port_flavour_name(p->flavour) : NULL);
#define OPT_U64(key, has, v) do { if (has) out_u64(key, v); else out_null(key); } while (0)
	OPT_U64("number", p->has_number, p->number);
	OPT_U64("controller", p->has_controller, p->controller);
	OPT_U64("pfnum", p->has_pf, p->pf);
	OPT_U64("vfnum", p->has_vf, p->vf);
	OPT_U64("sfnum", p->has_sf, p->sf);
#undef OPT_U64
	if (p->has_external)
		out_bool("external", p->external);
	else
		out_null("external");
	if (p->has_splittable)
		out_bool("splittable", p->splittable);
	else
		out_null("splittable");
	if (p->hw_addr_len) {
		char mac[3 * sizeof(p->hw_addr)] = "";
		size_t at = 0;

		for (size_t i = 0; i < p->hw_addr_len && at < sizeof(mac); i++)
			at += (size_t)snprintf(mac + at, sizeof(mac) - at, "%s%02x", i ? ":" : "",
					       p->hw_addr[i]);
		out_str("function_hw_addr", mac);
	} else {
		out_null("function_hw_addr");
	}
	out_str("function_state", p->has_fn_state ? dl_fn_state_name(p->fn_state) : NULL);
	out_str("function_opstate", p->has_fn_state ? dl_fn_opstate_name(p->fn_opstate) : NULL);
}

void out_devlink_reporter(const struct dl_reporter *r)
{
	out_str("reporter", r->name);
	out_str("state", dl_reporter_state_name(r->state));
	out_u64("error_count", r->error_count);
	out_u64("recover_count", r->recover_count);
	if (r->has_grace_period)
		out_u64("grace_period", r->grace_period_ms);
	else
		out_null("grace_period");
	if (r->has_auto_recover)
		out_bool("auto_recover", r->auto_recover);
	else
		out_null("auto_recover");
	if (r->has_auto_dump)
		out_bool("auto_dump", r->auto_dump);
	else
		out_null("auto_dump");
	if (r->has_dump_ts_ns)
		out_time_ns("last_dump_time", r->dump_ts_ns);
	else
		out_null("last_dump_time");
}

void out_devlink_ports(struct devlink *dl, const struct dl_handle *h, const char *key)
{
	struct prm_err err = { 0 };
	struct dl_port *p;
	size_t n;

	if (devlink_ports(dl, h, &p, &n, &err)) {
		out_warn("%s", err.msg);
		out_null(key);
		return;
	}
	out_table_begin(key);
	for (size_t i = 0; i < n; i++) {
		out_obj_begin(NULL);
		out_devlink_port(&p[i]);
		out_obj_end();
	}
	out_table_end();
	free(p);
}

void out_devlink_view(struct devlink *dl, const char *handle, const char *key)
{
	struct prm_err err = { 0 };
	struct dl_info *in = malloc(sizeof(*in));
	struct dl_handle h;

	if (!in || devlink_handle_parse(handle, &h) || devlink_info(dl, &h, in, &err)) {
		out_null(key);
		free(in);
		return;
	}
	out_obj_begin(key);
	out_devlink_info(in);
	out_devlink_ports(dl, &h, "ports");
	out_obj_end();
	free(in);
}

bool dl_running_fw(const char *handle, char *buf, size_t sz)
{
	struct prm_err err = { 0 };
	struct dl_info *in = malloc(sizeof(*in));
	struct devlink dl;
	struct dl_handle h;
	const char *v = NULL;

	if (in && devlink_handle_parse(handle, &h) == 0 &&
	    devlink_open(&dl, G.timeout_ms, &err) == 0) {
		if (devlink_info(&dl, &h, in, &err) == 0)
			v = dl_version(in->running, in->nrunning, "fw.version");
		if (v)
			snprintf(buf, sz, "%s", v);
		devlink_close(&dl);
	}
	free(in);
	return v != NULL;
}

void out_devlink_device(const struct dev *d, const struct dl_handle *h)
{
	out_str("device", d->label);
	out_str("access", "devlink");
	if (h)
		out_strf("devlink", "%s/%s", h->bus, h->dev);
}
