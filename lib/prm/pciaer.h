/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_PRM_PCIAER_H
#define PRMCTL_PRM_PCIAER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "lib/util/err.h"

/*
 * AER counters as Linux shows them in sysfs (drivers/pci/pcie/aer.c,
 * Documentation/ABI/testing/sysfs-bus-pci-devices-aer_stats):
 * aer_dev_correctable, aer_dev_fatal and aer_dev_nonfatal each hold one
 * "NAME COUNT" line per error bit of the AER status register (NAME may
 * hold spaces: "Receiver Error" before the short "RxErr"), then
 * "TOTAL_ERR_COR" / "TOTAL_ERR_FATAL" / "TOTAL_ERR_NONFATAL" with the
 * number of error messages the function sent.
 */
#define PRM_AER_MAX 32		/* the status registers have 32 bits */

struct prm_aer_counts {
	size_t n;
	struct {
		char name[32];
		uint64_t count;
	} e[PRM_AER_MAX];
	bool has_total;
	uint64_t total;		/* the TOTAL_ERR_* line */
};

/*
 * One file's text (len bytes, no NUL needed). -1 with err ("bad_aer")
 * naming the line that is not "NAME COUNT", or when there are more than
 * PRM_AER_MAX counters.
 */
int prm_aer_parse(const char *text, size_t len, struct prm_aer_counts *out,
		  struct prm_err *err);

#endif
