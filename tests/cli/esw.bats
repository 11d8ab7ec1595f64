#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# prmctl esw functions|watch: the host functions behind an e-switch manager
# (QUERY_ESW_FUNCTIONS), once and as ESW_FUNCTIONS_CHANGED events (or polls)
# report them, against the simulator's model: host PF 1, VHCA 0x12, 4 of 16
# VFs, bus 0x3b, SFs 0 and 2; changed by 'sim inject NAME esw:...'.
load helper

setup() {
	private_sims
}

teardown() {
	stop_sims
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

@test "esw functions on -d sim, JSON: the host PF, its VFs and the SFs by their PRM names" {
	prm -j -d sim esw functions
	assert_success
	assert_json_doc
	echo "$output" | jq -e '.device == "sim" and .host_number == 1 and
		.host_pf_not_exist == false and .host_pf_disabled == false and
		.host_pf_vhca_id_valid == true and .host_pf_vhca_id == 18 and
		.host_num_of_vfs == 4 and .host_total_vfs == 16 and
		.host_pci_bus == 59 and .host_pci_device == 0 and .host_pci_function == 0 and
		.sfs_enabled == [0, 2] and .host_sf_enable == [5, 0, 0, 0] and
		.esw_functions_changed_events == true'
	# esw is the default verb
	prm -j -d sim esw
	assert_success
	echo "$output" | jq -e '.sfs_enabled == [0, 2]'
}

@test "esw functions on -d sim, text: ids in hex, counts in decimal, the SF words whole" {
	prm -d sim esw functions
	assert_success
	assert_line --regexp '^device +sim$'
	assert_line --regexp '^host_number +1$'
	assert_line --regexp '^host_pf_not_exist +no$'
	assert_line --regexp '^host_pf_disabled +no$'
	assert_line --regexp '^host_pf_vhca_id_valid +yes$'
	assert_line --regexp '^host_pf_vhca_id +0x0012$'
	assert_line --regexp '^host_num_of_vfs +4$'
	assert_line --regexp '^host_total_vfs +16$'
	assert_line --regexp '^host_pci_bus +0x3b$'
	assert_line --regexp '^host_pci_device +0x00$'
	assert_line --regexp '^host_pci_function +0x00$'
	assert_line --regexp '^sfs_enabled\[0\] +0$'
	assert_line --regexp '^sfs_enabled\[1\] +2$'
	assert_line --regexp '^host_sf_enable\[0\] +0x0000000000000005$'
	assert_line --regexp '^host_sf_enable\[3\] +0x0000000000000000$'
	refute_line --partial 'host_sf_enable[4]'
	assert_line --regexp '^esw_functions_changed_events +yes$'
}

@test "esw functions: host_sf_enable is a bitmap, bit n of word w is SF 64w+n" {
	prm -d sim --inject esw:sf-add=63 --inject esw:sf-add=64 --inject esw:num-vfs=16 esw functions
	assert_success
	assert_line --regexp '^host_sf_enable\[0\] +0x8000000000000005$'
	assert_line --regexp '^host_sf_enable\[1\] +0x0000000000000001$'
	assert_line --regexp '^host_num_of_vfs +16$'
	prm -j -d sim --inject esw:sf-add=63 --inject esw:sf-add=64 --inject esw:sf-del=0 esw functions
	assert_success
	echo "$output" | jq -e '.sfs_enabled == [2, 63, 64] and .host_sf_enable[1] == 1'
	# a disabled PF takes its VFs and SFs with it
	prm -j -d sim --inject esw:pf-disable esw functions
	assert_success
	echo "$output" | jq -e '.host_pf_disabled == true and .host_num_of_vfs == 0 and
		.host_total_vfs == 16 and .sfs_enabled == [] and .host_sf_enable == [0, 0, 0, 0]'
}

@test "esw functions: as many SF words as the esw page's log_max_esw_sf allows, at most 64" {
	local log words
	for log in 0:1 6:1 7:2 8:4 12:64 30:64 31:64; do
		words=${log#*:}
		log=${log%:*}
		prm -j -d sim --inject "cap:esw.log_max_esw_sf=$log" esw functions
		assert_success
		echo "$output" | jq -e --argjson w "$words" \
			'(.host_sf_enable | length) == $w and .sfs_enabled == [0, 2]' >/dev/null ||
			fail "log_max_esw_sf $log: $(echo "$output" | jq -c '{sfs_enabled, host_sf_enable}')"
	done
}

@test "esw: only an e-switch manager may ask (general.eswitch_manager), exit 3" {
	local msg="prmctl: sim is not an e-switch manager (general.eswitch_manager is 0): ask the function that manages the e-switch (the ECPF on a SmartNIC, else the PF)"
	prm -d sim --inject cap:general.eswitch_manager=0 esw functions
	assert_failure 3
	assert_equal "$stderr" "$msg"
	[ -z "$output" ]
	prm -j -d sim --inject cap:general.eswitch_manager=0 esw functions
	assert_failure 3
	echo "$output" | jq -e '.error.code == 3 and .error.reason == "not_esw_manager"'
	prm -d sim --inject cap:general.eswitch_manager=0 esw watch --duration 0.2
	assert_failure 3
	assert_equal "$stderr" "$msg"
}

@test "esw watch on a service: each change of the host functions as JSON Lines, in order" {
	"$PRMCTL" sim start lab >/dev/null
	ev=$BATS_TEST_TMPDIR/ev
	"$PRMCTL" -j -d sim:lab esw watch --count 8 --duration 15 > "$ev" 2> "$BATS_TEST_TMPDIR/err" &
	pid=$!
	wait_for "$ev" '.event == "started"'
	"$PRMCTL" sim inject lab esw:sf-add=5 >/dev/null
	wait_for "$ev" '.event == "sf_added"'
	"$PRMCTL" sim inject lab esw:num-vfs=8 >/dev/null
	wait_for "$ev" '.event == "vfs_changed"'
	"$PRMCTL" sim inject lab esw:pf-disable >/dev/null
	wait_for "$ev" '.event == "pf_disabled"'
	"$PRMCTL" sim inject lab esw:pf-enable >/dev/null
	wait $pid	# the 8th change ends it
	[ -z "$(cat "$BATS_TEST_TMPDIR/err")" ]
	jq -e '.schema == "prmctl/1" and .device == "sim:lab" and (.time | test("Z$")) and (.time_ns | type) == "number"' "$ev" >/dev/null
	head -1 "$ev" | jq -e '.event == "started" and .waiting_by == "events" and
		.interval_ms == null and .host_number == 1 and .host_pf_vhca_id == 18 and
		.host_num_of_vfs == 4 and .host_total_vfs == 16 and .host_pci_bus == 59 and
		.sfs_enabled == [0, 2] and .host_sf_enable == [5, 0, 0, 0]'
	run jq -c 'select(.event != "started") | [.event, .from, .to, .sf]' "$ev"
	assert_output - <<'EOF'
["sf_added",null,null,5]
["vfs_changed",4,8,null]
["pf_disabled",null,null,null]
["vfs_changed",8,0,null]
["sf_removed",null,null,0]
["sf_removed",null,null,2]
["sf_removed",null,null,5]
["pf_enabled",null,null,null]
EOF
	# pf-enable brings back neither VFs nor SFs
	prm -j -d sim:lab esw functions
	echo "$output" | jq -e '.host_pf_disabled == false and .host_num_of_vfs == 0 and .sfs_enabled == []'
}

@test "esw watch, text: one line per event, each beginning with its time" {
	prm -d sim esw watch --duration 0.3
	assert_success
	[ "${#lines[@]}" -eq 1 ] || fail "more than one line for one event: $output"
	[[ ${lines[0]} == "time="*" device=sim event=started waiting_by=events "* ]] ||
		fail "${lines[0]}"
	[[ ${lines[0]} == *" host_num_of_vfs=4 "* ]]
}

@test "esw watch: polling when the function gets no events, and it says so" {
	# esw_functions_changed off: no event queue is asked for
	prm -j -d sim --inject cap:esw.esw_functions_changed=0 esw watch --duration 0.5
	assert_success
	[ "${#lines[@]}" -eq 1 ]
	echo "$output" | jq -e '.event == "started" and .waiting_by == "polling" and
		.interval_ms == 1000 and .sfs_enabled == [0, 2]'
	prm -j -d sim --inject cap:esw.esw_functions_changed=0 esw functions
	echo "$output" | jq -e '.esw_functions_changed_events == false'
	# on a service, a change is found by the next poll
	"$PRMCTL" sim start lab >/dev/null
	"$PRMCTL" sim inject lab cap:esw.esw_functions_changed=0 >/dev/null
	ev=$BATS_TEST_TMPDIR/ev
	"$PRMCTL" -j -d sim:lab esw watch --interval 50 --count 2 --duration 10 > "$ev" &
	pid=$!
	wait_for "$ev" '.event == "started"'
	"$PRMCTL" sim inject lab esw:sf-del=2 >/dev/null
	wait_for "$ev" '.event == "sf_removed"'
	"$PRMCTL" sim inject lab esw:num-vfs=0 >/dev/null
	wait $pid
	head -1 "$ev" | jq -e '.waiting_by == "polling" and .interval_ms == 50'
	run jq -c 'select(.event != "started") | [.event, .from, .to, .sf]' "$ev"
	assert_output - <<'EOF'
["sf_removed",null,null,2]
["vfs_changed",4,0,null]
EOF
}

@test "esw watch: --duration bounds a poll wait too" {
	SECONDS=0
	prm -d sim --inject cap:esw.esw_functions_changed=0 esw watch --duration 0.3 --interval 3000
	assert_success
	[ "$SECONDS" -lt 2 ] || fail "--duration 0.3 took ${SECONDS}s"
}

@test "sim inject esw: refused injections are exit 2 and change nothing" {
	"$PRMCTL" sim start lab >/dev/null
	prm sim inject lab esw:num-vfs=17
	assert_failure 2
	assert_equal "$stderr" "prmctl: sim:lab: esw: num-vfs '17' is not a number up to 16"
	prm sim inject lab esw:sf-add=256
	assert_failure 2
	assert_equal "$stderr" "prmctl: sim:lab: esw: SF index '256' is not a number up to 255"
	prm sim inject lab esw:frobnicate
	assert_failure 2
	assert_equal "$stderr" "prmctl: sim:lab: esw:frobnicate: expected pf-disable, pf-enable, num-vfs=N, sf-add=N or sf-del=N"
	prm sim inject lab esw:pf-disable=1
	assert_failure 2
	prm sim inject lab esw
	assert_failure 2
	assert_equal "$stderr" "prmctl: sim:lab: esw needs arguments: esw:pf-disable|pf-enable|num-vfs=N|sf-add=N|sf-del=N"
	prm -j -d sim:lab esw functions
	echo "$output" | jq -e '.host_pf_disabled == false and .host_num_of_vfs == 4 and .sfs_enabled == [0, 2]'
	# a disabled PF has neither VFs nor SFs to give
	"$PRMCTL" sim inject lab esw:pf-disable >/dev/null
	prm sim inject lab esw:sf-add=1
	assert_failure 2
	assert_equal "$stderr" "prmctl: sim:lab: esw: the host PF is disabled: no SFs (pf-enable first)"
	prm sim inject lab esw:num-vfs=2
	assert_failure 2
	assert_equal "$stderr" "prmctl: sim:lab: esw: the host PF is disabled: no VFs (pf-enable first)"
	prm -j -d sim:lab esw functions
	echo "$output" | jq -e '.host_pf_disabled == true and .host_num_of_vfs == 0 and .sfs_enabled == []'
	# an action, not a state: status does not list it
	prm -j sim status lab
	echo "$output" | jq -e '.faults == []'
	# the same on -d sim
	prm -d sim --inject esw:num-vfs=17 esw functions
	assert_failure 2
	assert_equal "$stderr" "prmctl: esw: num-vfs '17' is not a number up to 16"
}

@test "esw watch: bad options are exit 2" {
	prm -d sim esw watch --interval 0
	assert_failure 2
	[[ $stderr == *"--interval '0': milliseconds, or with a unit (500ms, 1.5s, 2m, 1h), from 1 ms to at most 3600000 ms; this is too short"* ]]
	prm -d sim esw watch --interval 3600001
	assert_failure 2
	prm -d sim esw watch --count x
	assert_failure 2
	[[ $stderr == *"--count 'x': a number of changes"* ]]
	prm -d sim esw watch --count 0
	assert_failure 2
	prm -d sim esw watch --duration x
	assert_failure 2
	[[ $stderr == *"--duration 'x': seconds, or with a unit (500ms, 1.5s, 2m, 1h)"* ]]
	prm -j -d sim esw watch --count x
	assert_failure 2
	echo "$output" | jq -e '.error.code == 2 and .error.reason == "usage"'
	prm -d sim esw functions extra
	assert_failure 2
}
