#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# The PRM command queue against the in-process simulator: bring-up,
# mailbox chains, status decoding, teardown.
load helper

@test "cmd NOP brings the function up, runs, and says OK" {
	prm -j -d sim cmd NOP
	assert_success
	echo "$output" | jq -e '.opcode == 2061 and .opcode_name == "NOP" and .status == 0 and .status_name == "OK"'
}

@test "QUERY_ADAPTER returns the model's PSID through an output mailbox" {
	prm -j -v -d sim --model cx6dx cmd QUERY_ADAPTER --out-len 0x110
	assert_success
	echo "$output" | jq -e '.fields.query_adapter_struct.vsd_contd_psid == "SIM0000000006" and .fields.query_adapter_struct.ieee_vendor_id == 713' 
	# vsd_contd_psid: the last 16 bytes of the 0x100-byte adapter struct
	local psid
	psid=$(echo "$output" | jq -r '.output[64:68][] | tostring' | while read -r w; do printf '%08x' "$w"; done | xxd -r -p | tr -d '\0')
	[ "$psid" = "SIM0000000006" ] || fail "psid '$psid'"
}

@test "a command whose input and output span several chained mailboxes" {
	local in
	in=$(for i in $(seq 1 275); do printf '01020304 '; done)
	prm -j -v -d sim cmd NOP --in "$in" --out-len 1300
	assert_success
	echo "$output" | jq -e '(.output | length) == 325 and .status == 0'
}

@test "an unknown opcode is the firmware's bad operation, decoded, exit 1" {
	prm -d sim cmd 0x999
	assert_failure 1
	[[ $stderr == *"UNKNOWN(0x999) op_mod(0x0) failed, status bad operation(0x2), syndrome (0x9990000)"* ]]
	prm -j -d sim cmd 0x999
	echo "$output" | jq -e '.error.code == 1 and .error.reason == "cmd_status"'
}

@test "ACCESS_REG through the command queue reads MGIR" {
	local in
	in="00 00 90 20 00 00 00 00 $(printf '00 %.0s' $(seq 1 160))"
	prm -j -v -d sim cmd ACCESS_REG --op-mod 1 --in "$in" --out-len 0xb0
	assert_success
	# MGIR hw_info: device_id 0x1021 in dword 0 of the register (output + 0x10)
	echo "$output" | jq -e '.output[4] == 4129 and .access == "cmdq"'
}

@test "devices without a command channel say so, exit 3" {
	zero_file "$BATS_TEST_TMPDIR/img" 8208
	prm -d "image:$BATS_TEST_TMPDIR/img" cmd NOP
	assert_failure 3
	[[ $stderr == *"no command channel"* ]]
}

@test "bad arguments are usage errors" {
	prm -d sim cmd NO_SUCH_COMMAND
	assert_failure 2
	prm -d sim cmd NOP --out-len 4
	assert_failure 2
	prm -d sim cmd NOP --in "zz"
	assert_failure 2
}

@test "an 8-byte output is read within its bounds: the firmware's bad output length" {
	prm -d sim cmd NOP --out-len 8
	assert_failure 1
	[[ $stderr == *"NOP(0x80d) op_mod(0x0) failed, status bad output length(0x51)"* ]]
}
