// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
#include "lib/util/clock.h"

#include <time.h>

uint64_t clock_now_us(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000 + (uint64_t)ts.tv_nsec / 1000;
}

uint64_t clock_wall_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	return (uint64_t)ts.tv_sec * 1000000000 + (uint64_t)ts.tv_nsec;
}

uint64_t clock_now_ms(void)
{
	return clock_now_us() / 1000;
}

void clock_sleep_us(unsigned us)
{
	struct timespec ts = { us / 1000000, (long)(us % 1000000) * 1000L };

	nanosleep(&ts, NULL);
}
