#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# prmctl devlink on this host: names, usage and the refusals that come
# before any netlink; and, where the kernel has no devlink family (this
# container), the clear "not available". The real kernel's answers are
# tested in the VM (tests/kernel/devlink.bats).
load helper

# does this kernel have devlink? (then "not available" cannot be seen here)
have_devlink() {
	! "$PRMCTL" -d netdevsim/none devlink info 2>&1 | grep -q "devlink not available"
}

@test "no devlink family: exit 3, 'devlink not available', the JSON error says so" {
	have_devlink && skip "this kernel has a devlink family"
	prm -d netdevsim/netdevsim1 devlink info
	assert_failure 3
	[[ $stderr == *"devlink not available: the kernel has no such generic netlink family"* ]]
	prm -j -d pci/0000:00:00.0 devlink reporters
	assert_failure 3
	prm -j -d netdevsim/netdevsim1 devlink region list
	assert_failure 3
	echo "$output" | jq -e '.error.reason == "not_available" and .error.code == 3'
	prm -d netdevsim/netdevsim1 health show
	assert_failure 3
	[[ $stderr == *"devlink not available"* ]]
}

@test "a devlink handle is a device name; bad ones are named" {
	prm -d netdevsim/netdevsim1 health show --access pci
	assert_failure 3
	[[ $stderr == *"access path 'pci' is not available for a devlink instance"* ]]
	prm -d a/b/c devlink info
	assert_failure 3
	[[ $stderr == *"'a/b/c' is not a devlink handle"* ]]
	prm -d /x devlink info
	assert_failure 3
	[[ $stderr == *"is not a devlink handle"* ]]
}

@test "devlink commands on the simulator: it has no devlink instance, and says where to look" {
	prm -d sim devlink info
	assert_failure 3
	[[ $stderr == *"access path 'devlink' is not available for the simulated adapter"* ]]
	prm -d sim devlink reporters --access pci
	assert_failure 2
	[[ $stderr == *"devlink commands read devlink only"* ]]
}

@test "state changes need --write before anything is sent" {
	prm -d netdevsim/netdevsim1 devlink recover dummy
	assert_failure 2
	[[ $stderr == *"add --write"* ]]
	prm -d netdevsim/netdevsim1 devlink region snapshot dummy -o "$BATS_TEST_TMPDIR/s.bin"
	assert_failure 2
	[[ $stderr == *"add --write"* ]]
	prm -d netdevsim/netdevsim1 devlink region del dummy --snapshot 1
	assert_failure 2
	[ ! -e "$BATS_TEST_TMPDIR/s.bin" ]
}

@test "every devlink state change: without --write exit 2, needs_write; --write lets it through to devlink" {
	local f=$BATS_TEST_TMPDIR/s.bin v
	for v in "recover dummy" "region snapshot dummy -o $f" "region del dummy --snapshot 1"; do
		# shellcheck disable=SC2086 # the verb and its arguments, split
		prm -j -d netdevsim/none devlink $v
		assert_failure 2
		echo "$output" | jq -e '.error.reason == "needs_write" and .error.code == 2' ||
			fail "devlink $v: $output"
		[[ $stderr == *"add --write"* ]] || fail "devlink $v: $stderr"
		# past the refusal: devlink itself answers (no family here, or no such instance)
		# shellcheck disable=SC2086
		prm -j -d netdevsim/none --write devlink $v
		assert_failure 3
		echo "$output" | jq -e '.error.reason == "not_available" or .error.reason == "not_found"' ||
			fail "devlink $v --write: $output"
	done
	[ ! -e "$f" ]
}

@test "devlink usage: a reporter and a snapshot must be named, once" {
	prm -d netdevsim/netdevsim1 devlink recover --write
	assert_failure 2
	[[ $stderr == *"which reporter?"* ]]
	prm -d netdevsim/netdevsim1 devlink recover a b --write
	assert_failure 2
	[[ $stderr == *"one reporter at a time"* ]]
	prm -d netdevsim/netdevsim1 devlink region read dummy
	assert_failure 2
	[[ $stderr == *"which snapshot? (--snapshot ID"* ]]
	prm -d netdevsim/netdevsim1 devlink region read dummy --snapshot 0x1ffffffff
	assert_failure 2
	[[ $stderr == *"a snapshot id is 0 to 4294967295"* ]]
	prm -d netdevsim/netdevsim1 devlink region nope
	assert_failure 2
	[[ $stderr == *"unknown verb 'nope'"* ]]
}

@test "'dev' is now ambiguous: device and devlink" {
	prm dev
	assert_failure 2
	[[ $stderr == *"'dev' is ambiguous: device, devlink"* ]]
}

@test "health watch --access devlink follows one device only" {
	prm health watch --access devlink --all
	assert_failure 2
	[[ $stderr == *"follows one device"* ]]
}
