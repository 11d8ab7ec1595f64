#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# Input files as users and attackers hand them over: FIFOs, directories,
# devices, endless streams, endless lines, absurd option values. Every
# refusal comes at once (timeout turns a hang into a failure), names the
# input and the limit, and is exit 2 (3 for -d image:, a device name).
load helper

setup() {
	T=$BATS_TEST_TMPDIR
	export PRMCTL_SIM_DIR=$T/sim
	mkfifo "$T/fifo"
	mkdir "$T/dir"
	zero_file "$T/ring.bin" 4096
}

teardown() {
	stop_sims
}

# prmctl, bounded: a hang fails the test (status 124) instead of the suite
prm_t() {
	run --separate-stderr timeout 10 "$PRMCTL" "$@"
}

# every command that reads a file the user names, with PATH as that file
each_reader() { # PATH -> calls check "description" args...
	local p=$1
	check "trace decode" trace decode "$p"
	check "trace analyze" trace analyze "$p"
	check "--strings-db" trace decode --strings-db "0:$p" "$T/ring.bin"
	check "decode" decode initseg "$p"
	check "decode --hex" decode --hex initseg "$p"
	check "health decode-log" health decode-log "$p"
	check "atomic verify --table" atomic verify --table "$p"
	check "cmd --in @FILE" -d sim cmd NOP --in "@$p"
	check "--adb" --adb "$p" decode paos_reg_ext /dev/null
}

@test "a FIFO named as input is refused at once, exit 2, naming it" {
	check() {
		local what=$1
		shift
		prm_t "$@"
		[ "$status" -eq 2 ] || fail "$what: exit $status, expected 2 ($stderr)"
		[[ $stderr == *"$T/fifo: not a regular file (a FIFO"* ]] ||
			fail "$what: $stderr"
	}
	each_reader "$T/fifo"
}

@test "a directory named as input is exit 2 'Is a directory', as decode always said" {
	check() {
		local what=$1
		shift
		prm_t "$@"
		[ "$status" -eq 2 ] || fail "$what: exit $status, expected 2 ($stderr)"
		[[ $stderr == *"$T/dir: Is a directory"* ]] || fail "$what: $stderr"
	}
	each_reader "$T/dir"
	prm_t -j health decode-log "$T/dir"
	echo "$output" | jq -e '.error.code == 2 and .error.reason == "not_a_file"'
}

@test "a device is refused before it is opened; /dev/null still reads as empty" {
	prm_t health decode-log /dev/zero
	assert_failure 2
	[[ $stderr == *"/dev/zero: not a regular file (a character device)"* ]]
	prm_t decode --hex initseg /dev/zero
	assert_failure 2
	[[ $stderr == *"/dev/zero: not a regular file (a character device)"* ]]
	prm_t health decode-log /dev/null
	assert_success
	prm_t trace decode --strings-db 0:/dev/null "$T/ring.bin"
	assert_success
}

@test "-d image: on a FIFO or a directory is refused at once, exit 3 like any unusable image" {
	prm_t -d "image:$T/fifo" initseg show
	assert_failure 3
	[[ $stderr == *"image:$T/fifo: not a regular file (a FIFO"* ]]
	prm_t -j -d "image:$T/dir" initseg show
	assert_failure 3
	echo "$output" | jq -e '.error.reason == "not_a_file"'
	[[ $stderr == *"image:$T/dir: Is a directory"* ]]
}

@test "standard input stays a pipe's way in: trace decode -, decode -, health decode-log" {
	run --separate-stderr bash -c "cat '$T/ring.bin' | timeout 10 '$PRMCTL' -j trace decode -"
	assert_success
	echo "$output" | tail -1 | jq -e '.type == "summary" and .blocks == 16'
	run --separate-stderr bash -c "printf '00 01 02 03\n' | timeout 10 '$PRMCTL' -j decode --hex mbox_out --offset 0 -"
	assert_failure 2
	[[ $stderr == *"standard input: mbox_out needs 16 bytes"* ]]
	run --separate-stderr bash -c "cat '$TOP/tests/fixtures/health-logs/cx6dx-fw-assert-synd1.log' | timeout 10 '$PRMCTL' -j health decode-log"
	assert_failure 4
}

@test "decode-log: a line longer than 64 KiB is exit 2 naming the file, line and limit" {
	{ echo one; echo two; echo three; head -c 70000 /dev/zero | tr '\0' x; echo; } > "$T/long.log"
	prm_t health decode-log "$T/long.log"
	assert_failure 2
	[[ $stderr == *"$T/long.log: line 4: longer than 65536 bytes"* ]]
	# a line of exactly the limit is still a line
	{ head -c 65536 /dev/zero | tr '\0' x; echo; } > "$T/limit.log"
	prm_t health decode-log "$T/limit.log"
	assert_success
	# the newline is optional at the end, but not 64 KiB before it
	head -c 100000 /dev/zero | tr '\0' y > "$T/nonl.log"
	prm_t health decode-log "$T/nonl.log"
	assert_failure 2
	[[ $stderr == *"$T/nonl.log: line 1: longer than 65536 bytes"* ]]
}

@test "decode-log: a 1 GiB file with no newline stops at the limit, not at the end of memory" {
	truncate -s 1G "$T/sparse.log"
	prm_t -j health decode-log "$T/sparse.log"
	assert_failure 2
	echo "$output" | jq -e '.error.code == 2 and .error.reason == "line_too_long"'
	[[ $stderr == *"sparse.log: line 1: longer than 65536 bytes"* ]]
	run --separate-stderr bash -c "timeout 10 '$PRMCTL' health decode-log < /dev/zero"
	assert_failure 2
	[[ $stderr == *"standard input: line 1: longer than 65536 bytes"* ]]
}

@test "trace decode of an endless standard input stops at the 1 GiB spool limit, leaving nothing" {
	mkdir "$T/tmp"
	TMPDIR=$T/tmp run --separate-stderr timeout 60 "$PRMCTL" trace decode - < /dev/zero
	assert_failure 2
	[[ $stderr == *"standard input: more than 1 GiB to copy to"*"$T/tmp"*"save it to a file"* ]]
	[ -z "$(ls -A "$T/tmp")" ]
}

@test "decode --hex: an offset column past the 64 MiB cap names the cap" {
	printf '04000010: 00 01 02 03\n' > "$T/far.hex"
	prm_t decode --hex initseg "$T/far.hex"
	assert_failure 2
	[[ $stderr == *"line 1, column 1: offset 0x4000010 is past 64 MiB (0x4000000), the most a hex dump may hold"* ]]
	# so does a '*' line asking to repeat up to there
	printf '00000000  01 02 03 04 05 06 07 08  09 0a 0b 0c 0d 0e 0f 10\n*\n04000010\n' > "$T/rep.hex"
	prm_t -j decode --hex initseg "$T/rep.hex"
	assert_failure 2
	echo "$output" | jq -e '.error.reason == "too_large"'
	[[ $stderr == *"line 3, column 1: offset 0x4000010 is past 64 MiB"* ]]
}

@test "durations name their range: --timeout, --duration, at every option that takes one" {
	for args in "dct drain --timeout 99999999999" "esw watch --duration 99999999999999m" \
		    "trace capture -o $T/x.trace --duration 1e9" "dct watch --duration 600000m" \
		    "trace own --wait 99999999999"; do
		prm_t -d sim $args
		[ "$status" -eq 2 ] || fail "$args: exit $status ($stderr)"
		[[ $stderr == *"at most 31536000 s (365 days)"* ]] || fail "$args: $stderr"
	done
}

@test "durations that are not numbers, or round to nothing, are refused" {
	for d in nan inf -5 0x10 1e3 " 5" 0 0.0001 5x ""; do
		prm_t -d sim esw watch --duration "$d"
		[ "$status" -eq 2 ] || fail "--duration '$d': exit $status ($stderr)"
		[[ $stderr == *"--duration '$d': "*"seconds, or with a unit (500ms, 1.5s, 2m, 1h)"* ]] ||
			fail "--duration '$d': $stderr"
	done
	# the forms documented still work
	for d in 0.2 200ms 0.2s 0.005m; do
		prm_t -d sim esw watch --duration "$d"
		assert_success
	done
}

@test "number options name their range" {
	prm_t trace analyze --top 2000000 "$T/ring.bin"
	assert_failure 2
	[[ $stderr == *"--top '2000000': expected a count, 0 to 1000000"* ]]
	prm_t atomic emulate --size 100
	assert_failure 2
	[[ $stderr == *"--size '100': a number of bytes, 0 to 64"* ]]
}

@test "sim trace-log streams the log, and says so when it cannot write it" {
	"$PRMCTL" sim start lab >/dev/null
	"$PRMCTL" -d sim:lab trace capture -o "$T/c.trace" --duration 0.3 >/dev/null
	prm_t sim trace-log lab
	assert_success
	[ "${#output}" -gt 1000 ]
	# the log as the service wrote it, byte for byte
	timeout 10 "$PRMCTL" sim trace-log lab | cmp - "$PRMCTL_SIM_DIR/lab/tracelog.jsonl"
	[ -w /dev/full ] || skip "no /dev/full"
	run --separate-stderr bash -c "timeout 10 '$PRMCTL' sim trace-log lab > /dev/full"
	assert_failure 1
	[[ $stderr == *"error writing output: No space left on device"* ]]
}

@test "trace decode with no FILE on a terminal says so instead of waiting for one" {
	command -v script >/dev/null || skip "no script(1) for a terminal"
	run script -qec "timeout 10 '$PRMCTL' trace decode" /dev/null < /dev/null
	[ "$status" -eq 2 ] || fail "exit $status: $output"
	[[ $output == *"no trace to read: give a FILE, or pipe a dump in"* ]]
}

@test "--strings-db BASE:- with the trace on standard input too is refused, not read twice" {
	run --separate-stderr timeout 10 "$PRMCTL" trace decode --strings-db 0x0:- - < "$T/ring.bin"
	assert_failure 2
	assert_equal "$stderr" "prmctl: --strings-db '0x0:-': standard input is the trace already; name a file for one of them"
	run --separate-stderr timeout 10 "$PRMCTL" trace decode --strings-db 0x0:- "$T/ring.bin" < /dev/null
	assert_success
}
