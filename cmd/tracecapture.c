// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * prmctl trace capture -o FILE: own the tracer, give it a ring, read blocks
 * as they complete into a capture file (prmctl-trace(8) CAPTURE FILE) with
 * everything a later decode needs, and give the tracer back, on SIGINT too.
 * Ownership lost on the way (another agent took it, seed 000 §4.4) is
 * recorded as a gap and asked for again until it comes back.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cmd/core/cmd.h"
#include "cmd/core/devsel.h"
#include "cmd/trace.h"
#include "lib/dev/cfg.h"
#include "lib/dev/dev.h"
#include "lib/ops/traceid.h"
#include "lib/ops/tracer.h"
#include "lib/out/out.h"
#include "lib/prm/tracefile.h"
#include "lib/util/clock.h"
#include "lib/util/writefile.h"
#include "lib/util/units.h"

#define POLL_BLOCKS 1024		/* read at most this many per poll */
#define OWNER_CHECK_MS 200
#define PART_EXISTS "%s exists: a capture to %s is running or was killed (trace decode " \
	"reads it; --force replaces it)"

enum { OPT_DURATION = 0x700, OPT_SIZE, OPT_INTERVAL, OPT_FORCE };

struct capture {
	struct dev *d;
	int fd;
	const char *tmp;
	bool created;		/* tmp is ours to remove */
	struct tracer_state st;
	unsigned log_size;
	struct tracer_ring ring;
	bool owner, configured;
	bool left_owned;	/* stopping or releasing it failed */
	uint64_t blocks, overruns, losses;
	uint8_t *buf;
};

static const struct argp_option options[] = {
	{ "output", 'o', "FILE", 0, "The capture file (written whole, or not at all)", 0 },
	{ "duration", OPT_DURATION, "T", 0,
	  "Stop after T (" CMD_DURATION_S "); default: at SIGINT/SIGTERM", 0 },
	{ "size", OPT_SIZE, "BYTES", 0,
	  "Ring size: 4 KiB times a power of two within MTRC_CAP (default 256K)", 0 },
	{ "interval", OPT_INTERVAL, "MS", 0, "How often the ring is read (" CMD_DURATION_MS
	  "; default 5)", 0 },
	{ "force", OPT_FORCE, NULL, 0, "Replace FILE or FILE.part if it exists", 0 },
	{ 0 }
};

static const struct cmd_duration interval_ms = { "--interval", true, 1, 10000 };

static error_t parse(int key, char *arg, struct argp_state *state)
{
	struct trace_capture_opts *o = state->input;

	switch (key) {
	case ARGP_KEY_INIT:
		o->size = 256 << 10;
		o->interval_ms = 5;
		return 0;
	case 'o':
		o->file = arg;
		return 0;
	case OPT_DURATION:
		return cmd_opt_duration(state, "--duration", arg, &o->duration_ms);
	case OPT_SIZE:
		if (units_size(arg, &o->size)) {
			argp_error(state, "--size '%s': expected bytes, with K or M", arg);
			return EINVAL;
		}
		return 0;
	case OPT_INTERVAL:
		return cmd_opt_duration_in(state, &interval_ms, arg, &o->interval_ms);
	case OPT_FORCE:
		o->force = true;
		return 0;
	}
	return cmd_no_args(key, arg, state);
}

const struct argp trace_capture_argp = {
	options, parse, NULL,
	"Capture the firmware tracer: take its ownership, give it a ring in host memory "
	"through a memory key, read each block as it completes, and write a capture file "
	"with MTRC_CAP, the strings database, the device clock, a wall-clock anchor and "
	"the device's identity, so 'trace decode FILE' needs no options. Blocks the device "
	"overwrote before they were read, and gaps while another agent held the tracer, are "
	"recorded where they happened. The tracer is stopped and released at the end, on "
	"SIGINT/SIGTERM too. Needs the command queue (a driverless device or the "
	"simulator), and --write on real hardware.",
	prm_global_children, NULL, NULL
};

static int put_record(struct capture *c, uint32_t type, const void *a, size_t alen,
		      const void *b, size_t blen)
{
	static const uint8_t pad[8];
	uint8_t h[TRACEFILE_REC_HDR_BYTES];
	size_t len = alen + blen;

	tracefile_put_rec(h, type, len);
	if (write_all(c->fd, h, sizeof(h)) || (alen && write_all(c->fd, a, alen)) ||
	    (blen && write_all(c->fd, b, blen)) ||
	    (len % 8 && write_all(c->fd, pad, 8 - len % 8)))
		return -1;
	return 0;
}

/* Header, metadata, MTRC_CAP and the strings database: all a decode needs. */
static int write_head(struct capture *c, const struct tracer_state *st, struct prm_err *err)
{
	uint8_t h[TRACEFILE_HDR_BYTES], *sec[TRACECAP_SECTIONS];
	struct tracefile_meta m = { 0 };
	struct tracer_state now;
	char meta[1024];
	size_t len;
	int rc = 0;

	if (tracer_read_strings(c->d, &st->cap, sec, err))
		return -1;
	tracer_identity(c->d, &m);
	m.ring_blocks = c->ring.nblocks;
	snprintf(m.device, sizeof(m.device), "%.*s", (int)sizeof(m.device) - 1, c->d->label);
	/* the same instant on both clocks, as near as one register read allows */
	m.wall_ns = clock_wall_ns();
	if (tracer_read_state(c->d, &now, err))
		rc = -1;
	m.device_ts = now.current_timestamp;
	m.has_anchor = true;
	len = tracefile_meta_format(&m, meta, sizeof(meta));
	tracefile_put_header(h);
	if (!rc && (write_all(c->fd, h, sizeof(h)) ||
		    put_record(c, TRACEFILE_META, meta, len, NULL, 0) ||
		    put_record(c, TRACEFILE_MTRC_CAP, st->cap_raw, sizeof(st->cap_raw), NULL, 0)))
		rc = prm_err_set(err, PRM_E_FAILED, errno, "io", "%s: %s", c->tmp, strerror(errno));
	for (unsigned i = 0; i < TRACECAP_SECTIONS; i++) {
		uint8_t sh[8];

		if (!sec[i])
			continue;
		tracefile_put_le32(sh, st->cap.base[i]);
		tracefile_put_le32(sh + 4, i);
		if (!rc && put_record(c, TRACEFILE_STRINGS, sh, 8, sec[i], st->cap.size[i]))
			rc = prm_err_set(err, PRM_E_FAILED, errno, "io", "%s: %s", c->tmp,
					 strerror(errno));
		free(sec[i]);
	}
	return rc;
}

static int start_tracer(struct capture *c, unsigned log_size, struct prm_err *err)
{
	tracer_ring_rewind(&c->ring);
	if (tracer_configure(c->d, log_size, c->ring.mkey, err) ||
	    tracer_set_status(c->d, true, false, err))
		return -1;
	c->configured = true;
	return 0;
}

static int drain(struct capture *c, struct prm_err *err)
{
	for (;;) {
		uint64_t first;
		bool overrun;
		size_t n = tracer_ring_poll(&c->ring, c->buf, POLL_BLOCKS, &first, &overrun);

		if (overrun) {
			uint8_t p[16];

			tracefile_put_le64(p, first);
			tracefile_put_le64(p + 8, 0);	/* how many is not known */
			c->overruns++;
			if (put_record(c, TRACEFILE_OVERRUN, p, sizeof(p), NULL, 0))
				goto io;
		}
		if (n) {
			uint8_t f[8];

			tracefile_put_le64(f, first);
			if (put_record(c, TRACEFILE_BLOCKS, f, 8, c->buf, n * TRACE_BLOCK_BYTES))
				goto io;
			c->blocks += n;
		}
		if (n < POLL_BLOCKS)
			return 0;
	}
io:
	return prm_err_set(err, PRM_E_FAILED, errno, "io", "%s: %s", c->tmp, strerror(errno));
}

/*
 * Is the tracer still ours? If another agent took it: a warning and a gap in
 * the file, and it is theirs now (neither stopped nor released by us).
 */
static int note_loss(struct capture *c, const char *until, struct prm_err *err)
{
	uint8_t p[16];
	bool owner;

	if (!c->owner)
		return 0;
	if (tracer_is_owner(c->d, &owner, err))
		return -1;
	if (owner)
		return 0;
	out_warn("%s: another agent took the tracer; traces are lost %s", c->d->label, until);
	c->owner = false;
	c->configured = false;
	c->losses++;
	tracefile_put_le64(p, c->ring.ci);
	tracefile_put_le64(p + 8, 0);
	if (put_record(c, TRACEFILE_OVERRUN, p, sizeof(p), NULL, 0))
		return prm_err_set(err, PRM_E_FAILED, errno, "io", "%s: %s", c->tmp,
				   strerror(errno));
	return 0;
}

/* Ownership gone: a gap in the file, and ask again until it comes back. */
static int check_owner(struct capture *c, unsigned log_size, struct prm_err *err)
{
	bool granted;

	if (note_loss(c, "until it is back", err))
		return -1;
	if (c->owner)
		return 0;
	if (tracer_own(c->d, 1, 0, &granted, err))
		return -1;
	if (!granted)
		return 0;
	out_warn("%s: the tracer is ours again", c->d->label);
	c->owner = true;
	return start_tracer(c, log_size, err);
}

/*
 * Before the tracer or the file is touched: the command queue first (a
 * service's lock names the prmctl driving it, a running capture included),
 * then the tracer's owner. Ownership belongs to the function, not to a
 * process: asking for a tracer this function already holds is "granted", and
 * the capture would then use and release what another tool holds.
 */
static int preflight(struct capture *c, uint64_t size, struct prm_err *err)
{
	struct cmdq *q;
	const char *why;

	if (dev_cmdq(c->d, &q, err) || tracer_read_state(c->d, &c->st, err))
		return -1;
	why = tracer_ring_size_problem(&c->st.cap, size, &c->log_size);
	if (why)
		return prm_err_set(err, PRM_E_USAGE, 0, "bad_size", "--size %llu: %s (at most %llu)",
				   (unsigned long long)size, why,
				   (unsigned long long)(UINT64_C(4096)
							<< c->st.cap.log_max_trace_buffer_size));
	if (c->st.cap.trace_owner)
		return prm_err_set(err, PRM_E_FAILED, EBUSY, "already_owned",
				   "%s: the tracer is already owned by this function, by another "
				   "tool (trace own, a capture killed with SIGKILL, the kernel's "
				   "mlx5_core): 'prmctl -d %s trace stop' stops it and gives it back "
				   "if it was left behind", c->d->label, c->d->label);
	return 0;
}

static int run(struct capture *c, const struct trace_capture_opts *o, struct prm_err *err)
{
	unsigned log_size = c->log_size;
	bool granted;
	uint64_t t0, last_check;
	int rc;

	if (tracer_ring_create(c->d, log_size, &c->ring, err) ||
	    tracer_own(c->d, 5, 100, &granted, err))
		return -1;
	if (!granted)
		return prm_err_set(err, PRM_E_FAILED, 0, "not_granted",
				   "%s: the tracer stays with another agent (the kernel's mlx5_core "
				   "owns it while loaded)", c->d->label);
	c->owner = true;
	if (write_head(c, &c->st, err) || start_tracer(c, log_size, err))
		return -1;
	t0 = last_check = clock_now_ms();
	while (!cmd_stop_requested()) {
		uint64_t now = clock_now_ms();

		if (o->duration_ms && now - t0 >= o->duration_ms)
			break;
		if (c->configured && drain(c, err)) {
			if (!cmd_stop_requested())
				return -1;
			prm_err_clear(err);	/* the stop cut a read short: the last read follows */
			break;
		}
		out_progress("%s: %llu blocks (%llu KiB), %llu overruns, %llu s", c->d->label,
			     (unsigned long long)c->blocks,
			     (unsigned long long)(c->blocks * TRACE_BLOCK_BYTES >> 10),
			     (unsigned long long)c->overruns, (unsigned long long)((now - t0) / 1000));
		if (now - last_check >= OWNER_CHECK_MS) {
			last_check = now;
			if (check_owner(c, log_size, err)) {
				if (!cmd_stop_requested())
					return -1;
				prm_err_clear(err);	/* a look the stop cut short */
			}
		}
		clock_sleep_us((unsigned)o->interval_ms * 1000);
	}
	out_progress_end();
	/* the last read is part of giving back: a stop does not cut it */
	dev_cleanup_begin();
	rc = c->configured ? drain(c, err) : 0;
	if (!rc)
		rc = note_loss(c, "from here to the end", err);
	dev_cleanup_end();
	return rc;
}

/*
 * Stop, release, free: every step tried, the first failure kept. A stop
 * refused because another agent took the tracer since the last look is no
 * failure: the tracer is theirs, and not ours to release.
 */
static int finish(struct capture *c, struct prm_err *err)
{
	struct prm_err e = { 0 }, ignored = { 0 };
	bool owner = true;
	int rc = 0;

	if (c->configured && tracer_set_status(c->d, false, false, &e)) {
		if (tracer_is_owner(c->d, &owner, &ignored) == 0 && !owner) {
			out_warn("%s: another agent took the tracer as the capture ended; it "
				 "is left to it", c->d->label);
			c->owner = false;
			c->losses++;
			prm_err_clear(&e);
		} else {
			rc = -1;
		}
	}
	if (c->owner && tracer_release(c->d, rc ? &(struct prm_err){ 0 } : &e))
		rc = -1;
	c->left_owned = rc != 0;
	if (tracer_ring_destroy(c->d, &c->ring, rc ? NULL : &e))
		rc = -1;
	if (rc && err)
		*err = e;
	return rc;
}

static int end_file(struct capture *c, const char *file, struct prm_err *err)
{
	uint8_t p[16];

	tracefile_put_le64(p, c->blocks);
	tracefile_put_le64(p + 8, clock_wall_ns());
	if (put_record(c, TRACEFILE_END, p, sizeof(p), NULL, 0) || fsync(c->fd) ||
	    close(c->fd) || rename(c->tmp, file)) {
		c->fd = -1;
		return prm_err_set(err, PRM_E_FAILED, errno, "io", "%s: %s", file, strerror(errno));
	}
	c->fd = -1;
	return 0;
}

/*
 * A failure after blocks were captured keeps them: the file is ended and
 * renamed as after a stop. Only a failure to write the file itself removes it.
 */
static bool keep_on_failure(const struct capture *c, const struct prm_err *err)
{
	return c->fd >= 0 && c->blocks && !(err->reason && !strcmp(err->reason, "io"));
}

/* FILE.part of a capture that runs, or of one that was killed, is evidence. */
static int open_part(struct capture *c, const char *file, bool force, struct prm_err *err)
{
	c->fd = open(c->tmp, O_WRONLY | O_CREAT | O_CLOEXEC | (force ? O_TRUNC : O_EXCL), 0644);
	if (c->fd >= 0) {
		c->created = true;
		return 0;
	}
	if (errno == EEXIST)
		return prm_err_set(err, PRM_E_USAGE, EEXIST, "usage", PART_EXISTS, c->tmp, file);
	return prm_err_set(err, PRM_E_FAILED, errno, "io", "%s: %s", c->tmp, strerror(errno));
}

/* The file, FILE.part and the read buffer, before the device is opened. */
int trace_capture_check(struct cmd_run *r)
{
	struct trace_capture_opts *o = r->opts;

	if (!o->file)
		return cmd_usage("trace capture: where to? -o FILE");
	if (cmd_out_file("-o", o->file))
		return EXIT_USAGE;
	if (!o->force && access(o->file, F_OK) == 0)
		return cmd_usage("%s exists; --force replaces it", o->file);
	snprintf(o->tmp, sizeof(o->tmp), "%s.part", o->file);
	if (!o->force && access(o->tmp, F_OK) == 0)
		return cmd_usage(PART_EXISTS, o->tmp, o->file);
	o->buf = malloc((size_t)POLL_BLOCKS * TRACE_BLOCK_BYTES);
	if (!o->buf)
		return cmd_usage("out of memory");
	return 0;
}

void trace_capture_cleanup(struct cmd_run *r)
{
	struct trace_capture_opts *o = r->opts;

	free(o->buf);
}

int trace_capture(struct cmd_run *r)
{
	const struct trace_capture_opts *o = r->opts;
	struct capture c = { .d = r->dev, .fd = -1, .tmp = o->tmp, .buf = o->buf };
	struct prm_err err = { 0 }, ferr = { 0 };
	bool torn_down = true;
	int rc = 0;

	if (preflight(&c, o->size, &err) || open_part(&c, o->file, o->force, &err))
		goto out;
	rc = run(&c, o, &err);
	/* the stop asked for, arriving inside a bounded wait: the end of a capture */
	if (rc && cmd_stop_requested() && err.reason && !strcmp(err.reason, "interrupted")) {
		rc = 0;
		prm_err_clear(&err);
	}
	dev_cleanup_begin();	/* stop, release, free: after a stop too */
	if (finish(&c, &ferr)) {
		torn_down = false;
		if (c.left_owned)
			out_warn("%s; the tracer may be left owned and running: 'prmctl -d %s "
				 "trace stop' stops it and gives it back", ferr.msg, c.d->label);
		else
			out_warn("%s", ferr.msg);
	}
	dev_cleanup_end();
	if (!rc || keep_on_failure(&c, &err)) {
		struct prm_err eerr = { 0 };

		if (end_file(&c, o->file, &eerr)) {
			if (!rc)
				err = eerr, rc = -1;
			else
				out_warn("%s", eerr.msg);
		} else {
			c.created = false;
			if (rc)
				out_warn("%s: the %llu blocks captured before the failure are kept "
					 "in %s", c.d->label, (unsigned long long)c.blocks, o->file);
		}
	}
out:
	if (c.fd >= 0)
		close(c.fd);
	if (err.msg[0]) {
		if (c.created)
			unlink(c.tmp);
		rc = cmd_fail(&err);
	} else {
		out_doc_begin();
		cmd_out_device(c.d);
		out_str("file", o->file);
		out_u64("blocks", c.blocks);
		out_u64("bytes", c.blocks * TRACE_BLOCK_BYTES);
		out_u64("overruns", c.overruns);
		out_u64("ownership_lost", c.losses);
		out_bool("interrupted", cmd_stop_requested());
		out_str("teardown", torn_down ? "done" : "failed");
		rc = cmd_done(EXIT_OK);
	}
	return rc;
}
