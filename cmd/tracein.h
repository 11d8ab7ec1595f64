/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_CMD_TRACEIN_H
#define PRMCTL_CMD_TRACEIN_H

/*
 * The input of trace decode and analyze: a raw ring or a capture file,
 * read in chunks (memory does not grow with the dump), standard input
 * spooled to an unlinked temporary file (at most 1 GiB) so a ring can be
 * read twice. A FILE must be a regular file: anything else is refused
 * before it is opened (lib/util/infile.h).
 */

#include <argp.h>
#include <stdbool.h>
#include <stdint.h>

#include "lib/prm/trace.h"
#include "lib/prm/tracefile.h"

struct trace_pipe;
struct trace_pipe_output;

#define TRACEIN_MAX_SECTIONS 16

/* What the user said on the command line about the input. */
struct tracein_opts {
	const char *file;
	const char *db_spec[TRACEIN_MAX_SECTIONS];
	unsigned ndb;
	const char *strings;	/* --strings FILE: a saved strings database */
	bool has_first, has_num, has_ver, has_ci;
	unsigned first_string_trace, num_string_trace, trc_ver;
	uint64_t consumer_index;
	uint64_t clock_khz;	/* --clock-mhz, 0 if not given */
	bool realtime;
};

struct tracein {
	const char *name;
	int fd;
	uint64_t size;
	bool capture;
	bool clean_end;		/* capture: its END record was seen */
	uint64_t data_off;	/* capture: the first record after the configuration */
	struct trace_cfg cfg;
	struct trace_db_section sec[TRACEIN_MAX_SECTIONS];
	uint8_t *secbuf[TRACEIN_MAX_SECTIONS];
	struct tracefile_meta meta;
	uint64_t clock_khz;	/* the option, else the capture's, else 0 */
	uint64_t start_block;	/* raw ring: where decoding started */
	uint64_t done;		/* bytes decoded, for progress */
	int status;		/* the exit status of a failure found while reading */
	struct trace_pipe *pipe;	/* during tracein_run: the decoder's thread, if it has one */
	bool finished;		/* the ring went in parts (lib/ops/traceseg): the decoder is done */
	/* set before tracein_run: the callback's records may be made on that thread too */
	const struct trace_pipe_output *made_there;
};

/* The input options, shared by decode and analyze (an argp child, first). */
extern const struct argp tracein_argp;
/* The parent's ARGP_KEY_INIT (hands in to the child) and ARGP_KEY_ARG (the file). */
error_t tracein_parse_input(int key, char *arg, struct argp_state *state,
			    struct tracein_opts *in);

/* Open and read the configuration; returns an exit status. */
int tracein_open(struct tracein *in, const struct tracein_opts *o);
/*
 * Feed every block to d in decoding order. Returns 0, an exit status after a
 * reported failure, or -1 when the decoder stopped (its callback said so).
 */
int tracein_run(struct tracein *in, const struct tracein_opts *o, struct trace_dec *d);
void tracein_close(struct tracein *in);

#endif
