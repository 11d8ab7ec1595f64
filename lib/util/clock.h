/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_UTIL_CLOCK_H
#define PRMCTL_UTIL_CLOCK_H

#include <stdint.h>

/* Monotonic milliseconds, for deadlines of bounded waits. */
uint64_t clock_now_ms(void);
uint64_t clock_now_us(void);
/* Wall-clock nanoseconds since the epoch. */
uint64_t clock_wall_ns(void);

/* Sleep; a signal cuts it short (so waits can notice an interruption). */
void clock_sleep_us(unsigned us);

#endif
