#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# Semaphores a killed prmctl leaves behind: a holder that never moves is
# reported as dead (exit 1, naming the way out), and 'cr unlock' or a full
# 'sim clear' frees what it left.
load helper

setup() {
	private_sims
}

# every test leaves no service behind
teardown() {
	stop_sims
	[ -z "$(ls "$PRMCTL_SIM_DIR" 2>/dev/null)" ]
}

# how long 'reg read MGIR' takes here, in ms (at least 2): kills land inside it
mgir_ms() { # name
	local t0 t1
	t0=$(date +%s%N)
	"$PRMCTL" -d "sim:$1" reg read MGIR >/dev/null
	t1=$(date +%s%N)
	echo $(( (t1 - t0) / 1000000 > 2 ? (t1 - t0) / 1000000 : 2 ))
}

# a random delay within the first ms milliseconds, as sleep takes it
within() { # ms
	printf '%d.%03d' $(( (RANDOM % $1) / 1000 )) $(( (RANDOM % $1) % 1000 ))
}

# SIGKILL 'reg read MGIR' at a random point of its run until a later command
# fails: the gateway or the ICMD semaphore was held when it died. Leaves that
# command's result in $status and $stderr.
strand() { # name
	local i pid ms
	ms=$(mgir_ms "$1")
	for i in $(seq 1 200); do
		"$PRMCTL" -d "sim:$1" reg read MGIR >/dev/null 2>&1 &
		pid=$!
		sleep "$(within "$ms")"
		kill -9 "$pid" 2>/dev/null || true
		wait "$pid" 2>/dev/null || true
		prm -d "sim:$1" cr read 0xf0014
		[ "$status" -eq 0 ] || return 0
		prm -d "sim:$1" reg read MGIR
		[ "$status" -eq 0 ] || return 0
	done
	fail "200 kills and nothing was left held"
}

@test "a SIGKILLed holder is reported as dead, and cr unlock frees what it left" {
	"$PRMCTL" sim start w >/dev/null
	strand w
	# not "busy, retry": a ticket that never moved, the way out named
	assert_equal "$status" 1
	[[ $stderr == *"held by "*", unchanged for 2000 ms"*"its holder looks dead"* ]] ||
		fail "stderr: $stderr"
	[[ $stderr == *"free it with 'prmctl cr unlock'"* ]] || fail "stderr: $stderr"
	prm -j -d sim:w cr unlock
	assert_success
	echo "$output" | jq -e '[.gateway_semaphore, .icmd_semaphore] | any(.state == "cleared" and .holder > 0)'
	prm -d sim:w cr read 0xf0014
	assert_success
	prm -d sim:w reg read MGIR
	assert_success
	# nothing held any more: found free, nothing written
	prm -j -d sim:w cr unlock
	echo "$output" | jq -e '.gateway_semaphore == {"state": "free", "holder": null} and .icmd_semaphore.state == "free"'
}

@test "sim clear frees the semaphores killed holders left" {
	"$PRMCTL" sim start c >/dev/null
	strand c
	prm sim clear c
	assert_success
	prm -d sim:c cr read 0xf0014
	assert_success
	prm -d sim:c reg read MGIR
	assert_success
}

@test "a foreign holder (sem-held): stale in JSON too; cr unlock evicts it" {
	"$PRMCTL" sim start h >/dev/null
	"$PRMCTL" sim inject h sem-held >/dev/null
	prm -j -d sim:h cr read 0xf0014
	assert_failure 1
	echo "$output" | jq -e '.error.reason == "gateway_stale" and .error.code == 1'
	prm -d sim:h cr unlock
	assert_success
	assert_output --partial "holder                 24301"
	prm -j sim status h
	echo "$output" | jq -e '.faults == []'
	prm -d sim:h cr read 0xf0014
	assert_success
}

@test "cr unlock takes no arguments" {
	prm -d sim cr unlock 0x0c
	assert_failure 2
	[[ $stderr == *"unexpected argument '0x0c'"* ]]
}

@test "cr addresses out of range name the range" {
	prm -d sim cr read 0x40000000
	assert_failure 2
	assert_equal "$stderr" "prmctl: cr read: '0x40000000' is not a dword-aligned cr-space address (0 to 0x3ffffffc)"
	prm -d sim --write cr write 0x2 1
	assert_failure 2
	[[ $stderr == *"(0 to 0x3ffffffc)"* ]]
}

@test "SIGINT at any point of a register access leaves both semaphores free" {
	local i pid ms
	"$PRMCTL" sim start i >/dev/null
	ms=$(mgir_ms i)
	for i in $(seq 1 40); do
		"$PRMCTL" -d sim:i reg read MGIR >/dev/null 2>&1 &
		pid=$!
		sleep "$(within "$ms")"
		kill -INT "$pid" 2>/dev/null || true
		wait "$pid" 2>/dev/null || true
		prm -j -d sim:i cr unlock
		echo "$output" | jq -e '.gateway_semaphore.state == "free" and .icmd_semaphore.state == "free"' >/dev/null ||
			fail "round $i: a stop left a semaphore held: $output"
	done
}

@test "two quick SIGINTs during a long cr read: the kill waits for the gateway's give-back" {
	local i pid
	"$PRMCTL" sim start k >/dev/null
	for i in $(seq 1 10); do
		"$PRMCTL" -d sim:k cr read 0 0x40000 >/dev/null 2>"$BATS_TEST_TMPDIR/err" &
		pid=$!
		sleep "0.$((RANDOM % 3))$((RANDOM % 10))"
		kill -INT "$pid" 2>/dev/null || true
		kill -INT "$pid" 2>/dev/null || true
		wait "$pid" 2>/dev/null || true
		prm -j -d sim:k cr unlock
		echo "$output" | jq -e '.gateway_semaphore.state == "free"' >/dev/null ||
			fail "round $i: killed holding the gateway: $output; $(cat "$BATS_TEST_TMPDIR/err")"
	done
}
