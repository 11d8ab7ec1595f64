/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_OPS_COLLECT_H
#define PRMCTL_OPS_COLLECT_H

#include <stdbool.h>
#include <stddef.h>

#include "lib/util/err.h"

/*
 * `prmctl collect`: every piece of evidence a support case needs, for each
 * device, into one directory with a manifest. Each piece is one run of
 * prmctl itself (its JSON, its image, its dump) in a process of its own,
 * bounded in time: a step that hangs, crashes or fails is recorded with its
 * reason and costs that step only. Read-only unless write is set.
 *
 * The directory gets manifest.json (schema prmctl/1: host, kernel, prmctl
 * version, start and end, complete, and per device its names, address,
 * model, PSID, firmware, status, files with bytes, sha256, what each is and
 * when it was taken, and the steps that failed), host/ and one directory
 * per device. The verdict (lib/prm/triage.h) is computed from these files.
 */

#define COLLECT_MAX_DEVICES 64

struct collect_opts {
	const char *self;		/* the prmctl binary that runs the steps */
	const char *const *devices;	/* as -d takes them */
	size_t ndevices;
	const char *const *globals;	/* options every step gets: --access X, --timeout N ... */
	size_t nglobals;
	const char *model;		/* -d sim: the model; NULL: the default */
	const char *inject;		/* -d sim: faults, ';'-joined; NULL: none */
	const char *dir;		/* where the files go (exists) */
	unsigned images;		/* initialization-segment images (>= 2 sees a stall) */
	unsigned crdumps;
	unsigned trace_s;		/* tracer capture; 0: none */
	unsigned long device_ms;	/* time budget per device */
	const char *kernel_log;		/* read this file; NULL: the journal, else dmesg */
	bool write;			/* steps that change state may run (tracer ownership) */
	bool (*should_stop)(void);	/* Ctrl-C: stop now, keep what is whole */
	void (*progress)(void *ctx, const char *device, const char *step);
	void *ctx;
};

struct collect_result {
	bool complete;			/* every step ran (it may have failed) */
	unsigned steps, failed;
};

/* -1 (err set) only when the directory or its manifest cannot be written. */
int collect_run(const struct collect_opts *o, struct collect_result *res, struct prm_err *err);

#endif
