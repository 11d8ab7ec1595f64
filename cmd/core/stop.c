// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* SIGINT and SIGTERM: installed here and nowhere else. */
#include <signal.h>
#include <unistd.h>

#include "cmd/core/cmd.h"
#include "lib/dev/cfg.h"

/*
 * The one stop handler. The first signal asks every wait to unwind and every
 * loop to end. A second ends the process as usual, unless prmctl holds a
 * semaphore or is giving back what it holds: dying there would leave the
 * gateway or the tracer taken, so the kill waits for the give-back (bounded)
 * and says so. A third is not argued with.
 */
static volatile sig_atomic_t stops, put_off;

static void die_of(int sig)
{
	signal(sig, SIG_DFL);
	raise(sig);	/* delivered when the handler returns */
}

/* set for a simulator service: a stop ends it, nothing is held to give back */
static void (*service_stop)(void);

static void on_stop(int sig)
{
	static const char note[] = "prmctl: giving back what it holds first (a bounded wait); "
				   "signal again to abandon it\n";

	if (service_stop) {
		service_stop();
		return;
	}
	stops++;
	if (stops == 1) {
		dev_interrupt();
		return;
	}
	if (stops == 2 && dev_holding()) {
		ssize_t n = write(STDERR_FILENO, note, sizeof(note) - 1);

		(void)n;	/* nothing to do about a note that could not be told */
		put_off = sig;
		return;
	}
	die_of(sig);
}

/* the last hold or give-back ended: a kill that was put off happens now */
static void on_released(void)
{
	if (put_off)
		die_of(put_off);
}

static void install(void)
{
	struct sigaction sa = { .sa_handler = on_stop };

	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
}

void cmd_catch_stop(void)
{
	dev_on_released(on_released);
	install();
}

void cmd_catch_stop_service(void (*stop)(void))
{
	service_stop = stop;
	install();
}

bool cmd_stop_requested(void)
{
	return dev_stop_requested();
}
