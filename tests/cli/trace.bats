#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# prmctl trace decode against an independent model of doc/trace-decode.md:
# tests/trace/tracegen.py builds rings from scenarios (the firmware's events at
# known times, then damaged) with the JSON Lines the decoder must print, and
# tests/trace/compare.py compares them object by object. One test per family
# of scenarios; every failing scenario of a family is reported, with the first
# difference. --strict, and bad input.
#
# To look at one scenario by hand:
#   tests/trace/tracegen.py --list
#   tests/trace/tracegen.py --out /tmp/tg NAME && cat /tmp/tg/NAME/about
#   ./prmctl trace decode --json $(cat /tmp/tg/NAME/args) /tmp/tg/NAME/ring.bin > out.jsonl
#   tests/trace/compare.py --all out.jsonl /tmp/tg/NAME/expected.jsonl
load helper

GEN=$BATS_TEST_DIRNAME/../trace/tracegen.py
CMP=$BATS_TEST_DIRNAME/../trace/compare.py

setup() {
	T=$BATS_TEST_TMPDIR
}

# generate scenarios (--family F or names), decode each, compare with the model
decode_scenarios() {
	local names name d rc failed=()
	names=$(python3 "$GEN" --out "$T/gen" "$@") || fail "tracegen.py $* failed"
	[ -n "$names" ] || fail "no scenario for $*"
	for name in $names; do
		d=$T/gen/$name
		mapfile -t args < "$d/args"
		rc=0
		"$PRMCTL" trace decode --json "${args[@]}" "$d/ring.bin" > "$d/out.jsonl" 2> "$d/err" || rc=$?
		if [ "$rc" -ne 0 ]; then
			failed+=("$name: exit $rc: $(head -c 400 "$d/err")")
		elif ! python3 "$CMP" "$d/out.jsonl" "$d/expected.jsonl" > "$d/diff" 2>&1; then
			failed+=("$(cat "$d/about")"$'\n'"$(head -c 3000 "$d/diff")")
		fi
	done
	[ ${#failed[@]} -eq 0 ] || fail "$(printf '%s\n\n' "${failed[@]}")"
}

# the exit status of --strict on a generated scenario
strict_status() { # name
	local d=$T/gen/$1
	mapfile -t args < "$d/args"
	"$PRMCTL" trace decode --json --strict "${args[@]}" "$d/ring.bin" > /dev/null 2>&1
}

summary() { # name jq-expression on the expected summary
	tail -n 1 "$T/gen/$1/expected.jsonl" | jq -e "$2" > /dev/null
}

@test "the model's printf agrees with the C library where the kernel does, and with the kernel's rules where not" {
	run python3 "$GEN" --selftest
	assert_success
	assert_output --partial "0 mismatches"
}

@test "timestamp completion at every edge of the 128-tick window, also across the 53-bit wrap" {
	decode_scenarios --family window
}

@test "unreliable timestamp events complete nothing, trc_ver 0 and 1" {
	decode_scenarios --family unreliable
}

@test "items never completed: ticks null with ts7, at a discontinuity and at the end" {
	decode_scenarios --family uncompleted
}

@test "wrapped rings, the 2^52 rule for the start block, ties, clock wrap in the ring" {
	decode_scenarios --family wrap
}

@test "torn, stale, duplicate, incomplete and empty blocks: skips, counts, pending items" {
	decode_scenarios --family skips
}

@test "trailing partial bytes: one truncated skip after all blocks" {
	decode_scenarios --family truncated
}

@test "messages across block boundaries and finalised when the next block ends" {
	decode_scenarios --family straddle
}

@test "strings DB lookup and message assembly: every problem, duplicate and late parameters" {
	decode_scenarios --family strings
}

@test "formats: every conversion, flag, length, *, invalid %, missing parameters, the cut" {
	decode_scenarios --family printf
}

@test "the lost bit" {
	decode_scenarios --family lost
}

@test "event id classes: string range bounds, 0xFF always a timestamp" {
	decode_scenarios --family eventid
}

@test "interleaved messages from several event ids, shared and reused tmsn" {
	decode_scenarios --family interleave
}

@test "--consumer-index: where visiting starts, stale blocks after it" {
	decode_scenarios --family consumer
}

@test "--clock-mhz 156.25, 1000, 2500 and three decimals: exact device_ns" {
	decode_scenarios --family clock
}

@test "seeded random rings with many interleaved messages" {
	decode_scenarios --family random
}

@test "at most 65536 items wait for a reliable timestamp" {
	decode_scenarios --family limit
}

@test "a clean ring" {
	decode_scenarios --family strict
}

@test "--strict: 4 exactly when a loss counter is non-zero, for every scenario" {
	local names name want got failed=()
	names=$(python3 "$GEN" --out "$T/gen") || fail "tracegen.py failed"
	for name in $names; do
		want=$(cat "$T/gen/$name/strict")
		got=0
		strict_status "$name" || got=$?
		[ "$got" = "$want" ] || failed+=("$name: --strict exit $got, expected $want")
	done
	[ ${#failed[@]} -eq 0 ] || fail "$(printf '%s\n' "${failed[@]}")"
}

@test "--strict: 0 on a clean ring and on never-written blocks; 4 for each kind of loss" {
	python3 "$GEN" --out "$T/gen" clean all_empty truncated lost uncompleted_end \
		strings_dup2 torn_start stale duplicate incomplete_tail straddle strings > /dev/null
	summary clean '.uncompleted == 0 and .lost_events == 0 and .missing_params == 0'
	strict_status clean || fail "--strict on a clean ring: exit $?"
	summary all_empty '.empty == 2 and .decoded == 0'
	strict_status all_empty || fail "--strict on empty blocks (not a loss): exit $?"
	local name
	for name in truncated lost uncompleted_end strings_dup2 torn_start stale duplicate \
		incomplete_tail straddle strings; do
		run strict_status "$name"
		[ "$status" -eq 4 ] || fail "--strict on $name: exit $status, expected 4"
	done
	summary truncated '.truncated == 1'
	summary lost '.lost_events == 3'
	summary uncompleted_end '.uncompleted == 9'
	summary strings_dup2 '.duplicate_params == 2'
	summary straddle '.missing_pointer == 4 and .unknown_pointer == 1'
	summary strings '.unterminated == 3 and .too_many_params == 2'
}

@test "a missing ring file is an error naming it" {
	python3 "$GEN" --out "$T/gen" clean > /dev/null
	mapfile -t args < "$T/gen/clean/args"
	prm trace decode "${args[@]}" "$T/nope.bin"
	assert_failure
	[[ $stderr == *"nope.bin"*"No such file or directory"* ]] || fail "unclear: $stderr"
}

@test "a file shorter than one block: exit 1, the message names the file" {
	python3 "$GEN" --out "$T/gen" clean > /dev/null
	mapfile -t args < "$T/gen/clean/args"
	head -c 255 "$T/gen/clean/ring.bin" > "$T/short.bin"
	prm trace decode "${args[@]}" "$T/short.bin"
	assert_failure 1
	[[ $stderr == *"short.bin"* ]] || fail "the file is not named: $stderr"
	: > "$T/empty.bin"
	prm trace decode "${args[@]}" "$T/empty.bin"
	assert_failure 1
	[[ $stderr == *"empty.bin"* ]] || fail "the file is not named: $stderr"
}

@test "--consumer-index out of range is a usage error" {
	python3 "$GEN" --out "$T/gen" clean > /dev/null
	mapfile -t args < "$T/gen/clean/args"
	local ring=$T/gen/clean/ring.bin n
	n=$(( $(stat -c %s "$ring") / 256 ))
	prm trace decode "${args[@]}" --consumer-index "$n" "$ring"
	assert_failure 2
	prm trace decode "${args[@]}" --consumer-index -1 "$ring"
	assert_failure 2
	prm trace decode "${args[@]}" --consumer-index x "$ring"
	assert_failure 2
	prm trace decode --json "${args[@]}" --consumer-index $((n - 1)) "$ring"
	assert_success
}

@test "bad --strings-db syntax is a usage error" {
	python3 "$GEN" --out "$T/gen" clean > /dev/null
	local ring=$T/gen/clean/ring.bin db=$T/gen/clean/strings-0.bin bad
	for bad in nocolon "0x100000:" ":$db" "zz:$db" "0x1ffffffff:$db"; do
		prm trace decode --strings-db "$bad" --first-string-trace 8 --num-string-trace 48 \
			--trc-ver 1 "$ring"
		[ "$status" -eq 2 ] || fail "--strings-db '$bad': exit $status, expected 2"
	done
}
