// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
#include "lib/prm/cmdstatus.h"

#include <errno.h>

#include "lib/prm/names.h"

int prm_cmd_failed(struct prm_err *err, const char *label, uint16_t opcode,
		   uint16_t op_mod, uint8_t status, uint32_t syndrome)
{
	const char *op = prm_name_of(&prm_cmd_opcode_names, opcode);
	const char *st = prm_name_of(&prm_cmd_status_names, status);

	return prm_err_set(err, PRM_E_FAILED, EREMOTEIO, "cmd_status",
			   "%s: %s(0x%x) op_mod(0x%x) failed, status %s(0x%x), syndrome (0x%x)",
			   label, op ? op : "UNKNOWN", opcode, op_mod,
			   st ? st : "unknown status", status, syndrome);
}
