#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# prmctl beside the real driver (issue 22): the 7.x guest of
# mlx5-vfio-user.bats, with prmctl ($PRMCTL: the normal or the ASan+UBSan
# build) in its initramfs. Once mlx5_core has probed the simulator and
# /dev/fwctl/fwctl0 is there, vu-init.sh runs beside-scenario.sh, whose steps
# reach the host byte-exact on the guest's second serial port (frames.sh,
# cut by boot-plain-vm.py --split-only). Faults are injected from the host
# when the scenario asks (a "prmctl-vu: cue X" line on the console,
# boot-vu.py --inject-when). One boot, about a minute.
#
# "The same answer as the simulator gives through our own command queue":
# the simulator serving the guest belongs to the driver while it is bound
# (a second command queue from the host would fight it), so the answer to
# compare with comes from a second simulator of the same model (cx6dx),
# started on the host with prmctl sim start and asked through the command
# queue before the boot. Skipped, with the reason, when the VM environment
# is not installed (tools/install-deps test installs it).
load ../cli/helper
load vu-env
load keys
load requests

setup_file() {
	local d=$BATS_FILE_TMPDIR envf t0 t1 ref=bref$$
	vu_sanitizer_env
	envf=$(vu_env "$d/skip" jq strace) || return 0
	. "$envf"
	export VM_KVER
	t0=$(date +%s)
	# the reference: the same model through prmctl's own command queue
	mkdir -p "$d/ref"
	"$PRMCTL" sim start "$ref" --model cx6dx > /dev/null 2> "$d/broken" || return 0
	vu_reference "$d/ref" "$PRMCTL" -j -d "sim:$ref"
	"$PRMCTL" sim stop "$ref" > /dev/null 2>&1
	# strace counts the requests of a health watch over devlink
	VU_FILE="$(command -v strace)=/usr/bin/strace" \
	vu_scenario "$d" "$envf" beside-scenario.sh "bes$$" "prmctl.wait=60" \
		--commands "$d/commands.json" --status "$d/status.json" --ring "$d/ring.trace" \
		--inject-when "prmctl-vu: cue thermal" thermal \
		--clear-when "prmctl-vu: cue clear-thermal" thermal \
		--inject-when "prmctl-vu: cue fw-assert:rfr=1" fw-assert:rfr=1 || return 0
	t1=$(date +%s)
	echo "# Linux $VM_KVER, $(wc -l < "$d/steps/steps") steps, $((t1 - t0)) s" >&3
}

setup() {
	local d=$BATS_FILE_TMPDIR
	vu_steps_setup
	REF=$d/ref
	COMMANDS=$d/commands.json
	STATUS=$d/status.json
	RING=$d/ring.trace
}

out() { cat "$S/$1.out"; }
# same NAME [JQ]: the guest's answer through fwctl equals the reference's
same() { same_as_ref fwctl "$@"; }
# the kernel's taint mask in step NAME has TAINT_FWCTL (bit 19) or not
fwctl_taint() { echo $(( ($(out "$1") >> 19) & 1 )); }

@test "the guest ran every step; the kernel's view: mlx5_core bound, fwctl0, no netdev, no RDMA device" {
	[ "$(wc -l < "$S/steps")" -ge 30 ]
	rc_is sysfs_names 0
	grep -qx "driver mlx5_core" "$S/sysfs_names.out"
	grep -qx "fwctl fwctl0" "$S/sysfs_names.out"
	# the simulator has no nic_flow_table, so mlx5_core makes no netdev;
	# mlx5_ib is not in the initramfs, so there is no RDMA device either
	grep -qx "net" "$S/sysfs_names.out"
	grep -qx "infiniband" "$S/sysfs_names.out"
	jqt devlink_dev ".dev | keys == [\"pci/$FN\"]"
}

@test "device list names the function as the kernel does: mlx5_core, fwctl0, pci/BDF, no netdev or RDMA name" {
	local run
	run=$(jq -r '.info[].versions.running["fw.version"]' "$S/devlink_info.out")
	jqt device_list '.devices | length == 1'
	jqt device_list ".devices[0] | .pci_address == \"$FN\" and .driver == \"mlx5_core\""
	jqt device_list '.devices[0] | .fwctl == ["fwctl0"] and .netdevs == [] and .rdma_devices == []'
	jqt device_list ".devices[0].names == [\"$FN\", \"fwctl0\"]"
	jqt device_list ".devices[0].devlink_view.devlink == \"pci/$FN\" and .devices[0].devlink_view.driver == \"mlx5_core\""
	# BAR0 is the driver's (below): the firmware version is devlink's
	jqt device_list ".devices[0].fw_version == \"$run\""
}

@test "device show, by address and by fwctl0: the kernel's names; BAR0 refused as the driver's, fw_version from devlink" {
	local n psid run
	psid=$(jq -r '.info[].versions.fixed["fw.psid"]' "$S/devlink_info.out")
	run=$(jq -r '.info[].versions.running["fw.version"]' "$S/devlink_info.out")
	jqt device_show '.found_as == "pci"'
	jqt device_show_fwctl '.found_as == "fwctl" and .device == "fwctl0"'
	for n in device_show device_show_fwctl; do
		jqt $n ".pci_address == \"$FN\" and .driver == \"mlx5_core\" and .fwctl == [\"fwctl0\"]"
		jqt $n '.netdevs == [] and .rdma_devices == []'
		jqt $n ".devlink_view.devlink == \"pci/$FN\""
		# Debian's kernels have CONFIG_IO_STRICT_DEVMEM: no mmap of a BAR a driver holds
		jqt $n '.bar0_error | test("refuses to map BAR0 while driver mlx5_core holds it")'
		jqt $n ".fw_version == \"$run\" and .fw_version_source == \"devlink\""
		jqt $n ".psid == \"$psid\" and .psid_source == \"devlink\""
	done
}

@test "caps through mlx5_fwctl: the maximum equals the command queue's; the current differs only in log_max_qp, which mlx5_core set" {
	same caps_general_max
	# the one field mlx5_core's handle_hca_cap() changes here with
	# SET_HCA_CAP: log_max_qp, from its profile (18), at most the maximum
	same caps_general 'del(.fields.log_max_qp)'
	jqt caps_general '.fields.log_max_qp == 18'
	[ "$(jq '.fields.log_max_qp' "$REF/caps_general.out")" != 18 ] ||
		fail "the reference already has 18: the driver's change is not seen"
	jq -e '.fields.log_max_qp >= 18' "$S/caps_general_max.out"
}

@test "cmd QUERY_ADAPTER, esw functions and reg read MGIR through mlx5_fwctl: the command queue's answers" {
	same query_adapter
	same esw_functions
	# MGIR's uptime is the firmware's seconds since its start
	same reg_mgir 'del(.fields.hw_info.uptime)'
	# the PCI address with --access fwctl, and a command with no --access at all
	jqt reg_mgir_pci '.access == "fwctl"'
	jqt query_adapter_pci '.access == "fwctl"'
	[ "$(jq -S 'del(.device, .fields.hw_info.uptime)' "$S/reg_mgir_pci.out")" = \
	  "$(jq -S 'del(.device, .fields.hw_info.uptime)' "$S/reg_mgir.out")" ]
}

@test "nvmf ns through mlx5_fwctl: the same namespaces, fixed fields equal, every counter moved by the same ticks" {
	same nvmf_ns '.namespaces |= map({nsid, current_q_depth, last_read_req_latency,
		last_write_req_latency, num_backend_error_cmd})'
	# lib/sim/funcs.c adds rate * nsid per tick: the 32-bit low words one
	# QUERY_NVMF_NAMESPACE_CONTEXT read through fwctl must say the same
	# number of ticks passed for each counter (each namespace is its own
	# command, so ticks may fall between them; the read counter of namespace
	# 4 wraps and the error counter is irregular: left out)
	local ticks
	ticks=$(jq -c -n --slurpfile g "$S/nvmf_ns.out" --slurpfile r "$REF/nvmf_ns.out" '
		[{k: "num_read_blocks", v: 320}, {k: "num_write_cmd", v: 25},
		 {k: "num_write_blocks", v: 200}, {k: "num_write_inline_cmd", v: 5},
		 {k: "num_flush_cmd", v: 1}] as $rates
		| [range(0; $g[0].namespaces | length) as $i
		   | [$rates[] as $c
		      | ($g[0].namespaces[$i][$c.k] - $r[0].namespaces[$i][$c.k])
			/ ($c.v * $g[0].namespaces[$i].nsid)] | unique]')
	[ "$(echo "$ticks" | jq 'length == 4 and all(length == 1 and .[0] > 0 and (.[0] | floor) == .[0])')" = true ] ||
		fail "ticks per counter, per namespace: $ticks"
}

@test "probe through mlx5_fwctl: the kernel's allowlist refuses, the rest answers as the command queue does" {
	jqt probe '.access == "fwctl"'
	# every refusal is the kernel's allowlist's, and nothing refused was sent
	jqt probe '[.commands[] | select(.result == "refused") | .reason
		| test("kernel.s mlx5 fwctl driver|needs scope")] | all'
	jqt probe '[.commands[] | select(.result == "refused")] | length > 20'
	# what fwctl ran, the command queue ran too, with the same status
	local diff
	diff=$(jq -n --slurpfile g "$S/probe.out" --slurpfile r "$REF/probe.out" '
		($r[0].commands | map({key: .opcode_name, value: .}) | from_entries) as $ref
		| [$g[0].commands[] | select(.result == "supported" or .result == "failed")
		   | select($ref[.opcode_name].result != .result or $ref[.opcode_name].status != .status)
		   | .opcode_name]')
	[ "$diff" = "[]" ] || fail "through fwctl and the command queue differ for $diff"
	jqt probe '[.commands[] | select(.result == "supported")] | map(.opcode_name) | index("QUERY_HCA_CAP") and index("QUERY_ADAPTER") and index("ACCESS_REG")'
}

@test "outside the kernel's allowlist: CREATE_MKEY, DESTROY_DCT refused as the kernel's (exit 3), never at a scope that taints" {
	# without --write: not sent, since --write would not help
	rc_is create_mkey 3
	jq -e '.error.reason == "fwctl_refused"' "$S/create_mkey.out"
	grep -q "not sent: CREATE_MKEY (0x200) is refused by the kernel's mlx5 fwctl driver at every scope" "$S/create_mkey.err"
	# with --write: sent, and the kernel's EBADMSG said so
	local n
	for n in create_mkey_write destroy_dct_write; do
		rc_is $n 3
		jq -e '.error.reason == "fwctl_refused"' "$S/$n.out"
		grep -q "the kernel refused the command: .* at every scope" "$S/$n.err"
		! grep -q "status\|syndrome" "$S/$n.err" || fail "a device error? $(cat "$S/$n.err")"
	done
	# Linux 7.3's fwctl core taints for a debug-write request before
	# mlx5_fwctl refuses it: prmctl must have asked at debug-read-only
	[ "$(fwctl_taint tainted_before)" = 0 ] && [ "$(fwctl_taint tainted_refused)" = 0 ] ||
		fail "TAINT_FWCTL: $(out tainted_before) -> $(out tainted_refused)"
	# the firmware never saw a DESTROY_DCT (the driver sends none); the log
	# holds every command the firmware ran
	[ "$(jq '.commands | length' "$COMMANDS")" = "$(jq .command_count "$STATUS")" ] ||
		fail "the command log wrapped: $(jq '.commands | length' "$COMMANDS") of $(jq .command_count "$STATUS")"
	jq -e '[.commands[] | select(.opcode_name == "DESTROY_DCT")] | length == 0' "$COMMANDS"
}

@test "--write: reads stay at debug-read-only, a register write goes at configuration; neither taints" {
	jqt reg_mgir_write '.access == "fwctl" and .register == "MGIR"'
	jqt query_adapter_write '.access == "fwctl" and .status == 0'
	jqt mtmp_write '.access == "fwctl" and .register == "MTMP" and .fields.mtr == false'
	rc_is mtmp_write_refused 2
	jq -e '.error.reason == "needs_write"' "$S/mtmp_write_refused.out"
	[ "$(fwctl_taint tainted_write_reads)" = 0 ] || fail "TAINT_FWCTL: $(out tainted_write_reads)"
}

@test "SET_DIAGNOSTIC_PARAMS, passed only at debug-write: refused without --write saying the kernel would taint; with it, a warning and the taint" {
	rc_is set_diag 2
	jq -e '.error.reason == "needs_write"' "$S/set_diag.out"
	grep -q "taints itself (TAINT_FWCTL)" "$S/set_diag.err"
	# the simulator does not model the command (bad operation, exit 1):
	# the kernel passed it and tainted itself all the same
	grep -q "warning: fwctl0: SET_DIAGNOSTIC_PARAMS went through fwctl at scope debug-write: the kernel has tainted itself" \
		"$S/set_diag_write.err" || fail "$(cat "$S/set_diag_write.err")"
	jq -e '.error.status_name == "bad operation"' "$S/set_diag_write.out"
	[ "$(fwctl_taint tainted_after)" = 1 ] || fail "no TAINT_FWCTL: $(out tainted_after)"
	grep -q "fwctl fwctl0: prmctl([0-9]*): has requested full access to the physical device" \
		"$S/dmesg_fwctl.out"
	jq -e '[.commands[] | select(.opcode_name == "SET_DIAGNOSTIC_PARAMS")] | length == 1' "$COMMANDS"
}

@test "prmctl's JSON here follows prmctl(8)'s Keys convention (tests/cli/keys.jq); every command and register says fwctl" {
	local f docs=$BATS_TEST_TMPDIR/docs.jsonl files=()
	for f in "$S"/*.out; do
		# what is not prmctl's
		case $(basename "$f" .out) in
		sysfs_names | devlink_* | tainted_* | dmesg_* | *_dl_* | thermal_hwmon | \
			trace_event_after* | *crdump | dump_* | collect | collect_bundle | collect_write | \
			cue_* | *_cpu?) continue ;;
		esac
		files+=("$f")
	done
	keys_follow "$docs" "${files[@]}"
	# the command channel's answers, and the registers the tracer's status reads
	run jq -r 'select(.doc.error == null and (.cmd | test("^(caps|probe|query|esw|nvmf|reg|mtmp|trace_status)")) and
		.doc.access != "fwctl") | "\(.cmd): access \(.doc.access)"' "$docs"
	[ -z "$output" ] || fail "$output"
}

@test "the kernel owns the tracer: trace status says so; capture, stop refuse at once (exit 3) naming trace kernel; the tracer left as it was" {
	jqt trace_status '.owner == true and .owned_by == "kernel" and .kernel_trace_event == "off"'
	jqt trace_status '.trace_status_name == "active" and .trace_mode_name == "memory"'
	local n
	for n in trace_capture trace_capture_write trace_stop_write; do
		rc_is $n 3
		jq -e '.error.reason == "kernel_owns_tracer"' "$S/$n.out" > /dev/null
		grep -q "mlx5_core is bound and its fw tracer owns the firmware tracer" "$S/$n.err"
		grep -q "'prmctl -d $FN trace kernel --write --duration 10s'" "$S/$n.err"
	done
	# nothing was written: the same owner, ring and key, still running
	[ "$(jq -c '{owned_by, trace_status, trace_mkey, log_trace_buffer_size}' "$S/trace_status.out")" = \
	  "$(jq -c '{owned_by, trace_status, trace_mkey, log_trace_buffer_size}' "$S/trace_status_after.out")" ]
}

@test "trace kernel: the event off is exit 2 without --write; with it, the kernel's messages of this function, each one the firmware wrote, and the event off again" {
	rc_is trace_kernel_off 2
	jq -e '.error.reason == "needs_write"' "$S/trace_kernel_off.out"
	jqt trace_kernel '.access == "tracefs" and .event == "mlx5:mlx5_fw" and .event_was_on == false'
	jqt trace_kernel '.waited_ms >= 3000 and .count > 20 and .count == (.events | length)'
	jqt trace_kernel '.events | all(.event_id >= 8 and (.message | length) > 0 and .timestamp > 0)'
	[ "$(out trace_event_after)" = 0 ] || fail "the event was left on: $(out trace_event_after)"
	# the firmware's side: prmctl's own decode of the ring the simulator
	# wrote; each kernel message is one it wrote (the kernel prints %llx as
	# %x%x, and the strings of event id 12 as BAD_FORMAT: those aside)
	"$PRMCTL" -j trace decode "$RING" > "$BATS_TEST_TMPDIR/ring.jsonl"
	python3 - "$S/trace_kernel.out" "$BATS_TEST_TMPDIR/ring.jsonl" <<'EOF'
import json, sys
k = json.load(open(sys.argv[1]))["events"]
ring = set()
for l in open(sys.argv[2]):
    e = json.loads(l)
    if e.get("type") == "string":
        ring.add((e["event_id"], e["msg"]))
mine = [e for e in k if e["event_id"] != 12 and "%" not in e["message"]]
missing = [e for e in mine if (e["event_id"], e["message"]) not in ring]
if len(mine) < 20 or len(missing) > len(mine) // 10:
    sys.exit(f"{len(missing)} of {len(mine)} kernel messages not in the ring: {missing[:3]}")
EOF
}

@test "thermal: prmctl's reporters and health agree with devlink's show and diagnose; hwmon reads the simulator's 118 C" {
	rc_is thermal_reporters 4
	# each reporter's counts and state, as iproute2 prints them
	[ "$(jq -c '[.health[][] | {reporter, state, error, recover}]' "$S/thermal_dl_show.out")" = \
	  "$(jq -c '[.reporters[] | {reporter, state, error: .error_count, recover: .recover_count}]' "$S/thermal_reporters.out")" ]
	# the fw reporter's diagnose, member for member
	[ "$(jq -S -c . "$S/thermal_dl_diag.out")" = \
	  "$(jq -S -c '.diagnose[] | select(.reporter == "fw") | .message' "$S/thermal_reporters.out")" ]
	jq -e '.Syndrome == 16 and .Description == "High temperature"' "$S/thermal_dl_diag.out"
	local n
	for n in thermal_health thermal_health_dl; do
		jqt $n '.health == "thermal" and .synd == 16 and .access == "devlink" and .fw_reported == true' 4
		jqt $n '.health_buffer.synd == 16 and .health_buffer.description == "High temperature"' 4
	done
	jqt thermal_health '.bar0_error | test("refuses to map BAR0 while driver mlx5_core holds it")' 4
	[ "$(out thermal_hwmon)" = 118000 ]
}

@test "fw-assert with rfr: fw_fatal reported, dumped and recovered; its crdump decoded equals devlink's bytes and prmctl's cr read of the same addresses" {
	jq -e '.health[][] | select(.reporter == "fw_fatal") | .error == 1 and .recover == 1 and
		.state == "healthy"' "$S/assert_dl_show.out"
	# exit 4: the fw reporter stays in error (it has no recovery)
	jqt assert_reporters '.dump.reporter == "fw_fatal" and .dump.crdump.dwords == 16384' 4
	jqt assert_reporters '.dump.crdump.space == "scan cr-space (0x7)"' 4
	# the same dump as iproute2 read it, its bytes turned into lines here
	python3 - "$S/assert_dl_dump.out" "$S/assert_crdump.out" "$S/assert_cr.out" <<'EOF'
import json, struct, sys
b = bytes(json.load(open(sys.argv[1]))["crdump_data"])
words = [w for (w,) in struct.iter_unpack("<I", b)]
want = "".join("0x%08x 0x%08x\n" % (4 * i, w) for i, w in enumerate(words))
got = open(sys.argv[2]).read()
if got != want:
    sys.exit(f"--crdump differs from devlink's crdump_data: {len(got)} vs {len(want)} bytes")
cr = json.load(open(sys.argv[3]))["dwords"]
if len(cr) != 16384 or cr != words[:len(cr)]:
    bad = next((i for i in range(min(len(cr), len(words))) if cr[i] != words[i]), -1)
    sys.exit(f"cr read ({len(cr)} dwords) and the crdump differ first at dword {bad}")
EOF
	jqt assert_cr '.access == "pci"'
	grep -q "mlx5_core is bound and locks this gateway too" "$S/assert_cr.err"
}

@test "health watch beside the driver, by pci/BDF and by address: over devlink (BAR0 refused, said once), the thermal and the reporters' notifications in order" {
	local n
	for n in watch_dl watch_pci; do
		rc_is $n 0
		jq -s -e 'all(.access == "devlink" or .event == "stopped")' "$S/$n.out" > /dev/null ||
			fail "$n: $(head -c 600 "$S/$n.out")"
		# started, then the thermal as prmctl read it and the fw reporter's
		# own notification (the driver's 2 s poll), in either order
		jq -s -e '[.[].event] | index("started") == 0 and index("thermal") > 0 and
			index("reporter_error") > 0' "$S/$n.out" > /dev/null ||
			fail "$n: $(jq -c -s '[.[].event]' "$S/$n.out")"
		jq -s -e '[.[] | select(.event == "thermal")][0].synd == 16' "$S/$n.out"
		jq -s -e '[.[] | select(.event == "reporter_error")] | map(.reporter) | index("fw") and index("fw_fatal")' "$S/$n.out"
		jq -s -e '.[-1].event == "stopped" and .[-1].events >= 3' "$S/$n.out"
	done
	jq -s -e '.[0] | has("bar0_error") | not' "$S/watch_dl.out"
	jq -s -e '.[0].bar0_error | test("refuses to map BAR0")' "$S/watch_pci.out"
}

@test "health watch over devlink beside mlx5_core: one request an interval, fw's diagnose; the reporter list once (requests counted by strace)" {
	local n span f=$S/strace_watch_dl_quiet.out
	rc_is watch_dl_quiet 0
	rc_is strace_watch_dl_quiet 0
	jq -s -e '.[0].event == "started" and .[0].health == "ok" and .[-1].event == "stopped" and
		.[-1].read_errors == 0' "$S/watch_dl_quiet.out" > /dev/null ||
		fail "$(cat "$S/watch_dl_quiet.out")"
	# its 3 s at 200 ms: at most 15 intervals (each starts when the last
	# read ended, and a diagnose takes tens of ms in the emulated guest),
	# one diagnose each and one at the start
	span=$(jq -s '(.[-1].time_ns - .[0].time_ns) / 1e9 | floor' "$S/watch_dl_quiet.out")
	[ "$span" -ge 2 ] || fail "the watch ran $span s"
	n=$(count "$f" "$DIAGNOSE")
	[ "$n" -ge 6 ] && [ "$n" -le 16 ] ||
		fail "$n diagnoses in 3 s at 200 ms: $(requests "$f" | sort | uniq -c)"
	# the list was read with each of them (two requests an interval); now once
	[ "$(count "$f" "$LIST")" = 1 ] || fail "$(requests "$f" | sort | uniq -c)"
	# nothing else but the families and the device
	[ "$(requests "$f" | grep -cvx -e "$DIAGNOSE" -e "$LIST" -e 'ctrl 3' -e 'devlink 1')" = 0 ] ||
		fail "$(requests "$f" | sort | uniq -c)"
	echo "# quiet devlink watch over mlx5_core, 3 s at 200 ms: $n diagnoses, $(count "$f" "$LIST") list dump" >&3
}

@test "health watch every 10 ms beside the driver's 2 s poll: detection latency and CPU, measured in the guest" {
	# measured, not judged (the guest is emulated, 2 vCPUs on a shared host):
	# printed for the record; only their sanity is checked
	local cue thermal reporter cpu
	cue=$(date -d "$(cat "$S/cue_thermal_time.out")" +%s.%N)
	thermal=$(jq -s '[.[] | select(.event == "thermal")][0].time_ns / 1e9' "$S/watch_pci.out")
	reporter=$(jq -s '[.[] | select(.event == "reporter_error" and .reporter == "fw")][0].time_ns / 1e9' \
		"$S/watch_pci.out")
	# ticks (USER_HZ 100) used between the two samples, over the seconds between them
	cpu=$(awk 'NR == FNR { if (FNR == 1) { u0 = $1 + $2 } else t0 = $1; next }
		FNR == 1 { u1 = $1 + $2 } FNR == 2 { t1 = $1 }
		END { printf "%.1f", (u1 - u0) / (t1 - t0) }' "$S/watch_pci_cpu0.out" "$S/watch_pci_cpu1.out")
	echo "# 10 ms watch over devlink: thermal seen $(awk -v a="$thermal" -v b="$cue" 'BEGIN { printf "%.0f", (a - b) * 1000 }') ms after the cue (the host injects within 200 ms of it), the driver's fw report $(awk -v a="$reporter" -v b="$thermal" 'BEGIN { printf "%+.0f", (a - b) * 1000 }') ms after that; ${cpu}% of a CPU" >&3
	awk -v a="$thermal" -v b="$cue" 'BEGIN { exit !(a > b && a - b < 5) }'
	awk -v c="$cpu" 'BEGIN { exit !(c >= 0 && c <= 100) }'
}

@test "the gateway shared with the driver: its crdump and prmctl's reads both complete untorn in either order; the semaphore is free after" {
	local quiet
	quiet=$(jq -c '.dwords[:4096]' "$S/assert_cr.out")
	# the driver first: prmctl waited for it
	grep -qx "rc=0 bytes=[0-9]*" "$S/dump_first.out" || fail "dump_first: $(cat "$S/dump_first.out" "$S/dump_first.err")"
	[ "$(jq -c .dwords "$S/cr_during.out")" = "$quiet" ] || fail "cr_during differs from the quiet read"
	# prmctl first: its read untorn; the driver's lock went first in a pause,
	# or gave up as the kernel does, and the dump after it is whole
	rc_is cr_first 0
	[ "$(jq -c .dwords "$S/cr_first.out")" = "$quiet" ] || fail "cr_first differs from the quiet read"
	if ! grep -qx "rc=0 bytes=[0-9]*" "$S/dump_during.out"; then
		grep -q "crdump: failed to lock vsc gw err -16" "$S/dmesg_gateway.out" ||
			fail "dump_during failed otherwise: $(cat "$S/dump_during.err")"
		echo "# the driver's lock met a hold: EBUSY, as documented" >&3
	fi
	grep -qx "rc=0 bytes=[0-9]*" "$S/dump_retry.out"
	[ "$(cat "$S/dump_retry_crdump.out")" = "$(cat "$S/assert_crdump.out")" ] ||
		fail "the crdump taken after the shared reads differs from the first"
	jqt cr_after '.dwords == [530]'
	jq -e '.gateway_semaphore_holder == 0 and .semaphores_held == 0' "$STATUS"
}

@test "collect beside the driver: a complete bundle, fwctl and devlink where the kernel holds the rest; --analyze here and in the guest say thermal and the fatal error" {
	local b=$BATS_TEST_TMPDIR/b dev
	rc_is collect 4
	mkdir -p "$b"
	tar -C "$b" -xf "$S/collect_bundle.out"
	dev=$(echo "$b"/bundle/0000_*)
	jq -e '.access == "fwctl"' "$dev/probe.json" "$dev/caps-general.json" "$dev/reg-MGIR.json" > /dev/null
	jq -e '.owned_by == "kernel" and .access == "fwctl"' "$dev/tracer-status.json"
	jq -e '[.reporters[] | select(.reporter == "fw_fatal")][0].error_count == 1' "$dev/devlink-reporters.json"
	# the driver's crdump stored by the shared-gateway steps, decoded
	cmp "$dev/fw_fatal-crdump.txt" "$S/assert_crdump.out"
	jq -e '.dump.crdump.dwords == 16384' "$dev/devlink-fw_fatal-dump.json"
	# what the kernel holds is skipped with its reason, never failed; the
	# gateway it shares too
	jq -e '[.devices[0].skipped[] | select(.step == "crdump")][0].reason | test("shares the gateway")' "$b/bundle/manifest.json"
	jq -e '[.devices[0].skipped[] | select(.step == "trace.bin")][0].reason | test("kernel.s mlx5_core owns the tracer")' "$b/bundle/manifest.json"
	jq -e '[.devices[0].skipped[] | select(.step == "trace-kernel.json")][0].reason | test("needs --write")' "$b/bundle/manifest.json"
	# the verdict: both faults, from the bundle alone, here as in the guest
	run "$PRMCTL" -j collect --analyze "$b/bundle"
	[ "$status" -eq 4 ]
	[ "$(echo "$output" | jq -S -c 'del(.bundle)')" = "$(jq -S -c 'del(.bundle)' "$S/collect_analyze.out")" ] ||
		fail "the host's verdict differs from the guest's"
	echo "$output" | jq -e '[.findings[].what] | index("thermal") and index("fw_error")'
	echo "$output" | jq -e '[.findings[] | select(.what == "thermal")][0].text | test("0x10")'
	echo "$output" | jq -e '.verdict == "problem"'
}

@test "collect --write beside the driver: the kernel's traces for --trace-seconds, the event off again after" {
	rc_is collect_write 4
	jqt collect_write_traces '.access == "tracefs" and .event_was_on == false and .count > 0'
	jqt collect_write_traces '.waited_ms >= 1000'
	[ "$(out trace_event_after_collect)" = 0 ]
}

@test "prmctl and the simulator service reported no sanitizer error" {
	vu_no_sanitizer_report
}
