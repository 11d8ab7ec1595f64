// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * lib/sim/tracer.c and tracerec.c, seen from a host: the in-process adapter's
 * tracer owned and given a ring as 'trace capture' does, its blocks read as
 * they complete. What is held: the messages a host gets on event ids 8 to 11
 * are what mlx5_core's fw_tracer can print (its rules written out below by
 * hand from diag/fw_tracer.c, not taken from our decoder), the formats it
 * cannot print come only on event id 12 and rarely, a %c parameter is a
 * printable character, a message's parameters come in the block of its
 * pointer or the next, written at the same time, and the service's record of
 * the ring is a capture file holding the very blocks the host's ring got.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#include "lib/dev/dev.h"
#include "lib/dev/eq.h"
#include "lib/ops/tracer.h"
#include "lib/prm/trace.h"
#include "lib/sim/tracer.h"
#include "tests/unit/simdev.h"

#define WANT_BLOCKS 240
#define RING_LOG 2		/* 16 KiB: 64 blocks, read every 10 ms */

/*
 * mlx5_tracer_validate_params: after each '%', any of the digits, '#', '.'
 * and 'l', then one of x X d i u c or a second '%' (which it skips). And
 * mlx5_tracer_get_num_of_params reads a 64-bit value only as "%llx"; any
 * other "ll" conversion is counted as one parameter, so firmware that sends
 * two would be misprinted: we allow "ll" only before 'x'.
 */
static bool kernel_prints(const char *f)
{
	for (const char *p = strchr(f, '%'); p; p = strchr(p, '%')) {
		const char *q = p + 1;
		unsigned ls = 0;

		if (*q == '%') {
			p = q + 1;
			continue;
		}
		for (; (*q >= '0' && *q <= '9') || *q == '#' || *q == '.' || *q == 'l'; q++)
			ls += *q == 'l';
		if (!*q || !strchr("xXdiuc", *q) || (ls == 2 && *q != 'x') || ls > 2)
			return false;
		p = q + 1;
	}
	return true;
}

static const char *const odd_formats[] = {
	"steering: rule %u added to table %u, %llu bytes",
	"DC: cleanup of %lld entries took %llu ns",
	"module %s loaded at %p",
	"mkey 0x%08x pd %u len %llu",
	"rx errors: crc %u, len %u, sym %u, other %u, total %llu",
};

struct seen {
	unsigned strings, regular, odd, chars;
	unsigned bad_regular, bad_odd, bad_char;
	char first_bad[160];
};

static bool is_odd(const char *f, size_t len)
{
	for (size_t i = 0; i < sizeof(odd_formats) / sizeof(odd_formats[0]); i++)
		if (strlen(odd_formats[i]) == len && !memcmp(odd_formats[i], f, len))
			return true;
	return false;
}

static int look(void *ctx, const struct trace_item *it)
{
	struct seen *s = ctx;
	char f[128];

	if (it->type != TRACE_ITEM_STRING || !it->fmt || it->problem)
		return 0;
	snprintf(f, sizeof(f), "%.*s", (int)it->fmt_len, it->fmt);
	s->strings++;
	if (it->event_id == 12) {
		s->odd++;
		if (!is_odd(f, strlen(f)))
			s->bad_odd++;
	} else {
		s->regular++;
		if (it->event_id < 8 || it->event_id > 11 || !kernel_prints(f) || is_odd(f, strlen(f))) {
			if (!s->bad_regular++)
				snprintf(s->first_bad, sizeof(s->first_bad), "%u: %s", it->event_id, f);
		}
	}
	if (!strcmp(f, "virt: vf %d vport %d state %c")) {
		s->chars++;
		if (it->nparams != 3 || !(it->present & 4) || it->params[2] < 'A' || it->params[2] > 'Z')
			s->bad_char++;
	}
	return 0;
}

/*
 * Entries by hand (fw_tracer.h mlx5_ifc_tracer_*_bits, big-endian): byte 1
 * the event id; a string event's tmsn is bits 47:35 and tdsn 34:32, so
 * bytes 2-3 >> 3 and byte 3 & 7; a timestamp event (id 0xff) holds
 * timestamp52_40 in bytes 2-3 & 0x1fff, 39_8 in bytes 4-7, 7_0 in byte 0.
 */
static uint64_t closing_time(const uint8_t *blk)
{
	const uint8_t *e = blk + 31 * 8;

	return (uint64_t)((e[2] << 8 | e[3]) & 0x1fff) << 40 |
	       (uint64_t)e[4] << 32 | (uint64_t)e[5] << 24 | (uint64_t)e[6] << 16 |
	       (uint64_t)e[7] << 8 | e[0];
}

/*
 * The most ticks between the block holding a message's pointer and one
 * holding its parameters: firmware writes a message's entries together.
 */
static uint64_t param_lag(const uint8_t *blocks, size_t n)
{
	static uint64_t at[64][8192];	/* event id 8..71, tmsn: the pointer's block time */
	uint64_t worst = 0;

	for (size_t b = 0; b < n; b++) {
		const uint8_t *blk = blocks + b * 256;
		uint64_t t = closing_time(blk);

		for (int i = 0; i < 31; i++) {
			const uint8_t *e = blk + 8 * i;
			unsigned eid = e[1], tmsn = (unsigned)(e[2] << 8 | e[3]) >> 3, tdsn = e[3] & 7;

			if (eid < 8 || eid >= 8 + 64)
				continue;
			if (!tdsn)
				at[eid - 8][tmsn] = t;
			else if (at[eid - 8][tmsn] && t - at[eid - 8][tmsn] > worst)
				worst = t - at[eid - 8][tmsn];
		}
	}
	return worst;
}

static void sleep_ms(unsigned ms)
{
	struct timespec ts = { 0, (long)ms * 1000000L };

	nanosleep(&ts, NULL);
}

static void formats_and_record(void **state)
{
	struct dev *d = *state;
	struct prm_err err = { 0 };
	struct tracer_state st;
	struct tracer_ring ring = { 0 };
	uint8_t *sec[TRACECAP_SECTIONS] = { 0 }, *got = malloc(WANT_BLOCKS * 256 + 64 * 256);
	size_t have = 0;
	bool granted = false, overrun = false;
	int fd = memfd_create("tracering", 0);

	assert_non_null(got);
	assert_true(fd >= 0);
	sim_tracer_record_to(d->sim, fd);
	assert_int_equal(tracer_read_state(d, &st, &err), 0);
	assert_int_equal(tracer_read_strings(d, &st.cap, sec, &err), 0);
	assert_int_equal(tracer_ring_create(d, RING_LOG, &ring, &err), 0);
	assert_int_equal(tracer_own(d, 5, 100, &granted, &err), 0);
	assert_true(granted);
	assert_int_equal(tracer_configure(d, RING_LOG, ring.mkey, &err), 0);
	assert_int_equal(tracer_set_status(d, true, false, &err), 0);
	for (int i = 0; i < 2000 && have < WANT_BLOCKS; i++) {
		uint64_t first;

		sleep_ms(5);
		have += tracer_ring_poll(&ring, got + have * 256, WANT_BLOCKS + 64 - have, &first,
					 &overrun);
		assert_false(overrun);
	}
	assert_int_equal(tracer_set_status(d, false, false, &err), 0);
	assert_int_equal(tracer_release(d, &err), 0);
	assert_int_equal(tracer_ring_destroy(d, &ring, &err), 0);
	sim_tracer_record_to(d->sim, -1);
	assert_true(have >= WANT_BLOCKS);

	/* a block's ticks at most (31 entries of 1 to 6), never the 10 ms between two writes */
	assert_true(param_lag(got, have) <= 31 * 6 + 1);

	/* what a host made of the blocks */
	struct trace_db_section db = { st.cap.base[0], sec[0], st.cap.size[0] };
	struct trace_cfg cfg = { .trc_ver = st.cap.trc_ver,
				 .first_string_trace = st.cap.first_string_trace,
				 .num_string_trace = st.cap.num_string_trace, .db = &db, .ndb = 1 };
	struct seen s = { 0 };
	struct trace_dec *dec = trace_dec_new(&cfg, look, &s);

	assert_non_null(dec);
	for (size_t i = 0; i < have; i++)
		assert_int_equal(trace_dec_block(dec, got + i * 256, i, i * 256), 0);
	assert_int_equal(trace_dec_finish(dec), 0);
	trace_dec_free(dec);
	if (s.bad_regular)
		fail_msg("%u messages the kernel would misprint outside event id 12, first %s",
			 s.bad_regular, s.first_bad);
	assert_int_equal(s.bad_odd, 0);
	assert_true(s.strings > 1000);
	assert_true(s.odd > 0);			/* still there, for prmctl's decoder */
	assert_true(s.odd * 16 < s.strings);	/* and rare (one in 64) */
	assert_true(s.chars > 0);
	assert_int_equal(s.bad_char, 0);

	/*
	 * The record, walked by hand: "PRMTRACE", version 1, header 16; records
	 * of a little-endian u32 type, u32 0, u64 length, payload padded to 8:
	 * META (1), MTRC_CAP (2) of 128 bytes, STRINGS (3) whose base is
	 * 0x900000 and section 0, then BLOCKS (4): u64 first index, blocks.
	 */
	off_t len = lseek(fd, 0, SEEK_END);
	uint8_t *f = mmap(NULL, (size_t)len, PROT_READ, MAP_SHARED, fd, 0);
	static const uint8_t hdr[16] = { 'P', 'R', 'M', 'T', 'R', 'A', 'C', 'E', 1, 0, 0, 0, 16 };
	static const uint8_t strings_base[8] = { 0x00, 0x00, 0x90, 0x00, 0, 0, 0, 0 };
	uint32_t types[4];
	size_t off = 16, rec = 0, blocks = 0;

	assert_true(f != MAP_FAILED);
	assert_memory_equal(f, hdr, 16);
	while (off + 16 <= (size_t)len) {
		uint32_t type = f[off] | f[off + 1] << 8 | (uint32_t)f[off + 2] << 16;
		uint64_t n = 0;

		for (int b = 7; b >= 0; b--)
			n = n << 8 | f[off + 8 + b];
		if (rec < 4)
			types[rec] = type;
		if (type == 2)
			assert_int_equal(n, 128);
		if (type == 3)
			assert_memory_equal(f + off + 16, strings_base, 8);
		if (type == 4) {
			uint64_t first = 0;

			for (int b = 7; b >= 0; b--)
				first = first << 8 | f[off + 16 + b];
			assert_int_equal(first, blocks);	/* one tracer start: 0, 1, 2... */
			assert_int_equal((n - 8) % 256, 0);
			for (uint64_t b = 0; b < (n - 8) / 256; b++, blocks++)
				if (blocks < have)
					assert_memory_equal(f + off + 24 + b * 256, got + blocks * 256,
							    256);
		}
		off += 16 + ((n + 7) & ~(uint64_t)7);
		rec++;
	}
	assert_int_equal(off, (size_t)len);
	assert_int_equal(types[0], 1);
	assert_int_equal(types[1], 2);
	assert_int_equal(types[2], 3);
	assert_int_equal(types[3], 4);
	assert_true(blocks >= have);		/* every block the host read is there */
	munmap(f, (size_t)len);
	close(fd);
	free(sec[0]);
	free(got);
}

/*
 * An owner that asks for events (the kernel's fw_tracer) is sent one when
 * blocks are written, reads the ring, then re-arms: in between nothing is
 * written, so it never copies a block the firmware is rewriting.
 */
#define DEVICE_TRACER 0x26
#define TRACES_AVAILABLE 1

static void an_owner_with_an_event_out_reads_a_still_ring(void **state)
{
	struct dev *d = *state;
	struct prm_err err = { 0 };
	struct tracer_ring ring = { 0 };
	struct eq *q = NULL;
	uint8_t eqe[EQE_BYTES], *got = malloc(64 * 256);
	bool granted = false, overrun = false;
	uint64_t first;
	size_t n;

	assert_non_null(got);
	assert_int_equal(eq_create_one(d, 4, DEVICE_TRACER, &q, &err), 0);
	assert_int_equal(tracer_ring_create(d, RING_LOG, &ring, &err), 0);
	assert_int_equal(tracer_own(d, 5, 100, &granted, &err), 0);
	assert_true(granted);
	assert_int_equal(tracer_configure(d, RING_LOG, ring.mkey, &err), 0);
	assert_int_equal(tracer_set_status(d, true, true, &err), 0);	/* on, armed */
	for (int i = 0; i < 2; i++) {
		do	/* an ownership change may come first */
			assert_int_equal(eq_next(q, eqe, 2000, &err), 0);
		while (eqe[3] != TRACES_AVAILABLE);
		sleep_ms(60);			/* six ticks of the firmware */
		n = tracer_ring_poll(&ring, got, 64, &first, &overrun);
		assert_true(n > 0 && n <= 4);	/* the burst that came with the event, no more */
		sleep_ms(60);
		assert_int_equal(tracer_ring_poll(&ring, got, 64, &first, &overrun), 0);
		assert_int_equal(eq_next(q, eqe, 0, &err), 1);	/* and no other event */
		assert_int_equal(tracer_set_status(d, true, true, &err), 0);	/* re-armed */
	}
	assert_int_equal(tracer_set_status(d, false, false, &err), 0);
	assert_int_equal(tracer_release(d, &err), 0);
	assert_int_equal(tracer_ring_destroy(d, &ring, &err), 0);
	assert_int_equal(eq_destroy(q, &err), 0);
	free(got);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(formats_and_record, open_sim, close_sim),
		cmocka_unit_test_setup_teardown(an_owner_with_an_event_out_reads_a_still_ring, open_sim,
						close_sim),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
