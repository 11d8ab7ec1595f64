// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* lib/prm/hwatch.c: samples in, events out, each once while its state holds. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "lib/prm/hwatch.h"

static struct prm_hwatch w;
static struct prm_hwatch_event ev[2];

static size_t feed(uint64_t ms, enum prm_health_status s, uint32_t counter, uint8_t synd)
{
	struct prm_health_report r = { 0 };

	r.status = s;
	r.seg.health_counter = counter;
	r.seg.synd = synd;
	return prm_hwatch_sample(&w, ms * 1000000ull, &r, ev);
}

static void stall_after_misses_and_recovery(void **state)
{
	(void)state;
	prm_hwatch_init(&w, 3);
	assert_int_equal(feed(0, PRM_HEALTH_OK, 10, 0), 1);
	assert_int_equal(ev[0].kind, PRM_HWATCH_STARTED);
	assert_int_equal(feed(50, PRM_HEALTH_OK, 15, 0), 0);
	assert_int_equal(feed(100, PRM_HEALTH_OK, 15, 0), 0);	/* 1 unchanged */
	assert_int_equal(feed(150, PRM_HEALTH_OK, 15, 0), 0);	/* 2 */
	assert_int_equal(feed(200, PRM_HEALTH_OK, 15, 0), 1);	/* 3: stalled */
	assert_int_equal(ev[0].kind, PRM_HWATCH_STALLED);
	assert_int_equal(ev[0].status, PRM_HEALTH_FW_UNRESPONSIVE);
	assert_int_equal(ev[0].stalled_ns, 150 * 1000000ull);	/* since it last moved, at 50 */
	assert_int_equal(feed(250, PRM_HEALTH_OK, 15, 0), 0);	/* not repeated */
	assert_int_equal(feed(300, PRM_HEALTH_OK, 16, 0), 1);
	assert_int_equal(ev[0].kind, PRM_HWATCH_RECOVERED);
}

static void faults_and_syndromes(void **state)
{
	(void)state;
	prm_hwatch_init(&w, 3);
	assert_int_equal(feed(0, PRM_HEALTH_FW_ERROR, 1, 7), 2);	/* found so */
	assert_int_equal(ev[0].kind, PRM_HWATCH_STARTED);
	assert_int_equal(ev[1].kind, PRM_HWATCH_FW_ERROR);
	assert_int_equal(feed(10, PRM_HEALTH_FW_ERROR, 2, 7), 0);
	assert_int_equal(feed(20, PRM_HEALTH_FW_ERROR, 3, 1), 1);
	assert_int_equal(ev[0].kind, PRM_HWATCH_SYND_CHANGED);
	assert_int_equal(ev[0].synd, 1);
	assert_int_equal(ev[0].prev_synd, 7);
	assert_int_equal(feed(30, PRM_HEALTH_THERMAL, 4, 0x10), 1);
	assert_int_equal(ev[0].kind, PRM_HWATCH_THERMAL);
	/* gone: all-ones; the counter reads 0xffffff every time, never a stall */
	for (int i = 0; i < 10; i++)
		assert_int_equal(feed(40 + 10 * (uint64_t)i, PRM_HEALTH_PCI_GONE, 0xffffff, 0xff),
				 i == 0 ? 1 : 0);
	assert_int_equal(feed(200, PRM_HEALTH_OK, 5, 0), 1);
	assert_int_equal(ev[0].kind, PRM_HWATCH_RECOVERED);
	assert_string_equal(prm_hwatch_kind_name(PRM_HWATCH_SYND_CHANGED), "syndrome_changed");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(stall_after_misses_and_recovery),
		cmocka_unit_test(faults_and_syndromes),
	};

	return cmocka_run_group_tests_name("hwatch", tests, NULL, NULL);
}
