// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* prmctl atomic wqe: the segments of one atomic's send WQE, for raw-WQE users. */
#include <stdio.h>
#include <string.h>

#include "cmd/atomic.h"
#include "cmd/core/cmd.h"
#include "lib/dev/dev.h"
#include "lib/ops/caps.h"
#include "lib/out/layout_print.h"
#include "lib/out/out.h"
#include "lib/prm/atomiccaps.h"
#include "lib/prm/atomicwqe.h"

static const struct argp_option options[] = {
	ATOMIC_OP_OPTIONS,
	ATOMIC_VALUE_OPTIONS,
	{ NULL, 0, NULL, 0, "Where:", 3 },
	{ "raddr", ATOMIC_OPT_RADDR, "A", 0,
	  "Remote address of the aligned unit (a multiple of 4, of 8 for 8 bytes)", 3 },
	{ "rkey", ATOMIC_OPT_RKEY, "K", 0, "Remote memory key", 3 },
	{ "laddr", ATOMIC_OPT_LADDR, "A", 0, "Local address for the returned value (adds a data "
	  "segment)", 3 },
	{ "lkey", ATOMIC_OPT_LKEY, "K", 0, "Local memory key of --laddr", 3 },
	{ "qpn", ATOMIC_OPT_QPN, "N", 0, "QP number in the control segment (default 0)", 3 },
	{ "wqe-index", ATOMIC_OPT_INDEX, "N", 0, "WQE index in the control segment (default 0)", 3 },
	{ "masked", ATOMIC_OPT_MASKED, NULL, 0,
	  "8-byte cs/fa as the extended masked form (opmod 0x09), not the standard opcodes", 3 },
	{ 0 }
};

const struct argp atomic_wqe_argp = {
	options, atomic_parse, NULL,
	"Build the control, remote-address and atomic segments (and a data segment with "
	"--laddr) of one atomic's send WQE: the opcode, the opmod of an extended atomic, the "
	"operands big-endian where the rules put them. Values are the semaphore's (--compare, "
	"--swap, --add, not shifted). Hex and every field, decoded. With -d, the device's atomic "
	"capabilities must allow it.",
	prm_global_children, NULL, NULL
};

/* With -d: does the device do this operation, in this form, on a QP? */
static int device_supports(struct dev *d, enum atomic_op op, unsigned size, bool extended)
{
	uint8_t page[DEV_CAP_PAGE_BYTES];
	struct prm_err err = { 0 };
	const char *missing;
	bool general_atomic;
	int rc = atomic_device_caps(d, page, &general_atomic);

	if (!rc && !atomic_caps_allows(page, sizeof(page), general_atomic, op, size, extended,
				       &missing)) {
		prm_err_set(&err, PRM_E_NODEV, 0, "not_supported",
			    "%s: %u-byte %s as %s is not supported on its QPs: the atomic "
			    "capabilities lack %s%s", d->label, size, atomic_op_name(op),
			    extended ? "an extended (masked) atomic" : "a standard atomic", missing,
			    size == 8 && !extended ? " (--masked builds the extended form)" : "");
		rc = cmd_fail(&err);
	}
	return rc;
}

/* The request the options describe, or a usage error (judged before -d is opened). */
static int request(const struct atomic_args *a, struct atomic_wqe_req *r)
{
	struct atomic_wire given;
	const char *why;
	int rc = atomic_wire_from_args(a, &given);

	if (rc)
		return rc;
	if (a->has[ATOMIC_V_CMASK] || a->has[ATOMIC_V_SMASK] || a->has[ATOMIC_V_FB])
		return cmd_usage("wqe builds the masks from the rules; check yours with 'atomic "
				 "verify'");
	if (!a->has_num[ATOMIC_N_RADDR] || !a->has_num[ATOMIC_N_RKEY])
		return cmd_usage("where to? --raddr A --rkey K");
	if (a->has_num[ATOMIC_N_LADDR] != a->has_num[ATOMIC_N_LKEY])
		return cmd_usage("--laddr and --lkey come together");
	if (a->num[ATOMIC_N_RKEY] > UINT32_MAX || a->num[ATOMIC_N_LKEY] > UINT32_MAX ||
	    a->num[ATOMIC_N_QPN] > 0xffffff || a->num[ATOMIC_N_INDEX] > 0xffff)
		return cmd_usage("keys are 32 bits, --qpn 24 bits, --wqe-index 16 bits");
	if (a->masked && a->size != 8)
		return cmd_usage("--masked is for 8-byte operations: smaller ones are always masked");
	memset(r, 0, sizeof(*r));
	if (atomic_wire_build(a->op, a->size, a->offset, a->val[ATOMIC_V_COMPARE], given.swap_add,
			      &r->w, &why))
		return cmd_usage("%u-byte %s at offset %u: %s", a->size, atomic_op_name(a->op),
				 a->offset, why);
	r->raddr = a->num[ATOMIC_N_RADDR];
	r->rkey = (uint32_t)a->num[ATOMIC_N_RKEY];
	r->has_local = a->has_num[ATOMIC_N_LADDR];
	r->laddr = a->num[ATOMIC_N_LADDR];
	r->lkey = (uint32_t)a->num[ATOMIC_N_LKEY];
	r->qpn = (uint32_t)a->num[ATOMIC_N_QPN];
	r->wqe_index = (uint16_t)a->num[ATOMIC_N_INDEX];
	r->masked8 = a->masked;
	return 0;
}

int atomic_wqe_check(struct cmd_run *run)
{
	struct atomic_wqe_req r;

	return request(run->opts, &r);
}

int atomic_wqe(struct cmd_run *run)
{
	const struct atomic_args *a = run->opts;
	struct atomic_wqe_req r;
	struct atomic_wqe q;
	struct prm_err err = { 0 };
	const char *why;
	int rc = request(a, &r);

	if (rc)
		return rc;
	if (run->dev && (rc = device_supports(run->dev, a->op, a->size,
					      a->size < 8 || a->masked || a->op == ATOMIC_SWAP)))
		return rc;
	cmd_close_now(run);	/* the device only answered the capability check */
	if (atomic_wqe_build(&r, &q, &why))
		return cmd_usage("--raddr 0x%llx: %s", (unsigned long long)r.raddr, why);
	out_doc_begin();
	out_str("op", atomic_op_name(a->op));
	out_u64("size", a->size);
	out_u64("offset", a->offset);
	out_hex_width("opcode", q.opcode, 8);
	out_hex_width("opmod", q.opmod, 8);
	out_u64("ds", q.ds);
	out_u64("bytes", q.len);
	out_hex_string("hex", q.bytes, q.len);
	out_arr_begin("segments");
	for (unsigned i = 0; i < q.nseg; i++) {
		out_obj_begin(NULL);
		out_str("segment", q.seg[i].name);
		out_str("layout", q.seg[i].layout->name);
		out_u64("offset", q.seg[i].off);
		out_hex_string("hex", q.bytes + q.seg[i].off, q.seg[i].len);
		out_obj_begin("fields");
		if (out_layout(q.seg[i].layout, q.bytes + q.seg[i].off, q.seg[i].len, 0, &err)) {
			out_doc_abort();
			return cmd_fail(&err);
		}
		out_obj_end();
		out_obj_end();
	}
	out_arr_end();
	return cmd_done(EXIT_OK);
}
