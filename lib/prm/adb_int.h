/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_PRM_ADB_INT_H
#define PRMCTL_PRM_ADB_INT_H

/*
 * Inside lib/prm/adb*.c: the XML reader (adb_xml.c) fills raw nodes and
 * fields as the file spells them; the builder (adb_build.c) turns them into
 * prm_layout tables; adb.c holds the memory and the lookups.
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "lib/prm/adb.h"

/*
 * Limits on what a database may ask for. The Debian file has 312 nodes,
 * 2878 fields and nodes up to 0x420 bytes; these are far above that and
 * keep memory proportional to the input, and time near it, whatever it says.
 */
#define ADB_MAX_INPUT		(64u << 20)
#define ADB_MAX_NODES		100000u
#define ADB_MAX_FIELDS		1000000u
#define ADB_MAX_NODE_FIELDS	4096u		/* the Debian file's most is 192 */
#define ADB_MAX_NODE_BYTES	0x10000u	/* 64 KiB */
#define ADB_MAX_DEPTH		32u		/* nodes inside nodes */
#define ADB_MAX_ENUM		4096u		/* names in one enum attribute */
#define ADB_MAX_UNION_DESC	1024u		/* bytes of a union's member list */

/* All strings and tables of one database: freed at once. */
struct adb_arena {
	struct adb_block *head;
	size_t total;
};

void *adb_alloc(struct adb_arena *a, size_t n);	/* zeroed; NULL when out of memory */
char *adb_strdup(struct adb_arena *a, const char *s);

/* A field as the file spells it. */
struct adb_rfield {
	const char *name, *desc, *subnode, *enums, *access;
	const char *selector;		/* union_selector */
	const char *selected_by;
	uint64_t off;			/* absolute LSB-numbered bit (mstflint addr2int) */
	uint64_t size;			/* bits, the whole array */
	uint32_t count;			/* 0: scalar; else high_bound - low_bound + 1 */
	bool variable;			/* high_bound="VARIABLE": one element given */
	unsigned long line;
	const char *bad;		/* an attribute that could not be read */
};

enum adb_state { ADB_NEW = 0, ADB_DONE, ADB_FAILED };

/* A node as the file spells it, and what became of it. */
struct adb_rnode {
	const char *name, *desc;
	uint64_t bits;
	bool is_union;
	unsigned long line;
	size_t first, nfields;		/* its fields in adb_raw.fields */
	const char *bad;		/* why it is skipped (reader or builder) */
	enum adb_state state;
	struct prm_layout *layout;	/* when DONE */
	size_t pending;			/* builder: subnodes not yet built */
	uint32_t height;		/* builder: levels of nodes, itself included */
};

struct adb_raw {
	struct adb_rnode *nodes;
	size_t nnodes, capnodes;
	struct adb_rfield *fields;
	size_t nfields, capfields;
	size_t *byname;			/* named nodes' indexes sorted by name (builder) */
	size_t nbyname;
	bool big_endian_arr;		/* <config big_endian_arr="1"/> */
	const char *doc_version;
};

struct prm_adb {
	struct adb_arena arena;
	const char *name;
	const char *doc_version;
	const struct prm_layout **nodes;
	size_t nnodes;
	struct prm_register *regs;
	size_t nregs;
	struct prm_adb_skip *skips;	/* heap, grows */
	size_t nskips, capskips;
	size_t nunions;
};

/* adb_xml.c: read the XML into raw; -1 with err "NAME:LINE: ..." if refused. */
int adb_xml_read(struct prm_adb *db, struct adb_raw *raw, const char *buf,
		 size_t len, struct prm_err *err);

/* adb_build.c: layouts from raw (odd nodes skipped); -1 only when out of memory. */
int adb_build(struct prm_adb *db, struct adb_raw *raw, struct prm_err *err);

/* adb_regs.c: the register table, from the union "root" leads to. */
int adb_find_registers(struct prm_adb *db, const struct adb_raw *raw,
		       struct prm_err *err);

/*
 * "A=1,B=0x2" into value names kept in the arena; NULL with *why set if the
 * attribute is not such a list.
 */
const struct prm_names *adb_enum_parse(struct adb_arena *a, const char *s,
				       const char **why);

/* Node index by exact name (builder's sorted index); NULL if none. */
struct adb_rnode *adb_raw_node(const struct adb_raw *raw, const char *name);

/* Record a skipped node or register; -1 when out of memory. */
int adb_skip(struct prm_adb *db, const char *kind, const char *name,
	     unsigned long line, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));

/* Parse "0xB.b" / "0xB" / ".b" into bits as mstflint's addr2int does; -1 if not. */
int adb_addr(const char *s, uint64_t *bits);

#endif
