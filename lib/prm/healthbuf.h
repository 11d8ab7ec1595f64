/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_PRM_HEALTHBUF_H
#define PRMCTL_PRM_HEALTHBUF_H

#include <stdbool.h>
#include <stdint.h>

/*
 * What a health buffer says beyond its raw fields, the same wherever it is
 * shown (health show, decode health_buffer): the firmware time as ISO-8601
 * UTC, the raw fw_ver as "22.44.1036", the chip its hw_id names.
 */
struct prm_health_extras {
	uint32_t time;		/* the firmware's time, seconds since the epoch; 0: none */
	char time_iso[32];	/* "" when the time is 0 */
	char fw_ver[32];	/* "" when fw_ver is 0 */
	const char *chip;	/* NULL when hw_id names no chip we know */
};

/*
 * buf: the PRM_HEALTH_BUFFER_BYTES of a health buffer. False (x cleared)
 * when it is all-ones: a read of a device that is gone, no buffer at all.
 */
bool prm_health_extras(const uint8_t *buf, struct prm_health_extras *x);

#endif
