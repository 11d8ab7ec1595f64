/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_OPS_CRDUMP_H
#define PRMCTL_OPS_CRDUMP_H

#include <stddef.h>
#include <stdint.h>

#include "lib/prm/crdump.h"
#include "lib/util/err.h"

struct dev;

/*
 * The cr-space dump of mstflint's mstregdump, read through the gateway the
 * way it reads it: the chip's range list, then the scratchpad TLVs an
 * adapter's firmware adds, from the non-destructive cr-space when the
 * gateway has it. crdump_text() makes the text mstregdump prints, byte for
 * byte.
 */

/* Where Debian's mstflint package puts the range lists (ConnectX7.csv, ...). */
#define CRDUMP_DIR_DEFAULT "/usr/share/mstflint"
#define CRDUMP_DIR_ENV "PRMCTL_CRDUMP_DIR"

struct crdump_opts {
	const char *list;	/* a range list to use instead of the chip's (--ranges), or NULL */
	const char *dir;	/* where the chip's list is; NULL: $PRMCTL_CRDUMP_DIR, else the default */
	uint64_t deadline_ms;	/* clock_now_ms() by which to give up (PRM_E_TIMEOUT), 0: none */
};

struct crdump {
	uint16_t hw_id;			/* cr-space 0xf0014, bits 15:0 */
	char list[4096];		/* the range list file read */
	uint16_t space;			/* the gateway space read (VSEC_SPACE_ND_CR or _CR) */
	struct prm_crdump_range *ranges;	/* the list's, then one per scratchpad TLV */
	size_t nranges, nlisted;	/* nlisted: how many came from the list */
	uint32_t *vals;			/* every dword read, in range order (gated ranges skipped) */
	size_t nvals;
};

/* The directory of range lists in use: dir if given, else $PRMCTL_CRDUMP_DIR, else the default. */
const char *crdump_dir(const char *dir);

/*
 * Read the dump into c (zeroed first; crdump_free() it, also after an
 * error). The gateway semaphore is taken and released per batch of at most
 * VSEC_HOLD_DWORDS, on every path: error, device gone, interrupted, past
 * o->deadline_ms (checked between holds: reason "crdump_timeout").
 * Errors: no gateway (the device's kind, e.g. 3 for an image); a chip
 * without a list, or its file missing from the directory: PRM_E_NODEV
 * "crdump_unsupported"; the directory missing: PRM_E_USAGE
 * "crdump_lists_missing"; a bad list: PRM_E_USAGE "bad_range_list".
 */
int crdump_read(struct dev *d, const struct crdump_opts *o, struct crdump *c,
		struct prm_err *err);

/* mstregdump's text for c: malloc'd *text of *len bytes (not NUL-terminated). */
int crdump_text(const struct crdump *c, char **text, size_t *len, struct prm_err *err);

void crdump_free(struct crdump *c);

#endif
