#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# SIGINT and SIGTERM: one mechanism. A long-running verb's stop reaches the
# wait in progress inside lib/dev (not only its own loop), and what prmctl
# holds is given back.
load helper

setup() {
	export PRMCTL_SIM_DIR=$BATS_TEST_TMPDIR/sim
	"$PRMCTL" sim start n >/dev/null
}

teardown() {
	"$PRMCTL" sim stop n >/dev/null 2>&1 || true
}

# start prmctl in the background; $pid, its output in $BATS_TEST_TMPDIR/bg.*
bg() {
	"$PRMCTL" "$@" > "$BATS_TEST_TMPDIR/bg.out" 2> "$BATS_TEST_TMPDIR/bg.err" &
	pid=$!
}

# wait for $pid at most $1 seconds; $st is its exit status, 124 if it did not end
reap() {
	local i
	for ((i = 0; i < $1 * 20; i++)); do
		kill -0 "$pid" 2>/dev/null || break
		sleep 0.05
	done
	if kill -0 "$pid" 2>/dev/null; then
		kill -9 "$pid"
		wait "$pid" 2>/dev/null
		st=124
		return
	fi
	st=0
	wait "$pid" || st=$?
}

# until the sampling loop has printed n lines
wait_lines() { # n
	local i
	for ((i = 0; i < 100; i++)); do
		[ "$(wc -l < "$BATS_TEST_TMPDIR/bg.out")" -ge "$1" ] && return 0
		sleep 0.05
	done
	return 1
}

@test "SIGINT during a command a sampling loop waits on stops the loop at once, exit 0, the queue torn down" {
	bg --timeout 30000 -d sim:n nvmf ns --interval 100
	wait_lines 8
	"$PRMCTL" sim inject n cmd-hang:QUERY_NVMF_NAMESPACE_CONTEXT >/dev/null
	sleep 0.3	# the next sample is now stuck in the command queue's wait
	kill -INT "$pid"
	reap 5
	[ "$st" -eq 0 ] || fail "exit $st (124: still waiting); stderr: $(cat "$BATS_TEST_TMPDIR/bg.err")"
	"$PRMCTL" sim commands n | tail -1 | grep -q DISABLE_HCA
}

@test "SIGTERM is the same stop as SIGINT" {
	bg --timeout 30000 -d sim:n nvmf ns --interval 100
	wait_lines 8
	"$PRMCTL" sim inject n cmd-hang:QUERY_NVMF_NAMESPACE_CONTEXT >/dev/null
	sleep 0.3
	kill -TERM "$pid"
	reap 5
	[ "$st" -eq 0 ]
}

@test "SIGINT during a one-shot command: interrupted, exit 1, the next command finds the queue free" {
	"$PRMCTL" sim inject n cmd-hang:QUERY_ADAPTER >/dev/null
	bg --timeout 30000 -d sim:n cmd QUERY_ADAPTER
	sleep 0.5
	kill -INT "$pid"
	reap 5
	[ "$st" -eq 1 ]
	grep -q "interrupted" "$BATS_TEST_TMPDIR/bg.err"
	"$PRMCTL" sim clear n >/dev/null
	prm -d sim:n cmd QUERY_HCA_CAP
	assert_success
}
