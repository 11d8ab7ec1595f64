/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_OPS_TRACESTRINGS_H
#define PRMCTL_OPS_TRACESTRINGS_H

#include <stddef.h>
#include <stdint.h>

#include "lib/prm/tracecap.h"
#include "lib/prm/tracefile.h"
#include "lib/util/err.h"

struct dev;

/*
 * The device's firmware-tracer strings database as a file the offline
 * decoders read later (trace decode/analyze --strings FILE): a capture file
 * without blocks, so one format and one reader serve both. It holds the
 * header, META (device, firmware, PSID, clock: the database belongs to one
 * firmware build), MTRC_CAP (which event ids are strings), one STRINGS
 * record per section and an END record of 0 blocks. Read-only: MTRC_CAP and
 * MTRC_STDB, no tracer ownership, safe beside a driver that owns it.
 */
struct tracer_strings {
	uint8_t *image;		/* the whole file, malloc'd */
	size_t len;
	unsigned nsections;	/* sections with bytes */
	uint64_t bytes;		/* strings bytes over all sections */
	struct tracefile_meta meta;
	struct tracecap cap;
};

int tracer_strings_image(struct dev *d, struct tracer_strings *s, struct prm_err *err);
void tracer_strings_free(struct tracer_strings *s);

#endif
