// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
#include "cmd/physview.h"

#include <string.h>

#include "lib/dev/pcistate.h"
#include "lib/ops/mtmp.h"
#include "lib/out/out.h"

/* Unknown: null for scripts, nothing for people. */
static void unknown(const char *key)
{
	if (out_json())
		out_null(key);
}

/* JSON names the unit (prmctl(8) CONVENTIONS, Keys); text prints it after the number */
static void speed(const char *key, uint8_t code)
{
	double gts = prm_pci_speed_gts(code);
	char k[40];

	snprintf(k, sizeof(k), out_json() ? "%s_gts" : "%s", key);
	key = k;
	if (gts)
		out_f64(key, gts, "GT/s");
	else
		unknown(key);	/* link down, or an encoding past 64 GT/s */
}

/* The link; false when the function is gone (nothing else will answer). */
static bool link(struct dev *d)
{
	static const char *const keys[] = { "link_speed_gts", "link_width", "link_speed_max_gts",
					    "link_width_max", "link_degraded" };
	struct prm_pci_link l;
	struct prm_err err = { 0 };

	if (dev_pci_link(d, &l, &err)) {
		for (size_t i = 0; i < sizeof(keys) / sizeof(keys[0]); i++)
			unknown(keys[i]);
		return !(err.reason && !strcmp(err.reason, "pci_gone"));
	}
	speed("link_speed", l.speed);
	out_u64("link_width", l.width);
	speed("link_speed_max", l.speed_max);
	out_u64("link_width_max", l.width_max);
	out_bool("link_degraded", l.degraded);
	if (l.degraded && !l.width)
		out_note("The PCIe link reads down (no lanes trained): the function cannot reach "
			 "the host. The upstream port's lines in the kernel log (link down, DPC, "
			 "AER) say why.");
	else if (l.degraded)
		out_note("The PCIe link trained at %g GT/s x%u, below the %g GT/s x%u it is capable "
			 "of: bandwidth to the host is capped (lspci: 'LnkSta ... (downgraded)'). "
			 "Check that the slot is x%u and of that generation, reseat the card; "
			 "correctable AER errors climbing point at a bad lane or riser.",
			 prm_pci_speed_gts(l.speed), l.width, prm_pci_speed_gts(l.speed_max),
			 l.width_max, l.width_max);
	return true;
}

/* One AER file: the text gives the total and the counters that are not 0. */
static void aer_class(const char *key, bool has, const struct prm_aer_counts *c)
{
	char text[256] = "";
	size_t used = 0;

	if (!has) {
		unknown(key);
		return;
	}
	if (out_json()) {
		out_obj_begin(key);
		if (c->has_total)
			out_u64("total", c->total);
		else
			out_null("total");
		out_obj_begin("counters");
		for (size_t i = 0; i < c->n; i++)
			out_u64(c->e[i].name, c->e[i].count);
		out_obj_end();
		out_obj_end();
		return;
	}
	for (size_t i = 0; i < c->n && used < sizeof(text); i++)
		if (c->e[i].count)
			used += (size_t)snprintf(text + used, sizeof(text) - used, "%s%s %llu",
						 used ? ", " : " (", c->e[i].name,
						 (unsigned long long)c->e[i].count);
	if (used && used < sizeof(text))
		snprintf(text + used, sizeof(text) - used, ")");
	out_strf(key, "%llu%s", (unsigned long long)c->total, text);
}

static void aer(struct dev *d)
{
	struct dev_pci_aer a;
	struct prm_err err = { 0 };
	char key[32];

	if (dev_pci_aer(d, &a, &err)) {
		unknown("aer");
		out_str("aer_error", err.msg);
		return;
	}
	if (!a.has_correctable && !a.has_fatal && !a.has_nonfatal) {
		unknown("aer");
		return;
	}
	if (out_json())
		out_obj_begin("aer");
	snprintf(key, sizeof(key), "%scorrectable", out_json() ? "" : "aer_");
	aer_class(key, a.has_correctable, &a.correctable);
	snprintf(key, sizeof(key), "%snonfatal", out_json() ? "" : "aer_");
	aer_class(key, a.has_nonfatal, &a.nonfatal);
	snprintf(key, sizeof(key), "%sfatal", out_json() ? "" : "aer_");
	aer_class(key, a.has_fatal, &a.fatal);
	if (out_json())
		out_obj_end();
}

static void temperature(struct dev *d, bool thermal)
{
	struct prm_mtmp m;
	struct prm_err err = { 0 };

	if (mtmp_read(d, PRM_MTMP_SENSOR_ASIC, &m, &err)) {
		unknown("temperature_c");
		unknown("temperature_max_c");
		unknown("temperature_warning_c");
		return;
	}
	out_f64("temperature_c", m.temperature_c, NULL);
	if (m.has_max)
		out_f64("temperature_max_c", m.max_temperature_c, NULL);
	else
		unknown("temperature_max_c");
	if (m.has_threshold)
		out_f64("temperature_warning_c", m.threshold_hi_c, NULL);
	else
		unknown("temperature_warning_c");
	if (thermal && m.has_threshold)
		out_note("The ASIC reads %g °C now (warning at %g °C): the firmware reported high "
			 "temperature and shuts the device down past its critical point. Check the "
			 "server's airflow and fan speeds for this slot.",
			 m.temperature_c, m.threshold_hi_c);
	else if (thermal)
		out_note("The ASIC reads %g °C now: the firmware reported high temperature. Check "
			 "the server's airflow and fan speeds for this slot.", m.temperature_c);
	else if (m.has_threshold && m.temperature_c >= m.threshold_hi_c)
		out_note("The ASIC reads %g °C, at or above its %g °C warning threshold: check the "
			 "server's airflow before the firmware shuts it down.",
			 m.temperature_c, m.threshold_hi_c);
}

void out_physical(struct dev *d, bool thermal)
{
	if (d->access && !strcmp(d->access, "devlink"))
		return;		/* the driver's view only: no config space, no registers */
	if (!link(d)) {
		aer(d);
		/* gone: a register access would only wait out its bounds */
		unknown("temperature_c");
		unknown("temperature_max_c");
		unknown("temperature_warning_c");
		return;
	}
	aer(d);
	temperature(d, thermal);
}
