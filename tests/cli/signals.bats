#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# SIGINT and SIGTERM: one mechanism. A long-running verb's stop reaches the
# wait in progress inside lib/dev (not only its own loop), and what prmctl
# holds is given back.
load helper

setup() {
	private_sims
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

# until the sampling loop's output has stopped growing: a sample is stuck
wait_stuck() {
	local i n was=-1 same=0
	for ((i = 0; i < 100 && same < 3; i++)); do
		sleep 0.15
		n=$(wc -l < "$BATS_TEST_TMPDIR/bg.out")
		if [ "$n" -eq "$was" ]; then same=$((same + 1)); else same=0; fi
		was=$n
	done
	[ "$same" -ge 3 ]
}

# until the service has brought the function up for the command under test
wait_brought_up() {
	local i
	for ((i = 0; i < 100; i++)); do
		"$PRMCTL" sim commands n 2>/dev/null | tail -1 | grep -q INIT_HCA && return 0
		sleep 0.05
	done
	return 1
}

@test "SIGINT during a command a sampling loop waits on stops the loop at once, exit 0, the queue torn down" {
	bg --timeout 30000 -d sim:n nvmf ns --interval 100
	wait_lines 8
	"$PRMCTL" sim inject n cmd-hang:QUERY_NVMF_NAMESPACE_CONTEXT >/dev/null
	wait_stuck	# the next sample is now stuck in the command queue's wait
	kill -INT "$pid"
	reap 5
	[ "$st" -eq 0 ] || fail "exit $st (124: still waiting); stderr: $(cat "$BATS_TEST_TMPDIR/bg.err")"
	"$PRMCTL" sim commands n | tail -1 | grep -q DISABLE_HCA
}

@test "SIGTERM is the same stop as SIGINT" {
	bg --timeout 30000 -d sim:n nvmf ns --interval 100
	wait_lines 8
	"$PRMCTL" sim inject n cmd-hang:QUERY_NVMF_NAMESPACE_CONTEXT >/dev/null
	wait_stuck
	kill -TERM "$pid"
	reap 5
	[ "$st" -eq 0 ]
}

@test "SIGINT during a one-shot command: interrupted, exit 1, the next command finds the queue free" {
	"$PRMCTL" sim inject n cmd-hang:QUERY_ADAPTER >/dev/null
	bg --timeout 30000 -d sim:n cmd QUERY_ADAPTER
	wait_brought_up
	sleep 0.2	# QUERY_ADAPTER posted, and waited on
	kill -INT "$pid"
	reap 5
	[ "$st" -eq 1 ]
	grep -q "interrupted" "$BATS_TEST_TMPDIR/bg.err"
	"$PRMCTL" sim clear n >/dev/null
	prm -d sim:n cmd QUERY_HCA_CAP
	assert_success
}

@test "a give-back stuck in the device: the second signal says so, the third ends prmctl" {
	bg --timeout 30000 -d sim:n nvmf ns --interval 100
	wait_lines 8
	"$PRMCTL" sim inject n cmd-hang:TEARDOWN_HCA >/dev/null
	kill -INT "$pid"
	sleep 0.5	# now in the teardown, waiting on TEARDOWN_HCA
	kill -INT "$pid"
	sleep 0.3
	kill -0 "$pid"	# not killed while giving back
	grep -q "giving back what it holds first" "$BATS_TEST_TMPDIR/bg.err"
	kill -INT "$pid"
	reap 5
	[ "$st" -eq 130 ] || fail "exit $st"
}
