// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * prmctl [global options] COMMAND [VERB] [options] [args]
 *
 * Three argp levels: the global one stops at the command word; a command
 * with verbs stops at the verb; the verb (or a command without verbs)
 * parses the rest. Every level has the global options as a child, so they
 * are accepted anywhere.
 */
#include <argp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd/core/cmd.h"
#include "cmd/core/complete.h"
#include "cmd/core/devsel.h"
#include "cmd/core/dump.h"
#include "lib/dev/cfg.h"
#include "lib/out/out.h"

#ifndef PRMCTL_VERSION
#define PRMCTL_VERSION "0.0.0"
#endif

enum { OPT_ACCESS = 0x100, OPT_WRITE, OPT_DUMP_COMMANDS, OPT_USAGE, OPT_MODEL, OPT_INJECT,
       OPT_ADB, OPT_TIMEOUT, OPT_COMPLETE };

static const struct argp_option global_options[] = {
	{ "device", 'd', "DEV", 0,
	  "Device: PCI address, mlx5_N, netdev, fwctlN, BUS/DEV (devlink), sim, sim:NAME, "
	  "image:FILE", 0 },
	{ "json", 'j', NULL, 0, "Print JSON", 0 },
	{ "pretty", 'p', NULL, 0, "Indent JSON output (with --json)", 0 },
	{ "verbose", 'v', NULL, 0, "More detail (repeatable)", 0 },
	{ "quiet", 'q', NULL, 0, "Print only errors and results", 0 },
	{ "access", OPT_ACCESS, "PATH", 0,
	  "Force an access path: fwctl, pci, devlink, cmdq, icmd, vfio", 0 },
	{ "timeout", OPT_TIMEOUT, "MS", 0,
	  "Give up on a device command after MS (" CMD_DURATION_MS "; command queue: what "
	  "the firmware advertises, plus a second; devlink: 10000)", 0 },
	{ "write", OPT_WRITE, NULL, 0,
	  "Allow operations that change device state on real hardware", 0 },
	{ "model", OPT_MODEL, "MODEL", 0,
	  "With -d sim: the adapter to simulate (cx5, cx6dx, cx7)", 0 },
	{ "inject", OPT_INJECT, "FAULT", 0,
	  "With -d sim: inject FAULT[:args] (repeatable)", 0 },
	{ "adb", OPT_ADB, "FILE", 0,
	  "NVIDIA's register database (default: $PRMCTL_ADB, else mstflint's)", 0 },
	{ "version", 'V', NULL, 0, "Print the version", 0 },
	{ "help", 'h', NULL, 0, "Give this help", 0 },
	{ "usage", OPT_USAGE, NULL, OPTION_HIDDEN, "Give a short usage message", 0 },
	{ 0 }
};

/*
 * A command's arguments are parsed more than once (by its group, then by
 * its verb): an option that accumulates (-d, --inject) counts each place in
 * argv once, which its argument's address identifies.
 */
static bool seen_before(const char *arg)
{
	static const char *seen[256];
	static size_t n;

	for (size_t i = 0; i < n; i++)
		if (seen[i] == arg)
			return true;
	if (n < sizeof(seen) / sizeof(seen[0]))
		seen[n++] = arg;
	return false;
}

static error_t global_parse(int key, char *arg, struct argp_state *state)
{
	switch (key) {
	case ARGP_KEY_INIT:
		if (G.parse_err)
			state->err_stream = G.parse_err;
		return ARGP_ERR_UNKNOWN;
	case 'd':
		if (seen_before(arg))
			break;
		if (G.ndevices == (int)(sizeof(G.devices) / sizeof(G.devices[0]))) {
			argp_error(state, "-d: at most %zu devices",
				   sizeof(G.devices) / sizeof(G.devices[0]));
			return EINVAL;
		}
		G.devices[G.ndevices++] = arg;
		G.device = G.devices[0];
		break;
	case 'j':
		G.json = true;
		break;
	case 'p':
		G.pretty = true;
		break;
	case 'v':
		G.verbose++;
		break;
	case 'q':
		G.quiet = true;
		break;
	case OPT_ACCESS:
		G.access = arg;
		break;
	case OPT_WRITE:
		G.write = true;
		break;
	case OPT_MODEL:
		G.model = arg;
		break;
	case OPT_ADB:
		G.adb = arg;
		break;
	case OPT_TIMEOUT: {
		static const struct cmd_duration d = { "--timeout", true, 1, 3600000 };
		uint64_t ms;

		if (cmd_opt_duration_in(state, &d, arg, &ms))
			return EINVAL;
		G.timeout_ms = (unsigned)ms;
		break;
	}
	case OPT_INJECT: {
		if (seen_before(arg))
			break;
		char *joined = NULL;

		if (asprintf(&joined, "%s%s%s", G.inject ? G.inject : "",
			     G.inject ? ";" : "", arg) < 0)
			return ENOMEM;
		free(G.inject);
		G.inject = joined;
		break;
	}
	case 'V':
		printf("prmctl %s\n", PRMCTL_VERSION);
		G.help_shown = true;
		state->next = state->argc;
		break;
	case OPT_USAGE:
		argp_state_help(state, stdout, ARGP_HELP_USAGE);
		G.help_shown = true;
		state->next = state->argc;
		break;
	case 'h':
		argp_state_help(state, stdout, ARGP_HELP_STD_HELP);
		G.help_shown = true;
		state->next = state->argc;
		break;
	default:
		return ARGP_ERR_UNKNOWN;
	}
	return 0;
}

const struct argp prm_global_argp = { global_options, global_parse, NULL, NULL,
				      NULL, NULL, NULL };

const struct argp_child prm_global_children[] = {
	{ &prm_global_argp, 0, "Global options:", 100 },
	{ 0 }
};

/* ---- level 1: global options, then the command word ---- */

static const struct argp_option top_options[] = {
	{ "dump-commands", OPT_DUMP_COMMANDS, NULL, OPTION_HIDDEN,
	  "Print the command table as JSON", 0 },
	{ "complete", OPT_COMPLETE, "KIND", OPTION_HIDDEN,
	  "Print the names of KIND a shell completes, one a line", 0 },
	{ 0 }
};

struct top_state {
	int cmd_index;		/* argv index of the command word, 0 if none */
	bool dump;
	const char *complete;	/* --complete KIND */
};

static error_t top_parse(int key, char *arg, struct argp_state *state)
{
	struct top_state *t = state->input;

	(void)arg;
	switch (key) {
	case OPT_DUMP_COMMANDS:
		t->dump = true;
		break;
	case OPT_COMPLETE:
		t->complete = arg;
		break;
	case ARGP_KEY_ARG:
		t->cmd_index = state->next - 1;
		state->next = state->argc;	/* the command parses the rest */
		break;
	default:
		return ARGP_ERR_UNKNOWN;
	}
	return 0;
}

static size_t ncommands(void)
{
	size_t n = 0;

	while (prm_commands[n])
		n++;
	return n;
}

/*
 * One line of a command or verb list, the summary wrapped under itself:
 * argp would wrap it to the left margin, where it reads as the next name.
 */
static void help_item(FILE *f, const char *name, const char *summary)
{
	const int width = 79 - 13;
	const char *p = summary ? summary : "";

	fprintf(f, "  %-10s ", name);
	while ((int)strlen(p) > width) {
		int cut = width;

		while (cut > 0 && p[cut] != ' ')
			cut--;
		if (!cut)
			break;
		fprintf(f, "%.*s\n%13s", cut, p, "");
		p += cut + 1;
	}
	fprintf(f, "%s\n", p);
}

/* The commands under the summary, before the options (as a group's verbs). */
static char *commands_help(const char *summary)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	if (!f)
		return NULL;
	fprintf(f, "%s\n\nCommands:\n", summary ? summary : "");
	for (size_t i = 0; prm_commands[i]; i++)
		help_item(f, prm_commands[i]->name, prm_commands[i]->summary);
	help_item(f, "help", "Show the help of a command");
	fclose(f);
	return buf;
}

static char *top_help_filter(int key, const char *text, void *input)
{
	(void)input;
	if (key == ARGP_KEY_HELP_PRE_DOC)
		return commands_help(text);
	if (key == ARGP_KEY_HELP_POST_DOC)
		return strdup("Devices (-d): 0000:3b:00.0 or 3b:00.0, mlx5_0, eth2, fwctl0, "
			      "sim, sim:NAME, image:FILE.\n"
			      "Exit status: 0 ok, 1 failed, 2 usage, 3 no device/access, "
			      "4 check found a problem, 5 timed out.\n"
			      "See prmctl(8) and prmctl-COMMAND(8).");
	return (char *)text;
}

static const struct argp_child top_children[] = {
	{ &prm_global_argp, 0, NULL, 0 },
	{ 0 }
};

static const struct argp top_argp = {
	top_options, top_parse, "COMMAND [VERB] [ARG...]",
	"prmctl -- diagnose NVIDIA/Mellanox ConnectX (mlx5) adapters\v",
	top_children, top_help_filter, NULL
};

/* ---- level 2: a command with verbs ---- */

static const struct prm_cmd *cur_cmd;

struct group_state {
	int verb_index;
};

static error_t group_parse(int key, char *arg, struct argp_state *state)
{
	struct group_state *g = state->input;

	(void)arg;
	if (key != ARGP_KEY_ARG)
		return ARGP_ERR_UNKNOWN;
	g->verb_index = state->next - 1;
	state->next = state->argc;
	return 0;
}

/*
 * The verbs are what a user came to --help for: they go right under the
 * summary, before the global options every command shares.
 */
static char *group_help_filter(int key, const char *text, void *input)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f;

	(void)input;
	if (!cur_cmd || (key != ARGP_KEY_HELP_PRE_DOC && key != ARGP_KEY_HELP_POST_DOC))
		return (char *)text;
	f = open_memstream(&buf, &len);
	if (!f)
		return NULL;
	if (key == ARGP_KEY_HELP_PRE_DOC) {
		fprintf(f, "%s\n\nVerbs:\n", text ? text : "");
		for (size_t i = 0; i < cur_cmd->nverbs; i++)
			help_item(f, cur_cmd->verbs[i].name, cur_cmd->verbs[i].summary);
	} else {
		/* a group inside a command ("devlink region") is in its command's page */
		fprintf(f, "See 'prmctl %s VERB --help' and prmctl-%.*s(8).", cur_cmd->name,
			(int)strcspn(cur_cmd->name, " "), cur_cmd->name);
	}
	fclose(f);
	return buf;
}

static struct argp group_argp = { NULL, group_parse, "VERB [ARG...]", NULL,
				  prm_global_children, group_help_filter, NULL };

/* ---- dispatch ---- */

static char *join_name(const char *a, const char *b)
{
	char *s = NULL;

	if (asprintf(&s, "%s %s", a, b) < 0)
		return NULL;
	return s;
}

/* Commands are an array of pointers; matching needs their names in a row. */
static const char *cmd_names[64];

static int find_command(const char *word, const struct prm_cmd **out)
{
	struct match_set s = { cmd_names, ncommands(), sizeof(cmd_names[0]) };
	size_t idx;
	int rc = cmd_match(&s, word, "command", "", "prmctl --help", &idx);

	if (rc == 0)
		*out = prm_commands[idx];
	return rc;
}

static int find_verb(const struct prm_cmd *c, const char *word,
		     const struct prm_verb **out)
{
	struct match_set s = { c->verbs, c->nverbs, sizeof(c->verbs[0]) };
	char ctx[64], hint[96];
	size_t idx;
	int rc;

	snprintf(ctx, sizeof(ctx), "%s: ", c->name);
	snprintf(hint, sizeof(hint), "prmctl %s --help", c->name);
	rc = cmd_match(&s, word, "verb", ctx, hint, &idx);
	if (rc == 0)
		*out = &c->verbs[idx];
	return rc;
}

/* Parse, judge, open, gate, check --write, run, close, clean up: the same for every verb. */
static int exec_verb(const struct prm_cmd *group, const struct prm_verb *v, const char *what,
		     int argc, char **argv)
{
	struct cmd_run r = { .what = what };
	int rc;

	if (v->opts_size && !(r.opts = calloc(1, v->opts_size)))
		return EXIT_FAIL;
	rc = cmd_check_options(v->argp, group, v, what, argc, argv);
	if (!rc)
		rc = cmd_parse(v->argp, argc, argv, r.opts);
	if (!rc && !G.help_shown && v->check)
		rc = v->check(&r);
	if (!rc && !G.help_shown && !(v->flags & CMD_OWN_DEVICES) &&
	    ((v->flags & CMD_NEEDS_DEVICE) || ((v->flags & CMD_MAY_USE_DEVICE) && G.device)))
		rc = cmd_open_device(v->flags & CMD_NEEDS_BAR, &r.dev);
	if (!rc && !G.help_shown && r.dev && v->gate)
		rc = v->gate(&r);
	if (!rc && !G.help_shown && r.dev && (v->flags & CMD_WRITES))
		rc = cmd_require_write(&r);
	if (!rc && !G.help_shown)
		rc = v->exec(&r);
	cmd_close_now(&r);
	if (v->cleanup)
		v->cleanup(&r);
	/* the register database's tables are used up to the verb's last line of output */
	cmd_adb_drop();
	free(r.opts);
	return rc;
}

static int cmd_run_subgroup(const struct prm_cmd *c, int argc, char **argv);

static int run_verb(const struct prm_cmd *c, const struct prm_verb *v, int argc,
		    char **argv)
{
	char *name = join_name("prmctl", c->name), *full;
	int rc;

	full = name ? join_name(name, v->name) : NULL;
	free(name);
	if (!full)
		return EXIT_FAIL;
	argv[0] = full;
	rc = v->group ? cmd_run_subgroup(v->group, argc, argv)
	     : exec_verb(c, v, full + strlen("prmctl "), argc, argv);
	free(full);
	return rc;
}

static int run_group(const struct prm_cmd *c, int argc, char **argv)
{
	struct group_state g = { 0 };
	const struct prm_verb *v = NULL;
	int rc;

	cur_cmd = c;
	group_argp.doc = c->summary;
	rc = cmd_check_options(&group_argp, c, NULL, c->name, argc, argv);
	if (!rc)
		rc = cmd_parse(&group_argp, argc, argv, &g);
	if (rc || G.help_shown)
		return rc;
	if (!g.verb_index) {
		if (!c->default_verb)
			return cmd_usage("%s: which verb? (see 'prmctl %s --help')",
					 c->name, c->name);
		rc = find_verb(c, c->default_verb, &v);
		if (rc)
			return rc;
		return run_verb(c, v, argc, argv);
	}
	rc = find_verb(c, argv[g.verb_index], &v);
	if (rc)
		return rc;
	return run_verb(c, v, argc - g.verb_index, argv + g.verb_index);
}

/* A command without verbs is run as its one verb. */
static int exec_command(const struct prm_cmd *c, int argc, char **argv)
{
	const struct prm_verb v = { .name = c->name, .summary = c->summary, .argp = c->argp,
				    .flags = c->flags, .exec = c->exec, .opts_size = c->opts_size,
				    .check = c->check, .cleanup = c->cleanup };

	return exec_verb(NULL, &v, c->name, argc, argv);
}

static int run_command(const struct prm_cmd *c, int argc, char **argv)
{
	char *name = join_name("prmctl", c->name);
	int rc;

	if (!name)
		return EXIT_FAIL;
	argv[0] = name;
	rc = c->verbs ? run_group(c, argc, argv) : exec_command(c, argc, argv);
	free(name);
	return rc;
}

/*
 * A verb that is itself a group of verbs ("devlink region list"): c's name
 * is the whole path ("devlink region"); argv[0] is the verb's.
 */
static int cmd_run_subgroup(const struct prm_cmd *c, int argc, char **argv)
{
	const struct prm_cmd *was = cur_cmd;
	int rc = run_command(c, argc, argv);

	cur_cmd = was;
	return rc;
}

/* `prmctl help [COMMAND [VERB...]]`: a sub-group's verb too (help devlink region snapshot) */
static int help(int argc, char **argv)
{
	const struct prm_cmd *c;
	char *args[8];
	int n = 0, rc;

	if (argc < 2) {
		argp_help(&top_argp, stdout, ARGP_HELP_STD_HELP, (char *)"prmctl");
		return EXIT_OK;
	}
	rc = find_command(argv[1], &c);
	if (rc)
		return rc;
	for (int i = 1; i < argc && n < 6; i++)
		args[n++] = argv[i];
	args[n++] = (char *)"--help";
	args[n] = NULL;
	return run_command(c, n, args);
}

/* Usage errors found before parsing must already be JSON when asked. */
static bool wants_json(int argc, char **argv)
{
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--") == 0)
			break;
		if (strcmp(argv[i], "--json") == 0)
			return true;
		if (argv[i][0] == '-' && argv[i][1] != '-' &&
		    strspn(argv[i] + 1, "jpvqVh") == strlen(argv[i] + 1) &&
		    strchr(argv[i], 'j'))
			return true;
	}
	return false;
}

int main(int argc, char **argv)
{
	struct top_state t = { 0 };
	struct out_opts o = { 0 };
	const struct prm_cmd *c;
	int rc;

	for (size_t i = 0; prm_commands[i] && i < 63; i++)
		cmd_names[i] = prm_commands[i]->name;
	argp_err_exit_status = EXIT_USAGE;
	G.json = wants_json(argc, argv);
	o.mode = G.json ? OUT_JSON : OUT_TEXT;
	o.prog = "prmctl";
	out_init(&o);
	argv[0] = (char *)"prmctl";
	rc = cmd_check_options(&top_argp, NULL, NULL, "", argc, argv);
	if (!rc)
		rc = cmd_parse(&top_argp, argc, argv, &t);
	if (rc || G.help_shown)
		return rc;
	if (t.dump)
		return dump_commands(prm_commands, &prm_global_argp);
	if (t.complete)
		return complete_words(t.complete);
	if (!t.cmd_index) {
		argp_help(&top_argp, stderr, ARGP_HELP_STD_HELP, (char *)"prmctl");
		return cmd_usage("no command given");
	}
	if (strcmp(argv[t.cmd_index], "help") == 0)
		return help(argc - t.cmd_index, argv + t.cmd_index);
	rc = find_command(argv[t.cmd_index], &c);
	if (rc)
		return rc;
	return run_command(c, argc - t.cmd_index, argv + t.cmd_index);
}
