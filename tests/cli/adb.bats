#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# NVIDIA's register database (mstflint's .adb): reg list/describe/read and
# decode reach every register and node in it; without it, built-in ones work.
load helper

ADB=/usr/share/mstflint/prm_dbs/hca/ext/register_access_table.adb

setup() {
	T=$BATS_TEST_TMPDIR
	[ -r "$ADB" ] || fail "$ADB is missing: install Debian package mstflint (make check does)"
}

@test "reg list shows built-in and database registers, with their source" {
	prm reg list
	assert_success
	assert_output --regexp "MTRC_CAP +0x9040 +128 +built-in"
	assert_output --regexp "PPCNT +0x5008 +256 +adb +ppcnt_reg_ext"
	prm -j reg list
	assert_success
	assert_json_doc
	echo "$output" | jq -e '[.registers[] | select(.source == "built-in")] | length == 13'
	echo "$output" | jq -e '[.registers[] | select(.source == "adb")] | length > 150'
	echo "$output" | jq -e '.registers[] | select(.name == "PAOS") | .id == 20486 and .size == 16'
	# a register both have is listed once, from the built-in table
	echo "$output" | jq -e '[.registers[] | select(.name == "MGIR")] | length == 1'
	echo "$output" | jq -e '[.registers[] | select(.name == "MTMP")] | length == 1 and .[0].source == "built-in"'
	echo "$output" | jq -e '.adb.file == "'"$ADB"'" and .adb.skipped_count == 0 and .adb.node_count > 300'
}

@test "reg describe MTRC_CAP: the built-in table, with access" {
	prm reg describe MTRC_CAP
	assert_success
	assert_output --regexp "table +built-in"
	assert_output --regexp "trace_owner +0x0 +31:31 +0x0 +1 +0 +RW"
	prm -j reg describe mtrc_cap
	assert_success
	echo "$output" | jq -e '.register == "MTRC_CAP" and .id == 36928 and .size == 128'
	echo "$output" | jq -e '.field_table[] | select(.field == "string_db_param") | .bit_offset == 128 and .count == 8'
}

@test "reg describe of a register only the database has" {
	prm reg describe PAOS
	assert_success
	assert_output --regexp "table +adb"
	assert_output --partial "register_access_table.adb:"
	# one line per field in text, even where the database breaks lines
	assert_output --regexp "oper_status +0x0 +3:0 +0x1c +4 +0 +RO +Port operational state: 1: up 2: down"
	prm -j reg describe paos
	assert_success
	echo "$output" | jq -e '.register == "PAOS" and .id == 20486 and .layout == "paos_reg_ext"'
	echo "$output" | jq -e '.field_table[] | select(.field == "admin_status") | .bit_offset == 20 and .width == 4 and .access_mode == "RW"'
	echo "$output" | jq -e '.field_table[] | select(.field == "ase") | .access_mode == "WO"'
	# by id too
	prm -j reg describe 0x5006
	assert_success
	echo "$output" | jq -e '.register == "PAOS"'
}

@test "decode takes a database node and hand-made bytes" {
	# paos_reg_ext: local_port 3 (byte 1), admin_status 1 = up (byte 2 low
	# nibble), oper_status 2 = down (byte 3 low nibble), e = 2 (byte 7 low bits)
	zero_file "$T/paos.bin" 16
	put_bytes "$T/paos.bin" 0 00 03 01 02
	put_bytes "$T/paos.bin" 7 02
	prm decode paos_reg_ext "$T/paos.bin"
	assert_success
	assert_output --regexp "local_port +0x3"
	assert_output --regexp "admin_status +1 \(up\)"
	assert_output --regexp "oper_status +2 \(down\)"
	assert_output --regexp "e +2 \(Generate_Single_Event\)"
	prm -j decode PAOS "$T/paos.bin"
	assert_success
	echo "$output" | jq -e '.layout == "paos_reg_ext" and .fields.oper_status == 2 and .fields.oper_status_name == "down"'
	prm decode paos_reg_ext "$T/nope.bin"
	assert_failure 2
}

@test "decode --list counts the database's nodes" {
	prm -j decode --list
	assert_success
	echo "$output" | jq -e '.adb.node_count > 300'
	prm decode --list
	assert_output --partial "database nodes"
}

@test "without the database: a clear message naming the file and the package" {
	PRMCTL_ADB=/nonexistent prm reg describe PPCNT
	assert_failure 2
	[[ $stderr == *"/nonexistent"* ]]
	[[ $stderr == *"mstflint"* ]]
	prm --adb "$T/none.adb" -j reg read PPCNT -d sim
	assert_failure 2
	echo "$output" | jq -e '.error.code == 2'
	PRMCTL_ADB=/nonexistent prm decode paos_reg_ext /dev/null
	assert_failure 2
	[[ $stderr == *"/nonexistent is missing"* ]]
	# built-in registers still work, and the list says what is missing
	PRMCTL_ADB=/nonexistent prm reg describe MGIR
	assert_success
	PRMCTL_ADB=/nonexistent prm -j reg list
	assert_success
	echo "$output" | jq -e '[.registers[]] | length == 13'
	[[ $stderr == *"/nonexistent"* ]]
}

@test "--adb takes another database; a broken one is refused with its line" {
	cat > "$T/mini.adb" <<-'EOF'
	<NodesDefinition>
	<config big_endian_arr="1" />
	<node name="mini_ext" size="0x4.0" >
		<field name="flag" access="RW" offset="0x0.31" size="0x0.1" />
	</node>
	</NodesDefinition>
	EOF
	prm --adb "$T/mini.adb" -j decode --describe mini_ext
	assert_success
	echo "$output" | jq -e '.field_table[0].field == "flag" and .field_table[0].bit_offset == 0'
	# cut inside line 5, an unfinished tag
	head -c 150 "$T/mini.adb" > "$T/cut.adb"
	prm --adb "$T/cut.adb" reg describe PPCNT
	assert_failure 2
	[[ $stderr == *"cut.adb:5: not a register database"* ]]
	# a built-in name never needs the database
	prm --adb "$T/cut.adb" reg describe MCAM
	assert_success
}

@test "unknown register names exit 2, with a suggestion" {
	prm reg describe PAOZ
	assert_failure 2
	[[ $stderr == *"unknown register 'PAOZ'"* ]]
	# a prefix of a built-in name still means that register
	prm -j reg describe mg
	assert_success
	echo "$output" | jq -e '.register == "MGIR"'
}

@test "reg read of a database-only register reaches the device" {
	prm -d sim reg read PAOS
	assert_failure 1
	[[ $stderr == *"register not supported"* ]]
	# too big for a register access: refused before the device is touched
	prm -d sim reg read MBCT
	assert_failure 2
	[[ $stderr == *"at most 1024"* ]]
}
