/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_PRM_TRACEFILE_H
#define PRMCTL_PRM_TRACEFILE_H

/*
 * prmctl's trace capture file (prmctl-trace(8) CAPTURE FILE): a header, then
 * records, each a type, a length and its payload padded to 8 bytes. Container
 * fields are little-endian; trace blocks and register images are kept as the
 * device wrote them (big-endian). Everything a decode needs travels in the
 * file: MTRC_CAP, the strings DB sections, the clock, a wall-clock anchor and
 * the device's identity.
 */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "lib/util/err.h"

#define TRACEFILE_MAGIC "PRMTRACE"
#define TRACEFILE_VERSION 1
#define TRACEFILE_HDR_BYTES 16
#define TRACEFILE_REC_HDR_BYTES 16
/* A record longer than this is corrupt, whatever its type. */
#define TRACEFILE_MAX_RECORD (UINT64_C(1) << 32)

enum tracefile_rec_type {
	TRACEFILE_META = 1,	/* "key=value\n" lines */
	TRACEFILE_MTRC_CAP = 2,	/* the register as read: 128 bytes */
	TRACEFILE_STRINGS = 3,	/* u32 base, u32 section, the section's bytes */
	TRACEFILE_BLOCKS = 4,	/* u64 ring index of the first, then 256-byte blocks */
	TRACEFILE_OVERRUN = 5,	/* u64 ring index, u64 blocks lost (0: unknown) */
	TRACEFILE_END = 6,	/* u64 blocks written, u64 wall-clock ns: a clean end */
};

struct tracefile_rec {
	uint32_t type;
	uint64_t len;		/* payload bytes, without padding */
};

/* Is this the start of a capture file (enough bytes to say)? */
bool tracefile_is_capture(const uint8_t *p, size_t n);
int tracefile_check_header(const uint8_t *p, size_t n, struct prm_err *err);
void tracefile_rec_parse(const uint8_t *p, struct tracefile_rec *r);
/* Bytes from the start of one record to the next. */
uint64_t tracefile_rec_span(const struct tracefile_rec *r);

struct tracefile_meta {
	uint64_t clock_khz;
	bool has_anchor;
	uint64_t wall_ns, device_ts;	/* the same instant on both clocks */
	uint64_t ring_blocks;
	char device[64], psid[32], fw_version[32];
};

/* Unknown keys are ignored (newer writers); bad values are errors. */
int tracefile_meta_parse(const char *text, size_t len, struct tracefile_meta *m,
			 struct prm_err *err);
/* The META payload for m; returns its length (without NUL), at most cap - 1. */
size_t tracefile_meta_format(const struct tracefile_meta *m, char *buf, size_t cap);

/* Headers for a writer: the file header, and a record header. */
void tracefile_put_header(uint8_t out[TRACEFILE_HDR_BYTES]);
void tracefile_put_rec(uint8_t out[TRACEFILE_REC_HDR_BYTES], uint32_t type, uint64_t len);

uint32_t tracefile_le32(const uint8_t *p);
uint64_t tracefile_le64(const uint8_t *p);
void tracefile_put_le32(uint8_t *p, uint32_t v);
void tracefile_put_le64(uint8_t *p, uint64_t v);

#endif
