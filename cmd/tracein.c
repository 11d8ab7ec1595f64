// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* Reading a trace ring or capture file for decode and analyze. */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cmd/core/cmd.h"
#include "cmd/tracein.h"
#include "lib/ops/tracepipe.h"
#include "lib/ops/traceseg.h"
#include "lib/out/out.h"
#include "lib/prm/tracecap.h"
#include "lib/util/infile.h"
#include "lib/util/par.h"
#include "lib/util/readall.h"
#include "lib/util/writefile.h"

#define CHUNK_BLOCKS 256		/* 64 KiB reads: stay in cache, few fresh pages (7-18 us each here) */
#define MAX_SECTION_BYTES (64u << 20)
/* Standard input copied aside (a raw ring is read twice): far above any ring. */
#define TRACEIN_MAX_SPOOL (1u << 30)

enum {
	OPT_DB = 0x300, OPT_STRINGS, OPT_FIRST, OPT_NUM, OPT_VER, OPT_CI, OPT_CLOCK, OPT_REALTIME,
};

static const struct argp_option options[] = {
	{ "strings-db", OPT_DB, "BASE:FILE", 0,
	  "A strings database section at firmware address BASE (hex); repeatable", 0 },
	{ "strings", OPT_STRINGS, "FILE", 0,
	  "The strings database saved by 'trace strings save' (or any capture file): its "
	  "sections and MTRC_CAP", 0 },
	{ "first-string-trace", OPT_FIRST, "N", 0,
	  "Lowest event id of string traces (MTRC_CAP.first_string_trace)", 0 },
	{ "num-string-trace", OPT_NUM, "N", 0,
	  "How many event ids are string traces (MTRC_CAP.num_string_trace)", 0 },
	{ "trc-ver", OPT_VER, "0|1", 0,
	  "Tracer version (MTRC_CAP.trc_ver): where the unreliable-timestamp bit is", 0 },
	{ "consumer-index", OPT_CI, "N", 0,
	  "Start at this block instead of the oldest one", 0 },
	{ "clock-mhz", OPT_CLOCK, "F", 0,
	  "Device clock in MHz (e.g. 156.25): times in nanoseconds too", 0 },
	{ "realtime", OPT_REALTIME, NULL, 0,
	  "Wall-clock times from the capture's anchor", 0 },
	{ 0 }
};

static int small_number(struct argp_state *state, const char *opt, const char *arg,
			unsigned max, unsigned *v)
{
	uint64_t x;

	if (cmd_number(arg, max, &x)) {
		argp_error(state, "%s: '%s' is not a number from 0 to %u", opt, arg, max);
		return EINVAL;
	}
	*v = (unsigned)x;
	return 0;
}

static error_t parse(int key, char *arg, struct argp_state *state)
{
	struct tracein_opts *o = state->input;

	switch (key) {
	case OPT_DB:
		if (o->ndb == TRACEIN_MAX_SECTIONS) {
			argp_error(state, "at most %d --strings-db sections", TRACEIN_MAX_SECTIONS);
			return EINVAL;
		}
		if (!strchr(arg, ':')) {
			argp_error(state, "--strings-db: '%s' is not BASE:FILE", arg);
			return EINVAL;
		}
		o->db_spec[o->ndb++] = arg;
		return 0;
	case OPT_STRINGS:
		if (o->strings) {
			argp_error(state, "one --strings FILE at a time");
			return EINVAL;
		}
		o->strings = arg;
		return 0;
	case OPT_FIRST:
		o->has_first = true;
		return small_number(state, "--first-string-trace", arg, 255, &o->first_string_trace);
	case OPT_NUM:
		o->has_num = true;
		return small_number(state, "--num-string-trace", arg, 256, &o->num_string_trace);
	case OPT_VER:
		o->has_ver = true;
		return small_number(state, "--trc-ver", arg, 1, &o->trc_ver);
	case OPT_CI:
		o->has_ci = true;
		if (cmd_number(arg, UINT64_MAX, &o->consumer_index)) {
			argp_error(state, "--consumer-index: '%s' is not a block number", arg);
			return EINVAL;
		}
		return 0;
	case OPT_CLOCK:
		if (trace_parse_mhz(arg, &o->clock_khz)) {
			argp_error(state, "--clock-mhz: '%s' is not a frequency in MHz "
				   "(up to 3 decimals, at most 100000)", arg);
			return EINVAL;
		}
		return 0;
	case OPT_REALTIME:
		o->realtime = true;
		return 0;
	}
	return ARGP_ERR_UNKNOWN;
}

const struct argp tracein_argp = { options, parse, NULL, NULL, NULL, NULL, NULL };

error_t tracein_parse_input(int key, char *arg, struct argp_state *state,
			    struct tracein_opts *in)
{
	if (key == ARGP_KEY_INIT) {
		state->child_inputs[0] = in;
		return 0;
	}
	if (in->file) {
		argp_error(state, "one trace at a time ('%s' is one too many)", arg);
		return EINVAL;
	}
	in->file = arg;
	return 0;
}

static int fail(const char *reason, int code, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static int fail(const char *reason, int code, const char *fmt, ...)
{
	struct prm_err e = { 0 };
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(e.msg, sizeof(e.msg), fmt, ap);
	va_end(ap);
	e.kind = (enum prm_err_kind)code;
	e.reason = reason;
	return cmd_fail(&e);
}

/*
 * The decoder is fed through these: on a thread of its own when tracein_run
 * could start one (lib/ops/tracepipe.h), else here.
 */
static int dec_skip(struct tracein *in, struct trace_dec *d, enum trace_skip reason,
		    uint64_t index, uint64_t blocks, uint64_t offset)
{
	return in->pipe ? trace_pipe_skip(in->pipe, reason, index, blocks, offset) :
			  trace_dec_skip(d, reason, index, blocks, offset);
}

/* A failure found while reading is told after the items of what was read before it. */
static void dec_sync(struct tracein *in)
{
	if (in->pipe)
		trace_pipe_sync(in->pipe);
}

/* Exactly n bytes at off, or fewer at the end of the file. */
static ssize_t read_at(struct tracein *in, void *buf, size_t n, uint64_t off)
{
	size_t got = 0;

	while (got < n) {
		ssize_t r = pread(in->fd, (char *)buf + got, n - got, (off_t)(off + got));

		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			return -1;
		if (r == 0)
			break;
		got += (size_t)r;
	}
	return (ssize_t)got;
}

/*
 * Standard input as a file that can be read twice, up to a limit: an endless
 * stream must not fill $TMPDIR (often memory) before anyone notices.
 */
static int spool_stdin(struct tracein *in)
{
	const char *dir = getenv("TMPDIR");
	char buf[1 << 16];
	uint64_t total = 0;
	int fd;

	dir = dir && *dir ? dir : "/tmp";
	fd = open(dir, O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);
	if (fd < 0)
		return fail("io", EXIT_FAIL, "standard input: no temporary file in %s to spool it "
			    "to: %s", dir, strerror(errno));
	for (;;) {
		ssize_t r = read(0, buf, sizeof(buf));

		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0) {
			close(fd);
			return fail("io", EXIT_FAIL, "standard input: %s", strerror(errno));
		}
		if (r == 0)
			break;
		if ((total += (uint64_t)r) > TRACEIN_MAX_SPOOL) {
			close(fd);
			return fail("too_large", EXIT_USAGE, "standard input: more than %u GiB to "
				    "copy to %s before decoding; save it to a file first and give "
				    "the file (a file is read in place, with no limit)",
				    TRACEIN_MAX_SPOOL >> 30, dir);
		}
		if (write_all(fd, buf, (size_t)r)) {
			close(fd);
			return fail("io", EXIT_FAIL, "standard input: spooling to %s: %s", dir,
				    strerror(errno));
		}
	}
	in->fd = fd;
	return 0;
}

static int open_file(struct tracein *in, const char *file)
{
	struct prm_err e = { 0 };
	struct stat st;
	int rc;

	in->name = file && strcmp(file, "-") ? file : "standard input";
	if (!file || !strcmp(file, "-")) {
		if (!file && isatty(0))
			return cmd_usage("no trace to read: give a FILE, or pipe a dump in");
		if (fstat(0, &st) == 0 && S_ISREG(st.st_mode)) {
			in->fd = dup(0);
		} else if ((rc = spool_stdin(in))) {
			return rc;
		}
	} else {
		in->fd = infile_open(file, file, INFILE_STDIN_OK, &e);
		if (in->fd < 0)
			return cmd_fail(&e);
	}
	if (in->fd < 0 || fstat(in->fd, &st))
		return fail("io", EXIT_FAIL, "%s: %s", in->name, strerror(errno));
	in->size = (uint64_t)st.st_size;
	return 0;
}

static int add_section(struct tracein *in, uint32_t base, uint8_t *data, size_t len)
{
	unsigned i = in->cfg.ndb;

	if (i == TRACEIN_MAX_SECTIONS) {
		free(data);
		return fail("bad_input", EXIT_FAIL, "%s: more than %d strings sections", in->name,
			    TRACEIN_MAX_SECTIONS);
	}
	in->secbuf[i] = data;
	in->sec[i].base = base;
	in->sec[i].data = data;
	in->sec[i].len = len;
	in->cfg.ndb++;
	return 0;
}

static int load_db_option(struct tracein *in, const char *spec)
{
	const char *colon = strchr(spec, ':'), *hex = spec;
	unsigned long long base;
	char *end;
	uint8_t *buf;
	size_t len;
	struct prm_err e = { 0 };

	if (!strncasecmp(hex, "0x", 2))
		hex += 2;
	errno = 0;
	base = hex < colon && isxdigit((unsigned char)*hex) ? strtoull(hex, &end, 16) : 0;
	if (hex == colon || !isxdigit((unsigned char)*hex) || errno || end != colon ||
	    base > UINT32_MAX)
		return cmd_usage("--strings-db '%s': BASE is not a 32-bit hex address", spec);
	if (!strcmp(colon + 1, "-") && !strcmp(in->name, "standard input"))
		return cmd_usage("--strings-db '%s': standard input is the trace already; "
				 "name a file for one of them", spec);
	if (read_all(colon + 1, MAX_SECTION_BYTES, &buf, &len, &e))
		return cmd_fail(&e);
	return add_section(in, (uint32_t)base, buf, len);
}

/* Capture: the records before the first trace data. */
static int read_config(struct tracein *in, struct tracecap *cap, bool *has_cap)
{
	uint64_t off = TRACEFILE_HDR_BYTES;
	struct prm_err e = { 0 };

	while (off + TRACEFILE_REC_HDR_BYTES <= in->size) {
		uint8_t h[TRACEFILE_REC_HDR_BYTES];
		struct tracefile_rec r;
		uint8_t *p;

		if (read_at(in, h, sizeof(h), off) != (ssize_t)sizeof(h))
			break;
		tracefile_rec_parse(h, &r);
		if (r.type == TRACEFILE_BLOCKS || r.type == TRACEFILE_OVERRUN ||
		    r.type == TRACEFILE_END)
			break;
		if (r.len > MAX_SECTION_BYTES + 8 ||
		    off + TRACEFILE_REC_HDR_BYTES + r.len > in->size)
			return fail("bad_capture", EXIT_FAIL,
				    "%s: record at offset %" PRIu64 " (type %" PRIu32
				    ") claims %" PRIu64 " bytes; the file has %" PRIu64 " after it",
				    in->name, off, r.type, r.len,
				    in->size - off - TRACEFILE_REC_HDR_BYTES);
		p = malloc(r.len + 1);
		if (!p)
			return fail("nomem", EXIT_FAIL, "out of memory");
		if (read_at(in, p, r.len, off + TRACEFILE_REC_HDR_BYTES) != (ssize_t)r.len) {
			free(p);
			return fail("io", EXIT_FAIL, "%s: %s", in->name, strerror(errno));
		}
		p[r.len] = 0;
		if (r.type == TRACEFILE_META) {
			int rc = tracefile_meta_parse((const char *)p, r.len, &in->meta, &e);

			free(p);
			if (rc) {
				prm_err_prefix(&e, "%s: ", in->name);
				return cmd_fail(&e);
			}
		} else if (r.type == TRACEFILE_MTRC_CAP) {
			tracecap_parse(p, r.len, cap);
			*has_cap = true;
			free(p);
		} else if (r.type == TRACEFILE_STRINGS && r.len >= 8) {
			uint32_t base = tracefile_le32(p);

			memmove(p, p + 8, r.len - 8);
			if (add_section(in, base, p, r.len - 8))
				return EXIT_FAIL;
		} else {
			free(p);
		}
		off += tracefile_rec_span(&r);
	}
	in->data_off = off;
	return 0;
}

/*
 * A saved strings database (a capture file; its blocks, if any, are not
 * read): its sections replace the input's, its MTRC_CAP is the input's.
 */
static int load_strings_file(struct tracein *in, const char *file, struct tracecap *cap,
			     bool *has_cap)
{
	struct tracein *s = calloc(1, sizeof(*s));
	uint8_t h[TRACEFILE_HDR_BYTES];
	struct prm_err e = { 0 };
	ssize_t n;
	int rc;

	if (!s)
		return fail("nomem", EXIT_FAIL, "out of memory");
	s->fd = -1;
	s->cfg.db = s->sec;
	if (!strcmp(file, "-"))
		rc = cmd_usage("--strings: name a file (standard input is not read for it)");
	else if ((rc = open_file(s, file)))
		;
	else if ((n = read_at(s, h, sizeof(h), 0)) < 0)
		rc = fail("io", EXIT_FAIL, "%s: %s", file, strerror(errno));
	else if (!tracefile_is_capture(h, (size_t)n))
		rc = fail("bad_input", EXIT_USAGE, "--strings %s: not a strings database or capture "
			  "file (no %s header)", file, TRACEFILE_MAGIC);
	else if (tracefile_check_header(h, (size_t)n, &e)) {
		prm_err_prefix(&e, "--strings %s: ", file);
		rc = cmd_fail(&e);
	} else if (!(rc = read_config(s, cap, has_cap)) && !s->cfg.ndb)
		rc = fail("bad_input", EXIT_USAGE, "--strings %s: the file holds no strings "
			  "database section", file);
	/* a database belongs to one firmware build: another one's formats are garbage */
	if (!rc && in->capture && s->meta.fw_version[0] && in->meta.fw_version[0] &&
	    strcmp(s->meta.fw_version, in->meta.fw_version))
		out_warn("--strings %s is firmware %s's strings database; %s was captured from "
			 "firmware %s: messages may be wrong", file, s->meta.fw_version, in->name,
			 in->meta.fw_version);
	for (unsigned i = 0; !rc && i < s->cfg.ndb; i++) {
		rc = add_section(in, s->sec[i].base, s->secbuf[i], s->sec[i].len);
		s->secbuf[i] = NULL;
	}
	tracein_close(s);
	free(s);
	return rc;
}

int tracein_open(struct tracein *in, const struct tracein_opts *o)
{
	uint8_t h[TRACEFILE_HDR_BYTES];
	struct tracecap cap = { 0 };
	bool has_cap = false;
	struct prm_err e = { 0 };
	ssize_t n;
	int rc;

	memset(in, 0, sizeof(*in));
	in->fd = -1;
	in->cfg.db = in->sec;
	rc = open_file(in, o->file);
	if (rc)
		return rc;
	n = read_at(in, h, sizeof(h), 0);
	if (n < 0)
		return fail("io", EXIT_FAIL, "%s: %s", in->name, strerror(errno));
	in->capture = tracefile_is_capture(h, (size_t)n);
	if (in->capture) {
		if (tracefile_check_header(h, (size_t)n, &e)) {
			prm_err_prefix(&e, "%s: ", in->name);
			return cmd_fail(&e);
		}
		if ((rc = read_config(in, &cap, &has_cap)))
			return rc;
		/* --strings-db and --strings replace the capture's own sections */
		for (unsigned i = 0; (o->ndb || o->strings) && i < in->cfg.ndb; i++) {
			free(in->secbuf[i]);
			in->secbuf[i] = NULL;
		}
		if (o->ndb || o->strings)
			in->cfg.ndb = 0;
	} else if (in->size < TRACE_BLOCK_BYTES) {
		return fail("bad_input", EXIT_FAIL,
			    "%s: %" PRIu64 " bytes, shorter than one %d-byte trace block", in->name,
			    in->size, TRACE_BLOCK_BYTES);
	} else if (o->has_ci && o->consumer_index >= in->size / TRACE_BLOCK_BYTES) {
		return cmd_usage("--consumer-index %" PRIu64 ": %s has %" PRIu64 " blocks",
				 o->consumer_index, in->name, in->size / TRACE_BLOCK_BYTES);
	}
	if (o->strings && o->ndb)
		return cmd_usage("--strings and --strings-db: give one of them");
	if (o->strings) {
		struct tracecap scap = { 0 };
		bool shas = false;

		if ((rc = load_strings_file(in, o->strings, &scap, &shas)))
			return rc;
		if (shas) {
			cap = scap;
			has_cap = true;
		}
	}
	for (unsigned i = 0; i < o->ndb; i++)
		if ((rc = load_db_option(in, o->db_spec[i])))
			return rc;
	in->cfg.trc_ver = o->has_ver ? o->trc_ver : has_cap ? cap.trc_ver : 1;
	in->cfg.first_string_trace = o->has_first ? o->first_string_trace
						  : cap.first_string_trace;
	in->cfg.num_string_trace = o->has_num ? o->num_string_trace : cap.num_string_trace;
	in->clock_khz = o->clock_khz ? o->clock_khz : in->meta.clock_khz;
	if (o->realtime && !(in->capture && in->meta.has_anchor))
		return cmd_usage("--realtime needs a capture file with a wall-clock anchor; "
				 "%s has none", in->name);
	if (o->realtime && !in->clock_khz)
		return cmd_usage("--realtime needs the device clock (--clock-mhz)");
	if (!in->cfg.num_string_trace)
		out_note("%s: no string trace event ids (--first-string-trace, "
			 "--num-string-trace or a capture file): every event is shown raw",
			 in->name);
	return 0;
}

static void progress(const struct tracein *in)
{
	out_progress("%s: %llu%% of %llu MiB", in->name,
		     (unsigned long long)(in->size ? in->done * 100 / in->size : 100),
		     (unsigned long long)(in->size >> 20));
}

/*
 * count blocks from the file at off, the first the ring's block index (which
 * wraps at wrap, when not 0): read where the decoder's thread takes them
 * (no copy), or into buf. Returns 0; -1 when the decoder stopped; 1 when a
 * read failed or came short, *done blocks in (errno 0 when it came short).
 */
static int feed_blocks(struct tracein *in, struct trace_dec *d, uint8_t *buf, uint64_t off,
		       uint64_t count, uint64_t index, uint64_t wrap, uint64_t *done)
{
	for (*done = 0; *done < count;) {
		unsigned room = CHUNK_BLOCKS;
		uint8_t *to = in->pipe ? trace_pipe_room(in->pipe, &room) : buf;
		uint64_t n = count - *done < room ? count - *done : room;
		uint64_t at = off + *done * TRACE_BLOCK_BYTES, x = index + *done;
		ssize_t got = read_at(in, to, n * TRACE_BLOCK_BYTES, at);

		if (got != (ssize_t)(n * TRACE_BLOCK_BYTES)) {
			if (got >= 0)
				errno = 0;
			return 1;
		}
		if (in->pipe && trace_pipe_blocks(in->pipe, (unsigned)n, x, wrap, at))
			return -1;
		if (wrap)
			x %= wrap;
		for (uint64_t i = 0; !in->pipe && i < n; i++, x = x + 1 == wrap ? 0 : x + 1)
			if (trace_dec_block(d, to + i * TRACE_BLOCK_BYTES, x,
					    at + i * TRACE_BLOCK_BYTES))
				return -1;
		*done += n;
		/* a capture's progress is its place in the file, a ring's the bytes decoded */
		in->done = in->capture ? at + n * TRACE_BLOCK_BYTES : in->done + n * TRACE_BLOCK_BYTES;
		progress(in);
	}
	return 0;
}

/* Blocks [first, first + count) of a raw ring, in order. */
static int feed_ring(struct tracein *in, struct trace_dec *d, uint8_t *buf, uint64_t first,
		     uint64_t count)
{
	uint64_t done;
	int rc = feed_blocks(in, d, buf, first * TRACE_BLOCK_BYTES, count, first, 0, &done);

	if (rc > 0) {
		int e = errno;

		dec_sync(in);
		in->status = fail("io", EXIT_FAIL, "%s: read at block %" PRIu64 ": %s", in->name,
				  first + done, e ? strerror(e) : "the file shrank");
	}
	return rc ? -1 : 0;
}

/* Blocks [from, to) into a scan; on a failed or short read, err is its errno (or 0) and at where. */
struct scan_part {
	struct tracein *in;
	uint8_t *buf;		/* CHUNK_BLOCKS blocks */
	uint64_t from, to;
	struct trace_ring_scan s;
	bool failed;
	int err;
	uint64_t at;
};

static void scan_part(void *arg)
{
	struct scan_part *sp = arg;

	trace_ring_scan_init(&sp->s);
	for (uint64_t b = sp->from; b < sp->to;) {
		uint64_t n = sp->to - b < CHUNK_BLOCKS ? sp->to - b : CHUNK_BLOCKS;
		ssize_t got = read_at(sp->in, sp->buf, n * TRACE_BLOCK_BYTES, b * TRACE_BLOCK_BYTES);

		if (got != (ssize_t)(n * TRACE_BLOCK_BYTES)) {
			sp->failed = true;
			sp->err = got < 0 ? errno : 0;
			sp->at = b;
			return;
		}
		for (uint64_t i = 0; i < n; i++)
			trace_ring_scan_add(&sp->s, sp->buf + i * TRACE_BLOCK_BYTES, b + i);
		b += n;
	}
}

/*
 * Where the ring starts. The scan reads the whole ring before anything is
 * decoded, half of it on a second thread (8 MiB ring: ~3 ms of copying from
 * the page cache, halved).
 */
static int scan_ring(struct tracein *in, uint8_t *buf, uint64_t nblocks, uint64_t *start)
{
	struct scan_part a = { .in = in, .buf = buf, .to = nblocks }, b = { .in = in };
	const struct scan_part *bad = NULL;

	if (nblocks >= 2 * CHUNK_BLOCKS &&
	    (b.buf = malloc((size_t)CHUNK_BLOCKS * TRACE_BLOCK_BYTES))) {
		b.from = a.to = nblocks / 2;
		b.to = nblocks;
		par_both(scan_part, &a, &b);
		free(b.buf);
		trace_ring_scan_merge(&a.s, &b.s);
	} else {
		scan_part(&a);
	}
	bad = a.failed ? &a : b.failed ? &b : NULL;
	if (bad)
		return fail("io", EXIT_FAIL, "%s: read at block %" PRIu64 ": %s", in->name, bad->at,
			    bad->err ? strerror(bad->err) : "the file shrank");
	*start = trace_ring_scan_start(&a.s);
	return 0;
}

static int read_blocks(void *ctx, uint8_t *buf, uint64_t index, unsigned n)
{
	struct tracein *in = ctx;
	ssize_t got = read_at(in, buf, (size_t)n * TRACE_BLOCK_BYTES, index * TRACE_BLOCK_BYTES);

	if (got == (ssize_t)n * TRACE_BLOCK_BYTES)
		return 0;
	if (got >= 0)
		errno = 0;
	return -1;
}

/* After the ring's last whole block: a cut one, then the end. */
static int ring_end(void *ctx, struct trace_dec *d)
{
	struct tracein *in = ctx;
	uint64_t nblocks = in->size / TRACE_BLOCK_BYTES;

	if (in->size % TRACE_BLOCK_BYTES &&
	    trace_dec_skip(d, TRACE_SKIP_TRUNCATED, nblocks, 0, nblocks * TRACE_BLOCK_BYTES))
		return -1;
	return trace_dec_finish(d);
}

static void parts_progress(void *ctx, uint64_t blocks)
{
	struct tracein *in = ctx;

	in->done = blocks * TRACE_BLOCK_BYTES;
	progress(in);
}

/*
 * The ring in parts on two threads, when the callback only makes records
 * (lib/ops/traceseg.h). Returns as run_ring, or 1 when it could not start.
 */
static int ring_in_parts(struct tracein *in, struct trace_dec *d, uint64_t start)
{
	const struct trace_seg_input si = {
		.nblocks = in->size / TRACE_BLOCK_BYTES, .start = start, .read = read_blocks,
		.end = ring_end, .progress = parts_progress, .ctx = in };
	struct trace_seg_result f;
	int rc = trace_seg_run(d, in->made_there, &si, &f);

	if (rc == 1)
		return 1;
	in->finished = true;
	if (f.failed)
		in->status = fail("io", EXIT_FAIL, "%s: read at block %" PRIu64 ": %s", in->name,
				  f.index, f.err ? strerror(f.err) : "the file shrank");
	return rc || f.failed ? -1 : 0;
}

static int run_ring(struct tracein *in, const struct tracein_opts *o, struct trace_dec *d,
		    uint8_t *buf)
{
	uint64_t nblocks = in->size / TRACE_BLOCK_BYTES, start = o->consumer_index;
	int rc;

	if (!o->has_ci && (rc = scan_ring(in, buf, nblocks, &start)))
		return rc;
	in->start_block = start;
	if (in->made_there && (rc = ring_in_parts(in, d, start)) != 1)
		return rc;
	in->pipe = trace_pipe_start(d, in->made_there);
	if (feed_ring(in, d, buf, start, nblocks - start) || feed_ring(in, d, buf, 0, start))
		return -1;
	if (in->size % TRACE_BLOCK_BYTES &&
	    dec_skip(in, d, TRACE_SKIP_TRUNCATED, nblocks, 0, nblocks * TRACE_BLOCK_BYTES))
		return -1;
	return 0;
}

static uint64_t ring_index(const struct tracein *in, uint64_t i)
{
	return in->meta.ring_blocks ? i % in->meta.ring_blocks : i;
}

/* How reading a capture goes on: next record, stop (the rest is missing), or fail. */
enum { CAP_NEXT, CAP_STOP, CAP_FAIL };

/* One BLOCKS record: the whole blocks that are there, then what is missing. */
static int capture_blocks(struct tracein *in, struct trace_dec *d, uint8_t *buf,
			  uint64_t off, uint64_t len)
{
	uint8_t h[8];
	uint64_t first, avail, nblocks, done, data = off + TRACEFILE_REC_HDR_BYTES + 8;
	int rc;

	if (len < 8 || read_at(in, h, 8, off + TRACEFILE_REC_HDR_BYTES) != 8)
		return dec_skip(in, d, TRACE_SKIP_TRUNCATED, 0, 0, off) ? CAP_FAIL : CAP_STOP;
	first = tracefile_le64(h);
	avail = in->size > data ? in->size - data : 0;
	if (avail > len - 8)
		avail = len - 8;
	nblocks = avail / TRACE_BLOCK_BYTES;
	rc = feed_blocks(in, d, buf, data, nblocks, first, in->meta.ring_blocks, &done);
	if (rc > 0) {
		int e = errno;

		dec_sync(in);
		in->status = fail("io", EXIT_FAIL, "%s: %s", in->name,
				  e ? strerror(e) : "the file shrank");
	}
	if (rc)
		return CAP_FAIL;
	if (avail == len - 8 && avail % TRACE_BLOCK_BYTES == 0)
		return CAP_NEXT;
	if (dec_skip(in, d, TRACE_SKIP_TRUNCATED, ring_index(in, first + nblocks), 0,
			   data + nblocks * TRACE_BLOCK_BYTES))
		return CAP_FAIL;
	return avail == len - 8 ? CAP_NEXT : CAP_STOP;
}

static int capture_record(struct tracein *in, struct trace_dec *d, uint8_t *buf,
			  uint64_t *off)
{
	uint8_t h[TRACEFILE_REC_HDR_BYTES], p[16];
	struct tracefile_rec r;
	int rc = CAP_NEXT;

	if (in->size - *off < TRACEFILE_REC_HDR_BYTES ||
	    read_at(in, h, sizeof(h), *off) != (ssize_t)sizeof(h))
		goto cut;
	tracefile_rec_parse(h, &r);
	if (r.len > TRACEFILE_MAX_RECORD)
		goto cut;
	if (r.type == TRACEFILE_BLOCKS) {
		rc = capture_blocks(in, d, buf, *off, r.len);
	} else if (r.type == TRACEFILE_OVERRUN && r.len >= 16) {
		if (read_at(in, p, 16, *off + TRACEFILE_REC_HDR_BYTES) != 16)
			goto cut;
		if (dec_skip(in, d, TRACE_SKIP_OVERRUN, ring_index(in, tracefile_le64(p)),
				   tracefile_le64(p + 8), *off))
			return CAP_FAIL;
	} else if (r.type == TRACEFILE_END) {
		in->clean_end = true;
	}
	*off += tracefile_rec_span(&r);
	return rc;
cut:
	return dec_skip(in, d, TRACE_SKIP_TRUNCATED, 0, 0, *off) ? CAP_FAIL : CAP_STOP;
}

static int run_capture(struct tracein *in, struct trace_dec *d, uint8_t *buf)
{
	uint64_t off = in->data_off;

	while (off < in->size) {
		int rc = capture_record(in, d, buf, &off);

		if (rc == CAP_FAIL)
			return -1;
		if (rc == CAP_STOP)
			break;
	}
	return 0;
}

int tracein_run(struct tracein *in, const struct tracein_opts *o, struct trace_dec *d)
{
	uint8_t *buf = malloc((size_t)CHUNK_BLOCKS * TRACE_BLOCK_BYTES);
	int rc;

	if (!buf)
		return fail("nomem", EXIT_FAIL, "out of memory");
	if (in->capture)
		in->pipe = trace_pipe_start(d, in->made_there);
	rc = in->capture ? run_capture(in, d, buf) : run_ring(in, o, d, buf);
	if (rc == 0 && !in->status && !in->finished &&
	    (in->pipe ? trace_pipe_finish(in->pipe) : trace_dec_finish(d)))
		rc = -1;
	dec_sync(in);	/* after a stop too: what was decoded before it goes out */
	trace_pipe_stop(in->pipe);
	in->pipe = NULL;
	out_progress_end();
	free(buf);
	if (rc > 0)
		return rc;
	if (in->status)
		return in->status;
	if (rc < 0)
		return -1;
	if (in->capture && !in->clean_end)
		out_warn("%s: the capture has no end record: it was interrupted, or cut at a "
			 "record boundary", in->name);
	return 0;
}

void tracein_close(struct tracein *in)
{
	for (unsigned i = 0; i < in->cfg.ndb; i++)
		free(in->secbuf[i]);
	if (in->fd >= 0)
		close(in->fd);
	memset(in, 0, sizeof(*in));
	in->fd = -1;
}
