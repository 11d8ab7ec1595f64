// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Tracer registers and the ownership protocol (tracer-atomics.md §A2-§A3).
 * Ownership is read back after every request: the kernel trusts the reply
 * of the write, mstflint reads again; both are what the PRM allows, reading
 * again also catches an owner that changed in between.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "lib/dev/cfg.h"
#include "lib/dev/dev.h"
#include "lib/dev/regaccess.h"
#include "lib/dev/eq.h"
#include "lib/ops/tracer.h"
#include "lib/prm/events.h"
#include "lib/prm/layouts/layouts.h"
#include "lib/prm/trace.h"
#include "lib/util/clock.h"
#include "lib/prm/registers.h"

#define STDB_CHUNK 256		/* what the kernel reads at a time; a multiple of 64 */
#define TRACE_MODE_MEMORY 1

static int reg(struct dev *d, uint16_t id, enum prm_reg_method m, uint8_t *buf, size_t len,
	       struct prm_err *err)
{
	const char *via;	/* the device keeps what carried it (chan, icmd) */

	return dev_reg_access(d, id, m, buf, len, &via, err) ? -1 : 0;
}

int tracer_read_state(struct dev *d, struct tracer_state *st, struct prm_err *err)
{
	const struct prm_layout *lc = &prm_layout_mtrc_conf, *lt = &prm_layout_mtrc_ctrl;
	uint8_t conf[128] = { 0 }, ctrl[64] = { 0 };

	memset(st, 0, sizeof(*st));
	if (reg(d, MLX5_REG_MTRC_CAP, PRM_REG_GET, st->cap_raw, sizeof(st->cap_raw), err))
		return prm_err_prefix(err, "MTRC_CAP: ");
	tracecap_parse(st->cap_raw, sizeof(st->cap_raw), &st->cap);
	if (reg(d, MLX5_REG_MTRC_CONF, PRM_REG_GET, conf, prm_layout_bytes(lc), err))
		return prm_err_prefix(err, "MTRC_CONF: ");
	st->trace_mode = (unsigned)PRM_GET(mtrc_conf, conf, sizeof(conf), "trace_mode");
	st->log_trace_buffer_size =
		(unsigned)PRM_GET(mtrc_conf, conf, sizeof(conf), "log_trace_buffer_size");
	st->trace_mkey = (uint32_t)PRM_GET(mtrc_conf, conf, sizeof(conf), "trace_mkey");
	if (reg(d, MLX5_REG_MTRC_CTRL, PRM_REG_GET, ctrl, prm_layout_bytes(lt), err))
		return prm_err_prefix(err, "MTRC_CTRL: ");
	st->trace_status = (unsigned)PRM_GET(mtrc_ctrl, ctrl, sizeof(ctrl), "trace_status");
	st->arm_event = PRM_GET(mtrc_ctrl, ctrl, sizeof(ctrl), "arm_event");
	st->current_timestamp =
		PRM_GET(mtrc_ctrl, ctrl, sizeof(ctrl), "current_timestamp52_32") << 32 |
		PRM_GET(mtrc_ctrl, ctrl, sizeof(ctrl), "current_timestamp31_0");
	return 0;
}

const char *tracer_owned_by(const struct dev *d, const struct tracer_state *st)
{
	if (st->cap.trace_owner)
		return dev_mlx5_core_bound(d) ? "kernel" : "this_function";
	return st->trace_status == 1 ? "another_function" : NULL;
}

static int set_owner(struct dev *d, bool want, bool *owner, struct prm_err *err)
{
	uint8_t cap[TRACER_CAP_BYTES] = { 0 };

	int rc;

	PRM_SET(mtrc_cap, cap, sizeof(cap), "trace_owner", want);
	/* once asked, the answer is read: a stop between the two would leave the
	 * tracer ours with nobody knowing to give it back */
	dev_cleanup_begin();
	rc = reg(d, MLX5_REG_MTRC_CAP, PRM_REG_SET, cap, sizeof(cap), err);
	if (rc)
		prm_err_prefix(err, "MTRC_CAP (trace_owner=%d): ", want);
	else
		rc = tracer_is_owner(d, owner, err);
	dev_cleanup_end();
	return rc ? -1 : 0;
}

int tracer_is_owner(struct dev *d, bool *owner, struct prm_err *err)
{
	uint8_t cap[TRACER_CAP_BYTES] = { 0 };

	if (reg(d, MLX5_REG_MTRC_CAP, PRM_REG_GET, cap, sizeof(cap), err))
		return prm_err_prefix(err, "MTRC_CAP: ");
	*owner = PRM_GET(mtrc_cap, cap, sizeof(cap), "trace_owner");
	return 0;
}

static void sleep_ms(unsigned ms)
{
	struct timespec ts = { ms / 1000, (long)(ms % 1000) * 1000000 };

	while (nanosleep(&ts, &ts) && errno == EINTR)
		;
}

int tracer_own(struct dev *d, unsigned tries, unsigned interval_ms, bool *granted,
	       struct prm_err *err)
{
	*granted = false;
	for (unsigned i = 0; i < tries; i++) {
		if (i)
			sleep_ms(interval_ms);
		if (set_owner(d, true, granted, err))
			return -1;
		if (*granted)
			return 0;
	}
	return 0;
}

int tracer_own_wait(struct dev *d, unsigned wait_ms, bool *granted, unsigned *events,
		    bool *evq, struct prm_err *err)
{
	uint64_t deadline = clock_now_ms() + wait_ms, asked = clock_now_ms();
	struct prm_err ignored = { 0 };
	struct eq *q = NULL;
	uint8_t eqe[EQE_BYTES];
	int rc = 0;

	*events = 0;
	*evq = eq_create_one(d, 4, MLX5_EVENT_TYPE_DEVICE_TRACER, &q, &ignored) == 0;
	if (set_owner(d, true, granted, err))	/* it may have gone before the queue was there */
		goto out;
	while (!*granted && clock_now_ms() < deadline) {
		uint64_t now = clock_now_ms();
		unsigned slice = deadline - now < 100 ? (unsigned)(deadline - now) : 100;
		bool ask = now - asked >= 1000;

		if (q) {
			int got = eq_next(q, eqe, slice, err);

			if (got < 0)
				goto fail;
			if (got == 0 &&
			    PRM_GET(eqe, eqe, sizeof(eqe), "type") == MLX5_EVENT_TYPE_DEVICE_TRACER &&
			    PRM_GET(eqe, eqe, sizeof(eqe), "sub_type") ==
				    MLX5_TRACER_SUBTYPE_OWNERSHIP_CHANGE) {
				(*events)++;
				ask = true;
			}
		} else {
			sleep_ms(slice);
			ask = true;
		}
		if (ask) {
			asked = clock_now_ms();
			if (set_owner(d, true, granted, err))
				goto fail;
		}
	}
	goto out;
fail:
	rc = -1;
out:
	if (q && eq_destroy(q, rc ? &ignored : err) && !rc)
		rc = -1;
	return rc;
}

int tracer_release(struct dev *d, struct prm_err *err)
{
	bool owner;
	int rc;

	dev_cleanup_begin();
	rc = set_owner(d, false, &owner, err);
	dev_cleanup_end();
	if (rc)
		return -1;
	if (owner)
		return prm_err_set(err, PRM_E_FAILED, 0, "still_owner",
				   "MTRC_CAP still says we own the tracer after releasing it");
	return 0;
}

int tracer_read_strings(struct dev *d, const struct tracecap *cap,
			uint8_t *sec[TRACECAP_SECTIONS], struct prm_err *err)
{
	const struct prm_layout *l = &prm_layout_mtrc_stdb;
	size_t hdr = prm_layout_bytes(l);
	uint8_t buf[8 + STDB_CHUNK];

	memset(sec, 0, sizeof(uint8_t *) * TRACECAP_SECTIONS);
	for (unsigned i = 0; i < TRACECAP_SECTIONS && i < cap->num_string_db; i++) {
		uint32_t size = cap->size[i];

		if (!size)
			continue;
		sec[i] = calloc(1, size);
		if (!sec[i])
			goto nomem;
		/* whole 64-byte units: the register reads nothing smaller */
		for (uint32_t off = 0; off + 64 <= size;) {
			uint32_t n = size - off >= STDB_CHUNK ? STDB_CHUNK : (size - off) / 64 * 64;

			memset(buf, 0, sizeof(buf));
			PRM_SET(mtrc_stdb, buf, hdr, "string_db_index", i);
			PRM_SET(mtrc_stdb, buf, hdr, "read_size", n);
			PRM_SET(mtrc_stdb, buf, hdr, "start_offset", off);
			if (reg(d, MLX5_REG_MTRC_STDB, PRM_REG_GET, buf, hdr + n, err)) {
				prm_err_prefix(err, "MTRC_STDB section %u at %u: ", i, off);
				goto fail;
			}
			memcpy(sec[i] + off, buf + hdr, n);
			off += n;
		}
	}
	return 0;
nomem:
	prm_err_set(err, PRM_E_FAILED, ENOMEM, "nomem", "out of memory for the strings database");
fail:
	for (unsigned i = 0; i < TRACECAP_SECTIONS; i++) {
		free(sec[i]);
		sec[i] = NULL;
	}
	return -1;
}

int tracer_configure(struct dev *d, unsigned log_size, uint32_t mkey, struct prm_err *err)
{
	const struct prm_layout *l = &prm_layout_mtrc_conf;
	uint8_t conf[128] = { 0 };

	PRM_SET(mtrc_conf, conf, sizeof(conf), "trace_mode", TRACE_MODE_MEMORY);
	PRM_SET(mtrc_conf, conf, sizeof(conf), "log_trace_buffer_size", log_size);
	PRM_SET(mtrc_conf, conf, sizeof(conf), "trace_mkey", mkey);
	if (reg(d, MLX5_REG_MTRC_CONF, PRM_REG_SET, conf, prm_layout_bytes(l), err))
		return prm_err_prefix(err, "MTRC_CONF: ");
	return 0;
}

int tracer_set_status(struct dev *d, bool on, bool arm, struct prm_err *err)
{
	const struct prm_layout *l = &prm_layout_mtrc_ctrl;
	uint8_t ctrl[64] = { 0 };

	PRM_SET(mtrc_ctrl, ctrl, sizeof(ctrl), "modify_field_select", 1);	/* TRACE_STATUS */
	PRM_SET(mtrc_ctrl, ctrl, sizeof(ctrl), "trace_status", on);
	PRM_SET(mtrc_ctrl, ctrl, sizeof(ctrl), "arm_event", arm);
	if (reg(d, MLX5_REG_MTRC_CTRL, PRM_REG_SET, ctrl, prm_layout_bytes(l), err))
		return prm_err_prefix(err, "MTRC_CTRL: ");
	return 0;
}

const char *tracer_ring_size_problem(const struct tracecap *cap, uint64_t bytes,
				     unsigned *log_size)
{
	unsigned log = 0;

	if (!cap->trace_to_memory)
		return "the device cannot trace to host memory (MTRC_CAP.trace_to_memory is 0)";
	if (bytes < 4096 || bytes % 4096)
		return "the buffer must be a whole number of 4 KiB pages";
	while ((UINT64_C(4096) << log) < bytes)
		log++;
	if ((UINT64_C(4096) << log) != bytes)
		return "the buffer size must be 4 KiB times a power of two";
	if (log > cap->log_max_trace_buffer_size)
		return "the buffer is larger than MTRC_CAP.log_max_trace_buffer_size allows";
	*log_size = log;
	return NULL;
}

/* ---- reading the ring ---- */

static uint64_t closing(const uint8_t *blk)
{
	return trace_entry(blk + 8 * (TRACE_BLOCK_ENTRIES - 1));
}

static bool after(uint64_t a, uint64_t b)
{
	uint64_t d = (a - b) & ((UINT64_C(1) << TRACE_TS_BITS) - 1);

	return d && d < UINT64_C(1) << (TRACE_TS_BITS - 1);
}

static const uint8_t *block_at(const struct tracer_ring *r, uint64_t ci)
{
	return r->mem.va + (ci % r->nblocks) * TRACE_BLOCK_BYTES;
}

/* The device lapped us: go on from the oldest block newer than the last one read. */
static void resync(struct tracer_ring *r)
{
	uint64_t best = 0, best_ts = 0;
	bool found = false;

	for (uint64_t i = 0; i < r->nblocks; i++) {
		uint64_t v = closing(r->mem.va + i * TRACE_BLOCK_BYTES), t;

		if (!trace_entry_is_timestamp(v))
			continue;
		t = trace_entry_time(v);
		if (r->have_last && !after(t, r->last_ts))
			continue;
		if (!found || after(best_ts, t)) {
			best = i;
			best_ts = t;
			found = true;
		}
	}
	if (found)
		r->ci += (best + r->nblocks - r->ci % r->nblocks) % r->nblocks;
}

size_t tracer_ring_poll(struct tracer_ring *r, uint8_t *out, size_t max, uint64_t *first,
			bool *overrun)
{
	bool check_prev = r->have_last && r->ci > 0;
	size_t n = 0, resyncs = 0;

	*overrun = false;
	*first = r->ci;
	while (n < max && resyncs < 4) {
		const uint8_t *blk = block_at(r, r->ci);
		uint64_t v = closing(blk), t;

		__atomic_thread_fence(__ATOMIC_ACQUIRE);
		if (!trace_entry_is_timestamp(v))
			break;
		t = trace_entry_time(v);
		if (r->have_last && !after(t, r->last_ts))
			break;		/* not written yet this lap */
		memcpy(out + n * TRACE_BLOCK_BYTES, blk, TRACE_BLOCK_BYTES);
		__atomic_thread_fence(__ATOMIC_ACQUIRE);
		/* the block before must still be the one read last, and this one
		 * unchanged by the copy: otherwise the device lapped us */
		if (closing(blk) != v ||
		    (check_prev && trace_entry_time(closing(block_at(r, r->ci - 1))) != r->last_ts)) {
			if (n)
				break;	/* what was read is good; the next call resyncs */
			*overrun = true;
			resyncs++;
			resync(r);
			*first = r->ci;
			check_prev = false;
			continue;
		}
		check_prev = true;
		r->last_ts = t;
		r->have_last = true;
		r->ci++;
		n++;
	}
	return n;
}

void tracer_ring_rewind(struct tracer_ring *r)
{
	memset(r->mem.va, 0, r->mem.size);
	r->ci = 0;
	r->have_last = false;
	r->last_ts = 0;
}
