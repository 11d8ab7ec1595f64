#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# prmctl on a locked-down host (issue 22, item 6): the 7.x guest of
# beside-driver.bats booted with lockdown=integrity, mlx5_core bound to the
# simulator over vfio-user, prmctl ($PRMCTL: the normal or the ASan+UBSan
# build) in the initramfs. The kernel refuses user space BAR0 (resource0
# mmap) and config-space writes, so the gateway and ICMD; prmctl must use
# devlink and fwctl instead and say which path it used and why the others
# were refused. Lockdown also refuses unsigned modules: the out-of-tree
# fwctl.ko and mlx5_fwctl.ko do not load, so there is no fwctl either (a
# host has it under lockdown only where its distribution signed it).
# vu-init.sh runs lockdown-scenario.sh once the probe is done (after its 60 s
# wait for a fwctl node that never comes).
# One boot, under a minute. Skipped, with the reason, when the VM
# environment is not installed (tools/install-deps test installs it).
load ../cli/helper
load vu-env
load keys

setup_file() {
	local d=$BATS_FILE_TMPDIR envf t0 t1
	vu_sanitizer_env
	envf=$(vu_env "$d/skip" jq) || return 0
	. "$envf"
	t0=$(date +%s)
	vu_scenario "$d" "$envf" lockdown-scenario.sh "lkd$$" "prmctl.wait=15 lockdown=integrity" \
		--status "$d/status.json" || return 0
	t1=$(date +%s)
	echo "# Linux $VM_KVER, lockdown=integrity, $(wc -l < "$d/steps/steps") steps, $((t1 - t0)) s" >&3
}

setup() {
	vu_steps_setup
}

@test "the guest is locked down (integrity) and ran every step; the kernel refused our unsigned fwctl modules and logged what it refused" {
	[ "$(wc -l < "$S/steps")" -ge 15 ]
	grep -q "\[integrity\]" "$S/lockdown.out"
	grep -q "Lockdown: prmctl: " "$S/dmesg_lockdown.out" ||
		fail "no refusal logged: $(cat "$S/dmesg_lockdown.out")"
	# fwctl.ko and mlx5_fwctl.ko are built out of tree, unsigned: a
	# locked-down host has fwctl only where its distribution signed it
	grep -q "unsigned module loading is restricted" "$S/dmesg_lockdown.out"
	[ "$(cat "$S/fwctl_nodes.out")" = "" ]
}

@test "device list and show: the kernel's names, BAR0 refused as lockdown's, the firmware version from devlink" {
	jqt device_list ".devices[0].pci_address == \"$FN\" and .devices[0].driver == \"mlx5_core\""
	jqt device_list '.devices[0].fw_version == "22.39.1002"'
	jqt device_show '.bar0_error | test("kernel lockdown .integrity. forbids BAR0 access")'
	jqt device_show '.fw_version == "22.39.1002" and .fw_version_source == "devlink"'
	jqt device_show ".devlink_view.devlink == \"pci/$FN\" and .fwctl == []"
}

@test "health: over devlink, saying BAR0 was refused by lockdown (JSON and text); the watch too" {
	jqt health '.access == "devlink" and .health == "ok" and (.bar0_error | test("kernel lockdown .integrity."))'
	# the note first, in the text itself
	[ "$(head -1 "$S/health_text.out")" = "$FN: kernel lockdown (integrity) forbids BAR0 access from user space; reading the driver's view over devlink instead" ] ||
		fail "$(head -3 "$S/health_text.out")"
	rc_is watch 0
	jq -s -e 'all(.access == "devlink")' "$S/watch.out"
	jq -s -e '.[0].event == "started" and (.[0].bar0_error | test("lockdown"))' "$S/watch.out"
}

@test "BAR0, the gateway, ICMD: refused (exit 3) naming lockdown, not a missing root" {
	local n
	for n in initseg cr_read reg_mgir_icmd reg_mgir trace_status; do
		rc_is $n 3
		grep -q "kernel lockdown (integrity) forbids" "$S/$n.err" || fail "$n: $(cat "$S/$n.err")"
		! grep -q "root needed" "$S/$n.err" || fail "$n: $(cat "$S/$n.err")"
	done
	jq -e '.error.reason == "lockdown"' "$S/cr_read.out" "$S/reg_mgir.out" > /dev/null
	grep -q "forbids config-space writes from user space: the gateway (cr-space, ICMD) is closed" \
		"$S/reg_mgir.err" || fail "$(cat "$S/reg_mgir.err")"
}

@test "commands without fwctl and without the gateway: refused (exit 3), saying there is no command channel" {
	rc_is caps_general 3
	grep -q "the command queue is mlx5_core's: other commands need fwctl, and this function has no fwctl node" \
		"$S/caps_general.err" || fail "$(cat "$S/caps_general.err")"
}

@test "collect: a bundle from devlink, each refused piece recorded with its reason; lockdown.txt; verdict ok here and on the host" {
	local b=$BATS_TEST_TMPDIR/b dev m
	rc_is collect 0
	mkdir -p "$b"
	tar -C "$b" -xf "$S/collect_bundle.out"
	m=$b/bundle/manifest.json
	dev=$(echo "$b"/bundle/0000_*)
	grep -q "\[integrity\]" "$b/bundle/host/lockdown.txt"
	jq -e '.access == "devlink"' "$dev/health-1.json"
	jq -e '.reporters | length == 3' "$dev/devlink-reporters.json"
	# the images and cr dumps the kernel refused: failed, each naming lockdown
	jq -e '[.devices[0].failed[] | select(.step | test("^(initseg|crdump)"))] |
		length >= 2 and all(.reason | test("lockdown"))' "$m" ||
		fail "$(jq -c '.devices[0].failed' "$m")"
	# the gateway beside mlx5_core: not without --write, whatever lockdown says
	jq -e '[.devices[0].skipped[] | select(.step == "crdump")][0].reason | test("shares the gateway")' "$m"
	jqt collect_analyze '.verdict == "ok"'
	run "$PRMCTL" -j collect --analyze "$b/bundle"
	[ "$status" -eq 0 ]
	[ "$(echo "$output" | jq -S -c 'del(.bundle)')" = "$(jq -S -c 'del(.bundle)' "$S/collect_analyze.out")" ]
}

@test "prmctl and the simulator service reported no sanitizer error" {
	vu_no_sanitizer_report
}
