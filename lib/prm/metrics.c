// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Metric names and types follow Prometheus' naming practices: a prmctl_
 * prefix, _total for counters, _seconds for times; one HELP and TYPE line
 * per family, then one sample per device.
 */
#include "lib/prm/metrics.h"

#include <stdarg.h>
#include <stdio.h>

struct sink {
	char *buf;
	size_t sz, len;
	bool full;
};

static void put(struct sink *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void put(struct sink *s, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (s->full)
		return;
	va_start(ap, fmt);
	n = vsnprintf(s->buf + s->len, s->sz - s->len, fmt, ap);
	va_end(ap);
	if (n < 0 || (size_t)n >= s->sz - s->len)
		s->full = true;
	else
		s->len += (size_t)n;
}

/* A label value: backslash, quote and newline escaped. */
static void label(struct sink *s, const char *v)
{
	for (; v && *v; v++)
		put(s, *v == '\\' ? "\\\\" : *v == '"' ? "\\\"" : *v == '\n' ? "\\n" : "%c", *v);
}

static void head(struct sink *s, const char *name, const char *type, const char *help)
{
	put(s, "# HELP %s %s\n# TYPE %s %s\n", name, help, name, type);
}

static void labels(struct sink *s, const char *name, const struct prm_metrics_device *d)
{
	put(s, "%s{device=\"", name);
	label(s, d->device);
	put(s, "\",hw_id=\"0x%x\"", d->hw_id);
}

int prm_metrics_format(const struct prm_metrics_device *d, size_t n, char *buf, size_t sz)
{
	struct sink s = { buf, sz, 0, sz == 0 };

	head(&s, "prmctl_up", "gauge", "1 when the last read of the device succeeded");
	for (size_t i = 0; i < n; i++)
		labels(&s, "prmctl_up", &d[i]), put(&s, "} %d\n", d[i].up);
	head(&s, "prmctl_health_counter", "gauge", "the firmware's health counter");
	for (size_t i = 0; i < n; i++)
		/* a gone function reads all-ones: no counter, so no sample */
		if (d[i].status != PRM_HEALTH_PCI_GONE)
			labels(&s, "prmctl_health_counter", &d[i]),
				put(&s, "} %u\n", d[i].health_counter);
	head(&s, "prmctl_health_stalled", "gauge", "1 when the health counter has stopped");
	for (size_t i = 0; i < n; i++)
		labels(&s, "prmctl_health_stalled", &d[i]), put(&s, "} %d\n", d[i].stalled);
	head(&s, "prmctl_health_synd", "gauge", "the health buffer's syndrome, 0 when none");
	for (size_t i = 0; i < n; i++)
		labels(&s, "prmctl_health_synd", &d[i]), put(&s, "} %u\n", d[i].synd);
	head(&s, "prmctl_health_status", "gauge", "1 for the device's current classification");
	for (size_t i = 0; i < n; i++)
		for (int k = 0; k < PRM_HEALTH_CMD_TIMEOUT; k++) {
			labels(&s, "prmctl_health_status", &d[i]);
			put(&s, ",status=\"%s\"} %d\n", prm_health_status_name(k),
			    d[i].status == (enum prm_health_status)k);
		}
	head(&s, "prmctl_last_success_timestamp_seconds", "gauge",
	     "when the device was last read successfully");
	for (size_t i = 0; i < n; i++)
		labels(&s, "prmctl_last_success_timestamp_seconds", &d[i]),
			put(&s, "} %.3f\n", d[i].last_success_s);
	head(&s, "prmctl_collect_errors_total", "counter", "reads of the device that failed");
	for (size_t i = 0; i < n; i++)
		labels(&s, "prmctl_collect_errors_total", &d[i]),
			put(&s, "} %llu\n", (unsigned long long)d[i].collect_errors);
	return s.full ? -1 : (int)s.len;
}
