#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# Linux 7.x's mlx5_core against the simulator served over vfio-user: the
# newest trixie-backports kernel under QEMU 11.1 (software emulation), both
# from tools/vm-env, with fwctl and mlx5_fwctl built out of tree. One boot
# serves the tests below (about a minute); the guest's kernel log is kept in
# build/vm/mlx5-vfio-user.dmesg. Skipped, with the reason, when the
# environment is not installed (tools/install-deps test installs it).
load ../cli/helper
load vu-env

setup_file() {
	local d=$BATS_FILE_TMPDIR top envf
	top=$(cd "$BATS_TEST_DIRNAME/../.." && pwd)
	export PRMCTL_SIM_DIR=$d/sim
	# a sanitizer's report from the simulator service (an ASan+UBSan build)
	# goes to files the last test looks for: the service has no terminal
	export ASAN_OPTIONS="log_path=$d/sanitizer:${ASAN_OPTIONS:-}"
	export UBSAN_OPTIONS="log_path=$d/sanitizer:print_stacktrace=1:${UBSAN_OPTIONS:-}"
	envf=$(vu_env "$d/skip") || return 0
	. "$envf"
	export VM_KVER VM_QEMU VM_KERNEL
	PATH=$PATH:/usr/sbin:/sbin "$BATS_TEST_DIRNAME/build-vu-initrd.sh" "$envf" \
		"$BATS_TEST_DIRNAME/vu-init.sh" "$d/initrd.gz" 2> "$d/broken" || return 0
	# a name of its own: services of other runs may share the directory
	python3 "$BATS_TEST_DIRNAME/boot-vu.py" "$VM_QEMU" "$PRMCTL" "vu$$" "$VM_KERNEL" \
		"$d/initrd.gz" "$d/console.log" --timeout 300 --end-text "prmctl-vu: === end" \
		--append "prmctl.wait=60" \
		--commands "$d/commands.json" --status "$d/status.json" --ring "$d/ring.trace" \
		2> "$d/broken" || {
		echo "console: $(tail -5 "$d/console.log" 2>/dev/null)" >> "$d/broken"
		return 0
	}
	rm -f "$d/broken"
	tr -d '\r' < "$d/console.log" > "$d/log"	# a serial console's CRLF
	# the framed dmesg when the guest got that far, else the console
	mkdir -p "$top/build/vm"
	if grep -q '^prmctl-vu: === end' "$d/log"; then
		sed -n '/^prmctl-vu: === dmesg/,/^prmctl-vu: === end/p' "$d/log" | sed '1d;$d'
	else
		cat "$d/log"
	fi > "$top/build/vm/mlx5-vfio-user.dmesg"
	echo "# Linux $VM_KVER, QEMU $VM_QEMU_VERSION; the guest's mlx5 lines:" >&3
	grep -E 'mlx5|fwctl' "$top/build/vm/mlx5-vfio-user.dmesg" | sed 's/^/#   /' >&3
}

setup() {
	local d=$BATS_FILE_TMPDIR
	[ ! -f "$d/skip" ] || skip "$(cat "$d/skip")"
	[ ! -f "$d/broken" ] || fail "the VM run did not complete: $(cat "$d/broken")"
	LOG=$d/log
	DMESG=$(cd "$BATS_TEST_DIRNAME/../.." && pwd)/build/vm/mlx5-vfio-user.dmesg
	COMMANDS=$d/commands.json
	STATUS=$d/status.json
	FN=$(sed -n 's/^prmctl-vu: pci \([^ ]*\) .*/\1/p' "$LOG" | head -1)
}

# the value after "prmctl-vu: KEY " in the guest's report (LOG, or $2)
says() {
	sed -n "s/^prmctl-vu: $1 //p" "${2:-$LOG}" | head -1
}

# the framed kernel log of a console log
dmesg_of() {
	sed -n '/^prmctl-vu: === dmesg/,/^prmctl-vu: === end/p' "$1"
}

# what the driver complains of when a probe or an unload goes wrong
COMPLAINTS="mlx5_cmd_out_err|failed with error|probe.*failed|timeout|WARNING:|Call Trace|BUG:|leak|isn't supported"

# fault_boot NAME FAULT: a boot of its own where FAULT is injected once the
# guest says "ready", the driver's view printed 8 s after a reporter counts
# it (30 s at most); its console in
# $BATS_TEST_TMPDIR/NAME.log (CRLF gone), its final sim status in NAME.status
fault_boot() {
	local name=$1 fault=$2 t=$BATS_TEST_TMPDIR
	python3 "$BATS_TEST_DIRNAME/boot-vu.py" "$VM_QEMU" "$PRMCTL" "vu$$$name" "$VM_KERNEL" \
		"$BATS_FILE_TMPDIR/initrd.gz" "$t/$name.raw" --timeout 300 \
		--end-text "prmctl-vu: === end" --append "prmctl.wait=60 prmctl.fault_wait=30" \
		--inject-when "prmctl-vu: ready" "$fault" --status "$t/$name.status" ||
		fail "the $name VM did not run to its end: $(tail -5 "$t/$name.raw")"
	tr -d '\r' < "$t/$name.raw" > "$t/$name.log"
	echo "# $fault, the guest's mlx5 lines after it:" >&3
	sed -n '/prmctl-vu: ready/,$p' "$t/$name.log" | grep -E 'mlx5|prmctl-vu: (health|fw)' |
		cut -c1-220 | sed 's/^/#   /' >&3
}

@test "the guest sees the simulated function: 15b3:101d, a 64-bit BAR0 of 32 MiB, MSI-X" {
	# cx6dx's device id (lib/sim/model.c), a network controller
	local pci
	pci=$(sed -n 's/^prmctl-vu: pci \([^ ]*\) .*/\1/p' "$LOG")
	[ -n "$pci" ] || fail "no 15b3 function in the guest: $(grep '^prmctl-vu' "$LOG")"
	grep -q "^prmctl-vu: pci $pci 0x15b3:0x101d class 0x020000$" "$LOG" ||
		fail "$(grep '^prmctl-vu: pci' "$LOG")"
	# memory BAR, 64-bit: type bits 2:1 = 10b
	[ "$(says bar0-type)" = 4 ] || fail "BAR0 type bits $(says bar0-type)"
	local start end flags
	read -r start end flags <<< "$(says resource0)"
	[ $((end - start + 1)) = $((32 << 20)) ] || fail "BAR0 of $((end - start + 1)) bytes"
	(( flags & 0x00100000 )) || fail "the kernel's BAR0 is not 64-bit: flags $flags"
	grep -q "pci $pci: BAR 0 \[mem .* 64bit" "$DMESG" || fail "no 64-bit BAR 0 line for $pci"
	# MSI-X is capability 0x11; under a root port, a PCIe endpoint (0x10)
	[[ " $(says caps) " == *" 0x11 "* ]] || fail "no MSI-X capability: $(says caps)"
	! grep -q "Unknown x255 link" "$DMESG" || fail "the function is not behind a PCIe link"
}

@test "mlx5_core's probe completes: bound, no complaint, devlink dev info shows the simulator's firmware and PSID" {
	[ "$(says 'insmod mlx5_core')" = ok ] || fail "insmod mlx5_core: $(says 'insmod mlx5_core')"
	[ "$(says driver)" = mlx5_core ] || fail "bound to '$(says driver)'"
	grep -q "mlx5_core .*firmware version: 22.39.1002" "$DMESG" || fail "no firmware version line"
	! grep -Ei "$COMPLAINTS" "$DMESG" || fail "the driver complained"
	# devlink info: the running firmware and the board's PSID (lib/sim/model.c, cx6dx)
	local info
	info=$(says devlink-info)
	echo "$info" | jq -e --arg d "pci/$FN" '.info[$d].versions.running["fw.version"] == "22.39.1002"' ||
		fail "devlink dev info: $info"
	echo "$info" | jq -e --arg d "pci/$FN" '.info[$d].versions.fixed["fw.psid"] == "SIM0000000006"' ||
		fail "devlink dev info: $info"
}

@test "MSI-X vectors are allocated and count; commands complete through EQEs" {
	# 7.x allocates the async vector at probe and completion vectors when a
	# completion EQ is first asked for (nothing here does): one at least
	[ "$(says msi_irqs)" -ge 1 ] || fail "msi_irqs $(says msi_irqs)"
	# the async vector (command completions, page requests, tracer events) took interrupts
	local n
	# "prmctl-vu: interrupt  25:  0  646  PCI-MSIX-... mlx5_async0@...": a column per CPU
	n=$(grep '^prmctl-vu: interrupt .*mlx5_async' "$LOG" | head -1 |
		awk '{ for (i = 4; i <= NF && $i ~ /^[0-9]+$/; i++) n += $i } END { print n + 0 }')
	[ "${n:-0}" -gt 0 ] || fail "no interrupts on mlx5_async: $(grep '^prmctl-vu: interrupt' "$LOG")"
	# the simulator counted them, and the completions it posted as EQEs
	jq -e '.interrupt_count > 0 and .command_eqe_count > 10 and .eq_doorbell_count > 0' "$STATUS" ||
		fail "$(cat "$STATUS")"
	jq -e '[.commands[] | select(.eqe)] | length > 10' "$COMMANDS" >/dev/null ||
		fail "no command the driver sent completed by EQE"
	jq -e '[.commands[] | select(.opcode_name == "CREATE_EQ")] | length >= 3' "$COMMANDS" >/dev/null
}

@test "/dev/fwctl/fwctl0 appears, bound to our function, and an open makes a user context" {
	[ "$(says 'fwctl nodes')" = "fwctl0 " ] || fail "fwctl nodes: $(says 'fwctl nodes')"
	# mlx5_fwctl's fwctl device has the PCI function as its parent
	[[ $(says 'fwctl0 device') == */$FN ]] || fail "$(says 'fwctl0 device')"
	[[ " $(says 'auxiliary devices') " == *" mlx5_core.fwctl."* ]] || fail "$(says 'auxiliary devices')"
	[ "$(says 'fwctl0 opened')" = "" ] && grep -q '^prmctl-vu: fwctl0 opened' "$LOG"
	jq -e '[.commands[].opcode_name] | index("CREATE_UCTX") and index("DESTROY_UCTX")' "$COMMANDS" >/dev/null ||
		fail "no CREATE_UCTX/DESTROY_UCTX from the open"
}

@test "the kernel's fw tracer owns the tracer; its mlx5_fw messages are prmctl's decode of the same ring, one by one" {
	local d=$BATS_FILE_TMPDIR n
	n=$(grep -c '^prmctl-vu: trace .*mlx5_fw: ' "$LOG" || true)
	[ "$n" -gt 100 ] || fail "$n mlx5_fw events in 2 s: $(grep -E 'trace|tracer' "$LOG" | head)"
	jq -e '[.commands[] | select(.register == "MTRC_STDB")] | length > 0' "$COMMANDS" >/dev/null ||
		fail "the driver never read the strings database"
	# the ring the simulator wrote for the kernel, decoded by prmctl, against
	# what the kernel printed (tests/kernel/fwtrace-compare.py says where the
	# kernel's text and timestamps differ by design: %llx as %x%x, BAD_FORMAT,
	# +128 ticks from the timestamp event it stamps with)
	[ -s "$d/ring.trace" ] || fail "the service kept no ring"
	sed -n 's/^prmctl-vu: trace //p' "$LOG" > "$BATS_TEST_TMPDIR/trace"
	run python3 "$BATS_TEST_DIRNAME/fwtrace-compare.py" --prmctl "$PRMCTL" \
		"$BATS_TEST_TMPDIR/trace" "$d/ring.trace"
	echo "$output" | tail -12 | sed 's/^/#   /' >&3
	if [ "$status" -ne 0 ]; then
		# kept for a look: the kernel's lines and the ring
		cp "$BATS_TEST_TMPDIR/trace" "$(dirname "$DMESG")/fwtrace-differs.trace"
		cp "$d/ring.trace" "$(dirname "$DMESG")/fwtrace-differs.ring"
		fail "the kernel's messages and prmctl's decode differ (kept in build/vm/fwtrace-differs.*): $(echo "$output" | tail -20)"
	fi
}

@test "rmmod tears down cleanly: every page back, DISABLE_HCA last, no WARN" {
	[ "$(says 'rmmod mlx5_fwctl')" = ok ] && [ "$(says 'rmmod mlx5_core')" = ok ] ||
		fail "$(grep '^prmctl-vu: rmmod' "$LOG")"
	jq -e '.page_count == 0' "$STATUS" || fail "pages still held: $(jq .page_count "$STATUS")"
	jq -e '.commands[-1].opcode_name == "DISABLE_HCA"' "$COMMANDS" >/dev/null ||
		fail "the last command: $(jq -c '.commands[-1]' "$COMMANDS")"
	jq -e '[.commands[] | select(.opcode_name == "TEARDOWN_HCA")] | length == 1' "$COMMANDS" >/dev/null
	! grep -Ei "$COMPLAINTS" "$DMESG" || fail "the unload complained"
}

@test "every command the driver sent succeeded; the kernel's set of commands is kept per version" {
	# opcode, op_mod, register, status: one line each, in a stable order
	local got=$BATS_TEST_TMPDIR/cmds fixture=$BATS_TEST_DIRNAME/vfio-user-$VM_KVER.cmds
	jq -r '.commands[] | "\(.opcode_name // .opcode) \(.op_mod) \(.register // "-") \(.status_name // ("delivery " + .delivery_status_name))"' \
		"$COMMANDS" | LC_ALL=C sort -u > "$got"
	! grep -v ' OK$' "$got" || fail "a command did not succeed"
	if [ -f "$fixture" ]; then
		diff -u "$fixture" "$got" || fail "the driver's commands differ from $fixture"
	else
		echo "# no fixture for $VM_KVER: the set above is not compared" >&3
		sed 's/^/#   /' "$got" >&3
	fi
}

@test "fw-assert with rfr: fw_fatal reports it with a dump (the crdump through the gateway), the SW reset recovers" {
	# the driver calls an assert fatal when the health buffer asks for a reset
	# (rfr, mlx5_health_check_fatal_sensors); without it the fw reporter takes it.
	# Its recovery resets the firmware (nic_interface SW_RESET), which clears
	# the assert, and loads the function again.
	fault_boot assert fw-assert:rfr=1
	local log=$BATS_TEST_TMPDIR/assert.log health
	health=$(says health "$log")
	echo "$health" | jq -e --arg d "pci/$FN" \
		'.health[$d][] | select(.reporter == "fw_fatal") | .error >= 1 and .recover >= 1' >/dev/null ||
		fail "fw_fatal: $health"
	dmesg_of "$log" | grep -q "Issuing FW Reset" || fail "the driver did not reset the firmware"
	! dmesg_of "$log" | grep -q "health recovery failed" || fail "the recovery failed"
	[ "$(says fw_fatal-dump-bytes "$log")" -gt 1000 ] || fail "no fw_fatal dump"
	dmesg_of "$log" | grep -q "mlx5_core $FN: .*Fatal error" || fail "no fatal error line"
}

@test "health-stall: the driver's health poll reaches its miss count; its fw reporter counts it" {
	fault_boot stall health-stall
	local log=$BATS_TEST_TMPDIR/stall.log
	dmesg_of "$log" | grep -q "device's health compromised - reached miss count" ||
		fail "no miss count line"
	says health "$log" | jq -e --arg d "pci/$FN" \
		'.health[$d][] | select(.reporter == "fw") | .error >= 1 and .state == "error"' \
		>/dev/null || fail "the fw reporter did not count it: $(says health "$log")"
}

@test "device-gone: the driver sees the PCI function gone; fw_fatal reports it, no dump to take" {
	fault_boot gone device-gone
	local log=$BATS_TEST_TMPDIR/gone.log
	dmesg_of "$log" | grep mlx5 | tail -8 | sed 's/^/#   /' >&3
	dmesg_of "$log" | grep -Eq "PCI slot is unavailable|Fatal error 1|device is gone" ||
		fail "$(dmesg_of "$log" | grep mlx5 | tail -5)"
	says health "$log" | jq -e --arg d "pci/$FN" \
		'.health[$d][] | select(.reporter == "fw_fatal") | .error >= 1' >/dev/null ||
		fail "fw_fatal: $(says health "$log")"
}

@test "fwctl and mlx5_fwctl load beside mlx5_core" {
	[ "$(says 'insmod fwctl')" = ok ] || fail "insmod fwctl: $(says 'insmod fwctl')"
	[ "$(says 'insmod mlx5_fwctl')" = ok ] || fail "insmod mlx5_fwctl: $(says 'insmod mlx5_fwctl')"
	[[ " $(says modules) " == *" mlx5_fwctl "* ]] || fail "loaded: $(says modules)"
	[[ " $(says 'auxiliary drivers') " == *" mlx5_fwctl.mlx5_fwctl "* ]] ||
		fail "auxiliary drivers: $(says 'auxiliary drivers')"
}

@test "mlx5_core's hwmon registers the ASIC's sensor from MTCAP and MTMP, and resets its maximum" {
	# MTCAP maps sensor 0; PMLP puts local port 1 in cage 0, whose MTMP sensor
	# (64) reads 0, so no module channel (core/hwmon.c mlx5_hwmon_is_module_mon_cap)
	! grep -q "mlx5_hwmon_dev_register failed" "$DMESG" ||
		fail "$(grep 'mlx5_hwmon_dev_register failed' "$DMESG")"
	! grep -q "ACCESS_REG(0x805).*failed" "$DMESG" || fail "$(grep 'ACCESS_REG(0x805)' "$DMESG")"
	[ "$(says 'hwmon mlx5 channels')" = 1 ] || fail "$(grep '^prmctl-vu: hwmon' "$LOG")"
	# the simulator's ASIC: 55 degC, 58 degC at most since power-up, warning at 105 degC
	[ "$(says 'hwmon temp1 label')" = "ASIC input 55000 highest 58000 crit 105000" ] ||
		fail "$(grep '^prmctl-vu: hwmon' "$LOG")"
	# temp1_reset_history: MTMP written with mtr, the maximum starts again from the reading
	[ "$(says 'hwmon temp1 reset highest')" = 55000 ] || fail "$(grep '^prmctl-vu: hwmon' "$LOG")"
}

@test "the guest's kernel log is kept in build/vm/mlx5-vfio-user.dmesg" {
	[ -s "$DMESG" ]
	grep -q "Linux version $VM_KVER " "$DMESG" || fail "not the log of Linux $VM_KVER"
	grep -q "mlx5_core" "$DMESG"
}

@test "the simulator service reported no sanitizer error while it served the driver" {
	# only an ASan+UBSan build (tests/run-suite runs this file with one) writes these
	local f
	for f in "$BATS_FILE_TMPDIR"/sanitizer*; do
		[ -e "$f" ] || continue
		fail "$(head -40 "$f")"
	done
}
