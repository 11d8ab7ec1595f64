// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * prmctl atomic emulate|selftest|check-write: the responder run on memory,
 * checked against an independent byte-wise model, and RDMA WRITE atomicity.
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

#define SELFTEST_SHOWN 8

static const struct argp_option emulate_options[] = {
	ATOMIC_OP_OPTIONS,
	ATOMIC_VALUE_OPTIONS,
	{ NULL, 0, NULL, 0, "Memory:", 3 },
	{ "mem", ATOMIC_OPT_MEM, "HEX", 0,
	  "The aligned unit's bytes in memory order: 8 hex digits (16 for size 8)", 3 },
	{ 0 }
};

const struct argp atomic_emulate_argp = {
	emulate_options, atomic_parse, NULL,
	"Run the responder on a memory unit: the operation built by the rules from semaphore "
	"values (--compare, --swap, --add: the values themselves, not shifted), or with the masks "
	"given to see what a wrong one does. Prints memory before and after, the response (the "
	"whole original unit), the semaphore taken from it, and whether the compare matched.",
	prm_global_children, NULL, NULL
};

static const struct argp_option selftest_options[] = {
	{ "seed", ATOMIC_OPT_SEED, "N", 0, "Seed of the random values (default 1)", 0 },
	{ 0 }
};

const struct argp atomic_selftest_argp = {
	selftest_options, atomic_parse, NULL,
	"Run every operation, size and offset over many memory contents and values through the "
	"emulator and through an independent byte-wise model of the same rules; exit 4 if they "
	"ever disagree.",
	prm_global_children, NULL, NULL
};

static const struct argp_option check_write_options[] = {
	{ "addr", ATOMIC_OPT_ADDR, "A", 0, "Remote address of the write", 0 },
	{ "len", ATOMIC_OPT_LEN, "L", 0, "Its length, bytes", 0 },
	{ "max-atomic-size", ATOMIC_OPT_MAX, "M", 0,
	  "The responder's max_atomic_size (a power of two)", 0 },
	{ "atomic-writes-enabled", ATOMIC_OPT_ENABLED, NULL, 0,
	  "The receiving QP enables atomic writes", 0 },
	{ 0 }
};

const struct argp atomic_check_write_argp = {
	check_write_options, atomic_parse, NULL,
	"Is an RDMA WRITE atomic with respect to atomics (seed 000 §2.3)? Only if the receiving "
	"QP enables atomic writes, its length is at most max_atomic_size, and it does not cross "
	"a max_atomic_size-aligned boundary: (addr % max) + len <= max. Exit 4 when it is not.",
	prm_global_children, NULL, NULL
};

static int parse_mem(const char *s, unsigned unit, uint8_t *mem)
{
	if (!strncasecmp(s, "0x", 2))
		s += 2;
	if (strlen(s) != 2 * unit)
		return -1;
	for (unsigned i = 0; i < unit; i++) {
		char byte[3] = { s[2 * i], s[2 * i + 1], 0 };
		char *end;

		mem[i] = (uint8_t)strtoul(byte, &end, 16);
		if (*end || !byte[0] || byte[0] == '-' || byte[0] == '+' || byte[0] == ' ')
			return -1;
	}
	return 0;
}

int atomic_emulate_cmd(struct cmd_run *run)
{
	const struct atomic_args *a = run->opts;
	struct atomic_wire w, given;
	struct atomic_result r;
	uint8_t mem[8];
	const char *why;
	int rc = atomic_wire_from_args(a, &given);

	if (rc)
		return rc;
	if (!a->mem)
		return cmd_usage("emulate needs the memory: --mem HEX");
	if (a->op == ATOMIC_CS ? !a->has[ATOMIC_V_COMPARE] || !a->has[ATOMIC_V_SWAP]
	    : a->op == ATOMIC_SWAP ? !a->has[ATOMIC_V_SWAP] : !a->has[ATOMIC_V_ADD])
		return cmd_usage("%s needs %s", atomic_op_name(a->op),
				 a->op == ATOMIC_CS ? "--compare and --swap"
				 : a->op == ATOMIC_SWAP ? "--swap" : "--add");
	if (atomic_wire_build(a->op, a->size, a->offset, a->val[ATOMIC_V_COMPARE], given.swap_add,
			      &w, &why))
		return cmd_usage("%u-byte %s at offset %u: %s", a->size, atomic_op_name(a->op),
				 a->offset, why);
	/* masks given replace the rules' (to see what a wrong one does) */
	if (a->has[ATOMIC_V_CMASK])
		w.compare_mask = a->val[ATOMIC_V_CMASK];
	if (a->has[ATOMIC_V_SMASK])
		w.swap_mask = a->val[ATOMIC_V_SMASK];
	if (a->has[ATOMIC_V_FB])
		w.field_boundary = a->val[ATOMIC_V_FB];
	if (parse_mem(a->mem, a->size == 8 ? 8 : 4, mem))
		return cmd_usage("--mem '%s': %u hex digits, the unit's bytes in memory order",
				 a->mem, a->size == 8 ? 16 : 8);
	if (atomic_emulate(&w, mem, &r, &why))
		return cmd_usage("%s", why);
	out_doc_begin();
	out_str("op", atomic_op_name(w.op));
	out_u64("size", w.size);
	out_u64("offset", w.offset);
	out_obj_begin("wire");
	out_hex_width(w.op == ATOMIC_FA ? "add" : "swap", w.swap_add, 8 * r.unit);
	if (w.op == ATOMIC_FA) {
		out_hex_width("field_boundary", w.field_boundary, 8 * r.unit);
	} else {
		out_hex_width("compare", w.compare, 8 * r.unit);
		out_hex_width("compare_mask", w.compare_mask, 8 * r.unit);
		out_hex_width("swap_mask", w.swap_mask, 8 * r.unit);
	}
	out_obj_end();
	out_hex_string("memory_before", r.before, r.unit);
	out_hex_string("memory_after", r.after, r.unit);
	out_hex_width("response", r.response, 8 * r.unit);
	out_hex_width("semaphore", r.semaphore, 8 * w.size);
	if (w.op != ATOMIC_FA)
		out_bool("swapped", r.swapped);
	return cmd_done(EXIT_OK);
}

/* A small deterministic generator: the same cases every run with one seed. */
static uint64_t next(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return *s;
}

static uint64_t pick(uint64_t *s, unsigned size, uint64_t near)
{
	uint64_t max = size == 8 ? UINT64_MAX : (UINT64_C(1) << 8 * size) - 1;

	switch (next(s) % 6) {
	case 0:
		return 0;
	case 1:
		return max;
	case 2:
		return near;	/* the semaphore's own value: a compare that matches */
	case 3:
		return (near + 1) & max;
	default:
		return next(s) & max;
	}
}

struct mismatch {
	enum atomic_op op;
	unsigned size, offset;
	uint8_t mem[8];
	uint64_t compare, swap_add;
	const char *what;
};

static const char *compare_one(enum atomic_op op, unsigned size, unsigned offset,
			       const uint8_t *mem, uint64_t compare, uint64_t swap_add)
{
	static const enum atomicref_op ref_op[ATOMIC_NOPS] = { ATOMICREF_CS, ATOMICREF_FA,
							       ATOMICREF_SWAP };
	struct atomic_wire w;
	struct atomic_result r;
	struct atomicref_result ref;
	const char *why;
	uint8_t resp[8];

	if (atomic_wire_build(op, size, offset, compare, swap_add, &w, &why) ||
	    atomic_emulate(&w, mem, &r, &why))
		return "the emulator refused a valid operation";
	if (atomicref_run(ref_op[op], size, offset, mem, op == ATOMIC_CS ? compare : 0, swap_add,
			  &ref, &why))
		return "the model refused a valid operation";
	for (unsigned i = 0; i < r.unit; i++)
		resp[i] = (uint8_t)(r.response >> 8 * (r.unit - 1 - i));
	if (memcmp(r.after, ref.after, r.unit))
		return "memory after";
	if (memcmp(resp, ref.response, r.unit))
		return "response";
	if (r.semaphore != ref.semaphore)
		return "semaphore";
	if (op != ATOMIC_FA && r.swapped != ref.swapped)
		return "swapped";
	return NULL;
}

int atomic_selftest(struct cmd_run *r)
{
	static const unsigned sizes[] = { 1, 2, 4, 8 };
	const struct atomic_args *a = r->opts;
	struct mismatch shown[SELFTEST_SHOWN];
	uint64_t cases = 0, bad = 0, seed;

	seed = a->has_num[ATOMIC_N_SEED] && a->num[ATOMIC_N_SEED] ? a->num[ATOMIC_N_SEED] : 1;
	for (int op = 0; op < ATOMIC_NOPS; op++)
		for (size_t s = 0; s < 4; s++)
			for (unsigned off = 0; off < (sizes[s] == 8 ? 1u : 4u); off += sizes[s])
				for (int k = 0; k < 4096; k++) {
					uint8_t mem[8];
					uint64_t sem = 0, c, v;
					const char *what;

					for (int i = 0; i < 8; i++)
						mem[i] = (uint8_t)next(&seed);
					for (unsigned i = 0; i < sizes[s]; i++)
						sem = sem << 8 | mem[off + i];
					c = pick(&seed, sizes[s], sem);
					v = pick(&seed, sizes[s], sem);
					cases++;
					what = compare_one(op, sizes[s], off, mem, c, v);
					if (!what)
						continue;
					if (bad < SELFTEST_SHOWN)
						shown[bad] = (struct mismatch){ op, sizes[s], off,
							{ 0 }, c, v, what };
					if (bad < SELFTEST_SHOWN)
						memcpy(shown[bad].mem, mem, 8);
					bad++;
				}
	out_doc_begin();
	out_u64("cases", cases);
	out_u64("mismatches", bad);
	out_table_begin("first_mismatches");
	for (uint64_t i = 0; i < bad && i < SELFTEST_SHOWN; i++) {
		out_obj_begin(NULL);
		out_str("op", atomic_op_name(shown[i].op));
		out_u64("size", shown[i].size);
		out_u64("offset", shown[i].offset);
		out_hex_string("mem", shown[i].mem, shown[i].size == 8 ? 8 : 4);
		out_hex("compare", shown[i].compare);
		out_hex("swap_add", shown[i].swap_add);
		out_str("differs_in", shown[i].what);
		out_obj_end();
	}
	out_table_end();
	out_bool("ok", bad == 0);
	return cmd_done(bad ? EXIT_CHECK : EXIT_OK);
}

int atomic_check_write_cmd(struct cmd_run *r)
{
	const struct atomic_args *a = r->opts;
	struct atomic_write_check c;
	const char *why;

	if (!a->has_num[ATOMIC_N_ADDR] || !a->has_num[ATOMIC_N_LEN] || !a->has_num[ATOMIC_N_MAX])
		return cmd_usage("check-write needs --addr, --len and --max-atomic-size");
	if (atomic_check_write(a->num[ATOMIC_N_ADDR], a->num[ATOMIC_N_LEN], a->num[ATOMIC_N_MAX],
			       a->writes_enabled, &c, &why))
		return cmd_usage("--addr 0x%llx --len %llu --max-atomic-size %llu: %s",
				 (unsigned long long)a->num[ATOMIC_N_ADDR],
				 (unsigned long long)a->num[ATOMIC_N_LEN],
				 (unsigned long long)a->num[ATOMIC_N_MAX], why);
	out_doc_begin();
	out_hex("addr", a->num[ATOMIC_N_ADDR]);
	out_u64("len", a->num[ATOMIC_N_LEN]);
	out_u64("max_atomic_size", a->num[ATOMIC_N_MAX]);
	out_bool("atomic_writes_enabled", a->writes_enabled);
	out_bool("atomic", c.atomic);
	out_str("why", c.why);
	if (c.has_alternative)
		out_hex("nearest_atomic_addr", c.alt_addr);
	if (c.pieces)
		out_u64("pieces", c.pieces);
	return cmd_done(c.atomic ? EXIT_OK : EXIT_CHECK);
}
