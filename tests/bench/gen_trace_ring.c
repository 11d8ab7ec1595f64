// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * A realistic firmware-tracer ring for the trace-decode benchmark, fast:
 * MIB MiB of 256-byte blocks (32 big-endian 64-bit entries, entry 31 a
 * reliable timestamp event), and the strings database its string events
 * point into. Used only by tests/bench/bench_trace; the layout is
 * doc/trace-decode.md §1.
 *
 * What is in it: a 53-bit device clock that starts high and advances 1 to 3
 * ticks per entry (never wraps, never runs backwards, so a block's closing
 * timestamp is always within 128 ticks of what it completes); string
 * messages from several event ids (firmware cores) interleaved, each a
 * tdsn-0 format pointer then its parameters tdsn 1..N in order, tmsn counting
 * per event id mod 8192, every message complete before the end of the block
 * after the one it began in; raw events from ids outside the string range;
 * now and then an unreliable timestamp event mid-block; the lost bit rarely.
 * The ring is not wrapped: block 0 is the oldest. Every 1 MiB the messages
 * are drained, so a prefix cut at any MiB boundary is a clean ring too.
 *
 * usage: gen_trace_ring [-s SEED] MIB RING STRINGS_DB
 * stdout, line 1: the decode options to use (for prmctl and the Python peer)
 *         line 2: "# expect ..." what the ring holds, to check a decoder by
 */
#include <endian.h>
#include <errno.h>
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define ENTRIES 32
#define BLOCK_BYTES (ENTRIES * 8)
#define BLOCKS_PER_MIB (1024 * 1024 / BLOCK_BYTES)
#define DB_BASE 0x00a00000u
#define FIRST_STRING 8
#define NUM_STRING 16		/* string ids 8..23 */
#define N_CORES 6		/* ids 8..13 emit strings */
#define SLOTS 3			/* messages under way at once at most */
#define TS_ID 0xFF

/* The formats and how many parameter dwords each takes (1 per conversion,
 * 2 for %ll*). A firmware's strings are like this: short, hex-heavy. */
static const struct { const char *fmt; int np; } fmts[] = {
	{ "cmd_if: opcode 0x%x op_mod 0x%x status 0x%x syndrome 0x%08x", 4 },
	{ "QP 0x%06x: state %d -> %d", 3 },
	{ "CQ 0x%06x: ci 0x%x arm %u", 3 },
	{ "EQ %u: eqe 0x%02x consumer index %u", 3 },
	{ "health: counter %u", 1 },
	{ "SQ 0x%x: wqe_counter %u pi %u", 3 },
	{ "RQ 0x%x: no WQE, dropped %u", 2 },
	{ "mkey 0x%08x: start 0x%llx len 0x%llx", 5 },
	{ "ICM pages: func %u requested %d given %d", 3 },
	{ "steering: ft 0x%x level %u fg 0x%x fte %u action 0x%x", 5 },
	{ "port %u: link up, speed %u Mbps, fec %d", 3 },
	{ "port %u: link down, reason 0x%x", 2 },
	{ "module %u: temperature %d C, threshold %d C", 3 },
	{ "vport %u: rx %u tx %u drop %u err %u mtu %u state %d", 7 },
	{ "DCT 0x%06x: drained", 1 },
	{ "DCT 0x%06x: key violation from qpn 0x%06x dc_key 0x%llx", 4 },
	{ "%s: sq 0x%x timeout, cc 0x%x pc 0x%x", 4 },
	{ "tx timeout sq %u: %llu packets, last cqe 0x%08x", 4 },
	{ "rate limit: entry %d rate %u kbps burst %u", 3 },
	{ "PCIe: link gen %u width x%u, max payload %u", 3 },
	{ "PCIe: AER correctable 0x%08x", 1 },
	{ "MAD: mgmt_class 0x%02x method 0x%02x attr 0x%04x status 0x%x", 4 },
	{ "irisc %u: idle %llu ticks", 3 },
	{ "RoCE: qpn 0x%06x retry %u/%u psn 0x%06x", 4 },
	{ "RoCE: CNP sent to qpn 0x%06x", 1 },
	{ "congestion: ecn marked %u, rp rate %u", 2 },
	{ "flow counter 0x%x: packets %llu bytes %llu", 5 },
	{ "page request: func 0x%x npages %d", 2 },
	{ "page release: func 0x%x npages %d ec %u", 3 },
	{ "sync reset: state %u requested by func %u", 2 },
	{ "fw reset requested", 0 },
	{ "fw reset done", 0 },
	{ "PCI link retrained", 0 },
	{ "thermal: fan %u rpm %u", 2 },
	{ "crdump: %u bytes at 0x%08x", 2 },
	{ "ODP: page fault qpn 0x%06x va 0x%llx len %u", 4 },
	{ "uar %u: doorbell 0x%08x", 2 },
	{ "esw: vport %u vlan %u qos %u trust %u", 4 },
	{ "esw: function 0x%x enabled, %u VFs", 2 },
	{ "nvmf: ns %u queue %u cid 0x%04x status 0x%x", 4 },
	{ "lag: port affinity %u -> %u", 2 },
	{ "ptp: clock adj %d ppb, offset %lld ns", 3 },
	{ "ipsec: sa 0x%08x seq %u replay window %u", 3 },
	{ "tls: tis 0x%x record seq %llu", 3 },
	{ "hairpin: sq 0x%x rq 0x%x peer vhca %u", 3 },
	{ "assert: var 0x%08x ext 0x%08x irisc %u pc 0x%08x line %u", 5 },
	{ "watchdog: core %u heartbeat %u", 2 },
	{ "%u%% of cmd budget used", 1 },
	{ "spi: sector 0x%x erase %u us", 2 },
	{ "mpfs: mac %04x%08x added at index %u", 3 },
	{ "eswitch mode %u -> %u (%s)", 3 },
	{ "rss: rqt 0x%x size %u hash 0x%x indir %u %u %u %u", 7 },
	{ "timer %u expired at %llu", 3 },
	{ "mtt: %u entries at 0x%llx, page shift %u", 4 },
	{ "gid %u: type %u vlan %u", 3 },
	{ "%-8s %5u %5u", 3 },
	{ "counters: %u %u %u %u %u %u", 6 },
	{ "boot stage %u", 1 },
	{ "link training done", 0 },
	{ "sensor %d: %+d mC", 2 },
};
#define N_FMTS ((int)(sizeof(fmts) / sizeof(fmts[0])))

static const uint8_t raw_ids[] = { 1, 2, 3, 0x30, 0x41, 0x80 };

static uint64_t rng_state = 0x9e3779b97f4a7c15ull;

static uint64_t rnd(void)	/* xorshift64* */
{
	rng_state ^= rng_state >> 12;
	rng_state ^= rng_state << 25;
	rng_state ^= rng_state >> 27;
	return rng_state * 0x2545f4914f6cdd1dull;
}

/* 1 in 2^bits */
static int chance(unsigned bits)
{
	return (rnd() >> (64 - bits)) == 0;
}

struct msg {
	int active;
	unsigned id, tmsn, fmt, next, np;	/* next: the tdsn to write next */
	uint64_t start_block;
};

static uint32_t ptr_of[N_FMTS];

static uint32_t param_value(void)
{
	uint64_t r = rnd();

	/* spread over magnitudes: small counters to full 32-bit words */
	return (uint32_t)(r >> 32) >> (r & 31);
}

int main(int argc, char **argv)
{
	unsigned long long seed = 1, mib;
	struct msg slot[SLOTS] = { 0 };
	unsigned tmsn[N_CORES] = { 0 }, busy[N_CORES] = { 0 };
	uint64_t be[ENTRIES], v, t = 0x000123456789abcdull;
	uint64_t n_str = 0, n_raw = 0, n_ts = 0, n_unrel = 0, n_lost = 0;
	size_t dblen = 0;
	char *dbbuf, *end;
	FILE *ring, *db;
	int a = 1;

	if (argc > 2 && !strcmp(argv[1], "-s")) {
		seed = strtoull(argv[2], NULL, 0);
		a = 3;
	}
	if (argc - a != 3) {
		fprintf(stderr, "usage: gen_trace_ring [-s SEED] MIB RING STRINGS_DB\n");
		return 2;
	}
	errno = 0;
	mib = strtoull(argv[a], &end, 10);
	if (errno || *end || mib == 0 || mib > 1024 * 1024) {
		fprintf(stderr, "gen_trace_ring: MIB '%s' is not 1..1048576\n", argv[a]);
		return 2;
	}
	rng_state ^= seed * 0xbf58476d1ce4e5b9ull;
	if (!rng_state)
		rng_state = 1;

	/* strings DB: a banner, then the formats NUL-terminated and 4-aligned,
	 * with other strings between them, as in a firmware image */
	dbbuf = calloc(1, 64 * 1024);
	if (!dbbuf)
		return perror("gen_trace_ring"), 1;
	dblen = (size_t)sprintf(dbbuf, "prmctl bench strings db") + 1;
	for (int i = 0; i < N_FMTS; i++) {
		dblen = (dblen + 3) & ~(size_t)3;
		if (i % 4 == 3)
			dblen += (size_t)sprintf(dbbuf + dblen, "unused_symbol_%d", i) + 1;
		dblen = (dblen + 3) & ~(size_t)3;
		ptr_of[i] = DB_BASE + (uint32_t)dblen;
		dblen += strlen(strcpy(dbbuf + dblen, fmts[i].fmt)) + 1;
	}
	dblen = (dblen + 63) & ~(size_t)63;
	db = fopen(argv[a + 2], "wb");
	if (!db || fwrite(dbbuf, 1, dblen, db) != dblen || fclose(db))
		return perror(argv[a + 2]), 1;
	free(dbbuf);

	ring = fopen(argv[a + 1], "wb");
	if (!ring)
		return perror(argv[a + 1]), 1;
	setvbuf(ring, NULL, _IOFBF, 1 << 20);

	uint64_t nblocks = mib * BLOCKS_PER_MIB;
	for (uint64_t b = 0; b < nblocks; b++) {
		/* the last block of each MiB starts no message: all finish in it */
		int drain = (b + 1) % BLOCKS_PER_MIB == 0;

		for (int e = 0; e < ENTRIES - 1; e++) {
			int left = ENTRIES - 1 - e, urgent = 0, nact = 0, s;
			unsigned lost;

			t += 1 + (rnd() & 1) + (rnd() & 1);
			for (s = 0; s < SLOTS; s++) {
				if (!slot[s].active)
					continue;
				nact++;
				if (slot[s].start_block < b || drain)
					urgent += (int)(slot[s].np + 1 - slot[s].next);
			}
			lost = chance(20);
			n_lost += lost;
			if (urgent < left && chance(4)) {
				/* a raw event */
				uint8_t id = raw_ids[rnd() % sizeof(raw_ids)];

				v = (uint64_t)lost << 63 | (t & 0x7F) << 56 | (uint64_t)id << 48 |
				    (rnd() >> 16);
				n_raw++;
			} else if (urgent < left && chance(8)) {
				/* an unreliable timestamp event (trc_ver 1: urts bit 0);
				 * bit 63 is the clock's bit 7, never a lost bit */
				n_lost -= lost;
				v = (t & 0xFF) << 56 | (uint64_t)TS_ID << 48 | 1ull << 45 |
				    ((t >> 40) & 0x1FFF) << 32 | ((t >> 8) & 0xFFFFFFFF);
				n_ts++;
				n_unrel++;
			} else {
				struct msg *m = NULL;

				if (urgent >= left) {
					/* must finish an older message now */
					for (s = 0; s < SLOTS && !m; s++)
						if (slot[s].active && (slot[s].start_block < b || drain))
							m = &slot[s];
				} else if (nact < SLOTS && !drain && (nact == 0 || rnd() & 1)) {
					/* a new message on a core that is not busy */
					unsigned core, k, fi;

					for (s = 0; slot[s].active; s++)
						;
					m = &slot[s];
					core = (unsigned)(rnd() % N_CORES);
					while (busy[core])
						core = (core + 1) % N_CORES;
					/* some formats far more often than others */
					k = (unsigned)(rnd() % N_FMTS);
					fi = (unsigned)(k * (rnd() % N_FMTS) / N_FMTS);
					busy[core] = 1;
					*m = (struct msg){ 1, core, tmsn[core], fi, 0,
							   (unsigned)fmts[fi].np, b };
					tmsn[core] = (tmsn[core] + 1) % 8192;
				} else if (nact) {
					/* carry on with one under way */
					unsigned pick = (unsigned)(rnd() % (unsigned)nact);

					for (s = 0; s < SLOTS; s++)
						if (slot[s].active && pick-- == 0)
							m = &slot[s];
				}
				if (!m) {	/* draining, nothing left: a raw event */
					uint8_t id = raw_ids[rnd() % sizeof(raw_ids)];

					v = (uint64_t)lost << 63 | (t & 0x7F) << 56 |
					    (uint64_t)id << 48 | (rnd() >> 16);
					n_raw++;
				} else {
					uint32_t p = m->next ? param_value() : ptr_of[m->fmt];

					v = (uint64_t)lost << 63 | (t & 0x7F) << 56 |
					    (uint64_t)(FIRST_STRING + m->id) << 48 |
					    (uint64_t)m->tmsn << 35 | (uint64_t)m->next << 32 | p;
					if (m->next == 0)
						n_str++;
					if (m->next++ == m->np) {
						m->active = 0;
						busy[m->id] = 0;
					}
				}
			}
			be[e] = htobe64(v);
		}
		/* the closing reliable timestamp event */
		t += 1 + (rnd() & 1);
		v = (t & 0xFF) << 56 | (uint64_t)TS_ID << 48 | ((t >> 40) & 0x1FFF) << 32 |
		    ((t >> 8) & 0xFFFFFFFF);
		be[ENTRIES - 1] = htobe64(v);
		n_ts++;
		if (fwrite(be, 1, sizeof(be), ring) != sizeof(be))
			return perror(argv[a + 1]), 1;
	}
	if (fclose(ring))
		return perror(argv[a + 1]), 1;

	printf("--strings-db 0x%08x:%s --first-string-trace %d --num-string-trace %d --trc-ver 1\n",
	       DB_BASE, argv[a + 2], FIRST_STRING, NUM_STRING);
	printf("# expect blocks=%" PRIu64 " events=%" PRIu64 " strings=%" PRIu64
	       " raws=%" PRIu64 " timestamps=%" PRIu64 " unreliable_events=%" PRIu64
	       " lost_events=%" PRIu64 " formats=%d\n",
	       nblocks, nblocks * ENTRIES, n_str, n_raw, n_ts, n_unrel, n_lost, N_FMTS);
	return 0;
}
