/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_OUT_FWREPORTER_READ_H
#define PRMCTL_OUT_FWREPORTER_READ_H

/*
 * The trees mlx5's devlink health reporters "fw" and "fw_fatal" return,
 * read into lib/prm/fwreporter.h's values:
 *   fw diagnose:  "Syndrome" u8, and "Description" string when not 0;
 *   fw dump:      "syndrome" u8 and "fw_miss_counter" u32 (after an
 *                 automatic report), "health buffer" {assert_var[6],
 *                 assert_exit_ptr, assert_callra, time, hw_id, rfr,
 *                 severity, irisc_index, synd, ext_synd, raw_fw_ver} when
 *                 the syndrome is not 0, "dump fw traces" [...];
 *   fw_fatal dump: "syndrome", "fw_miss_counter", "crdump_data" binary.
 * Keys prmctl does not know are left to the generic printer (fmsg_print.h).
 *
 * Here, beside that printer, because it joins a lib/nl tree to lib/prm
 * values, and lib/out is the pure floor that may include both (lib/nl and
 * lib/prm may not include each other; lib/dev touches devices).
 */

#include "lib/nl/fmsg.h"
#include "lib/prm/fwreporter.h"
#include "lib/util/err.h"

/*
 * Read what a diagnose or dump tree carries; call once per tree into the
 * same struct. A known key with the wrong type is an error (PRM_E_FAILED)
 * naming it: the driver changed, and a wrong number would be worse.
 */
int fw_reporter_read(const struct fmsg_node *root, struct prm_fw_reporter *r,
			 struct prm_err *err);

#endif
