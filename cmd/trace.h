/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_CMD_TRACE_H
#define PRMCTL_CMD_TRACE_H

/* Between the trace verbs (cmd/trace.c, cmd/traceanalyze.c). */

#include <argp.h>

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

extern const struct argp trace_analyze_argp, trace_status_argp, trace_own_argp,
	trace_release_argp, trace_capture_argp, trace_stop_argp;
struct cmd_run;
int trace_analyze(struct cmd_run *r);
int trace_status(int argc, char **argv);
int trace_own(int argc, char **argv);
int trace_release(int argc, char **argv);
int trace_capture(int argc, char **argv);
int trace_stop(int argc, char **argv);

#endif
