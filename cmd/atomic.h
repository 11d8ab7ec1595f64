/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_CMD_ATOMIC_H
#define PRMCTL_CMD_ATOMIC_H

/* Between the atomic verbs (cmd/atomic.c, atomicrun.c, atomicwqe.c). */

#include <argp.h>
#include <stdbool.h>
#include <stdint.h>

#include "lib/prm/atomic.h"

enum {
	ATOMIC_OPT_OP = 0x800, ATOMIC_OPT_SIZE, ATOMIC_OPT_OFFSET,
	/* values, in the order of val[] */
	ATOMIC_OPT_COMPARE, ATOMIC_OPT_SWAP, ATOMIC_OPT_ADD, ATOMIC_OPT_CMASK, ATOMIC_OPT_SMASK,
	ATOMIC_OPT_FB,
	ATOMIC_OPT_MEM, ATOMIC_OPT_TABLE,
	/* numbers, in the order of num[] */
	ATOMIC_OPT_ADDR, ATOMIC_OPT_LEN, ATOMIC_OPT_MAX, ATOMIC_OPT_RADDR, ATOMIC_OPT_RKEY,
	ATOMIC_OPT_LADDR, ATOMIC_OPT_LKEY, ATOMIC_OPT_QPN, ATOMIC_OPT_INDEX, ATOMIC_OPT_SEED,
	ATOMIC_OPT_ENABLED, ATOMIC_OPT_MASKED,
};

enum { ATOMIC_V_COMPARE, ATOMIC_V_SWAP, ATOMIC_V_ADD, ATOMIC_V_CMASK, ATOMIC_V_SMASK,
       ATOMIC_V_FB, ATOMIC_NV };
enum { ATOMIC_N_ADDR, ATOMIC_N_LEN, ATOMIC_N_MAX, ATOMIC_N_RADDR, ATOMIC_N_RKEY,
       ATOMIC_N_LADDR, ATOMIC_N_LKEY, ATOMIC_N_QPN, ATOMIC_N_INDEX, ATOMIC_N_SEED,
       ATOMIC_NN };

struct atomic_args {
	bool has_op, has_size;
	enum atomic_op op;
	unsigned size, offset;
	uint64_t val[ATOMIC_NV];
	bool has[ATOMIC_NV];
	uint64_t num[ATOMIC_NN];
	bool has_num[ATOMIC_NN];
	const char *mem, *table;
	bool writes_enabled, masked;
};

#define ATOMIC_OP_OPTIONS							\
	{ NULL, 0, NULL, 0, "The operation:", 1 },				\
	{ "op", ATOMIC_OPT_OP, "cs|fa|swap", 0, "Compare-and-swap, fetch-and-add or swap", 1 }, \
	{ "size", ATOMIC_OPT_SIZE, "1|2|4|8", 0, "Semaphore size, bytes", 1 },	\
	{ "offset", ATOMIC_OPT_OFFSET, "N", 0,					\
	  "Byte offset of the semaphore in its aligned unit (default 0)", 1 }

#define ATOMIC_VALUE_OPTIONS							\
	{ NULL, 0, NULL, 0, "Its values:", 2 },					\
	{ "compare", ATOMIC_OPT_COMPARE, "V", 0, "Compare value", 2 },		\
	{ "swap", ATOMIC_OPT_SWAP, "V", 0, "Swap value", 2 },			\
	{ "add", ATOMIC_OPT_ADD, "V", 0, "Add value", 2 },			\
	{ "compare-mask", ATOMIC_OPT_CMASK, "M", 0, "Compare mask", 2 },	\
	{ "swap-mask", ATOMIC_OPT_SMASK, "M", 0, "Swap mask", 2 },		\
	{ "field-boundary", ATOMIC_OPT_FB, "M", 0, "Fetch-and-add field boundary", 2 }

/* The one parser of every atomic verb (its options say which keys come). */
error_t atomic_parse(int key, char *arg, struct argp_state *state);

/* The operation the options describe, as sent; a usage error names what is missing. */
int atomic_wire_from_args(const struct atomic_args *a, struct atomic_wire *w);

extern const struct argp atomic_emulate_argp, atomic_selftest_argp, atomic_check_write_argp,
	atomic_wqe_argp, atomic_caps_argp;
struct cmd_run;
int atomic_emulate_cmd(struct cmd_run *r);
int atomic_selftest(struct cmd_run *r);
int atomic_check_write_cmd(struct cmd_run *r);
int atomic_wqe(struct cmd_run *r);
int atomic_wqe_check(struct cmd_run *r);
int atomic_caps(struct cmd_run *r);

struct dev;
/* The atomic page and the general page's atomic bit of d; an exit status. */
int atomic_device_caps(struct dev *d, uint8_t *page, bool *general_atomic);

#endif
