#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# prmctl decode: raw bytes and hex dumps through the layouts; bad input.
load helper

setup() {
	T=$BATS_TEST_TMPDIR
	# a health buffer after a firmware assert, bytes placed by hand:
	# assert_var[0] 0x11223344, time 0x5f5e1000, rfr+valid+severity 2 (0x8a),
	# irisc_index 2, synd 0x01, ext_synd 0xbeef
	zero_file "$T/hb.bin" 64
	put_bytes "$T/hb.bin" 0x00 11 22 33 44
	put_bytes "$T/hb.bin" 0x2c 5f 5e 10 00
	put_bytes "$T/hb.bin" 0x38 8a
	put_bytes "$T/hb.bin" 0x3c 02 01 be ef
}

@test "decode --list lists the layouts, text and JSON" {
	prm decode --list
	assert_success
	assert_output --partial "health_buffer"
	assert_output --partial "initseg"
	prm -j decode --list
	assert_success
	echo "$output" | jq -e '.layouts[] | select(.name == "health_buffer") | .size == 64'
	echo "$output" | jq -e '.layouts[] | select(.name == "initseg") | .size == 8208'
	echo "$output" | jq -e '[.layouts[].name] | index("cmdq_entry") and index("cmd_mailbox_block") and index("mbox_in") and index("mbox_out")'
}

@test "decode health_buffer FILE prints every field decoded (text)" {
	prm decode health_buffer "$T/hb.bin"
	assert_success
	assert_output --partial "assert_var[0]"
	assert_output --regexp "assert_var\[0\] +0x11223344"
	assert_output --regexp "synd +0x1 \(firmware internal error\)"
	assert_output --regexp "severity +2 \(CRITICAL\)"
	assert_output --regexp "rfr +yes"
	assert_output --regexp "crr +no"
	assert_output --regexp "irisc_index +2"
	assert_output --regexp "ext_synd +0xbeef"
	assert_output --regexp "time +1600000000"
}

@test "decode health_buffer FILE in JSON keeps numbers and adds names" {
	prm -j decode health_buffer "$T/hb.bin"
	assert_success
	assert_json_doc
	echo "$output" | jq -e '.layout == "health_buffer" and .size == 64'
	echo "$output" | jq -e '.fields.synd == 1 and .fields.synd_name == "firmware internal error"'
	echo "$output" | jq -e '.fields.severity == 2 and .fields.severity_name == "CRITICAL"'
	echo "$output" | jq -e '.fields.assert_var == [287454020, 0, 0, 0, 0, 0]'
	echo "$output" | jq -e '.fields.rfr == true and .fields.valid == true and .fields.crr == false'
	echo "$output" | jq -e '.fields.ext_synd == 48879 and .fields.time == 1600000000'
}

@test "decode reads standard input" {
	run --separate-stderr bash -c "'$PRMCTL' -j decode health_buffer - < '$T/hb.bin'"
	assert_success
	echo "$output" | jq -e '.fields.synd == 1'
}

@test "decode --hex reads xxd and hexdump -C output" {
	xxd "$T/hb.bin" > "$T/hb.xxd"
	prm -j decode --hex health_buffer "$T/hb.xxd"
	assert_success
	echo "$output" | jq -e '.fields.synd == 1 and .fields.ext_synd == 48879'
}

@test "decode --hex reads hexdump -C with repeated lines" {
	{ head -c 192 /dev/zero; cat "$T/hb.bin"; } > "$T/big.bin"
	hexdump -C "$T/big.bin" > "$T/hb.hd"
	grep -q '^\*' "$T/hb.hd"
	prm -j decode -x --offset 0xc0 health_buffer "$T/hb.hd"
	assert_success
	echo "$output" | jq -e '.fields.synd == 1 and .fields.assert_var[0] == 287454020'
}

@test "decode --hex reads 0x dwords" {
	printf '0x00000000 0x00000000 0x00000000 0x00000000\n%.0s' 1 2 3 > "$T/hb.words"
	echo "0x00000000 0x00000000 0x00000000 0x00000001" >> "$T/hb.words"
	prm -j decode --hex health_buffer "$T/hb.words"
	assert_success
	echo "$output" | jq -e '.fields.ext_synd == 1 and .fields.synd == 0'
}

@test "decode --offset picks the health buffer out of a BAR0 image" {
	zero_file "$T/bar0.bin" 16384
	put_bytes "$T/bar0.bin" 0x23d 10
	prm -j decode --offset 0x200 health_buffer "$T/bar0.bin"
	assert_success
	echo "$output" | jq -e '.offset == 512 and .fields.synd == 16 and .fields.synd_name == "High temperature"'
	prm -j decode initseg --offset 0 "$T/bar0.bin"
	assert_success
	echo "$output" | jq -e '.fields.health_buffer.synd == 16'
}

@test "decode initseg shows the nested health buffer and names" {
	zero_file "$T/seg.bin" 8208
	put_bytes "$T/seg.bin" 0x00 00 29 00 1c     # fw 28.41
	put_bytes "$T/seg.bin" 0x04 00 05 03 e8     # cmdif 5, subminor 1000
	put_bytes "$T/seg.bin" 0x14 00 00 07 56     # nic_interface 7, log size 5, stride 6
	prm decode initseg "$T/seg.bin"
	assert_success
	assert_output --regexp "fw_rev_major +28"
	assert_output --regexp "nic_interface +7 \(sw_reset\)"
	assert_output --partial "health_buffer:"
	assert_output --regexp "  synd +0x0"
}

@test "decode --describe prints where each field lives" {
	prm -j decode --describe health_buffer
	assert_success
	echo "$output" | jq -e '.field_table[] | select(.field == "synd") | .byte == 60 and .bits == "23:16"'
	echo "$output" | jq -e '.field_table[] | select(.field == "severity") | .byte == 56 and .bits == "26:24"'
}

@test "short input names expected and actual sizes" {
	head -c 60 "$T/hb.bin" > "$T/short.bin"
	prm decode health_buffer "$T/short.bin"
	assert_failure 2
	[[ $stderr == *"health_buffer is 64 bytes, the input has 60 bytes (too short"* ]]
}

@test "over-long input names expected and actual sizes" {
	cat "$T/hb.bin" "$T/hb.bin" > "$T/long.bin"
	prm -j decode health_buffer "$T/long.bin"
	assert_failure 2
	echo "$output" | jq -e '.error.code == 2'
	[[ $stderr == *"64 bytes, the input has 128 bytes (too long"* ]]
}

@test "--offset beyond the input is an error" {
	prm decode --offset 32 health_buffer "$T/hb.bin"
	assert_failure 2
	[[ $stderr == *"needs 64 bytes at offset 0x20, but the input has 64 bytes"* ]]
	prm decode --offset -1 health_buffer "$T/hb.bin"
	assert_failure 2
	prm decode --offset zz health_buffer "$T/hb.bin"
	assert_failure 2
}

@test "bad hex dump names line and column" {
	printf '00 01 02\n03 0g\n' > "$T/bad.hex"
	prm decode --hex health_buffer "$T/bad.hex"
	assert_failure 2
	[[ $stderr == *"bad.hex: hex dump line 2, column 4"* ]]
}

@test "unknown layout exits 2 with a suggestion" {
	prm decode helth_buffer "$T/hb.bin"
	assert_failure 2
	[[ $stderr == *"unknown layout 'helth_buffer'; did you mean 'health_buffer'?"* ]]
}

@test "missing or unreadable input file is an error naming it" {
	prm decode health_buffer "$T/nope.bin"
	assert_failure 2
	[[ $stderr == *"nope.bin: No such file or directory"* ]]
	prm decode health_buffer "$T"
	assert_failure
	[[ $stderr == *"Is a directory"* ]]
}

@test "no structure or too many arguments is a usage error" {
	prm decode
	assert_failure 2
	prm decode health_buffer a b
	assert_failure 2
}

@test "empty input is too short, not a crash" {
	: > "$T/empty.bin"
	prm decode mbox_out "$T/empty.bin"
	assert_failure 2
	[[ $stderr == *"the input has 0 bytes"* ]]
}

@test "the example health buffer decodes to what the real kernel log printed" {
	local log="$TOP/tests/fixtures/health-logs/cx6dx-fw-assert-synd1.log"
	local first
	first=$(awk '/print_health_info/ {print} /raw fw_ver/ {exit}' "$log")
	prm -j decode --hex health_buffer "$TOP/examples/health-buffer-cx6dx-fw-assert.hex"
	assert_success
	# the log's value of a field, then the decoded one, compared as numbers
	logged() { echo "$first" | grep -o "$1" | head -1 | awk '{print $NF}' | tr -d :; }
	check() { # jq-field log-regex
		local got want
		got=$(echo "$output" | jq -r ".fields.$1")
		want=$(logged "$2")
		[ -n "$want" ] || fail "no '$2' in the log"
		(( got == want )) || fail "$1: decoded $got, the log says $want"
	}
	check 'assert_var[0]' 'assert_var\[0\] 0x[0-9a-f]*'
	check assert_exit_ptr 'assert_exit_ptr 0x[0-9a-f]*'
	check assert_callra 'assert_callra 0x[0-9a-f]*'
	check time 'time [0-9]*'
	check hw_id 'hw_id 0x[0-9a-f]*'
	check irisc_index 'irisc_index [0-9]*'
	check ext_synd 'ext_synd 0x[0-9a-f]*'
	check fw_ver 'raw fw_ver 0x[0-9a-f]*'
	check synd 'synd 0x[0-9a-f]*:'
	check severity 'severity [0-9]'
	check rfr 'rfr [0-9]'
	[ "$(echo "$output" | jq -r .fields.synd_name)" = "firmware internal error" ]
}

@test "a hex dump taken from the middle of BAR0 keeps its addresses" {
	zero_file "$T/bar0.bin" 8208
	put_bytes "$T/bar0.bin" 0x23d 07
	xxd -s 0x200 -l 64 "$T/bar0.bin" > "$T/hb-at-200.xxd"
	prm -j decode --hex health_buffer "$T/hb-at-200.xxd"
	assert_success
	echo "$output" | jq -e '.offset == 512 and .fields.synd == 7 and .fields.synd_name == "irisc not responding"'
	prm -j decode --hex --offset 0x200 health_buffer "$T/hb-at-200.xxd"
	assert_success
	prm decode --hex --offset 0x100 health_buffer "$T/hb-at-200.xxd"
	assert_failure 2
	[[ $stderr == *"the dump starts at 0x200, after offset 0x100"* ]]
}

@test "od -Ax output decodes; octal offsets are caught, not misread" {
	od -Ax -tx1 -v "$T/hb.bin" > "$T/hb.od"
	prm -j decode --hex health_buffer "$T/hb.od"
	assert_success
	echo "$output" | jq -e '.fields.synd == 1 and .fields.ext_synd == 48879'
	od -tx1 -v "$T/hb.bin" > "$T/hb.octal"
	prm decode --hex health_buffer "$T/hb.octal"
	assert_failure 2
	[[ $stderr == *"octal offsets?"* ]]
}

@test "--offset is decimal or 0x hex, never octal" {
	{ head -c 10 /dev/zero; cat "$T/hb.bin"; } > "$T/at10.bin"
	prm -j decode --offset 010 health_buffer "$T/at10.bin"
	assert_success
	echo "$output" | jq -e '.offset == 10 and .fields.synd == 1'
}

@test "layout names match in any case, also as prefixes" {
	prm -j decode HEALTH "$T/hb.bin"
	assert_success
	echo "$output" | jq -e '.layout == "health_buffer"'
}
