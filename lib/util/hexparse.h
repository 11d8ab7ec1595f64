/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_UTIL_HEXPARSE_H
#define PRMCTL_UTIL_HEXPARSE_H

#include <stddef.h>
#include <stdint.h>

#include "lib/util/err.h"

/*
 * Turn a hex dump as customers send them into bytes. Accepted per line:
 *   plain tokens        "00 01 02", "0x00010203 0x04050607", "0001 0203"
 *   xxd                 "00000000: 0102 0304 ...  ascii"
 *   hexdump -C          "00000000  01 02 ...  |ascii|", "*" repeat lines
 *   print_hex_dump /    "00000010: 01 02 ...", "0000000000000010 01 02 ..."
 *   devlink region read
 *   od -Ax -tx1         "000010 01 02 ..."
 * A token of 2n hex digits is n bytes in the order written. The first
 * offset column gives the address of the first byte (*base; 0 when the dump
 * has no offsets, as "xxd -s 0x200" starts at 0x200); every later one must
 * follow on without gap or overlap (a "*" line repeats the previous line up
 * to the next offset). '#' starts a comment. On error, err names the line and
 * column. At most max bytes come out, and no offset is above max (a '*' line
 * can expand a few bytes of text into max bytes: callers bound it by what
 * they can use).
 */
int hex_parse(const char *text, size_t len, size_t max, uint8_t **out, size_t *outlen,
	      size_t *base, struct prm_err *err);

/* Inputs above this are not hex dumps of PRM structures. */
/* A hex digit's value (either case), -1 for anything else. */
int hex_digit(int c);

#define HEX_MAX_BYTES (64u << 20)

#endif
