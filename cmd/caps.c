// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * prmctl caps [PAGE] [FIELD...]: capability pages, decoded field by field.
 * Reading them is lib/ops/cappages.c.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/core/cmd.h"
#include "lib/dev/dev.h"
#include "lib/ops/caps.h"
#include "lib/out/layout_print.h"
#include "lib/out/out.h"
#include "lib/prm/caps.h"
#include "lib/prm/layouts/layouts.h"
#include "lib/util/match.h"

#define MAX_FIELDS 64

enum { OPT_MAX = 0x700, OPT_LIST };

/* The pages users can name: the capability pages, then "tracer". */
struct page_name {
	const char *name;
	const struct prm_cap_page *page;	/* NULL: tracer */
};

struct caps_opts {
	bool max, list;
	const char *page;
	const char *field[MAX_FIELDS];
	int nfields;
	/* check()'s: the page shown and its FIELDs' indices */
	struct page_name shown;
	size_t fidx[MAX_FIELDS];
};

static const struct argp_option options[] = {
	{ "max", OPT_MAX, NULL, 0, "The maximum the device supports, not the current values", 0 },
	{ "list", OPT_LIST, NULL, 0, "The pages prmctl knows and whether the device has them", 0 },
	{ 0 }
};

static error_t parse(int key, char *arg, struct argp_state *state)
{
	struct caps_opts *o = state->input;

	switch (key) {
	case OPT_MAX:
		o->max = true;
		return 0;
	case OPT_LIST:
		o->list = true;
		return 0;
	case ARGP_KEY_ARG:
		if (!o->page) {
			o->page = arg;
		} else if (o->nfields == MAX_FIELDS) {
			argp_error(state, "at most %d fields", MAX_FIELDS);
			return EINVAL;
		} else {
			o->field[o->nfields++] = arg;
		}
		return 0;
	}
	return ARGP_ERR_UNKNOWN;
}

static const struct argp caps_argp = {
	options, parse, "[PAGE [FIELD...]]",
	"Capability pages (QUERY_HCA_CAP), each field decoded: general (the default), "
	"atomic, roce, esw, debug, general_2; and tracer (the MTRC_CAP register). "
	"FIELDs limit the output to those fields.",
	prm_global_children, NULL, NULL
};

static size_t page_names(struct page_name *v)
{
	size_t n = 0;

	for (size_t i = 0; i < prm_ncap_pages; i++)
		v[n++] = (struct page_name){ prm_cap_pages[i].name, &prm_cap_pages[i] };
	v[n++] = (struct page_name){ "tracer", NULL };
	return n;
}

static const struct prm_layout *page_layout(const struct page_name *p)
{
	return p->page ? p->page->layout : &prm_layout_mtrc_cap;
}

/* FIELDs to indices of the page's fields, before the device is asked. */
static int resolve_fields(const struct prm_layout *l, const struct caps_opts *o, size_t *idx)
{
	struct match_set s = { l->fields, l->nfields, sizeof(l->fields[0]) };
	int rc;

	for (int i = 0; i < o->nfields; i++)
		if ((rc = cmd_match(&s, o->field[i], "field", "caps: ", "prmctl caps PAGE", &idx[i])))
			return rc;
	return 0;
}

static int print_fields(const struct prm_layout *l, const uint8_t *buf, size_t len,
			const struct caps_opts *o, const size_t *idx)
{
	struct prm_err err = { 0 };
	int rc = 0;

	out_obj_begin("fields");
	if (!o->nfields)
		rc = out_layout(l, buf, len, 0, &err);
	for (int i = 0; !rc && i < o->nfields; i++)
		rc = out_layout_field(&l->fields[idx[i]], buf, len, 0, &err);
	if (rc) {
		out_doc_abort();
		return cmd_fail(&err);
	}
	out_obj_end();
	return 0;
}

static int show_page(struct dev *d, const struct page_name *p, const struct caps_opts *o,
		     const size_t *idx)
{
	static uint8_t page[DEV_CAP_PAGE_BYTES];
	const struct prm_layout *l = page_layout(p);
	struct prm_err err = { 0 };
	const char *via = NULL;
	int rc;

	memset(page, 0, sizeof(page));
	if (caps_page_read(d, p->page, o->max, page, &via, &err))
		return cmd_fail(&err);
	out_doc_begin();
	out_str("device", d->label);
	out_str("access", via);
	out_str("page", p->name);
	if (p->page)
		out_hex("cap_type", p->page->cap_type);
	else
		out_str("register", "MTRC_CAP");
	out_str("values", o->max ? "max" : "current");
	rc = print_fields(l, page, prm_layout_bytes(l), o, idx);
	return rc ? rc : cmd_done(EXIT_OK);
}

/* Each page, and whether the general page says the device has it. */
static int list(struct dev *d)
{
	bool present[32] = { false };
	struct prm_err err = { 0 };
	const char *via = NULL;

	if (caps_page_present(d, present, sizeof(present) / sizeof(present[0]), &via, &err))
		return cmd_fail(&err);
	out_doc_begin();
	out_str("device", d->label);
	out_str("access", via);
	out_table_begin("pages");
	for (size_t i = 0; i < prm_ncap_pages; i++) {
		const struct prm_cap_page *p = &prm_cap_pages[i];

		out_obj_begin(NULL);
		out_str("page", p->name);
		out_hex("cap_type", p->cap_type);
		out_bool("present", i < sizeof(present) / sizeof(present[0]) && present[i]);
		out_str("gate", p->gate ? p->gate : NULL);
		out_str("description", p->desc);
		out_obj_end();
	}
	out_table_end();
	return cmd_done(EXIT_OK);
}

static int check(struct cmd_run *r)
{
	struct caps_opts *o = r->opts;
	struct page_name names[32];
	size_t n = page_names(names), idx = 0;
	struct match_set s = { names, n, sizeof(names[0]) };
	int rc;

	if (o->list && (o->page || o->max))
		return cmd_usage("caps: --list takes no page and no --max");
	if (o->page && (rc = cmd_match(&s, o->page, "capability page", "caps: ", "prmctl caps --help", &idx)))
		return rc;
	if (o->page && (rc = resolve_fields(page_layout(&names[idx]), o, o->fidx)))
		return rc;
	if (o->page && !names[idx].page && o->max)
		return cmd_usage("caps: tracer is a register: it has no maximum values");
	o->shown = names[idx];
	return 0;
}

static int caps(struct cmd_run *r)
{
	const struct caps_opts *o = r->opts;

	return o->list ? list(r->dev) : show_page(r->dev, &o->shown, o, o->fidx);
}

const struct prm_cmd cmd_caps = {
	.name = "caps",
	.summary = "Capability pages, decoded (QUERY_HCA_CAP)",
	.argp = &caps_argp,
	.check = check,
	.exec = caps,
	.opts_size = sizeof(struct caps_opts),
	.flags = CMD_NEEDS_DEVICE,
};
