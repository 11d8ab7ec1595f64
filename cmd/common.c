// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
#include <errno.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "cmd/cmd.h"
#include "lib/dev/adbload.h"
#include "lib/dev/cfg.h"
#include "lib/out/out.h"
#include "lib/prm/adb.h"
#include "lib/util/match.h"
#include "lib/util/units.h"

struct prm_globals G;

int cmd_parse(const struct argp *argp, int argc, char **argv, void *input)
{
	int rc = argp_parse(argp, argc, argv,
			    ARGP_IN_ORDER | ARGP_NO_EXIT | ARGP_NO_HELP, NULL,
			    input);

	if (G.help_shown)
		return EXIT_OK;
	if (rc) {
		if (out_json())
			out_error(EXIT_USAGE, "usage", "%s: invalid arguments (see '%s --help')",
				  argv[0], argv[0]);
		return EXIT_USAGE;
	}
	out_set_format(G.json ? OUT_JSON : OUT_TEXT, G.pretty, G.quiet);
	return 0;
}

int cmd_fail(const struct prm_err *err)
{
	int code = err->kind ? (int)err->kind : EXIT_FAIL;

	out_error(code, err->reason ? err->reason : prm_err_kind_name(err->kind),
		  "%s", err->msg[0] ? err->msg : "failed");
	return code;
}

int cmd_usage(const char *fmt, ...)
{
	char msg[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	out_error(EXIT_USAGE, "usage", "%s", msg);
	return EXIT_USAGE;
}

int cmd_done(int status)
{
	errno = 0;
	if (out_doc_end()) {
		int e = errno ? errno : EIO;

		fprintf(stderr, "prmctl: error writing output: %s\n", strerror(e));
		return status ? status : EXIT_FAIL;
	}
	return status;
}

int cmd_match(const struct match_set *s, const char *word, const char *what,
	      const char *ctx, const char *hint, size_t *idx)
{
	const char *close;
	char list[256];

	switch (match_name(s, word, idx)) {
	case MATCH_EXACT:
	case MATCH_PREFIX:
		return 0;
	case MATCH_AMBIGUOUS:
		match_list_prefixed(s, word, list, sizeof(list));
		return cmd_usage("%s'%s' is ambiguous: %s", ctx, word, list);
	case MATCH_NONE:
		break;
	}
	close = match_suggest(s, word);
	if (close)
		return cmd_usage("%sunknown %s '%s'; did you mean '%s'? (see '%s')",
				 ctx, what, word, close, hint);
	return cmd_usage("%sunknown %s '%s' (see '%s')", ctx, what, word, hint);
}

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

static void on_stop(int sig)
{
	static const char note[] = "prmctl: giving back what it holds first (a bounded wait); "
				   "signal again to abandon it\n";

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

void cmd_catch_stop(void)
{
	struct sigaction sa = { .sa_handler = on_stop };

	dev_on_released(on_released);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
}

bool cmd_stop_requested(void)
{
	return dev_stop_requested();
}

int cmd_number(const char *s, uint64_t max, uint64_t *v)
{
	char *end;

	if (!s || !*s || *s == '-' || *s == '+' || *s == ' ')
		return -1;
	errno = 0;
	*v = strtoull(s, &end, strncasecmp(s, "0x", 2) ? 10 : 16);
	return errno || *end || *v > max ? -1 : 0;
}

error_t cmd_opt_count(struct argp_state *state, const char *opt, const char *arg, uint64_t max,
		      const char *what, uint64_t *v)
{
	if (cmd_number(arg, max, v) || !*v) {
		argp_error(state, "%s '%s': %s", opt, arg, what);
		return EINVAL;
	}
	return 0;
}

error_t cmd_opt_duration(struct argp_state *state, const char *opt, const char *arg,
			 uint64_t *ms)
{
	static const char *const why[] = {
		[-UNITS_BAD] = "not a duration",
		[-UNITS_TOO_LONG] = "too long",
		[-UNITS_TOO_SHORT] = "less than 1 ms",
	};
	int rc = units_duration_ms(arg, ms);

	if (!rc)
		return 0;
	argp_error(state, "%s '%s': seconds, or with ms, s, m, from 1 ms to at most %u s "
		   "(%u days); this is %s", opt, arg, UNITS_MAX_DURATION_S,
		   UNITS_MAX_DURATION_S / 86400, why[-rc]);
	return EINVAL;
}

error_t cmd_no_args(int key, char *arg, struct argp_state *state)
{
	if (key == ARGP_KEY_ARG) {
		argp_error(state, "unexpected argument '%s'", arg);
		return EINVAL;
	}
	return ARGP_ERR_UNKNOWN;
}

static struct prm_adb *adb;
static struct prm_err adb_err;
static bool adb_tried;

const struct prm_adb *cmd_adb(void)
{
	if (!adb_tried) {
		adb_tried = true;
		adb = prm_adb_load(prm_adb_path(G.adb), &adb_err);
	}
	return adb;
}

const struct prm_err *cmd_adb_error(void)
{
	return &adb_err;
}

void cmd_adb_drop(void)
{
	prm_adb_free(adb);
	adb = NULL;
	adb_tried = false;
}
