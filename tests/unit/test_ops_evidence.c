// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * lib/ops/tracestrings.c and devident.c against the in-process simulated
 * adapter, whose tracer prmctl-trace(8) SIMULATOR describes: one strings
 * section at 0x900000, string event ids 8 to 55.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "lib/ops/devident.h"
#include "lib/ops/tracestrings.h"
#include "lib/prm/tracecap.h"
#include "tests/unit/simdev.h"

/* The file walked record by record, as a reader in another program would. */
static void strings_file(void **state)
{
	struct tracer_strings s;
	struct prm_err err = { 0 };
	struct tracefile_meta m = { 0 };
	struct tracecap cap;
	uint32_t types[8];
	size_t off, n = 0;

	assert_int_equal(tracer_strings_image(*state, &s, &err), 0);
	assert_int_equal(tracefile_check_header(s.image, s.len, &err), 0);
	for (off = TRACEFILE_HDR_BYTES; off + TRACEFILE_REC_HDR_BYTES <= s.len && n < 8;) {
		struct tracefile_rec r;
		const uint8_t *p = s.image + off + TRACEFILE_REC_HDR_BYTES;

		tracefile_rec_parse(s.image + off, &r);
		types[n++] = r.type;
		assert_true(off + tracefile_rec_span(&r) <= s.len);
		if (r.type == TRACEFILE_META) {
			assert_int_equal(tracefile_meta_parse((const char *)p, r.len, &m, &err), 0);
		} else if (r.type == TRACEFILE_MTRC_CAP) {
			assert_int_equal(r.len, 128);
			tracecap_parse(p, r.len, &cap);
			assert_int_equal(cap.first_string_trace, 8);
			assert_int_equal(cap.num_string_trace, 48);
		} else if (r.type == TRACEFILE_STRINGS) {
			assert_int_equal(tracefile_le32(p), 0x900000);	/* base */
			assert_int_equal(tracefile_le32(p + 4), 0);		/* section */
			assert_int_equal(r.len - 8, s.bytes);
			assert_non_null(memmem(p + 8, r.len - 8, "%", 1));	/* printf formats */
		} else if (r.type == TRACEFILE_END) {
			static const uint8_t zero[16];

			assert_int_equal(r.len, 16);
			assert_memory_equal(p, zero, 16);	/* 0 blocks, no capture to end */
		}
		off += tracefile_rec_span(&r);
	}
	assert_int_equal(off, s.len);
	assert_int_equal(n, 4);
	assert_int_equal(types[0], TRACEFILE_META);
	assert_int_equal(types[1], TRACEFILE_MTRC_CAP);
	assert_int_equal(types[2], TRACEFILE_STRINGS);
	assert_int_equal(types[3], TRACEFILE_END);
	assert_int_equal(s.nsections, 1);
	assert_string_equal(m.fw_version, "28.41.1000");
	assert_string_equal(m.psid, "SIM0000000007");
	assert_string_equal(m.device, "sim");
	assert_false(m.has_anchor);
	tracer_strings_free(&s);
	assert_null(s.image);
}

static void identity(void **state)
{
	static uint8_t seg[DEV_INITSEG_BYTES];
	struct prm_err err = { 0 };
	struct dev_ident id;

	assert_int_equal(dev_read_initseg(*state, seg, &err), 0);
	dev_ident(*state, seg, sizeof(seg), 0, &id);
	assert_string_equal(id.device, "sim");
	assert_string_equal(id.pci_address, "");
	assert_string_equal(id.fw_version, "28.41.1000");
	assert_string_equal(id.psid, "SIM0000000007");
	assert_string_equal(id.psid_source, "mgir");
	assert_string_equal(id.model, "ConnectX-7");
	assert_string_equal(id.access, "sim");
	assert_int_equal(strlen(id.time_iso), 20);
	assert_int_equal(id.time_iso[19], 'Z');
	/* a segment that read all-ones has no firmware version to tell */
	memset(seg, 0xff, sizeof(seg));
	dev_ident(*state, seg, sizeof(seg), 0, &id);
	assert_string_equal(id.fw_version, "");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(strings_file, open_sim, close_sim),
		cmocka_unit_test_setup_teardown(identity, open_sim, close_sim),
	};

	return cmocka_run_group_tests_name("ops_evidence", tests, NULL, NULL);
}
