// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * prmctl qp selftest: connection setup tested the way seed 004 does it —
 * the configuration checked first (§3.2), then pairs of RC QPs taken
 * RESET → INIT → RTR → RTS with a RoCE v2 address path and back, many
 * times, every transition timed and every failure counted. The commands
 * are lib/ops/qp.c's; here, the pairs, the cycles and the verdict.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/core/cmd.h"
#include "cmd/core/devsel.h"
#include "lib/dev/dev.h"
#include "lib/ops/pd.h"
#include "lib/ops/qp.h"
#include "lib/out/out.h"
#include "lib/prm/layout.h"
#include "lib/prm/names.h"
#include "lib/prm/opcodes.h"
#include "lib/prm/qpcheck.h"

#define MAX_PAIRS 128
#define MAX_FAILURES 32

enum { OPT_PAIRS = 0xc00, OPT_CYCLES, OPT_MTU, OPT_IP, OPT_MAC, OPT_RQPN };

enum step { S_CREATE, S_RST2INIT, S_INIT2RTR, S_RTR2RTS, S_2RST, S_DESTROY, S_N };

static const char *const step_names[S_N] = {
	"create", "rst2init", "init2rtr", "rtr2rts", "2rst", "destroy",
};
/* the command each step sends, for its failures' opcode and name */
static const uint16_t step_opcodes[S_N] = {
	MLX5_CMD_OP_CREATE_QP, MLX5_CMD_OP_RST2INIT_QP, MLX5_CMD_OP_INIT2RTR_QP,
	MLX5_CMD_OP_RTR2RTS_QP, MLX5_CMD_OP_2RST_QP, MLX5_CMD_OP_DESTROY_QP,
};
/* the state a QP is in when the step is sent: what it is stuck in if it hangs */
static const char *const step_from[S_N] = { "creation", "RESET", "INIT", "RTR", "whatever state",
					    "RESET" };

struct qp_opts {
	uint64_t pairs, cycles, mtu;
	uint32_t ip;
	uint8_t mac[6];
	uint32_t rqpn[MAX_PAIRS];
	unsigned nrqpn;
	const char *bad;	/* the first invalid setting, found while parsing */
	unsigned mtu_code;	/* check()'s, from mtu */
	uint32_t *lat[S_N];	/* check()'s: room for every command's microseconds */
};

struct failure {
	enum step step;
	uint8_t status;
	uint32_t syndrome;
	uint64_t count;
	unsigned first_pair;
};

struct run {
	const struct qp_opts *o;
	struct dev *d;
	uint32_t pd;
	uint64_t nlat[S_N];
	struct failure fail[MAX_FAILURES];
	unsigned nfail;
	uint64_t failed, commands;
	bool timed_out;
	unsigned stuck_pair;
	enum step stuck_step;
	struct prm_err err;
};

static const struct argp_option options[] = {
	{ "pairs", OPT_PAIRS, "N", 0, "QP pairs (1-128, default 16)", 0 },
	{ "cycles", OPT_CYCLES, "N", 0, "Times each pair is set up and torn down (default 1000)", 0 },
	{ "mtu", OPT_MTU, "BYTES", 0, "Path MTU: 256, 512, 1024 (default), 2048, 4096", 0 },
	{ "remote-ip", OPT_IP, "A", 0, "Remote IPv4 of the address path (default 192.0.2.1)", 0 },
	{ "remote-mac", OPT_MAC, "M", 0, "Remote MAC (default 02:00:00:00:00:01)", 0 },
	{ "remote-qpn", OPT_RQPN, "N", 0,
	  "Remote QPN of a pair (repeatable, in pair order); default: the pair's other QP", 0 },
	{ 0 }
};

static error_t parse(int key, char *arg, struct argp_state *state)
{
	struct qp_opts *o = state->input;
	const char *why = NULL;
	uint64_t v;

	switch (key) {
	case ARGP_KEY_INIT:
		*o = (struct qp_opts){ .pairs = 16, .cycles = 1000, .mtu = 1024, .ip = 0xc0000201,
				       .mac = { 0x02, 0, 0, 0, 0, 0x01 } };
		return 0;
	case OPT_PAIRS:
	case OPT_CYCLES:
		if (cmd_number(arg, key == OPT_PAIRS ? MAX_PAIRS : 10000000, &v) || !v) {
			argp_error(state, "%s '%s': 1 to %d", key == OPT_PAIRS ? "--pairs" : "--cycles",
				   arg, key == OPT_PAIRS ? MAX_PAIRS : 10000000);
			return EINVAL;
		}
		*(key == OPT_PAIRS ? &o->pairs : &o->cycles) = v;
		return 0;
	case OPT_MTU:
		if (cmd_number(arg, UINT32_MAX, &v) || !qp_mtu_code(v, &why)) {
			argp_error(state, "--mtu '%s': %s", arg,
				   why ? why : "an MTU is 256, 512, 1024, 2048 or 4096 bytes");
			return EINVAL;
		}
		o->mtu = v;
		return 0;
	case OPT_IP:
		if (qp_parse_ipv4(arg, &o->ip)) {
			argp_error(state, "--remote-ip '%s': not an IPv4 address", arg);
			return EINVAL;
		}
		why = qp_check_ipv4(o->ip);
		break;
	case OPT_MAC:
		if (qp_parse_mac(arg, o->mac)) {
			argp_error(state, "--remote-mac '%s': not a MAC (aa:bb:cc:dd:ee:ff)", arg);
			return EINVAL;
		}
		why = qp_check_mac(o->mac);
		break;
	case OPT_RQPN:
		if (o->nrqpn == MAX_PAIRS) {
			argp_error(state, "--remote-qpn: at most %d, one per pair", MAX_PAIRS);
			return EINVAL;
		}
		if (cmd_number(arg, UINT64_MAX, &v)) {
			argp_error(state, "--remote-qpn '%s': a number", arg);
			return EINVAL;
		}
		why = qp_check_qpn(v);
		o->rqpn[o->nrqpn++] = (uint32_t)v;
		break;
	default:
		return cmd_no_args(key, arg, state);
	}
	if (why) {
		argp_error(state, "%s '%s': %s", key == OPT_IP ? "--remote-ip"
				  : key == OPT_MAC ? "--remote-mac" : "--remote-qpn", arg, why);
		return EINVAL;
	}
	return 0;
}

static const struct argp selftest_argp = {
	options, parse, NULL,
	"Test connection setup: the configuration is checked first (QPN range, a remote IPv4 "
	"that is not zero, multicast or broadcast, a unicast MAC, the MTU, no session used "
	"twice), then for each pair two RC QPs are created and taken RESET → INIT → RTR → RTS "
	"with a RoCE v2 address path (UDP 4791), back to RESET and destroyed, --cycles times. "
	"Per transition: latency (median, p99, max); failures by status and syndrome; a "
	"verdict. Exit 4 on any failure, 5 when a transition never completes.",
	prm_global_children, NULL, NULL
};

static void note_failure(struct run *r, enum step s, unsigned pair, uint8_t st, uint32_t synd)
{
	r->failed++;
	for (unsigned i = 0; i < r->nfail; i++)
		if (r->fail[i].step == s && r->fail[i].status == st && r->fail[i].syndrome == synd) {
			r->fail[i].count++;
			return;
		}
	if (r->nfail < MAX_FAILURES)
		r->fail[r->nfail++] = (struct failure){ s, st, synd, 1, pair };
}

/* A pair's RoCE v2 path: each pair its own UDP source port. */
static struct qp_path path_of(const struct run *r, unsigned pair, uint32_t remote)
{
	struct qp_path p = { .mtu_code = r->o->mtu_code, .remote_qpn = remote, .rip = r->o->ip,
			     .udp_sport = (uint16_t)(0xc000 + pair) };

	memcpy(p.rmac, r->o->mac, sizeof(p.rmac));
	return p;
}

/* One step of one QP; 0 done, 1 the firmware failed it (counted), -1 the channel failed. */
static int qp_cmd(struct run *r, enum step s, unsigned pair, uint32_t qpn, uint32_t remote,
		  uint32_t *created)
{
	struct qp_reply rep = { 0 };
	struct qp_path path;
	int rc = -1;

	r->commands++;
	switch (s) {
	case S_CREATE:
		rc = qp_create(r->d, r->pd, &rep, &r->err);
		break;
	case S_RST2INIT:
		rc = qp_rst2init(r->d, qpn, &rep, &r->err);
		break;
	case S_INIT2RTR:
		path = path_of(r, pair, remote);
		rc = qp_init2rtr(r->d, qpn, &path, &rep, &r->err);
		break;
	case S_RTR2RTS:
		rc = qp_rtr2rts(r->d, qpn, &rep, &r->err);
		break;
	case S_2RST:
		rc = qp_2rst(r->d, qpn, &rep, &r->err);
		break;
	case S_DESTROY:
		rc = qp_destroy(r->d, qpn, &rep, &r->err);
		break;
	case S_N:
		break;
	}
	if (rc) {
		if (r->err.kind == PRM_E_TIMEOUT) {
			r->timed_out = true;
			r->stuck_pair = pair;
			r->stuck_step = s;
		}
		return -1;
	}
	r->o->lat[s][r->nlat[s]++] = rep.us;
	if (rep.status) {
		note_failure(r, s, pair, rep.status, rep.syndrome);
		return 1;
	}
	if (created)
		*created = rep.qpn;
	return 0;
}

static int cycle(struct run *r, const uint32_t *remote_given)
{
	uint32_t qpn[MAX_PAIRS][2];
	bool ok[MAX_PAIRS];
	unsigned pairs = (unsigned)r->o->pairs;

	/* each step for every pair before the next step: the pairs go together */
	for (unsigned p = 0; p < pairs; p++) {
		ok[p] = true;
		for (int k = 0; k < 2; k++) {
			int rc = qp_cmd(r, S_CREATE, p, 0, 0, &qpn[p][k]);

			if (rc < 0)
				return -1;
			if (rc)
				qpn[p][k] = 0;
			ok[p] &= !rc;
		}
	}
	for (enum step s = S_RST2INIT; s <= S_RTR2RTS; s++)
		for (unsigned p = 0; p < pairs; p++)
			for (int k = 0; k < 2 && ok[p]; k++) {
				uint32_t remote = remote_given ? remote_given[p] : qpn[p][!k];
				int rc = qp_cmd(r, s, p, qpn[p][k], remote, NULL);

				if (rc < 0)
					return -1;
				ok[p] &= !rc;
			}
	for (enum step s = S_2RST; s <= S_DESTROY; s++)
		for (unsigned p = 0; p < pairs; p++)
			for (int k = 0; k < 2; k++)
				if (qpn[p][k] && qp_cmd(r, s, p, qpn[p][k], 0, NULL) < 0)
					return -1;
	return 0;
}

static int by_value(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	return x < y ? -1 : x > y;
}

static void report(struct run *r)
{
	out_doc_begin();
	cmd_out_device(r->d);
	out_u64("pairs", r->o->pairs);
	out_u64("cycles", r->o->cycles);
	out_u64("mtu", r->o->mtu);
	out_u64("command_count", r->commands);
	out_table_begin("latency");
	for (int s = 0; s < S_N; s++) {
		uint64_t n = r->nlat[s];

		qsort(r->o->lat[s], n, sizeof(uint32_t), by_value);
		out_obj_begin(NULL);
		out_str("step", step_names[s]);
		out_u64("count", n);
		if (n) {
			out_u64("median_us", r->o->lat[s][n / 2]);
			out_u64("p99_us", r->o->lat[s][n * 99 / 100]);
			out_u64("max_us", r->o->lat[s][n - 1]);
		} else {
			out_null("median_us");
			out_null("p99_us");
			out_null("max_us");
		}
		out_obj_end();
	}
	out_table_end();
	out_table_begin("failures");
	for (unsigned i = 0; i < r->nfail; i++) {
		out_obj_begin(NULL);
		out_str("step", step_names[r->fail[i].step]);
		out_named("opcode", step_opcodes[r->fail[i].step], true,
			  prm_name_of(&prm_cmd_opcode_names, step_opcodes[r->fail[i].step]));
		out_named("status", r->fail[i].status, true,
			  prm_name_of(&prm_cmd_status_names, r->fail[i].status));
		out_hex_width("syndrome", r->fail[i].syndrome, 32);
		out_u64("count", r->fail[i].count);
		out_u64("first_pair", r->fail[i].first_pair);
		out_obj_end();
	}
	out_table_end();
	out_u64("failure_count", r->failed);
	out_str("verdict", r->failed ? "fail" : "pass");
}

static int selftest_check(struct cmd_run *cr)
{
	struct qp_opts *o = cr->opts;
	const char *why = NULL;
	int dup;

	o->mtu_code = qp_mtu_code(o->mtu, &why);
	if (o->nrqpn && o->nrqpn != o->pairs)
		return cmd_usage("--remote-qpn: %u given for %llu pairs: one per pair", o->nrqpn,
				 (unsigned long long)o->pairs);
	for (unsigned i = 0; i < o->nrqpn; i++)
		if ((dup = qp_duplicate(o->rqpn, o->nrqpn, i)) >= 0)
			return cmd_usage("--remote-qpn 0x%x: session already in use by pair %d "
					 "(pair %u would duplicate it)", o->rqpn[i], dup, i);
	if (!G.timeout_ms)
		G.timeout_ms = 2000;	/* a transition that never completes is a finding */
	for (int s = 0; s < S_N; s++) {
		o->lat[s] = malloc(sizeof(uint32_t) * 2 * o->pairs * o->cycles + 1);
		if (!o->lat[s])
			return cmd_usage("out of memory for %llu latencies",
					 (unsigned long long)(2 * o->pairs * o->cycles));
	}
	return 0;
}

static void selftest_cleanup(struct cmd_run *cr)
{
	struct qp_opts *o = cr->opts;

	for (int s = 0; s < S_N; s++)
		free(o->lat[s]);
}

static int selftest(struct cmd_run *cr)
{
	const struct qp_opts *o = cr->opts;
	struct run r = { .o = o, .d = cr->dev };

	if (pd_alloc(r.d, &r.pd, &r.err))
		return cmd_fail(&r.err);
	for (uint64_t c = 0; c < o->cycles; c++)
		if (cycle(&r, o->nrqpn ? o->rqpn : NULL))
			break;
	if (r.timed_out)	/* the seed's "remote does not answer" */
		prm_err_prefix(&r.err, "pair %u stuck in %s (%s never completed): ", r.stuck_pair,
			       step_from[r.stuck_step], step_names[r.stuck_step]);
	if (r.err.msg[0])
		return cmd_fail(&r.err);
	if (pd_dealloc(r.d, r.pd, &r.err))
		out_warn("%s: PD %u is left behind: %s", r.d->label, r.pd, r.err.msg);
	report(&r);
	return cmd_done(r.failed ? EXIT_CHECK : EXIT_OK);
}

static const struct prm_verb verbs[] = {
	{ .name = "selftest", .summary = "Set up and tear down RC QP pairs, timed",
	  .argp = &selftest_argp, .check = selftest_check, .exec = selftest,
	  .cleanup = selftest_cleanup, .opts_size = sizeof(struct qp_opts),
	  .flags = CMD_NEEDS_DEVICE | CMD_WRITES },
};

const struct prm_cmd cmd_qp = {
	.name = "qp",
	.summary = "Queue pairs: a connection setup self-test",
	.verbs = verbs,
	.nverbs = sizeof(verbs) / sizeof(verbs[0]),
	.default_verb = "selftest",
	.flags = CMD_NEEDS_DEVICE,
};
