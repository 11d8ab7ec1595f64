// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* esw watch over devlink (eswdl.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <linux/devlink.h>

#include "cmd/core/cmd.h"
#include "cmd/dlview.h"
#include "cmd/eswdl.h"
#include "lib/out/out.h"
#include "lib/util/clock.h"

#define SETTLE_MS 50

struct ports {
	struct dl_port *p;
	size_t n;
};

struct wstate {
	struct dev *d;
	struct dl_handle h;
	uint64_t notes;		/* notifications for this device since the last query */
};

static size_t count_flavour(const struct ports *s, uint16_t flavour)
{
	size_t c = 0;

	for (size_t i = 0; i < s->n; i++)
		c += s->p[i].has_flavour && s->p[i].flavour == flavour;
	return c;
}

static const struct dl_port *find(const struct ports *s, uint32_t index)
{
	for (size_t i = 0; i < s->n; i++)
		if (s->p[i].index == index)
			return &s->p[i];
	return NULL;
}

static void begin(const struct wstate *w, const char *event)
{
	out_line_begin();
	out_time_ns("time", clock_wall_ns());
	out_str("device", w->d->label);
	out_str("event", event);
	out_str("access", "devlink");
}

/* A port that came or went: SFs by number, VFs counted, the rest as ports. */
static uint64_t port_change(const struct wstate *w, const struct dl_port *p, bool added)
{
	uint16_t fl = p->has_flavour ? p->flavour : DEVLINK_PORT_FLAVOUR_PHYSICAL;
	const char *what = fl == DEVLINK_PORT_FLAVOUR_PCI_SF ? "sf" :
			   fl == DEVLINK_PORT_FLAVOUR_PCI_PF ? "pf" : "port";
	char ev[16];

	if (fl == DEVLINK_PORT_FLAVOUR_PCI_VF)
		return 0;	/* counted as vfs_changed */
	snprintf(ev, sizeof(ev), "%s_%s", what, added ? "added" : "removed");
	begin(w, ev);
	out_devlink_port(p);
	cmd_done(EXIT_OK);
	return 1;
}

static uint64_t diff(const struct wstate *w, const struct ports *was, const struct ports *now)
{
	size_t vf0 = count_flavour(was, DEVLINK_PORT_FLAVOUR_PCI_VF);
	size_t vf1 = count_flavour(now, DEVLINK_PORT_FLAVOUR_PCI_VF);
	uint64_t changes = 0;

	if (vf0 != vf1) {
		begin(w, "vfs_changed");
		out_u64("from", vf0);
		out_u64("to", vf1);
		cmd_done(EXIT_OK);
		changes++;
	}
	for (size_t i = 0; i < was->n; i++)
		if (!find(now, was->p[i].index))
			changes += port_change(w, &was->p[i], false);
	for (size_t i = 0; i < now->n; i++)
		if (!find(was, now->p[i].index))
			changes += port_change(w, &now->p[i], true);
	return changes;
}

static int on_event(const struct dl_event *ev, void *arg, struct prm_err *err)
{
	struct wstate *w = arg;

	(void)err;
	if ((ev->cmd == DEVLINK_CMD_PORT_NEW || ev->cmd == DEVLINK_CMD_PORT_DEL) &&
	    devlink_handle_eq(&ev->h, &w->h))
		w->notes++;
	return 0;
}

int esw_watch_devlink(struct dev *d, uint64_t count, uint64_t duration_ms)
{
	struct wstate w = { .d = d };
	struct prm_err err = { 0 };
	struct ports was = { 0 }, now = { 0 };
	struct devlink dl, mon;
	uint64_t t0 = clock_now_ms(), changes = 0;
	bool lost;
	int rc = cmd_devlink_open(d, &dl, &w.h);

	if (rc)
		return rc;
	/* subscribe before the first query, so no change falls between them */
	if (devlink_open(&mon, G.timeout_ms, &err) || devlink_monitor(&mon, &err) ||
	    devlink_ports(&dl, &w.h, &was.p, &was.n, &err))
		goto fail;
	begin(&w, "started");
	out_str("waiting_by", "devlink");
	out_u64("ports", was.n);
	out_u64("vf_ports", count_flavour(&was, DEVLINK_PORT_FLAVOUR_PCI_VF));
	out_u64("sf_ports", count_flavour(&was, DEVLINK_PORT_FLAVOUR_PCI_SF));
	cmd_done(EXIT_OK);
	cmd_catch_stop();
	while (!cmd_stop_requested() && (!count || changes < count) &&
	       (!duration_ms || clock_now_ms() - t0 < duration_ms)) {
		int got = devlink_events(&mon, 100, on_event, &w, &lost, &err);

		if (got < 0 && cmd_stop_requested())
			break;
		if (got < 0)
			goto fail;
		if (!w.notes && !lost)
			continue;
		/* a burst (all VFs at once) is one change: let it settle, drain, re-query */
		clock_sleep_us(SETTLE_MS * 1000);
		for (int i = 0, more = 1; more && i < 1000; i++) {
			bool l2;

			got = devlink_events(&mon, 0, on_event, &w, &l2, &err);
			if (got < 0 && !cmd_stop_requested())
				goto fail;
			lost |= l2;
			more = got > 0 || l2;
		}
		if (lost)
			out_warn("%s: devlink notifications were lost; the ports are read again",
				 d->label);
		w.notes = 0;
		if (devlink_ports(&dl, &w.h, &now.p, &now.n, &err)) {
			if (cmd_stop_requested())
				break;	/* a stop that cut the request short is a stop */
			goto fail;
		}
		changes += diff(&w, &was, &now);
		free(was.p);
		was = now;
		now = (struct ports){ 0 };
	}
	begin(&w, "stopped");
	out_u64("changes", changes);
	cmd_done(EXIT_OK);
	rc = EXIT_OK;
	goto out;
fail:
	rc = cmd_fail(&err);
out:
	free(was.p);
	free(now.p);
	devlink_close(&mon);
	devlink_close(&dl);
	return rc;
}
