// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
#include <signal.h>

#include "lib/dev/cfg.h"

static volatile sig_atomic_t interrupted;

void dev_interrupt(void)
{
	interrupted = 1;
}

int dev_interrupted(void)
{
	return interrupted;
}

void dev_interrupt_reset(void)
{
	interrupted = 0;
}
