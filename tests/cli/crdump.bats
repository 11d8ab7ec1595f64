#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# prmctl cr dump against the simulator: mstregdump's ranges and lines, the
# ways it refuses, and the gateway given back. The byte-for-byte comparison
# with mstregdump itself is in pcidev.bats (it needs the PCI device).
load helper

LISTS=/usr/share/mstflint

setup() {
	private_sims
	export PRMCTL_CRDUMP_DIR=$BATS_TEST_TMPDIR/lists
	mkdir -p "$PRMCTL_CRDUMP_DIR"
}

teardown() {
	stop_sims
}

# a list in the test's list directory, as the chip's (ConnectX7.csv for -d sim)
list() { # name text
	printf '%b' "$2" > "$PRMCTL_CRDUMP_DIR/$1.csv"
}

@test "the chip's list from the directory: every range in order, one line per dword" {
	list ConnectX7 '#Addr, Size, Enable addr\n0x0f0010,2,\n# gated: -full only\n0x2000,4,0x3000.1\n0x100,1,\n'
	prm -d sim cr dump
	assert_success
	# 0xf0014: the hw_id (0x218); the rest: what the simulated chip holds there
	assert_equal "$output" "$(printf '%s\n' '0x000f0010 0x273be92e' '0x000f0014 0x00000218' '0x00000100 0x4570315f')"
	[ -z "$stderr" ]
}

@test "every model: as many lines as its mstflint list has dwords, each a line of mstregdump's form" {
	[ -r "$LISTS/ConnectX5.csv" ] || fail "mstflint's lists are missing (tools/install-deps test)"
	local m chip want
	unset PRMCTL_CRDUMP_DIR
	for m in cx5:ConnectX5:0x0000020d cx6dx:ConnectX6DX:0x00000212 cx7:ConnectX7:0x00000218; do
		IFS=: read -r m chip id <<< "$m"
		want=$(awk -F, '!/^#/ && NF >= 2 && ($3 == "" || $3 == "EMPTY") { n += $2 } END { print n }' "$LISTS/$chip.csv")
		"$PRMCTL" -d sim --model "$m" cr dump > "$BATS_TEST_TMPDIR/$m.txt"
		[ "$(wc -l < "$BATS_TEST_TMPDIR/$m.txt")" = "$want" ] || fail "$m: $(wc -l < "$BATS_TEST_TMPDIR/$m.txt") lines, the list has $want dwords"
		! grep -qvE '^0x[0-9a-f]{8} 0x[0-9a-f]{8}$' "$BATS_TEST_TMPDIR/$m.txt"
		grep -qx "0x000f0014 $id" "$BATS_TEST_TMPDIR/$m.txt"
		[ "$(head -1 "$BATS_TEST_TMPDIR/$m.txt")" = "0x00000000 0x00000000" ]
	done
}

@test "-o FILE: the same bytes, and a summary; an existing FILE needs --force" {
	list ConnectX7 '0x0,8\n0xf0014,1\n'
	"$PRMCTL" -d sim cr dump > "$BATS_TEST_TMPDIR/stdout.txt"
	prm -j -d sim cr dump -o "$BATS_TEST_TMPDIR/d.txt"
	assert_success
	assert_json_doc
	cmp "$BATS_TEST_TMPDIR/stdout.txt" "$BATS_TEST_TMPDIR/d.txt"
	echo "$output" | jq -e --arg l "$PRMCTL_CRDUMP_DIR/ConnectX7.csv" \
		'.hw_id == 536 and .space == "nd_cr" and .ranges == 2 and .scratchpad_ranges == 0
		 and .dword_count == 9 and .bytes == 198 and .ranges_from == $l'
	prm -d sim cr dump -o "$BATS_TEST_TMPDIR/d.txt"
	assert_failure 2
	assert_equal "$stderr" "prmctl: cr dump: $BATS_TEST_TMPDIR/d.txt exists (use --force to replace it)"
	prm -d sim cr dump -o "$BATS_TEST_TMPDIR/d.txt" --force
	assert_success
	# a device is written into, not replaced by a file
	prm -d sim cr dump -o /dev/null
	assert_success
	[ -c /dev/null ]
}

@test "--json without -o is refused: the dump is text" {
	prm -j -d sim cr dump
	assert_failure 2
	echo "$output" | jq -e '.error.reason == "usage"'
	assert_equal "$stderr" "prmctl: cr dump: the dump is mstregdump's text; with --json give -o FILE"
}

@test "--ranges FILE: any list, for any chip; a bad one names its line" {
	printf '0x20,2\n' > "$BATS_TEST_TMPDIR/r.csv"
	prm -d sim --model cx5 cr dump --ranges "$BATS_TEST_TMPDIR/r.csv"
	assert_success
	assert_equal "$output" "$(printf '%s\n' '0x00000020 0xaa4aa778' '0x00000024 0x6ebbd6e0')"
	printf '# mine\n0x20,2\n0x21,1\n' > "$BATS_TEST_TMPDIR/r.csv"
	prm -d sim cr dump --ranges "$BATS_TEST_TMPDIR/r.csv"
	assert_failure 2
	assert_equal "$stderr" "prmctl: $BATS_TEST_TMPDIR/r.csv: line 3: the address is not dword aligned"
	prm -d sim cr dump --ranges "$BATS_TEST_TMPDIR/none.csv"
	assert_failure 2
	[[ $stderr == *"none.csv"* ]] || fail "$stderr"
}

@test "no list for the chip, no list directory: said, 3 and 2" {
	prm -j -d sim cr dump -o "$BATS_TEST_TMPDIR/d.txt"
	assert_failure 3
	echo "$output" | jq -e '.error.reason == "crdump_unsupported"'
	assert_equal "$stderr" "prmctl: sim: no range list for this chip (hw_id 0x218): $PRMCTL_CRDUMP_DIR/ConnectX7.csv is missing"
	[ ! -e "$BATS_TEST_TMPDIR/d.txt" ]
	PRMCTL_CRDUMP_DIR=$BATS_TEST_TMPDIR/nothing prm -j -d sim cr dump -o "$BATS_TEST_TMPDIR/d.txt"
	assert_failure 2
	echo "$output" | jq -e '.error.reason == "crdump_lists_missing"'
	[[ $stderr == *"$BATS_TEST_TMPDIR/nothing is not a directory"*"apt-get install mstflint"*"PRMCTL_CRDUMP_DIR"*"--ranges FILE"* ]] ||
		fail "$stderr"
}

@test "a device without the PCI gateway: exit 3, said why" {
	list ConnectX7 '0x0,1\n'
	"$PRMCTL" -d sim initseg dump -o "$BATS_TEST_TMPDIR/seg.bin"
	prm -d "image:$BATS_TEST_TMPDIR/seg.bin" cr dump
	assert_failure 3
	assert_equal "$stderr" "prmctl: cr-space is read through the PCI gateway: image:$BATS_TEST_TMPDIR/seg.bin: image has no PCI config space"
	prm -d sim --inject device-gone cr dump
	assert_failure 3
	[[ $stderr == *"device not responding"* ]] || fail "$stderr"
	[ -z "$output" ]
}

@test "scratchpad TLVs the firmware left add their regions after the list" {
	list ConnectX7 '0x100,1\n'
	"$PRMCTL" sim start tlv >/dev/null
	local a
	# 0x18 -> region 0x4000 of 2 dwords, whose first TLV word is not the signature
	for a in "0x18 0x54306f6c" "0x1c 2" "0x20 0x4000" "0x4000 7"; do
		"$PRMCTL" -d sim:tlv --write cr write $a >/dev/null
	done
	prm -d sim:tlv cr dump
	assert_success
	assert_equal "$output" "$(printf '%s\n' '0x00000100 0x4570315f' '0x00004000 0x00000007' '0x00004004 0xe8cec731')"
}

@test "other agents get the gateway during a dump; a stop gives it back and writes nothing" {
	"$PRMCTL" sim start busy >/dev/null
	unset PRMCTL_CRDUMP_DIR
	local pid i st
	# all of cr-space, twice: a dump long enough to be under way through the
	# reads below (the chip's list takes well under a second over sim:NAME)
	printf '0x0,4194304\n0x0,4194304\n' > "$BATS_TEST_TMPDIR/long.csv"
	"$PRMCTL" -d sim:busy cr dump --ranges "$BATS_TEST_TMPDIR/long.csv" -o "$BATS_TEST_TMPDIR/d.txt" 2>"$BATS_TEST_TMPDIR/err" &
	pid=$!
	# holds are short: reads in between never wait for the whole dump
	for i in 1 2 3; do
		sleep 0.2
		prm -d sim:busy cr read 0xf0014
		assert_success
	done
	kill -INT "$pid"
	st=0
	wait "$pid" || st=$?
	assert_equal "$st" 1
	grep -q "interrupted" "$BATS_TEST_TMPDIR/err"
	[ ! -e "$BATS_TEST_TMPDIR/d.txt" ]
	prm -j -d sim:busy cr unlock
	echo "$output" | jq -e '.gateway_semaphore.state == "free"'
}
