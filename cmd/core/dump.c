// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
#include "cmd/core/dump.h"

#include <ctype.h>

#include "lib/out/out.h"

#ifndef PRMCTL_VERSION
#define PRMCTL_VERSION "0.0.0"
#endif

/*
 * Options of an argp and of its children but the global options (listed
 * once, apart), visible ones only: what the verb takes, for completions.
 */
static void options(const struct argp *a, const struct argp *global)
{
	if (!a)
		return;
	for (const struct argp_child *c = a->children; c && c->argp; c++)
		if (c->argp != global)
			options(c->argp, global);
	for (const struct argp_option *o = a->options; o && (o->name || o->key || o->doc); o++) {
		char shortopt[2] = { 0 };

		if (!o->name || (o->flags & (OPTION_HIDDEN | OPTION_DOC)))
			continue;
		out_obj_begin(NULL);
		out_str("long", o->name);
		if (o->key > 0 && o->key < 128 && isprint(o->key)) {
			shortopt[0] = (char)o->key;
			out_str("short", shortopt);
		} else {
			out_null("short");
		}
		out_str("arg", o->arg);
		out_str("doc", o->doc);
		out_obj_end();
	}
}

static void local_options(const struct argp *a, const struct argp *global)
{
	out_arr_begin("options");
	options(a, global);
	out_arr_end();
	out_str("args", a ? a->args_doc : NULL);
}

/* A group's verbs; a verb that is a group itself ("devlink region") has its own. */
static void verbs(const struct prm_cmd *c, const struct argp *global)
{
	out_arr_begin("verbs");
	for (size_t v = 0; c && v < c->nverbs; v++) {
		out_obj_begin(NULL);
		out_str("verb", c->verbs[v].name);
		out_str("summary", c->verbs[v].summary);
		out_bool("needs_device", c->verbs[v].flags & CMD_NEEDS_DEVICE);
		out_bool("writes", c->verbs[v].flags & CMD_WRITES);
		local_options(c->verbs[v].argp, global);
		if (c->verbs[v].group)
			verbs(c->verbs[v].group, global);
		out_obj_end();
	}
	out_arr_end();
}

int dump_commands(const struct prm_cmd *const *cmds, const struct argp *global)
{
	out_set_format(OUT_JSON, true, false);
	out_doc_begin();
	out_str("program", "prmctl");
	out_str("version", PRMCTL_VERSION);
	out_arr_begin("global_options");
	options(global, NULL);
	out_arr_end();
	/* only commands carry "name", so tools can find them with one query */
	out_arr_begin("commands");
	for (size_t i = 0; cmds[i]; i++) {
		const struct prm_cmd *c = cmds[i];

		out_obj_begin(NULL);
		out_str("name", c->name);
		out_str("summary", c->summary);
		out_bool("needs_device", c->flags & CMD_NEEDS_DEVICE);
		local_options(c->argp, global);
		verbs(c, global);
		out_obj_end();
	}
	out_arr_end();
	return cmd_done(EXIT_OK);
}
