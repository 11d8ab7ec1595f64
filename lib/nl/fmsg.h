/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_NL_FMSG_H
#define PRMCTL_NL_FMSG_H

/*
 * A devlink health message stream (fmsg: what diagnose and dump return) as
 * a tree. The kernel sends it flat, as the members of DEVLINK_ATTR_FMSG
 * nests spread over as many messages as it takes: OBJ/PAIR/ARR_NEST_START,
 * NEST_END, OBJ_NAME, OBJ_VALUE_TYPE then OBJ_VALUE_DATA. A pair names its
 * value (a value, an object or an array) inside the enclosing object.
 *
 * Binary values (crdump_data, dummy's binary) are cut by the kernel into
 * pieces of at most DEVLINK_FMSG_MAX_SIZE inside an array; the pieces of
 * one array are joined here into one value, as iproute2 prints them.
 *
 * Pure: bytes in, a tree out. Every bound (depth, nodes, bytes) is an
 * error naming the item, never a crash.
 */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "lib/util/err.h"

enum fmsg_kind { FMSG_OBJ, FMSG_ARR, FMSG_VAL };

/* Value types: the kernel's NLA_* numbers (libmnl MNL_TYPE_* alike). */
enum {
	FMSG_U8 = 1, FMSG_U32 = 3, FMSG_U64 = 4, FMSG_BOOL = 6,
	FMSG_STR = 10, FMSG_BIN = 11,
};

struct fmsg_node {
	enum fmsg_kind kind;
	char *name;			/* the pair's name; NULL in arrays and for the root */
	uint8_t type;			/* FMSG_VAL: FMSG_U8 ... FMSG_BIN */
	uint64_t u;			/* U8, U32, U64, BOOL */
	char *str;			/* STR */
	uint8_t *bin;			/* BIN (joined pieces) */
	size_t len;			/* BIN bytes */
	struct fmsg_node *child, *last, *next, *parent;
};

#define FMSG_MAX_DEPTH 64
#define FMSG_MAX_NODES (1u << 20)
#define FMSG_MAX_BYTES ((size_t)512 << 20)	/* a whole CR space fits */

struct fmsg {
	struct fmsg_node *root;		/* the outermost object, once it started */
	/* the builder */
	struct fmsg_node *cur;		/* the open object or array */
	struct {
		uint8_t attr;		/* DEVLINK_ATTR_FMSG_*_NEST_START */
		uint8_t pair;		/* a pair: 0 wants its name, 1 its value, 2 done */
	} stack[FMSG_MAX_DEPTH];
	unsigned depth;
	char *name;			/* the open pair's name */
	int type;			/* the value type announced, -1 none */
	bool closed;			/* the root ended */
	size_t nodes, bytes, items;
	/*
	 * Nest ends with nothing open that were read as "the outermost object
	 * goes on" (netdevsim in Linux 6.1 ends an array pair it never began,
	 * closing the root early: iproute2 stops there and loses the rest).
	 */
	unsigned repairs;
	size_t repaired_at;		/* the first one's item index */
};

void fmsg_init(struct fmsg *f);
/*
 * The payload of one DEVLINK_ATTR_FMSG attribute (its nested members).
 * Errors are PRM_E_FAILED with the item's index in the stream.
 */
int fmsg_feed(struct fmsg *f, const void *payload, size_t len, struct prm_err *err);
/* The stream is over: every nest must be closed. */
int fmsg_finish(struct fmsg *f, struct prm_err *err);
void fmsg_free(struct fmsg *f);

/* The member of obj named name (the first), or NULL. */
const struct fmsg_node *fmsg_get(const struct fmsg_node *obj, const char *name);
/* A number member (U8/U32/U64/BOOL); false when absent or not a number. */
bool fmsg_get_u64(const struct fmsg_node *obj, const char *name, uint64_t *v);
/* How many elements an array or members an object has. */
size_t fmsg_count(const struct fmsg_node *n);

#endif
