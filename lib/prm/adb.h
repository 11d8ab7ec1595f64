/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_PRM_ADB_H
#define PRMCTL_PRM_ADB_H

#include <stddef.h>
#include <stdint.h>

#include "lib/prm/layout.h"
#include "lib/prm/registers.h"
#include "lib/util/err.h"

/*
 * NVIDIA's register database (mstflint's *.adb XML) turned into the same
 * tables the compiled-in layouts use, built on the heap.
 *
 * What the file holds (Debian mstflint 4.21 prm_dbs/hca/ext/
 * register_access_table.adb): <node name size [attr_is_union]> elements,
 * each with <field name offset size [subnode] [low_bound high_bound]
 * [enum="NAME=VAL,..."] [access] [descr]>. Offsets are "0xB.b": the dword
 * holding absolute bit B*8+b, counted from the dword's LSB; sizes are
 * "0xB.b" bytes.bits (or plain bytes). Arrays are low_bound/high_bound with
 * size the whole array. The access registers are the members of the union
 * that "root" leads to, each selected_by a name whose register ID is in the
 * enum of the union's selector field (access_reg_summary_ctrl_ext.id).
 *
 * Parsing does no I/O: the file is read by adb_load() (lib/dev/adbload.h).
 */

struct prm_adb;

/* A node or register left out, and why; the load goes on without it. */
struct prm_adb_skip {
	const char *kind;	/* "node" or "register" */
	const char *name;
	unsigned long line;	/* where it is defined, 0 if nowhere */
	const char *reason;
};

/*
 * Parse buf (len bytes; need not be NUL-terminated). name is used in
 * messages and in each layout's source ("FILE:LINE"). A file that is not a
 * well-formed register database is refused with err naming name and line;
 * an odd node inside a good file is skipped and listed (prm_adb_skipped).
 */
struct prm_adb *prm_adb_parse(const char *buf, size_t len, const char *name,
			      struct prm_err *err);
void prm_adb_free(struct prm_adb *db);

/* The name given to prm_adb_parse, and the database's source_doc_version. */
const char *prm_adb_name(const struct prm_adb *db);
const char *prm_adb_doc_version(const struct prm_adb *db);

/*
 * Registers, in database order, one array: prm_adb_register(db, 0) is its
 * first element. Lookups are case-insensitive.
 */
size_t prm_adb_nregisters(const struct prm_adb *db);
const struct prm_register *prm_adb_register(const struct prm_adb *db, size_t i);
const struct prm_register *prm_adb_register_by_name(const struct prm_adb *db,
						    const char *name);
const struct prm_register *prm_adb_register_by_id(const struct prm_adb *db,
						  uint16_t id);

/* Every loaded node (registers' layouts among them), in file order. */
size_t prm_adb_nnodes(const struct prm_adb *db);
const struct prm_layout *prm_adb_node(const struct prm_adb *db, size_t i);
const struct prm_layout *prm_adb_node_by_name(const struct prm_adb *db,
					      const char *name);

/* Nodes and registers left out. */
size_t prm_adb_nskipped(const struct prm_adb *db);
const struct prm_adb_skip *prm_adb_skipped(const struct prm_adb *db, size_t i);

/* Union nodes: loaded as one opaque "raw" byte array naming their members. */
size_t prm_adb_nunions(const struct prm_adb *db);

#endif
