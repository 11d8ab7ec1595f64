// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
#include "cmd/core/devsel.h"

#include "lib/dev/cmdchan.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/core/cmd.h"
#include "lib/dev/cfg.h"
#include "lib/dev/discover.h"
#include "lib/out/out.h"

static int pick_only_device(char *name, size_t sz)
{
	struct prm_err err = { 0 };
	struct dev_info *v;
	size_t n, used = 0;
	char list[512] = "";

	if (discover_list(&v, &n, &err))
		return cmd_fail(&err);
	if (n == 1) {
		snprintf(name, sz, "%s", v[0].bdf);
		free(v);
		return 0;
	}
	for (size_t i = 0; i < n && used < sizeof(list); i++)
		used += (size_t)snprintf(list + used, sizeof(list) - used, "%s%s",
					 i ? ", " : "", v[i].bdf);
	free(v);
	if (n == 0) {
		err.kind = PRM_E_NODEV;
		err.reason = "not_found";
		snprintf(err.msg, sizeof(err.msg),
			 "no ConnectX device found; name one with -d (e.g. -d sim or -d image:FILE)");
		return cmd_fail(&err);
	}
	return cmd_usage("%zu ConnectX functions present (%s); choose one with -d", n, list);
}

static int open_named(const char *name, bool need_bar, struct dev **out)
{
	struct dev_open_opts o = { .access = G.access, .need_bar = need_bar,
				   .write = G.write, .sim_model = G.model,
				   .sim_inject = G.inject, .cmd_timeout_ms = G.timeout_ms };
	struct prm_err err = { 0 };

	return dev_open(name, &o, out, &err) ? cmd_fail(&err) : 0;
}

int cmd_open_devices(bool all, struct dev **out, size_t max, size_t *n)
{
	struct prm_err err = { 0 };
	struct dev_info *v = NULL;
	size_t nv = 0;
	int rc = 0;

	*n = 0;
	if (!all && G.ndevices <= 1) {
		rc = cmd_open_device(true, &out[0]);
		*n = rc ? 0 : 1;
		return rc;
	}
	if (all && discover_list(&v, &nv, &err))
		return cmd_fail(&err);
	if ((size_t)G.ndevices + nv > max) {
		free(v);
		return cmd_usage("%zu devices: at most %zu at once", (size_t)G.ndevices + nv, max);
	}
	for (int i = 0; !rc && i < G.ndevices; i++)
		if (!(rc = open_named(G.devices[i], true, &out[*n])))
			(*n)++;
	for (size_t i = 0; !rc && i < nv; i++)
		if (!(rc = open_named(v[i].bdf, true, &out[*n])))
			(*n)++;
	free(v);
	if (!rc && !*n) {
		err.kind = PRM_E_NODEV;
		err.reason = "not_found";
		snprintf(err.msg, sizeof(err.msg), "--all: no ConnectX device found");
		rc = cmd_fail(&err);
	}
	if (rc)
		while (*n)
			dev_close(out[--*n]);
	else
		cmd_catch_stop();
	return rc;
}

int cmd_open_device(bool need_bar, struct dev **out)
{
	struct dev_open_opts o = { .access = G.access, .need_bar = need_bar,
				   .write = G.write, .sim_model = G.model,
				   .sim_inject = G.inject, .cmd_timeout_ms = G.timeout_ms };
	struct prm_err err = { 0 };
	char only[32];
	const char *name = G.device;
	int rc;

	if (G.ndevices > 1)
		return cmd_usage("%d devices given: only 'health show' and 'health watch' take more than one",
				 G.ndevices);
	if (!name) {
		rc = pick_only_device(only, sizeof(only));
		if (rc)
			return rc;
		name = only;
	}
	if (dev_open(name, &o, out, &err))
		return cmd_fail(&err);
	cmd_catch_stop();
	return 0;
}

void cmd_close_device(struct dev *d)
{
	struct prm_err err = { 0 };

	if (dev_cmd_release(d, &err))
		out_warn("%s", err.msg);
	dev_close(d);
}

void cmd_out_device(const struct dev *d)
{
	out_str("device", d->label);
	/* registers go over ICMD without a command channel (prmctl(8) ACCESS PATHS) */
	if (!out_in_line())
		out_str("access", d->chan ? d->chan->access : d->icmd ? "icmd" : d->access);
}

int cmd_require_write(struct cmd_run *r)
{
	struct prm_err err = { 0 };

	return dev_check_write(r->dev, G.write, r->what, &err) ? cmd_fail(&err) : 0;
}

void cmd_close_now(struct cmd_run *r)
{
	if (r->dev && r->quiet_close)
		dev_close(r->dev);
	else if (r->dev)
		cmd_close_device(r->dev);
	r->dev = NULL;
}
