// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* Option values as users type them, judged the same way by every verb. */
#include <errno.h>
#include <stdlib.h>
#include <strings.h>

#include "cmd/core/cmd.h"
#include "lib/util/units.h"

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
