// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
#include "lib/dev/hmon.h"

#include <errno.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "lib/dev/dev.h"
#include "lib/prm/metrics.h"

#define QUEUE 64		/* events not yet taken; the oldest stay, as they explain the rest */

struct hmon {
	struct dev *d;
	struct hmon_waiter *waiter;
	unsigned interval_ms;
	struct prm_hwatch w;
	pthread_t thread;
	pthread_mutex_t lock;
	pthread_cond_t cv;
	bool stop;
	struct hmon_event *q;
	size_t head, n;
	uint64_t samples, errors;
	bool up;
	uint64_t cpu_ns;		/* the monitor thread's own CPU time */
	double last_success_s;
	uint32_t hw_id;
	uint8_t seg[DEV_INITSEG_BYTES];
};

static uint64_t mono_ns(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (uint64_t)t.tv_sec * 1000000000ull + (uint64_t)t.tv_nsec;
}

static void push(struct hmon *m, const struct prm_hwatch_event *ev,
		 const struct prm_health_report *r)
{
	struct hmon_event *e;

	if (m->n == QUEUE)
		return;
	e = &m->q[(m->head + m->n++) % QUEUE];
	e->ev = *ev;
	memcpy(e->seg, m->seg, sizeof(e->seg));
	e->report = *r;
	e->report.buffer = e->seg + PRM_HEALTH_BUFFER_OFFSET;	/* into the copy */
	pthread_cond_signal(&m->cv);
	if (m->waiter) {
		pthread_mutex_lock(&m->waiter->lock);
		m->waiter->seq++;
		pthread_cond_broadcast(&m->waiter->cv);
		pthread_mutex_unlock(&m->waiter->lock);
	}
}

static void deadline(struct timespec *until, unsigned timeout_ms)
{
	clock_gettime(CLOCK_MONOTONIC, until);
	until->tv_sec += timeout_ms / 1000;
	until->tv_nsec += (long)(timeout_ms % 1000) * 1000000L;
	if (until->tv_nsec >= 1000000000L) {
		until->tv_sec++;
		until->tv_nsec -= 1000000000L;
	}
}

static void cond_init_mono(pthread_cond_t *cv)
{
	pthread_condattr_t ca;

	pthread_condattr_init(&ca);
	pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
	pthread_cond_init(cv, &ca);
	pthread_condattr_destroy(&ca);
}

void hmon_waiter_init(struct hmon_waiter *w)
{
	pthread_mutex_init(&w->lock, NULL);
	cond_init_mono(&w->cv);
	w->seq = 0;
}

void hmon_waiter_wait(struct hmon_waiter *w, uint64_t *seen, unsigned timeout_ms)
{
	struct timespec until;

	deadline(&until, timeout_ms);
	pthread_mutex_lock(&w->lock);
	while (w->seq == *seen && pthread_cond_timedwait(&w->cv, &w->lock, &until) == 0)
		;
	*seen = w->seq;
	pthread_mutex_unlock(&w->lock);
}

void hmon_waiter_destroy(struct hmon_waiter *w)
{
	pthread_cond_destroy(&w->cv);
	pthread_mutex_destroy(&w->lock);
}

/*
 * What a sample needs, read each time: firmware version and command
 * interface (0x0-0x1f), initializing and the health buffer (0x1fc-0x23f),
 * the timer and health counter (0x1000-0x101f). 34 dwords, not 2052: on
 * hardware every dword is an MMIO read. The rest is read whole once, and
 * again for the evidence when a fault is seen.
 */
static const struct {
	uint32_t off, len;
} hot[] = { { 0x0, 0x20 }, { 0x1fc, 0x44 }, { 0x1000, 0x20 } };

static int read_sample(struct hmon *m, bool whole, struct prm_err *err)
{
	if (whole)
		return dev_bar_read(m->d, 0, m->seg, sizeof(m->seg), err);
	for (size_t i = 0; i < sizeof(hot) / sizeof(hot[0]); i++)
		if (dev_bar_read(m->d, hot[i].off, m->seg + hot[i].off, hot[i].len, err))
			return -1;
	return 0;
}

static void *sample_loop(void *arg)
{
	struct hmon *m = arg;
	struct timespec next;

	clock_gettime(CLOCK_MONOTONIC, &next);
	for (;;) {
		struct prm_health_report r;
		struct prm_hwatch_event ev[2];
		struct prm_err err = { 0 };
		size_t n = 0;
		int rc;

		rc = read_sample(m, !m->samples, &err) ||
		     prm_health_report(m->seg, sizeof(m->seg), &r, &err);
		pthread_mutex_lock(&m->lock);
		if (m->stop) {
			pthread_mutex_unlock(&m->lock);
			break;
		}
		m->samples++;
		m->up = !rc;
		if (rc) {
			m->errors++;
		} else {
			struct timespec wall;

			n = prm_hwatch_sample(&m->w, mono_ns(), &r, ev);
			/* a fault: the whole segment at once, as evidence */
			if (n && prm_health_is_fault(ev[n - 1].status) && read_sample(m, true, &err) == 0)
				prm_health_report(m->seg, sizeof(m->seg), &r, &err);
			clock_gettime(CLOCK_REALTIME, &wall);
			m->last_success_s = (double)wall.tv_sec + wall.tv_nsec / 1e9;
			if (r.status != PRM_HEALTH_PCI_GONE)
				m->hw_id = r.seg.hw_id;
		}
		for (size_t i = 0; i < n; i++)
			push(m, &ev[i], &r);
		{
			struct timespec cpu;

			clock_gettime(CLOCK_THREAD_CPUTIME_ID, &cpu);
			m->cpu_ns = (uint64_t)cpu.tv_sec * 1000000000ull + (uint64_t)cpu.tv_nsec;
		}
		pthread_mutex_unlock(&m->lock);
		/* a fixed rate: the next sample is due one interval after the last was */
		next.tv_nsec += (long)m->interval_ms * 1000000L;
		while (next.tv_nsec >= 1000000000L) {
			next.tv_sec++;
			next.tv_nsec -= 1000000000L;
		}
		while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &next, NULL) == EINTR)
			;
	}
	return NULL;
}

int hmon_start(struct dev *d, unsigned interval_ms, unsigned misses, struct hmon_waiter *waiter,
	       struct hmon **out, struct prm_err *err)
{
	struct hmon *m = calloc(1, sizeof(*m));

	*out = NULL;
	if (!m || !(m->q = calloc(QUEUE, sizeof(*m->q)))) {
		free(m);
		return prm_err_set(err, PRM_E_FAILED, ENOMEM, "oom", "out of memory");
	}
	m->d = d;
	m->waiter = waiter;
	m->interval_ms = interval_ms ? interval_ms : 1;
	prm_hwatch_init(&m->w, misses);
	pthread_mutex_init(&m->lock, NULL);
	cond_init_mono(&m->cv);
	if (pthread_create(&m->thread, NULL, sample_loop, m)) {
		free(m->q);
		free(m);
		return prm_err_set(err, PRM_E_FAILED, EAGAIN, "thread", "cannot start the monitor");
	}
	*out = m;
	return 0;
}

int hmon_next(struct hmon *m, struct hmon_event *e, unsigned timeout_ms)
{
	struct timespec until;
	int rc = 1;

	deadline(&until, timeout_ms);
	pthread_mutex_lock(&m->lock);
	while (!m->n && pthread_cond_timedwait(&m->cv, &m->lock, &until) == 0)
		;
	if (m->n) {
		*e = m->q[m->head];
		e->report.buffer = e->seg + PRM_HEALTH_BUFFER_OFFSET;
		m->head = (m->head + 1) % QUEUE;
		m->n--;
		rc = 0;
	}
	pthread_mutex_unlock(&m->lock);
	return rc;
}

void hmon_counts(struct hmon *m, uint64_t *samples, uint64_t *errors)
{
	pthread_mutex_lock(&m->lock);
	*samples = m->samples;
	*errors = m->errors;
	pthread_mutex_unlock(&m->lock);
}

uint64_t hmon_cpu_ns(struct hmon *m)
{
	uint64_t ns;

	pthread_mutex_lock(&m->lock);
	ns = m->cpu_ns;
	pthread_mutex_unlock(&m->lock);
	return ns;
}

void hmon_last(struct hmon *m, struct prm_metrics_device *out)
{
	pthread_mutex_lock(&m->lock);
	out->hw_id = m->hw_id;
	out->up = m->up;
	out->health_counter = m->w.counter;
	out->status = m->w.state;
	out->stalled = m->w.state == PRM_HEALTH_FW_UNRESPONSIVE;
	out->synd = m->w.synd;
	out->last_success_s = m->last_success_s;
	out->collect_errors = m->errors;
	pthread_mutex_unlock(&m->lock);
}

void hmon_stop(struct hmon *m)
{
	if (!m)
		return;
	pthread_mutex_lock(&m->lock);
	m->stop = true;
	pthread_mutex_unlock(&m->lock);
	pthread_join(m->thread, NULL);
	pthread_cond_destroy(&m->cv);
	pthread_mutex_destroy(&m->lock);
	free(m->q);
	free(m);
}
