// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Which nodes are access registers, and their IDs.
 *
 * The database says it the way mstflint reads it: node "root" leads
 * (register_access_table_hca_ext_Nodes, access_reg_summary_selector_ext) to
 * a union field with union_selector="$(parent).ctrl.id". Each member of that
 * union (access_reg_summary_ext) is a register: selected_by names it
 * ("MTRC_CAP") and its subnode is the layout (mtrc_cap_reg_ext); the
 * selector field's enum gives the ID of each name ("MTRC_CAP=0x9040").
 * Nothing else in the file marks a node as a register.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "lib/prm/adb_int.h"

/* The root-to-table path is a few levels; a hostile file gets no further. */
#define MAX_HOPS 8

struct found {
	const struct adb_rnode *holder;	/* the node holding the union field */
	const struct adb_rfield *field;
};

static const struct adb_rfield *field_named(const struct adb_raw *raw,
					    const struct adb_rnode *n, const char *name)
{
	for (size_t i = 0; i < n->nfields; i++)
		if (strcmp(raw->fields[n->first + i].name, name) == 0)
			return &raw->fields[n->first + i];
	return NULL;
}

/* Breadth first from "root" to the first field carrying union_selector. */
static int find_table(const struct adb_raw *raw, struct found *out)
{
	const struct adb_rnode *level[MAX_HOPS + 1][4];
	size_t nlevel[MAX_HOPS + 1] = { 0 };

	level[0][0] = adb_raw_node(raw, "root");
	nlevel[0] = level[0][0] ? 1 : 0;
	for (size_t h = 0; h <= MAX_HOPS && nlevel[h]; h++) {
		for (size_t k = 0; k < nlevel[h]; k++) {
			const struct adb_rnode *n = level[h][k];

			for (size_t i = 0; i < n->nfields; i++) {
				const struct adb_rfield *f = &raw->fields[n->first + i];
				const struct adb_rnode *sub = adb_raw_node(raw, f->subnode);

				if (f->selector && sub) {
					out->holder = n;
					out->field = f;
					return 0;
				}
				if (sub && h < MAX_HOPS && nlevel[h + 1] < 4)
					level[h + 1][nlevel[h + 1]++] = sub;
			}
		}
	}
	return -1;
}

/* "$(parent).ctrl.id": the enum of that field, seen from the holder. */
static const char *selector_enum(const struct adb_raw *raw, const struct found *t)
{
	char path[256], *save = NULL, *tok;
	const struct adb_rnode *cur = t->holder;
	const struct adb_rfield *f = NULL;

	if (strlen(t->field->selector) >= sizeof(path))
		return NULL;
	strcpy(path, t->field->selector);
	tok = strtok_r(path, ".", &save);
	if (!tok || (strcmp(tok, "$(parent)") && strcmp(tok, "#(parent)")))
		return NULL;
	while ((tok = strtok_r(NULL, ".", &save))) {
		if (!cur || !(f = field_named(raw, cur, tok)))
			return NULL;
		cur = adb_raw_node(raw, f->subnode);
	}
	return f ? f->enums : NULL;
}

static const struct prm_name *id_of(const struct prm_names *ids, const char *name)
{
	for (size_t i = 0; i < ids->n; i++)
		if (strcmp(ids->v[i].name, name) == 0)
			return &ids->v[i];
	return NULL;
}

/* One union member as a register, or a reason it is not one. */
static const char *add_register(struct prm_adb *db, const struct adb_raw *raw,
				const struct prm_names *ids, const struct adb_rfield *m)
{
	const struct adb_rnode *node = adb_raw_node(raw, m->subnode);
	const struct prm_name *id;
	struct prm_register *r;

	if (!m->selected_by)
		return "no selected_by: no register name";
	id = id_of(ids, m->selected_by);
	if (!id)
		return "its name is not in the selector's enum: no register ID";
	if (id->value > 0xffff)
		return "its register ID is more than 16 bits";
	if (!node)
		return "its node type is not in the database";
	if (node->state != ADB_DONE)
		return "its node was skipped";
	for (size_t i = 0; i < db->nregs; i++) {
		if (strcasecmp(db->regs[i].name, m->selected_by) == 0)
			return "a second register of this name";
		if (db->regs[i].id == id->value)
			return "a second register with this ID";
	}
	r = &db->regs[db->nregs++];
	r->name = m->selected_by;
	r->id = (uint16_t)id->value;
	r->layout = node->layout;
	r->desc = m->desc ? m->desc : node->desc;
	return NULL;
}

int adb_find_registers(struct prm_adb *db, const struct adb_raw *raw,
		       struct prm_err *err)
{
	const struct prm_names *ids;
	const struct adb_rnode *table;
	struct found t;
	const char *s, *why = NULL;

	if (find_table(raw, &t))
		return adb_skip(db, "register", "*", 0,
				"no register table: node 'root' does not lead to a union with a union_selector")
		       ? prm_err_set(err, PRM_E_FAILED, ENOMEM, "oom", "out of memory") : 0;
	table = adb_raw_node(raw, t.field->subnode);
	s = selector_enum(raw, &t);
	ids = s ? adb_enum_parse(&db->arena, s, &why) : NULL;
	if (!ids)
		return adb_skip(db, "register", "*", t.field->line,
				"no register IDs: union_selector '%s' does not lead to a field with an enum%s%s",
				t.field->selector, why ? ": " : "", why ? why : "")
		       ? prm_err_set(err, PRM_E_FAILED, ENOMEM, "oom", "out of memory") : 0;
	db->regs = adb_alloc(&db->arena, (table->nfields ? table->nfields : 1) * sizeof(*db->regs));
	if (!db->regs)
		return prm_err_set(err, PRM_E_FAILED, ENOMEM, "oom", "out of memory");
	for (size_t i = 0; i < table->nfields; i++) {
		const struct adb_rfield *m = &raw->fields[table->first + i];
		const char *no = add_register(db, raw, ids, m);

		if (no && adb_skip(db, "register", m->selected_by ? m->selected_by : m->name,
				   m->line, "%s (node %s)", no, m->subnode ? m->subnode : "-"))
			return prm_err_set(err, PRM_E_FAILED, ENOMEM, "oom", "out of memory");
	}
	return 0;
}
