#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# prmctl beside the real driver (issue 22, items 1 and 2): the 7.x guest of
# mlx5-vfio-user.bats, with prmctl ($PRMCTL: the normal or the ASan+UBSan
# build) in its initramfs. Once mlx5_core has probed the simulator and
# /dev/fwctl/fwctl0 is there, vu-init.sh runs beside-scenario.sh, whose steps
# reach the host byte-exact on the guest's second serial port (frames.sh,
# cut by boot-plain-vm.py --split-only). One boot, about 20 s.
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

setup_file() {
	local d=$BATS_FILE_TMPDIR envf t0 t1 ref=bref$$
	export PRMCTL_SIM_DIR=$d/sim
	export ASAN_OPTIONS="log_path=$d/sanitizer:${ASAN_OPTIONS:-}"
	export UBSAN_OPTIONS="log_path=$d/sanitizer:print_stacktrace=1:${UBSAN_OPTIONS:-}"
	envf=$(vu_env "$d/skip" jq) || return 0
	. "$envf"
	export VM_KVER
	t0=$(date +%s)
	# the reference: the same model through prmctl's own command queue
	mkdir -p "$d/ref"
	"$PRMCTL" sim start "$ref" --model cx6dx > /dev/null 2> "$d/broken" || return 0
	local P="$PRMCTL -j -d sim:$ref"
	$P caps general > "$d/ref/caps_general.out"
	$P caps general --max > "$d/ref/caps_general_max.out"
	$P probe > "$d/ref/probe.out"
	$P cmd QUERY_ADAPTER > "$d/ref/query_adapter.out"
	$P esw functions > "$d/ref/esw_functions.out"
	$P nvmf ns > "$d/ref/nvmf_ns.out"
	$P --access cmdq reg read MGIR > "$d/ref/reg_mgir.out"
	"$PRMCTL" sim stop "$ref" > /dev/null 2>&1
	# the guest: /usr/bin/prmctl whichever build it is
	PATH=$PATH:/usr/sbin:/sbin "$BATS_TEST_DIRNAME/build-vu-initrd.sh" "$envf" \
		"$BATS_TEST_DIRNAME/vu-init.sh" "$d/initrd.gz" "$PRMCTL=/usr/bin/prmctl" \
		"$BATS_TEST_DIRNAME/frames.sh=/frames.sh" \
		"$BATS_TEST_DIRNAME/beside-scenario.sh=/scenario.sh" 2> "$d/broken" || return 0
	python3 "$BATS_TEST_DIRNAME/boot-vu.py" "$VM_QEMU" "$PRMCTL" "bes$$" "$VM_KERNEL" \
		"$d/initrd.gz" "$d/console.log" --timeout 300 --end-text "prmctl-vu: === end" \
		--append "prmctl.wait=60" --data "$d/data.bin" \
		--commands "$d/commands.json" 2> "$d/broken" || {
		echo "console: $(tail -5 "$d/console.log" 2>/dev/null)" >> "$d/broken"
		return 0
	}
	python3 "$BATS_TEST_DIRNAME/boot-plain-vm.py" - - - "$d/data.bin" --split-only \
		--split "$d/steps" 2> "$d/broken" || {
		echo "console: $(tr -d '\r' < "$d/console.log" | grep prmctl-vu | tail -5)" >> "$d/broken"
		return 0
	}
	t1=$(date +%s)
	rm -f "$d/broken"
	echo "# Linux $VM_KVER, $(wc -l < "$d/steps/steps") steps, $((t1 - t0)) s" >&3
}

setup() {
	local d=$BATS_FILE_TMPDIR
	[ ! -f "$d/skip" ] || skip "$(cat "$d/skip")"
	[ ! -f "$d/broken" ] || fail "the VM run did not complete: $(cat "$d/broken")"
	S=$d/steps
	REF=$d/ref
	COMMANDS=$d/commands.json
	FN=$(sed -n 's/^prmctl-vu: pci \([^ ]*\) .*/\1/p' "$d/console.log" | tr -d '\r' | head -1)
}

out() { cat "$S/$1.out"; }
rc_is() { # NAME RC
	[ "$(cat "$S/$1.rc")" = "$2" ] ||
		fail "step $1 exited $(cat "$S/$1.rc"), not $2: $(head -c 600 "$S/$1.err")"
}
# jqt NAME FILTER: the step exited 0 and FILTER is true of its JSON
jqt() {
	rc_is "$1" 0
	jq -e "$2" "$S/$1.out" > /dev/null || fail "step $1: not ($2): $(head -c 800 "$S/$1.out")"
}
# same NAME [JQ]: the guest's answer through fwctl equals the reference's
# through the command queue, after JQ (both documents), device and access aside
same() {
	local f="del(.device, .access) | ${2:-.}" g r
	jqt "$1" '.access == "fwctl"'
	jq -e '.access == "cmdq"' "$REF/$1.out" > /dev/null || fail "reference $1: $(head -c 300 "$REF/$1.out")"
	g=$(jq -S "$f" "$S/$1.out") r=$(jq -S "$f" "$REF/$1.out")
	[ "$g" = "$r" ] || fail "$1 through fwctl differs from the command queue's: $(diff <(echo "$r") <(echo "$g") | head -20)"
}
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
	# the firmware never saw a DESTROY_DCT (the driver sends none)
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
		case $(basename "$f") in sysfs_names.* | devlink_* | tainted_* | dmesg_*) continue ;; esac
		files+=("$f")
	done
	keys_follow "$docs" "${files[@]}"
	run jq -r 'select(.doc.error == null and (.cmd | test("^device_") | not) and
		.doc.access != "fwctl") | "\(.cmd): access \(.doc.access)"' "$docs"
	[ -z "$output" ] || fail "$output"
}

@test "prmctl and the simulator service reported no sanitizer error" {
	# the guest's prmctl writes to its stderr, which each step keeps
	! grep -l "ERROR: AddressSanitizer\|runtime error:\|ERROR: LeakSanitizer" "$S"/*.err ||
		fail "$(grep -h -A20 "Sanitizer\|runtime error:" "$S"/*.err | head -40)"
	local f
	for f in "$BATS_FILE_TMPDIR"/sanitizer*; do
		[ -e "$f" ] || continue
		fail "$(head -40 "$f")"
	done
}
