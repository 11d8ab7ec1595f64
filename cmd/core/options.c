// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* Option values as users type them, judged the same way by every verb. */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <strings.h>
#include <sys/stat.h>

#include "cmd/core/cmd.h"
#include "lib/util/outpath.h"
#include "lib/util/units.h"
#include "lib/util/writefile.h"

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

/* "60000 ms", "31536000 s (365 days)": a limit in the unit the option counts in. */
static void limit(char *buf, size_t sz, uint64_t ms, bool in_ms)
{
	if (in_ms || ms % 1000)
		snprintf(buf, sz, "%" PRIu64 " ms", ms);
	else if (ms >= 2 * UINT64_C(86400000) && !(ms % UINT64_C(86400000)))
		snprintf(buf, sz, "%" PRIu64 " s (%" PRIu64 " days)", ms / 1000,
			 ms / UINT64_C(86400000));
	else
		snprintf(buf, sz, "%" PRIu64 " s", ms / 1000);
}

error_t cmd_opt_duration_in(struct argp_state *state, const struct cmd_duration *d,
			    const char *arg, uint64_t *ms)
{
	static const char *const why[] = {
		[-UNITS_BAD] = "not a duration",
		[-UNITS_TOO_LONG] = "too long",
		[-UNITS_TOO_SHORT] = "too short",
		[-UNITS_FRACTION] = "not a whole number of milliseconds",
	};
	char lo[48], hi[48];
	uint64_t v;
	int rc = units_duration_ms_in(arg, d->in_ms ? 1 : 1000, &v);

	if (!rc && v > d->max_ms)
		rc = UNITS_TOO_LONG;
	else if (!rc && v < d->min_ms)
		rc = UNITS_TOO_SHORT;
	if (!rc) {
		*ms = v;
		return 0;
	}
	snprintf(lo, sizeof(lo), "%" PRIu64 " ms", d->min_ms);
	limit(hi, sizeof(hi), d->max_ms, d->in_ms);
	argp_error(state, "%s '%s': %s, or with a unit (500ms, 1.5s, 2m, 1h), from %s to at "
		   "most %s; this is %s", d->opt, arg, d->in_ms ? "milliseconds" : "seconds", lo,
		   hi, why[-rc]);
	return EINVAL;
}

error_t cmd_opt_duration(struct argp_state *state, const char *opt, const char *arg,
			 uint64_t *ms)
{
	const struct cmd_duration d = { opt, false, 1, UNITS_MAX_DURATION_S * UINT64_C(1000) };

	return cmd_opt_duration_in(state, &d, arg, ms);
}

int cmd_out_file(const char *opt, const char *path)
{
	struct prm_err err = { 0 };

	return outpath_file(path, &err) ? cmd_usage("%s: %s", opt, err.msg) : 0;
}

int cmd_out_dir(const char *opt, const char *dir)
{
	struct prm_err err = { 0 };

	return outpath_dir(dir, &err) ? cmd_usage("%s: %s", opt, err.msg) : 0;
}

error_t cmd_no_args(int key, char *arg, struct argp_state *state)
{
	if (key == ARGP_KEY_ARG) {
		argp_error(state, "unexpected argument '%s'", arg);
		return EINVAL;
	}
	return ARGP_ERR_UNKNOWN;
}

int cmd_out_new(const char *what, const char *opt, const char *path, bool force)
{
	struct stat st;

	if (!force && !write_target_is_stream(path) && lstat(path, &st) == 0)
		return cmd_usage("%s: %s exists (use --force to replace it)", what, path);
	return cmd_out_file(opt, path);
}
