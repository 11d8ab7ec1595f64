/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_UTIL_PAR_H
#define PRMCTL_UTIL_PAR_H

/*
 * fn(a) here and fn(b) on a thread of its own, at once; returns when both
 * are done. Without a thread, both run here, a then b. Signals stay this
 * thread's.
 */
void par_both(void (*fn)(void *arg), void *a, void *b);

/* One step of a spin that waits for another thread (~20 ns here). */
static inline void par_relax(void)
{
#if defined(__x86_64__) || defined(__i386__)
	__builtin_ia32_pause();
#endif
}

#endif
