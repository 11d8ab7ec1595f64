/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_OPS_COLLECTINT_H
#define PRMCTL_OPS_COLLECTINT_H

/* Inside lib/ops/collect*.c: one collection and the scope (host, a device) it fills. */

#include <jansson.h>
#include <stdint.h>

#include "lib/ops/collect.h"
#include "lib/util/spawn.h"

/* Room for a scope's directory and a file name in it. */
#define COLLECT_PATH 8192

struct collect_run {
	const struct collect_opts *o;
	uint64_t t0;			/* monotonic ms at the start */
	bool stopped, out_of_time;
	unsigned steps, failed;
};

/* The host, or one device: its directory and what the manifest says of it. */
struct collect_scope {
	struct collect_run *run;
	const char *label;		/* for progress: "host", the device's name */
	char path[4096];		/* its directory */
	uint64_t deadline;		/* monotonic ms; 0: none */
	json_t *files, *failed, *skipped;	/* arrays of the manifest */
};

void collect_iso_now(char *buf, size_t sz);
unsigned long collect_step_ms(void);
void collect_record(struct collect_scope *s, const char *file, const char *step,
		    const char *what);
void collect_fail(struct collect_scope *s, const char *step, const char *cmdline,
		  const char *fmt, ...) __attribute__((format(printf, 4, 5)));
void collect_skip(struct collect_scope *s, const char *step, const char *reason);
int collect_exec(struct collect_scope *s, const char *step, const char *what,
		 const char *out, const char *const *files, unsigned long ms,
		 char *const argv[]);

/* The host's files (host/), the kernel log among them. */
void collect_host(struct collect_scope *s);

/* One device's files; facts for the manifest added to dev. */
void collect_device(struct collect_scope *s, const char *name, const char *target, json_t *dev);

#endif
