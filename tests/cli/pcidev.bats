#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# The simulator as a PCI device (FUSE), mounted over /sys/bus/pci/devices in a
# private mount namespace, read by prmctl's hardware path and by clients we did
# not write: libpci/lspci and Debian's mstflint. Needs root, /dev/fuse and
# unshare; where they are missing every test is skipped, saying why.
load helper

BDF=0000:ff:00.0

setup_file() {
	export PRMCTL_SIM_DIR=$BATS_FILE_TMPDIR/sim
	export PCIDIR=$BATS_FILE_TMPDIR/pci
	why=""
	[ "$(id -u)" -eq 0 ] || why="not root"
	[ -c /dev/fuse ] || why="no /dev/fuse"
	command -v unshare >/dev/null || why="no unshare"
	unshare --mount true 2>/dev/null || why="cannot create a mount namespace"
	echo "$why" > "$BATS_FILE_TMPDIR/why"
	[ -z "$why" ] || return 0
	mkdir -p "$PCIDIR"
	# the real functions beside the simulated one, as sysfs lists them
	for d in /sys/bus/pci/devices/*; do
		ln -s "$(readlink -f "$d")" "$PCIDIR/$(basename "$d")"
	done
	"$PRMCTL" sim start pcisim --model cx7 --pci-dir "$PCIDIR" --bdf "$BDF" >/dev/null
}

teardown_file() {
	"$PRMCTL" sim stop pcisim >/dev/null 2>&1 || true
	"$PRMCTL" sim stop pcicx5 >/dev/null 2>&1 || true
	"$PRMCTL" sim stop pcicx6dx >/dev/null 2>&1 || true
}

setup() {
	why=$(cat "$BATS_FILE_TMPDIR/why")
	[ -z "$why" ] || skip "$why"
}

# run a command with the PCI directory mounted over /sys/bus/pci/devices
in_ns() {
	run --separate-stderr unshare --mount --propagation private \
		sh -c 'mount --rbind "$0" /sys/bus/pci/devices && exec "$@"' \
		"$PCIDIR" sh -c "$*"
}

needs_mstflint() {
	command -v mstmread >/dev/null || fail "mstflint is not installed (tools/install-deps test)"
}

# JSON without the members that move between two reads
steady() {
	jq -S 'del(.device, .access, .real_time, .real_time_ns, .internal_timer,
		   .fields.health_counter, .fields.internal_timer_h, .fields.internal_timer_l,
		   .fields.real_time_h, .fields.real_time_l, .fields.hw_info.uptime,
		   .fields.current_timestamp52_32, .fields.current_timestamp31_0)'
}

@test "the PCI directory looks like sysfs" {
	[ -r "$PCIDIR/$BDF/config" ]
	[ "$(cat "$PCIDIR/$BDF/vendor")" = "0x15b3" ]
	[ "$(cat "$PCIDIR/$BDF/device")" = "0x1021" ]
	[ "$(cat "$PCIDIR/$BDF/class")" = "0x020000" ]
	[ ! -e "$PCIDIR/$BDF/driver" ]
	[ "$(stat -c %s "$PCIDIR/$BDF/config")" = 256 ]
	# config is live: the gateway counter ticks on each read of it
	local a b
	a=$(od -An -tx4 -j 0x68 -N 4 "$PCIDIR/$BDF/config")
	b=$(od -An -tx4 -j 0x68 -N 4 "$PCIDIR/$BDF/config")
	[ "$a" != "$b" ]
}

@test "lspci lists the header and capability list without complaint" {
	in_ns lspci -vvv -s ff:00.0
	assert_success
	assert_output --partial "Ethernet controller: Mellanox Technologies"
	assert_output --partial "ConnectX-7"
	assert_output --partial "Region 0: Memory at e0000000 (64-bit, prefetchable) [size=32M]"
	assert_output --partial "Capabilities: [40] Power Management version 3"
	assert_output --partial "Capabilities: [60] Vendor Specific Information: Len=18"
	refute_output --partial "<chain broken>"
	refute_output --partial "<chain looped>"
}

@test "prmctl's hardware path finds it and reads what -d sim:NAME reads" {
	in_ns "$PRMCTL" -j device list
	assert_success
	echo "$output" | jq -e --arg b "$BDF" \
		'.devices[] | select(.pci_address == $b) | .model == "ConnectX-7" and .hw_id == 536 and .fw_version == "28.41.1000"
		and .access == "pci" and has("devlink_view") and (has("devlink") | not)'
	in_ns "$PRMCTL" -j -d "$BDF" initseg show
	assert_success
	echo "$output" | jq -e '.access == "pci"'
	echo "$output" | steady > "$BATS_TEST_TMPDIR/hw.json"
	"$PRMCTL" -j -d sim:pcisim initseg show | steady > "$BATS_TEST_TMPDIR/sim.json"
	diff "$BATS_TEST_TMPDIR/hw.json" "$BATS_TEST_TMPDIR/sim.json"
}

@test "cr-space and registers agree between the hardware path and sim:NAME" {
	in_ns "$PRMCTL" -j -d ff:00.0 cr read 0xf0014 16
	assert_success
	[ "$(echo "$output" | jq -c .dwords)" = "$("$PRMCTL" -j -d sim:pcisim cr read 0xf0014 16 | jq -c .dwords)" ]
	local r
	for r in MGIR MTRC_CAP MCAM MTRC_CONF MTRC_CTRL; do
		in_ns "$PRMCTL" -j -d "$BDF" reg read "$r"
		assert_success
		[ "$(echo "$output" | steady)" = "$("$PRMCTL" -j -d sim:pcisim reg read "$r" | steady)" ] ||
			fail "$r differs between the PCI path and sim:pcisim"
	done
}

@test "mstflint reads the hw_id and round-trips a cr-space word; prmctl sees its write" {
	needs_mstflint
	in_ns mstmread "$BDF" 0xf0014
	assert_output --partial "0x000f0014:0x00000218"
	in_ns mstmwrite "$BDF" 0x2000 0xcafe1234
	in_ns mstmread "$BDF" 0x2000
	assert_output --partial "0x00002000:0xcafe1234"
	"$PRMCTL" -j -d sim:pcisim cr read 0x2000 | jq -e '.dwords[0] == 3405648436'
}

@test "mstreg reads MGIR and MTRC_CAP with the values prmctl decodes" {
	needs_mstflint
	local ours theirs f
	ours=$("$PRMCTL" -j -d sim:pcisim reg read MGIR)
	in_ns mstreg -d "$BDF" --reg_name MGIR --get
	assert_success
	theirs=$output
	field() { echo "$theirs" | awk -v f="$1" '$1 == f {print $3; exit}'; }
	(( $(field hw_dev_id) == $(echo "$ours" | jq .fields.hw_info.hw_dev_id) ))
	(( $(field device_id) == $(echo "$ours" | jq .fields.hw_info.device_id) ))
	(( $(field extended_major) == $(echo "$ours" | jq .fields.fw_info.extended_major) ))
	(( $(field extended_minor) == $(echo "$ours" | jq .fields.fw_info.extended_minor) ))
	(( $(field extended_sub_minor) == $(echo "$ours" | jq .fields.fw_info.extended_sub_minor) ))
	(( $(field build_id) == $(echo "$ours" | jq .fields.fw_info.build_id) ))
	in_ns mstreg -d "$BDF" --reg_name MTRC_CAP --get
	assert_success
	theirs=$output
	ours=$("$PRMCTL" -j -d sim:pcisim reg read MTRC_CAP)
	for f in trace_to_memory trc_ver num_string_db first_string_trace num_string_trace; do
		(( $(field "$f") == $(echo "$ours" | jq ".fields.$f | if . == true then 1 elif . == false then 0 else . end") )) ||
			fail "MTRC_CAP.$f: mstreg $(field "$f"), prmctl $(echo "$ours" | jq ".fields.$f")"
	done
}

@test "mstregdump completes" {
	needs_mstflint
	in_ns "mstregdump $BDF > $BATS_TEST_TMPDIR/dump.txt"
	assert_success
	grep -q '^0x000f0014 0x00000218$' "$BATS_TEST_TMPDIR/dump.txt"
	(( $(wc -l < "$BATS_TEST_TMPDIR/dump.txt") > 1000 ))
}

@test "cr dump is mstregdump's output byte for byte, for every model, scratchpad TLVs included" {
	needs_mstflint
	local m bdf a
	"$PRMCTL" sim start pcicx5 --model cx5 --pci-dir "$PCIDIR" --bdf 0000:fe:00.0 >/dev/null
	"$PRMCTL" sim start pcicx6dx --model cx6dx --pci-dir "$PCIDIR" --bdf 0000:fd:00.0 >/dev/null
	# a chain the firmware might leave: 0x18 -> 0x7000 (3 dwords) -> 0x7100 (1) -> end
	for a in "0x18 0x54306f6c" "0x1c 0x3" "0x20 0x7000" "0x7000 0x54306f6c" "0x7004 0x1" \
		 "0x7008 0x7100"; do
		"$PRMCTL" -d sim:pcicx5 --write cr write $a >/dev/null
	done
	for m in cx5:0000:fe:00.0 cx6dx:0000:fd:00.0 cx7:$BDF; do
		bdf=${m#*:}
		m=${m%%:*}
		in_ns "mstregdump $bdf > $BATS_TEST_TMPDIR/$m.mstregdump"
		assert_success
		in_ns "'$PRMCTL' -d $bdf cr dump > $BATS_TEST_TMPDIR/$m.prmctl"
		assert_success
		cmp "$BATS_TEST_TMPDIR/$m.mstregdump" "$BATS_TEST_TMPDIR/$m.prmctl" ||
			fail "$m: cr dump differs from mstregdump's"
	done
	# the chain was followed by both (the list's last range, then 0x7000..)
	grep -qx '0x00007008 0x00007100' "$BATS_TEST_TMPDIR/cx5.prmctl"
	[ "$(tail -1 "$BATS_TEST_TMPDIR/cx5.prmctl" | cut -c1-10)" = 0x00007100 ]
	"$PRMCTL" sim stop pcicx5 >/dev/null
	"$PRMCTL" sim stop pcicx6dx >/dev/null
}

@test "a crashed service's mount is cleaned up by the next start; stop unmounts" {
	local dir=$BATS_TEST_TMPDIR/pci2 pid
	mkdir -p "$dir"
	pid=$("$PRMCTL" -j sim start crash --pci-dir "$dir" | jq .pid)
	[ -e "$dir/$BDF/config" ]
	kill -9 "$pid"
	sleep 0.2
	run cat "$dir/$BDF/vendor"
	assert_failure	# the mount is left, not connected
	prm sim start crash --pci-dir "$dir"
	assert_success
	[ "$(cat "$dir/$BDF/vendor")" = "0x15b3" ]
	prm sim stop crash
	assert_success
	[ ! -e "$dir/$BDF" ]
	! grep -q " $dir/" /proc/mounts
}

@test "health show when BAR0 cannot be read: devlink is tried, and both reasons are given" {
	# resource0 hidden (as lockdown or a missing resource file would): the
	# driver's view over devlink is what is left; here there is no devlink
	# family either, so the error names both ways
	! "$PRMCTL" -d netdevsim/none devlink info 2>&1 | grep -q "devlink not available" &&
		skip "this kernel has a devlink family"
	in_ns "mount --bind /dev/null /sys/bus/pci/devices/$BDF/resource0 &&
		'$PRMCTL' -j -d $BDF health show"
	assert_failure 3
	echo "$output" | jq -e '.error.reason == "not_available"'
	[[ $stderr == *"resource0"*"; over devlink: devlink not available"* ]] || fail "$stderr"
	# asked for BAR0 explicitly: no devlink, the BAR0 error only
	in_ns "mount --bind /dev/null /sys/bus/pci/devices/$BDF/resource0 &&
		'$PRMCTL' -d $BDF health show --access pci"
	assert_failure 3
	[[ $stderr != *devlink* ]] || fail "$stderr"
}

@test "cr unlock on the hardware path: refused without --write; with it, a stuck semaphore is freed" {
	"$PRMCTL" sim inject pcisim sem-held >/dev/null
	in_ns "$PRMCTL" -d "$BDF" cr read 0xf0014
	assert_failure 1
	[[ $stderr == *"held by ticket 24301, unchanged for 2000 ms"*"'prmctl cr unlock' (--write on hardware)"* ]] ||
		fail "$stderr"
	in_ns "$PRMCTL" -j -d "$BDF" cr unlock
	assert_failure 2
	echo "$output" | jq -e '.error.reason == "needs_write"'
	[[ $stderr == *"cr unlock changes device state: refused on hardware without --write"* ]] || fail "$stderr"
	"$PRMCTL" -j sim status pcisim | jq -e '.faults == ["sem-held"]'
	in_ns "$PRMCTL" -j --write -d "$BDF" cr unlock
	assert_success
	echo "$output" | jq -e '.gateway_semaphore == {"state": "cleared", "holder": 24301}'
	in_ns "$PRMCTL" -d "$BDF" cr read 0xf0014
	assert_success
}

@test "lspci and prmctl's hardware path read the same PCIe link; AER counters come from sysfs" {
	"$PRMCTL" sim clear pcisim link-degraded
	in_ns lspci -vvv -s ff:00.0
	assert_success
	assert_output --partial "Capabilities: [80] Express (v2) Endpoint"
	assert_output --partial "LnkCap:	Port #0, Speed 32GT/s, Width x16"
	assert_output --partial "LnkSta:	Speed 32GT/s, Width x16"
	in_ns "$PRMCTL" -j -d "$BDF" device show
	assert_success
	echo "$output" | jq -e '.link_speed_gts == 32 and .link_width == 16 and .link_degraded == false and
		.aer.correctable.total == 0 and .aer.fatal.total == 0 and .aer.nonfatal.counters.MalfTLP == 0'
	"$PRMCTL" sim inject pcisim link-degraded:width=8,speed=16
	in_ns lspci -vvv -s ff:00.0
	assert_output --partial "LnkSta:	Speed 16GT/s (downgraded), Width x8 (downgraded)"
	in_ns "$PRMCTL" -j -d "$BDF" health show
	"$PRMCTL" sim clear pcisim link-degraded
	assert_success
	echo "$output" | jq -e '.health == "ok" and .link_speed_gts == 16 and .link_width == 8 and
		.link_degraded and .aer.correctable.total == 22 and .aer.correctable.counters.RxErr == 12'
}
