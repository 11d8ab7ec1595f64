// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
#include <signal.h>
#include <stddef.h>

#include "lib/dev/cfg.h"

static volatile sig_atomic_t interrupted;
/* counters, not flags: health watch's monitor threads work in parallel */
static volatile sig_atomic_t cleanups, holds;
static void (*released_hook)(void);

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

static void maybe_released(void)
{
	if (!dev_holding() && released_hook)
		released_hook();
}

void dev_cleanup_begin(void)
{
	__atomic_add_fetch(&cleanups, 1, __ATOMIC_SEQ_CST);
}

void dev_cleanup_end(void)
{
	__atomic_sub_fetch(&cleanups, 1, __ATOMIC_SEQ_CST);
	maybe_released();
}

int dev_cleanup_active(void)
{
	return __atomic_load_n(&cleanups, __ATOMIC_SEQ_CST) > 0;
}

void dev_hold_begin(void)
{
	__atomic_add_fetch(&holds, 1, __ATOMIC_SEQ_CST);
}

void dev_hold_end(void)
{
	__atomic_sub_fetch(&holds, 1, __ATOMIC_SEQ_CST);
	maybe_released();
}

int dev_holding(void)
{
	return __atomic_load_n(&holds, __ATOMIC_SEQ_CST) > 0 || dev_cleanup_active();
}

void dev_on_released(void (*hook)(void))
{
	released_hook = hook;
}
