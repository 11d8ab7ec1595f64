#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# prmctl collect: the bundle, its manifest, the verdict, --analyze, bad input.
load helper

FIX=$TOP/../shared/fixtures/health-logs

setup() {
	private_sims
	cd "$BATS_TEST_TMPDIR"
	: > clean.log
}

teardown() {
	stop_sims
}

# a bundle's file, from the tarball
member() { # bundle file
	tar -xzOf "$1" "$(basename "$1" .tar.gz)/$2"
}

@test "a healthy adapter and a clean kernel log: a whole bundle, verdict ok, exit 0" {
	prm -d sim collect --trace-seconds 1 --kernel-log clean.log -o b.tar.gz
	assert_success
	assert_output --partial "verdict"
	[ -f b.tar.gz ] && [ ! -e b.tar.gz.part ]
	ls -a | grep -q prmctl-collect- && fail "the staging directory was left behind"
	tar -tzf b.tar.gz | grep -qx "b/manifest.json"
	member b.tar.gz manifest.json | jq -e '.schema == "prmctl/1" and .kind == "collect"
		and .complete == true and (.host | length > 0) and (.kernel | length > 0)
		and (.devices | length == 1) and .devices[0].name == "sim"
		and .devices[0].model == "ConnectX-7" and .devices[0].fw_version == "28.41.1000"
		and .devices[0].health == "ok"
		and ([.devices[0].files[].file] | index("initseg-1.bin") and index("initseg-3.bin")
		     and index("probe.json") and index("caps-general.json") and index("reg-MGIR.json")
		     and index("trace.bin") and index("trace-decoded.txt") and index("device.json")
		     and index("trace-strings.bin") and index("crdump-3.txt"))
		and ([.host_files.files[].file] | index("kernel-log.txt") and index("uname.txt"))'
	member b.tar.gz summary.json | jq -e '.verdict == "ok" and .devices[0].health == "ok"
		and .devices[0].health_counter_moved == true and .devices[0].images == 3'
	member b.tar.gz summary.txt | grep -q "^verdict  *ok"
}

@test "every file in the manifest is the file in the bundle: bytes and sha256" {
	prm -d sim collect --trace-seconds 0 --kernel-log clean.log -o d/
	assert_success
	local n=0 file bytes sum dir
	while read -r dir file bytes sum; do
		[ "$(stat -c %s "d/$dir/$file")" = "$bytes" ] || fail "$dir/$file: size differs"
		[ "$(sha256sum < "d/$dir/$file" | cut -d' ' -f1)" = "$sum" ] || fail "$dir/$file: sha256 differs"
		n=$((n + 1))
	done < <(jq -r '(.devices[] | .dir as $d | .files[] | "\($d) \(.file) \(.bytes) \(.sha256)"),
			(.host_files.files[] | "host \(.file) \(.bytes) \(.sha256)")' d/manifest.json)
	[ "$n" -ge 20 ] || fail "only $n files listed"
}

@test "each simulator fault: its class and syndrome in the summary, exit 4; --analyze agrees" {
	local spec class
	for spec in "health-stall fw_unresponsive" "fw-assert:synd=0x7 fw_error" "thermal thermal" \
		    "device-gone pci_gone"; do
		set -- $spec
		rm -rf o.tar.gz
		prm -j -d sim --inject "$1" collect --trace-seconds 0 --kernel-log clean.log -o o.tar.gz
		[ "$status" -eq 4 ] || fail "$1: exit $status, not 4: $stderr"
		echo "$output" | jq -e --arg c "$2" '.verdict == "problem" and .devices[0].health == $c
			and .findings[0].what == $c and .findings[0].level != "info"
			and (.findings[0].evidence | test("^sim/(initseg-[0-9]+.bin|health-[0-9]+.json)$"))' >/dev/null ||
			fail "$1: $output"
		[ "$1" != "fw-assert:synd=0x7" ] || echo "$output" | jq -e '.findings[0].text |
			contains("syndrome 0x7 (irisc not responding)")' >/dev/null || fail "no syndrome: $output"
		echo "$output" | jq -e --arg c "$2" '.findings[0].advice | length > 40' >/dev/null ||
			fail "$1: no advice"
		echo "$output" | jq -e --arg c "$2" '.advice_by_health[$c] == .findings[0].advice' >/dev/null ||
			fail "$1: the advice is not listed by class"
		prm -j collect --analyze o.tar.gz
		[ "$status" -eq 4 ] || fail "--analyze $1: exit $status"
		diff <(echo "$output" | jq -S 'del(.bundle)') \
		     <(member o.tar.gz summary.json | jq -S 'del(.bundle)') || fail "--analyze differs"
	done
}

@test "several faults together: the syndrome and the stopped counter, both" {
	prm -j -d sim --inject fw-assert --inject health-stall collect --trace-seconds 0 \
		--kernel-log clean.log -o o/
	assert_failure 4
	echo "$output" | jq -e '.devices[0].health == "fw_error"
		and .devices[0].health_counter_moved == false
		and (.findings[0].text | contains("did not move"))'
}

@test "a simulator service with a fault injected: -d sim:NAME" {
	"$PRMCTL" sim start svc --model cx6dx >/dev/null
	"$PRMCTL" sim inject svc thermal >/dev/null
	prm -j -d sim:svc collect --trace-seconds 0 --kernel-log clean.log -o o/
	assert_failure 4
	echo "$output" | jq -e '.devices[0].device == "sim:svc" and .devices[0].health == "thermal"
		and .devices[0].model == "ConnectX-6 Dx"'
	[ -d o/sim_svc ]
}

@test "the real kernel logs: their incidents and devices in the summary, present or not" {
	cat "$FIX"/*.log > fixtures.log
	prm -j -d sim collect --trace-seconds 0 --kernel-log fixtures.log -o o/
	assert_failure 4
	echo "$output" | jq -e '.devices[0].health == "ok" and .kernel_log_incidents >= 3
		and ([.findings[] | select(.what == "fw_error" and .device == "0000:0d:00.0"
			and .present == false and (.text | contains("syndrome 0x1")))] | length == 1)
		and ([.findings[] | select(.what == "pci_gone" and .device == "0004:01:00.0")] | length == 1)
		and ([.findings[] | select(.evidence | test("^host/kernel-log.txt:[0-9]+$"))] | length >= 3)'
	grep -q "Health issue observed\|synd" o/host/kernel-log.txt
	jq -e '.incidents | length >= 3' o/host/kernel-log-decoded.json
}

@test "the upstream port's lost link: a finding of its own, or the device's when the log ties them" {
	prm -j -d sim collect --trace-seconds 0 --crdumps 0 --kernel-log "$FIX/cx5-dpc-slot-unavailable.log" -o o/
	assert_failure 4
	echo "$output" | jq -e '[.findings[] | select(.device == "0004:00:00.0" and .what == "pci_gone"
		and (.text | contains("link below port 0004:00:00.0 was lost"))
		and (.text | contains("DPC: containment event")))] | length == 1'
	{ echo "[    1.500000] pci 0004:00:00.0: PCI bridge to [bus 01-02]"
	  cat "$FIX/cx5-dpc-slot-unavailable.log"; } > boot.log
	prm -j -d sim collect --trace-seconds 0 --crdumps 0 --kernel-log boot.log -o o2/
	assert_failure 4
	echo "$output" | jq -e '([.findings[] | select(.device == "0004:00:00.0")] | length == 0)
		and ([.findings[] | select(.device == "0004:01:00.0"
			and (.text | contains("upstream port 0004:00:00.0 (tied by bridge)"))
			and (.text | contains("AER: device recovery failed")))] | length == 1)'
}

@test "an image: what applies to an image, the verdict from it" {
	prm -d sim --inject fw-assert initseg dump -o seg.bin
	assert_success
	prm -j -d image:seg.bin collect --kernel-log clean.log -o o/
	assert_failure 4
	echo "$output" | jq -e '.devices[0].health == "fw_error" and .devices[0].steps_failed == 0'
}

@test "a step that fails is recorded with its reason, and the rest goes on" {
	prm -j -d sim --inject "cmd-status:QUERY_HCA_CAP,0x2,0x1234" collect --trace-seconds 0 \
		--kernel-log clean.log -o o/
	jq -e '[.devices[0].failed[] | select(.step == "caps-list.json" or (.step | startswith("caps-")))
		| select(.reason | test("exit [0-9]+: .+"))] | length >= 1' o/manifest.json ||
		fail "$(jq .devices[0].failed o/manifest.json)"
	jq -e '[.devices[0].files[].file] | index("initseg-3.bin") and index("probe.json")' o/manifest.json
	echo "$output" | jq -e '[.findings[] | select(.what == "step_failed")] | length >= 1'
}

@test "Ctrl-C: a valid partial bundle marked complete false" {
	"$PRMCTL" -d sim collect --trace-seconds 60 --kernel-log clean.log -o p.tar.gz 2>err &
	local pid=$! i
	for i in $(seq 100); do
		[ -n "$(ls -a | grep prmctl-collect- || true)" ] && [ -n "$(find . -name 'initseg-2.bin')" ] && break
		sleep 0.1
	done
	kill -INT "$pid"
	wait "$pid" || true
	assert_ended "$pid"
	grep -q "interrupted" err
	[ -z "$("$PRMCTL" sim list -q 2>/dev/null | grep collect-)" ] || fail "the simulator collect started is still running"
	member p.tar.gz manifest.json | jq -e '.complete == false and .interrupted == true
		and ([.devices[0].skipped[] | select(.reason == "interrupted")] | length >= 1)'
	prm -j collect --analyze p.tar.gz
	echo "$output" | jq -e '.complete == false and ([.findings[].what] | index("incomplete"))'
}

@test "--budget bounds a device: the steps left are skipped, the bundle says so" {
	local t0=$SECONDS
	prm -j -d sim collect --budget 1s --trace-seconds 30 --kernel-log clean.log -o o/
	[ $((SECONDS - t0)) -lt 15 ] || fail "took $((SECONDS - t0)) s"
	jq -e '.complete == false and ([.devices[0].skipped[] | select(.reason | test("out of time"))]
		| length >= 1)' o/manifest.json
	[[ $stderr == *"--budget"* ]] || fail "stderr: $stderr"
}

@test "the default bundle name: prmctl-collect-HOST-TIME.tar.gz here" {
	prm -d sim collect --trace-seconds 0 --kernel-log clean.log
	assert_success
	ls prmctl-collect-"$(hostname)"-2*T*Z.tar.gz
}

@test "bad input: each named, the documented exit, nothing half-written" {
	echo old > exists.tar.gz
	prm -d sim collect --kernel-log clean.log -o exists.tar.gz
	assert_failure 2
	[[ $stderr == *"exists.tar.gz exists (--force replaces it)"* ]] || fail "stderr: $stderr"
	[ "$(cat exists.tar.gz)" = old ]
	prm -d sim collect --trace-seconds 0 --kernel-log clean.log -o no/such/dir/b.tar.gz
	assert_failure 2	# a path is usage (prmctl(8) CONVENTIONS, Paths)
	[[ $stderr == *"no/such/dir/b.tar.gz"* ]] || fail "stderr: $stderr"
	[ ! -e no ]
	prm -d sim collect --crdumps 11
	assert_failure 2
	[[ $stderr == *"--crdumps '11'"* ]] || fail "stderr: $stderr"
	prm -d sim collect --budget soon
	assert_failure 2
	[[ $stderr == *"--budget"* ]] || fail "stderr: $stderr"
	prm -d sim collect --kernel-log /no/such.log --trace-seconds 0 -o o/
	jq -e '[.host_files.failed[] | select(.step == "kernel-log.txt" and (.reason | contains("/no/such.log")))] | length == 1' o/manifest.json
	echo "not a tarball" > junk.tar.gz
	prm collect --analyze junk.tar.gz
	assert_failure 2
	[[ $stderr == *"junk.tar.gz"* ]] || fail "stderr: $stderr"
	mkdir empty && tar -czf nomanifest.tar.gz empty
	prm collect --analyze nomanifest.tar.gz
	assert_failure 2
	[[ $stderr == *"not a prmctl collect bundle"* ]] || fail "stderr: $stderr"
	prm collect --analyze /no/such/bundle
	assert_failure 2
	head -c 5000 "$(ls -1 "$TOP"/../shared/fixtures/health-logs/*.log | head -1)" | gzip > trunc.tar.gz
	prm collect --analyze trunc.tar.gz
	assert_failure 2
}

# prmctl on a machine without Debian's libarchive13: the library's file hidden
# under /dev/null in a mount namespace of its own
no_libarchive() {
	run --separate-stderr unshare --mount --propagation private \
		sh -c 'mount --bind /dev/null "$0" && exec "$@"' "$LIBARCHIVE" "$PRMCTL" "$@"
}

@test "without libarchive: a tarball fails before collecting, naming the package; a directory needs none" {
	LIBARCHIVE=$(readlink -f "$(ldconfig -p | awk '/libarchive\.so\.13 .*x86-64/ { print $NF; exit }')")
	[ -f "$LIBARCHIVE" ] || skip "ldconfig lists no libarchive.so.13"
	unshare --mount true 2>/dev/null || skip "cannot create a mount namespace"
	no_libarchive -d sim collect --trace-seconds 0 --kernel-log clean.log -o b.tar.gz
	assert_failure 1
	[[ $stderr == *"collect: b.tar.gz: "*"libarchive.so.13"*"install Debian's libarchive13"* ]] ||
		fail "stderr: $stderr"
	[ -z "$(ls -A | grep -e b.tar.gz -e prmctl-collect)" ] || fail "left behind: $(ls -A)"
	echo "not read" > n.tar.gz
	no_libarchive -j collect --analyze n.tar.gz
	assert_failure 1
	[ "$(jq -r .error.reason <<<"$output")" = no_libarchive ] || fail "output: $output"
	no_libarchive -d sim collect --trace-seconds 0 --kernel-log clean.log -o d/
	assert_success
	no_libarchive collect --analyze d
	assert_success
}

# libnettle loaded at first use (lib/util/dl.c): without it no file could be
# digested, so collect fails before collecting rather than write an empty manifest
@test "without libnettle: collect fails before collecting, naming the package" {
	LIBARCHIVE=$(readlink -f "$(ldconfig -p | awk '/libnettle\.so\.8 .*x86-64/ { print $NF; exit }')")
	[ -f "$LIBARCHIVE" ] || skip "ldconfig lists no libnettle.so.8"
	unshare --mount true 2>/dev/null || skip "cannot create a mount namespace"
	no_libarchive -j -d sim collect --trace-seconds 0 --kernel-log clean.log -o d/
	assert_failure 1
	[ "$(jq -r .error.reason <<<"$output")" = no_libnettle ] || fail "output: $output"
	[[ $stderr$output == *"install Debian's libnettle8"* ]] || fail "stderr: $stderr output: $output"
	[ ! -e d ] || fail "left behind: $(ls -A d)"
}

# prmctl(8), CONVENTIONS, Keys: the class is health in every file; advice by class says so
@test "keys: health in the summary, the manifest and health-N.json (read back by --analyze), advice_by_health, level" {
	prm -j -d sim --inject thermal collect --trace-seconds 0 --crdumps 0 --kernel-log clean.log -o o/
	assert_failure 4
	for doc in "$output" "$(cat o/summary.json)"; do
		echo "$doc" | jq -e '.devices[0].health == "thermal" and (.devices[0] | has("status") | not)
			and (.advice_by_health | type) == "object" and (.advice_by_health.thermal | length > 40)
			and (has("advice") | not) and (.findings[0].advice | type) == "string"
			and (.findings | length > 0 and all(.level | type == "string"))
			and (.findings | all(has("severity") | not))' >/dev/null ||
			fail "$doc"
	done
	jq -e '.devices[0].health == "thermal" and (.devices[0] | has("status") | not)' o/manifest.json
	jq -e '.health == "thermal" and (has("status") | not)
		and (.health_buffer.severity | type) == "number"' o/sim/health-1.json
	grep -q "^advice:" o/summary.txt	# text keeps its headings
	grep -q "^SEVERITY " o/summary.txt
	# without images the verdict is what health-N.json says under health, and a
	# reporter in error is named as devlink-reporters.json names it
	mkdir -p b/d
	echo '{"schema":"prmctl/1","complete":true,"devices":[{"name":"x","dir":"d","files":[]}]}' \
		> b/manifest.json
	echo '{"schema":"prmctl/1","device":"x","health":"fw_error","access":"devlink"}' > b/d/health-1.json
	echo '{"reporters":[{"reporter":"fw","state":"error","error_count":1,"recover_count":0}]}' \
		> b/d/devlink-reporters.json
	prm -j collect --analyze b/
	assert_failure 4
	echo "$output" | jq -e '.devices[0].health == "fw_error"
		and ([.findings[] | select(.what == "fw_error" and .evidence == "d/health-1.json")] | length == 1)
		and ([.findings[] | select(.what == "reporter_error")
			| .text | contains("reporter '"'fw'"' is error")] == [true])'
}
