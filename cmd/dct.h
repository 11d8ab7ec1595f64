/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_CMD_DCT_H
#define PRMCTL_CMD_DCT_H

/* Between cmd/dct.c and cmd/dctrun.c. */

#include <argp.h>
#include <stdbool.h>
#include <stdint.h>

#include "lib/ops/dct.h"

#define DCT_MAX_WATCH 64

enum {
	DCT_OPT_PD = 0xb00, DCT_OPT_CQN, DCT_OPT_SRQN, DCT_OPT_KEY, DCT_OPT_MTU, DCT_OPT_PORT,
	DCT_OPT_UINDEX, DCT_OPT_RNR, DCT_OPT_HOP, DCT_OPT_TCLASS,
	DCT_OPT_RRE, DCT_OPT_RWE, DCT_OPT_RAE,
	DCT_OPT_WAIT, DCT_OPT_TIMEOUT, DCT_OPT_FORCE, DCT_OPT_FIRST, DCT_OPT_COUNT,
	DCT_OPT_DURATION, DCT_OPT_DCT,
};

struct dct_opts {
	bool has_dctn, has_pd, wait, force;
	uint64_t dctn;
	struct dct_attr attr;	/* create's fields */
	uint64_t timeout_ms, first, count, duration_ms;
	uint32_t dcts[DCT_MAX_WATCH];
	unsigned ndcts;
	uint64_t t0_ms;		/* the command's start: watch's --duration counts from it */
};

struct cmd_run;

/* Every dct verb's options; on ARGP_KEY_INIT, the defaults of --timeout and --first, and t0_ms. */
error_t dct_parse(int key, char *arg, struct argp_state *state);
/* cmd_fail, with where DCT commands can be run when fwctl refused them. */
int dct_fail(struct prm_err *err);

extern const struct argp dct_lifecycle_argp, dct_watch_argp;
int dct_lifecycle(struct cmd_run *r);
int dct_watch(struct cmd_run *r);

#endif
