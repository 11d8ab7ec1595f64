// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * An option no parser knows, caught before argp sees it: getopt would only say
 * "unrecognized option", while the user most often typed another verb's option
 * (`health --interval` is `health watch --interval`) or misspelt one.
 */
#include <string.h>

#include "cmd/core/cmd.h"

#define MAX_NAMES 256

struct names {
	const char *v[MAX_NAMES];
	size_t n;
};

static bool opt_end(const struct argp_option *o)
{
	return !o->key && !o->name && !o->doc && !o->group;
}

/*
 * Walk the option tree: calls back with each long name and whether it takes an
 * argument (an alias takes what the option before it takes).
 */
static const struct argp_option *find_opt(const struct argp *a, const char *name, size_t len,
					  int key, size_t *prefixed, bool *takes_arg)
{
	const struct argp_option *hit = NULL;
	bool arg = false;

	if (!a)
		return NULL;
	for (const struct argp_option *o = a->options; o && !opt_end(o); o++) {
		if (!(o->flags & OPTION_ALIAS))
			arg = o->arg && !(o->flags & OPTION_ARG_OPTIONAL);
		if (o->flags & OPTION_DOC)
			continue;
		if (key ? o->key == key
			: (o->name && strncmp(o->name, name, len) == 0 &&
			   (!o->name[len] || ++*prefixed == 1))) {
			*takes_arg = arg;
			if (key || !o->name[len])
				return o;
			hit = o;
		}
	}
	for (const struct argp_child *c = a->children; c && c->argp; c++) {
		bool carg = false;
		const struct argp_option *o = find_opt(c->argp, name, len, key, prefixed, &carg);

		if (o && (key || !o->name[len]))
			return *takes_arg = carg, o;
		if (o && !hit) {
			hit = o;
			*takes_arg = carg;
		}
	}
	return hit;
}

static void collect(const struct argp *a, struct names *n)
{
	if (!a)
		return;
	for (const struct argp_option *o = a->options; o && !opt_end(o); o++)
		if (o->name && !(o->flags & OPTION_DOC) && n->n < MAX_NAMES)
			n->v[n->n++] = o->name;
	for (const struct argp_child *c = a->children; c && c->argp; c++)
		collect(c->argp, n);
}

/* The first argv word that is a long option no parser knows, or NULL. */
static const char *unknown_long(const struct argp *a, int argc, char **argv, bool stop_at_arg)
{
	for (int i = 1; i < argc; i++) {
		const char *w = argv[i];
		bool takes = false;
		size_t prefixed = 0;

		if (!strcmp(w, "--"))
			return NULL;
		if (w[0] == '-' && w[1] == '-') {
			size_t len = strcspn(w + 2, "=");

			if (!find_opt(a, w + 2, len, 0, &prefixed, &takes))
				return prefixed ? NULL : w;
			i += takes && prefixed <= 1 && !w[2 + len];
		} else if (w[0] == '-' && w[1]) {
			for (const char *p = w + 1; *p; p++) {
				if (!find_opt(a, NULL, 0, (unsigned char)*p, &prefixed, &takes))
					return NULL;	/* argp says what is wrong with it */
				if (takes) {
					i += !p[1];
					break;
				}
			}
		} else if (stop_at_arg) {
			return NULL;
		}
	}
	return NULL;
}

/* The verb of group (other than self) that has an option called name, or NULL. */
static const struct prm_verb *verb_with(const struct prm_cmd *group, const struct prm_verb *self,
					const char *name, size_t len)
{
	for (size_t i = 0; group && i < group->nverbs; i++) {
		const struct prm_verb *v = &group->verbs[i];
		const struct argp_option *o;
		size_t prefixed = 0;
		bool takes;

		if (v == self || v->group)
			continue;
		o = find_opt(v->argp, name, len, 0, &prefixed, &takes);
		if (o && !o->name[len])
			return v;
	}
	return NULL;
}

int cmd_check_options(const struct argp *a, const struct prm_cmd *group,
		      const struct prm_verb *self, const char *ctx, int argc, char **argv)
{
	const char *w = unknown_long(a, argc, argv, !self);
	const struct prm_verb *v;
	struct names n = { .n = 0 };
	struct match_set set = { n.v, 0, sizeof(n.v[0]) };
	const char *close;
	char name[64], pre[80], see[96];

	if (!w)
		return 0;
	/* the top level has no name of its own: "prmctl: unknown option" */
	snprintf(pre, sizeof(pre), "%s%s", ctx, *ctx ? ": " : "");
	snprintf(see, sizeof(see), "prmctl%s%s --help", *ctx ? " " : "", ctx);
	snprintf(name, sizeof(name), "%.*s", (int)strcspn(w + 2, "="), w + 2);
	v = verb_with(group, self, name, strlen(name));
	if (v)
		return cmd_usage("%sunknown option '--%s'; did you mean '%s %s --%s'? (see '%s')",
				 pre, name, group->name, v->name, name, see);
	collect(a, &n);
	set.n = n.n;
	close = match_suggest(&set, name);
	if (close)
		return cmd_usage("%sunknown option '--%s'; did you mean '--%s'? (see '%s')",
				 pre, name, close, see);
	/* nothing close: argp's own message, as before */
	return 0;
}
