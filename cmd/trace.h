/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_CMD_TRACE_H
#define PRMCTL_CMD_TRACE_H

/* Between the trace verbs (cmd/trace.c, cmd/traceanalyze.c). */

#include <argp.h>
#include <stdbool.h>
#include <stdint.h>

#include "cmd/tracein.h"
#include "lib/prm/trace.h"

/* Open the input and make its decoder; an exit status. */
int trace_open(const struct tracein_opts *io, trace_emit_fn fn, void *ctx, struct tracein *in,
	       struct trace_dec **dec);
/* The counters as a record (not yet ended: the caller may add to it). */
void trace_summary(const struct trace_counts *c, uint64_t start_block);


/* trace analyze's options: the input's, and how many top talkers. */
struct trace_analyze_opts {
	struct tracein_opts in;
	uint64_t top;
};

/* trace own's options (cmd/tracelive.c). */
struct trace_own_opts {
	unsigned tries;
	uint64_t wait_ms;
	uint64_t t0_ms;		/* the command's start: waited_ms counts from it */
};

/* trace capture's options (cmd/tracecapture.c). */
struct trace_capture_opts {
	const char *file;
	uint64_t duration_ms;	/* 0: until interrupted */
	uint64_t size;
	uint64_t interval_ms;
	bool force;
	/* check()'s, before the device is opened */
	char tmp[4096];		/* FILE.part */
	uint8_t *buf;		/* the blocks of one poll */
};

/* trace kernel's options (cmd/tracekernel.c). */
struct trace_kernel_opts {
	uint64_t duration_ms;
	bool duration_given;
};

struct tracestat;
/* analyze's tables for people (cmd/traceanalyzetext.c), top rows each. */
void trace_analyze_text(struct tracestat *st, uint64_t khz, uint64_t top);

extern const struct argp trace_analyze_argp, trace_status_argp, trace_own_argp,
	trace_release_argp, trace_capture_argp, trace_stop_argp, trace_strings_argp,
	trace_kernel_argp;
extern const struct prm_cmd cmd_trace_strings;
struct cmd_run;
struct prm_cmd;
int trace_analyze(struct cmd_run *r);
int trace_status(struct cmd_run *r);
int trace_kernel_gate(struct cmd_run *r);
int trace_kernel(struct cmd_run *r);
int trace_own(struct cmd_run *r);
int trace_release(struct cmd_run *r);
int trace_capture_check(struct cmd_run *r);
int trace_capture(struct cmd_run *r);
void trace_capture_cleanup(struct cmd_run *r);
int trace_stop(struct cmd_run *r);

#endif
