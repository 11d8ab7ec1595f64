// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
#include <signal.h>

#include "lib/dev/cfg.h"

static volatile sig_atomic_t interrupted;
/* a counter, not a flag: health watch's monitor threads release in parallel */
static volatile sig_atomic_t cleanups;

void dev_interrupt(void)
{
	interrupted = 1;
}

int dev_interrupted(void)
{
	return interrupted && !dev_cleanup_active();
}

int dev_stop_requested(void)
{
	return interrupted;
}

void dev_interrupt_reset(void)
{
	interrupted = 0;
}

void dev_cleanup_begin(void)
{
	__atomic_add_fetch(&cleanups, 1, __ATOMIC_SEQ_CST);
}

void dev_cleanup_end(void)
{
	__atomic_sub_fetch(&cleanups, 1, __ATOMIC_SEQ_CST);
}

int dev_cleanup_active(void)
{
	return __atomic_load_n(&cleanups, __ATOMIC_SEQ_CST) > 0;
}
