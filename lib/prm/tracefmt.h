/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_PRM_TRACEFMT_H
#define PRMCTL_PRM_TRACEFMT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/*
 * Firmware trace string messages: the printf-style format from the strings
 * DB rendered with the parameters that arrived (doc/trace-decode.md §6).
 * Formats are device data, so nothing here hands them to the C library's
 * printf: conversions are parsed and printed by hand, in one pass, with no
 * allocation (this runs for every string message of a dump).
 */
#define TRACEFMT_MAX_PARAMS 7      /* tdsn is 3 bits: parameters 1..7 */
#define TRACEFMT_MSG_MAX 1024      /* rendered message cap, bytes */

/*
 * How many 32-bit parameters fmt[0..len) takes (§6): integer conversions
 * with ll/j/q/L take 2, others 1, each '*' 1, %% and broken specs 0.
 * fmt need not be NUL-terminated.
 */
unsigned tracefmt_nparams(const char *fmt, size_t len);

/*
 * Render fmt[0..len) with params[i] = parameter i+1, bit i of present set
 * when it arrived (params[i] is read only then, so params may be NULL when
 * present is 0). Writes at most TRACEFMT_MSG_MAX bytes plus a NUL into out
 * (which has room for TRACEFMT_MSG_MAX + 1); a cut message ends with "..."
 * inside the cap. Returns the length written (without the NUL). Bytes of
 * fmt are copied as they are (any byte value, including non-ASCII and
 * control bytes; escaping is the output layer's job), except %c's own
 * escaping of the parameter.
 */
size_t tracefmt_render(char *out, const char *fmt, size_t len,
		       const uint32_t params[TRACEFMT_MAX_PARAMS], unsigned present);

/*
 * The same rendering with the format parsed once (a dump has a few hundred
 * formats and millions of messages). tracefmt_compile returns NULL when it
 * cannot promise tracefmt_render's bytes — a format that could be cut at
 * the cap, or with more than TRACEFMT_PROG_STEPS conversions — or when out
 * of memory: render it then. fmt must outlive the program.
 */
#define TRACEFMT_PROG_STEPS 16
struct tracefmt_prog;
struct tracefmt_prog *tracefmt_compile(const char *fmt, size_t len);
size_t tracefmt_run(char *out, const struct tracefmt_prog *prog,
		    const uint32_t params[TRACEFMT_MAX_PARAMS], unsigned present);
/*
 * True when every byte prog can write is printable ASCII other than " and
 * \ — its format's bytes are, and it has no %c — so that JSON and text
 * print its messages as they are, and a writer may make them in place.
 */
bool tracefmt_prog_plain(const struct tracefmt_prog *prog);
void tracefmt_prog_free(struct tracefmt_prog *prog);

#endif
