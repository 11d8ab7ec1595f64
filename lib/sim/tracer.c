// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * The firmware tracer, simulated (tracer-atomics.md Part A). What real
 * firmware guarantees and a decoder relies on is kept: every block ends with
 * a reliable timestamp event, and a reliable one follows every trace within
 * 128 ticks (the PRM's completion rule only holds then), messages may run
 * into the next block (of the same burst), unreliable timestamp events and
 * the lost bit happen.
 * The device clock runs at 1 GHz from the adapter's start.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "lib/prm/events.h"
#include "lib/prm/layouts/layouts.h"
#include "lib/prm/regtlv.h"
#include "lib/prm/trace.h"
#include "lib/prm/tracefmt.h"
#include "lib/sim/fwcmd.h"
#include "lib/sim/internal.h"
#include "lib/sim/proto.h"
#include "lib/sim/tracer.h"
#include "lib/sim/tracerec.h"
#include "lib/prm/registers.h"

#define BLOCKS_PER_TICK 2
#define TRACER_CAP_REG_BYTES 128	/* MTRC_CAP as ACCESS_REG carries it */
#define RELIABLE_EVERY 12	/* entries; at most 6 ticks each: within 128 */
#define RAW_EVENT_ID 0x02
#define MAX_QUEUED 16
#define MSG_ROOM (1 + TRACEFMT_MAX_PARAMS + 1)
#define ODD_SLOT 4		/* the odd formats' event id: FIRST_STRING + 4 */
#define ODD_EVERY 64

/*
 * The strings DB. Real firmware's formats are what mlx5_core's fw_tracer can
 * print (diag/fw_tracer.c, mlx5_tracer_validate_params and
 * mlx5_tracer_get_num_of_params): integer conversions only (d i u x X c,
 * with # 0 width precision and l), %% for a percent sign, and a 64-bit
 * value only as %llx, two parameters, high dword first, which the driver
 * rewrites to %x%x. The odd ones are not firmware's: the driver prints %s
 * and %p as "BAD_FORMAT: <format>" (older drivers read the parameter as a
 * pointer) and reads %lld/%llu as one 64-bit vararg from a 32-bit int. They
 * stay because they exercise prmctl's decoder (<str 0x...>, 64-bit decimals)
 * on live captures, but confined: one event id of their own (ODD_EVENT_ID)
 * and one message in ODD_EVERY, so a host's view of the other ids is exactly
 * what firmware would give it. chars: bit i set when parameter i + 1 is a
 * %c, which firmware fills with a printable character.
 */
static const struct sim_trace_format {
	const char *fmt;
	uint8_t chars;
	bool odd;
} formats[] = {
	{ .fmt = "ICM: page alloc va=0x%llx npages=%d" },
	{ .fmt = "CMD_IF: cmd 0x%04x op_mod %d status 0x%x syndrome 0x%08x" },
	{ .fmt = "health: counter %u" },
	{ .fmt = "FLR: function %d done" },
	{ .fmt = "PCI: link up gen%d x%d" },
	{ .fmt = "steering: rule %u added to table %u, %llu bytes", .odd = true },
	{ .fmt = "QP 0x%06x state %d -> %d" },
	{ .fmt = "EQ %d armed, ci=%u" },
	{ .fmt = "tracer: ownership granted" },
	{ .fmt = "PHY: lane %d eye %d mV, %d ps" },
	{ .fmt = "MAD: class 0x%02x method 0x%02x attr 0x%04x" },
	{ .fmt = "thermal: sensor %d at %d C" },
	{ .fmt = "DC: cleanup of %lld entries took %llu ns", .odd = true },
	{ .fmt = "module %s loaded at %p", .odd = true },
	{ .fmt = "counter wrap: %u%%" },
	{ .fmt = "mkey 0x%08x pd %u len %llu", .odd = true },
	{ .fmt = "virt: vf %d vport %d state %c", .chars = 1u << 2 },
	{ .fmt = "ICMD: opcode 0x%x status %d" },
	{ .fmt = "FW_LL: irq %d latency %u cycles" },
	{ .fmt = "rx errors: crc %u, len %u, sym %u, other %u, total %llu", .odd = true },
	{ .fmt = "dump: %x %x %x %x %x %x %x" },
	{ .fmt = "no parameters here" },
};
#define NFORMATS (sizeof(formats) / sizeof(formats[0]))

struct sim_tracer {
	uint8_t *db;
	size_t db_len;
	uint32_t fmt_off[NFORMATS];
	bool host_owner, other_owner;
	unsigned trace_mode, log_size;
	uint32_t mkey;
	bool active, armed;
	bool event_out;		/* an event sent, its owner not re-armed yet */
	uint64_t pi;		/* blocks written since the start */
	uint64_t dev_ts;
	uint16_t tmsn[SIM_TRACER_NUM_STRING];
	uint32_t rng;
	/* entries of a message that did not fit in the last block */
	uint64_t queued[MAX_QUEUED];
	unsigned nqueued;
	int log_fd;
	uint64_t log_bytes;
	struct sim_tracerec rec;
};

static uint32_t rnd(struct sim_tracer *t)
{
	t->rng ^= t->rng << 13;
	t->rng ^= t->rng >> 17;
	t->rng ^= t->rng << 5;
	return t->rng;
}

int sim_tracer_init(struct sim_adapter *a)
{
	struct sim_tracer *t = calloc(1, sizeof(*t));
	size_t len = 1;

	if (!t)
		return -1;
	for (size_t i = 0; i < NFORMATS; i++)
		len += strlen(formats[i].fmt) + 1;
	t->db_len = (len + 63) & ~(size_t)63;
	t->db = calloc(1, t->db_len);
	if (!t->db) {
		free(t);
		return -1;
	}
	len = 1;	/* pointer 0 of the section is never a format */
	for (size_t i = 0; i < NFORMATS; i++) {
		t->fmt_off[i] = (uint32_t)len;
		memcpy(t->db + len, formats[i].fmt, strlen(formats[i].fmt) + 1);
		len += strlen(formats[i].fmt) + 1;
	}
	t->rng = 0x2545f491;
	t->log_fd = -1;
	sim_tracerec_init(&t->rec);
	a->tracer = t;
	return 0;
}

void sim_tracer_free(struct sim_adapter *a)
{
	if (!a->tracer)
		return;
	free(a->tracer->db);
	free(a->tracer);
	a->tracer = NULL;
}

void sim_tracer_log_to(struct sim_adapter *a, int fd)
{
	pthread_mutex_lock(&a->lock);
	if (a->tracer)
		a->tracer->log_fd = fd;
	pthread_mutex_unlock(&a->lock);
}

void sim_tracer_record_to(struct sim_adapter *a, int fd)
{
	pthread_mutex_lock(&a->lock);
	if (a->tracer)
		sim_tracerec_to(&a->tracer->rec, fd);
	pthread_mutex_unlock(&a->lock);
}

void sim_tracer_reset(struct sim_adapter *a)
{
	struct sim_tracer *t = a->tracer;

	if (!t)
		return;
	t->host_owner = t->active = t->armed = t->event_out = false;
	t->trace_mode = t->log_size = 0;
	t->mkey = 0;
	t->nqueued = 0;
}

static void post(struct sim_adapter *a, uint8_t sub)
{
	sim_eq_post(a, MLX5_EVENT_TYPE_DEVICE_TRACER, sub, NULL, 0);
}

void sim_tracer_steal(struct sim_adapter *a, bool on)
{
	struct sim_tracer *t = a->tracer;

	if (!t || t->other_owner == on)
		return;
	t->other_owner = on;
	t->event_out = false;
	if (on) {
		t->host_owner = false;
		t->active = false;	/* the new owner sets the tracer up its own way */
	}
	post(a, MLX5_TRACER_SUBTYPE_OWNERSHIP_CHANGE);
}

/* ---- registers ---- */

static uint64_t now_ticks(struct sim_adapter *a)
{
	return (sim_now_ns() - a->start_ns) & ((UINT64_C(1) << TRACE_TS_BITS) - 1);
}

static int reg_cap(struct sim_adapter *a, bool set, uint8_t *d, size_t len)
{
	const struct prm_layout *l = &prm_layout_mtrc_cap;
	struct sim_tracer *t = a->tracer;

	if (len < prm_layout_bytes(l))
		return PRM_REG_STATUS_BAD_PARAM;
	if (set) {
		bool want = PRM_GET(mtrc_cap, d, len, "trace_owner");

		if (!want && t->host_owner) {
			t->host_owner = false;
			t->active = false;
		} else if (want && !t->other_owner) {
			t->host_owner = true;
		}
		t->event_out = false;	/* an event pends for an owner, not for the next */
	}
	memset(d, 0, len);
	PRM_SET(mtrc_cap, d, len, "trace_owner", t->host_owner);
	PRM_SET(mtrc_cap, d, len, "trace_to_memory", 1);
	PRM_SET(mtrc_cap, d, len, "trc_ver", 1);
	PRM_SET(mtrc_cap, d, len, "num_string_db", 1);
	PRM_SET(mtrc_cap, d, len, "first_string_trace", SIM_TRACER_FIRST_STRING);
	PRM_SET(mtrc_cap, d, len, "num_string_trace", SIM_TRACER_NUM_STRING);
	PRM_SET(mtrc_cap, d, len, "log_max_trace_buffer_size", SIM_TRACER_LOG_MAX);
	PRM_SET(mtrc_cap, d, len, "string_db_param[0].string_db_base_address", SIM_TRACER_DB_BASE);
	PRM_SET(mtrc_cap, d, len, "string_db_param[0].string_db_size", t->db_len);
	return PRM_REG_STATUS_OK;
}

/* Only the owner configures; the firmware checks what it can (see mkey.c for the key). */
static int reg_conf(struct sim_adapter *a, bool set, uint8_t *d, size_t len)
{
	const struct prm_layout *l = &prm_layout_mtrc_conf;
	struct sim_tracer *t = a->tracer;

	if (len < prm_layout_bytes(l))
		return PRM_REG_STATUS_BAD_PARAM;
	if (set) {
		unsigned mode = (unsigned)PRM_GET(mtrc_conf, d, len, "trace_mode");
		unsigned log = (unsigned)PRM_GET(mtrc_conf, d, len, "log_trace_buffer_size");

		if (!t->host_owner || mode != 1 || log > SIM_TRACER_LOG_MAX)
			return PRM_REG_STATUS_BAD_PARAM;
		t->trace_mode = mode;
		t->log_size = log;
		t->mkey = (uint32_t)PRM_GET(mtrc_conf, d, len, "trace_mkey");
	}
	memset(d, 0, len);
	PRM_SET(mtrc_conf, d, len, "trace_mode", t->trace_mode);
	PRM_SET(mtrc_conf, d, len, "log_trace_buffer_size", t->log_size);
	PRM_SET(mtrc_conf, d, len, "trace_mkey", t->mkey);
	return PRM_REG_STATUS_OK;
}

static int reg_ctrl(struct sim_adapter *a, bool set, uint8_t *d, size_t len)
{
	const struct prm_layout *l = &prm_layout_mtrc_ctrl;
	struct sim_tracer *t = a->tracer;
	uint64_t now = now_ticks(a);

	if (len < prm_layout_bytes(l))
		return PRM_REG_STATUS_BAD_PARAM;
	if (set) {
		if (!t->host_owner)
			return PRM_REG_STATUS_BAD_PARAM;
		if (PRM_GET(mtrc_ctrl, d, len, "modify_field_select") & 1) {
			bool on = PRM_GET(mtrc_ctrl, d, len, "trace_status") == 1;

			if (on && !t->active) {
				t->pi = 0;
				t->nqueued = 0;
				t->event_out = false;
			}
			t->active = on;
		}
		if (PRM_GET(mtrc_ctrl, d, len, "arm_event")) {
			t->armed = true;
			t->event_out = false;
		}
	}
	memset(d, 0, len);
	PRM_SET(mtrc_ctrl, d, len, "trace_status", t->active);
	PRM_SET(mtrc_ctrl, d, len, "arm_event", t->armed);
	PRM_SET(mtrc_ctrl, d, len, "current_timestamp52_32", now >> 32);
	PRM_SET(mtrc_ctrl, d, len, "current_timestamp31_0", now & 0xffffffff);
	return PRM_REG_STATUS_OK;
}

static int reg_stdb(struct sim_adapter *a, uint8_t *d, size_t len)
{
	const struct prm_layout *l = &prm_layout_mtrc_stdb;
	struct sim_tracer *t = a->tracer;
	size_t hdr = prm_layout_bytes(l);
	uint64_t index, size, off;

	if (len < hdr)
		return PRM_REG_STATUS_BAD_PARAM;
	index = PRM_GET(mtrc_stdb, d, len, "string_db_index");
	size = PRM_GET(mtrc_stdb, d, len, "read_size");
	off = PRM_GET(mtrc_stdb, d, len, "start_offset");
	if (index != 0 || size % 64 || off % 64 || off > t->db_len || size > t->db_len - off ||
	    len < hdr + size)
		return PRM_REG_STATUS_BAD_PARAM;
	memcpy(d + hdr, t->db + off, size);
	return PRM_REG_STATUS_OK;
}

int sim_tracer_reg(struct sim_adapter *a, uint16_t id, bool set, uint8_t *data, size_t len)
{
	if (!a->tracer)
		return -1;
	switch (id) {
	case MLX5_REG_MTRC_CAP:
		return reg_cap(a, set, data, len);
	case MLX5_REG_MTRC_CONF:
		return reg_conf(a, set, data, len);
	case MLX5_REG_MTRC_STDB:
		return reg_stdb(a, data, len);
	case MLX5_REG_MTRC_CTRL:
		return reg_ctrl(a, set, data, len);
	}
	return -1;
}

/* ---- the log of what was emitted, in the JSON of trace decode ---- */

struct logline {
	char buf[SIM_TRACELOG_LINE_MAX];
	size_t len;
};

static void lput(struct logline *l, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void lput(struct logline *l, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(l->buf + l->len, sizeof(l->buf) - l->len, fmt, ap);
	va_end(ap);
	if (n > 0)
		l->len += (size_t)n < sizeof(l->buf) - l->len ? (size_t)n : sizeof(l->buf) - l->len - 1;
}

static void lwrite(struct sim_tracer *t, struct logline *l)
{
	lput(l, "}\n");
	if (t->log_bytes + l->len > SIM_TRACELOG_MAX)
		t->log_fd = -1;	/* full: 'sim trace-log' says where it stopped */
	if (t->log_fd >= 0 && write(t->log_fd, l->buf, l->len) < 0)
		t->log_fd = -1;	/* a log that cannot be written is no reason to stop */
	t->log_bytes += l->len;
}

static void log_common(struct logline *l, const char *type, uint64_t ts, unsigned eid, bool lost)
{
	lput(l, "{\"schema\":\"prmctl/1\",\"type\":\"%s\",\"ticks\":%llu,\"event_id\":%u,\"lost\":%s", type,
	     (unsigned long long)ts, eid, lost ? "true" : "false");
}

static void log_string(struct sim_tracer *t, uint64_t ts, unsigned eid, bool lost, unsigned tmsn,
		       unsigned f, const uint32_t *p, unsigned np)
{
	struct logline l = { .len = 0 };
	char msg[TRACEFMT_MSG_MAX + 1];

	tracefmt_render(msg, formats[f].fmt, strlen(formats[f].fmt), p, (1u << np) - 1);
	log_common(&l, "string", ts, eid, lost);
	lput(&l, ",\"tmsn\":%u,\"pointer\":%u,\"msg\":\"", tmsn, SIM_TRACER_DB_BASE + t->fmt_off[f]);
	for (const char *c = msg; *c; c++)
		lput(&l, *c == '"' || *c == '\\' ? "\\%c" : "%c", *c);
	lput(&l, "\",\"params\":[");
	for (unsigned i = 0; i < np; i++)
		lput(&l, "%s%u", i ? "," : "", p[i]);
	lput(&l, "]");
	lwrite(t, &l);
}

/* ---- blocks ---- */

static uint64_t string_entry(uint64_t ts, unsigned eid, unsigned tmsn, unsigned tdsn,
			     uint32_t param, bool lost)
{
	return (uint64_t)lost << 63 | (ts & 0x7f) << 56 | (uint64_t)eid << 48 |
	       (uint64_t)tmsn << 35 | (uint64_t)tdsn << 32 | param;
}

static uint64_t timestamp_entry(uint64_t ts, bool unreliable)
{
	/* trc_ver 1: the unreliable bit is urts bit 0 (entry bit 45) */
	return (ts & 0xff) << 56 | (uint64_t)0xff << 48 | (uint64_t)unreliable << 45 |
	       ((ts >> 40) & 0x1fff) << 32 | ((ts >> 8) & 0xffffffff);
}

static uint32_t param_value(struct sim_tracer *t, unsigned i, bool is_char)
{
	if (is_char)
		return 'A' + rnd(t) % 26;
	switch (rnd(t) % 4) {
	case 0:
		return rnd(t) % 16;
	case 1:
		return rnd(t) % 100000;
	case 2:
		return 0x41 + i;
	default:
		return rnd(t);
	}
}

/* A format of the kind asked for (see formats[]). */
static unsigned pick_format(struct sim_tracer *t, bool odd)
{
	unsigned f;

	do
		f = rnd(t) % NFORMATS;
	while (formats[f].odd != odd);
	return f;
}

/* The next event's entries into t->queued, logged at its time. */
static void next_event(struct sim_tracer *t, uint64_t ts)
{
	uint32_t p[TRACEFMT_MAX_PARAMS];
	unsigned f, np, eid, slot;
	bool lost, odd;

	if (rnd(t) % 8 == 0) {
		uint64_t data = ((uint64_t)rnd(t) << 32 | rnd(t)) & UINT64_C(0xffffffffffff);
		struct logline l = { .len = 0 };

		t->queued[t->nqueued++] = (ts & 0x7f) << 56 | (uint64_t)RAW_EVENT_ID << 48 | data;
		log_common(&l, "raw", ts, RAW_EVENT_ID, false);
		lput(&l, ",\"data\":%llu", (unsigned long long)data);
		lwrite(t, &l);
		return;
	}
	odd = rnd(t) % ODD_EVERY == 0;
	f = pick_format(t, odd);
	np = tracefmt_nparams(formats[f].fmt, strlen(formats[f].fmt));
	slot = odd ? ODD_SLOT : rnd(t) % ODD_SLOT;	/* a few event ids (cores) interleaved */
	eid = SIM_TRACER_FIRST_STRING + slot;
	lost = rnd(t) % 512 == 0;
	for (unsigned i = 0; i < np; i++)
		p[i] = param_value(t, i, formats[f].chars >> i & 1);
	t->queued[t->nqueued++] = string_entry(ts, eid, t->tmsn[slot], 0,
					       SIM_TRACER_DB_BASE + t->fmt_off[f], lost);
	for (unsigned i = 0; i < np; i++)
		t->queued[t->nqueued++] = string_entry(ts, eid, t->tmsn[slot], i + 1, p[i], false);
	log_string(t, ts, eid, lost, t->tmsn[slot], f, p, np);
	t->tmsn[slot] = (t->tmsn[slot] + 1) & 0x1fff;
}

static void log_timestamp(struct sim_tracer *t, uint64_t ts, bool unreliable)
{
	struct logline l = { .len = 0 };

	log_common(&l, "timestamp", ts, 0xff, false);
	lput(&l, ",\"unreliable\":%s,\"urts\":%u", unreliable ? "true" : "false", unreliable);
	lwrite(t, &l);
}

static void put_entry(uint8_t *blk, unsigned i, uint64_t v)
{
	for (int b = 0; b < 8; b++)
		blk[8 * i + b] = (uint8_t)(v >> (56 - 8 * b));
}

/*
 * last: the burst's last block. Firmware writes a message's entries
 * together, so one that runs into the next block must not wait for the next
 * burst, when the clock has moved on a tick (mlx5_core completes a message
 * from the timestamp after its last entry, and would be a tick off): there,
 * a message starts only where it fits (its 8 entries at most and the one
 * reliable timestamp event that may fall among them; no random ones then),
 * and timestamp events fill the rest.
 */
static void build_block(struct sim_tracer *t, uint8_t *blk, bool last)
{
	unsigned since_reliable = 0;

	for (unsigned i = 0; i < TRACE_BLOCK_ENTRIES - 1; i++) {
		bool filler = last && !t->nqueued && TRACE_BLOCK_ENTRIES - 1 - i < MSG_ROOM;

		t->dev_ts += 1 + rnd(t) % 6;
		if (since_reliable == RELIABLE_EVERY || filler ||
		    (!(last && t->nqueued) && rnd(t) % 64 == 0)) {
			bool unreliable = since_reliable < RELIABLE_EVERY;

			put_entry(blk, i, timestamp_entry(t->dev_ts, unreliable));
			log_timestamp(t, t->dev_ts, unreliable);
			if (!unreliable)
				since_reliable = 0;
			continue;
		}
		if (!t->nqueued) {
			next_event(t, t->dev_ts);
			/* params take the same ts7 as their pointer, as the decoder ignores theirs */
		}
		put_entry(blk, i, t->queued[0]);
		memmove(t->queued, t->queued + 1, --t->nqueued * sizeof(t->queued[0]));
		since_reliable++;
	}
	t->dev_ts += 1;
	put_entry(blk, TRACE_BLOCK_ENTRIES - 1, timestamp_entry(t->dev_ts, false));
	log_timestamp(t, t->dev_ts, false);
}

/* The blocks the ring got, into the record; its configuration first time round. */
static void record(struct sim_adapter *a, uint64_t first, const uint8_t *blocks, uint64_t n,
		   uint64_t nblocks)
{
	struct sim_tracer *t = a->tracer;
	struct sim_tracerec_head h = { .db_base = SIM_TRACER_DB_BASE, .db = t->db,
				       .db_len = t->db_len };
	uint8_t cap[TRACER_CAP_REG_BYTES];
	struct timespec rt;

	if (!t->rec.started) {
		reg_cap(a, false, cap, sizeof(cap));
		h.cap = cap;
		h.cap_len = sizeof(cap);
		clock_gettime(CLOCK_REALTIME, &rt);
		h.meta.clock_khz = 1000000;	/* ticks are ns since the adapter started */
		h.meta.ring_blocks = nblocks;
		h.meta.has_anchor = true;
		h.meta.wall_ns = (uint64_t)rt.tv_sec * 1000000000u + (uint64_t)rt.tv_nsec;
		h.meta.device_ts = now_ticks(a);
		snprintf(h.meta.device, sizeof(h.meta.device), "sim (%s)", a->model->key);
		snprintf(h.meta.psid, sizeof(h.meta.psid), "%s", a->model->psid);
		snprintf(h.meta.fw_version, sizeof(h.meta.fw_version), "%u.%u.%u",
			 a->model->fw_major, a->model->fw_minor, a->model->fw_subminor);
	}
	sim_tracerec_blocks(&t->rec, &h, first, blocks, n);
}

void sim_tracer_tick(struct sim_adapter *a, uint64_t now_ns)
{
	struct sim_tracer *t = a->tracer;
	uint64_t ring, nblocks, n, i;
	uint8_t *burst;
	bool overrun = a->faults[SIM_FAULT_RING_OVERRUN];
	const char *why;

	if (!t || !t->active || !t->host_owner)
		return;
	/*
	 * An owner that asked for events and was sent one reads the ring now:
	 * nothing is written until it re-arms. The kernel copies a block and
	 * then trusts its closing timestamp, so a block rewritten under its
	 * copy would be parsed torn; real firmware writes a block in one DMA
	 * write, far quicker than a guest's copy under emulation.
	 */
	if (t->event_out)
		return;
	ring = sim_mkey_len(a, t->mkey);
	if (ring != (UINT64_C(4096) << t->log_size))
		return;		/* a key that does not match: nothing comes out (seed 000 §3.2) */
	nblocks = ring / TRACE_BLOCK_BYTES;
	if (t->dev_ts < now_ns - a->start_ns)
		t->dev_ts = now_ns - a->start_ns;
	n = overrun ? nblocks + BLOCKS_PER_TICK * 4 : BLOCKS_PER_TICK;
	a->faults[SIM_FAULT_RING_OVERRUN] = false;
	/* built first, then stored in one go as DMA would: a reader cannot
	 * chase the writer block by block through a burst */
	burst = malloc(n * TRACE_BLOCK_BYTES);
	if (!burst)
		return;
	for (i = 0; i < n; i++)
		build_block(t, burst + i * TRACE_BLOCK_BYTES, i == n - 1);
	for (i = 0; i < n; i++) {
		uint8_t *blk = sim_mkey_dma(a, t->mkey, (t->pi % nblocks) * TRACE_BLOCK_BYTES,
					    TRACE_BLOCK_BYTES, &why);

		if (!blk)
			break;
		/* the closing entry last, after the rest is visible */
		memcpy(blk, burst + i * TRACE_BLOCK_BYTES, TRACE_BLOCK_BYTES - 8);
		__atomic_thread_fence(__ATOMIC_RELEASE);
		memcpy(blk + TRACE_BLOCK_BYTES - 8, burst + (i + 1) * TRACE_BLOCK_BYTES - 8, 8);
		t->pi++;
	}
	record(a, t->pi - i, burst, i, nblocks);
	free(burst);
	if (t->armed) {
		t->armed = false;
		t->event_out = true;
		post(a, MLX5_TRACER_SUBTYPE_TRACES_AVAILABLE);
	}
}
