// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * lib/prm/adb*.c: NVIDIA's register database read into layout tables.
 *
 * A small database written by hand exercises every construct; bad ones are
 * refused (whole file) or skipped (one node) with their line. Expected
 * offsets are worked out by hand from the adb convention ("0xB.b": bit b
 * from the LSB of the dword at byte B; mlx5_ifc offset B*8 + 32 - b - w),
 * never taken from the parser. The installed database is then held against
 * the built-in register tables field by field.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "lib/dev/adbload.h"
#include "lib/prm/adb.h"
#include "lib/prm/registers.h"
#include "tests/unit/adb_expect.h"

static const char good_xml[] =
	"<NodesDefinition>\n"
	"<config big_endian_arr=\"1\" />\n"
	"<info source_doc_name=\"test\" source_doc_version=\"Rev 9.99\" />\n"
	"<node name=\"pair_ext\" descr=\"two halves\" size=\"0x4.0\" >\n"
	"\t<field name=\"lo\" descr=\"low\\;half\" access=\"RO\" offset=\"0x0.0\" size=\"0x0.16\" />\n"
	"\t<field name=\"hi\" access=\"RW\" offset=\"0x0.16\" size=\"0x0.16\" />\n"
	"</node>\n"
	/* narrower than a dword: bits count from the node's own LSB */
	"<node name=\"small_ext\" size=\"0x0.8\" >\n"
	"\t<field name=\"a\" access=\"RO\" offset=\"0x0.4\" size=\"0x0.4\" />\n"
	"\t<field name=\"b\" access=\"RO\" offset=\"0x0.0\" size=\"0x0.1\" />\n"
	"</node>\n"
	"<node name=\"u_ext\" attr_is_union=\"1\" size=\"0x4.0\" >\n"
	"\t<field name=\"as_pair\" subnode=\"pair_ext\" offset=\"0x0.0\" size=\"0x4.0\" selected_by=\"PAIR\" />\n"
	"\t<field name=\"as_word\" subnode=\"word_ext\" offset=\"0x0.0\" size=\"0x4.0\" selected_by=\"WORD\" />\n"
	"</node>\n"
	"<node name=\"word_ext\" size=\"0x4.0\" >\n"
	"\t<field name=\"w\" offset=\"0x0.0\" size=\"0x4.0\" />\n"
	"</node>\n"
	"<node name=\"demo_reg_ext\" descr=\"a demo register\" size=\"0x20.0\" >\n"
	"\t<field name=\"mode\" descr=\"mode\\;0: off\\;1: on\" access=\"RW\" enum=\"OFF=0x0,ON=0x1,AUTO=2\" offset=\"0x0.0\" size=\"0x0.4\" />\n"
	"\t<field name=\"owner\" access=\"RW\" offset=\"0x0.31\" size=\"0x0.1\" />\n"
	"\t<field name=\"index\" access=\"INDEX\" offset=\"0x0.16\" size=\"0x0.8\" />\n"
	"\t<field name=\"op\" access=\"OP\" offset=\"0x0.24\" size=\"0x0.2\" />\n"
	"\t<field name=\"small\" subnode=\"small_ext\" access=\"RO\" offset=\"0x0.8\" size=\"0x0.8\" />\n"
	"\t<field name=\"tag\" access=\"RO\" high_bound=\"7\" low_bound=\"0\" offset=\"0x4.24\" size=\"0x8.0\" />\n"
	"\t<field name=\"pairs\" subnode=\"pair_ext\" access=\"RW\" high_bound=\"1\" low_bound=\"0\" offset=\"0xC.0\" size=\"0x8.0\" />\n"
	"\t<field name=\"sel\" subnode=\"u_ext\" access=\"RO\" union_selector=\"$(parent).mode\" offset=\"0x14.0\" size=\"0x4.0\" />\n"
	"\t<field name=\"nibbles\" access=\"WO\" high_bound=\"3\" low_bound=\"0\" offset=\"0x18.28\" size=\"0x0.16\" />\n"
	"\t<field name=\"data\" access=\"RO\" high_bound=\"VARIABLE\" low_bound=\"0\" offset=\"0x1C.0\" size=\"0x4.0\" />\n"
	"</node>\n"
	"<node name=\"other_reg_ext\" size=\"0x8.0\" >\n"
	"\t<field name=\"x\" access=\"RO\" offset=\"0x4.0\" size=\"0x4.0\" />\n"
	"</node>\n"
	/* the register table, shaped as in the real file */
	"<node name=\"ctrl_ext\" attr_is_union=\"1\" size=\"0x4.0\" >\n"
	"\t<field name=\"id\" subnode=\"enum_entry\" enum=\"DEMO=0x9999,OTHER=0x1234,GHOST=0x4321,WIDE=0x12345,demo=0x9998,ALIAS=0x1234\" offset=\"0x0.0\" size=\"0x4.0\" />\n"
	"</node>\n"
	"<node name=\"enum_entry\" size=\"0x4.0\" >\n"
	"</node>\n"
	"<node name=\"summary_ext\" attr_is_union=\"1\" size=\"0x20\" >\n"
	"\t<field name=\"demo\" subnode=\"demo_reg_ext\" offset=\"0x0.0\" selected_by=\"DEMO\" size=\"0x20\" />\n"
	"\t<field name=\"other\" subnode=\"other_reg_ext\" offset=\"0x0.0\" selected_by=\"OTHER\" size=\"0x8\" />\n"
	"\t<field name=\"ghost\" subnode=\"ghost_ext\" offset=\"0x0.0\" selected_by=\"GHOST\" size=\"0x8\" />\n"
	"\t<field name=\"wide\" subnode=\"word_ext\" offset=\"0x0.0\" selected_by=\"WIDE\" size=\"0x4\" />\n"
	"\t<field name=\"nameless\" subnode=\"word_ext\" offset=\"0x0.0\" selected_by=\"NOT_IN_ENUM\" size=\"0x4\" />\n"
	"\t<field name=\"twin\" subnode=\"word_ext\" offset=\"0x0.0\" selected_by=\"demo\" size=\"0x4\" />\n"
	"\t<field name=\"alias\" subnode=\"word_ext\" offset=\"0x0.0\" selected_by=\"ALIAS\" size=\"0x4\" />\n"
	"</node>\n"
	"<node name=\"selector_ext\" attr_is_union=\"1\" size=\"0x20\" >\n"
	"\t<field name=\"summary\" subnode=\"summary_ext\" offset=\"0x0.0\" size=\"0x20\" union_selector=\"$(parent).ctrl.id\" />\n"
	"\t<field name=\"ctrl\" subnode=\"ctrl_ext\" offset=\"0x0.0\" size=\"0x4.0\" />\n"
	"</node>\n"
	"<node name=\"root\" size=\"0x20.0\" descr=\"\" >\n"
	"\t<field name=\"selector_ext\" offset=\"0x0.0\" size=\"0x20.0\" subnode=\"selector_ext\" />\n"
	"</node>\n"
	"</NodesDefinition>\n";

/* The line of the first occurrence of what, counted here, not by the parser. */
static unsigned long line_of(const char *xml, const char *what)
{
	const char *at = strstr(xml, what);
	unsigned long line = 1;

	assert_non_null(at);
	for (const char *p = xml; p < at; p++)
		line += *p == '\n';
	return line;
}

static struct prm_adb *parse_ok(const char *xml)
{
	struct prm_err err = { 0 };
	struct prm_adb *db = prm_adb_parse(xml, strlen(xml), "test.adb", &err);

	if (!db)
		fail_msg("refused: %s", err.msg);
	return db;
}

static void good_layouts(void **state)
{
	struct prm_adb *db = parse_ok(good_xml);
	const struct prm_layout *l = prm_adb_node_by_name(db, "DEMO_REG_EXT");
	struct prm_err err = { 0 };

	(void)state;
	assert_string_equal(prm_adb_doc_version(db), "Rev 9.99");
	assert_int_equal(prm_adb_nnodes(db), 11);
	assert_int_equal(prm_adb_nunions(db), 4);
	for (size_t i = 0; i < prm_adb_nnodes(db); i++)
		if (prm_layout_check(prm_adb_node(db, i), &err))
			fail_msg("%s", err.msg);
	assert_non_null(l);
	assert_int_equal(l->bits, 0x100);
	assert_string_equal(l->desc, "a demo register");
	/* where the file puts them, by hand: 0xB*8 + 32 - b - w */
	expect_field(l, "owner", 0, 1, 0, PRM_ACC_RW);		/* 0x0.31 */
	expect_field(l, "op", 6, 2, 0, PRM_ACC_WO);		/* 0x0.24: OP is written */
	expect_field(l, "index", 8, 8, 0, PRM_ACC_RW);		/* 0x0.16: INDEX is echoed */
	expect_field(l, "small", 16, 8, 0, PRM_ACC_RO);		/* 0x0.8 */
	expect_field(l, "mode", 28, 4, 0, PRM_ACC_RW);		/* 0x0.0 */
	expect_field(l, "tag", 0x20, 8, 8, PRM_ACC_RO);		/* 0x4.24, element 0 first */
	expect_field(l, "pairs", 0x60, 32, 2, PRM_ACC_RW);	/* 0xC.0 */
	expect_field(l, "sel", 0xa0, 32, 0, PRM_ACC_RO);		/* 0x14.0 */
	expect_field(l, "nibbles", 0xc0, 4, 4, PRM_ACC_WO);	/* 0x18.28 */
	expect_field(l, "data", 0xe0, 32, 1, PRM_ACC_RO);	/* 0x1C.0, VARIABLE */
	/* tables go by offset, whatever order the file lists them in */
	for (size_t i = 1; i < l->nfields; i++)
		assert_true(l->fields[i - 1].off < l->fields[i].off);
	/* nested, in the node's own coordinates */
	expect_field(field(l, "small")->sub, "a", 0, 4, 0, PRM_ACC_RO);	/* 8-4-4 */
	expect_field(field(l, "small")->sub, "b", 7, 1, 0, PRM_ACC_RO);	/* 8-0-1 */
	expect_field(field(l, "pairs")->sub, "hi", 0, 16, 0, PRM_ACC_RW);
	expect_field(field(l, "pairs")->sub, "lo", 16, 16, 0, PRM_ACC_RO);
	assert_string_equal(field(l, "pairs")->sub->name, "pair_ext");
	/* a union is opaque bytes naming its members */
	assert_int_equal(field(l, "sel")->sub->nfields, 1);
	expect_field(field(l, "sel")->sub, "raw", 0, 8, 4, PRM_ACC_UNSPEC);
	assert_non_null(strstr(field(l, "sel")->sub->fields[0].desc, "pair_ext (PAIR)"));
	assert_non_null(strstr(field(l, "sel")->sub->fields[0].desc, "word_ext (WORD)"));
	/* enums, descriptions ("\;" is a line break), access kinds kept in text */
	assert_int_equal(field(l, "mode")->names->n, 3);
	assert_string_equal(prm_name_of(field(l, "mode")->names, 2), "AUTO");
	assert_string_equal(prm_name_of(field(l, "mode")->names, 1), "ON");
	assert_int_equal(field(l, "mode")->fmt, PRM_FMT_DEC);
	assert_int_equal(field(l, "owner")->fmt, PRM_FMT_BOOL);
	assert_string_equal(field(l, "mode")->desc, "mode\n0: off\n1: on");
	assert_string_equal(field(field(l, "pairs")->sub, "lo")->desc, "low\nhalf");
	assert_string_equal(field(l, "index")->desc, "[INDEX] ");
	assert_non_null(strstr(field(l, "op")->desc, "[OP]"));
	assert_non_null(strstr(field(l, "data")->desc, "variable length"));
	/* the source names file and line */
	{
		char want[64];

		snprintf(want, sizeof(want), "test.adb:%lu", line_of(good_xml, "\"demo_reg_ext\""));
		assert_string_equal(l->source, want);
	}
	prm_adb_free(db);
}

/* Bytes placed by hand, read back through the loaded table. */
static void good_values(void **state)
{
	struct prm_adb *db = parse_ok(good_xml);
	const struct prm_layout *l = prm_adb_node_by_name(db, "demo_reg_ext");
	struct prm_err err = { 0 };
	uint8_t b[32] = { 0 };
	static const struct {
		const char *path;
		uint64_t want;
	} want[] = {
		{ "owner", 1 }, { "op", 2 }, { "index", 0x5a }, { "small.a", 3 },
		{ "small.b", 1 }, { "mode", 1 }, { "tag[0]", 'A' }, { "tag[7]", 'H' },
		{ "pairs[1].hi", 0xbeef }, { "pairs[1].lo", 0xcafe }, { "nibbles[0]", 1 },
		{ "nibbles[3]", 4 }, { "data[0]", 0xdeadbeef },
	};

	(void)state;
	b[0] = 0x82;		/* owner (bit 0) and op = 2 (bits 6..7) */
	b[1] = 0x5a;		/* index */
	b[2] = 0x31;		/* small: a = 3 (high nibble), b = 1 (LSB) */
	b[3] = 0x01;		/* mode, the low nibble */
	memcpy(b + 4, "ABCDEFGH", 8);
	memcpy(b + 0x14 - 4, "\xbe\xef\xca\xfe", 4);	/* pairs[1] at 0x10 */
	b[0x18] = 0x12;
	b[0x19] = 0x34;
	memcpy(b + 0x1c, "\xde\xad\xbe\xef", 4);
	for (size_t i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
		uint64_t v;

		if (prm_get(l, b, sizeof(b), want[i].path, &v, &err))
			fail_msg("%s: %s", want[i].path, err.msg);
		if (v != want[i].want)
			fail_msg("%s = 0x%llx, want 0x%llx", want[i].path,
				 (unsigned long long)v, (unsigned long long)want[i].want);
	}
	prm_adb_free(db);
}

static const struct prm_adb_skip *skipped(const struct prm_adb *db, const char *kind,
					  const char *name)
{
	for (size_t i = 0; i < prm_adb_nskipped(db); i++) {
		const struct prm_adb_skip *s = prm_adb_skipped(db, i);

		if (strcmp(s->kind, kind) == 0 && strcmp(s->name, name) == 0)
			return s;
	}
	fail_msg("%s %s was not skipped", kind, name);
	return NULL;
}

static void good_registers(void **state)
{
	struct prm_adb *db = parse_ok(good_xml);
	const struct prm_register *r;
	const struct prm_adb_skip *s;

	(void)state;
	assert_int_equal(prm_adb_nregisters(db), 2);
	r = prm_adb_register_by_name(db, "demo");
	assert_non_null(r);
	assert_int_equal(r->id, 0x9999);
	assert_string_equal(r->name, "DEMO");
	assert_string_equal(r->layout->name, "demo_reg_ext");
	assert_ptr_equal(prm_adb_register_by_id(db, 0x9999), r);
	assert_ptr_equal(prm_adb_register(db, 0), r);
	r = prm_adb_register_by_id(db, 0x1234);
	assert_non_null(r);
	assert_string_equal(r->name, "OTHER");
	assert_int_equal(prm_layout_bytes(r->layout), 8);
	assert_null(prm_adb_register_by_name(db, "GHOST"));
	assert_null(prm_adb_register_by_id(db, 0x4321));
	assert_null(prm_adb_register_by_name(db, "pair_ext"));	/* a node, not a register */
	/* each left out with its line and why */
	s = skipped(db, "register", "GHOST");
	assert_int_equal(s->line, line_of(good_xml, "name=\"ghost\""));
	assert_non_null(strstr(s->reason, "not in the database"));
	assert_non_null(strstr(skipped(db, "register", "WIDE")->reason, "16 bits"));
	assert_non_null(strstr(skipped(db, "register", "NOT_IN_ENUM")->reason, "enum"));
	s = skipped(db, "register", "demo");
	assert_int_equal(s->line, line_of(good_xml, "name=\"twin\""));
	assert_non_null(strstr(s->reason, "second register of this name"));
	assert_non_null(strstr(skipped(db, "register", "ALIAS")->reason, "second register with this ID"));
	assert_int_equal(prm_adb_nskipped(db), 5);
	prm_adb_free(db);
}

/* A NUL byte inside a tag: the length is given, not found by strlen. */
#define WITH_NUL "<NodesDefinition>\n<node name=\"a\"\0 size=\"0x4.0\"/>\n</NodesDefinition>"

/* Refused outright: the message names the file and the line. */
static void refused(void **state)
{
	static const struct {
		const char *xml;
		unsigned long line;
		const char *says;
		size_t len;	/* 0: strlen */
	} bad[] = {
		/* cut off inside a tag */
		{ "<NodesDefinition>\n<node name=\"a\" size=\"0x4.0\">\n"
		  "<field name=\"x\" offset=\"0x0.0\" size=\"0x4", 3, "not a register database", 0 },
		/* cut off between elements */
		{ "<NodesDefinition>\n<node name=\"a\" size=\"0x4.0\">\n</node>\n", 4,
		  "not a register database", 0 },
		{ "", 1, "not a register database", 0 },
		{ "<NodesDefinition>\n\n<nodes/>\n</NodesDefinition>", 3, "unsupported element <nodes>", 0 },
		{ "<NodesDefinition>\n<field name=\"x\" offset=\"0x0.0\" size=\"0x4.0\"/>\n</NodesDefinition>",
		  2, "<field> inside <NodesDefinition>", 0 },
		{ "<NodesDefinition>\n<node name=\"a\" size=\"0x4.0\">\n<node name=\"b\" size=\"0x4.0\"/>"
		  "</node>\n</NodesDefinition>", 3, "<node> inside <node>", 0 },
		{ "<NodesDefinition>\n<include file=\"/etc/passwd\"/>\n</NodesDefinition>", 2,
		  "<include> is not supported", 0 },
		{ "<node name=\"a\" size=\"0x4.0\"/>", 1, "not <NodesDefinition>", 0 },
		{ "<NodesDefinition>\n</NodesDefinition>\n", 3, "no <node>", 0 },
		{ "<NodesDefinition>\n<node name=\"a\" size=\"0x4.0\"/>\n</NodesDefinition>\n"
		  "<NodesDefinition/>", 4, "not a register database", 0 },
		/* billion laughs: no DOCTYPE, so no entity is ever expanded */
		{ "<?xml version=\"1.0\"?>\n<!DOCTYPE lolz [\n"
		  " <!ENTITY lol \"lol\">\n"
		  " <!ENTITY lol2 \"&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;\">\n"
		  " <!ENTITY lol3 \"&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;\">\n"
		  " <!ENTITY lol4 \"&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;\">\n"
		  "]>\n<NodesDefinition><node name=\"&lol4;\" size=\"0x4.0\"/></NodesDefinition>\n",
		  2, "DOCTYPE", 0 },
		/* an external entity would read a file */
		{ "<!DOCTYPE x SYSTEM \"/etc/passwd\">\n<NodesDefinition/>", 1, "DOCTYPE", 0 },
		{ "<NodesDefinition>\n<node name=\"a\" size=\"0x4.0\">&undefined;</node>\n</NodesDefinition>",
		  2, "not a register database", 0 },
		{ WITH_NUL, 2, "not a register database", sizeof(WITH_NUL) - 1 },
	};

	(void)state;
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		struct prm_err err = { 0 };
		size_t len = bad[i].len ? bad[i].len : strlen(bad[i].xml);
		struct prm_adb *db;
		char where[32];

		db = prm_adb_parse(bad[i].xml, len, "bad.adb", &err);
		if (db) {
			prm_adb_free(db);
			fail_msg("case %zu was accepted", i);
		}
		snprintf(where, sizeof(where), "bad.adb:%lu:", bad[i].line);
		if (strncmp(err.msg, where, strlen(where)) || !strstr(err.msg, bad[i].says))
			fail_msg("case %zu: '%s', want '%s ... %s'", i, err.msg, where, bad[i].says);
		assert_int_equal(err.kind, PRM_E_USAGE);
	}
}

static const char bad_nodes_xml[] =
	"<NodesDefinition>\n"
	"<config big_endian_arr=\"1\" />\n"
	"<node name=\"good\" size=\"0x4.0\" >\n"
	"\t<field name=\"x\" offset=\"0x0.0\" size=\"0x4.0\" />\n"
	"</node>\n"
	"<node name=\"unknown_type\" size=\"0x4.0\" >\n"
	"\t<field name=\"f\" subnode=\"no_such_node\" offset=\"0x0.0\" size=\"0x4.0\" />\n"
	"</node>\n"
	"<node name=\"beyond\" size=\"0x4.0\" >\n"
	"\t<field name=\"f\" offset=\"0x4.0\" size=\"0x4.0\" />\n"
	"</node>\n"
	"<node name=\"loop_a\" size=\"0x4.0\" >\n"
	"\t<field name=\"b\" subnode=\"loop_b\" offset=\"0x0.0\" size=\"0x4.0\" />\n"
	"</node>\n"
	"<node name=\"loop_b\" size=\"0x4.0\" >\n"
	"\t<field name=\"a\" subnode=\"loop_a\" offset=\"0x0.0\" size=\"0x4.0\" />\n"
	"</node>\n"
	"<node name=\"holds_loop\" size=\"0x8.0\" >\n"
	"\t<field name=\"g\" subnode=\"good\" offset=\"0x0.0\" size=\"0x4.0\" />\n"
	"\t<field name=\"l\" subnode=\"loop_a\" offset=\"0x4.0\" size=\"0x4.0\" />\n"
	"</node>\n"
	"<node name=\"overlap\" size=\"0x4.0\" >\n"
	"\t<field name=\"a\" offset=\"0x0.0\" size=\"0x0.16\" />\n"
	"\t<field name=\"b\" offset=\"0x0.8\" size=\"0x0.16\" />\n"
	"</node>\n"
	"<node name=\"dup_field\" size=\"0x4.0\" >\n"
	"\t<field name=\"a\" offset=\"0x0.0\" size=\"0x0.8\" />\n"
	"\t<field name=\"a\" offset=\"0x0.8\" size=\"0x0.8\" />\n"
	"</node>\n"
	"<node name=\"good\" size=\"0x8.0\" >\n"
	"</node>\n"
	"<node name=\"huge\" size=\"0xffffffff.0\" >\n"
	"</node>\n"
	"<node name=\"bad_number\" size=\"0x4.0\" >\n"
	"\t<field name=\"f\" offset=\"zero\" size=\"0x4.0\" />\n"
	"</node>\n"
	"<node name=\"overflow\" size=\"0x4.0\" >\n"
	"\t<field name=\"f\" offset=\"0x99999999999999999999.0\" size=\"0x4.0\" />\n"
	"</node>\n"
	"<node name=\"bad_enum\" size=\"0x4.0\" >\n"
	"\t<field name=\"f\" enum=\"A=1,B\" offset=\"0x0.0\" size=\"0x4.0\" />\n"
	"</node>\n"
	"<node name=\"crosses\" size=\"0x8.0\" >\n"
	"\t<field name=\"f\" offset=\"0x0.16\" size=\"0x0.24\" />\n"
	"</node>\n"
	"<node name=\"self\" size=\"0x4.0\" >\n"
	"\t<field name=\"me\" subnode=\"self\" offset=\"0x0.0\" size=\"0x4.0\" />\n"
	"</node>\n"
	"<node name=\"wrong_width\" size=\"0x8.0\" >\n"
	"\t<field name=\"g\" subnode=\"good\" offset=\"0x0.0\" size=\"0x8.0\" />\n"
	"</node>\n"
	"<node name=\"uneven_array\" size=\"0x4.0\" >\n"
	"\t<field name=\"f\" high_bound=\"2\" low_bound=\"0\" offset=\"0x0.0\" size=\"0x4.0\" />\n"
	"</node>\n"
	"<node name=\"zero\" size=\"0x0.0\" >\n"
	"</node>\n"
	"<node name=\"wide_leaf\" size=\"0x10.0\" >\n"
	"\t<field name=\"f\" offset=\"0x0.0\" size=\"0x10.0\" />\n"
	"</node>\n"
	"<node name=\"dotted\" size=\"0x4.0\" >\n"
	"\t<field name=\"a.b\" offset=\"0x0.0\" size=\"0x4.0\" />\n"
	"</node>\n"
	"</NodesDefinition>\n";

/* One odd node costs that node (and what holds it), not the file. */
static void skipped_nodes(void **state)
{
	static const struct {
		const char *name, *at, *says;
	} want[] = {
		{ "unknown_type", "name=\"unknown_type\"", "unknown node type 'no_such_node'" },
		{ "beyond", "name=\"beyond\"", "past the structure" },
		{ "loop_a", "name=\"loop_a\"", "loop" },
		{ "loop_b", "name=\"loop_b\"", "loop" },
		{ "holds_loop", "name=\"holds_loop\"", "'loop_a' never resolves" },
		{ "overlap", "name=\"overlap\"", "overlaps" },
		{ "dup_field", "name=\"dup_field\"", "duplicate field name" },
		{ "good", "<node name=\"good\" size=\"0x8.0\"", "a second node of this name" },
		{ "huge", "name=\"huge\"", "more than the 65536 bytes" },
		{ "bad_number", "name=\"bad_number\"", "offset 'zero' is not an offset" },
		{ "overflow", "name=\"overflow\"", "is not an offset" },
		{ "bad_enum", "name=\"bad_enum\"", "enum entry without '='" },
		{ "crosses", "name=\"crosses\"", "cross the end of a dword" },
		{ "self", "name=\"self\"", "'self' never resolves" },
		{ "wrong_width", "name=\"wrong_width\"", "is 64 bits, but its node type 'good' is 32" },
		{ "uneven_array", "name=\"uneven_array\"", "do not split into 3 elements" },
		{ "zero", "name=\"zero\"", "size is zero" },
		{ "wide_leaf", "name=\"wide_leaf\"", "128-bit value without a node type" },
		{ "dotted", "name=\"dotted\"", "bad name" },
	};
	struct prm_adb *db = parse_ok(bad_nodes_xml);

	(void)state;
	assert_int_equal(prm_adb_nnodes(db), 1);
	assert_int_equal(prm_adb_node(db, 0)->bits, 32);	/* the first "good" */
	for (size_t i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
		const struct prm_adb_skip *s = NULL;

		for (size_t k = 0; k < prm_adb_nskipped(db); k++) {
			const struct prm_adb_skip *c = prm_adb_skipped(db, k);

			if (strcmp(c->name, want[i].name) == 0 && strcmp(c->kind, "node") == 0 &&
			    c->line == line_of(bad_nodes_xml, want[i].at))
				s = c;
		}
		if (!s)
			fail_msg("%s (line %lu) was not skipped", want[i].name,
				 line_of(bad_nodes_xml, want[i].at));
		if (!strstr(s->reason, want[i].says))
			fail_msg("%s: '%s', want '%s'", want[i].name, s->reason, want[i].says);
	}
	/* where the bad field is, too */
	assert_non_null(strstr(skipped(db, "node", "bad_number")->reason, "line 35"));
	assert_int_equal(line_of(bad_nodes_xml, "offset=\"zero\""), 35);
	/* and no register table in this file: said once */
	assert_non_null(strstr(skipped(db, "register", "*")->reason, "no register table"));
	assert_int_equal(prm_adb_nskipped(db), sizeof(want) / sizeof(want[0]) + 1);
	assert_int_equal(prm_adb_nregisters(db), 0);
	prm_adb_free(db);
}

/* A chain of 40 nodes: only those more than 32 levels deep go. */
static void nesting_depth(void **state)
{
	size_t cap = 40 * 200 + 100, used = 0;
	char *xml = malloc(cap);
	struct prm_adb *db;

	(void)state;
	assert_non_null(xml);
	used += (size_t)snprintf(xml + used, cap - used, "<NodesDefinition>\n");
	for (int i = 0; i < 40; i++) {
		used += (size_t)snprintf(xml + used, cap - used, "<node name=\"n%d\" size=\"0x4.0\">\n", i);
		if (i < 39)
			used += (size_t)snprintf(xml + used, cap - used,
						 "<field name=\"f\" subnode=\"n%d\" offset=\"0x0.0\" size=\"0x4.0\"/>\n",
						 i + 1);
		else
			used += (size_t)snprintf(xml + used, cap - used,
						 "<field name=\"f\" offset=\"0x0.0\" size=\"0x4.0\"/>\n");
		used += (size_t)snprintf(xml + used, cap - used, "</node>\n");
	}
	snprintf(xml + used, cap - used, "</NodesDefinition>\n");
	db = parse_ok(xml);
	assert_int_equal(prm_adb_nnodes(db), 32);
	assert_non_null(prm_adb_node_by_name(db, "n8"));
	assert_null(prm_adb_node_by_name(db, "n7"));
	assert_non_null(strstr(skipped(db, "node", "n7")->reason, "nested more than 32"));
	assert_non_null(strstr(skipped(db, "node", "n0")->reason, "'n1' was skipped"));
	prm_adb_free(db);
	free(xml);
}

/* A node with more fields than any real one is left out, not checked for hours. */
static void too_many_fields(void **state)
{
	size_t cap = 5000 * 80 + 200, used = 0;
	char *xml = malloc(cap);
	struct prm_adb *db;

	(void)state;
	assert_non_null(xml);
	used += (size_t)snprintf(xml + used, cap - used,
				 "<NodesDefinition>\n<node name=\"wide\" size=\"0x400.0\">\n");
	for (int i = 0; i < 5000; i++)
		used += (size_t)snprintf(xml + used, cap - used,
					 "<field name=\"f%d\" offset=\"0x%x.%d\" size=\"0x0.1\"/>\n",
					 i, i / 32 * 4, i % 32);
	snprintf(xml + used, cap - used, "</node>\n<node name=\"ok\" size=\"0x4.0\"/>\n</NodesDefinition>\n");
	db = parse_ok(xml);
	assert_non_null(strstr(skipped(db, "node", "wide")->reason, "more than 4096 fields"));
	assert_non_null(strstr(skipped(db, "node", "wide")->reason, "line 4099"));
	assert_non_null(prm_adb_node_by_name(db, "ok"));
	prm_adb_free(db);
	free(xml);
}

/* Without <config big_endian_arr="1"/>, mstflint counts arrays the other way. */
static void little_endian_arrays(void **state)
{
	static const char xml[] =
		"<NodesDefinition>\n"
		"<node name=\"bytes\" size=\"0x4.0\">\n"
		"<field name=\"b\" high_bound=\"3\" low_bound=\"0\" offset=\"0x0.24\" size=\"0x4.0\"/>\n"
		"</node>\n"
		"<node name=\"words\" size=\"0x8.0\">\n"
		"<field name=\"w\" high_bound=\"1\" low_bound=\"0\" offset=\"0x0.0\" size=\"0x8.0\"/>\n"
		"</node>\n"
		"</NodesDefinition>\n";
	struct prm_adb *db = parse_ok(xml);

	(void)state;
	assert_non_null(strstr(skipped(db, "node", "bytes")->reason, "big_endian_arr"));
	assert_non_null(prm_adb_node_by_name(db, "words"));	/* dwords are the same either way */
	prm_adb_free(db);
}

static void missing_file(void **state)
{
	struct prm_err err = { 0 };

	(void)state;
	assert_null(adb_load("/nonexistent/register_access_table.adb", &err));
	assert_string_equal(err.reason, "adb_missing");
	assert_non_null(strstr(err.msg, "/nonexistent/register_access_table.adb"));
	assert_non_null(strstr(err.msg, "mstflint"));
	assert_string_equal(adb_path("/x.adb"), "/x.adb");
	setenv("PRMCTL_ADB", "/y.adb", 1);
	assert_string_equal(adb_path(NULL), "/y.adb");
	assert_string_equal(adb_path("/x.adb"), "/x.adb");
	unsetenv("PRMCTL_ADB");
	assert_string_equal(adb_path(NULL), PRM_ADB_DEFAULT);
}

/* ---- the installed database against the built-in tables ---- */

int main(void)
{
	const struct CMUnitTest parser[] = {
		cmocka_unit_test(good_layouts),
		cmocka_unit_test(good_values),
		cmocka_unit_test(good_registers),
		cmocka_unit_test(refused),
		cmocka_unit_test(skipped_nodes),
		cmocka_unit_test(nesting_depth),
		cmocka_unit_test(too_many_fields),
		cmocka_unit_test(little_endian_arrays),
		cmocka_unit_test(missing_file),
	};

	return cmocka_run_group_tests_name("adb parser", parser, NULL, NULL);
}
