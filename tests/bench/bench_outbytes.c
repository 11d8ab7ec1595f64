// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * A byte run through the emitter, measured (issue 24: a 4 MiB devlink region
 * under -j took 190 MB and 0.57 s): the time from out_doc_begin() to
 * out_doc_end() with the document going to /dev/null, and how far the
 * process's peak RSS rose above what it was with the bytes already in memory
 * (the region as devlink region read holds it), each form in a child of its
 * own so one form's peak cannot hide the next one's. The peer is the same
 * bytes as text. The goal: JSON under 3x the run's size and under 0.1 s.
 *
 * usage: bench_outbytes [MiB]    (default 4)
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>
#include <time.h>

#include "lib/out/out.h"

static double now_s(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static double peak_mib(void)
{
	struct rusage ru;

	getrusage(RUSAGE_SELF, &ru);
	return (double)ru.ru_maxrss / 1024.0;
}

static void measure(const char *what, enum out_mode mode, bool pretty, const uint8_t *b, size_t n,
		FILE *sink)
{
	struct out_opts o = { .mode = mode, .pretty = pretty, .out = sink, .prog = "bench_outbytes" };
	double rss0 = peak_mib(), t0;

	out_init(&o);
	t0 = now_s();
	out_doc_begin();
	out_str("region", "crdump");
	out_bytes("data", b, n);
	if (out_doc_end())
		fprintf(stderr, "bench_outbytes: writing failed\n");
	double s = now_s() - t0, grew = peak_mib() - rss0, x = grew / ((double)n / 1048576.0);

	printf("%-7s %8.3f s  peak RSS +%7.1f MiB (%.2fx the run)\n", what, s, grew, x);
	/* a line of make bench's table (tests/bench/bench_table) */
	if (mode == OUT_JSON && !pretty)
		printf("figure\tbyte run in JSON, %zu MiB\t%.3f s, +%.1f MiB\tits size\t%zu MiB\t"
		       "%.2fx\t< 3x, < 0.1 s\n", n >> 20, s, grew, n >> 20, x);
}

/* measure() in a child: a fresh peak, the bytes already resident */
static void run(const char *what, enum out_mode mode, bool pretty, const uint8_t *b, size_t n,
		FILE *sink)
{
	pid_t pid;

	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		measure(what, mode, pretty, b, n, sink);
		fflush(stdout);
		_exit(0);
	}
	if (pid > 0)
		waitpid(pid, NULL, 0);
	else
		perror("bench_outbytes: fork");
}

int main(int argc, char **argv)
{
	size_t mib = argc > 1 ? strtoul(argv[1], NULL, 0) : 4, n = mib << 20;
	uint8_t *b = malloc(n ? n : 1);
	FILE *sink = fopen("/dev/null", "w");

	if (!b || !sink)
		return perror("bench_outbytes"), 1;
	srand(1);
	for (size_t i = 0; i < n; i++)
		b[i] = (uint8_t)rand();
	printf("a %zu MiB byte run (out_bytes), to /dev/null\n", mib);
	/* text first: JSON's peak would hide what text adds */
	run("text", OUT_TEXT, false, b, n, sink);
	run("json", OUT_JSON, false, b, n, sink);
	run("pretty", OUT_JSON, true, b, n, sink);
	fclose(sink);
	free(b);
	return 0;
}
