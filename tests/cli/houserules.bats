#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# Rules of the house (HACKING.md) that a grep can hold: one opcode list, one
# register-id list, PRM commands built below cmd/, one place that installs
# the stop signals. Each names the offending lines when it fails. Needs no
# prmctl binary.
load helper

# grep over our sources; the rule holds when nothing matches (grep exit 1)
assert_nowhere() { # pattern path...
	local pat=$1
	shift
	run grep -rnE --include='*.c' --include='*.h' "$pat" "$@"
	[ "$status" -eq 1 ] || { printf '%s\n' "$output" >&2; return 1; }
}

@test "opcodes are defined only in lib/prm/opcodes.h, under the kernel's names" {
	cd "$TOP"
	assert_nowhere '#define[[:space:]]+OP_' lib cmd
	# the list is X(NAME, value) lines; a NAME = value anywhere is a second list
	assert_nowhere 'MLX5_CMD_OP_[A-Z0-9_]+[[:space:]]*=[[:space:]]*(0x)?[0-9]' lib cmd
	run grep -cE '^[[:space:]]X\([A-Z0-9_]+, 0x[0-9a-f]+\)' lib/prm/opcodes.h
	[ "$output" -gt 100 ]
}

@test "access-register ids are defined only in lib/prm/registers.h" {
	cd "$TOP"
	assert_nowhere '#define[[:space:]]+(REG_(MGIR|MTRC_[A-Z]+|MCAM|DTOR)|MGIR_ID)[[:space:]]' lib cmd
}

@test "no cmd/ file builds a PRM command: prm_set and PRM_SET live below cmd/" {
	cd "$TOP"
	assert_nowhere '(^|[^a-z_])(prm_set|PRM_SET)[[:space:]]*\(' cmd
}

@test "SIGINT and SIGTERM are installed in one place, cmd/core/stop.c" {
	cd "$TOP"
	run grep -rlE --include='*.c' 'sigaction\(SIG(INT|TERM)|signal\(SIG(INT|TERM)' lib cmd
	assert_success
	assert_output "cmd/core/stop.c"
}

@test "each rule above can fail: a stray definition is found" {
	T=$BATS_TEST_TMPDIR/tree
	mkdir -p "$T/cmd"
	printf '#define OP_NOP 0x80d\n' > "$T/cmd/x.c"
	cd "$T"
	! assert_nowhere '#define[[:space:]]+OP_' cmd 2>/dev/null
	printf 'PRM_SET(nop_in, in, 16, "opcode", 1);\n' > "$T/cmd/x.c"
	! assert_nowhere '(^|[^a-z_])(prm_set|PRM_SET)[[:space:]]*\(' cmd 2>/dev/null
}
