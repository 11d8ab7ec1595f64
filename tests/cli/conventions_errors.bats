#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# prmctl(8) CONVENTIONS, Errors: a failed PRM command's JSON error object carries
# status, status_name, syndrome, opcode, opcode_name and op_mod as members, and a
# failed register access its register, register_id and method, beside the message.
load helper

setup() {
	TRC=$BATS_TEST_TMPDIR/t.trc
}

# command line | opcode the injected failure hits (kernel name) | its op_mod
CASES=(
	"caps|QUERY_HCA_CAP|1"
	"caps atomic|QUERY_HCA_CAP|7"
	"cmd QUERY_ADAPTER|QUERY_ADAPTER|0"
	"--access cmdq reg read MGIR|ACCESS_REG|1"
	"dct create|CREATE_DCT|0"
	"dct query 5|QUERY_DCT|0"
	"nvmf ns|QUERY_NVMF_NAMESPACE_CONTEXT|0"
	"esw functions|QUERY_ESW_FUNCTIONS|0"
	"--access cmdq trace capture --duration 100ms -o \$TRC|ACCESS_REG|1"
)

@test "errors: a failed command's status, syndrome, opcode and op_mod are members of the error" {
	local c line op opmod
	for c in "${CASES[@]}"; do
		IFS='|' read -r line op opmod <<<"$c"
		line=${line//\$TRC/$TRC}
		# shellcheck disable=SC2086
		prm -d sim -j --inject "cmd-status:$op,5,0x1234" $line
		[ "$status" -eq 1 ] || fail "$line: exit $status, not 1: $stderr"
		echo "$output" | jq -e --arg op "$op" --argjson opmod "$opmod" '
			.schema == "prmctl/1" and .error.code == 1 and .error.reason == "cmd_status" and
			.error.status == 5 and .error.status_name == "bad resource" and
			.error.syndrome == 4660 and .error.opcode_name == $op and
			(.error.opcode | type) == "number" and .error.op_mod == $opmod and
			(.error.message | contains("syndrome (0x1234)"))' >/dev/null ||
			fail "$line: $output"
		# text mode: the message alone, unchanged
		[[ $stderr == *"$op("*"status bad resource(0x5), syndrome (0x1234)"* ]] ||
			fail "$line: stderr: $stderr"
	done
}

@test "errors: the opcode is the number the kernel names" {
	prm -d sim -j --inject cmd-status:QUERY_ADAPTER,2,7 cmd QUERY_ADAPTER
	assert_failure 1
	echo "$output" | jq -e '.error.opcode == 257 and .error.status == 2 and
		.error.status_name == "bad operation" and .error.syndrome == 7'
}

@test "errors: a register access through a command names the register" {
	prm -d sim -j --access cmdq --inject cmd-status:ACCESS_REG,5,0x99 reg read MGIR
	assert_failure 1
	echo "$output" | jq -e '.error.register == "MGIR" and .error.register_id == 36896 and
		.error.method == "read" and .error.opcode_name == "ACCESS_REG" and .error.syndrome == 153'
}

@test "errors: a register the firmware refuses over ICMD: its status and id" {
	prm -d sim -j --access icmd reg read 0x9999 --len 16
	assert_failure 1
	echo "$output" | jq -e '.error.reason == "reg_not_supported" and .error.status == 4 and
		.error.status_name == "register not supported" and .error.register_id == 39321 and
		.error.method == "read" and (.error | has("register") | not)'
}

@test "errors: a usage error has no command fields" {
	prm -d sim -j cmd NO_SUCH_COMMAND
	assert_failure 2
	echo "$output" | jq -e '.error | (has("status") or has("opcode") or has("syndrome")) | not'
}

@test "errors: probe and qp selftest report a command's failure as data, with its status" {
	prm -d sim -j --inject cmd-status:QUERY_HCA_CAP,5,0x1234 probe
	echo "$output" | jq -e '.commands[] | select(.opcode_name == "QUERY_HCA_CAP") |
		.status == 5 and .status_name == "bad resource" and .syndrome == 4660'
	prm -d sim -j --inject cmd-status:CREATE_QP,5,0x1234 qp selftest --pairs 1 --cycles 1
	assert_failure 4
	echo "$output" | jq -e '.failures[0].step == "create" and .failures[0].status == 5 and
		.failures[0].syndrome == 4660'
}

@test "errors: a command not delivered: its delivery status and opcode" {
	prm -d sim -j --inject cmd-bad-signature caps
	assert_failure 1
	echo "$output" | jq -e '.error.reason == "delivery_status" and .error.delivery_status == 1 and
		.error.delivery_status_name == "signature error" and .error.opcode_name == "ENABLE_HCA" and
		.error.opcode == 260 and (.error | has("status") | not)'
}

@test "errors: an option's bad value says the same in the JSON error object as in text" {
	local line want
	for line in "atomic masks --op sc|atomic masks: --op 'sc': cs, fa or swap" \
		"trace decode --filter type=strng /dev/null|type is string, raw or timestamp; did you mean 'string'?" \
		"-d sim --write qp selftest --mtu 1000|--mtu '1000': an MTU is 256, 512, 1024, 2048 or 4096 bytes"; do
		want=${line#*|}
		# shellcheck disable=SC2086
		prm ${line%%|*}
		assert_failure 2
		[[ $stderr == *"$want"* ]] || fail "text: $stderr"
		# shellcheck disable=SC2086
		prm -j ${line%%|*}
		assert_failure 2
		echo "$output" | jq -e --arg w "$want" '.error.reason == "usage" and (.error.message | contains($w))' >/dev/null ||
			fail "JSON: $output"
		[ "$(grep -c . <<<"$stderr")" -eq 1 ] || fail "JSON mode's stderr says it more than once: $stderr"
	done
}
