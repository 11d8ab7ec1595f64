#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# A capture among other users of the device: a second capture, a tracer taken
# away, a device that fails under it. What was captured is never thrown away,
# and nothing is released that this capture did not take.
load helper

setup() {
	private_sims
	T=$BATS_TEST_TMPDIR
}

teardown() {
	stop_sims
}

# until the service's tracer runs and has written a few blocks (bounded)
wait_tracing() { # name
	local i
	for i in $(seq 100); do
		if "$PRMCTL" -d "sim:$1" -j trace status 2>/dev/null | jq -e '.trace_status == 1' >/dev/null &&
			[ "$("$PRMCTL" sim trace-log "$1" | wc -l)" -ge 100 ]; then
			return 0
		fi
		sleep 0.05
	done
	fail "the tracer of sim:$1 did not start"
}

@test "trace capture: a second capture refuses before touching the tracer; the first keeps all" {
	"$PRMCTL" sim start lab >/dev/null
	"$PRMCTL" -d sim:lab -j trace capture -o "$T/a.trace" > "$T/a.json" 2> "$T/a.err" &
	pid=$!
	wait_tracing lab
	prm -d sim:lab trace capture -o "$T/b.trace"
	assert_failure 5
	assert_equal "$stderr" "prmctl: sim:lab: the command queue is in use by another prmctl (pid $pid)"
	[ ! -e "$T/b.trace" ] && [ ! -e "$T/b.trace.part" ]
	# the same file: refused at once, the running capture's file untouched
	size=$(stat -c %s "$T/a.trace.part")
	prm -d sim:lab trace capture -o "$T/a.trace"
	assert_failure 2
	assert_equal "$stderr" "prmctl: $T/a.trace.part exists: a capture to $T/a.trace is running or was killed (trace decode reads it; --force replaces it)"
	[ "$(stat -c %s "$T/a.trace.part")" -ge "$size" ]
	# the first capture's tracer: still owned and running
	prm -d sim:lab -j trace status
	echo "$output" | jq -e '.owner == true and .trace_status == 1'
	kill -INT $pid
	wait $pid
	jq -e '.interrupted == true and .blocks > 100 and .ownership_lost == 0 and
		.teardown == "done"' "$T/a.json"
	run ! grep -q "another agent" "$T/a.err"
	prm -j trace decode "$T/a.trace"
	assert_success
	echo "$output" | tail -1 | jq -e '.overrun == 0 and .truncated == 0 and .decoded == .blocks'
	prm -d sim:lab -j trace status
	echo "$output" | jq -e '.owner == false and .trace_status == 0'
}

@test "trace capture: a tracer this function already owns is not taken, used nor released" {
	"$PRMCTL" sim start lab >/dev/null
	"$PRMCTL" -d sim:lab trace own >/dev/null
	prm -d sim:lab trace capture -o "$T/c.trace" --duration 0.2
	assert_failure 1
	assert_equal "$stderr" "prmctl: sim:lab: the tracer is already owned by this function, by another tool (trace own, a capture killed with SIGKILL, the kernel's mlx5_core): 'prmctl -d sim:lab trace stop' stops it and gives it back if it was left behind"
	[ ! -e "$T/c.trace" ] && [ ! -e "$T/c.trace.part" ]
	prm -d sim:lab -j trace status
	echo "$output" | jq -e '.owner == true'
}

@test "trace capture: a tracer taken away before the end is left to its taker; the file is kept" {
	"$PRMCTL" sim start lab >/dev/null
	# one pass at the start, the next in 10 s or at SIGINT: no ownership
	# check between the theft and the end
	"$PRMCTL" -d sim:lab -j trace capture -o "$T/c.trace" --interval 10000 \
		> "$T/out.json" 2> "$T/err" &
	pid=$!
	wait_tracing lab
	"$PRMCTL" sim inject lab tracer-steal >/dev/null
	kill -INT $pid
	rc=0
	wait $pid || rc=$?
	[ "$rc" = 0 ] || fail "capture exit $rc: $(cat "$T/err")"
	jq -e '.blocks > 0 and .ownership_lost == 1 and .teardown == "done"' "$T/out.json"
	grep -q "another agent took the tracer" "$T/err"
	run ! grep -q "MTRC_CTRL" "$T/err"
	prm -j trace decode "$T/c.trace"
	assert_success
	refute_line --partial "no end record"
	echo "$output" | tail -1 | jq -e '.decoded == .blocks and .blocks > 0 and .overrun == 1'
}

@test "trace capture: a teardown that fails keeps the capture and warns" {
	"$PRMCTL" sim start lab >/dev/null
	"$PRMCTL" -d sim:lab -j trace capture -o "$T/c.trace" > "$T/out.json" 2> "$T/err" &
	pid=$!
	wait_tracing lab
	"$PRMCTL" sim inject lab cmd-status:DESTROY_MKEY,0x3,0x1234 >/dev/null
	kill -INT $pid
	rc=0
	wait $pid || rc=$?
	[ "$rc" = 0 ] || fail "capture exit $rc: $(cat "$T/err")"
	jq -e '.blocks > 0 and .interrupted == true and .teardown == "failed"' "$T/out.json"
	# stopped and released: only the key is left, which the next reset frees
	grep -q "DESTROY_MKEY" "$T/err"
	run ! grep -q "trace stop" "$T/err"
	prm -d sim:lab -j trace status
	echo "$output" | jq -e '.owner == false and .trace_status == 0'
	prm -j trace decode "$T/c.trace"
	assert_success
	refute_line --partial "no end record"
	echo "$output" | tail -1 | jq -e '.decoded == .blocks and .blocks > 0'
}

@test "trace capture: a device that vanishes mid-capture fails it, and keeps what was captured" {
	"$PRMCTL" sim start lab >/dev/null
	"$PRMCTL" -d sim:lab -j trace capture -o "$T/c.trace" > "$T/out.json" 2> "$T/err" &
	pid=$!
	wait_tracing lab
	"$PRMCTL" sim inject lab device-gone >/dev/null
	rc=0
	wait $pid || rc=$?
	[ "$rc" = 3 ] || fail "capture exit $rc: $(cat "$T/err")"
	grep -q "device not responding" "$T/err"
	grep -q "blocks captured before the failure are kept in $T/c.trace" "$T/err"
	prm -j trace decode "$T/c.trace"
	assert_success
	refute_line --partial "no end record"
	echo "$output" | tail -1 | jq -e '.decoded == .blocks and .blocks > 0'
}
