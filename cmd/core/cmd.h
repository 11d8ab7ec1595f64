/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_CMD_H
#define PRMCTL_CMD_H

#include <argp.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "lib/util/err.h"
#include "lib/util/match.h"

/* Exit statuses (prmctl(8) EXIT STATUS); same numbers as enum prm_err_kind. */
enum {
	EXIT_OK = 0,
	EXIT_FAIL = 1,
	EXIT_USAGE = 2,
	EXIT_NODEV = 3,
	EXIT_CHECK = 4,
	EXIT_TIMEOUT = 5,
};

/* Global options, accepted before and after the command. */
struct prm_globals {
	const char *device;	/* -d: the first one */
	const char *devices[64];	/* -d repeated (health watch) */
	int ndevices;
	bool json, pretty, quiet, write;
	int verbose;
	const char *access;
	const char *model;	/* --model: for -d sim */
	char *inject;		/* --inject: faults for -d sim, ';'-joined */
	const char *adb;	/* --adb: NVIDIA's register database file */
	unsigned timeout_ms;	/* --timeout: bound per device command, 0: the firmware's */
	bool help_shown;	/* -h/--help or -V printed: stop, exit 0 */
	FILE *parse_err;	/* while cmd_parse runs: where argp's messages go first */
};

extern struct prm_globals G;

/* Flags of a command or verb. */
enum {
	CMD_NEEDS_DEVICE = 1 << 0,	/* takes -d; exec() gets it open */
	CMD_WRITES = 1 << 1,		/* changes device state: needs --write on hardware */
	CMD_NEEDS_BAR = 1 << 2,		/* refuse a device whose BAR0 is unreachable */
	CMD_OWN_DEVICES = 1 << 3,	/* takes -d but opens its devices itself (several) */
	CMD_MAY_USE_DEVICE = 1 << 4,	/* -d optional: opened for exec() only when given */
};

struct dev;

/*
 * What the framework hands a verb's exec(): its options parsed (opts_size
 * bytes, zeroed, then filled by its argp parser, which sets defaults on
 * ARGP_KEY_INIT), its device open when the verb has CMD_NEEDS_DEVICE and
 * checked against --write when it has CMD_WRITES. The framework closes the
 * device after exec() returns (the command queue torn down, a failure there
 * a warning, unless exec() set quiet_close).
 */
struct cmd_run {
	const char *what;	/* "initseg dump": the verb's path, for messages */
	void *opts;
	struct dev *dev;
	bool quiet_close;	/* a teardown that fails is no news: exec() said what failed */
};

/*
 * A verb of a command group: exec() with the options and device the
 * framework prepared; check(), when given, judges the options before any
 * device is opened (a usage error's exit status, or 0), and may keep in
 * them what it prepared (a buffer, an input read), which cleanup() frees
 * once the device is closed, whether exec() ran or not. gate(), when given,
 * judges the open device before --write is asked: a device the verb can
 * never work on (a tracer the kernel holds) is refused as such, not sent
 * back for a --write that would not help. argv[0] names the verb ("prmctl
 * device list").
 *
 * A verb that is itself a group of verbs ("devlink region") names it in
 * group; the framework runs that group with the rest of the arguments.
 */
struct prm_cmd;

struct prm_verb {
	const char *name;
	const char *summary;
	const struct argp *argp;
	unsigned flags;
	int (*exec)(struct cmd_run *r);
	size_t opts_size;
	int (*check)(struct cmd_run *r);
	void (*cleanup)(struct cmd_run *r);
	int (*gate)(struct cmd_run *r);
	const struct prm_cmd *group;
};

/* The verb refuses on hardware without --write (for verbs that write only sometimes). */
int cmd_require_write(struct cmd_run *r);

/*
 * Close the device now rather than after exec() returns: for verbs whose
 * teardown warning belongs before their output document ends.
 */
void cmd_close_now(struct cmd_run *r);

/*
 * A command group: either verbs, or, for a command without verbs, exec()
 * (as a verb's, with its argp, flags, opts_size, check and cleanup).
 * Each group lives in its own cmd/<name>.c.
 */
struct prm_cmd {
	const char *name;
	const char *summary;
	const struct prm_verb *verbs;
	size_t nverbs;
	const char *default_verb;	/* run when no verb is given, or NULL */
	const struct argp *argp;	/* commands without verbs */
	unsigned flags;
	int (*exec)(struct cmd_run *r);
	size_t opts_size;
	int (*check)(struct cmd_run *r);
	void (*cleanup)(struct cmd_run *r);
};

extern const struct prm_cmd *const prm_commands[];	/* NULL-terminated */

/* The global options as an argp child, for every command's argp. */
extern const struct argp_child prm_global_children[];
extern const struct argp prm_global_argp;

/*
 * Parse a command's argv with its argp (globals accepted too). Returns 0, or
 * an exit status: EXIT_USAGE on bad options, EXIT_OK with G.help_shown set
 * after --help.
 */
int cmd_parse(const struct argp *argp, int argc, char **argv, void *input);

/* argp parser for verbs that take no positional arguments. */
error_t cmd_no_args(int key, char *arg, struct argp_state *state);

/*
 * NVIDIA's register database (--adb, PRMCTL_ADB, or mstflint's), read at
 * most once, when a command first needs a name the built-in tables lack.
 * NULL when it cannot be read; cmd_adb_error() says why. The framework
 * frees it (cmd_adb_drop()) once a verb is done.
 */
struct prm_adb;
const struct prm_adb *cmd_adb(void);
const struct prm_err *cmd_adb_error(void);
void cmd_adb_drop(void);

/* Report an error through the emitter and return its exit status. */
int cmd_fail(const struct prm_err *err);
int cmd_usage(const char *fmt, ...) __attribute__((format(printf, 1, 2)));


/*
 * Find word among names (exact, else unique prefix). Unknown and ambiguous
 * words are reported as usage errors ("<ctx>unknown <what> 'x'; did you
 * mean 'y'? (see '<hint>')") and their exit status returned.
 */
int cmd_match(const struct match_set *s, const char *word, const char *what,
	      const char *ctx, const char *hint, size_t *idx);

/*
 * Before argp: a long option that neither argp nor its children know, when
 * another verb of group has it ("did you mean 'health watch --interval'?") or
 * a known one is close, is a usage error saying so. self: the verb parsed
 * (NULL for the group's own options, which end at the verb). Else 0.
 */
int cmd_check_options(const struct argp *a, const struct prm_cmd *group,
		      const struct prm_verb *self, const char *ctx, int argc, char **argv);

/* An option's number, 1 to max; else argp_error "OPT 'ARG': WHAT" and EINVAL. */
error_t cmd_opt_count(struct argp_state *state, const char *opt, const char *arg, uint64_t max,
		      const char *what, uint64_t *v);

/*
 * A duration option (prmctl(8) CONVENTIONS, Durations): a plain number in
 * the option's unit, or with ns, us, ms, s, m, h ("10", "1.5s", "500ms",
 * "2m", "1h"), whole milliseconds from min_ms to max_ms; else argp_error
 * naming the option, the forms and the range with its unit, and EINVAL.
 */
/* What every duration option's help says of its argument (prmctl(8) CONVENTIONS). */
#define CMD_DURATION_S "seconds, or 500ms, 1.5s, 2m, 1h"
#define CMD_DURATION_MS "milliseconds, or 500ms, 1.5s, 2m, 1h"

struct cmd_duration {
	const char *opt;	/* "--interval" */
	bool in_ms;		/* a plain number counts milliseconds, not seconds */
	uint64_t min_ms, max_ms;
};
error_t cmd_opt_duration_in(struct argp_state *state, const struct cmd_duration *d,
			    const char *arg, uint64_t *ms);
/* Seconds by default, 1 ms to a year. */
error_t cmd_opt_duration(struct argp_state *state, const char *opt, const char *arg,
			 uint64_t *ms);

/*
 * Output paths an option names, judged before any device work
 * (lib/util/outpath.h): 0, or exit 2 with "OPT PATH: why" reported.
 */
int cmd_out_file(const char *opt, const char *path);
/* A file the verb creates: one that exists needs force (a device or a pipe is written into). */
int cmd_out_new(const char *what, const char *opt, const char *path, bool force);
int cmd_out_dir(const char *opt, const char *dir);

/* A number as users type it: decimal or 0x hex, at most max. -1 if not. */
int cmd_number(const char *s, uint64_t max, uint64_t *v);

/*
 * SIGINT and SIGTERM, one mechanism for every verb: the waits in lib/dev
 * unwind (dev_interrupted()) and long-running verbs (watches, captures,
 * sampling) end cleanly: after cmd_catch_stop(), cmd_stop_requested() says
 * one came. Opening a device installs it too.
 */
void cmd_catch_stop(void);
bool cmd_stop_requested(void);

/* For a simulator service process: every SIGINT/SIGTERM calls stop(), which must be async-signal-safe. */
void cmd_catch_stop_service(void (*stop)(void));

/* Finish the output document; a failed write is exit 1. */
int cmd_done(int status);

/* Every command group. */
extern const struct prm_cmd cmd_device;
extern const struct prm_cmd cmd_decode;
extern const struct prm_cmd cmd_initseg;
extern const struct prm_cmd cmd_cr;
extern const struct prm_cmd cmd_reg;
extern const struct prm_cmd cmd_sim;
extern const struct prm_cmd cmd_cmd;
extern const struct prm_cmd cmd_caps;
extern const struct prm_cmd cmd_collect;
extern const struct prm_cmd cmd_probe;
extern const struct prm_cmd cmd_health;
extern const struct prm_cmd cmd_trace;
extern const struct prm_cmd cmd_atomic;
extern const struct prm_cmd cmd_esw;
extern const struct prm_cmd cmd_dct;
extern const struct prm_cmd cmd_qp;
extern const struct prm_cmd cmd_nvmf;
extern const struct prm_cmd cmd_devlink;

#endif
