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

static struct prm_adb *installed;

static int load_installed(void **state)
{
	struct prm_err err = { 0 };

	(void)state;
	installed = adb_load(PRM_ADB_DEFAULT, &err);
	if (!installed)
		fprintf(stderr, "# %s (install Debian package " PRM_ADB_PACKAGE
			", as 'make check' does)\n", err.msg);
	return 0;
}

static int free_installed(void **state)
{
	(void)state;
	prm_adb_free(installed);
	installed = NULL;
	return 0;
}

static void need_installed(void)
{
	if (!installed)
		fail_msg("no register database at " PRM_ADB_DEFAULT
			 ": install Debian package " PRM_ADB_PACKAGE);
}

static void installed_loads(void **state)
{
	struct prm_err err = { 0 };

	(void)state;
	need_installed();
	/* Debian mstflint 4.21: 312 nodes, 192 registers; later ones have more */
	assert_true(prm_adb_nnodes(installed) >= 300);
	assert_true(prm_adb_nregisters(installed) >= 190);
	for (size_t i = 0; i < prm_adb_nnodes(installed); i++)
		if (prm_layout_check(prm_adb_node(installed, i), &err))
			fail_msg("%s", err.msg);
	for (size_t i = 0; i < prm_adb_nskipped(installed); i++) {
		const struct prm_adb_skip *s = prm_adb_skipped(installed, i);

		print_message("# skipped %s %s (line %lu): %s\n", s->kind, s->name, s->line, s->reason);
	}
}

/*
 * An independent vector: PAOS (0x5006) as rdma-core and Linux mlx5_ifc.h
 * have it (struct mlx5_ifc_paos_reg_bits): swid 0x0/8, local_port 0x8/8,
 * admin_status 0x14/4, oper_status 0x1c/4, ase 0x20/1, ee 0x21/1, e 0x3e/2.
 */
static void installed_paos(void **state)
{
	const struct prm_register *r;

	(void)state;
	need_installed();
	r = prm_adb_register_by_name(installed, "PAOS");
	assert_non_null(r);
	assert_int_equal(r->id, 0x5006);
	assert_int_equal(prm_layout_bytes(r->layout), 16);
	expect_field(r->layout, "swid", 0x00, 8, 0, PRM_ACC_RW);
	expect_field(r->layout, "local_port", 0x08, 8, 0, PRM_ACC_RW);
	expect_field(r->layout, "admin_status", 0x14, 4, 0, PRM_ACC_RW);
	expect_field(r->layout, "oper_status", 0x1c, 4, 0, PRM_ACC_RO);
	expect_field(r->layout, "ase", 0x20, 1, 0, PRM_ACC_WO);
	expect_field(r->layout, "ee", 0x21, 1, 0, PRM_ACC_WO);
	expect_field(r->layout, "e", 0x3e, 2, 0, PRM_ACC_RW);
	assert_string_equal(prm_name_of(field(r->layout, "oper_status")->names, 2), "down");
}

/* Every field of a layout, nested ones with their path, at absolute offsets. */
struct leaf {
	char path[160];
	uint32_t off, width, count;
	bool seen;
};

static size_t flatten(const struct prm_layout *l, const char *prefix, uint32_t base,
		      struct leaf *v, size_t n, size_t max)
{
	for (size_t i = 0; i < l->nfields && n < max; i++) {
		const struct prm_field *f = &l->fields[i];

		snprintf(v[n].path, sizeof(v[n].path), "%s%s%s", prefix, *prefix ? "." : "", f->name);
		v[n].off = base + f->off;
		v[n].width = f->width;
		v[n].count = f->count;
		v[n].seen = false;
		n++;
		if (f->sub) {	/* an array of structures: its first element stands for all */
			char p[sizeof(v[n - 1].path) + 4];

			snprintf(p, sizeof(p), "%s%s", v[n - 1].path, f->count ? "[0]" : "");
			n = flatten(f->sub, p, base + f->off, v, n, max);
		}
	}
	return n;
}

/*
 * Known differences between the built-in tables and the Debian database,
 * each documented in the built-in table's comment. Every entry must still
 * be needed: a stale one fails the test.
 */
enum known_kind {
	ADB_LACKS,	/* a built-in field the Debian adb does not have */
	BUILTIN_LACKS,	/* an adb field the built-in table leaves out */
	RENAMED,	/* same place, another name (adb_name) */
	SIZE,		/* the register's size differs (adb_bytes) */
};

static const struct known {
	const char *reg, *path;
	enum known_kind kind;
	const char *adb_name;
	uint32_t adb_bytes;
	const char *why;
	bool used;
} known_init[] = {
#define GIT(p) { "MGIR", p, ADB_LACKS, NULL, 0, \
		 "[git]: only in the newer upstream adb, Mellanox/mstflint@b9d9e844 (reg_mgir.c)", false }
	GIT("hw_info.pci_switch_only_mode"),
	GIT("hw_info.development"),
	GIT("hw_info.ga_valid"),
	GIT("hw_info.cpo_indication"),
	GIT("hw_info.module_master_fw_default"),
	GIT("hw_info.chip_type"),
	GIT("hw_info.ga"),
	GIT("fw_info.bkv_major"),
	GIT("fw_info.bkv_minor"),
	GIT("fw_info.bkv_sub_minor"),
	GIT("fw_info.disabled_tiles_bitmap"),
	GIT("fw_info.dev_counter"),
	GIT("fw_info.ec_offload_engine_disabled"),
	GIT("fw_info.pds"),
	GIT("fw_info.issu_able"),
	GIT("fw_info.dev_state"),
	GIT("fw_info.life_cycle_msb"),
	GIT("dev_info"),
	GIT("dev_info.dev_branch_tag"),
#undef GIT
	{ "MTRC_CAP", NULL, SIZE, NULL, 0x84,
	  "the kernel's mlx5_ifc_mtrc_cap_bits is 0x80 bytes, the adb says 0x84 (reg_mtrc_cap.c)", false },
	{ "MTRC_STDB", NULL, SIZE, NULL, 0xc,
	  "built-in is the kernel's 8-byte header; the adb adds one dword of data (reg_mtrc_stdb.c)", false },
	{ "MTRC_STDB", "string_db_data", BUILTIN_LACKS, NULL, 0,
	  "read_size bytes of data follow the header; the adb sizes one dword (reg_mtrc_stdb.c)", false },
	{ "MTRC_CTRL", "current_timestamp52_32", RENAMED, "current_timestamp_52_32", 0,
	  "the kernel's name; the adb spells current_timestamp_52_32 (reg_mtrc_ctrl.c)", false },
	{ "MTRC_CTRL", "current_timestamp31_0", RENAMED, "current_timestamp_31_0", 0,
	  "the kernel's name; the adb spells current_timestamp_31_0 (reg_mtrc_ctrl.c)", false },
	{ "MTMP", "temp_threshold_hi", RENAMED, "temperature_threshold_hi", 0,
	  "the kernel's name; the adb spells temperature_threshold_hi (reg_mtmp.c)", false },
	{ "MTMP", "temp_threshold_lo", RENAMED, "temperature_threshold_lo", 0,
	  "the kernel's name; the adb spells temperature_threshold_lo (reg_mtmp.c)", false },
#define SWITCH(p) { "MTMP", p, BUILTIN_LACKS, NULL, 0, \
		    "switch event controls, reserved in the kernel's mlx5_ifc_mtmp_reg_bits (reg_mtmp.c)", false }
	SWITCH("weme"),
	SWITCH("sdme"),
	SWITCH("sdee"),
#undef SWITCH
	{ "MCQS", "fw_device", ADB_LACKS, NULL, 0,
	  "the kernel's 8-bit fw_device at 0x8; the adb has a 12-bit device_index at 0x4 (reg_mcq.c)", false },
	{ "MCQS", "device_index", BUILTIN_LACKS, NULL, 0,
	  "the adb's 12-bit device_index; the kernel has fw_device (reg_mcq.c)", false },
	{ "MCQS", "progress", BUILTIN_LACKS, NULL, 0,
	  "reserved in the kernel's mlx5_ifc_mcqs_reg_bits (reg_mcq.c)", false },
	{ "MCQS", "device_type", BUILTIN_LACKS, NULL, 0,
	  "reserved in the kernel's mlx5_ifc_mcqs_reg_bits (reg_mcq.c)", false },
	{ "MCQI", NULL, SIZE, NULL, 0x94,
	  "built-in is the kernel's 0x18-byte header (data[] is a flexible array); the adb counts 0x7c of data (reg_mcq.c)", false },
	{ "MCQI", "device_index", BUILTIN_LACKS, NULL, 0,
	  "reserved in the kernel's mlx5_ifc_mcqi_reg_bits (reg_mcq.c)", false },
	{ "MCQI", "device_type", BUILTIN_LACKS, NULL, 0,
	  "reserved in the kernel's mlx5_ifc_mcqi_reg_bits (reg_mcq.c)", false },
	{ "MCQI", "data", BUILTIN_LACKS, NULL, 0,
	  "the union chosen by info_type follows the header: mcqi_version is its own layout (reg_mcq.c)", false },
	{ "MCQI", "data.raw", BUILTIN_LACKS, NULL, 0,
	  "the union chosen by info_type follows the header: mcqi_version is its own layout (reg_mcq.c)", false },
	{ "MTCAP", "sensor_map.hi", BUILTIN_LACKS, NULL, 0,
	  "the kernel's one 64-bit sensor_map; the adb splits its uint64 (reg_mtcap.c)", false },
	{ "MTCAP", "sensor_map.lo", BUILTIN_LACKS, NULL, 0,
	  "the kernel's one 64-bit sensor_map; the adb splits its uint64 (reg_mtcap.c)", false },
};

static struct known known[sizeof(known_init) / sizeof(known_init[0])];

static struct known *known_diff(const char *reg, const char *path, enum known_kind kind)
{
	for (size_t i = 0; i < sizeof(known) / sizeof(known[0]); i++)
		if (strcmp(known[i].reg, reg) == 0 && known[i].kind == kind &&
		    (!path || (known[i].path && strcmp(known[i].path, path) == 0)))
			return &known[i];
	return NULL;
}

static const char *adb_path_of(const char *reg, const char *path)
{
	struct known *k = known_diff(reg, path, RENAMED);

	if (!k)
		return path;
	k->used = true;
	return k->adb_name;
}

/* One built-in register against the database; returns the disagreements. */
static int cross_check(const struct prm_register *mine, const struct prm_register *theirs,
		       struct leaf *a, struct leaf *b, size_t max)
{
	size_t na = flatten(mine->layout, "", 0, a, 0, max);
	size_t nb = flatten(theirs->layout, "", 0, b, 0, max);
	int bad = 0;

	if (mine->id != theirs->id) {
		print_message("%s: built-in id 0x%x, adb %s id 0x%x\n", mine->name, mine->id,
			      theirs->name, theirs->id);
		bad++;
	}
	if (mine->layout->bits != theirs->layout->bits) {
		struct known *k = known_diff(mine->name, NULL, SIZE);

		if (k && k->adb_bytes * 8 == theirs->layout->bits) {
			k->used = true;
		} else {
			print_message("%s: built-in %s is %u bytes, adb %s %u bytes\n", mine->name,
				      mine->layout->name, mine->layout->bits / 8,
				      theirs->layout->name, theirs->layout->bits / 8);
			bad++;
		}
	}
	for (size_t i = 0; i < na; i++) {
		const char *want = adb_path_of(mine->name, a[i].path);
		size_t j;

		for (j = 0; j < nb && strcmp(b[j].path, want); j++)
			;
		if (j == nb) {
			struct known *k = known_diff(mine->name, a[i].path, ADB_LACKS);

			if (k) {
				k->used = true;
				continue;
			}
			print_message("%s: built-in %s.%s (bit 0x%x, %u bits) is not in adb %s\n",
				      mine->name, mine->layout->name, a[i].path, a[i].off,
				      a[i].width, theirs->layout->name);
			bad++;
			continue;
		}
		b[j].seen = true;
		if (a[i].off != b[j].off || a[i].width != b[j].width || a[i].count != b[j].count) {
			print_message("%s: built-in %s.%s bit 0x%x, %u bits x %u; adb %s.%s bit 0x%x, %u bits x %u\n",
				      mine->name, mine->layout->name, a[i].path, a[i].off,
				      a[i].width, a[i].count, theirs->layout->name, b[j].path,
				      b[j].off, b[j].width, b[j].count);
			bad++;
		}
	}
	for (size_t j = 0; j < nb; j++) {
		struct known *k;

		if (b[j].seen)
			continue;
		k = known_diff(mine->name, b[j].path, BUILTIN_LACKS);
		if (k) {
			k->used = true;
			continue;
		}
		print_message("%s: adb %s.%s (bit 0x%x, %u bits) is not in built-in %s\n",
			      mine->name, theirs->layout->name, b[j].path, b[j].off, b[j].width,
			      mine->layout->name);
		bad++;
	}
	return bad;
}

static void installed_matches_built_in(void **state)
{
	enum { MAX = 4096 };
	struct leaf *a = calloc(MAX, sizeof(*a)), *b = calloc(MAX, sizeof(*b));
	int bad = 0;

	(void)state;
	need_installed();
	assert_non_null(a);
	assert_non_null(b);
	memcpy(known, known_init, sizeof(known));
	for (size_t i = 0; i < prm_nregisters; i++) {
		const struct prm_register *mine = &prm_registers[i];
		const struct prm_register *theirs = prm_adb_register_by_name(installed, mine->name);

		if (!theirs) {
			/* DTOR is the driver's (lib/tout.c); mstflint's database lacks it */
			if (strcmp(mine->name, "DTOR") == 0)
				continue;
			print_message("%s: built in, not in %s\n", mine->name, PRM_ADB_DEFAULT);
			bad++;
			continue;
		}
		bad += cross_check(mine, theirs, a, b, MAX);
	}
	for (size_t i = 0; i < sizeof(known) / sizeof(known[0]); i++)
		if (!known[i].used) {
			print_message("allowlist entry no longer needed: %s %s (%s)\n", known[i].reg,
				      known[i].path ? known[i].path : "size", known[i].why);
			bad++;
		}
	free(a);
	free(b);
	if (bad)
		fail_msg("%d disagreements between the built-in tables and %s", bad, PRM_ADB_DEFAULT);
}

int main(void)
{
	const struct CMUnitTest db[] = {
		cmocka_unit_test(installed_loads),
		cmocka_unit_test(installed_paos),
		cmocka_unit_test(installed_matches_built_in),
	};

	return cmocka_run_group_tests_name("installed adb", db, load_installed, free_installed);
}
