// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* A devlink health message through the emitter (fmsg_print.h). */
#include "lib/out/fmsg_print.h"
#include "lib/out/out.h"

static void node(const char *key, const struct fmsg_node *n);

static void members(const struct fmsg_node *n)
{
	for (const struct fmsg_node *c = n->child; c; c = c->next)
		node(n->kind == FMSG_OBJ ? c->name : NULL, c);
}

static void node(const char *key, const struct fmsg_node *n)
{
	switch (n->kind) {
	case FMSG_OBJ:
		out_obj_begin(key);
		members(n);
		out_obj_end();
		return;
	case FMSG_ARR:
		/* a binary pair: its pieces were joined into one value */
		if (n->child && !n->child->next && n->child->kind == FMSG_VAL &&
		    n->child->type == FMSG_BIN) {
			out_bytes(key, n->child->bin, n->child->len);
			return;
		}
		out_arr_begin(key);
		members(n);
		out_arr_end();
		return;
	case FMSG_VAL:
		break;
	}
	switch (n->type) {
	case FMSG_BOOL:
		out_bool(key, n->u != 0);
		break;
	case FMSG_STR:
		out_str(key, n->str);
		break;
	case FMSG_BIN:
		out_bytes(key, n->bin, n->len);
		break;
	default:
		out_u64(key, n->u);
	}
}

void out_fmsg(const char *key, const struct fmsg_node *root)
{
	if (root)
		node(key, root);
	else
		out_null(key);
}
