#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# prmctl dct create|query|drain|destroy|arm|list|lifecycle|watch: DC targets
# against the simulator's state machine: DCTs numbered from 0x100, ACTIVE ->
# DRAINING -> DRAINED 100 ms after DRAIN_DCT with a DCT_DRAINED event, DESTROY
# refused while draining; 'sim inject NAME dct-drain-stuck' (drains never
# finish) and 'dct-key-violation:DCTN' (counted; an event only if armed, once
# per arm).
load helper

setup() {
	private_sims
}

teardown() {
	stop_sims
}

start_lab() {
	"$PRMCTL" sim start lab >/dev/null
}

# wait up to 5 s for a JSON line of FILE that EXPR (jq) selects
wait_for() { # file expr
	local i
	for i in $(seq 1 100); do
		[ -s "$1" ] && jq -e "select($2)" "$1" 2>/dev/null | grep -q . && return 0
		sleep 0.05
	done
	fail "no line with $2 in $1: $(cat "$1")"
}

# the opcodes the service's firmware has run, as a JSON array of names
commands_run() {
	"$PRMCTL" -j sim commands lab | jq -c '[.commands[].opcode_name]'
}

@test "dct create: the first DCT is 0x100 with a PD allocated for it; the fields given come back from query" {
	start_lab
	prm -d sim:lab dct create --key 0x1122334455667788 --mtu 2048 --remote-read --cqn 5
	assert_success
	assert_line --regexp '^device +sim:lab$'
	assert_line --regexp '^dctn +0x100$'
	assert_line --regexp '^pd +1$'
	assert_line --regexp '^pd_allocated +yes$'
	prm -d sim:lab dct query 0x100
	assert_success
	assert_line --regexp '^state +ACTIVE$'
	assert_line --regexp '^  state +0x0 \(active\)$'
	assert_line --regexp '^  dc_access_key +0x1122334455667788$'
	assert_line --regexp '^  mtu +0x4 \(2048\)$'
	assert_line --regexp '^  rre +yes$'
	assert_line --regexp '^  rwe +no$'
	assert_line --regexp '^  cqn +0x5$'
	assert_line --regexp '^  pd +0x1$'
	prm -j -d sim:lab dct query 0x100
	assert_success
	assert_json_doc
	# a 64-bit key is printed exactly (jq would round it)
	[[ $output == *'"dc_access_key":1234605616436508552'* ]]
	echo "$output" | jq -e '.device == "sim:lab" and .dctn == 256 and .state == "ACTIVE" and
		(.dct_context | .state == 0 and .state_name == "active" and .mtu == 4 and
		 .mtu_name == "2048" and .rre == true and .rwe == false and .rae == false and
		 .cqn == 5 and .pd == 1 and .srqn_xrqn == 0 and .port == 1 and .hop_limit == 64 and
		 .min_rnr_nak == 0 and .cs_res == 0 and .dc_access_key_violation_count == 0)'
	# the defaults: MTU 1024 (code 3), port 1, hop limit 64
	prm -j -d sim:lab dct create --pd 1 --key 0x123456789 --mtu 256 --remote-write --remote-atomic \
		--srqn 7 --user-index 0xabcdef --min-rnr-nak 31 --hop-limit 3 --tclass 0x20 --port 2
	assert_success
	assert_json_doc
	echo "$output" | jq -e '.dctn == 257 and .pd == 1 and .pd_allocated == false'
	prm -j -d sim:lab dct query 0x101
	echo "$output" | jq -e '.dct_context | .pd == 1 and .dc_access_key == 4886718345 and
		.mtu == 1 and .mtu_name == "256" and .rre == false and .rwe == true and .rae == true and
		.srqn_xrqn == 7 and .user_index == 11259375 and .min_rnr_nak == 31 and
		.hop_limit == 3 and .tclass == 32 and .port == 2'
	prm -j -d sim:lab dct create
	echo "$output" | jq -e '.dctn == 258 and .pd == 2 and .pd_allocated == true'
	prm -j -d sim:lab dct query 0x102
	echo "$output" | jq -e '.dct_context | .mtu == 3 and .mtu_name == "1024" and .port == 1 and
		.hop_limit == 64 and .dc_access_key == 0 and .cqn == 0'
	run commands_run
	[[ $output == *'"ALLOC_PD","CREATE_DCT"'* ]]
}

@test "dct create: bad fields are refused before anything is sent" {
	start_lab
	prm -d sim:lab dct create --mtu 1000
	assert_failure 2
	assert_equal "${stderr_lines[0]}" "prmctl dct create: --mtu '1000': 256, 512, 1024, 2048 or 4096"
	prm -d sim:lab dct create --cqn 0x1000000
	assert_failure 2
	assert_equal "${stderr_lines[0]}" "prmctl dct create: --cqn '0x1000000': a number up to 0xffffff"
	prm -d sim:lab dct create --min-rnr-nak 32
	assert_failure 2
	assert_equal "${stderr_lines[0]}" "prmctl dct create: --min-rnr-nak '32': a number up to 0x1f"
	prm -d sim:lab dct create --key 0x10000000000000000
	assert_failure 2
	assert_equal "${stderr_lines[0]}" "prmctl dct create: --key '0x10000000000000000': a number up to 0xffffffffffffffff"
	prm -d sim:lab dct create --pd 0x1000000
	assert_failure 2
	assert_equal "${stderr_lines[0]}" "prmctl dct create: --pd '0x1000000': a number up to 0xffffff"
	prm -d sim:lab dct create --port 256
	assert_failure 2
	assert_equal "${stderr_lines[0]}" "prmctl dct create: --port '256': a number up to 0xff"
	prm -j -d sim:lab dct create --mtu 1000
	assert_failure 2
	assert_json_doc
	echo "$output" | jq -e '.error.code == 2 and .error.reason == "usage"'
	# none of them reached the firmware
	run commands_run
	assert_output '[]'
}

@test "dct create --mtu beyond 4096: one message, not two" {
	start_lab
	prm -d sim:lab dct create --mtu 8192
	assert_failure 2
	assert_equal "${stderr_lines[0]}" "prmctl dct create: --mtu '8192': 256, 512, 1024, 2048 or 4096"
	[[ $stderr != *"a number up to 0x1000"* ]] || fail "two messages for one option: $stderr"
}

@test "dct create: the simulator refuses a PD that does not exist, MTU 0 or 6, cs_res 3" {
	start_lab
	prm -d sim:lab dct create --pd 999
	assert_failure 1
	assert_equal "$stderr" "prmctl: sim:lab: CREATE_DCT(0x710) op_mod(0x0) failed, status bad resource(0x5), syndrome (0x7100002)"
	"$PRMCTL" -d sim:lab cmd ALLOC_PD >/dev/null
	# CREATE_DCT's input after the 8-byte header: 8 bytes, then the dctc
	# (pd at 0x18, cs_res at 0x11, mtu at 0x28), then the rest of the 128 bytes
	ctx() { # pd mtu cs_res
		python3 -c 'import sys
b = bytearray(120)
pd, mtu, cs = map(int, sys.argv[1:])
b[8 + 0x18:8 + 0x1c] = pd.to_bytes(4, "big")
b[8 + 0x28] = mtu
b[8 + 0x11] = cs
print(b.hex())' "$@"
	}
	prm -d sim:lab cmd CREATE_DCT --in "$(ctx 1 0 0)"
	assert_failure 1
	assert_equal "$stderr" "prmctl: sim:lab: CREATE_DCT(0x710) op_mod(0x0) failed, status bad parameter(0x3), syndrome (0x7100003)"
	prm -d sim:lab cmd CREATE_DCT --in "$(ctx 1 6 0)"
	assert_failure 1
	prm -d sim:lab cmd CREATE_DCT --in "$(ctx 1 1 3)"
	assert_failure 1
	assert_equal "$stderr" "prmctl: sim:lab: CREATE_DCT(0x710) op_mod(0x0) failed, status bad parameter(0x3), syndrome (0x7100004)"
	prm -j -d sim:lab cmd CREATE_DCT --in "$(ctx 1 5 2)"
	assert_success
	echo "$output" | jq -e '.status == 0 and .fields.dctn == 256'
}

@test "dct query: an unknown DCT is exit 1 with the firmware's status named; a bad number is usage" {
	start_lab
	prm -d sim:lab dct query 0x200
	assert_failure 1
	assert_equal "$stderr" "prmctl: sim:lab: QUERY_DCT(0x713) op_mod(0x0) failed, status bad resource(0x5), syndrome (0x7130001)"
	prm -j -d sim:lab dct query 0x200
	assert_failure 1
	assert_json_doc
	echo "$output" | jq -e '.error.code == 1 and .error.reason == "cmd_status" and
		(.error.message | contains("status bad resource(0x5)"))'
	prm -d sim:lab dct query
	assert_failure 2
	assert_equal "$stderr" "prmctl: which DCT? (its number, as 'dct create' printed it)"
	prm -d sim:lab dct query 0x1000000
	assert_failure 2
	assert_equal "${stderr_lines[0]}" "prmctl dct query: DCTN '0x1000000': a number up to 0xffffff"
	prm -d sim:lab dct query 1 2
	assert_failure 2
	assert_equal "${stderr_lines[0]}" "prmctl dct query: one DCT ('2' is one too many)"
}

@test "dct drain --wait: DRAINED at the DCT_DRAINED event, about 100 ms later; a second drain is refused" {
	start_lab
	"$PRMCTL" -d sim:lab dct create >/dev/null
	"$PRMCTL" -d sim:lab dct create >/dev/null
	prm -d sim:lab dct drain --wait 0x100
	assert_success
	assert_line --regexp '^dctn +0x100$'
	assert_line --regexp '^state +DRAINED$'
	assert_line --regexp '^waited_ms +[0-9]+$'
	prm -j -d sim:lab dct drain 0x101 --wait
	assert_success
	assert_json_doc
	echo "$output" | jq -e '.dctn == 257 and .state == "DRAINED" and
		.waited_ms >= 50 and .waited_ms <= 2000'
	prm -j -d sim:lab dct query 0x101
	echo "$output" | jq -e '.state == "DRAINED" and .dct_context.state == 2 and
		.dct_context.state_name == "drained"'
	# DRAIN_DCT on a drained DCT: the firmware's bad resource state
	prm -d sim:lab dct drain 0x101 --wait
	assert_failure 1
	assert_equal "$stderr" "prmctl: sim:lab: DRAIN_DCT(0x712) op_mod(0x0) failed, status bad resource state(0x9), syndrome (0x7120002)"
	prm -j -d sim:lab dct drain 0x100
	assert_failure 1
	echo "$output" | jq -e '.error.reason == "cmd_status"'
	prm -d sim:lab dct drain 0x200 --wait
	assert_failure 1
	assert_equal "$stderr" "prmctl: sim:lab: DRAIN_DCT(0x712) op_mod(0x0) failed, status bad resource(0x5), syndrome (0x7120001)"
	# --wait makes an event queue for the event and destroys it
	run commands_run
	[[ $output == *'"CREATE_EQ","DRAIN_DCT","DESTROY_EQ"'* ]]
}

@test "dct drain without --wait: DRAINING at once, DRAINED a little later" {
	start_lab
	"$PRMCTL" -d sim:lab dct create >/dev/null
	prm -j -d sim:lab dct drain 0x100
	assert_success
	echo "$output" | jq -e '.dctn == 256 and .state == "DRAINING" and (has("waited_ms") | not)'
	prm -j -d sim:lab dct query 0x100
	echo "$output" | jq -e '.state == "DRAINING" or .state == "DRAINED"'
	sleep 0.3
	prm -j -d sim:lab dct query 0x100
	echo "$output" | jq -e '.state == "DRAINED" and .dct_context.state == 2'
	"$PRMCTL" -d sim:lab dct create >/dev/null
	prm -d sim:lab dct drain 0x101
	assert_success
	assert_line --regexp '^state +DRAINING$'
	refute_line --partial waited_ms
}

@test "dct destroy: an ACTIVE DCT is refused as not drained; --force destroys it; a drained one goes" {
	start_lab
	"$PRMCTL" -d sim:lab dct create >/dev/null
	"$PRMCTL" -d sim:lab dct create >/dev/null
	prm -d sim:lab dct destroy 0x100
	assert_failure 1
	assert_equal "$stderr" "prmctl: sim:lab: DCT 0x100 is ACTIVE, not drained: 'dct drain 0x100 --wait' first (or --force)"
	prm -j -d sim:lab dct destroy 0x100
	assert_failure 1
	assert_json_doc
	echo "$output" | jq -e '.error.code == 1 and .error.reason == "not_drained"'
	# the refusal is prmctl's: DESTROY_DCT was never sent
	run commands_run
	[[ $output != *DESTROY_DCT* ]]
	prm -d sim:lab dct destroy --force 0x100
	assert_success
	assert_line --regexp '^dctn +0x100$'
	assert_line --regexp '^was +ACTIVE$'
	assert_line --regexp '^destroyed +yes$'
	prm -d sim:lab dct query 0x100
	assert_failure 1
	"$PRMCTL" -d sim:lab dct drain --wait 0x101 >/dev/null
	prm -j -d sim:lab dct destroy 0x101
	assert_success
	assert_json_doc
	echo "$output" | jq -e '.dctn == 257 and .was == "DRAINED" and .destroyed == true'
	prm -d sim:lab dct destroy 0x101
	assert_failure 1
	assert_equal "$stderr" "prmctl: sim:lab: QUERY_DCT(0x713) op_mod(0x0) failed, status bad resource(0x5), syndrome (0x7130001)"
}

@test "dct-drain-stuck: destroy --force of a draining DCT is refused by the firmware; drain --wait runs out (exit 5)" {
	start_lab
	"$PRMCTL" -d sim:lab dct create >/dev/null
	"$PRMCTL" -d sim:lab dct create >/dev/null
	"$PRMCTL" -d sim:lab dct create >/dev/null
	"$PRMCTL" sim inject lab dct-drain-stuck >/dev/null
	prm -j sim status lab
	echo "$output" | jq -e '.faults == ["dct-drain-stuck"]'
	prm -d sim:lab dct drain 0x100
	assert_success
	sleep 0.3
	prm -j -d sim:lab dct query 0x100
	echo "$output" | jq -e '.state == "DRAINING"'
	prm -d sim:lab dct destroy 0x100
	assert_failure 1
	assert_equal "$stderr" "prmctl: sim:lab: DCT 0x100 is DRAINING, not drained: 'dct drain 0x100 --wait' first (or --force)"
	prm -d sim:lab dct destroy --force 0x100
	assert_failure 1
	assert_equal "$stderr" "prmctl: sim:lab: DESTROY_DCT(0x711) op_mod(0x0) failed, status bad resource state(0x9), syndrome (0x7110002)"
	prm -j -d sim:lab dct destroy --force 0x100
	assert_failure 1
	echo "$output" | jq -e '.error.reason == "cmd_status" and (.error.message | contains("bad resource state(0x9)"))'
	# --wait gives up at --timeout
	prm -d sim:lab dct drain --wait --timeout 300ms 0x101
	assert_failure 5
	assert_equal "$stderr" "prmctl: sim:lab: DCT 0x101 did not drain within 300 ms (no DCT_DRAINED event)"
	prm -j -d sim:lab dct drain --wait --timeout 300ms 0x102
	assert_failure 5
	assert_json_doc
	echo "$output" | jq -e '.error.code == 5 and .error.reason == "drain_timeout"'
	# cleared, the drains finish
	"$PRMCTL" sim clear lab dct-drain-stuck >/dev/null
	sleep 0.3
	prm -j -d sim:lab dct list
	echo "$output" | jq -e '[.dcts[].state] == ["DRAINED", "DRAINED", "DRAINED"]'
	prm -d sim:lab dct destroy 0x100
	assert_success
}

@test "dct list: the DCTs that answer, as a table and in JSON" {
	start_lab
	prm -d sim:lab dct list
	assert_success
	prm -j -d sim:lab dct list
	assert_success
	echo "$output" | jq -e '.device == "sim:lab" and .dcts == []'
	"$PRMCTL" -d sim:lab dct create --key 0xabc --cqn 9 >/dev/null
	"$PRMCTL" -d sim:lab dct create >/dev/null
	"$PRMCTL" -d sim:lab dct create >/dev/null
	"$PRMCTL" -d sim:lab dct drain --wait 0x101 >/dev/null
	"$PRMCTL" -d sim:lab dct destroy --force 0x102 >/dev/null
	"$PRMCTL" sim inject lab dct-key-violation:0x100 >/dev/null
	prm -d sim:lab dct list
	assert_success
	assert_line --regexp '^DCTN +STATE +PD +CQN +DC ACCESS KEY +KEY VIOLATIONS$'
	assert_line --regexp '^0x100 +ACTIVE +1 +9 +0xabc +1$'
	assert_line --regexp '^0x101 +DRAINED +2 +0 +0x0 +0$'
	refute_line --regexp '^0x102 '
	prm -j -d sim:lab dct list
	assert_success
	assert_json_doc
	echo "$output" | jq -e '.dcts == [
		{"dctn": 256, "state": "ACTIVE", "pd": 1, "cqn": 9, "dc_access_key": 2748, "key_violations": 1},
		{"dctn": 257, "state": "DRAINED", "pd": 2, "cqn": 0, "dc_access_key": 0, "key_violations": 0}]'
	prm -j -d sim:lab dct list --first 0x101 --count 1
	echo "$output" | jq -e '[.dcts[].dctn] == [257]'
	prm -d sim:lab dct list --count 4097
	assert_failure 2
	assert_equal "${stderr_lines[0]}" "prmctl dct list: --count '4097': a number up to 0x1000"
}

@test "dct lifecycle on the in-process simulator: five steps, each timed" {
	prm -j -d sim dct lifecycle
	assert_success
	assert_json_doc
	echo "$output" | jq -e '.device == "sim" and .dctn == 256 and .pd == 1 and
		[.steps[].step] == ["alloc_pd", "create", "drain_to_event", "destroy", "dealloc_pd"] and
		(.steps[] | select(.step == "drain_to_event") | .us) >= 50000 and
		(.steps[] | select(.step == "drain_to_event") | .us) < 2000000 and
		.total_us == ([.steps[].us] | add)'
	prm -d sim dct lifecycle
	assert_success
	assert_line --regexp '^dctn +0x100$'
	assert_line --regexp '^STEP +US$'
	assert_line --regexp '^drain_to_event +[0-9]+$'
	assert_line --regexp '^total_us +[0-9]+$'
}

@test "dct lifecycle: a drain that never ends is exit 5, and the DCT left behind is named" {
	prm -d sim --inject dct-drain-stuck dct lifecycle --timeout 200ms
	assert_failure 5
	assert_equal "$stderr" "prmctl: sim: DCT 0x100 did not drain within 200 ms (no DCT_DRAINED event)
prmctl: warning: sim: DCT 0x100 is left behind (with PD 1): sim: DESTROY_DCT(0x711) op_mod(0x0) failed, status bad resource state(0x9), syndrome (0x7110002)"
	prm -j -d sim --inject dct-drain-stuck dct lifecycle --timeout 200ms
	assert_failure 5
	echo "$output" | jq -e '.error.code == 5 and .error.reason == "drain_timeout"'
}

@test "dct lifecycle: a step that fails destroys what was created, the DCT and then its PD" {
	start_lab
	"$PRMCTL" sim inject lab cmd-status:DRAIN_DCT,0x3,0x1 >/dev/null
	prm -d sim:lab dct lifecycle
	assert_failure 1
	assert_equal "$stderr" "prmctl: sim:lab: DRAIN_DCT(0x712) op_mod(0x0) failed, status bad parameter(0x3), syndrome (0x1)"
	run commands_run
	run jq -c 'map(select(test("DCT|PD")))' <<< "$output"
	assert_output '["ALLOC_PD","CREATE_DCT","DRAIN_DCT","DESTROY_DCT","DEALLOC_PD"]'
}

@test "dct arm: armed; an unknown DCT is refused" {
	start_lab
	"$PRMCTL" -d sim:lab dct create >/dev/null
	prm -d sim:lab dct arm 0x100
	assert_success
	assert_line --regexp '^dctn +0x100$'
	assert_line --regexp '^armed +yes$'
	prm -j -d sim:lab dct arm 0x100
	assert_success
	assert_json_doc
	echo "$output" | jq -e '.dctn == 256 and .armed == true'
	prm -d sim:lab dct arm 0x300
	assert_failure 1
	assert_equal "$stderr" "prmctl: sim:lab: ARM_DCT_FOR_KEY_VIOLATION(0x714) op_mod(0x0) failed, status bad resource(0x5), syndrome (0x7140001)"
	run commands_run
	[[ $output == *ARM_DCT_FOR_KEY_VIOLATION* ]]
}

@test "dct-key-violation: bad arguments are usage errors; it is an event, not a state" {
	start_lab
	"$PRMCTL" -d sim:lab dct create >/dev/null
	prm sim inject lab dct-key-violation
	assert_failure 2
	assert_equal "$stderr" "prmctl: sim:lab: dct-key-violation needs arguments: dct-key-violation:DCTN"
	prm sim inject lab dct-key-violation:zz
	assert_failure 2
	assert_equal "$stderr" "prmctl: sim:lab: dct-key-violation: 'zz' is not a DCT number"
	prm sim inject lab dct-key-violation:0x300
	assert_failure 2
	assert_equal "$stderr" "prmctl: sim:lab: dct-key-violation: no DCT 0x300"
	prm sim inject lab dct-drain-stuck:1
	assert_failure 2
	assert_equal "$stderr" "prmctl: sim:lab: fault 'dct-drain-stuck' takes no arguments"
	prm sim inject lab dct-key-violation:0x100
	assert_success
	prm -j sim status lab
	echo "$output" | jq -e '.faults == []'
}

@test "dct watch: two key violations are two events, counts 1 and 2 (re-armed); an un-armed DCT counts silently" {
	start_lab
	"$PRMCTL" -d sim:lab dct create >/dev/null
	"$PRMCTL" -d sim:lab dct create >/dev/null
	# nobody armed 0x101: counted, no event anywhere
	"$PRMCTL" sim inject lab dct-key-violation:0x101 >/dev/null
	prm -j -d sim:lab dct query 0x101
	echo "$output" | jq -e '.dct_context.dc_access_key_violation_count == 1'
	"$PRMCTL" -j -d sim:lab dct watch --duration 2 > "$BATS_TEST_TMPDIR/w.jsonl" 2> "$BATS_TEST_TMPDIR/w.err" &
	wait_for "$BATS_TEST_TMPDIR/w.jsonl" '.event == "started"'
	"$PRMCTL" sim inject lab dct-key-violation:0x100 >/dev/null
	wait_for "$BATS_TEST_TMPDIR/w.jsonl" '.event == "key_violation"'
	"$PRMCTL" sim inject lab dct-key-violation:0x100 >/dev/null
	wait
	[ ! -s "$BATS_TEST_TMPDIR/w.err" ] || fail "stderr: $(cat "$BATS_TEST_TMPDIR/w.err")"
	run jq -s -c '[.[] | {event, dctn, key_violations, dcts}]' "$BATS_TEST_TMPDIR/w.jsonl"
	assert_output '[{"event":"started","dctn":null,"key_violations":null,"dcts":[256,257]},{"event":"key_violation","dctn":256,"key_violations":1,"dcts":null},{"event":"key_violation","dctn":256,"key_violations":2,"dcts":null}]'
	jq -e -s 'all(.[]; .schema == "prmctl/1" and .device == "sim:lab" and (.time | test("^[0-9-]{10}T[0-9:]{8}[.][0-9]{9}Z$")) and (.time_ns | type) == "number")' "$BATS_TEST_TMPDIR/w.jsonl"
	prm -j -d sim:lab dct list
	echo "$output" | jq -e '[.dcts[].key_violations] == [2, 1]'
}

@test "dct watch --dct --count: one DCT, stops after one violation; text lines" {
	start_lab
	"$PRMCTL" -d sim:lab dct create >/dev/null
	"$PRMCTL" -d sim:lab dct create >/dev/null
	"$PRMCTL" -d sim:lab dct watch --dct 0x101 --count 1 --duration 5 > "$BATS_TEST_TMPDIR/w.txt" &
	for i in $(seq 1 100); do
		grep -q 'event=started' "$BATS_TEST_TMPDIR/w.txt" 2>/dev/null && break
		sleep 0.05
	done
	# not watched, not armed: no line
	"$PRMCTL" sim inject lab dct-key-violation:0x100 >/dev/null
	sleep 0.2
	"$PRMCTL" sim inject lab dct-key-violation:0x101 >/dev/null
	wait
	run grep -c 'event=key_violation' "$BATS_TEST_TMPDIR/w.txt"
	assert_output 1
	run grep 'event=key_violation' "$BATS_TEST_TMPDIR/w.txt"
	assert_output --regexp '^time=[0-9T:.-]+Z device=sim:lab event=key_violation dctn=0x101 key_violations=1$'
	prm -d sim:lab dct watch --dct 0x300 --duration 0.2
	assert_failure 1
	assert_equal "$stderr" "prmctl: sim:lab: ARM_DCT_FOR_KEY_VIOLATION(0x714) op_mod(0x0) failed, status bad resource(0x5), syndrome (0x7140001)"
}

@test "dct watch, text: the started line names the DCTs watched, on the line" {
	start_lab
	"$PRMCTL" -d sim:lab dct create >/dev/null
	"$PRMCTL" -d sim:lab dct create >/dev/null
	prm -d sim:lab dct watch --duration 0.2
	assert_success
	assert_equal "${#lines[@]}" 1
	assert_output --regexp '^time=[0-9T:.-]+Z device=sim:lab event=started dcts=0x100,0x101$'
}

@test "dct watch: more --dct than it can watch is refused with a message" {
	local a=() i
	for i in $(seq 1 65); do a+=(--dct "$i"); done
	prm -d sim dct watch "${a[@]}"
	assert_failure 2
	[[ $stderr == *"--dct"* ]] || fail "no message: '$stderr'"
}
