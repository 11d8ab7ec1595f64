#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# prmctl health show: the classification, every field, exit codes.
load helper

setup() {
	private_sims
}

teardown() {
	stop_sims
}

@test "health show on a healthy adapter: ok, exit 0" {
	prm -j -d sim health show
	assert_success
	assert_json_doc
	echo "$output" | jq -e '.health == "ok" and .health_syndrome == 0 and .health_buffer.synd == 0
		and .health_buffer.hw_id == 536 and .health_buffer.hw_id_name == "ConnectX-7"'
	prm -d sim health
	assert_success
	[[ ${lines[1]} == "health"*"ok" ]] || fail "the classification is not first: ${lines[1]}"
}

@test "an assert: fw_error, every field by its PRM name, exit 4" {
	prm -j -d sim --model cx6dx --inject fw-assert:synd=0x7,ext_synd=0x8f7a,severity=2,irisc=3 health show
	assert_failure 4
	echo "$output" | jq -e '.health == "fw_error"
		and .health_syndrome == 7
		and (.health_buffer | .synd == 7 and .synd_name == "irisc not responding"
			and .ext_synd == 36730 and .severity == 2 and .severity_name == "CRITICAL"
			and .irisc_index == 3 and .assert_var[0] == 86086747 and (.assert_var | length) == 6
			and .assert_exit_ptr == 558444344 and .assert_callra == 553833968
			and .fw_ver == 371655658 and .fw_ver_decoded == "22.39.1002"
			and .fw_ver_matches_initseg == true and .hw_id_name == "ConnectX-6 Dx"
			and (.time | test("^20[0-9][0-9]-[01][0-9]-[0-3][0-9]T[0-9:]{8}Z$"))
			and (.time_s | type) == "number" and .time_s > 1600000000
			and (.time_s | todate) == .time)'
}

@test "thermal (syndrome 0x10) is its own class" {
	prm -j -d sim --inject thermal health show
	assert_failure 4
	echo "$output" | jq -e '.health == "thermal" and .health_buffer.synd == 16'
}

@test "pci_gone: all-ones reads are never decoded as a syndrome 0xff" {
	prm -j -d sim --inject device-gone health show
	assert_failure 4
	echo "$output" | jq -e '.health == "pci_gone" and (has("health_buffer") | not) and (has("health_syndrome") | not)'
	prm -d sim --inject device-gone health show
	[[ $output == *"gone from the bus"* ]]
	! [[ $output == *"0xff"* ]]
}

@test "fw_initializing while the firmware boots, then ok, on a service" {
	"$PRMCTL" sim start boot --boot-ms 1500 >/dev/null
	prm -j -d sim:boot health show
	assert_failure 4
	echo "$output" | jq -e '.health == "fw_initializing"'
	sleep 1.6
	prm -j -d sim:boot health show
	assert_success
	echo "$output" | jq -e '.health == "ok"'
}

@test "a saved image is classified the same way" {
	"$PRMCTL" -d sim --inject fw-assert:synd=0x1 initseg dump -o "$BATS_TEST_TMPDIR/seg.bin" >/dev/null
	prm -j -d "image:$BATS_TEST_TMPDIR/seg.bin" health show
	assert_failure 4
	echo "$output" | jq -e '.health == "fw_error" and .health_buffer.synd_name == "firmware internal error" and .access == "image"'
}

@test "a hung firmware in one run: the counter read twice did not move, fw_unresponsive, exit 4" {
	prm -j -d sim --inject health-stall health show
	assert_failure 4
	assert_json_doc
	echo "$output" | jq -e '.health == "fw_unresponsive" and .health_syndrome == 0
		and .counter_sample_ms == 50 and .health_counter_moved == false'
	prm -d sim --inject health-stall health show --sample-ms 20
	assert_failure 4
	assert_output --partial "did not move in 20 ms"
	# a live one moves within the default sample
	prm -j -d sim health show
	assert_success
	echo "$output" | jq -e '.health == "ok" and .health_counter_moved == true'
}

@test "asserted and stopped are reported together; --sample-ms 0 is one read" {
	prm -j -d sim --inject fw-assert:synd=0x1 --inject health-stall health show
	assert_failure 4
	echo "$output" | jq -e '.health == "fw_error" and .health_counter_moved == false'
	prm -j -d sim --inject fw-assert:synd=0x1 health show
	assert_failure 4
	echo "$output" | jq -e '.health == "fw_error" and .health_counter_moved == true'
	# one read cannot see a stall, and says it did not look
	prm -j -d sim --inject health-stall health show --sample-ms 0
	assert_success
	echo "$output" | jq -e '.health == "ok" and .counter_sample_ms == 0
		and .health_counter_moved == null'
}

@test "no stall check where there is no counter running: an image, a gone function" {
	"$PRMCTL" -d sim initseg dump -o "$BATS_TEST_TMPDIR/ok.bin" >/dev/null
	prm -j -d "image:$BATS_TEST_TMPDIR/ok.bin" health show
	assert_success
	echo "$output" | jq -e '.health == "ok" and .counter_sample_ms == 0
		and .health_counter_moved == null'
	prm -j -d sim --inject device-gone health show
	assert_failure 4
	echo "$output" | jq -e '.health == "pci_gone"'
}

@test "health show --sample-ms: bad values are exit 2 with the range" {
	for v in -1 60001 x 1.5 ""; do
		prm -d sim health show --sample-ms "$v"
		assert_failure 2
		[[ $stderr == *"--sample-ms '$v': milliseconds"*"from 0 ms to at most 60000 ms"* ]] || fail "--sample-ms '$v': $stderr"
	done
}

@test "-d after the command names one device, however many times the arguments are read" {
	prm -d sim health
	assert_success
	prm health -d sim
	assert_success
	[[ ${lines[1]} == "health"*"ok" ]]
	prm initseg -d sim
	assert_success
	prm -j health show -d sim --inject fw-assert:synd=0x1
	assert_failure 4
	echo "$output" | jq -e '.health == "fw_error"'
	# two places in argv are two devices: health show checks both, initseg refuses
	prm -j -d sim health -d sim
	assert_success
	echo "$output" | jq -e '(.devices | length) == 2'
	prm -d sim initseg -d sim
	assert_failure 2
	[[ $stderr == *"2 devices given"* ]]
}

@test "health takes no arguments" {
	prm -d sim health show extra
	assert_failure 2
}

@test "health watch: stall, recovery, assert, syndrome change, gone: each once, in order" {
	"$PRMCTL" sim start w >/dev/null
	"$PRMCTL" -j -d sim:w health watch --interval 20 --misses 3 --duration 4 > "$BATS_TEST_TMPDIR/ev" &
	local pid=$!
	sleep 0.6
	"$PRMCTL" sim inject w health-stall >/dev/null
	sleep 0.6
	"$PRMCTL" sim clear w >/dev/null
	sleep 0.5
	"$PRMCTL" sim inject w fw-assert:synd=0x7 >/dev/null
	sleep 0.5
	"$PRMCTL" sim inject w fw-assert:synd=0x1 >/dev/null
	sleep 0.5
	"$PRMCTL" sim inject w device-gone >/dev/null
	wait $pid
	echo "# $(jq -c '[.event, .health, .stalled_ms]' "$BATS_TEST_TMPDIR/ev" | tr '\n' ' ')" >&3
	[ "$(jq -r .event "$BATS_TEST_TMPDIR/ev" | tr '\n' ' ')" = \
	  "started stalled recovered fw_error syndrome_changed pci_gone stopped " ]
	# a stall is declared after interval x misses without a change (slack for loaded machines)
	jq -s -e 'def ev(n): map(select(.event == n))[0];
		(ev("stalled") | .health == "fw_unresponsive" and .stalled_ms >= 50 and .stalled_ms <= 250)
		and (ev("fw_error") | .synd == 7 and .health_buffer.synd_name == "irisc not responding")
		and (ev("syndrome_changed") | .synd == 1 and .prev_synd == 7)
		and (ev("stopped") | .events == 5 and .samples > 100)' "$BATS_TEST_TMPDIR/ev" >/dev/null
}

@test "health watch --exit-on-fault: exit 4 at the first fault; --count stops" {
	prm -j -d sim --inject thermal health watch --exit-on-fault --interval 10
	assert_failure 4
	echo "${lines[0]}" | jq -e '.event == "started" and .health == "thermal"'
	prm -d sim health watch --count 1 --duration 1 --interval 10
	assert_success
	[[ ${lines[0]} == "time="*" device=sim event=started health=ok"* ]]
	[[ ${lines[1]} == *"event=stopped events=0"* ]]
}

@test "health watch: options are checked" {
	prm -d sim health watch --interval 5
	assert_failure 2
	prm -d sim health watch --misses 0
	assert_failure 2
	prm -d sim health watch --duration x
	assert_failure 2
}

@test "health watch --snapshot-dir: the first fault's evidence, from the sample that saw it" {
	"$PRMCTL" sim start s >/dev/null
	mkdir "$BATS_TEST_TMPDIR/snap"
	"$PRMCTL" -j -d sim:s health watch --interval 20 --duration 2 \
		--snapshot-dir "$BATS_TEST_TMPDIR/snap" > "$BATS_TEST_TMPDIR/ev" &
	local pid=$!
	sleep 0.5
	"$PRMCTL" sim inject s fw-assert:synd=0x7,ext_synd=0x1234 >/dev/null
	sleep 0.4
	"$PRMCTL" sim inject s device-gone >/dev/null	# a second fault: no second snapshot
	wait $pid
	local snap
	snap=$(jq -r -s 'map(select(.event == "fw_error"))[0].snapshot' "$BATS_TEST_TMPDIR/ev")
	[ -n "$snap" ] && [ "$snap" != null ] || fail "no snapshot in the fw_error event"
	[ "$(ls "$BATS_TEST_TMPDIR/snap" | wc -l)" -eq 3 ] || fail "$(ls "$BATS_TEST_TMPDIR/snap")"
	[ "$(stat -c %s "$snap-initseg.bin")" -eq 8208 ]
	[ "$(stat -c %s "$snap-health_buffer.bin")" -eq 64 ]
	jq -e '.health == "fw_error" and .health_buffer.synd == 7 and .health_buffer.ext_synd == 4660' "$snap-health.json"
	# the raw files are that sample, not a later read (the device is gone since)
	cmp <(dd if="$snap-initseg.bin" bs=1 skip=512 count=64 status=none) "$snap-health_buffer.bin"
	prm -j -d "image:$snap-initseg.bin" health show
	assert_failure 4
	echo "$output" | jq -e '.health == "fw_error" and .health_buffer.ext_synd == 4660'
}

@test "health watch --textfile: Prometheus metrics rewritten every interval" {
	local prom=$BATS_TEST_TMPDIR/prmctl.prom
	prm -d sim --inject thermal health watch --interval 20 --duration 1 --textfile "$prom"
	assert_success
	grep -qx 'prmctl_up{device="sim",hw_id="0x218"} 1' "$prom"
	grep -qx 'prmctl_health_synd{device="sim",hw_id="0x218"} 16' "$prom"
	grep -qx 'prmctl_health_status{device="sim",hw_id="0x218",status="thermal"} 1' "$prom"
	grep -qx 'prmctl_health_status{device="sim",hw_id="0x218",status="ok"} 0' "$prom"
	grep -qx 'prmctl_collect_errors_total{device="sim",hw_id="0x218"} 0' "$prom"
	grep -qx '# TYPE prmctl_collect_errors_total counter' "$prom"
	grep -Eq '^prmctl_last_success_timestamp_seconds\{device="sim",hw_id="0x218"\} [0-9]{10}\.[0-9]{3}$' "$prom"
	! ls "$BATS_TEST_TMPDIR" | grep -q 'prmctl.prom.' || fail "a temporary file was left"
}

# the real logs in tests/fixtures/health-logs (verbatim); values read off them by hand
@test "decode-log: the ConnectX-6 Dx assert, one event for the six functions that reported it" {
	prm -j health decode-log "$TOP/tests/fixtures/health-logs/cx6dx-fw-assert-synd1.log"
	assert_failure 4
	echo "$output" | jq -e '(.incidents | length) == 1 and (.incidents[0] |
		.health == "fw_error" and .device == "0000:0d:00.0" and (.functions | length) == 6
		and (.functions | index("0000:0d:00.5")) != null
		and .health_buffer.synd == 1 and .health_buffer.synd_name == "firmware internal error"
		and .health_buffer.ext_synd == 36730 and .health_buffer.fw_ver_decoded == "22.44.1036"
		and .health_buffer.hw_id_name == "ConnectX-6 Dx" and .health_buffer.time_s == 1742220438
		and .health_buffer.time == "2025-03-17T14:07:18Z"
		and (.health_buffer.assert_var | length) == 6 and .health_buffer.assert_var[0] == 86086747)'
}

@test "decode-log: the ConnectX-4 Lx VF that read all-ones is pci_gone, no syndrome 0xff" {
	prm -j health decode-log "$TOP/tests/fixtures/health-logs/cx4lx-vf-pci-gone-allones.log"
	assert_failure 4
	echo "$output" | jq -e '.incidents[0] | .health == "pci_gone" and .fatal_error == 1 and (has("health_buffer") | not)'
	! [[ $output == *'"synd":255'* ]]
}

@test "decode-log: PCIe DPC containment, slot 1 unavailable, both functions" {
	prm -j health decode-log - < "$TOP/tests/fixtures/health-logs/cx5-dpc-slot-unavailable.log"
	assert_failure 4
	echo "$output" | jq -e '(.incidents | length) == 1 and (.incidents[0] | .health == "pci_gone" and .pci_slot == 1
		and .functions == ["0004:01:00.0", "0004:01:00.1"])'
}

@test "decode-log: nothing found is exit 0; a missing file is named" {
	printf 'eth0: link up\n' > "$BATS_TEST_TMPDIR/quiet.log"
	prm -j health decode-log "$BATS_TEST_TMPDIR/quiet.log"
	assert_success
	echo "$output" | jq -e '.incidents == [] and .lines == 1'
	prm health decode-log "$BATS_TEST_TMPDIR/nope.log"
	assert_failure 2
	[[ $stderr == *"nope.log"* ]]
}

@test "health watch of several devices: a thread each, events labelled, metrics for all" {
	"$PRMCTL" sim start a >/dev/null
	"$PRMCTL" sim start b --model cx5 >/dev/null
	"$PRMCTL" -j -d sim:a -d sim:b health watch --interval 20 --duration 2 \
		--textfile "$BATS_TEST_TMPDIR/m.prom" > "$BATS_TEST_TMPDIR/ev" &
	local pid=$!
	sleep 0.5
	"$PRMCTL" sim inject b fw-assert:synd=0x1 >/dev/null
	sleep 0.3
	"$PRMCTL" sim inject a health-stall >/dev/null
	wait $pid
	jq -s -e 'def ev(d; n): map(select(.device == d and .event == n)) | length;
		ev("sim:a"; "started") == 1 and ev("sim:b"; "started") == 1
		and ev("sim:b"; "fw_error") == 1 and ev("sim:a"; "fw_error") == 0
		and ev("sim:a"; "stalled") == 1 and ev("sim:b"; "stalled") == 0
		and (map(select(.event == "stopped")) | map(.events) == [1, 1])' "$BATS_TEST_TMPDIR/ev"
	grep -qx 'prmctl_health_synd{device="sim:b",hw_id="0x20d"} 1' "$BATS_TEST_TMPDIR/m.prom"
	grep -qx 'prmctl_health_stalled{device="sim:a",hw_id="0x218"} 1' "$BATS_TEST_TMPDIR/m.prom"
	# other commands take one device
	prm -d sim:a -d sim:b initseg show
	assert_failure 2
	[[ $stderr == *"only 'health show' and 'health watch' take more than one"* ]]
}

@test "health watch refuses a saved image: it never changes, so it would only ever stall" {
	"$PRMCTL" -d sim initseg dump -o "$BATS_TEST_TMPDIR/seg.bin" >/dev/null
	prm -d "image:$BATS_TEST_TMPDIR/seg.bin" health watch --duration 1
	assert_failure 2
	[[ $stderr == *"saved image"* ]]
}

@test "health watch --duration takes the durations every option takes, and names its range" {
	prm -j -d sim health watch --duration 300ms
	assert_success
	echo "$output" | tail -1 | jq -e '.event == "stopped"'
	prm -d sim health watch --duration 99999999s
	assert_failure 2
	[[ $stderr == *"--duration '99999999s': seconds, or with a unit (500ms, 1.5s, 2m, 1h), from 1 ms to at most 31536000 s (365 days); this is too long"* ]]
}

@test "health show of several devices: each one's report under devices, exit 4 if any is not ok" {
	"$PRMCTL" sim start a >/dev/null
	"$PRMCTL" sim start b --model cx5 >/dev/null
	prm -j -d sim:a -d sim:b health show
	assert_success
	assert_json_doc
	echo "$output" | jq -e '[.devices[] | [.device, .health, .health_counter_moved]]
		== [["sim:a", "ok", true], ["sim:b", "ok", true]]'
	"$PRMCTL" sim inject b fw-assert:synd=0x8 >/dev/null
	prm -j -d sim:a -d sim:b health show
	assert_failure 4
	echo "$output" | jq -e '[.devices[].health] == ["ok", "fw_error"]
		and .devices[1].health_buffer.synd_name == "unrecoverable hardware error"
		and (.devices | all(.advice | length > 40))'
	# text: every device's block, each with its own classification
	prm -d sim:a -d sim:b health show
	assert_failure 4
	[ "$(grep -c '^  health ' <<< "$output")" -eq 2 ]
	# --all adds every ConnectX present to those named; none present, no -d: exit 3
	prm -j -d sim:a health show --all
	[[ $(echo "$output" | jq -r '.devices[0].device') == "sim:a" ]]
	if [ "$(lspci -n -d 15b3: | wc -l)" -eq 0 ]; then
		assert_success
		prm health show --all
		assert_failure 3
		[[ $stderr == *"no ConnectX device found"* ]]
	fi
}

@test "health show -q: one line per device, device and class first, the same keys after" {
	"$PRMCTL" sim start a >/dev/null
	"$PRMCTL" sim start b >/dev/null
	"$PRMCTL" sim start c >/dev/null
	"$PRMCTL" sim inject b fw-assert:synd=0x8 >/dev/null
	"$PRMCTL" sim inject c health-stall >/dev/null
	prm -q -d sim:a -d sim:b -d sim:c health show
	assert_failure 4
	[ "${#lines[@]}" -eq 3 ]
	[[ ${lines[0]} =~ ^sim:a\ ok\ synd=-\ counter=[0-9]+\ moved=yes\ fw=28\.41\.1000$ ]]
	[[ ${lines[1]} =~ ^sim:b\ fw_error\ synd=0x8\ counter=[0-9]+\ moved=yes\ fw= ]]
	[[ ${lines[2]} =~ ^sim:c\ fw_unresponsive\ synd=-\ counter=[0-9]+\ moved=no\ fw= ]]
	[ "$(cut -d' ' -f2 <<< "$output" | tr '\n' ' ')" = "ok fw_error fw_unresponsive " ]
	# JSON Lines, one object per device
	prm -q -j -d sim:a -d sim:b health show
	assert_failure 4
	[ "${#lines[@]}" -eq 2 ]
	echo "$output" | jq -s -e 'map(.health) == ["ok", "fw_error"] and .[1].synd == 8
		and .[0].synd == null and .[0].moved == true and .[0].counter > 0'
	# one device: one line too; a gone one has no counter
	prm -q -d sim --inject device-gone health
	assert_failure 4
	assert_output "sim pci_gone synd=- counter=- moved=- fw=-"
}

@test "each class has its sentence: what happened, what the driver does, what to collect" {
	prm -j -d sim health show
	echo "$output" | jq -e '.advice | test("no syndrome")'
	prm -j -d sim --inject health-stall health show
	echo "$output" | jq -e '.advice | test("reached miss count") and test("initseg dump")'
	prm -j -d sim --inject fw-assert:synd=0x1 health show
	echo "$output" | jq -e '.advice | test("fw_fatal") and test("rfr")'
	prm -j -d sim --inject thermal health show
	echo "$output" | jq -e '.health == "thermal" and (.advice | test("cooling"))'
	prm -j -d sim --inject device-gone health show
	echo "$output" | jq -e '.advice | test("all-ones") and test("AER")'
	prm -d sim --inject device-gone health show
	assert_output --regexp $'\nadvice +Every read returns all-ones'
}

@test "an empty health buffer names no severity: 'severity 0', never EMERGENCY" {
	prm -d sim health show
	assert_success
	assert_output --regexp $'\n  severity +0\n'
	refute_output --partial "EMERGENCY"
	prm -j -d sim health show
	echo "$output" | jq -e '.health_buffer.severity == 0 and .health_buffer.valid == false
		and (.health_buffer | has("severity_name") | not)'
	prm -d sim initseg show
	refute_output --partial "EMERGENCY"
	# an event sets valid: its severity is named
	prm -j -d sim --inject fw-assert:synd=0x1,severity=2 health show
	echo "$output" | jq -e '.health_buffer.valid and .health_buffer.severity_name == "CRITICAL"'
}

@test "health watch: a gone function's counter is null, not all-ones" {
	prm -j -d sim --inject device-gone health watch --duration 200ms \
		--textfile "$BATS_TEST_TMPDIR/m.prom"
	assert_success
	echo "$output" | jq -s -e 'map(select(.health == "pci_gone")) | length > 0
		and all(has("health_counter") and .health_counter == null)'
	refute_output --partial "16777215"
	! grep -q '^prmctl_health_counter{' "$BATS_TEST_TMPDIR/m.prom"
	grep -q 'status="pci_gone"} 1' "$BATS_TEST_TMPDIR/m.prom"
}

# prmctl(8), CONVENTIONS, Keys: status is a PRM command's number; the class is health
@test "keys: the class is health (never status), synd at the top as device show, the buffer's time ISO with time_s" {
	local dev hl doc
	prm -j -d sim --inject fw-assert:synd=0x7 device show
	dev=$output
	prm -j -d sim --inject fw-assert:synd=0x7 health show
	assert_failure 4
	hl=$output
	for doc in "$dev" "$hl"; do
		echo "$doc" | jq -e '(.health | type) == "string" and .health == "fw_error" and (has("status") | not)
			and .synd == 7 and .synd_name == "irisc not responding"' >/dev/null || fail "$doc"
	done
	echo "$hl" | jq -e '.health_buffer | (.time | type) == "string" and (.time_s | type) == "number"
		and (.time_s | todate) == .time and (has("time_iso") | not)'
	# a buffer without a time: null, and the firmware's 0 beside it
	prm -j -d sim health show
	echo "$output" | jq -e '.health == "ok" and .synd == 0 and .health_buffer.time == null
		and .health_buffer.time_s == 0'
	prm -d sim --inject fw-assert health show
	assert_output --regexp $'\n  time +[0-9]+ \\(20[0-9-]+T[0-9:]+Z\\)\n'
	refute_output --partial "time_iso"
	# -q's JSON Lines and a device that could not be read
	prm -q -j -d sim --inject thermal health show
	echo "$output" | jq -e '.health == "thermal" and (has("status") | not)'
	# every line of a watch: health (not status) and access; the buffer as health show's
	prm -j -d sim --inject fw-assert:synd=0x7 health watch --duration 200ms
	assert_success
	echo "$output" | jq -s -e 'all(.access == "sim" and (has("status") | not))
		and all(.[] | select(.event != "stopped"); .health == "fw_error")
		and all(.[] | select(.health_buffer); .health_buffer | (.time | type) == "string"
			and (.time_s | type) == "number" and (has("time_iso") | not))
		and (map(select(.health_buffer)) | length) >= 1'
}
