// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * The vocabulary shell completions offer, asked of the binary at TAB time
 * rather than baked into the scripts: the register database is the host's
 * (--adb, $PRMCTL_ADB, mstflint's) and the simulator services come and go.
 */
#include <stdio.h>
#include <string.h>

#include "cmd/core/cmd.h"
#include "cmd/core/complete.h"
#include "lib/dev/dev.h"
#include "lib/prm/adb.h"
#include "lib/prm/caps.h"
#include "lib/prm/layouts/layouts.h"
#include "lib/prm/names.h"
#include "lib/prm/registers.h"
#include "lib/sim/adapter.h"
#include "lib/sim/model.h"
#include "lib/sim/rundir.h"

static void registers(void)
{
	const struct prm_adb *db = cmd_adb();

	for (size_t i = 0; i < prm_nregisters; i++)
		puts(prm_registers[i].name);
	for (size_t i = 0; db && i < prm_adb_nregisters(db); i++)
		if (!prm_register_by_name(prm_adb_register(db, i)->name))
			puts(prm_adb_register(db, i)->name);
}

static void opcodes(void)
{
	for (size_t i = 0; i < prm_cmd_opcode_names.n; i++)
		puts(prm_cmd_opcode_names.v[i].name);
}

static void faults(void)
{
	for (int f = 0; f < SIM_NFAULTS; f++)
		puts(sim_fault_name((enum sim_fault)f));
}

static void layouts(void)
{
	const struct prm_adb *db = cmd_adb();

	for (size_t i = 0; prm_layouts[i]; i++)
		puts(prm_layouts[i]->name);
	for (size_t i = 0; db && i < prm_adb_nnodes(db); i++)
		if (!prm_layout_lookup(prm_adb_node(db, i)->name))
			puts(prm_adb_node(db, i)->name);
}

/* The pages 'caps' takes: QUERY_HCA_CAP's, then the tracer's register (cmd/caps.c). */
static void caps(void)
{
	for (size_t i = 0; i < prm_ncap_pages; i++)
		puts(prm_cap_pages[i].name);
	puts("tracer");
}

/* Every service directory, dead ones too: 'sim stop' cleans those up. */
static void sims(void)
{
	struct prm_err err = { 0 };
	char names[4096], *save = NULL;

	if (sim_names(names, sizeof(names), &err))
		return;
	for (char *t = strtok_r(names, ",", &save); t; t = strtok_r(NULL, ",", &save))
		puts(t);
}

static void models(void)
{
	for (size_t i = 0; sim_models[i].key; i++)
		puts(sim_models[i].key);
}

static void access_paths(void)
{
	for (size_t i = 0; dev_access_paths[i]; i++)
		puts(dev_access_paths[i]);
}

static const struct {
	const char *name;
	void (*print)(void);
} kinds[] = {
	{ "access", access_paths },
	{ "caps", caps },
	{ "faults", faults },
	{ "layouts", layouts },
	{ "models", models },
	{ "opcodes", opcodes },
	{ "registers", registers },
	{ "sims", sims },
};

int complete_words(const char *kind)
{
	size_t nkinds = sizeof(kinds) / sizeof(kinds[0]);
	char list[128] = "";

	for (size_t i = 0; i < nkinds; i++) {
		if (strcmp(kind, kinds[i].name))
			continue;
		kinds[i].print();
		cmd_adb_drop();
		if (fflush(stdout) || ferror(stdout)) {
			perror("prmctl: error writing output");
			return EXIT_FAIL;
		}
		return EXIT_OK;
	}
	for (size_t i = 0; i < nkinds; i++)
		snprintf(list + strlen(list), sizeof(list) - strlen(list), "%s%s",
			 i ? ", " : "", kinds[i].name);
	return cmd_usage("--complete: unknown kind '%s' (%s)", kind, list);
}
