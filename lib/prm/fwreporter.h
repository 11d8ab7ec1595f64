/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_PRM_FWREPORTER_H
#define PRMCTL_PRM_FWREPORTER_H

/*
 * What mlx5's devlink health reporters "fw" and "fw_fatal" (drivers/net/
 * ethernet/mellanox/mlx5/core/health.c; research/mlx5-layouts.md §6) say,
 * as plain values, and the health classification made from them. Pure: the
 * devlink message tree is read into these by lib/out/fwreporter_read.h,
 * which names the keys.
 */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "lib/prm/health.h"

struct prm_fw_health_buffer {
	unsigned nassert;		/* assert_var entries sent: 6, 5 before Linux 5.16 */
	bool has_time, has_rfr, has_severity;	/* 5.16 and later */
	uint32_t assert_var[6];
	uint32_t assert_exit_ptr, assert_callra, time, hw_id, ext_synd, raw_fw_ver;
	uint8_t rfr, severity, irisc_index, synd;
};

struct prm_fw_reporter {
	bool has_synd;			/* diagnose "Syndrome" */
	uint8_t synd;
	const char *description;	/* diagnose "Description", inside the tree */
	bool has_ctx;			/* dump "syndrome" + "fw_miss_counter" */
	uint8_t ctx_synd;
	uint32_t miss_counter;
	bool has_buffer;		/* dump "health buffer" */
	struct prm_fw_health_buffer buf;
	bool has_traces;		/* dump "dump fw traces" */
	size_t ntraces;
	bool has_crdump;		/* fw_fatal dump "crdump_data" */
	size_t crdump_len;
	const uint8_t *crdump;		/* its bytes, inside the tree (NULL when empty) */
};

/*
 * One classification, as health show gives it elsewhere, from what is true
 * now: r is diagnose's reading (a dump's syndrome is what was, and is only
 * used when r has no diagnose): fw_error, thermal for 0x10; with none,
 * fw_fatal in error (the driver's recovery has not brought it back) is
 * fw_error; else ok. The fw reporter's own state is no help: it has no
 * recover operation (Linux 6.1 health.c), so after its first report it
 * stays "error" for good.
 */
enum prm_health_status prm_fw_reporter_classify(const struct prm_fw_reporter *r,
						bool fatal_in_error);

#endif
