#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# Linux 7.x's mlx5_core against the simulator served over vfio-user: the
# newest trixie-backports kernel under QEMU 11.1 (software emulation), both
# from tools/vm-env, with fwctl and mlx5_fwctl built out of tree. One boot
# serves the tests below (about a minute); the guest's kernel log is kept in
# build/vm/mlx5-vfio-user.dmesg. Skipped, with the reason, when the
# environment is not installed (tools/install-deps test installs it).
load ../cli/helper

setup_file() {
	local d=$BATS_FILE_TMPDIR top envf missing=''
	top=$(cd "$BATS_TEST_DIRNAME/../.." && pwd)
	export PRMCTL_SIM_DIR=$d/sim
	if ! envf=$(sh "$top/tools/vm-env" path 2>&1); then
		echo "needs the Linux 7.x VM environment (tools/install-deps test): $envf" > "$d/skip"
		return 0
	fi
	for c in python3 cpio gzip modinfo; do
		command -v "$c" >/dev/null || [ -x "/usr/sbin/$c" ] || [ -x "/sbin/$c" ] ||
			missing="$missing $c"
	done
	[ -x "$PRMCTL" ] || missing="$missing $PRMCTL (make)"
	if [ -n "$missing" ]; then
		echo "needs$missing (tools/install-deps test)" > "$d/skip"
		return 0
	fi
	. "$envf"
	export VM_KVER
	PATH=$PATH:/usr/sbin:/sbin "$BATS_TEST_DIRNAME/build-vu-initrd.sh" "$envf" \
		"$BATS_TEST_DIRNAME/vu-init.sh" "$d/initrd.gz" 2> "$d/broken" || return 0
	# a name of its own: services of other runs may share the directory
	python3 "$BATS_TEST_DIRNAME/boot-vu.py" "$VM_QEMU" "$PRMCTL" "vu$$" "$VM_KERNEL" \
		"$d/initrd.gz" "$d/console.log" --timeout 300 --end-text "prmctl-vu: === end" \
		--append "prmctl.wait=15" \
		--commands "$d/commands.json" 2> "$d/broken" || {
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
}

# the value after "prmctl-vu: KEY " in the guest's report
says() {
	sed -n "s/^prmctl-vu: $1 //p" "$LOG" | head -1
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

@test "mlx5_core loads, binds the function and allocates its MSI-X vectors" {
	[ "$(says 'insmod mlx5_core')" = ok ] || fail "insmod mlx5_core: $(says 'insmod mlx5_core')"
	[ "$(says driver)" = mlx5_core ] || fail "bound to '$(says driver)'"
	grep -q "mlx5_core .*firmware version: 22.39.1002" "$DMESG" || fail "no firmware version line"
	! grep -q "Failed to alloc IRQs" "$DMESG" || fail "$(grep 'Failed to alloc IRQs' "$DMESG")"
	# pci_alloc_irq_vectors' vectors, and those mlx5 requested by name
	[ "$(says msi_irqs)" -gt 0 ] || fail "no MSI-X vectors allocated"
	grep -q '^prmctl-vu: interrupt .*mlx5' "$LOG" || fail "no mlx5 interrupt in /proc/interrupts"
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
