// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* The fmsg stream rebuilt as a tree (see fmsg.h; net/devlink devlink_fmsg_prepare_skb). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <libmnl/libmnl.h>
#include <linux/devlink.h>

#include "lib/nl/fmsg.h"

void fmsg_init(struct fmsg *f)
{
	memset(f, 0, sizeof(*f));
	f->type = -1;
}

static void node_free(struct fmsg_node *n)
{
	while (n) {
		struct fmsg_node *next = n->next;

		node_free(n->child);
		free(n->name);
		free(n->str);
		free(n->bin);
		free(n);
		n = next;
	}
}

void fmsg_free(struct fmsg *f)
{
	node_free(f->root);
	free(f->name);
	fmsg_init(f);
}

static int bad(struct fmsg *f, struct prm_err *err, const char *what)
{
	return prm_err_set(err, PRM_E_FAILED, EPROTO, "bad_fmsg",
			   "health message item %zu: %s", f->items, what);
}

/* A new node in the open object or array; a pair's name goes with it. */
static struct fmsg_node *add(struct fmsg *f, enum fmsg_kind kind, struct prm_err *err)
{
	struct fmsg_node *n;

	if (++f->nodes > FMSG_MAX_NODES) {
		bad(f, err, "more than 1048576 members");
		return NULL;
	}
	n = calloc(1, sizeof(*n));
	if (!n) {
		prm_err_set(err, PRM_E_FAILED, ENOMEM, "oom", "out of memory");
		return NULL;
	}
	n->kind = kind;
	if (!f->root) {
		f->root = n;
		return n;
	}
	n->name = f->name;	/* NULL in an array */
	f->name = NULL;
	n->parent = f->cur;
	if (f->cur->last)
		f->cur->last->next = n;
	else
		f->cur->child = n;
	f->cur->last = n;
	return n;
}

/* Where a value or nest may start now: 0 yes, else the reason. */
static const char *value_place(const struct fmsg *f)
{
	if (f->closed)
		return "data after the end of the message";
	if (f->depth == 0)
		return f->root ? "data after the end of the message" : NULL;
	switch (f->stack[f->depth - 1].attr) {
	case DEVLINK_ATTR_FMSG_ARR_NEST_START:
		return NULL;
	case DEVLINK_ATTR_FMSG_PAIR_NEST_START:
		if (f->stack[f->depth - 1].pair == 0)
			return "a pair's value before its name";
		if (f->stack[f->depth - 1].pair == 2)
			return "a second value in one pair";
		return NULL;
	default:
		return "a value in an object outside a pair";
	}
}

static void pair_filled(struct fmsg *f)
{
	if (f->depth && f->stack[f->depth - 1].attr == DEVLINK_ATTR_FMSG_PAIR_NEST_START)
		f->stack[f->depth - 1].pair = 2;
}

static int nest_start(struct fmsg *f, uint16_t attr, struct prm_err *err)
{
	const char *why;
	struct fmsg_node *n;

	if (f->depth == FMSG_MAX_DEPTH)
		return bad(f, err, "nested deeper than 64");
	if (f->type != -1)
		return bad(f, err, "a value type followed by a nest, not its value");
	if (attr == DEVLINK_ATTR_FMSG_PAIR_NEST_START) {
		if (!f->depth || f->stack[f->depth - 1].attr != DEVLINK_ATTR_FMSG_OBJ_NEST_START)
			return bad(f, err, "a pair outside an object");
	} else {
		why = value_place(f);
		if (why)
			return bad(f, err, why);
		if (f->depth == 0 && attr != DEVLINK_ATTR_FMSG_OBJ_NEST_START)
			return bad(f, err, "the message does not start with an object");
		n = add(f, attr == DEVLINK_ATTR_FMSG_OBJ_NEST_START ? FMSG_OBJ : FMSG_ARR, err);
		if (!n)
			return -1;
		pair_filled(f);
		f->cur = n;
	}
	f->stack[f->depth].attr = (uint8_t)attr;
	f->stack[f->depth].pair = 0;
	f->depth++;
	return 0;
}

static int nest_end(struct fmsg *f, struct prm_err *err)
{
	if (f->type != -1)
		return bad(f, err, "a value type followed by a nest end, not its value");
	if (!f->depth && f->closed && f->root->kind == FMSG_OBJ) {
		/* the root was closed one end too early: it goes on */
		if (!f->repairs++)
			f->repaired_at = f->items;
		f->closed = false;
		f->cur = f->root;
		f->stack[0].attr = DEVLINK_ATTR_FMSG_OBJ_NEST_START;
		f->depth = 1;
		return 0;
	}
	if (!f->depth)
		return bad(f, err, "a nest end without a start");
	f->depth--;
	if (f->stack[f->depth].attr == DEVLINK_ATTR_FMSG_PAIR_NEST_START) {
		if (f->stack[f->depth].pair != 2)
			return bad(f, err, "a pair without a value");
		return 0;
	}
	if (f->cur == f->root && f->depth == 0)
		f->closed = true;
	else
		f->cur = f->cur->parent;
	return 0;
}

static int set_name(struct fmsg *f, const struct nlattr *a, struct prm_err *err)
{
	if (!f->depth || f->stack[f->depth - 1].attr != DEVLINK_ATTR_FMSG_PAIR_NEST_START ||
	    f->stack[f->depth - 1].pair != 0)
		return bad(f, err, "a name outside a pair, or a pair's second name");
	if (mnl_attr_validate(a, MNL_TYPE_NUL_STRING) < 0)
		return bad(f, err, "a name that is not a terminated string");
	f->bytes += mnl_attr_get_payload_len(a);
	if (f->bytes > FMSG_MAX_BYTES)
		return bad(f, err, "more than 512 MiB");
	f->name = strdup(mnl_attr_get_str(a));
	if (!f->name)
		return prm_err_set(err, PRM_E_FAILED, ENOMEM, "oom", "out of memory");
	f->stack[f->depth - 1].pair = 1;
	return 0;
}

/* Binary pieces of one array become one value. */
static int join_bin(struct fmsg *f, const void *p, size_t len, struct prm_err *err)
{
	struct fmsg_node *n = f->cur->last;
	uint8_t *b = realloc(n->bin, n->len + len + 1);

	if (!b)
		return prm_err_set(err, PRM_E_FAILED, ENOMEM, "oom", "out of memory");
	memcpy(b + n->len, p, len);
	n->bin = b;
	n->len += len;
	return 0;
}

static int value(struct fmsg *f, const struct nlattr *a, struct prm_err *err)
{
	size_t len = mnl_attr_get_payload_len(a);
	const void *p = mnl_attr_get_payload(a);
	const char *why = value_place(f);
	struct fmsg_node *n;
	size_t want = 0;

	if (why)
		return bad(f, err, why);
	if (f->depth == 0)
		return bad(f, err, "a value before the first object");
	switch (f->type) {
	case FMSG_U8: case FMSG_BOOL: want = 1; break;
	case FMSG_U32: want = 4; break;
	case FMSG_U64: want = 8; break;
	case FMSG_STR:
		if (mnl_attr_validate(a, MNL_TYPE_NUL_STRING) < 0)
			return bad(f, err, "a string value that is not terminated");
		break;
	case FMSG_BIN: break;
	case -1: return bad(f, err, "a value without its type");
	default: return bad(f, err, "a value of an unknown type");
	}
	if (want && len != want)
		return bad(f, err, "a number value of the wrong size");
	f->bytes += len;
	if (f->bytes > FMSG_MAX_BYTES)
		return bad(f, err, "more than 512 MiB");
	if (f->type == FMSG_BIN && f->stack[f->depth - 1].attr == DEVLINK_ATTR_FMSG_ARR_NEST_START &&
	    f->cur->last && f->cur->last->kind == FMSG_VAL && f->cur->last->type == FMSG_BIN) {
		f->type = -1;
		return join_bin(f, p, len, err);
	}
	n = add(f, FMSG_VAL, err);
	if (!n)
		return -1;
	n->type = (uint8_t)f->type;
	f->type = -1;
	pair_filled(f);
	switch (n->type) {
	case FMSG_U8: case FMSG_BOOL: n->u = *(const uint8_t *)p; break;
	case FMSG_U32: n->u = mnl_attr_get_u32(a); break;
	case FMSG_U64: n->u = mnl_attr_get_u64(a); break;
	case FMSG_STR:
		n->str = strdup(p);
		if (!n->str)
			return prm_err_set(err, PRM_E_FAILED, ENOMEM, "oom", "out of memory");
		break;
	default:
		n->bin = malloc(len + 1);
		if (!n->bin)
			return prm_err_set(err, PRM_E_FAILED, ENOMEM, "oom", "out of memory");
		memcpy(n->bin, p, len);
		n->len = len;
	}
	return 0;
}

int fmsg_feed(struct fmsg *f, const void *payload, size_t len, struct prm_err *err)
{
	const struct nlattr *attr;
	int rc = 0;

	mnl_attr_for_each_payload(payload, len) {
		f->items++;
		switch (mnl_attr_get_type(attr)) {
		case DEVLINK_ATTR_FMSG_OBJ_NEST_START:
		case DEVLINK_ATTR_FMSG_PAIR_NEST_START:
		case DEVLINK_ATTR_FMSG_ARR_NEST_START:
			rc = nest_start(f, mnl_attr_get_type(attr), err);
			break;
		case DEVLINK_ATTR_FMSG_NEST_END:
			rc = nest_end(f, err);
			break;
		case DEVLINK_ATTR_FMSG_OBJ_NAME:
			rc = set_name(f, attr, err);
			break;
		case DEVLINK_ATTR_FMSG_OBJ_VALUE_TYPE:
			/* a message may end after a type whose value did not fit:
			 * the next one repeats both, so a later type replaces it */
			if (mnl_attr_validate(attr, MNL_TYPE_U8) < 0)
				return bad(f, err, "a value type that is not one byte");
			f->type = mnl_attr_get_u8(attr);
			break;
		case DEVLINK_ATTR_FMSG_OBJ_VALUE_DATA:
			rc = value(f, attr, err);
			break;
		default:
			return bad(f, err, "an attribute that is not part of a health message");
		}
		if (rc)
			return rc;
	}
	/* bytes left over that are not attr whole attribute */
	if ((const char *)attr < (const char *)payload + len)
		return bad(f, err, "a truncated attribute");
	return 0;
}

int fmsg_finish(struct fmsg *f, struct prm_err *err)
{
	if (!f->root)
		return bad(f, err, "an empty health message");
	if (!f->closed)
		return bad(f, err, "the message ends inside an open object, pair or array");
	if (f->type != -1)
		return bad(f, err, "the message ends after a value type, without its value");
	return 0;
}

const struct fmsg_node *fmsg_get(const struct fmsg_node *obj, const char *name)
{
	if (!obj || obj->kind != FMSG_OBJ)
		return NULL;
	for (const struct fmsg_node *n = obj->child; n; n = n->next)
		if (n->name && strcmp(n->name, name) == 0)
			return n;
	return NULL;
}

bool fmsg_get_u64(const struct fmsg_node *obj, const char *name, uint64_t *v)
{
	const struct fmsg_node *n = fmsg_get(obj, name);

	if (!n || n->kind != FMSG_VAL || n->type == FMSG_STR || n->type == FMSG_BIN)
		return false;
	*v = n->u;
	return true;
}

size_t fmsg_count(const struct fmsg_node *n)
{
	size_t c = 0;

	for (n = n ? n->child : NULL; n; n = n->next)
		c++;
	return c;
}
