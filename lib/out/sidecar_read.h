/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_OUT_SIDECAR_READ_H
#define PRMCTL_OUT_SIDECAR_READ_H

/*
 * A sidecar (FILE.json beside a saved image, prmctl-initseg(8) SIDECAR) read
 * back into plain values, to show with the image. Here because it is
 * prmctl's own JSON and lib/out is where jansson lives. The file came from
 * elsewhere: anything is accepted, members that are absent, null or of
 * another type are left empty, strings are cut to their field.
 */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "lib/util/err.h"

struct sidecar_facts {
	char schema[32], what[32], image[256], host[256], device[96], pci_address[32];
	char model[64], access[32], time[32], fw_version[32], psid[32], psid_error[160];
	char prmctl_version[32];
	bool has_bytes;
	uint64_t bytes;
};

/* text: len bytes. Not a JSON object: -1, err names the line and column. */
int sidecar_parse(const char *text, size_t len, struct sidecar_facts *f, struct prm_err *err);

#endif
