/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_PRM_CRDUMP_H
#define PRMCTL_PRM_CRDUMP_H

/*
 * The cr-space dump NVIDIA support asks for (mstflint's mstregdump): which
 * ranges, from the per-chip range lists mstflint ships as CSV files
 * (mstdump/mstdump_dbs/<Chip>.csv, Debian: /usr/share/mstflint), the
 * scratchpad TLVs a firmware adds to them, and the text it prints. Pure: the
 * caller reads the file and the device.
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "lib/util/err.h"

/* cr-space addresses are 30 bits (the gateway's address field) */
#define PRM_CRDUMP_ADDR_LIMIT 0x40000000u
/* far beyond the largest list mstflint ships (ConnectX-7: 230,590 dwords) */
#define PRM_CRDUMP_MAX_DWORDS (1u << 24)
#define PRM_CRDUMP_MAX_RANGES (1u << 20)

struct prm_crdump_range {
	uint32_t addr;		/* dword aligned */
	uint32_t dwords;
	/*
	 * The line names an enable address: mstregdump reads it only with
	 * -full ("none safe addresses might be read"), so a dump skips it.
	 */
	bool gated;
};

/*
 * The list's file name stem for a chip (hw_id at cr-space 0xf0014), as
 * mstflint's device table names it: "ConnectX7" for ConnectX7.csv. NULL
 * for a chip it has no list for. *hca: the chip is an adapter, whose
 * scratchpad TLVs extend the list (switches have none).
 */
const char *prm_crdump_list_name(uint16_t hw_id, bool *hca);

/*
 * Parse a range list: "ADDR,DWORDS[,ENABLE]" lines, '#' comment lines,
 * blanks ignored, as mstflint reads them (ADDR: C notation, 0x hex or
 * decimal; DWORDS decimal; empty fields collapse). Stricter where
 * mstflint would read garbage as 0 or overrun its buffers: a bad line is an
 * error naming the file (name) and line. malloc'd *out, in file order.
 */
int prm_crdump_list_parse(const char *text, size_t len, const char *name,
			  struct prm_crdump_range **out, size_t *n, struct prm_err *err);

/*
 * Scratchpad 2: a chain of TLVs from cr-space 0x18 on an adapter, each
 * three dwords: signature "T0ol" (0x54306f6c), then size in dwords
 * (bits 19:0) with flags, then the address of the region it adds to the
 * dump, which is also where the next TLV is read (mstflint crdump.c).
 */
#define PRM_CRDUMP_TLV_FIRST 0x18u
#define PRM_CRDUMP_TLV_SIGNATURE 0x54306f6cu

struct prm_crdump_tlv {
	uint32_t signature, dwords, addr;
	bool writable, fw;
	uint8_t version;
};

/* Decode three dwords as read; true when the chain goes on (signature and an address). */
bool prm_crdump_tlv_decode(const uint32_t w[3], struct prm_crdump_tlv *t);

/* One dump line: "0x%08x 0x%08x\n", address then value (mstregdump print_dword). */
#define PRM_CRDUMP_LINE 22u

/*
 * n dwords from 4n bytes a host stored in its CPU order, little-endian
 * (x86-64, arm64): mlx5's fw_fatal crdump_data, the driver's u32 array.
 */
void prm_crdump_le_words(const uint8_t *bytes, size_t n, uint32_t *w);

/* n lines for n dwords read from addr on, into buf (n * PRM_CRDUMP_LINE bytes, no NUL). */
void prm_crdump_format(char *buf, uint32_t addr, const uint32_t *vals, size_t n);

#endif
