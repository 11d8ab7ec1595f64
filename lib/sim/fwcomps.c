// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * The simulated firmware's components, as MCQS and MCQI show them: one, the
 * boot image that runs, with no update under way. mlx5_core scans MCQS from
 * index 0 for the boot image, then reads its running version with MCQI
 * VERSION (Linux fw.c mlx5_fw_version_query) for devlink dev info's
 * fw.version; mstflint's component manager walks MCQS the same way until
 * last_index_flag.
 */
#include <stdio.h>
#include <string.h>

#include "lib/prm/layouts/layouts.h"
#include "lib/prm/registers.h"
#include "lib/prm/regtlv.h"
#include "lib/sim/fwcomps.h"
#include "lib/sim/model.h"

/* values of fw.c's MCQS_IDENTIFIER_*, MCQI_INFO_TYPE_* and the adb's component_status */
#define BOOT_IMG 0x1
#define IN_USE 0x2
#define INFO_VERSION 0x1

/*
 * A component index past the last one, an info type we do not keep, or a
 * pending image that is not there: a bad parameter of the register (the
 * status mstflint's reg_access reports as ME_REG_ACCESS_BAD_PARAM; through
 * ACCESS_REG the command fails with BAD_PARAM). mstflint asks for the
 * pending component's capabilities first and falls back to the running
 * one when that fails, which is what firmware without a pending image does.
 */
#define LAST_INDEX 0

static uint8_t mcqs(uint8_t *d, size_t len)
{
	size_t n = prm_layout_bytes(&prm_layout_mcqs);
	uint64_t index;

	if (len < n)
		return PRM_REG_STATUS_BAD_PARAM;
	index = PRM_GET(mcqs, d, len, "component_index");
	if (index > LAST_INDEX || PRM_GET(mcqs, d, len, "fw_device"))
		return PRM_REG_STATUS_BAD_PARAM;
	memset(d, 0, n);
	PRM_SET(mcqs, d, n, "component_index", index);
	PRM_SET(mcqs, d, n, "last_index_flag", index == LAST_INDEX);
	PRM_SET(mcqs, d, n, "identifier", BOOT_IMG);
	PRM_SET(mcqs, d, n, "component_status", IN_USE);
	/* component_update_state IDLE (0): nothing downloaded, nothing waiting for a reset */
	return PRM_REG_STATUS_OK;
}

/* The running image's VERSION data, as devlink.c reads it back: major.minor.subminor. */
static void version_data(const struct sim_model *m, uint8_t *v, size_t n)
{
	char s[24];
	int len = snprintf(s, sizeof(s), "%u.%u.%04u", m->fw_major, m->fw_minor, m->fw_subminor);

	memset(v, 0, n);
	PRM_SET(mcqi_version, v, n, "build_time_valid", 1);
	PRM_SET(mcqi_version, v, n, "version_string_length", (uint64_t)len);
	PRM_SET(mcqi_version, v, n, "version",
		(uint64_t)(m->fw_major & 0xff) << 24 | (uint64_t)(m->fw_minor & 0xff) << 16 | m->fw_subminor);
	/* the date MGIR gives (lib/sim/regs.c), BCD */
	PRM_SET(mcqi_version, v, n, "build_time.year", 0x2026);
	PRM_SET(mcqi_version, v, n, "build_time.month", 0x11);
	PRM_SET(mcqi_version, v, n, "build_time.day", 0x01);
	PRM_SET(mcqi_version, v, n, "build_time.hours", 0x12);
	prm_set_bytes(&prm_layout_mcqi_version, v, n, "version_string", (const uint8_t *)s,
		      (size_t)len, NULL);
}

static uint8_t mcqi(const struct sim_model *m, uint8_t *d, size_t len)
{
	size_t hdr = prm_layout_bytes(&prm_layout_mcqi), vn = prm_layout_bytes(&prm_layout_mcqi_version);
	uint8_t v[128];
	uint64_t off, size;

	if (len < hdr)
		return PRM_REG_STATUS_BAD_PARAM;
	off = PRM_GET(mcqi, d, len, "offset");
	size = PRM_GET(mcqi, d, len, "data_size");
	if (PRM_GET(mcqi, d, len, "component_index") > LAST_INDEX ||
	    PRM_GET(mcqi, d, len, "read_pending_component") ||
	    PRM_GET(mcqi, d, len, "info_type") != INFO_VERSION ||
	    off % 4 || off > vn || size > len - hdr || vn > sizeof(v))
		return PRM_REG_STATUS_BAD_PARAM;
	if (size > vn - off)
		size = vn - off;	/* what is there, data_size says how much */
	version_data(m, v, vn);
	memset(d + hdr, 0, len - hdr);
	memcpy(d + hdr, v + off, (size_t)size);
	PRM_SET(mcqi, d, len, "info_size", vn);
	PRM_SET(mcqi, d, len, "data_size", size);
	return PRM_REG_STATUS_OK;
}

int sim_fwcomps_reg(const struct sim_adapter *a, uint16_t id, bool set, uint8_t *data, size_t len)
{
	if (id != MLX5_REG_MCQS && id != MLX5_REG_MCQI)
		return -1;
	if (set)
		return PRM_REG_STATUS_METHOD_NOT_SUPP;	/* queries: nothing to write */
	return id == MLX5_REG_MCQS ? mcqs(data, len) : mcqi(a->model, data, len);
}
