// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
#include "lib/prm/cmdstatus.h"

#include <errno.h>

#include "lib/prm/layouts/layouts.h"
#include "lib/prm/names.h"

int prm_cmd_failed(struct prm_err *err, const char *label, uint16_t opcode,
		   uint16_t op_mod, uint8_t status, uint32_t syndrome)
{
	const char *op = prm_name_of(&prm_cmd_opcode_names, opcode);
	const char *st = prm_name_of(&prm_cmd_status_names, status);

	prm_err_set(err, PRM_E_FAILED, EREMOTEIO, "cmd_status",
		    "%s: %s(0x%x) op_mod(0x%x) failed, status %s(0x%x), syndrome (0x%x)",
		    label, op ? op : "UNKNOWN", opcode, op_mod,
		    st ? st : "unknown status", status, syndrome);
	prm_err_num(err, "status", status);
	prm_err_str(err, "status_name", st);
	prm_err_num(err, "syndrome", syndrome);
	prm_err_num(err, "opcode", opcode);
	prm_err_str(err, "opcode_name", op);
	prm_err_num(err, "op_mod", op_mod);
	return -1;
}

uint16_t prm_cmd_opcode(const void *in, size_t inlen)
{
	return (uint16_t)PRM_GET(mbox_in, in, inlen, "opcode");
}

uint16_t prm_cmd_op_mod(const void *in, size_t inlen)
{
	return (uint16_t)PRM_GET(mbox_in, in, inlen, "op_mod");
}

int prm_cmd_check(struct prm_err *err, const char *label, const void *in, size_t inlen,
		  uint8_t status, uint32_t syndrome)
{
	if (!status)
		return 0;
	return prm_cmd_failed(err, label, prm_cmd_opcode(in, inlen), prm_cmd_op_mod(in, inlen),
			      status, syndrome);
}
