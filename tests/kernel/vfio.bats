#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# The dead-driver case (issue 23): --access vfio, prmctl's own command queue
# through VFIO for a function no driver holds, in the 7.x guest with a
# virtual IOMMU (boot-vu.py --iommu, intel_iommu=on iommu.strict=1) before
# the simulator served over vfio-user. The simulator refuses mlx5_core's
# SET_HCA_CAP from boot (cmd-status), so the driver's probe fails; the
# scenario (vfio-scenario.sh) binds vfio-pci with prmctl device bind, runs
# every command-channel command through VFIO, meets a hung command, SIGINT
# and the device leaving mid-command (cmd-hang and cmd-slow from boot,
# device-gone injected from the host on cue), collects a bundle, then the
# host clears the fault on cue and prmctl gives the function back to
# mlx5_core, which probes it. The answers to compare with come from a
# second simulator of the same model, asked through prmctl's in-process
# command queue on the host before the boot. One boot, about a minute.
# Skipped, with the reason, when the VM environment is not installed
# (tools/install-deps test installs it).
load ../cli/helper
load vu-env
load keys

SYND=0x2a4b1c

setup_file() {
	local d=$BATS_FILE_TMPDIR envf t0 t1
	vu_sanitizer_env
	envf=$(vu_env "$d/skip" jq) || return 0
	. "$envf"
	t0=$(date +%s)
	mkdir -p "$d/ref"
	# the reference: the same model through prmctl's in-process command queue
	vu_reference "$d/ref" "$PRMCTL" -j -d sim --model cx6dx --access cmdq
	"$PRMCTL" -j -d sim --model cx6dx --write dct create > "$d/ref/dct.out"
	vu_scenario "$d" "$envf" vfio-scenario.sh "vf$$" \
		"prmctl.wait=5 intel_iommu=on iommu.strict=1" --iommu \
		--commands "$d/commands.json" --status "$d/status.json" \
		--inject "cmd-status:SET_HCA_CAP,3,$SYND" \
		--inject cmd-hang:QUERY_CONG_STATUS --inject cmd-slow:QUERY_CONG_PARAMS,6000 \
		--inject-when "prmctl-vu: cue page-request:8" page-request:8 \
		--inject-when "prmctl-vu: cue device-gone" device-gone \
		--clear-when "prmctl-vu: cue clear-device-gone" device-gone \
		--clear-when "prmctl-vu: cue clear-cmd-status" cmd-status || return 0
	t1=$(date +%s)
	echo "# Linux $VM_KVER, vIOMMU, $(wc -l < "$d/steps/steps") steps, $((t1 - t0)) s" >&3
}

setup() {
	vu_steps_setup
	REF=$BATS_FILE_TMPDIR/ref
	COMMANDS=$BATS_FILE_TMPDIR/commands.json
}

out() { cat "$S/$1.out"; }
# same NAME [JQ]: the guest's answer through VFIO equals the reference's
same() { same_as_ref vfio "$@"; }
err() { cat "$S/$1.err"; }

@test "the dead driver: mlx5_core's probe fails on SET_HCA_CAP and leaves the function unbound, behind a virtual IOMMU" {
	[ "$(wc -l < "$S/steps")" -ge 35 ]
	rc_is probe_failed 0
	grep -q "probe with driver mlx5_core failed" "$S/probe_failed.out" || fail "$(out probe_failed)"
	grep -qx "driver none" "$S/probe_failed.out"
	grep -q "SET_HCA_CAP" "$S/probe_failed.out" || fail "the driver named no SET_HCA_CAP: $(out probe_failed)"
	# its own IOMMU group, the IOMMU on
	grep -q "iommu_groups/[0-9]" "$S/iommu.out"
	jqt device_show_unbound '.driver == null and .health == "ok" and .state == "ready"'
	# --access vfio before the bind: exit 3 and the command that binds it
	rc_is vfio_unbound 3
	[[ "$(err vfio_unbound)" == *"--access vfio needs the function bound to vfio-pci (it has no driver); bind it with: prmctl -d $FN --write device bind vfio-pci"* ]] ||
		fail "$(err vfio_unbound)"
}

@test "device bind vfio-pci: refused without --write, saying so; done with it (vfio_group named); again: no change; the group open elsewhere is named" {
	rc_is bind_no_write 2
	[[ "$(err bind_no_write)" == *"$FN: binding vfio-pci would unbind nothing (no driver): refused without --write"* ]] ||
		fail "$(err bind_no_write)"
	jqt bind ".from == null and .to == \"vfio-pci\" and .driver == \"vfio-pci\" and .changed == true"
	jqt bind '.vfio_group | test("^/dev/vfio/[0-9]+$")'
	jqt bind '.unbound == {"netdevs": [], "rdma_devices": [], "fwctl": []}'
	jqt bind_again '.changed == false and .driver == "vfio-pci"'
	grep -qx "driver vfio-pci" "$S/bound.out"
	rc_is vfio_busy_group_open 3
	[[ "$(err vfio_busy_group_open)" == *"is open in another process (a VM, or another prmctl)"* ]] ||
		fail "$(err vfio_busy_group_open)"
}

@test "caps, probe, cmd, reg and esw through VFIO: the same answers as the simulator through prmctl's in-process queue" {
	same caps_general
	same caps_general_max
	same probe
	same query_adapter
	same esw_functions
	# MGIR's uptime is the firmware's seconds since its start
	same reg_mgir 'del(.fields.hw_info.uptime)'
	jqt device_show_vfio '.access == "vfio" and .driver == "vfio-pci" and .health == "ok" and .fw_version == "22.39.1002"'
	jqt health_vfio '.access == "vfio" and .health == "ok"'
}

@test "nvmf, dct, qp selftest and a tracer capture (its ring in IOMMU-mapped memory) through VFIO" {
	jqt nvmf_ns '.access == "vfio" and (.namespaces | length) > 0'
	[ "$(jq -S '.namespaces | map(.nsid)' "$S/nvmf_ns.out")" = "$(jq -S '.namespaces | map(.nsid)' "$REF/nvmf_ns.out")" ]
	same dct
	jqt qp_selftest '.access == "vfio" and .verdict == "pass" and .failure_count == 0' ||
		fail "$(out qp_selftest | head -c 600)"
	rc_is trace_capture 0
	jqt trace_decode '.' 0
	[ "$(jq -s 'length' "$S/trace_decode.out")" -gt 5 ] ||
		fail "too few trace records: $(head -c 400 "$S/trace_decode.out")"
}

@test "the driver's failure reproduced by hand: SET_HCA_CAP through VFIO is refused with the same status and syndrome" {
	rc_is set_hca_cap 1
	[[ "$(err set_hca_cap)" == *"SET_HCA_CAP(0x109)"*"bad parameter"*"$SYND"* ]] || fail "$(err set_hca_cap)"
}

@test "a hung command, SIGINT mid-command and the device leaving mid-command each end with a clean teardown; the next run is served" {
	rc_is hang 5
	[[ "$(err hang)" == *"QUERY_CONG_STATUS(0x822) not completed in 2000 ms"* ]] || fail "$(err hang)"
	jqt after_hang '.access == "vfio"'
	rc_is sigint 0
	grep -q "interrupted" "$S/sigint.out" || fail "$(out sigint)"
	grep -qx "rc=1" "$S/sigint.out" || fail "$(out sigint)"
	rc_is gone 0
	grep -q "^rc=3$" "$S/gone.out" || fail "$(out gone)"
	grep -q "device not responding (reads return all-ones)" "$S/gone.out" || fail "$(out gone)"
	jqt after_gone '.access == "vfio"'
	# the simulator's log: every bring-up by prmctl (an ENABLE_HCA) was
	# followed by TEARDOWN_HCA, the pages taken back and DISABLE_HCA, except
	# the one whose device left (nothing answered it)
	jq -e '.commands | length < 32768' "$COMMANDS" > /dev/null || fail "the command log wrapped"
	run jq -r '[.commands[] | .opcode_name + (if .opcode_name == "MANAGE_PAGES" then ":" + (.op_mod|tostring) else "" end) + "=" + (.status_name // "none")] | join(" ")' "$COMMANDS"
	local sessions ok=0 bad=0 s left=
	sessions=$(echo "$output" | sed 's/ENABLE_HCA=/\nENABLE_HCA=/g' | grep '^ENABLE_HCA=OK')
	while read -r s; do
		# an HCA initialized is torn down; every page taken back; disabled
		if { [[ "$s" != *"INIT_HCA=OK"* ]] || [[ "$s" == *"TEARDOWN_HCA=OK"* ]]; } &&
			[[ "$s" == *"MANAGE_PAGES:2=OK"*"DISABLE_HCA=OK" ]]; then
			ok=$((ok + 1))
		else
			bad=$((bad + 1))
			left=$s
		fi
	done <<< "$sessions"
	# prmctl's runs (over 20), the driver's failed probe and its last
	# (unloaded at the end) are clean; the run whose device left is not:
	# nothing answered it, and the reset vfio-pci did at its close was the
	# teardown (the next run was served)
	[ "$ok" -ge 20 ] || fail "only $ok bring-ups torn down cleanly"
	[ "$bad" -eq 1 ] || fail "$bad bring-ups not torn down (one expected: the device that left)"
	[[ "$left" == *"INIT_HCA=OK CREATE_EQ=OK" ]] || fail "not torn down: ${left:0:400}"
}

@test "a page request from the firmware mid-command is answered by polling its event queue; the teardown takes those pages back too" {
	# the simulated firmware knows no QUERY_CONG_PARAMS: slow (cmd-slow), then refused
	rc_is page_request 0
	grep -qx "rc=1" "$S/page_request.out" || fail "$(out page_request)"
	grep -q "QUERY_CONG_PARAMS(0x824) op_mod(0x0) failed, status bad operation" "$S/page_request.out"
	run jq -r '[.commands[] | .opcode_name + (if .opcode_name == "MANAGE_PAGES" then ":" + (.op_mod|tostring) else "" end) + "=" + (.status_name // "none")] | join(" ")' "$COMMANDS"
	local s
	# one run (the sigint step's is another): boot and init pages, the event
	# queue, the slow command, then the request's pages, all back at the end
	s=$(echo "$output" | sed 's/ENABLE_HCA=/\nENABLE_HCA=/g' | grep -c 'QUERY_CONG_PARAMS=bad operation MANAGE_PAGES:1=OK')
	[ "$s" = 1 ] || fail "$s runs answered a page request"
	s=$(echo "$output" | sed 's/ENABLE_HCA=/\nENABLE_HCA=/g' | grep 'QUERY_CONG_PARAMS=bad operation MANAGE_PAGES:1=OK')
	[[ "$s" == "ENABLE_HCA=OK"*"MANAGE_PAGES:1=OK"*"MANAGE_PAGES:1=OK INIT_HCA=OK CREATE_EQ=OK QUERY_CONG_PARAMS=bad operation MANAGE_PAGES:1=OK DESTROY_EQ=OK TEARDOWN_HCA=OK MANAGE_PAGES:2=OK DISABLE_HCA=OK"* ]] ||
		fail "${s:0:600}"
}

@test "collect with vfio-pci bound: its commands through VFIO, and the manifest says so; no devlink" {
	rc_is collect 0
	jqt collect_manifest '.devices[0].commands_via == "vfio" and (.devices[0].commands_via_reason | test("bound to vfio-pci"))'
	jqt collect_manifest '[.devices[0].skipped[] | select(.step == "devlink") | .reason] | any(test("vfio-pci, which has no devlink"))'
	grep -qx "probe.json" "$S/collect_files.out"
	grep -qx "caps-general.json" "$S/collect_files.out"
	grep -qx "reg-MGIR.json" "$S/collect_files.out" || fail "$(out collect_files)"
}

@test "the fault cleared: device bind --restore gives the function back to mlx5_core, which probes it (fwctl0, devlink); --access vfio then says how to bind" {
	# not while a process holds the group: no other driver could take it
	rc_is restore_busy 3
	jq -e '.error.reason == "vfio_busy"' "$S/restore_busy.out" > /dev/null
	[[ "$(err restore_busy)" == *"/dev/vfio/"*" is open in process "*"(sleep): no other driver can take the function until it closes it"* ]] ||
		fail "$(err restore_busy)"
	# and nothing was changed: no warning of an unbind
	[[ "$(err restore_busy)" != *"unbinding"* ]]
	jqt restore '.from == "vfio-pci" and .to == null and .driver == "mlx5_core" and .changed == true'
	grep -qx "driver mlx5_core" <(head -1 "$S/restored.out")
	grep -qx "fwctl0" "$S/restored.out" || fail "$(out restored)"
	jqt caps_after_restore '.access == "fwctl"'
	# already the kernel's choice: left as it is
	jqt restore_again '.changed == false and .driver == "mlx5_core" and .to == null'
	rc_is not_vfio_now 3
	[[ "$(err not_vfio_now)" == *"(it is bound to mlx5_core); bind it with: prmctl -d $FN --write device bind vfio-pci"* ]] ||
		fail "$(err not_vfio_now)"
}

@test "prmctl's JSON here (device bind's too) follows prmctl(8)'s Keys convention (tests/cli/keys.jq)" {
	local f docs=$BATS_TEST_TMPDIR/docs.jsonl files=()
	for f in "$S"/*.out; do
		# what is not prmctl's JSON: shell steps, text output, the JSON Lines of trace decode
		case $(basename "$f" .out) in
		probe_failed | iommu | bound | sigint | page_request | gone | after_gone | collect | collect_files | \
			restored | trace_capture | trace_decode | timing) continue ;;
		esac
		files+=("$f")
	done
	keys_follow "$docs" "${files[@]}"
	grep -q '"cmd":"bind"' "$docs"
}

@test "a --access vfio run against the same binary's in-process simulator, timed in the guest" {
	rc_is timing 0
	! grep -q failed "$S/timing.out"
	local sim vfio
	sim=$(awk '/^-d sim/ { print ($NF - $(NF - 1)) / 5 }' "$S/timing.out")
	vfio=$(awk '/^--access vfio/ { print ($NF - $(NF - 1)) / 5 }' "$S/timing.out")
	[ -n "$sim" ] && [ -n "$vfio" ] || fail "$(out timing)"
	echo "# one prmctl cmd NOP (open, bring-up, NOP, teardown, close): in-process simulator ${sim} s, through VFIO ${vfio} s (TCG)" >&3
}

@test "no sanitizer report from the guest's prmctl or the simulator" {
	vu_no_sanitizer_report
}
