// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* NVIDIA's register database, loaded once, when a command first needs it. */
#include <stdbool.h>

#include "cmd/core/cmd.h"
#include "lib/dev/adbload.h"
#include "lib/prm/adb.h"

static struct prm_adb *adb;
static struct prm_err adb_err;
static bool adb_tried;

const struct prm_adb *cmd_adb(void)
{
	if (!adb_tried) {
		adb_tried = true;
		adb = adb_load(adb_path(G.adb), &adb_err);
	}
	return adb;
}

const struct prm_err *cmd_adb_error(void)
{
	return &adb_err;
}

void cmd_adb_drop(void)
{
	prm_adb_free(adb);
	adb = NULL;
	adb_tried = false;
}
