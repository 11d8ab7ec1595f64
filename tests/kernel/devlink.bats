#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# devlink against the kernel's netdevsim: Debian's kernel in a QEMU VM
# (software emulation) with netdevsim.ko built from linux-source-6.1 (Debian
# does not ship it). One boot runs devlink-scenario.sh (iproute2's devlink
# and prmctl, each step framed on the second serial port); the tests read
# its per-step outputs. About 45 s: 20 s to build the module (or
# NETDEVSIM_KO=path to reuse one), 20 s to boot. Skipped, with the reason,
# when a prerequisite is not installed.
load ../cli/helper
load keys
load requests

setup_file() {
	KVER=$(ls /lib/modules 2>/dev/null | sort -V | tail -1)
	export KVER
	local d=$BATS_FILE_TMPDIR missing='' t0 t1 t2
	for c in qemu-system-x86_64 python3 cpio jq devlink make gcc strace; do
		command -v "$c" >/dev/null || [ -x "/usr/sbin/$c" ] || missing="$missing $c"
	done
	[ -n "$KVER" ] && [ -r "/boot/vmlinuz-$KVER" ] || missing="$missing linux-image-amd64"
	[ -f "/lib/modules/$KVER/build/Makefile" ] || missing="$missing linux-headers-$KVER"
	[ -r /usr/src/linux-source-6.1.tar.xz ] || missing="$missing linux-source-6.1"
	[ -x /bin/busybox ] || missing="$missing busybox-static"
	[ -x "$PRMCTL" ] || missing="$missing $PRMCTL (make)"
	if [ -n "$missing" ]; then
		echo "needs$missing (tools/install-deps test)" > "$d/skip"
		return 0
	fi
	t0=$(date +%s)
	local ko=$d/nsim/netdevsim.ko
	if [ -n "${NETDEVSIM_KO:-}" ]; then
		ko=$NETDEVSIM_KO
	elif ! "$BATS_TEST_DIRNAME/build-netdevsim.sh" "$KVER" "$d/nsim" 2> "$d/broken"; then
		return 0
	fi
	t1=$(date +%s)
	"$BATS_TEST_DIRNAME/build-devlink-initrd.sh" "$KVER" "$PRMCTL" "$ko" "$d/initrd.gz" 2> "$d/broken" ||
		return 0
	python3 "$BATS_TEST_DIRNAME/boot-plain-vm.py" "/boot/vmlinuz-$KVER" "$d/initrd.gz" \
		"$d/console.log" "$d/data.bin" --timeout 240 --split "$d/steps" 2> "$d/broken" || {
		echo "console: $(tail -5 "$d/console.log" 2>/dev/null)" >> "$d/broken"
		return 0
	}
	t2=$(date +%s)
	rm -f "$d/broken"
	echo "# netdevsim.ko $((t1 - t0)) s, initrd and boot $((t2 - t1)) s" >&3
}

setup() {
	local d=$BATS_FILE_TMPDIR
	[ ! -f "$d/skip" ] || skip "$(cat "$d/skip")"
	[ ! -f "$d/broken" ] || fail "the VM run did not complete: $(cat "$d/broken")"
	S=$d/steps
}

# out NAME: the step's stdout; ok NAME: the step exited 0 (else its stderr)
out() { cat "$S/$1.out"; }
ok() {
	[ "$(cat "$S/$1.rc")" = 0 ] ||
		fail "step $1 exited $(cat "$S/$1.rc"): $(cat "$S/$1.err")"
}
# jqt NAME FILTER: FILTER is true of the step's JSON (which must parse)
jqt() {
	ok "$1"
	jq -e "$2" "$S/$1.out" >/dev/null ||
		fail "step $1: not ($2): $(head -c 600 "$S/$1.out")"
}
# a devlink region dump/read in iproute2 6.1's JSON repeats "address" and
# "data" in one object (one pair per 256 bytes): jq keeps only the last, so
# read it as a stream; the bytes, one decimal number a line
region_bytes() {
	jq -c --stream 'select(length == 2 and (.[0][1] == "data")) | .[1]' "$S/$1.out"
}
# devlink -j monitor ends by its timeout's SIGTERM, before it closes its
# JSON document ({"mon":[...): close it
monitor_json() {
	{ cat "$S/monitor.out"; echo ']}'; } | jq -c '.mon[]'
}
DEV='"netdevsim/netdevsim1"'

@test "the guest ran every step, and its kernel did not complain" {
	[ "$(wc -l < "$S/steps")" -ge 50 ]
	! grep -Eq 'WARNING:|BUG:|Oops|Call Trace|insmod .* failed' "$BATS_FILE_TMPDIR/console.log" ||
		fail "$(grep -E -A5 'WARNING:|BUG:|Oops|Call Trace|insmod' "$BATS_FILE_TMPDIR/console.log")"
}

@test "netdevsim1 is a devlink device" {
	ok new_device
	ok wait_device
	jqt dev_show ".dev[$DEV] == {}"
	jqt dev_eswitch ".dev[$DEV].mode == \"legacy\""
}

@test "dev info: driver netdevsim, fw.mgmt 10.20.30 running and stored" {
	jqt dev_info ".info[$DEV].driver == \"netdevsim\""
	jqt dev_info ".info[$DEV].versions == {running: {\"fw.mgmt\": \"10.20.30\"}, stored: {\"fw.mgmt\": \"10.20.30\"}}"
}

@test "port show: 4 physical ports, indexes 0-3, port numbers 1-4, each with a netdev" {
	jqt port_show '.port | length == 4'
	jqt port_show '[.port | to_entries[] | .key] == ["netdevsim/netdevsim1/0", "netdevsim/netdevsim1/1", "netdevsim/netdevsim1/2", "netdevsim/netdevsim1/3"]'
	jqt port_show '[.port[] | .port] == [1, 2, 3, 4]'
	jqt port_show 'all(.port[]; .flavour == "physical" and .type == "eth" and (.netdev | length > 0))'
}

@test "health show: reporters empty and dummy, both healthy, no errors" {
	jqt health_show ".health[$DEV] | map(.reporter) | sort == [\"dummy\", \"empty\"]"
	jqt health_show ".health[$DEV] | all(.state == \"healthy\" and .error == 0 and .recover == 0)"
	# only dummy can recover
	jqt health_show ".health[$DEV][] | select(.reporter == \"dummy\") | .auto_recover == true"
}

@test "health diagnose: dummy's test fields, empty's nothing" {
	jqt diagnose_dummy '.test_bool == true and .test_u8 == 1 and .test_u32 == 3 and .test_u64 == 4 and .test_string == "somestring"'
	jqt diagnose_dummy '(.test_binary | length) == 16 and .test_nest == {nested_test_bool: false, nested_test_u8: 0}'
	jqt diagnose_empty '. == {}'
}

@test "dummy broken, its recovery failing: error state, error count 1, the dump taken" {
	ok fail_recover
	# devlink_health_report() returns the failed recovery to the writer
	[ "$(cat "$S/break_health.rc")" != 0 ]
	grep -q 'Invalid argument' "$S/break_health.err"
	jqt health_show_error ".health[$DEV][] | select(.reporter == \"dummy\") | .state == \"error\" and .error >= 1 and .recover == 0 and has(\"last_dump_date\")"
	jqt health_show_error ".health[$DEV][] | select(.reporter == \"empty\") | .state == \"healthy\""
	jqt diagnose_dummy_error '.test_string == "somestring" and (.test_binary | length) == 16'
	jqt dump_dummy '.break_message == "prmctl test break" and .test_u32 == 3 and (.test_binary | length) == 16'
}

@test "dummy recovered by hand: healthy, recover count 1" {
	ok recover_allow
	ok recover_dummy
	jqt health_show_recovered ".health[$DEV] | length == 1 and .[0].reporter == \"dummy\" and .[0].state == \"healthy\" and .[0].error == 1 and .[0].recover == 1"
}

@test "devlink monitor health: dummy's status, error then healthy" {
	# text: iproute2 6.1's JSON for health events is malformed
	grep -q '^\[health,status\] netdevsim/netdevsim1:' "$S/monitor_health.out" ||
		fail "monitor health: $(cat "$S/monitor_health.out" "$S/monitor_health.err")"
	[ "$(grep -o 'state [a-z]* error [0-9]* recover [0-9]*' "$S/monitor_health.out" | tr '\n' ,)" = \
	  "state error error 1 recover 0,state healthy error 1 recover 1," ]
}

@test "region dummy: 32 KiB, snapshot 7 taken, dumped whole, read 64 bytes" {
	jqt region_show ".regions[\"netdevsim/netdevsim1/dummy\"] == {size: 32768, snapshot: [], max: 16}"
	ok region_new
	jqt region_show_snap ".regions[\"netdevsim/netdevsim1/dummy\"].snapshot == [7]"
	ok region_dump
	region_bytes region_dump > "$BATS_TEST_TMPDIR/dump"
	[ "$(wc -l < "$BATS_TEST_TMPDIR/dump")" = 32768 ] ||
		fail "region dump: $(wc -l < "$BATS_TEST_TMPDIR/dump") bytes"
	# the chunks in order, 256 bytes apart
	[ "$(jq -c --stream 'select(length == 2 and .[0][1] == "address") | .[1]' "$S/region_dump.out" | tr '\n' ' ')" = \
	  "$(seq 0 256 32512 | tr '\n' ' ')" ]
	jqt region_read '.read.address == 0 and (.read.data | length) == 64'
	[ "$(region_bytes region_read)" = "$(head -64 "$BATS_TEST_TMPDIR/dump")" ] ||
		fail "region read differs from the dump's first 64 bytes"
}

@test "ports: a physical port added (index 4, port 5) and deleted" {
	ok port_add
	jqt port_show_added '.port | length == 5'
	jqt port_show_added '.port["netdevsim/netdevsim1/4"] | .flavour == "physical" and .port == 5 and .type == "eth"'
	ok port_del
	jqt port_show_deleted '.port | length == 4 and (has("netdevsim/netdevsim1/4") | not)'
}

@test "switchdev with 2 VFs: pcivf ports 128 and 129, pfnum 0, vfnum 0 and 1; gone again in legacy" {
	ok eswitch_switchdev
	ok sriov_numvfs
	jqt port_show_vfs '.port | length == 6'
	jqt port_show_vfs '.port["netdevsim/netdevsim1/128"] | .flavour == "pcivf" and .pfnum == 0 and .vfnum == 0 and .controller == 0 and .external == false'
	jqt port_show_vfs '.port["netdevsim/netdevsim1/129"] | .flavour == "pcivf" and .pfnum == 0 and .vfnum == 1'
	ok sriov_numvfs_0
	ok eswitch_legacy
	jqt port_show_end '.port | length == 4'
}

@test "devlink monitor: port 4 new then del, the VF ports new then del" {
	grep -q '^{"mon":\[' "$S/monitor.out" || fail "monitor: $(cat "$S/monitor.out" "$S/monitor.err")"
	monitor_json > "$BATS_TEST_TMPDIR/events" || fail "monitor's output does not parse: $(cat "$S/monitor.out")"
	# each port: "new" (type notset), "new" (eth, netdev attached), "new"
	# (type cleared) and "del"
	ev() { jq -r "select(.port[\"netdevsim/netdevsim1/$1\"]) | .command" "$BATS_TEST_TMPDIR/events" | tr '\n' ' '; }
	[ "$(ev 4)" = "new new new del " ] || fail "port 4: $(ev 4)"
	[ "$(ev 128)" = "new new new del " ] || fail "port 128: $(ev 128)"
	[ "$(ev 129)" = "new new new del " ] || fail "port 129: $(ev 129)"
	# (jq -e on many inputs judges by the last one only: slurp them)
	jq -se 'map(select(.port["netdevsim/netdevsim1/4"])) | length == 4 and all(.[].port[]; .flavour == "physical" and .port == 5)' \
		"$BATS_TEST_TMPDIR/events" >/dev/null
	jq -se 'map(select(.port["netdevsim/netdevsim1/129"])) | length == 4 and all(.[].port[]; .flavour == "pcivf" and .pfnum == 0 and .vfnum == 1)' \
		"$BATS_TEST_TMPDIR/events" >/dev/null
	jq -se 'map(select(.command == "new" and .port["netdevsim/netdevsim1/4"].type == "eth")) | .[0].port[].netdev | length > 0' \
		"$BATS_TEST_TMPDIR/events" >/dev/null
}

# prmctl against the same device. The steps run already (see
# devlink-scenario.sh); each test says what its output must agree with.

# pj NAME A FILTER: FILTER over prmctl's step NAME (which exited $RC, 0 by
# default), with iproute2's step A as $d
pj() {
	[ "$(cat "$S/$1.rc")" = "${RC:-0}" ] ||
		fail "step $1 exited $(cat "$S/$1.rc"), not ${RC:-0}: $(cat "$S/$1.err")"
	ok "$2"
	jq -e --slurpfile d "$S/$2.out" "$3" "$S/$1.out" >/dev/null ||
		fail "prmctl's $1 and devlink's $2 disagree on ($3):
prmctl:  $(head -c 700 "$S/$1.out")
devlink: $(head -c 700 "$S/$2.out")"
}
# od -An -tx1 -v: one decimal number a line, as region_bytes gives them
od_bytes() {
	ok "$1"
	for b in $(cat "$S/$1.out"); do echo $((16#$b)); done
}
# iproute2's versions without the empty kinds it leaves out
VERSIONS='($d[0].info["netdevsim/netdevsim1"]) as $i'

@test "prmctl device show on a devlink handle: the driver's view, as devlink dev info" {
	pj prmctl_device_show dev_info "$VERSIONS |
		.device == \"netdevsim/netdevsim1\" and .access == \"devlink\" and
		.devlink_view.driver == \$i.driver and
		(.devlink_view.versions | with_entries(select(.value != {}))) == \$i.versions and
		(.devlink_view.ports | length) == 4"
}

@test "prmctl devlink info equals devlink dev info" {
	pj prmctl_devlink_info dev_info "$VERSIONS |
		.devlink == \"netdevsim/netdevsim1\" and .driver == \$i.driver and
		(.versions | with_entries(select(.value != {}))) == \$i.versions and
		.fw_version_running == null and .serial_number == null"
}

@test "prmctl devlink ports equals devlink port show" {
	pj prmctl_devlink_ports port_show '
		([.ports[] | {key: .port, value: {type, netdev, flavour, port: .number, splittable}}]
		 | from_entries) == $d[0].port'
}

@test "prmctl devlink reporters equals devlink health show, healthy and then in error" {
	local cmp='($d[0].health["netdevsim/netdevsim1"] | map({key: .reporter, value:
		{state, error, recover, auto_dump, grace_period, auto_recover}}) | from_entries) ==
		(.reporters | map({key: .reporter, value: {state, error: .error_count,
		recover: .recover_count, auto_dump, grace_period, auto_recover}}) | from_entries)'
	pj prmctl_reporters health_show "$cmp"
	# in error: exit 4, and the same counts as devlink
	RC=4 pj prmctl_reporters_error health_show_error "$cmp"
	RC=4 pj prmctl_reporters_error health_show_error \
		'(.reporters[] | select(.reporter == "dummy") | .last_dump_time[0:19]) ==
		 ($d[0].health["netdevsim/netdevsim1"][] | select(.reporter == "dummy") |
		  .last_dump_date + "T" + .last_dump_time)'
}

# netdevsim in 6.1 ends an array pair it never began, just after test_nest
# (nsim_dev_dummy_fmsg_put): the stream's root closes early. iproute2 stops
# there silently and shows the members before it; prmctl reads on, warns,
# and shows the two arrays that follow as netdevsim put them.
TAIL='.test_u32_array == [0,1,2,3,4,5,6,7,8,9] and
	(.test_array_of_objects | length) == 10 and
	.test_array_of_objects[9] == {"in_array_nested_test_bool": false, "in_array_nested_test_u8": 9}'

@test "prmctl devlink reporters --diagnose: devlink's members, and the ones devlink loses" {
	pj prmctl_reporters_diagnose diagnose_empty \
		'(.diagnose[] | select(.reporter == "empty") | .message) == $d[0]'
	# test_binary is random on each call: its length only
	pj prmctl_reporters_diagnose diagnose_dummy "
		(.diagnose[] | select(.reporter == \"dummy\")) as \$m |
		\$m.unbalanced_nest_ends == 1 and
		(\$m.message | del(.test_binary, .test_u32_array, .test_array_of_objects)) ==
			(\$d[0] | del(.test_binary)) and
		(\$m.message.test_binary | length) == (\$d[0].test_binary | length) and
		(\$m.message | $TAIL)"
	grep -q "ends a nest it never began" "$S/prmctl_reporters_diagnose.err" ||
		fail "no warning of the unbalanced message"
}

@test "prmctl devlink reporters --dump dummy equals devlink health dump show" {
	# the dump was taken once, at the break: every byte equal
	RC=4 pj prmctl_reporters_dump dump_dummy "
		.dump.reporter == \"dummy\" and
		(.dump.message | del(.test_u32_array, .test_array_of_objects)) == \$d[0] and
		.dump.message.break_message == \"prmctl test break\" and (.dump.message | $TAIL)"
}

@test "prmctl devlink region list equals devlink region show, before and after" {
	local cmp='.regions[0] as $r | $d[0].regions["netdevsim/netdevsim1/dummy"] as $i |
		$r.region == "dummy" and $r.size == $i.size and $r.max_snapshots == $i.max and
		$r.snapshots == ($i.snapshot // [])'
	pj prmctl_region_list region_show "$cmp"
	pj prmctl_region_list_after region_show_after "$cmp"
}

@test "prmctl devlink region read --snapshot 7: the bytes of devlink's dump" {
	pj prmctl_region_read region_show_snap '.bytes == 32768 and .snapshot == 7'
	diff <(od_bytes prmctl_region_read_bytes) <(region_bytes region_dump) ||
		fail "snapshot 7: prmctl's file and devlink's dump differ"
	[ "$(od_bytes prmctl_region_read_bytes | wc -l)" = 32768 ]
}

@test "prmctl devlink region snapshot: a new snapshot, its bytes as devlink dumps them" {
	local id
	ok region_dump_latest
	id=$(tr -dc '0-9' < "$S/region_dump_latest.err")
	pj prmctl_region_snapshot region_show_after \
		".snapshot == $id and .kept == true and .bytes == 32768 and
		 (\$d[0].regions[\"netdevsim/netdevsim1/dummy\"].snapshot | index($id)) != null"
	diff <(od_bytes prmctl_region_snapshot_bytes) <(region_bytes region_dump_latest) ||
		fail "the new snapshot: prmctl's file and devlink's dump differ"
}

@test "prmctl devlink region snapshot without --write: refused (exit 2, needs_write), no snapshot taken" {
	local id
	[ "$(cat "$S/prmctl_region_snapshot_refused.rc")" = 2 ] ||
		fail "exited $(cat "$S/prmctl_region_snapshot_refused.rc"): $(cat "$S/prmctl_region_snapshot_refused.err")"
	jq -e '.error.reason == "needs_write"' "$S/prmctl_region_snapshot_refused.out" >/dev/null ||
		fail "$(cat "$S/prmctl_region_snapshot_refused.out")"
	# afterwards the region holds 7 and the snapshot --write took (--keep both times), no third
	ok region_dump_latest
	id=$(tr -dc '0-9' < "$S/region_dump_latest.err")
	jqt region_show_after \
		".regions[\"netdevsim/netdevsim1/dummy\"].snapshot | sort == ([7, $id] | sort)"
}

@test "prmctl device list --access devlink lists netdevsim1 as devlink dev show does" {
	pj prmctl_device_list dev_show \
		'[.devices[].devlink] == ($d[0].dev | keys) and .devices[0].driver == "netdevsim"'
}

@test "prmctl esw watch --access devlink: port 4 added and removed, 0 -> 2 -> 0 VFs, as the monitor saw" {
	local ev
	ok prmctl_esw_watch
	ev=$(jq -r '.event + " " + ((.index // .from) | tostring) + " " + ((.to // "") | tostring)' \
		"$S/prmctl_esw_watch.out")
	[ "$(echo "$ev" | sed -n 1p | cut -d' ' -f1)" = started ]
	echo "$ev" | grep -qx "port_added 4 " || fail "no port_added 4: $ev"
	echo "$ev" | grep -qx "port_removed 4 " || fail "no port_removed 4: $ev"
	echo "$ev" | grep -qx "vfs_changed 0 2" || fail "no vfs_changed 0 -> 2: $ev"
	echo "$ev" | grep -qx "vfs_changed 2 0" || fail "no vfs_changed 2 -> 0: $ev"
	[ "$(echo "$ev" | tail -1 | cut -d' ' -f1)" = stopped ]
	# the same changes in devlink's own monitor: port 4, and VF ports 128 and 129
	[ "$(monitor_json | jq -r 'select(.command == "del") | .port | keys[]' | sort | tr '\n' ' ')" = \
	  "netdevsim/netdevsim1/128 netdevsim/netdevsim1/129 netdevsim/netdevsim1/4 " ]
}

@test "prmctl health watch --access devlink: dummy's error and recovery, as devlink saw them" {
	local ev
	ok prmctl_health_watch
	ev=$(jq -r '[.event, .health, (.error_count // "" | tostring), (.recover_count // "" | tostring)] | join(" ")' \
		"$S/prmctl_health_watch.out")
	echo "$ev" | grep -qx "started ok  " || fail "no start: $ev"
	echo "$ev" | grep -q "^reporter_error .* 1 0$" || fail "no reporter_error 1 0: $ev"
	echo "$ev" | grep -qx "fw_error fw_error  " || fail "no fw_error: $ev"
	echo "$ev" | grep -q "^reporter_healthy .* 1 1$" || fail "no reporter_healthy 1 1: $ev"
	echo "$ev" | grep -qx "recovered ok  " || fail "no recovery: $ev"
	# the counts devlink reported at those points
	jqt health_show_error '.health["netdevsim/netdevsim1"][] | select(.reporter == "dummy") |
		.error == 1 and .recover == 0'
	jqt health_show_recovered '.health["netdevsim/netdevsim1"][0] | .error == 1 and .recover == 1'
}

@test "prmctl health watch --access devlink: the reporter list read once, not every interval (requests counted by strace)" {
	local n span
	ok prmctl_watch_quiet
	jq -s -e 'length == 2 and .[0].event == "started" and .[0].health == "ok" and
		.[1].event == "stopped" and .[1].events == 0 and .[1].read_errors == 0' \
		"$S/prmctl_watch_quiet.out" >/dev/null || fail "$(cat "$S/prmctl_watch_quiet.out")"
	# it ran its 3 s: 15 intervals of 200 ms
	span=$(jq -s '(.[1].time_ns - .[0].time_ns) / 1e9 | floor' "$S/prmctl_watch_quiet.out")
	[ "$span" -ge 2 ] || fail "the watch ran $span s"
	ok strace_watch_quiet
	requests "$S/strace_watch_quiet.out" > "$BATS_TEST_TMPDIR/req"
	[ -s "$BATS_TEST_TMPDIR/req" ] || fail "no request in strace's log: $(head -c 600 "$S/strace_watch_quiet.out")"
	# the list once, at the start (it was 15: one each interval); netdevsim
	# has no mlx5 fw reporter, so there is nothing to diagnose
	n=$(count "$S/strace_watch_quiet.out" "$LIST")
	[ "$n" = 1 ] || fail "$n reporter list dumps: $(sort "$BATS_TEST_TMPDIR/req" | uniq -c)"
	[ "$(count "$S/strace_watch_quiet.out" "$DIAGNOSE")" = 0 ]
	# all it asked: devlink's family for each socket, the device, the list
	[ "$(sort "$BATS_TEST_TMPDIR/req" | uniq -c | awk '{ $1 = $1; print }' | tr '\n' ,)" = \
	  "2 ctrl 3,1 devlink 1,1 $LIST," ] || fail "$(sort "$BATS_TEST_TMPDIR/req" | uniq -c)"
	echo "# quiet watch, 15 intervals: $(grep -c '^devlink' "$BATS_TEST_TMPDIR/req") devlink requests ($(count "$S/strace_watch_quiet.out" "$LIST") list, $(count "$S/strace_watch_quiet.out" "$DIAGNOSE") diagnose)" >&3
}

@test "prmctl health watch --access devlink: a reload's new reporters picked up from devlink's notification, not an interval" {
	local ev n
	ok reload_fail_recover
	jqt health_show_before_reload '.health["netdevsim/netdevsim1"][0] | .state == "error" and .error >= 1'
	ok reload
	# the reload made new reporters: healthy, counting from 0
	jqt health_show_reloaded '.health["netdevsim/netdevsim1"][0] | .state == "healthy" and .error == 0 and .recover == 0'
	ok prmctl_watch_reload
	ev=$(jq -r '[.event, .health, (.reporter // ""), (.state // "")] | join(" ")' "$S/prmctl_watch_reload.out")
	[ "$ev" = "started ok  
reporter_error ok dummy error
fw_error fw_error  
recovered ok  
stopped ok  " ] || fail "$ev"
	# within its 6 s: no interval (a minute) came, the notifications told it all
	jq -s -e '(.[-1].time_ns - .[0].time_ns) < 15e9' "$S/prmctl_watch_reload.out" >/dev/null ||
		fail "the watch ran past its --duration: $(cat "$S/prmctl_watch_reload.out")"
	# the list read at the start and once again after the reload's DEVLINK_CMD_NEW
	ok strace_watch_reload
	n=$(count "$S/strace_watch_reload.out" "$LIST")
	[ "$n" = 2 ] || fail "$n list dumps: $(requests "$S/strace_watch_reload.out" | sort | uniq -c)"
	[ "$(count "$S/strace_watch_reload.out" "$DIAGNOSE")" = 0 ]
}

@test "prmctl health show over devlink on a driver without mlx5's reporters: their states" {
	RC=4 pj prmctl_health_show_error health_show_error '
		.health == "fw_error" and .access == "devlink" and .health_buffer == null and
		(.reporters | map({key: .reporter, value: .state}) | from_entries) ==
		($d[0].health["netdevsim/netdevsim1"] | map({key: .reporter, value: .state}) | from_entries)'
}

@test "prmctl on a devlink handle the kernel does not have: exit 3, named, not empty lists" {
	[ "$(cat "$S/prmctl_missing.rc")" = 3 ] || fail "exit $(cat "$S/prmctl_missing.rc")"
	jq -e '.error.reason == "not_found" and
		(.error.message | test("no devlink instance netdevsim/netdevsim9"))' \
		"$S/prmctl_missing.out" >/dev/null || fail "$(cat "$S/prmctl_missing.out")"
	[ "$(cat "$S/prmctl_missing_show.rc")" = 3 ] || fail "device show: exit $(cat "$S/prmctl_missing_show.rc")"
	jq -e '.error.reason == "not_found"' "$S/prmctl_missing_show.out" >/dev/null ||
		fail "$(cat "$S/prmctl_missing_show.out")"
}

@test "prmctl health watch over devlink when the device goes away: exit 3, named, not ok" {
	ok del_device
	[ "$(cat "$S/prmctl_watch_gone.rc")" = 3 ] ||
		fail "exit $(cat "$S/prmctl_watch_gone.rc"): $(cat "$S/prmctl_watch_gone.out")"
	jq -s -e '.[0].event == "started" and .[0].health == "ok" and
		(.[-1].error.reason == "not_found")' "$S/prmctl_watch_gone.out" >/dev/null ||
		fail "$(cat "$S/prmctl_watch_gone.out")"
}

@test "prmctl devlink recover and region del, with --write: the reporter healthy, snapshot 7 gone" {
	jqt prmctl_recover '.reporter == "dummy" and .state == "healthy"'
	ok prmctl_region_del
	ok region_show_after_del
	! grep -q '"snapshot":\[[^]]*\b7\b' "$S/region_show_after_del.out" ||
		fail "snapshot 7 is still there: $(cat "$S/region_show_after_del.out")"
}

@test "prmctl's JSON here follows prmctl(8)'s Keys convention (tests/cli/keys.jq), access included" {
	local f docs=$BATS_TEST_TMPDIR/docs.jsonl files=()
	for f in "$S"/prmctl_*.out; do
		case $f in *_bytes.out) continue ;; esac	# od(1) of a file prmctl wrote
		files+=("$f")
	done
	keys_follow "$docs" "${files[@]}"
	run jq -r 'select(.doc.error == null and (.doc | has("device")) and (.doc.access != "devlink")) |
		"\(.cmd): access \(.doc.access)"' "$docs"
	[ -z "$output" ] || fail "$output"
}
