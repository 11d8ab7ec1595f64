#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# Capability pages, the probe matrix, and command failures, in-process and
# against simulator services.
load helper

setup() {
	private_sims
}

teardown() {
	stop_sims
}

@test "caps: the general page, decoded, through the command queue" {
	prm -j -d sim caps
	assert_success
	assert_json_doc
	echo "$output" | jq -e '.page == "general" and .cap_type == 0 and .values == "current" and .access == "cmdq"
		and .fields.port_type == 1 and .fields.port_type_name == "ethernet"
		and .fields.log_max_qp == 17 and .fields.dct == true and .fields.atomic == true'
}

@test "caps --max asks for the maximum (op_mod cap_type << 1)" {
	prm -j -d sim caps general log_max_qp cmdif_checksum --max
	assert_success
	echo "$output" | jq -e '.values == "max" and .fields.log_max_qp == 18 and .fields.cmdif_checksum == 3
		and (.fields | length) == 3'
}

@test "caps atomic --json: the atomic page" {
	prm -j -d sim caps atomic
	assert_success
	echo "$output" | jq -e '.cap_type == 3 and .fields.atomic_operations == 15
		and .fields.atomic_size_qp == 508 and .fields.atomic_req_8B_endianness_mode_name == "big_endian"'
}

@test "caps: per-model values (steering format of a ConnectX-6 Dx)" {
	prm -j -d sim --model cx6dx caps general steering_format_version device_frequency_khz
	assert_success
	echo "$output" | jq -e '.fields.steering_format_version == 1 and .fields.steering_format_version_name == "connectx_6dx"
		and .fields.device_frequency_khz == 1000000'
}

@test "caps tracer reads MTRC_CAP by register access" {
	prm -j -d sim caps tracer
	assert_success
	echo "$output" | jq -e '.register == "MTRC_CAP" and .access == "icmd" and .fields.num_string_trace == 48'
	prm -j -d sim --access cmdq caps tracer
	assert_success
	echo "$output" | jq -e '.access == "cmdq" and .fields.first_string_trace == 8'
}

@test "caps --list says which pages the device has" {
	prm -j -d sim caps --list
	assert_success
	echo "$output" | jq -e '[.pages[].page] == ["general","atomic","roce","esw","debug","general_2"]
		and all(.pages[]; .present == true) and (.pages[] | select(.page == "esw") | .gate) == "eswitch_manager"'
}

@test "caps: unknown pages and fields are usage errors with a suggestion" {
	prm -d sim caps atomc
	assert_failure 2
	[[ $stderr == *"did you mean 'atomic'"* ]]
	prm -d sim caps general log_max_qpp
	assert_failure 2
	[[ $stderr == *"unknown field 'log_max_qpp'"* ]]
	prm -d sim caps tracer --max
	assert_failure 2
}

@test "caps and probe over ICMD: a page needs the command queue, refused exit 3" {
	prm -d sim --access icmd caps
	assert_failure 3
	[[ $stderr == *"QUERY_HCA_CAP(0x100): ICMD carries only ACCESS_REG"* ]]
	prm -j -d sim --access icmd probe
	assert_success
	echo "$output" | jq -e '.access == "icmd"
		and (.commands[] | select(.opcode_name == "ACCESS_REG") | .result) == "supported"
		and (.commands[] | select(.opcode_name == "QUERY_HCA_CAP") | .result) == "refused"'
}

@test "probe: supported, unsupported, not tried, with the gating bits" {
	prm -j -d sim probe
	assert_success
	echo "$output" | jq -e '
		def r(n): .commands[] | select(.opcode_name == n);
		r("QUERY_HCA_CAP").result == "supported" and r("NOP").result == "supported"
		and r("ENABLE_HCA").result == "not_tried" and r("CREATE_EQ").result == "not_tried"
		and r("QUERY_DCT").gate == "general.dct" and r("QUERY_DCT").gate_value == 1
		and r("QUERY_SPECIAL_CONTEXTS").result == "unsupported" and r("QUERY_SPECIAL_CONTEXTS").status == 2'
}

@test "probe never sends a state-changing command" {
	"$PRMCTL" sim start p >/dev/null
	prm -j -d sim:p probe
	assert_success
	# bring-up and teardown are prmctl's own; nothing else may have changed:
	# a command that would fail on a changed state still succeeds afterwards
	echo "$output" | jq -e '[.commands[] | select(.result == "not_tried")] | length > 5'
	prm -j -d sim:p cmd NOP
	assert_success
}

@test "probe: a gated command is not sent when its bit is off" {
	prm -j -d sim --inject cap:general.dct=0 probe
	assert_success
	echo "$output" | jq -e '(.commands[] | select(.opcode_name == "QUERY_DCT")) as $r
		| $r.result == "capability_off" and $r.gate_value == 0 and $r.status == null
		and $r.reason == "general.dct is 0"'
	prm -j -d sim --inject cap:general.atomic=0 caps --list
	echo "$output" | jq -e '(.pages[] | select(.page == "atomic") | .present) == false'
}

@test "probe: when the general page cannot be read, gates are unknown and commands tried" {
	prm -j -d sim --inject cmd-status:QUERY_HCA_CAP,3,0x77 probe
	assert_success
	# the general page cannot be read: gates unknown, the command is tried
	echo "$output" | jq -e '(.commands[] | select(.opcode_name == "QUERY_DCT") | .gate_value) == null
		and (.commands[] | select(.opcode_name == "QUERY_HCA_CAP") | .result) == "supported"'
}

@test "every command status the PRM lists is named" {
	local st name
	while IFS=: read -r st name; do
		prm -d sim --inject "cmd-status:NOP,$st,0xabcdef" cmd NOP
		assert_failure 1
		[[ $stderr == *"NOP(0x80d) op_mod(0x0) failed, status $name($st), syndrome (0xabcdef)"* ]] ||
			fail "status $st: $stderr"
	done <<'LIST'
0x1:internal error
0x2:bad operation
0x3:bad parameter
0x4:bad system state
0x5:bad resource
0x6:resource busy
0x8:limits exceeded
0x9:bad resource state
0xa:bad index
0xf:no resources
0x10:bad QP state
0x30:bad packet (discarded)
0x40:bad size too many outstanding CQEs
0x50:bad input length
0x51:bad output length
LIST
	prm -d sim --inject "cmd-status:NOP,0x77,1" cmd NOP
	[[ $stderr == *"status unknown status(0x77)"* ]]
}

@test "a hung command times out, exit 5, and the next prmctl is served" {
	"$PRMCTL" sim start h --inject cmd-hang:QUERY_ADAPTER >/dev/null
	prm -j sim status h
	echo "$output" | jq -e '.faults == ["cmd-hang:QUERY_ADAPTER"]'
	prm -d sim:h --timeout 200 cmd QUERY_ADAPTER
	assert_failure 5
	[[ $stderr == *"QUERY_ADAPTER(0x101) not completed in 200 ms"* ]]
	prm -j -d sim:h cmd NOP
	assert_success
	"$PRMCTL" sim clear h cmd-hang >/dev/null
	prm -j -d sim:h cmd QUERY_ADAPTER
	assert_success
}

@test "a slow command is waited for; a delivery failure is named" {
	prm -q -d sim --inject cmd-slow:NOP,150 cmd NOP
	assert_success
	prm -d sim --inject cmd-bad-signature cmd NOP
	assert_failure 1
	[[ $stderr == *"ENABLE_HCA(0x104) not delivered: signature error (0x1)"* ]]
}

@test "caps, cmd and probe against a service; bring-up once per process" {
	"$PRMCTL" sim start s --model cx5 >/dev/null
	prm -j -d sim:s caps atomic
	assert_success
	echo "$output" | jq -e '.access == "cmdq" and .fields.atomic_operations == 15'
	prm -j -d sim:s cmd QUERY_ADAPTER
	assert_success
	echo "$output" | jq -e '.fields.query_adapter_struct.vsd_contd_psid == "SIM0000000005"'
	prm -j -d sim:s probe
	assert_success
	[ -e "$PRMCTL_SIM_DIR/s/hostmem" ]
}

@test "two processes share a service's command queue, one at a time" {
	"$PRMCTL" sim start q >/dev/null
	local i
	for i in 1 2 3 4; do
		"$PRMCTL" -j -d sim:q cmd QUERY_ISSI > "$BATS_TEST_TMPDIR/o$i" &
	done
	wait
	for i in 1 2 3 4; do
		jq -e '.status == 0' "$BATS_TEST_TMPDIR/o$i" >/dev/null || fail "client $i: $(cat "$BATS_TEST_TMPDIR/o$i")"
	done
}

@test "a queue held by another client: bounded wait, exit 5, the holder named" {
	"$PRMCTL" sim start l >/dev/null
	# hold the queue's lock as a stalled client would
	exec 9>"$PRMCTL_SIM_DIR/l/cmdq.lock"
	flock -x 9
	echo 4242 > "$PRMCTL_SIM_DIR/l/cmdq.lock"
	prm -d sim:l cmd NOP
	exec 9>&-
	assert_failure 5
	[[ $stderr == *"command queue is in use by another prmctl (pid 4242)"* ]]
}

@test "fault arguments are checked" {
	prm -d sim --inject cmd-hang cmd NOP
	assert_failure 2
	[[ $stderr == *"cmd-hang needs arguments: cmd-hang:OPCODE"* ]]
	prm -d sim --inject cmd-slow:NOP,x cmd NOP
	assert_failure 2
	prm -d sim --inject cmd-status:NOP,0,1 cmd NOP
	assert_failure 2
	[[ $stderr == *"status 0 is success"* ]]
}

@test "cap overrides are checked against the page layouts" {
	prm -d sim --inject cap:general.dctx=0 caps
	assert_failure 2
	[[ $stderr == *"general has no field 'dctx'"* ]]
	prm -d sim --inject cap:general.dct=2 caps
	assert_failure 2
	[[ $stderr == *"general.dct is a 1-bit field: '2' does not fit"* ]]
	prm -d sim --inject cap:nosuch.x=1 caps
	assert_failure 2
	prm -j -d sim --inject cap:atomic.atomic_size_qp=0x8 caps atomic atomic_size_qp
	assert_success
	echo "$output" | jq -e '.fields.atomic_size_qp == 8'
}

@test "--timeout takes milliseconds" {
	prm -d sim --timeout 0 cmd NOP
	assert_failure 2
	prm -d sim --timeout abc cmd NOP
	assert_failure 2
}

@test "malformed requests get the PRM's status, and the adapter goes on" {
	# the 4112-byte QUERY_HCA_CAP output asked for in 16 bytes
	prm -d sim cmd QUERY_HCA_CAP --op-mod 1 --out-len 16
	assert_failure 1
	[[ $stderr == *"status bad output length(0x51)"* ]]
	# MANAGE_PAGES giving 0x100 pages (input_num_entries, bytes 0x0c-0x0f) with none listed
	prm -d sim cmd MANAGE_PAGES --op-mod 1 --in "00 00 00 00 00 00 01 00"
	assert_failure 1
	[[ $stderr == *"MANAGE_PAGES(0x108) op_mod(0x1) failed, status bad input length(0x50)"* ]]
	# CREATE_EQ of 2^31 entries (log_eq_size 0x1f in eqc byte 0x0c, message byte 0x1c)
	local in
	in=$(printf '00 %.0s' $(seq 1 20); echo 1f; printf '00 %.0s' $(seq 1 235))
	prm -d sim cmd CREATE_EQ --in "$in"
	assert_failure 1
	[[ $stderr == *"CREATE_EQ(0x301) op_mod(0x0) failed, status bad parameter(0x3)"* ]]
	# a capability page the firmware does not have (cap_type 0x7f)
	prm -d sim cmd QUERY_HCA_CAP --op-mod 0xff --out-len 0x1010
	assert_failure 1
	[[ $stderr == *"status bad parameter(0x3)"* ]]
	prm -j -d sim cmd NOP
	assert_success
}

@test "a teardown that fails is a warning; the answer stands" {
	prm -j -d sim --inject cmd-hang:TEARDOWN_HCA --timeout 100 cmd NOP
	assert_success
	echo "$output" | jq -e '.status == 0'
	[[ $stderr == *"warning: teardown: sim: TEARDOWN_HCA(0x103) not completed in 100 ms"* ]]
}
