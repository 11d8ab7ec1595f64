// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* Parsing a verb's argv, and how results and errors reach the user. */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/core/cmd.h"
#include "lib/out/out.h"
#include "lib/util/match.h"

struct prm_globals G;

/*
 * argp prints an option's error itself; it is caught on its way to stderr
 * (global_parse points argp there) so that JSON's error object carries the
 * same message, not a vaguer one.
 */
int cmd_parse(const struct argp *argp, int argc, char **argv, void *input)
{
	char *said = NULL;
	size_t len = 0;
	int rc;

	G.parse_err = open_memstream(&said, &len);
	rc = argp_parse(argp, argc, argv, ARGP_IN_ORDER | ARGP_NO_EXIT | ARGP_NO_HELP, NULL,
			input);
	if (G.parse_err) {
		fclose(G.parse_err);
		G.parse_err = NULL;
	}
	if (rc && out_json() && said && *said && *said != '\n') {
		/* its first line, once: out_error prints it on stderr too ("prmctl: verb: ...") */
		const char *m = strncmp(said, "prmctl ", 7) ? said : said + 7;

		out_error(EXIT_USAGE, "usage", "%.*s", (int)strcspn(m, "\n"), m);
		free(said);
		return EXIT_USAGE;
	}
	fputs(said ? said : "", stderr);
	if (G.help_shown) {
		free(said);
		return EXIT_OK;
	}
	if (rc) {
		if (out_json())
			out_error(EXIT_USAGE, "usage", "%s: invalid arguments (see '%s --help')",
				  argv[0], argv[0]);
		free(said);
		return EXIT_USAGE;
	}
	free(said);
	out_set_format(G.json ? OUT_JSON : OUT_TEXT, G.pretty, G.quiet);
	return 0;
}

int cmd_fail(const struct prm_err *err)
{
	int code = err->kind ? (int)err->kind : EXIT_FAIL;

	out_error_err(code, err);
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
