#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# Evidence that explains itself (issue 19, items 6 and 7): the upstream port's
# kernel-log lines beside a pci_gone, the health buffer's firmware version,
# chip and time wherever it is decoded, the sidecar beside an initseg image,
# and a strings database saved for decodes on another day.
load helper

setup() {
	T=$BATS_TEST_TMPDIR
	LOGS=$TOP/tests/fixtures/health-logs
}

teardown() {
	stop_sims
}

@test "decode-log: the DPC log alone proves no port above 0004:01:00: a port event of its own" {
	prm -j health decode-log "$LOGS/cx5-dpc-slot-unavailable.log"
	assert_failure 4
	echo "$output" | jq -e '(.incidents | length) == 1 and (.incidents[0] | has("port") | not)'
	echo "$output" | jq -e '.port_incidents | length == 1'
	echo "$output" | jq -e '.port_incidents[0] | .device == "0004:00:00.0" and .health == "pci_gone"
		and .stamp == "81.012463" and .uptime_s == 81.012463 and .time == null and .line == 1
		and .port.mapping == null and .port.link_lost == true and .port.lines == 5
		and .port.could_be_below == ["0004:01:00.0", "0004:01:00.1"]
		and (.port.detail | contains("DPC: containment event"))
		and (.port.detail | contains("AER: device recovery failed"))'
}

@test "decode-log: with the port's bus range in the log, its lines join the pci_gone event" {
	{ echo "[    1.500000] pci 0004:00:00.0: PCI bridge to [bus 01-02]"
	  cat "$LOGS/cx5-dpc-slot-unavailable.log"; } > "$T/boot.log"
	prm -j health decode-log "$T/boot.log"
	assert_failure 4
	echo "$output" | jq -e '.port_incidents == [] and (.incidents | length) == 1'
	echo "$output" | jq -e '.incidents[0] | .health == "pci_gone" and .functions == ["0004:01:00.0", "0004:01:00.1"]
		and .port.device == "0004:00:00.0" and .port.mapping == "bridge" and .port.link_lost
		and .port.stamp == "81.012463" and .port.uptime_s == 81.012463 and .port.line == 2 and .port.lines == 5
		and (.port.detail | contains("pciehp: Slot(41): Link Down"))
		and (.detail | contains("DPC") | not)'
	prm health decode-log "$T/boot.log"
	assert_output --regexp "mapping +bridge"
}

@test "decode-log: an AER line naming the device ties its port; other devices' ports are left out" {
	cat > "$T/aer.log" <<-'LOG'
	[  100.000001] pcieport 0000:3a:00.0: AER: Uncorrected (Fatal) error received: 0000:3b:00.0
	[  100.000002] pcieport 0000:3a:00.0: PCIe Bus Error: severity=Uncorrected (Fatal), type=Transaction Layer, (Receiver ID)
	[  100.500000] mlx5_core 0000:3b:00.0: poll_health:709:(pid 0): Fatal error 1 detected
	[  101.000000] pcieport 0000:3a:00.0: AER: device recovery failed
	[  200.000000] pci 0000:5d:00.0: PCI bridge to [bus 5e]
	[  200.100000] pcieport 0000:5d:00.0: DPC: containment event, status:0x1f01 source:0x5e00
	[  300.000000] pcieport 0000:00:02.0: AER: Corrected error received: 0000:3c:00.0
	LOG
	prm -j health decode-log "$T/aer.log"
	assert_failure 4
	echo "$output" | jq -e '.port_incidents == [] and (.incidents | length) == 1'
	echo "$output" | jq -e '.incidents[0] | .device == "0000:3b:00.0" and .health == "pci_gone"
		and .port.device == "0000:3a:00.0" and .port.mapping == "aer"
		and .port.aer_device == "0000:3b:00.0" and .port.lines == 3'
	# port lines about nothing of ours: no event, exit 0
	grep -v mlx5_core "$T/aer.log" > "$T/others.log"
	prm -j health decode-log "$T/others.log"
	assert_success
	echo "$output" | jq -e '.incidents == [] and .port_incidents == []'
}

@test "decode-log: the health buffer's firmware version, chip and time, as health show prints them" {
	prm -j health decode-log "$LOGS/cx6dx-fw-assert-synd1.log"
	assert_failure 4
	echo "$output" | jq -e '.incidents[0].health_buffer | .time_s == 1742220438
		and .time == "2025-03-17T14:07:18Z" and .fw_ver_decoded == "22.44.1036"
		and .hw_id_name == "ConnectX-6 Dx" and (has("time_iso") | not)'
	prm health decode-log "$LOGS/cx6dx-fw-assert-synd1.log"
	assert_output --regexp "time +1742220438 \\(2025-03-17T14:07:18Z\\)"
}

@test "decode health_buffer: fw_time, fw_ver_decoded and hw_id_name; none for all-ones" {
	zero_file "$T/hb.bin" 64
	put_bytes "$T/hb.bin" 0x2c 67 d8 2c 96
	put_bytes "$T/hb.bin" 0x30 16 2c 04 0c
	put_bytes "$T/hb.bin" 0x34 00 00 02 12
	prm -j decode health_buffer "$T/hb.bin"
	assert_success
	echo "$output" | jq -e '.fields | .time == 1742220438 and .fw_time == "2025-03-17T14:07:18Z"
		and (has("time_iso") | not) and .fw_ver == 371983372 and .fw_ver_decoded == "22.44.1036" and .hw_id_name == "ConnectX-6 Dx"'
	prm decode health_buffer "$T/hb.bin"
	assert_output --regexp "fw_ver_decoded +22.44.1036"
	head -c 64 /dev/zero | tr '\0' '\377' > "$T/gone.bin"
	prm -j decode health_buffer "$T/gone.bin"
	assert_success
	echo "$output" | jq -e '.fields | has("fw_time") or has("time_iso") or has("fw_ver_decoded") | not'
}

@test "initseg dump: FILE.json beside the image says where and when it came from" {
	prm -d sim initseg dump -o "$T/seg.bin"
	assert_success
	assert_output --regexp "sidecar +$T/seg.bin.json"
	[ "$(stat -c %s "$T/seg.bin")" -eq 8208 ]
	jq -e --arg host "$(hostname)" '.schema == "prmctl/1" and .what == "initseg" and .image == "seg.bin"
		and .bytes == 8208 and .host == $host and .device == "sim" and .model == "ConnectX-7"
		and .access == "sim" and .fw_version == "28.41.1000" and .psid == "SIM0000000007" and .psid_source == "mgir"
		and (.time | test("^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z$"))
		and (.prmctl_version | length > 0) and (has("psid_error") | not)' "$T/seg.bin.json"
	# an image answers no MGIR: the PSID is null, and why
	prm -j -d "image:$T/seg.bin" initseg dump -o "$T/again.bin"
	assert_success
	jq -e '.psid == null and .psid_source == null and (.psid_error | length > 0) and .fw_version == "28.41.1000"
		and .access == "image" and .device == "image:'"$T"'/seg.bin"' "$T/again.bin.json"
}

@test "initseg dump: an existing sidecar is refused before anything is written; --force replaces both" {
	echo keep > "$T/seg.bin.json"
	prm -d sim initseg dump -o "$T/seg.bin"
	assert_failure 2
	assert_equal "$stderr" "prmctl: initseg dump: $T/seg.bin.json exists (use --force to replace it)"
	[ ! -e "$T/seg.bin" ]
	[ "$(cat "$T/seg.bin.json")" = keep ]
	prm -d sim initseg dump -o "$T/seg.bin" --force
	assert_success
	jq -e '.what == "initseg"' "$T/seg.bin.json"
	# standard output: the image only
	run bash -c "'$PRMCTL' -d sim initseg dump -o - | wc -c"
	assert_output 8208
	[ ! -e "$T/-.json" ]
}

@test "initseg of an image shows its sidecar's facts; a bad or missing sidecar does not stop it" {
	"$PRMCTL" -d sim initseg dump -o "$T/seg.bin" >/dev/null
	prm -j -d "image:$T/seg.bin" initseg
	assert_success
	echo "$output" | jq -e --arg f "$T/seg.bin.json" '.sidecar | .file == $f and .image == "seg.bin"
		and .device == "sim" and .psid == "SIM0000000007" and .fw_version == "28.41.1000"
		and .model == "ConnectX-7" and (.time | endswith("Z"))'
	prm -d "image:$T/seg.bin" initseg
	assert_output --regexp "psid +SIM0000000007"
	# copied under another name: shown, and said to name another image
	cp "$T/seg.bin" "$T/copy.bin"
	cp "$T/seg.bin.json" "$T/copy.bin.json"
	prm -d "image:$T/copy.bin" initseg
	assert_success
	assert_output --partial "copy.bin.json was written for the image 'seg.bin', not 'copy.bin'"
	echo '{"image": "copy.bin", "psid": ' > "$T/copy.bin.json"
	prm -j -d "image:$T/copy.bin" initseg
	assert_success
	echo "$output" | jq -e '.sidecar == null and .fw_version == "28.41.1000"'
	[[ $stderr == *"copy.bin.json: the image's sidecar cannot be read: not a JSON object (line 2"* ]]
	rm "$T/copy.bin.json"
	prm -j -d "image:$T/copy.bin" initseg
	assert_success
	echo "$output" | jq -e '.sidecar == null'
	prm -j -d sim initseg
	echo "$output" | jq -e 'has("sidecar") | not'
}

# the capture without its strings database (the STRINGS records dropped)
strip_strings() { # in out
	python3 - "$1" "$2" <<-'PY'
	import struct, sys
	b = open(sys.argv[1], 'rb').read()
	out, off = bytearray(b[:16]), 16
	while off + 16 <= len(b):
	    typ, = struct.unpack_from('<I', b, off)
	    ln, = struct.unpack_from('<Q', b, off + 8)
	    span = 16 + ((ln + 7) & ~7)
	    if typ != 3:
	        out += b[off:off + span]
	    off += span
	open(sys.argv[2], 'wb').write(out)
	PY
}

@test "trace strings save: a capture decoded later with the saved strings reads as the live decode" {
	private_sims
	"$PRMCTL" sim start lab >/dev/null
	prm -j -d sim:lab trace strings save -o "$T/fw.strings"
	assert_success
	echo "$output" | jq -e '.sections >= 1 and .strings_bytes > 0 and .psid == "SIM0000000007"
		and .fw_version == "28.41.1000" and .num_string_trace > 0 and .device == "sim:lab"'
	[ "$(head -c 8 "$T/fw.strings")" = PRMTRACE ]
	"$PRMCTL" -d sim:lab trace capture -o "$T/c.trace" --duration 0.3 >/dev/null
	strip_strings "$T/c.trace" "$T/bare.trace"
	[ "$(stat -c %s "$T/bare.trace")" -lt "$(stat -c %s "$T/c.trace")" ]
	"$PRMCTL" trace decode "$T/c.trace" > "$T/live.txt"
	"$PRMCTL" -j trace decode "$T/c.trace" > "$T/live.json"
	"$PRMCTL" -j trace analyze "$T/c.trace" > "$T/live.analyze"
	# without the database the messages are not formatted: the test can tell
	run "$PRMCTL" trace decode "$T/bare.trace"
	[ "$output" != "$(cat "$T/live.txt")" ]
	"$PRMCTL" trace decode --strings "$T/fw.strings" "$T/bare.trace" > "$T/later.txt"
	"$PRMCTL" -j trace decode --strings "$T/fw.strings" "$T/bare.trace" > "$T/later.json"
	"$PRMCTL" -j trace analyze --strings "$T/fw.strings" "$T/bare.trace" > "$T/later.analyze"
	[ "$(wc -l < "$T/live.txt")" -gt 10 ]
	diff "$T/live.txt" "$T/later.txt"
	diff "$T/live.json" "$T/later.json"
	diff <(jq -S 'del(.file)' "$T/live.analyze") <(jq -S 'del(.file)' "$T/later.analyze")
	# another firmware's database: decoded as asked, with a warning naming both
	sed 's/fw_version=28.41.1000/fw_version=28.41.1001/' "$T/fw.strings" > "$T/other.strings"
	prm trace decode --strings "$T/other.strings" "$T/bare.trace"
	assert_success
	[[ $stderr == *"--strings $T/other.strings is firmware 28.41.1001's strings database; $T/bare.trace was captured from firmware 28.41.1000: messages may be wrong"* ]]
	prm trace decode --strings "$T/fw.strings" "$T/bare.trace"
	[[ $stderr != *"may be wrong"* ]]
}

@test "trace strings save: bad requests and bad databases are named" {
	prm -d sim trace strings save
	assert_failure 2
	assert_equal "$stderr" "prmctl: trace strings save: where to? (-o FILE)"
	echo keep > "$T/s.db"
	prm -d sim trace strings save -o "$T/s.db"
	assert_failure 2
	assert_equal "$stderr" "prmctl: trace strings save: $T/s.db exists (use --force to replace it)"
	[ "$(cat "$T/s.db")" = keep ]
	prm -d sim trace strings save -o "$T/s.db" --force
	assert_success
	zero_file "$T/ring.bin" 512
	prm trace decode --strings "$T/ring.bin" "$T/ring.bin"
	assert_failure 2
	assert_equal "$stderr" "prmctl: --strings $T/ring.bin: not a strings database or capture file (no PRMTRACE header)"
	prm trace decode --strings "$T/s.db" --strings-db "0:$T/ring.bin" "$T/ring.bin"
	assert_failure 2
	assert_equal "$stderr" "prmctl: --strings and --strings-db: give one of them"
	prm trace decode --strings "$T/nope.db" "$T/ring.bin"
	assert_failure 2
	[[ $stderr == *"nope.db"* ]]
}

@test "initseg dump into a pipe or a device: written into it, the node kept, no sidecar" {
	local fifo=$BATS_TEST_TMPDIR/fifo
	mkfifo "$fifo"
	cat "$fifo" > "$BATS_TEST_TMPDIR/got" &
	prm -d sim initseg dump -o "$fifo"
	assert_success
	wait
	[ -p "$fifo" ] || fail "the FIFO was replaced by a file"
	[ "$(stat -c %s "$BATS_TEST_TMPDIR/got")" = 8208 ]
	[ ! -e "$fifo.json" ] || fail "a sidecar beside a FIFO"
}

# prmctl(8), CONVENTIONS, Keys: events is a count elsewhere; time is ISO or null
@test "keys: decode-log lists incidents; a stamp is stamp, uptime_s a number for dmesg, time ISO only with a zone" {
	cat > "$T/mixed.log" <<-'LOG'
	[  445.937186] mlx5_core 0000:0d:00.0: print_health_info:447:(pid 0): synd 0x1: firmware internal error
	2025-03-17T14:07:18.123456+01:00 gpu3 kernel: mlx5_core 0000:3b:00.0: print_health_info:447:(pid 0): synd 0xc: async EQ buffer overrun
	Mar 17 14:07:18 node7 kernel: mlx5_core 0000:5e:00.0: print_health_info:447:(pid 0): synd 0x8: unrecoverable hardware error
	LOG
	prm -j health decode-log "$T/mixed.log"
	assert_failure 4
	assert_output --partial '"uptime_s":445.937186,'
	echo "$output" | jq -e '(has("events") or has("port_events") | not)
		and (.incidents | type) == "array" and (.port_incidents | type) == "array"
		and (.incidents | length) == 3 and all(.incidents[]; (has("status") | not) and (.health | type) == "string")
		and (.incidents[0] | .stamp == "445.937186" and .uptime_s == 445.937186 and .time == null)
		and (.incidents[1] | .stamp == "2025-03-17T14:07:18.123456+01:00" and .uptime_s == null
			and .time == "2025-03-17T13:07:18.123456Z")
		and (.incidents[2] | .stamp == "Mar 17 14:07:18" and .uptime_s == null and .time == null)'
	prm health decode-log "$T/mixed.log"
	assert_output --regexp $'\n  stamp +445.937186\n  uptime_s +445.937186\n  time +-\n'
}
