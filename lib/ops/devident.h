/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_OPS_DEVIDENT_H
#define PRMCTL_OPS_DEVIDENT_H

#include <stddef.h>
#include <stdint.h>

struct dev;

/*
 * Where a piece of evidence came from, so a file read months later on
 * another machine still says it: the host, the device, the time, the
 * firmware (version from the initialization segment that was saved, PSID
 * as device show finds it: the driver's devlink info, else MGIR) and the
 * model. Nothing here fails:
 * what cannot be learnt is left empty.
 */
struct dev_ident {
	char host[256];
	char device[96];	/* as messages name it: "0000:3b:00.0", "sim:lab", "image:F" */
	char pci_address[16];	/* "" when not a PCI function (sim, image) */
	char time_iso[32];	/* now, UTC: "2026-12-01T22:15:00Z" */
	char fw_version[32];	/* "" when the segment read all-ones */
	char psid[32];		/* "" when neither devlink nor MGIR gave it */
	const char *psid_source;	/* "devlink" or "mgir", NULL */
	char psid_error[160];	/* why not, "" when read */
	const char *model;	/* "ConnectX-7", NULL unknown */
	const char *access;	/* the access path used: "pci", "sim", "image" */
};

/*
 * seg: the initialization segment as read (len bytes from BAR0 offset 0);
 * timeout_ms bounds the devlink request (0: its default).
 */
void dev_ident(struct dev *d, const uint8_t *seg, size_t len, unsigned timeout_ms,
	       struct dev_ident *id);

#endif
