/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_UTIL_PAR_H
#define PRMCTL_UTIL_PAR_H

#include <pthread.h>

/*
 * fn(a) here and fn(b) on a thread of its own, at once; returns when both
 * are done. Without a thread, both run here, a then b. Signals stay this
 * thread's.
 */
void par_both(void (*fn)(void *arg), void *a, void *b);

/*
 * pthread_create for a helper of a job on two CPUs (trace decode's second
 * thread): every signal blocked on it but keep_signal (0: none; SIGPIPE is
 * a writer's), and started on a CPU other than the caller's, the next one
 * the caller may run on. Here a new thread is queued on its creator's CPU
 * and runs only once the creator blocks or the balancer moves it (measured
 * in this 2-vCPU guest: 0.8-1.5 ms after a creator busy for 1.5 ms); placed
 * on the other CPU it runs after that vCPU's wake-up, 0.2-0.3 ms. The thread
 * takes the caller's CPUs back as it starts, so the scheduler may move it.
 * Returns 0, or an errno value (pthread_create's, or ENOMEM).
 */
int par_thread_start(pthread_t *t, void *(*fn)(void *arg), void *arg, int keep_signal);

/* One step of a spin that waits for another thread (~20 ns here). */
static inline void par_relax(void)
{
#if defined(__x86_64__) || defined(__i386__)
	__builtin_ia32_pause();
#endif
}

#endif
