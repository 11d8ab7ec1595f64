#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# The tracer of a (simulated) device: status, ownership, capture, and a capture
# decoded against the simulator's own log of what it emitted.
load helper

setup() {
	private_sims
}

teardown() {
	stop_sims
}

# decoded events (no skips, no summary) against the simulator's log: the same
# items in the same order, except device_ns (the capture knows the clock), time
# and time_ns (it has a wall-clock anchor) and one
# message whose parameters were still to come when the capture stopped.
compare_with_log() { # decoded.jsonl log.jsonl
	python3 - "$1" "$2" <<'EOF'
import json, sys
dec = [json.loads(l) for l in open(sys.argv[1])]
log = [json.loads(l) for l in open(sys.argv[2])]
dec = [d for d in dec if d["type"] in ("string", "raw", "timestamp")]
for d in dec:
    for k in ("device_ns", "time", "time_ns"):
        d.pop(k, None)
if len(dec) < 100 or len(log) < len(dec):
    sys.exit(f"decoded {len(dec)} items, the simulator logged {len(log)}")
cut = 0
for i, (d, l) in enumerate(zip(dec, log)):
    if d == l:
        continue
    if d.get("problem") == "missing_params" and i >= len(dec) - 40 and not cut:
        cut += 1
        continue
    sys.exit(f"item {i} differs:\n decoded   {d}\n simulator {l}")
print(f"{len(dec)} items equal")
EOF
}

@test "trace status: MTRC_CAP, CONF and CTRL decoded" {
	prm -d sim -j trace status
	assert_success
	assert_json_doc
	echo "$output" | jq -e '.owner == false and .trace_to_memory == true and .trc_ver == 1 and
		.first_string_trace == 8 and .num_string_trace == 48 and
		.max_buffer_bytes == 4194304 and (.string_db | length) == 1 and
		.string_db[0].base == 9437184 and .trace_status == 0 and .current_ticks > 0'
	# nobody holds it; no kernel beside a simulator
	echo "$output" | jq -e '.owned_by == null and .kernel_trace_event == null'
}

@test "trace kernel: the kernel's traces are a bound mlx5_core's; a simulator has none (exit 3)" {
	prm -d sim -j trace kernel
	assert_failure 3
	echo "$output" | jq -e '.error.reason == "not_kernel"'
	assert_equal "$stderr" "prmctl: sim: the kernel traces a PCI function bound to mlx5_core; this is not one ('trace capture' reads a simulator's tracer)"
	prm -d sim trace kernel --duration nope
	assert_failure 2
}

@test "every trace verb that reaches a device says which and how: device and access; ticks named" {
	"$PRMCTL" sim start lab >/dev/null
	local row verb want bad=()
	# verb (words split on spaces) | the access it must report
	for row in "trace status|icmd" "trace own|icmd" "trace stop|icmd" "trace own|icmd" \
		"trace release|icmd" "trace strings save --force -o $BATS_TEST_TMPDIR/s|cmdq" \
		"trace capture --duration 0.1 --force -o $BATS_TEST_TMPDIR/c|cmdq"; do
		IFS='|' read -r verb want <<< "$row"
		# shellcheck disable=SC2086
		out=$("$PRMCTL" -d sim:lab -j $verb) || { bad+=("$verb: exit $?"); continue; }
		echo "$out" | jq -e --arg a "$want" '.device == "sim:lab" and .access == $a' >/dev/null ||
			bad+=("$verb: $out")
	done
	[ ${#bad[@]} -eq 0 ] || fail "$(printf '%s\n' "${bad[@]}")"
	# the device clock in ticks, the strings sections in bytes: no unit-less names left
	prm -d sim:lab -j trace status
	echo "$output" | jq -e '(has("current_timestamp") | not) and (.current_ticks | type) == "number" and
		(.string_db[0] | has("size") | not) and .string_db[0].size_bytes > 0'
}

@test "trace own / release: read back; another agent's tracer is not taken" {
	"$PRMCTL" sim start lab >/dev/null
	prm -d sim:lab -j trace own
	assert_success
	echo "$output" | jq -e '.owner == true'
	prm -d sim:lab -j trace status
	echo "$output" | jq -e '.owner == true and .owned_by == "this_function"'
	prm -d sim:lab trace release
	assert_success
	prm -d sim:lab -j trace status
	echo "$output" | jq -e '.owner == false and .owned_by == null'
	"$PRMCTL" sim inject lab tracer-steal >/dev/null
	prm -d sim:lab trace own --tries 2
	assert_failure 1
	assert_equal "$stderr" "prmctl: sim:lab: the tracer stays with another agent (the kernel's mlx5_core owns it while loaded) after 2 requests"
}

@test "trace capture, then decode: the simulator's own log, event for event" {
	"$PRMCTL" sim start lab >/dev/null
	prm -d sim:lab -j trace capture -o "$BATS_TEST_TMPDIR/c.trace" --duration 1.5
	assert_success
	echo "$output" | jq -e '.blocks > 100 and .overruns == 0 and .ownership_lost == 0'
	# who it is from travels with it
	prm trace decode -j "$BATS_TEST_TMPDIR/c.trace" --strings-db 900000:/dev/null
	assert_success
	echo "$output" | tail -1 | jq -e '.decoded > 100 and .unknown_pointer > 0'
	[ ! -e "$BATS_TEST_TMPDIR/c.trace.part" ]
	"$PRMCTL" sim trace-log lab > "$BATS_TEST_TMPDIR/log.jsonl"
	# no decode options: the capture carries MTRC_CAP, the strings and the clock
	prm -j trace decode "$BATS_TEST_TMPDIR/c.trace"
	assert_success
	echo "$output" > "$BATS_TEST_TMPDIR/dec.jsonl"
	echo "$output" | tail -1 | jq -e '.type == "summary" and .decoded == .blocks and
		.torn == 0 and .stale == 0 and .overrun == 0 and .truncated == 0 and
		.unknown_pointer == 0 and .missing_pointer == 0 and .strings > 100'
	echo "$output" | head -1 | jq -e '.device_ns == .ticks'	# 1 GHz
	echo "$output" | tail -1 | jq -e '.device == "sim:lab" and (.psid | length) > 0 and
		(.fw_version | test("^[0-9]+\\.[0-9]+\\.[0-9]+$")) and .clock_khz == 1000000' 
	run compare_with_log "$BATS_TEST_TMPDIR/dec.jsonl" "$BATS_TEST_TMPDIR/log.jsonl"
	assert_success
	# the tracer is given back and its key and domain destroyed
	prm -d sim:lab -j trace status
	echo "$output" | jq -e '.owner == false and .trace_status == 0'
	prm -j sim commands lab
	echo "$output" | jq -e '[.commands[].opcode_name] | index("DESTROY_MKEY") and index("DEALLOC_PD")'
}

@test "sim: the service keeps every block its tracer wrote as a capture file, which decodes to its log" {
	"$PRMCTL" sim start lab >/dev/null
	prm -d sim:lab -j trace capture -o "$BATS_TEST_TMPDIR/c.trace" --duration 1
	assert_success
	cp "$PRMCTL_SIM_DIR/lab/tracering.trace" "$BATS_TEST_TMPDIR/ring.trace"
	"$PRMCTL" sim trace-log lab > "$BATS_TEST_TMPDIR/log.jsonl"
	prm -j trace decode "$BATS_TEST_TMPDIR/ring.trace"
	assert_success
	# written while the service lives: no end record, and decode says so
	assert_equal "$stderr" "prmctl: warning: $BATS_TEST_TMPDIR/ring.trace: the capture has no end record: it was interrupted, or cut at a record boundary"
	echo "$output" > "$BATS_TEST_TMPDIR/dec.jsonl"
	echo "$output" | tail -1 | jq -e '.type == "summary" and .decoded == .blocks and
		.blocks >= 100 and .torn == 0 and .stale == 0 and .overrun == 0 and
		.unknown_pointer == 0 and .device == "sim (cx7)" and .clock_khz == 1000000'
	run compare_with_log "$BATS_TEST_TMPDIR/dec.jsonl" "$BATS_TEST_TMPDIR/log.jsonl"
	assert_success
	# its MTRC_CAP and strings are the device's: a decode of the capture with them reads the same
	prm -j trace decode --strings "$BATS_TEST_TMPDIR/ring.trace" "$BATS_TEST_TMPDIR/c.trace"
	assert_success
	[ "$(echo "$output" | jq -c 'select(.type == "string") | .msg' | md5sum)" = \
	  "$("$PRMCTL" -j trace decode "$BATS_TEST_TMPDIR/c.trace" | jq -c 'select(.type == "string") | .msg' | md5sum)" ]
}

@test "trace capture: a ring overrun and a stolen tracer are gaps where they happened" {
	"$PRMCTL" sim start lab >/dev/null
	"$PRMCTL" -d sim:lab -j trace capture -o "$BATS_TEST_TMPDIR/c.trace" --duration 2.5 \
		--size 16K > "$BATS_TEST_TMPDIR/out.json" 2> "$BATS_TEST_TMPDIR/err" &
	sleep 0.8
	"$PRMCTL" sim inject lab ring-overrun >/dev/null
	sleep 0.5
	"$PRMCTL" sim inject lab tracer-steal >/dev/null
	sleep 0.5
	"$PRMCTL" sim clear lab tracer-steal >/dev/null
	wait
	jq -e '.overruns == 1 and .ownership_lost == 1' "$BATS_TEST_TMPDIR/out.json"
	grep -q "another agent took the tracer" "$BATS_TEST_TMPDIR/err"
	grep -q "the tracer is ours again" "$BATS_TEST_TMPDIR/err"
	prm -j trace decode "$BATS_TEST_TMPDIR/c.trace"
	assert_success
	[ "$(echo "$output" | jq -s '[.[] | select(.type == "skip" and .reason == "overrun")] | length')" = 2 ]
	echo "$output" | tail -1 | jq -e '.overrun == 2 and .decoded == .blocks'
	prm trace decode --strict "$BATS_TEST_TMPDIR/c.trace"
	assert_failure 4
}

@test "trace capture: SIGINT ends it cleanly, the file complete and the tracer released" {
	"$PRMCTL" sim start lab >/dev/null
	"$PRMCTL" -d sim:lab -j trace capture -o "$BATS_TEST_TMPDIR/c.trace" \
		> "$BATS_TEST_TMPDIR/out.json" &
	pid=$!
	sleep 1
	kill -INT $pid
	wait $pid
	jq -e '.interrupted == true and .blocks > 0' "$BATS_TEST_TMPDIR/out.json"
	prm -j trace decode "$BATS_TEST_TMPDIR/c.trace"
	assert_success
	refute_line --partial "no end record"
	prm -d sim:lab -j trace status
	echo "$output" | jq -e '.owner == false'
}

@test "trace capture: bad sizes, a stolen tracer, an unwritable file" {
	prm -d sim trace capture -o "$BATS_TEST_TMPDIR/x" --size 12K --duration 0.1
	assert_failure 2
	assert_equal "$stderr" "prmctl: --size 12288: the buffer size must be 4 KiB times a power of two (at most 4194304)"
	prm -d sim trace capture -o "$BATS_TEST_TMPDIR/x" --size 8M --duration 0.1
	assert_failure 2
	[[ "$stderr" == *"larger than MTRC_CAP.log_max_trace_buffer_size allows"* ]]
	prm -d sim trace capture --duration 0.1
	assert_failure 2
	assert_equal "$stderr" "prmctl: trace capture: where to? -o FILE"
	touch "$BATS_TEST_TMPDIR/exists"
	prm -d sim trace capture -o "$BATS_TEST_TMPDIR/exists" --duration 0.1
	assert_failure 2
	assert_equal "$stderr" "prmctl: $BATS_TEST_TMPDIR/exists exists; --force replaces it"
	prm -d sim -j trace capture -o "$BATS_TEST_TMPDIR/exists" --duration 0.1 --force
	assert_success
	prm trace capture --help
	assert_success
	[ -z "$stderr" ]
	prm -d sim --inject tracer-steal trace capture -o "$BATS_TEST_TMPDIR/x" --duration 0.1
	assert_failure 1
	[[ "$stderr" == *"stays with another agent"* ]]
	[ ! -e "$BATS_TEST_TMPDIR/x" ] && [ ! -e "$BATS_TEST_TMPDIR/x.part" ]
	prm -d sim trace capture -o /nonexistent/dir/x --duration 0.1
	assert_failure 2	# judged at start (prmctl(8) CONVENTIONS, Paths)
	[[ "$stderr" == *"cannot create /nonexistent/dir/x"* ]]
}

@test "trace decode of a capture cut short: a truncated skip, or where its configuration ends" {
	"$PRMCTL" sim start lab >/dev/null
	"$PRMCTL" -d sim:lab trace capture -o "$BATS_TEST_TMPDIR/c.trace" --duration 0.5 >/dev/null
	size=$(stat -c %s "$BATS_TEST_TMPDIR/c.trace")
	head -c $((size - 300)) "$BATS_TEST_TMPDIR/c.trace" > "$BATS_TEST_TMPDIR/cut.trace"
	prm -j trace decode "$BATS_TEST_TMPDIR/cut.trace"
	assert_success
	echo "$output" | tail -1 | jq -e '.truncated == 1'
	[[ "$stderr" == *"no end record"* ]]
	head -c 100 "$BATS_TEST_TMPDIR/c.trace" > "$BATS_TEST_TMPDIR/head.trace"
	# cut inside its configuration: nothing can be decoded, and it says where
	prm trace decode "$BATS_TEST_TMPDIR/head.trace"
	assert_failure 1
	[[ "$stderr" == *"head.trace: record at offset 16 (type 1) claims "*" bytes; the file has 68 after it" ]]
	printf 'PRMTRACE\002\000\000\000\020\000\000\000' > "$BATS_TEST_TMPDIR/v2.trace"
	prm trace decode "$BATS_TEST_TMPDIR/v2.trace"
	assert_failure 1
	assert_equal "$stderr" "prmctl: $BATS_TEST_TMPDIR/v2.trace: capture format version 2, this prmctl reads 1"
}

@test "trace own --wait: asked again at the ownership-change event; stop releases" {
	"$PRMCTL" sim start lab >/dev/null
	"$PRMCTL" sim inject lab tracer-steal >/dev/null
	(sleep 1; "$PRMCTL" sim clear lab tracer-steal >/dev/null) &
	prm -d sim:lab -j trace own --tries 1 --wait 5
	wait
	assert_success
	echo "$output" | jq -e '.owner == true and .ownership_events >= 1 and
		.waited_by == "event queue" and .waited_ms >= 900 and .waited_ms < 5000'
	prm -d sim:lab -j trace stop
	assert_success
	echo "$output" | jq -e '.owner == false and .trace_status == 0'
	prm -d sim:lab trace stop
	assert_failure 1
	[[ "$stderr" == *"not ours to stop"* ]]
	# a wait that runs out is a timeout
	"$PRMCTL" sim inject lab tracer-steal >/dev/null
	prm -d sim:lab trace own --tries 1 --wait 300ms
	assert_failure 5
	[[ "$stderr" == *"after 1 requests and the wait"* ]]
}

@test "trace decode survives corrupt captures: every mutation exits 0 or 1, never crashes" {
	"$PRMCTL" sim start lab >/dev/null
	"$PRMCTL" -d sim:lab trace capture -o "$BATS_TEST_TMPDIR/c.trace" --duration 0.3 >/dev/null
	for seed in $(seq 1 60); do
		python3 - "$BATS_TEST_TMPDIR/c.trace" "$BATS_TEST_TMPDIR/m.trace" "$seed" <<'PY'
import random, sys
data = bytearray(open(sys.argv[1], 'rb').read())
r = random.Random(int(sys.argv[3]))
for _ in range(r.randint(1, 8)):
    i = r.randrange(len(data))
    # record headers and metadata near the start, blocks anywhere
    if r.random() < 0.5:
        i = r.randrange(min(len(data), 2048))
    data[i] = r.randrange(256)
if r.random() < 0.3:
    data = data[:r.randrange(len(data))]
open(sys.argv[2], 'wb').write(data)
PY
		run "$PRMCTL" trace decode --json "$BATS_TEST_TMPDIR/m.trace"
		[ "$status" -le 1 ] || fail "seed $seed: exit $status"
	done
}
