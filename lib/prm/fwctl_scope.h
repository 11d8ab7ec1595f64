/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_PRM_FWCTL_SCOPE_H
#define PRMCTL_PRM_FWCTL_SCOPE_H

/*
 * Which mlx5 commands the kernel's fwctl driver lets through, and at which
 * scope: a table copy of mlx5ctl_validate_rpc() (drivers/fwctl/mlx5/main.c).
 * Pure: no I/O. Lets prmctl say in advance, or after an EBADMSG, why the
 * kernel refused a command and what would be accepted instead.
 */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/*
 * The scopes (include/uapi/fwctl/fwctl.h, at the commit lib/dev/fwctl_uapi.h
 * names) are the one piece of the fwctl uAPI these rules need, so they are
 * defined here and lib/dev/fwctl_uapi.h takes them from here: lib/prm may
 * not include lib/dev, and the ioctl structures belong with the code that
 * issues them. A kernel <fwctl/fwctl.h> included first brings the same enum
 * and wins; fwctl_uapi.h asserts the values either way.
 */
#ifndef _UAPI_FWCTL_H
enum fwctl_rpc_scope {
	FWCTL_RPC_CONFIGURATION = 0,	/* no check, no taint */
	FWCTL_RPC_DEBUG_READ_ONLY = 1,	/* no check, no taint */
	FWCTL_RPC_DEBUG_WRITE = 2,	/* taints the kernel */
	FWCTL_RPC_DEBUG_WRITE_FULL = 3,	/* CAP_SYS_RAWIO, taints */
};
#endif

enum fwctl_verdict {
	FWCTL_ALLOWED = 0,	/* the kernel passes it at this scope */
	FWCTL_NEEDS_SCOPE,	/* refused at this scope; min_scope would pass */
	FWCTL_NEVER,		/* refused at every scope (not on the list) */
	FWCTL_BAD_SCOPE,	/* not a scope the kernel knows (EOPNOTSUPP) */
};

struct fwctl_scope_check {
	enum fwctl_verdict verdict;
	enum fwctl_rpc_scope min_scope;	/* meaningful unless FWCTL_NEVER */
	bool changes_state;	/* a register write or a SET/MODIFY command */
	bool newer_kernels;	/* listed after the first mainline version */
	const char *kname;	/* the kernel's name for the opcode, or NULL */
};

/*
 * The kernel's answer for this opcode and op_mod at this scope. chk may be
 * NULL. op_mod only matters for ACCESS_REG and ACCESS_REGISTER_USER, where
 * 0 is a write (any scope) and anything else a read (debug-read-only+).
 */
enum fwctl_verdict fwctl_scope_allows(uint16_t opcode, uint16_t op_mod,
				      enum fwctl_rpc_scope scope,
				      struct fwctl_scope_check *chk);

/* "configuration", "debug-read-only", "debug-write", "debug-write-full"; NULL if unknown. */
const char *fwctl_scope_name(enum fwctl_rpc_scope scope);

/* Accepts the names above, with '_' for '-', any case, or 0..3. Returns 0 or -1. */
int fwctl_scope_parse(const char *s, enum fwctl_rpc_scope *scope);

/* Scopes 2 and 3 taint the kernel on first use (TAINT_FWCTL). */
bool fwctl_scope_taints(enum fwctl_rpc_scope scope);

/* Scope 3 needs CAP_SYS_RAWIO (EPERM otherwise). */
bool fwctl_scope_needs_rawio(enum fwctl_rpc_scope scope);

/*
 * A name for an opcode: prmctl's PRM name (prm_cmd_opcode_names) when it
 * has one, else the kernel's name from the allowlist, else NULL.
 */
const char *fwctl_opcode_name(uint16_t opcode);

/* "QUERY_HCA_CAP (0x100)", "ACCESS_REG (0x805) write", "opcode 0x777". */
void fwctl_opcode_describe(uint16_t opcode, uint16_t op_mod, char *buf, size_t sz);

/*
 * One sentence on what the kernel would do, e.g. "QUERY_DCT (0x713) needs
 * scope debug-read-only or higher (asked: configuration)". Returns the
 * verdict; buf always ends up NUL-terminated (when sz > 0).
 */
enum fwctl_verdict fwctl_scope_explain(uint16_t opcode, uint16_t op_mod,
				       enum fwctl_rpc_scope scope, char *buf, size_t sz);

/* The rules, for tests and listings: opcode ascending, each once. */
struct fwctl_scope_rule {
	uint16_t opcode;
	uint8_t min_scope;	/* enum fwctl_rpc_scope */
	uint8_t flags;		/* FWCTL_RULE_* */
	const char *kname;
};

#define FWCTL_RULE_WRITES	0x1	/* changes device state */
#define FWCTL_RULE_LATER	0x2	/* not in the first mainline version */
#define FWCTL_RULE_REG		0x4	/* op_mod 0 = write (any scope), else read */

const struct fwctl_scope_rule *fwctl_scope_rules(size_t *n);

#endif
