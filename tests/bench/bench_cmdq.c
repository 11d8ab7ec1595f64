// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Round trips through the command queue against the in-process simulator,
 * each command's cost split into host time and simulated-firmware time
 * (the firmware's share is what it spends between picking the entry up and
 * handing it back; the host's is the rest: building the entry and mailboxes,
 * the doorbell, waking the firmware, polling, copying out). The peer,
 * measured in the same run on the same adapter, is ICMD register access
 * through the PCI gateway, the path mstflint takes: reading MGIR both ways
 * gives the ratio. Machines here are shared: medians of several rounds.
 *
 * Back to back, the firmware thread is still looking at the doorbell when
 * the next command rings it; the "after 1 ms idle" row times a NOP that
 * finds it asleep (the first command of a prmctl run, or of a burst), so
 * it pays the thread's wake-up.
 *
 * usage: bench_cmdq [ROUNDS [COMMANDS_PER_ROUND]]
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "lib/dev/cmdchan.h"
#include "lib/dev/dev.h"
#include "lib/dev/icmd.h"
#include "lib/prm/layouts/layouts.h"
#include "lib/sim/adapter.h"

#define MGIR 0x9020
#define MGIR_BYTES 0xa0
#define MAX_ROUNDS 32

enum { NOP, NOP_IDLE, CAP, REG, PEER };	/* the rows, in w[] */

struct work {
	const char *name;
	uint8_t in[16 + MGIR_BYTES], *out;
	size_t inlen, outlen;
	bool icmd;		/* the peer: ICMD through the gateway */
	unsigned idle_us;	/* a pause before each command, not timed */
};

static uint64_t now_ns(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (uint64_t)t.tv_sec * 1000000000ull + (uint64_t)t.tv_nsec;
}

static int cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

static double median(double *v, int n)
{
	qsort(v, (size_t)n, sizeof(*v), cmp);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

static int one(struct dev *d, struct icmd *ic, struct work *w, struct prm_err *err)
{
	struct cmd_result r;
	uint8_t reg[MGIR_BYTES] = { 0 };

	if (w->icmd)
		return icmd_reg_access(ic, MGIR, PRM_REG_GET, reg, sizeof(reg), err);
	if (dev_cmd_exec(d, w->in, w->inlen, w->out, w->outlen, &r, err))
		return -1;
	return r.status ? -1 : 0;
}

/* Median µs per command, and the firmware's share of it. */
static int measure(struct dev *d, struct icmd *ic, struct work *w, int rounds, int n,
		   double *us, double *fw_us, struct prm_err *err)
{
	double t[MAX_ROUNDS], f[MAX_ROUNDS];

	for (int i = 0; i < 50; i++)	/* warm up */
		if (one(d, ic, w, err))
			return -1;
	for (int r = 0; r < rounds; r++) {
		uint64_t fw0 = __atomic_load_n(&d->sim->fw_ns, __ATOMIC_RELAXED), t0 = now_ns();
		uint64_t paused = 0;

		for (int i = 0; i < n; i++) {
			if (w->idle_us) {
				uint64_t p0 = now_ns();

				nanosleep(&(struct timespec){ 0, (long)w->idle_us * 1000 }, NULL);
				paused += now_ns() - p0;
			}
			if (one(d, ic, w, err))
				return -1;
		}
		t[r] = (double)(now_ns() - t0 - paused) / n / 1000.0;
		f[r] = (double)(__atomic_load_n(&d->sim->fw_ns, __ATOMIC_RELAXED) - fw0) / n / 1000.0;
	}
	*us = median(t, rounds);
	*fw_us = w->icmd ? 0 : median(f, rounds);
	return 0;
}

int main(int argc, char **argv)
{
	int rounds = argc > 1 ? atoi(argv[1]) : 7, n = argc > 2 ? atoi(argv[2]) : 2000;
	static uint8_t cap_out[0x1010], reg_out[16 + MGIR_BYTES], nop_out[16];
	struct work w[] = {
		{ .name = "NOP (inline only)", .inlen = 16, .out = nop_out, .outlen = sizeof(nop_out) },
		{ .name = "NOP after 1 ms idle (firmware thread asleep)", .inlen = 16, .out = nop_out,
		  .outlen = sizeof(nop_out), .idle_us = 1000 },
		{ .name = "QUERY_HCA_CAP (8 out mailboxes)", .inlen = 16, .out = cap_out,
		  .outlen = sizeof(cap_out) },
		{ .name = "ACCESS_REG MGIR (1 mailbox each way)", .inlen = 16 + MGIR_BYTES,
		  .out = reg_out, .outlen = sizeof(reg_out) },
		{ .name = "peer: ICMD MGIR (PCI gateway, mstflint's path)", .icmd = true },
	};
	const size_t nw = sizeof(w) / sizeof(w[0]);
	struct prm_err err = { 0 };
	double us[8], fw[8];
	struct dev *d = NULL;
	struct icmd *ic;

	if (rounds < 1 || rounds > MAX_ROUNDS || n < 1) {
		fprintf(stderr, "usage: %s [ROUNDS (1-%d) [COMMANDS_PER_ROUND]]\n", argv[0], MAX_ROUNDS);
		return 2;
	}
	prm_set(&prm_layout_mbox_in, w[NOP].in, 16, "opcode", 0x80d, NULL);
	prm_set(&prm_layout_mbox_in, w[NOP_IDLE].in, 16, "opcode", 0x80d, NULL);
	prm_set(&prm_layout_mbox_in, w[CAP].in, 16, "opcode", 0x100, NULL);
	prm_set(&prm_layout_mbox_in, w[CAP].in, 16, "op_mod", 1, NULL);
	prm_set(&prm_layout_access_register_in, w[REG].in, w[REG].inlen, "opcode", 0x805, NULL);
	prm_set(&prm_layout_access_register_in, w[REG].in, w[REG].inlen, "op_mod", 1, NULL);
	prm_set(&prm_layout_access_register_in, w[REG].in, w[REG].inlen, "register_id", MGIR, NULL);
	if (dev_open("sim", NULL, &d, &err) || dev_icmd(d, &ic, &err) ||
	    dev_cmd_exec(d, w[NOP].in, 16, nop_out, 16, &(struct cmd_result){ 0 }, &err)) {
		fprintf(stderr, "bench_cmdq: %s\n", err.msg);
		dev_close(d);
		return 1;
	}
	printf("command round trips, in-process simulator, median of %d rounds of %d\n", rounds, n);
	printf("%-48s %12s %10s %10s %10s\n", "command", "round trips/s", "us/cmd", "host us", "fw us");
	for (size_t i = 0; i < nw; i++) {
		if (measure(d, ic, &w[i], rounds, w[i].icmd || w[i].idle_us ? n / 10 + 1 : n,
			    &us[i], &fw[i], &err)) {
			fprintf(stderr, "bench_cmdq: %s: %s\n", w[i].name, err.msg);
			dev_close(d);
			return 1;
		}
		printf("%-48s %12.0f %10.2f %10.2f %10.2f\n", w[i].name, 1e6 / us[i], us[i],
		       w[i].icmd ? us[i] : us[i] - fw[i], fw[i]);
	}
	printf("ratio: ACCESS_REG MGIR over the command queue is %.1fx the round trips/s of ICMD (peer)\n",
	       us[PEER] / us[REG]);
	/* lines of make bench's table (tests/bench/bench_table) */
	for (size_t i = 0; i < nw; i++)
		if (!w[i].icmd)
			printf("figure\t%s\t%.2f us (host %.2f)\tICMD MGIR (gateway)\t%.2f us\t%.2fx\t%s\n",
			       w[i].name, us[i], us[i] - fw[i], us[PEER], us[PEER] / us[i],
			       i == NOP ? "host <= 5 us" : "");
	dev_close(d);
	return 0;
}
