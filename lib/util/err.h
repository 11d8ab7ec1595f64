/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_UTIL_ERR_H
#define PRMCTL_UTIL_ERR_H

/*
 * The library never prints or exits: a failing call fills a struct prm_err
 * and returns a negative value. cmd/ turns the kind into an exit code, so the
 * kinds mirror the documented exit statuses one to one.
 */
enum prm_err_kind {
	PRM_E_OK = 0,
	PRM_E_FAILED = 1,	/* the operation failed (device or command error) */
	PRM_E_USAGE = 2,	/* bad arguments, bad input given by the user */
	PRM_E_NODEV = 3,	/* device not found, not accessible, not permitted */
	PRM_E_CHECK = 4,	/* a check found a problem */
	PRM_E_TIMEOUT = 5,	/* a bounded wait ran out */
};

/*
 * What the failure is about, as values a script can test without parsing the
 * message (a command's status and syndrome, a register's id): the one error
 * emitter prints them as members of the error object. Strings are static
 * (names from tables).
 */
struct prm_err_field {
	const char *key;
	const char *str;	/* NULL: num is the value */
	unsigned long long num;
};

#define PRM_ERR_MAX_FIELDS 10

struct prm_err {
	enum prm_err_kind kind;
	int sys_errno;		/* errno behind the failure, 0 if none */
	const char *reason;	/* short machine-readable reason ("not_found", ...) */
	char msg[512];
	unsigned nfields;
	struct prm_err_field fields[PRM_ERR_MAX_FIELDS];
};

/* Always returns -1 so callers can write: return prm_err_set(...). */
int prm_err_set(struct prm_err *e, enum prm_err_kind kind, int sys_errno,
		const char *reason, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));

/* Prefix an existing message with context ("file.bin: " + msg). */
int prm_err_prefix(struct prm_err *e, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

void prm_err_clear(struct prm_err *e);

/*
 * Add a field (prm_err_set drops those of an earlier error); a key already
 * there keeps its first value, so the innermost layer, which knows best, wins.
 * Fields past PRM_ERR_MAX_FIELDS are dropped: the message still says it all.
 */
void prm_err_num(struct prm_err *e, const char *key, unsigned long long v);
void prm_err_str(struct prm_err *e, const char *key, const char *s);

const char *prm_err_kind_name(enum prm_err_kind kind);

#endif
