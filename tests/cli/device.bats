#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# prmctl device list | show: the real PCI tree, the simulator, images, bad names.
load helper

setup() {
	T=$BATS_TEST_TMPDIR
}

# a BAR0 image of a ConnectX-6 Dx after a firmware assert, bytes placed by hand
make_image() {
	zero_file "$T/bar0.bin" 16384
	put_bytes "$T/bar0.bin" 0x00 00 27 00 16     # fw_rev minor 39, major 22
	put_bytes "$T/bar0.bin" 0x04 00 05 03 ea     # cmdif 5, subminor 1002
	put_bytes "$T/bar0.bin" 0x14 00 00 00 56     # log_cmdq_size 5, stride 6
	put_bytes "$T/bar0.bin" 0x234 00 00 02 12    # health hw_id 0x212
	put_bytes "$T/bar0.bin" 0x238 8a             # rfr, valid, severity 2
	put_bytes "$T/bar0.bin" 0x23c 00 01 00 00    # synd 1
	put_bytes "$T/bar0.bin" 0x1010 00 00 30 39   # health counter 12345
}

@test "device list reads the real PCI tree and agrees with lspci" {
	local want
	want=$(lspci -D -n -d 15b3: | wc -l)
	prm -j device list
	assert_success
	assert_json_doc
	echo "$output" | jq -e ".devices | length == $want"
	for bdf in $(lspci -D -n -d 15b3: | cut -d' ' -f1); do
		echo "$output" | jq -e --arg b "$bdf" '[.devices[].pci_address] | index($b) != null'
	done
}

@test "device list in text says plainly when there is nothing" {
	[ "$(lspci -n -d 15b3: | wc -l)" -eq 0 ] || skip "this machine has ConnectX functions"
	prm device list
	assert_success
	assert_output "No ConnectX (vendor 0x15b3) PCI functions found."
	prm device
	assert_success
	assert_output "No ConnectX (vendor 0x15b3) PCI functions found."
}

@test "without -d and without devices a device command exits 3" {
	[ "$(lspci -n -d 15b3: | wc -l)" -eq 0 ] || skip "this machine has ConnectX functions"
	prm device show
	assert_failure 3
	[[ $stderr == *"no ConnectX device found"* ]]
}

@test "device show -d sim describes the simulated adapter" {
	prm device show -d sim
	assert_success
	assert_output --regexp "model +ConnectX-7"
	assert_output --regexp "access +sim"
	assert_output --regexp "fw_version +28\.41\.1000"
	assert_output --regexp "cmd_interface_rev +5"
	prm -j device show -d sim
	assert_success
	echo "$output" | jq -e '.model == "ConnectX-7" and .device_id == 4129 and .state == "ready" and .chip == "ConnectX-7"'
}

@test "device show -d image:FILE works offline on a saved BAR0" {
	make_image
	prm -d "image:$T/bar0.bin" device show
	assert_success
	assert_output --regexp "access +image"
	assert_output --regexp "fw_version +22\.39\.1002"
	assert_output --regexp "synd +0x1 \(firmware internal error\)"
	assert_output --regexp "chip +ConnectX-6 Dx"
	assert_output --regexp "health_counter +12345"
	prm -j -d "image:$T/bar0.bin" device show
	assert_success
	echo "$output" | jq -e '.fw_version == "22.39.1002" and .synd == 1 and .hw_id == 530 and .bar0_bytes == 16384'
}

@test "an all-ones image is a device gone, not decoded data" {
	head -c 8208 /dev/zero | tr '\0' '\377' > "$T/gone.bin"
	prm -j -d "image:$T/gone.bin" device show
	assert_success
	echo "$output" | jq -e '.state == "pci_gone" and .fw_version == null'
}

@test "an image smaller than the initialization segment exits 3 with sizes" {
	zero_file "$T/small.bin" 4096
	prm -d "image:$T/small.bin" device show
	assert_failure 3
	[[ $stderr == *"4096 bytes"*"8208-byte initialization segment"* ]]
}

@test "a missing image exits 3 naming the file" {
	prm -j -d "image:$T/none.bin" device show
	assert_failure 3
	echo "$output" | jq -e '.error.code == 3 and .error.reason == "not_found"'
	[[ $stderr == *"image:$T/none.bin: No such file or directory"* ]]
}

@test "an unknown device name exits 3 with the reason" {
	prm -d mlx5_99 device show
	assert_failure 3
	[[ $stderr == *"mlx5_99: no such device"* ]]
	prm -j -d mlx5_99 device show
	assert_failure 3
	echo "$output" | jq -e '.error.code == 3 and .error.reason == "not_found"'
}

@test "a PCI address with nothing there exits 3" {
	prm -d 0000:fe:1f.7 device show
	assert_failure 3
	[[ $stderr == *"0000:fe:1f.7: no such PCI device"* ]]
}

@test "a malformed device name exits 3 and says what forms exist" {
	prm -d 3b:00.9 device show
	assert_failure 3
	[[ $stderr == *"not a PCI address"* ]]
	prm -d "a b" device show
	assert_failure 3
	[[ $stderr == *"mlx5_N, netdev"* ]]
}

@test "a PCI function that is not a ConnectX exits 3" {
	local bdf
	bdf=$(lspci -D -n | awk '$3 !~ /^15b3:/ {print $1; exit}')
	[ -n "$bdf" ] || skip "no PCI functions at all"
	prm -d "$bdf" device show
	assert_failure 3
	[[ $stderr == *"is not a ConnectX function"* ]]
}

@test "a netdev without a PCI device exits 3" {
	prm -d lo device show
	assert_failure 3
	[[ $stderr == *"lo"* ]]
}

@test "a running simulator that does not exist exits 3" {
	prm -d sim:nosuch device show
	assert_failure 3
	[[ $stderr == *"sim:nosuch"* ]]
}

@test "an unknown access path is a usage error" {
	prm --access carrier-pigeon -d sim device show
	assert_failure 2
	[[ $stderr == *"unknown access path 'carrier-pigeon'"* ]]
}

@test "-q drops notes for people but keeps results" {
	[ "$(lspci -n -d 15b3: | wc -l)" -eq 0 ] || skip "this machine has ConnectX functions"
	prm -q device list
	assert_success
	assert_output ""
	prm -q -d sim device show
	assert_success
	assert_output --partial "fw_version"
}

@test "an all-zero image is unrecognized, not ready" {
	zero_file "$T/zero.bin" 8208
	prm -j -d "image:$T/zero.bin" device show
	assert_success
	echo "$output" | jq -e '.state == "unrecognized" and .cmd_interface_rev == 0'
}

@test "an image takes its model from the chip its hw_id names" {
	make_image
	prm -j -d "image:$T/bar0.bin" device show
	echo "$output" | jq -e '.model == "ConnectX-6 Dx" and .fw_version_source == "bar0"'
}

@test "--access that the device cannot use exits 3 for every kind" {
	make_image
	prm --access fwctl -d sim device show
	assert_failure 3
	[[ $stderr == *"access path 'fwctl' is not available"* ]]
	prm --access pci -d "image:$T/bar0.bin" device show
	assert_failure 3
	prm --access pci -d sim device show
	assert_success
}

@test "a PCI address is named once in messages" {
	prm -d 3b:1f.7 device show
	assert_failure 3
	[[ $stderr == *"3b:1f.7 (0000:3b:1f.7): no such PCI device"* ]]
	prm -d 0000:3b:1f.7 device show
	[[ $stderr == *"prmctl: 0000:3b:1f.7: no such PCI device"* ]]
}

@test "device show says the health status health show says, by the same names" {
	local f dev hl
	for f in "" "--inject fw-assert:synd=0x1" "--inject thermal" "--inject device-gone" \
		 "--inject health-stall"; do
		# shellcheck disable=SC2086
		prm -j -d sim $f device show
		assert_success
		dev=$(echo "$output" | jq -r .health)
		# shellcheck disable=SC2086
		prm -j -d sim $f health show
		hl=$(echo "$output" | jq -r .health)
		[ "$dev" = "$hl" ] || fail "$f: device show says $dev, health show $hl"
	done
	[ "$dev" = "fw_unresponsive" ]
	prm -j -d sim --inject device-gone device show
	echo "$output" | jq -e '.health == "pci_gone" and .state == "pci_gone" and (has("health_counter") | not)'
}

@test "device show reads the PSID from MGIR when no driver gives it" {
	prm -j -d sim --model cx6dx reg read MGIR
	local psid
	psid=$(echo "$output" | jq -r '.fields.fw_info.psid')
	[[ $psid == SIM* ]]
	prm -j -d sim --model cx6dx device show
	assert_success
	echo "$output" | jq -e --arg p "$psid" '.psid == $p and .psid_source == "mgir"'
	prm -d sim --model cx6dx device show
	assert_output --regexp $'\npsid +'"$psid"$'\npsid_source +mgir\n'
	# an image holds no registers, a gone function answers none: null, no error
	"$PRMCTL" -d sim initseg dump -o "$T/seg.bin" >/dev/null
	prm -j -d "image:$T/seg.bin" device show
	echo "$output" | jq -e '.psid == null and .psid_source == null and (has("psid_error") | not)'
	prm -j -d sim --inject device-gone device show
	echo "$output" | jq -e '.psid == null'
}

@test "device bind: a driver or --restore, not both, not neither; only a PCI function; the rest of it runs in tests/kernel/vfio.bats" {
	prm -d sim device bind
	assert_failure 2
	[[ $stderr == *"name the driver (vfio-pci, mlx5_core) or give --restore"* ]]
	prm -d sim device bind vfio-pci --restore
	assert_failure 2
	prm -d sim device bind vfio-pci mlx5_core
	assert_failure 2
	[[ $stderr == *"unexpected argument 'mlx5_core' (one driver)"* ]]
	prm -j -d sim --write device bind vfio-pci
	assert_failure 2
	echo "$output" | jq -e '.error.reason == "usage"'
	[[ $stderr == *"sim: device bind takes a PCI function, not sim"* ]]
	prm -d sim device bind vfio-pci --wait 0
	assert_failure 2
}

@test "--access vfio: not for the simulator, and named among the paths" {
	prm -j -d sim --access vfio caps general
	assert_failure 3
	echo "$output" | jq -e '.error.reason == "no_access_path"'
	[[ $stderr == *"access path 'vfio' is not available for the simulated adapter"* ]]
	prm -d sim --access vfi caps general
	assert_failure 2
	[[ $stderr == *"did you mean 'vfio'? (fwctl, pci, devlink, cmdq, icmd, vfio)"* ]]
}
