// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * prmctl atomic: the masked-atomic rules made checkable (seed 000 §2):
 * the mask table, a check of somebody's operation or table, the responder
 * run on a memory word, a self-test against an independent byte-wise model,
 * and whether an RDMA WRITE is atomic with respect to atomics.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/atomic.h"
#include "cmd/core/cmd.h"
#include "lib/out/out.h"
#include "lib/prm/atomic.h"
#include "lib/prm/atomicref.h"
#include "lib/prm/atomictable.h"
#include "lib/util/readall.h"

#define TABLE_MAX_BYTES (4u << 20)

error_t atomic_parse(int key, char *arg, struct argp_state *state)
{
	struct atomic_args *a = state->input;
	uint64_t v;

	switch (key) {
	case ATOMIC_OPT_OP:
		if (atomic_op_parse(arg, &a->op)) {
			argp_error(state, "--op '%s': cs, fa or swap", arg);
			return EINVAL;
		}
		a->has_op = true;
		return 0;
	case ATOMIC_OPT_SIZE:
	case ATOMIC_OPT_OFFSET:
		if (cmd_number(arg, 64, &v)) {
			argp_error(state, "%s '%s': a number of bytes, 0 to 64",
				   key == ATOMIC_OPT_SIZE ? "--size" : "--offset", arg);
			return EINVAL;
		}
		if (key == ATOMIC_OPT_SIZE) {
			a->size = (unsigned)v;
			a->has_size = true;
		} else {
			a->offset = (unsigned)v;
		}
		return 0;
	case ATOMIC_OPT_MEM:
		a->mem = arg;
		return 0;
	case ATOMIC_OPT_TABLE:
		a->table = arg;
		return 0;
	case ATOMIC_OPT_ENABLED:
		a->writes_enabled = true;
		return 0;
	case ATOMIC_OPT_MASKED:
		a->masked = true;
		return 0;
	}
	if (key >= ATOMIC_OPT_COMPARE && key <= ATOMIC_OPT_FB) {
		if (cmd_number(arg, UINT64_MAX, &v)) {
			argp_error(state, "'%s' is not a number (decimal or 0x hex)", arg);
			return EINVAL;
		}
		a->val[key - ATOMIC_OPT_COMPARE] = v;
		a->has[key - ATOMIC_OPT_COMPARE] = true;
		return 0;
	}
	if (key >= ATOMIC_OPT_ADDR && key <= ATOMIC_OPT_SEED) {
		if (cmd_number(arg, UINT64_MAX, &v)) {
			argp_error(state, "'%s' is not a number (decimal or 0x hex)", arg);
			return EINVAL;
		}
		a->num[key - ATOMIC_OPT_ADDR] = v;
		a->has_num[key - ATOMIC_OPT_ADDR] = true;
		return 0;
	}
	return cmd_no_args(key, arg, state);
}

static const struct argp_option masks_options[] = { ATOMIC_OP_OPTIONS, { 0 } };

static const struct argp masks_argp = {
	masks_options, atomic_parse, NULL,
	"The mask table: for every operation, size and valid offset, the compare and swap "
	"masks (cs, swap) or the field boundary (fa) the rules give; --op and --size narrow it. "
	"Masks are 32-bit numbers (64-bit for size 8), byte k of the aligned unit being byte k "
	"of the argument (network order).",
	prm_global_children, NULL, NULL
};

static const struct argp_option verify_options[] = {
	ATOMIC_OP_OPTIONS,
	ATOMIC_VALUE_OPTIONS,
	{ NULL, 0, NULL, 0, "Or a table:", 3 },
	{ "table", ATOMIC_OPT_TABLE, "FILE", 0,
	  "Check a whole table (the JSON of 'atomic masks', or its masks array)", 3 },
	{ 0 }
};

static const struct argp verify_argp = {
	verify_options, atomic_parse, NULL,
	"Check one operation as it would be sent (values and masks as on the wire: --compare, "
	"--swap or --add already in place, --compare-mask and --swap-mask, or --field-boundary) "
	"or a whole table against the rules; say what is wrong and what it should be. Exit 4 on "
	"any mismatch.",
	prm_global_children, NULL, NULL
};

static void masks_row(enum atomic_op op, unsigned size, unsigned offset,
		      const struct atomic_masks *m)
{
	out_obj_begin(NULL);
	out_str("op", atomic_op_name(op));
	out_u64("size", size);
	out_u64("offset", offset);
	if (op == ATOMIC_FA) {
		out_hex_width("field_boundary", m->field_boundary, 8 * m->unit);
	} else {
		out_hex_width("compare_mask", m->compare_mask, 8 * m->unit);
		out_hex_width("swap_mask", m->swap_mask, 8 * m->unit);
	}
	out_obj_end();
}

static int masks(struct cmd_run *r)
{
	static const unsigned sizes[] = { 1, 2, 4, 8 };
	const struct atomic_args *a = r->opts;

	if (a->has_size && a->size != 1 && a->size != 2 && a->size != 4 && a->size != 8)
		return cmd_usage("--size %u: the size is 1, 2, 4 or 8 bytes", a->size);
	out_doc_begin();
	out_table_begin("masks");
	for (int op = 0; op < ATOMIC_NOPS; op++) {
		if (a->has_op && (enum atomic_op)op != a->op)
			continue;
		for (size_t s = 0; s < sizeof(sizes) / sizeof(sizes[0]); s++) {
			struct atomic_masks m;
			const char *why;

			if (a->has_size && sizes[s] != a->size)
				continue;
			for (unsigned off = 0; off < (sizes[s] == 8 ? 1u : 4u); off += sizes[s])
				if (!atomic_masks(op, sizes[s], off, &m, &why))
					masks_row(op, sizes[s], off, &m);
		}
	}
	out_table_end();
	return cmd_done(EXIT_OK);
}

static void problems(const struct atomic_problem *p, unsigned n, unsigned unit)
{
	for (unsigned i = 0; i < n; i++) {
		out_obj_begin(NULL);
		out_str("field", p[i].field);
		out_hex_width("got", p[i].got, 8 * unit);
		if (p[i].has_want)
			out_hex_width("want", p[i].want, 8 * unit);
		else
			out_null("want");
		out_str("rule", p[i].rule);
		out_obj_end();
	}
}

int atomic_wire_from_args(const struct atomic_args *a, struct atomic_wire *w)
{
	memset(w, 0, sizeof(*w));
	if (!a->has_op || !a->has_size)
		return cmd_usage("which operation? --op cs|fa|swap --size 1|2|4|8 [--offset N]");
	w->op = a->op;
	w->size = a->size;
	w->offset = a->offset;
	w->compare = a->val[ATOMIC_V_COMPARE];
	w->swap_add = a->op == ATOMIC_FA ? a->val[ATOMIC_V_ADD] : a->val[ATOMIC_V_SWAP];
	w->compare_mask = a->val[ATOMIC_V_CMASK];
	w->swap_mask = a->val[ATOMIC_V_SMASK];
	w->field_boundary = a->val[ATOMIC_V_FB];
	if (a->op == ATOMIC_FA && (a->has[ATOMIC_V_SWAP] || a->has[ATOMIC_V_COMPARE] ||
				   a->has[ATOMIC_V_CMASK] || a->has[ATOMIC_V_SMASK]))
		return cmd_usage("fa takes --add and --field-boundary, not compare or swap fields");
	if (a->op != ATOMIC_FA && (a->has[ATOMIC_V_ADD] || a->has[ATOMIC_V_FB]))
		return cmd_usage("%s takes --compare/--swap and their masks, not --add or "
				 "--field-boundary", atomic_op_name(a->op));
	if (a->op == ATOMIC_SWAP && a->has[ATOMIC_V_COMPARE])
		return cmd_usage("swap compares nothing: no --compare");
	return 0;
}

static int verify_one(const struct atomic_args *a)
{
	struct atomic_problem p[ATOMIC_MAX_PROBLEMS];
	struct atomic_wire w;
	unsigned n;
	int rc = atomic_wire_from_args(a, &w);

	if (rc)
		return rc;
	if (w.op == ATOMIC_FA ? !a->has[ATOMIC_V_FB]
			      : !a->has[ATOMIC_V_CMASK] || !a->has[ATOMIC_V_SMASK])
		return cmd_usage("verify checks the masks as sent: give %s",
				 w.op == ATOMIC_FA ? "--field-boundary"
						   : "--compare-mask and --swap-mask");
	n = atomic_verify(&w, p, ATOMIC_MAX_PROBLEMS);
	out_doc_begin();
	out_str("op", atomic_op_name(w.op));
	out_u64("size", w.size);
	out_u64("offset", w.offset);
	out_bool("ok", n == 0);
	out_table_begin("problems");
	problems(p, n < ATOMIC_MAX_PROBLEMS ? n : ATOMIC_MAX_PROBLEMS, w.size == 8 ? 8 : 4);
	out_table_end();
	return cmd_done(n ? EXIT_CHECK : EXIT_OK);
}

static int verify_table(const char *file)
{
	struct prm_err err = { 0 };
	struct atomic_wire *rows;
	uint8_t *text;
	size_t len, n, bad = 0;
	int rc;

	if (read_all(file, TABLE_MAX_BYTES, &text, &len, &err))
		return cmd_fail(&err);
	rc = atomic_table_parse((const char *)text, len, &rows, &n, &err);
	free(text);
	if (rc) {
		prm_err_prefix(&err, "%s: ", file);
		return cmd_fail(&err);
	}
	out_doc_begin();
	out_str("table", file);
	out_u64("rows", n);
	out_table_begin("problems");
	for (size_t i = 0; i < n; i++) {
		struct atomic_problem p[ATOMIC_MAX_PROBLEMS];
		unsigned k = atomic_verify(&rows[i], p, ATOMIC_MAX_PROBLEMS);

		for (unsigned j = 0; j < k && j < ATOMIC_MAX_PROBLEMS; j++) {
			out_obj_begin(NULL);
			out_u64("row", i);
			out_str("op", atomic_op_name(rows[i].op));
			out_u64("size", rows[i].size);
			out_u64("offset", rows[i].offset);
			out_str("field", p[j].field);
			out_hex_width("got", p[j].got, rows[i].size == 8 ? 64 : 32);
			if (p[j].has_want)
				out_hex_width("want", p[j].want, rows[i].size == 8 ? 64 : 32);
			else
				out_null("want");
			out_str("rule", p[j].rule);
			out_obj_end();
		}
		bad += k != 0;
	}
	out_table_end();
	out_u64("rows_wrong", bad);
	out_bool("ok", bad == 0);
	free(rows);
	return cmd_done(bad ? EXIT_CHECK : EXIT_OK);
}

static int verify(struct cmd_run *r)
{
	const struct atomic_args *a = r->opts;

	if (a->table && (a->has_op || a->has_size))
		return cmd_usage("either --table FILE or one operation, not both");
	return a->table ? verify_table(a->table) : verify_one(a);
}

static const struct prm_verb verbs[] = {
	{ .name = "masks", .summary = "The mask table the rules give", .argp = &masks_argp,
	  .exec = masks, .opts_size = sizeof(struct atomic_args) },
	{ .name = "verify", .summary = "Check an operation or a whole table against the rules",
	  .argp = &verify_argp, .exec = verify, .opts_size = sizeof(struct atomic_args) },
	{ .name = "emulate", .summary = "Run the responder on a memory word",
	  .argp = &atomic_emulate_argp, .exec = atomic_emulate_cmd,
	  .opts_size = sizeof(struct atomic_args) },
	{ .name = "selftest",
	  .summary = "Every operation, size, offset and many values against a byte-wise model",
	  .argp = &atomic_selftest_argp, .exec = atomic_selftest,
	  .opts_size = sizeof(struct atomic_args) },
	{ .name = "check-write", .summary = "Is an RDMA WRITE atomic with respect to atomics?",
	  .argp = &atomic_check_write_argp, .exec = atomic_check_write_cmd,
	  .opts_size = sizeof(struct atomic_args) },
	{ .name = "wqe", .summary = "The send WQE segments of one atomic, hex and decoded",
	  .argp = &atomic_wqe_argp, .check = atomic_wqe_check, .exec = atomic_wqe,
	  .opts_size = sizeof(struct atomic_args), .flags = CMD_MAY_USE_DEVICE },
	{ .name = "caps",
	  .summary = "What the device's atomic capabilities mean for 1/2/4/8-byte operations",
	  .argp = &atomic_caps_argp, .exec = atomic_caps, .flags = CMD_NEEDS_DEVICE },
};

const struct prm_cmd cmd_atomic = {
	.name = "atomic",
	.summary = "Masked atomics: masks, checks, the responder, write atomicity",
	.verbs = verbs,
	.nverbs = sizeof(verbs) / sizeof(verbs[0]),
	.default_verb = "masks",
};
