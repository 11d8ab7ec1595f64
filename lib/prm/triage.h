/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_PRM_TRIAGE_H
#define PRMCTL_PRM_TRIAGE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "lib/prm/health.h"
#include "lib/util/err.h"
#include "lib/util/tarball.h"

/*
 * The verdict of a collect bundle, from its files alone: what `prmctl
 * collect` prints when it ends and `collect --analyze` prints on another
 * machine. Each device's class comes from its initialization-segment
 * images (several, spread over time: a health counter that did not move
 * between them is a hung firmware), its other evidence adds findings, and
 * the kernel log's incidents are findings of the device they name, present
 * or not. Pure: bytes in, a verdict out.
 */

enum triage_sev { TRIAGE_INFO, TRIAGE_WARNING, TRIAGE_ERROR, TRIAGE_CRITICAL };

#define TRIAGE_MAX_DEVICES 64
#define TRIAGE_MAX_FINDINGS 256

struct triage_finding {
	enum triage_sev sev;
	int device;			/* index in devices[], -1: none present (kernel log, host) */
	char device_name[64];		/* the device as named in the evidence */
	char what[32];			/* "fw_error", "pcie_link_degraded", "step_failed", ... */
	char text[640];			/* one paragraph for people */
	char evidence[160];		/* "dev/initseg-1.bin", "host/kernel-log.txt:42" */
	const char *advice;		/* what to do, for a health class (prm_health_advice); NULL */
};

struct triage_device {
	char dir[64];			/* its directory in the bundle */
	char name[128];			/* -d as given */
	char pci_address[32], model[48], psid[32], fw_version[32];
	enum prm_health_status status;
	bool has_status;		/* from at least one image or health report */
	bool counter_checked, counter_moved;
	uint8_t synd;
	unsigned nimages;
	bool has_temperature;
	double temperature_c;
	unsigned nfailed;		/* steps that failed */
};

struct triage {
	char host[128], kernel[256], started[40], ended[40], prmctl_version[32];
	bool complete;
	struct triage_device dev[TRIAGE_MAX_DEVICES];
	size_t ndev;
	struct triage_finding f[TRIAGE_MAX_FINDINGS];	/* most severe first */
	size_t nf, nf_dropped;
	size_t kernel_events;		/* incidents the kernel log holds */
	bool kernel_log;		/* the bundle has a kernel log */
};

/*
 * The verdict of a bundle read by tarball_read() (files named with or
 * without one top directory; manifest.json at its top). -1 (usage kind)
 * when it is no prmctl bundle.
 */
int triage_bundle(const struct tarball *b, struct triage *t, struct prm_err *err);

const char *triage_sev_name(enum triage_sev s);

/* 0: nothing wrong; 4 (a check found a problem): a finding of warning or worse. */
int triage_exit_code(const struct triage *t);

#endif
