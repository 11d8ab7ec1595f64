// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* Progress lines on a terminal (DESIGN §6): never in JSON, never into a file. */
#include <stdarg.h>
#include <time.h>
#include <unistd.h>

#include "lib/out/out.h"
#include "lib/out/out_int.h"

static struct {
	int tty;		/* -1: not asked yet */
	bool shown;
	uint64_t last_ms;
} P = { .tty = -1 };

static bool wanted(void)
{
	if (P.tty < 0)
		P.tty = isatty(fileno(out_err_stream()));
	return P.tty && !out_json() && !out_quiet();
}

void out_progress(const char *fmt, ...)
{
	struct timespec ts;
	uint64_t ms;
	va_list ap;

	if (!wanted())
		return;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	ms = (uint64_t)ts.tv_sec * 1000 + (uint64_t)ts.tv_nsec / 1000000;
	if (P.shown && ms - P.last_ms < 200)
		return;
	P.last_ms = ms;
	fputs("\r\033[K", out_err_stream());
	va_start(ap, fmt);
	vfprintf(out_err_stream(), fmt, ap);
	va_end(ap);
	fflush(out_err_stream());
	P.shown = true;
}

void out_progress_end(void)
{
	if (!P.shown)
		return;
	fputs("\r\033[K", out_err_stream());
	fflush(out_err_stream());
	P.shown = false;
}
