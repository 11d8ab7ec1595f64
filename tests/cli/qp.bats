#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# prmctl qp selftest: connection setup tested the way seed 004 does it. The
# configuration is checked before any command (QPN range, remote IPv4, MAC,
# MTU, no remote QPN used twice); then pairs of RC QPs go RESET -> INIT ->
# RTR -> RTS and back, timed, against the simulator's QP state machine
# (lib/sim/qp.c); 'qp-transition-hang:STEP' is a transition that never
# completes, cmd-status a transition the firmware fails.
load helper

setup() {
	private_sims
}

teardown() {
	stop_sims
}

STEPS="create rst2init init2rtr rtr2rts 2rst destroy"

# the QP commands (0x500-0x50a) and ALLOC_PD a service's firmware has run
qp_commands_run() { # name
	"$PRMCTL" -j sim commands "$1" |
		jq '[.commands[] | select(.opcode >= 1280 and .opcode <= 1290 or .opcode == 2048)] | length'
}

# every invalid configuration, one per line: the options, then '|' and the
# message that names it (stderr); each is exit 2
INVALID=(
	"--remote-ip 224.0.0.1|--remote-ip '224.0.0.1': the address is multicast (224.0.0.0/4)"
	"--remote-ip 239.255.255.255|--remote-ip '239.255.255.255': the address is multicast (224.0.0.0/4)"
	"--remote-ip 255.255.255.255|--remote-ip '255.255.255.255': the address is the broadcast address"
	"--remote-ip 0.0.0.0|--remote-ip '0.0.0.0': the address is 0.0.0.0"
	"--remote-ip 192.0.2|--remote-ip '192.0.2': not an IPv4 address"
	"--remote-ip 192.0.2.256|--remote-ip '192.0.2.256': not an IPv4 address"
	"--remote-ip 192.0.2.1x|--remote-ip '192.0.2.1x': not an IPv4 address"
	"--remote-ip fe80::1|--remote-ip 'fe80::1': not an IPv4 address"
	"--remote-mac 01:00:5e:00:00:01|--remote-mac '01:00:5e:00:00:01': the MAC is multicast or broadcast (the first octet's low bit is set)"
	"--remote-mac ff:ff:ff:ff:ff:ff|--remote-mac 'ff:ff:ff:ff:ff:ff': the MAC is multicast or broadcast (the first octet's low bit is set)"
	"--remote-mac 00:00:00:00:00:00|--remote-mac '00:00:00:00:00:00': the MAC is 00:00:00:00:00:00"
	"--remote-mac 02:00:00:00:00|--remote-mac '02:00:00:00:00': not a MAC (aa:bb:cc:dd:ee:ff)"
	"--remote-mac 02:00:00:00:00:0g|--remote-mac '02:00:00:00:00:0g': not a MAC (aa:bb:cc:dd:ee:ff)"
	"--remote-mac 2:0:0:0:0:1|--remote-mac '2:0:0:0:0:1': not a MAC (aa:bb:cc:dd:ee:ff)"
	"--mtu 1500|--mtu '1500': an MTU is 256, 512, 1024, 2048 or 4096 bytes"
	"--mtu 128|--mtu '128': an MTU is 256, 512, 1024, 2048 or 4096 bytes"
	"--mtu 8192|--mtu '8192': an MTU is 256, 512, 1024, 2048 or 4096 bytes"
	"--remote-qpn 0x1000000 --remote-qpn 0x300|--remote-qpn '0x1000000': a QPN has 24 bits (at most 0xffffff)"
	"--remote-qpn 0 --remote-qpn 0x300|--remote-qpn '0': QPs 0 and 1 are the special QP0 and QP1"
	"--remote-qpn 1 --remote-qpn 0x300|--remote-qpn '1': QPs 0 and 1 are the special QP0 and QP1"
	"--remote-qpn qp7 --remote-qpn 0x300|--remote-qpn 'qp7': a number"
	"--remote-qpn 0x300 --remote-qpn 0x300|--remote-qpn 0x300: session already in use by pair 0 (pair 1 would duplicate it)"
	"--remote-qpn 0x300|--remote-qpn: 1 given for 2 pairs: one per pair"
	"--remote-qpn 0x300 --remote-qpn 0x301 --remote-qpn 0x302|--remote-qpn: 3 given for 2 pairs: one per pair"
)

@test "16 pairs x 1000 cycles on the in-process simulator: pass, 192000 commands, every step 32000 times (text)" {
	prm -d sim qp selftest --pairs 16 --cycles 1000
	assert_success
	[ -z "$stderr" ]
	assert_line --regexp '^device +sim$'
	assert_line --regexp '^pairs +16$'
	assert_line --regexp '^cycles +1000$'
	assert_line --regexp '^mtu +1024$'
	assert_line --regexp '^command_count +192000$'
	assert_line --regexp '^STEP +COUNT +MEDIAN US +P99 US +MAX US$'
	assert_line --regexp '^failure_count +0$'
	assert_line --regexp '^verdict +pass$'
	# no failures table when nothing failed
	refute_line --regexp '^STEP +STATUS +SYNDROME'
	local s
	for s in $STEPS; do
		echo "$output" | awk -v s="$s" '
			$1 == s { found = 1; ok = $2 == 32000 && $3 <= $4 && $4 <= $5 }
			END { exit !(found && ok) }' ||
			fail "step $s: not 32000 commands with median <= p99 <= max: $output"
	done
	[ "$(echo "$output" | grep -cE '^(create|rst2init|init2rtr|rtr2rts|2rst|destroy) ')" = 6 ]
}

@test "16 pairs x 1000 cycles: the same in JSON" {
	prm -j -d sim qp selftest --pairs 16 --cycles 1000
	assert_success
	assert_json_doc
	echo "$output" | jq -e '
		.device == "sim" and .pairs == 16 and .cycles == 1000 and .mtu == 1024 and
		.command_count == 192000 and .failure_count == 0 and .verdict == "pass" and .failures == [] and
		([.latency[].step] == ["create", "rst2init", "init2rtr", "rtr2rts", "2rst", "destroy"]) and
		(.latency | all(.count == 32000 and .median_us <= .p99_us and .p99_us <= .max_us)) and
		([.latency[].count] | add) == .command_count'
}

@test "a small run: counts follow pairs and cycles; MTU, IP, MAC (dashes too) and remote QPNs given" {
	prm -j -d sim qp selftest --pairs 3 --cycles 5 --mtu 4096 --remote-ip 198.51.100.7 \
		--remote-mac 0a-1b-2c-3d-4e-5f --remote-qpn 0x300 --remote-qpn 0x301 --remote-qpn 0xffffff
	assert_success
	assert_json_doc
	echo "$output" | jq -e '.pairs == 3 and .cycles == 5 and .mtu == 4096 and .command_count == 180 and
		(.latency | all(.count == 30)) and .verdict == "pass"'
	for m in 256 512 2048; do
		prm -j -d sim qp selftest --pairs 1 --cycles 1 --mtu $m
		assert_success
		echo "$output" | jq -e --argjson m $m '.mtu == $m and .command_count == 12'
	done
	# the default MTU, IP and MAC pass the checks and the simulator's
	prm -j -d sim qp selftest --pairs 1 --cycles 2
	assert_success
	echo "$output" | jq -e '.mtu == 1024 and .command_count == 24 and .verdict == "pass"'
}

@test "every invalid configuration is exit 2 with its own message" {
	local c opts msg
	for c in "${INVALID[@]}"; do
		opts=${c%%|*} msg=${c#*|}
		# shellcheck disable=SC2086
		prm -d sim qp selftest --pairs 2 --cycles 1 $opts
		[ "$status" = 2 ] || fail "$opts: exit $status, not 2"
		[ -z "$output" ] || fail "$opts: printed a report: $output"
		[[ $stderr == *"$msg"* ]] || fail "$opts: expected '$msg', got: $stderr"
	done
	# the messages are all different: each configuration is named for what it is
	local n
	n=$(for c in "${INVALID[@]}"; do echo "${c#*|}"; done | sort -u | wc -l)
	[ "$n" = "${#INVALID[@]}" ]
	# JSON mode: one error document, code 2
	prm -j -d sim qp selftest --remote-qpn 0x300 --remote-qpn 0x300 --pairs 2
	assert_failure 2
	assert_json_doc
	echo "$output" | jq -e '.error.code == 2 and (.error.message | test("session already in use by pair 0"))'
	prm -j -d sim qp selftest --remote-ip 224.0.0.1
	assert_failure 2
	assert_json_doc
	echo "$output" | jq -e '.error.code == 2'
	# --pairs and --cycles
	prm -d sim qp selftest --pairs 0
	assert_failure 2
	[[ $stderr == *"--pairs '0': 1 to 128"* ]]
	prm -d sim qp selftest --pairs 129
	assert_failure 2
	prm -d sim qp selftest --cycles 0
	assert_failure 2
	[[ $stderr == *"--cycles '0': 1 to 10000000"* ]]
}

@test "an invalid configuration is rejected before any command is sent (sim commands)" {
	"$PRMCTL" sim start lab >/dev/null
	local c opts
	for c in "${INVALID[@]}"; do
		opts=${c%%|*}
		# shellcheck disable=SC2086
		prm -d sim:lab qp selftest --pairs 2 --cycles 1 $opts
		[ "$status" = 2 ] || fail "$opts: exit $status, not 2"
	done
	# not one command of any kind: the device was not even opened
	prm -j sim commands lab
	assert_success
	echo "$output" | jq -e '.commands == []'
	# the log does record a run that is valid: ALLOC_PD, 12 QP commands
	prm -d sim:lab qp selftest --pairs 1 --cycles 1
	assert_success
	[ "$(qp_commands_run lab)" = 13 ]
	prm -j sim commands lab
	before=$(echo "$output" | jq '.commands | length')
	for c in "${INVALID[@]}"; do
		opts=${c%%|*}
		# shellcheck disable=SC2086
		prm -d sim:lab qp selftest --pairs 2 --cycles 1 $opts
		[ "$status" = 2 ] || fail "$opts: exit $status, not 2"
	done
	prm -j sim commands lab
	[ "$(echo "$output" | jq '.commands | length')" = "$before" ]
	[ "$(qp_commands_run lab)" = 13 ]
}

@test "qp-transition-hang:init2rtr: exit 5 naming pair 0 and the state it was stuck in, INIT" {
	SECONDS=0
	prm -d sim --inject qp-transition-hang:init2rtr --timeout 300 qp selftest --pairs 2 --cycles 2
	assert_failure 5
	[ -z "$output" ]
	[[ $stderr == *"pair 0 stuck in INIT (init2rtr never completed)"* ]]
	[[ $stderr == *"INIT2RTR_QP(0x503) not completed in 300 ms"* ]]
	[ "$SECONDS" -lt 5 ]
	prm -j -d sim --inject qp-transition-hang:init2rtr --timeout 300 qp selftest --pairs 2 --cycles 2
	assert_failure 5
	assert_json_doc
	echo "$output" | jq -e '.error.code == 5 and .error.reason == "cmd_timeout" and
		(.error.message | startswith("pair 0 stuck in INIT (init2rtr never completed): "))'
}

@test "qp-transition-hang:rst2init and :rtr2rts: stuck in RESET and in RTR" {
	prm -d sim --inject qp-transition-hang:rst2init --timeout 300 qp selftest --pairs 2 --cycles 2
	assert_failure 5
	[[ $stderr == *"pair 0 stuck in RESET (rst2init never completed)"* ]]
	[[ $stderr == *"RST2INIT_QP(0x502) not completed in 300 ms"* ]]
	prm -d sim --inject qp-transition-hang:rtr2rts --timeout 300 qp selftest --pairs 2 --cycles 2
	assert_failure 5
	[[ $stderr == *"pair 0 stuck in RTR (rtr2rts never completed)"* ]]
	[[ $stderr == *"RTR2RTS_QP(0x504) not completed in 300 ms"* ]]
	# the fault needs its transition
	prm -d sim --inject qp-transition-hang qp selftest --pairs 1 --cycles 1
	assert_failure 2
	[[ $stderr == *"qp-transition-hang needs the transition: qp-transition-hang:rst2init, :init2rtr or :rtr2rts"* ]]
	prm -d sim --inject qp-transition-hang:2rst qp selftest --pairs 1 --cycles 1
	assert_failure 2
}

@test "qp-transition-hang on a service: cmd-hang on the opcode; cleared as cmd-hang, the next run passes" {
	"$PRMCTL" sim start lab >/dev/null
	prm sim inject lab qp-transition-hang:rtr2rts
	assert_success
	prm -j sim status lab
	echo "$output" | jq -e '.faults == ["cmd-hang:RTR2RTS_QP"]'
	prm -d sim:lab --timeout 300 qp selftest --pairs 2 --cycles 2
	assert_failure 5
	[[ $stderr == *"pair 0 stuck in RTR (rtr2rts never completed): sim:lab: RTR2RTS_QP(0x504) not completed in 300 ms"* ]]
	prm sim clear lab cmd-hang
	assert_success
	prm -j -d sim:lab qp selftest --pairs 2 --cycles 2
	assert_success
	echo "$output" | jq -e '.verdict == "pass" and .command_count == 48'
}

@test "a transition the firmware fails is counted by step, status and syndrome: exit 4, verdict fail" {
	"$PRMCTL" sim start lab >/dev/null
	"$PRMCTL" sim inject lab cmd-status:INIT2RTR_QP,0x3,0x1234 >/dev/null
	prm -d sim:lab qp selftest --pairs 2 --cycles 3
	assert_failure 4
	assert_line --regexp '^STEP +OPCODE +STATUS +SYNDROME +COUNT +FIRST PAIR$'
	assert_line --regexp '^init2rtr +0x503 [(]INIT2RTR_QP[)] +0x3 [(]bad parameter[)] +0x00001234 +6 +0$'
	assert_line --regexp '^rtr2rts +0 +- +- +-$'
	assert_line --regexp '^failure_count +6$'
	assert_line --regexp '^verdict +fail$'
	prm -j -d sim:lab qp selftest --pairs 2 --cycles 3
	assert_failure 4
	assert_json_doc
	# A pair whose command fails goes no further in that cycle: its second
	# QP is not sent INIT2RTR, so a failure on every INIT2RTR counts once per
	# pair and cycle (pairs x cycles = 6), and no RTR2RTS is sent at all.
	# What was created is still reset and destroyed.
	echo "$output" | jq -e '
		.verdict == "fail" and .failure_count == 6 and
		.failures == [{"step": "init2rtr", "opcode": 1283, "opcode_name": "INIT2RTR_QP", "status": 3,
			"status_name": "bad parameter", "syndrome": 4660, "count": 6, "first_pair": 0}] and
		([.latency[] | {(.step): .count}] | add) ==
			{"create": 12, "rst2init": 12, "init2rtr": 6, "rtr2rts": 0, "2rst": 12, "destroy": 12} and
		(.latency[] | select(.step == "rtr2rts") | .median_us == null and .max_us == null) and
		.command_count == 54'
	# in-process, on another step
	prm -j -d sim --inject cmd-status:RTR2RTS_QP,0x9,0x1 qp selftest --pairs 2 --cycles 3
	assert_failure 4
	echo "$output" | jq -e '.failures == [{"step": "rtr2rts", "opcode": 1284, "opcode_name": "RTR2RTS_QP", "status": 9, "status_name": "bad resource state", "syndrome": 1, "count": 6, "first_pair": 0}]'
}

# INIT2RTR_QP's input after the 8-byte header, as hex: 272 zero bytes with
# "OFFSET:BYTE" set (offsets in the whole input)
init2rtr_in() {
	local -a b
	local i kv s=
	for ((i = 0; i < 272; i++)); do b[i]=00; done
	for kv in "$@"; do b[${kv%%:*}]=${kv#*:}; done
	for ((i = 8; i < 272; i++)); do s+=${b[i]}; done
	echo "$s"
}

@test "the simulator checks INIT2RTR's address path itself, then the QP: BAD_PARAM, BAD_RESOURCE" {
	# qpn 0x99, mtu code 3, remote_qpn 5, rgid ::ffff:192.0.2.1, rmac 02:00:00:00:00:01
	local good="0xb:99 0x20:60 0x2f:05 0x4a:ff 0x4b:ff 0x4c:c0 0x4d:00 0x4e:02 0x4f:01 0x56:02 0x5b:01"
	# shellcheck disable=SC2086
	prm -d sim cmd INIT2RTR_QP --in "$(init2rtr_in $good)"
	assert_failure 1
	[[ $stderr == *"status bad resource(0x5), syndrome (0x5030001)"* ]]	# no QP 0x99
	local c
	for c in "0x20:00 3" "0x20:c0 3" "0x2f:00 4" "0x56:00 0x5b:00 5" "0x56:01 5" "0x4c:e0 6" "0x4c:00 0x4e:00 0x4f:00 6"; do
		# shellcheck disable=SC2086
		prm -d sim cmd INIT2RTR_QP --in "$(init2rtr_in $good ${c% *})"
		assert_failure 1
		[[ $stderr == *"status bad parameter(0x3), syndrome (0x503000${c##* })"* ]] ||
			fail "${c% *}: $stderr"
	done
	# shellcheck disable=SC2086
	prm -d sim cmd INIT2RTR_QP --in "$(init2rtr_in $good 0x4c:ff 0x4d:ff 0x4e:ff 0x4f:ff)"
	[[ $stderr == *"syndrome (0x5030006)"* ]]	# broadcast
}
