#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# The physical side in device show and health show: the PCIe link from config space (the
# simulator's Express capability, the link-degraded fault), AER counters from sysfs, the ASIC
# temperature from MTMP (the thermal fault); null where the device cannot answer. The sensors
# as mlx5_core's hwmon walks them: MTCAP, PMLP's module, MTMP by index, its writes.
load helper

setup() {
	private_sims
}

teardown() {
	stop_sims
}

@test "device show: each model's link is its full PCIe link, x16 at its generation's rate" {
	local m want
	for m in cx5:8 cx6dx:16 cx7:32; do
		want=${m#*:}
		prm -j -d sim --model "${m%:*}" device show
		assert_success
		echo "$output" | jq -e --argjson s "$want" \
			'.link_speed_gts == $s and .link_speed_max_gts == $s and .link_width == 16 and
			 .link_width_max == 16 and .link_degraded == false and .aer == null'
	done
	prm -d sim device show
	assert_success
	assert_line --regexp '^link_speed +32 GT/s$'
	assert_line --regexp '^link_width_max +16$'
	assert_line --regexp '^link_degraded +no$'
	refute_output --partial "below the"
}

@test "link-degraded: x8 at 8 GT/s by default, a note, and health's verdict and exit stay the firmware's" {
	prm -j -d sim --inject link-degraded health show
	assert_success
	echo "$output" | jq -e '.health == "ok" and .link_speed_gts == 8 and .link_width == 8 and
		.link_speed_max_gts == 32 and .link_width_max == 16 and .link_degraded == true'
	prm -d sim --inject link-degraded health show
	assert_success
	assert_line --regexp '^link_degraded +yes$'
	assert_output --partial "trained at 8 GT/s x8, below the 32 GT/s x16 it is capable of"
	# a degraded link beside a firmware fault: the fault decides
	prm -j -d sim --inject link-degraded --inject fw-assert health show
	assert_failure 4
	echo "$output" | jq -e '.health == "fw_error" and .link_degraded == true'
}

@test "link-degraded takes width and speed, below the model's and not both at it" {
	prm -j -d sim --model cx6dx --inject link-degraded:width=16,speed=2.5 device show
	assert_success
	echo "$output" | jq -e '.link_speed_gts == 2.5 and .link_width == 16 and .link_speed_max_gts == 16 and .link_degraded'
	prm -j -d sim --inject "link-degraded:width=4 speed=16" device show
	assert_success
	echo "$output" | jq -e '.link_speed_gts == 16 and .link_width == 4'
	prm -d sim --inject link-degraded:width=3 device show
	assert_failure 2
	[[ $stderr == *"width must be 1, 2, 4, 8, 12, 16 or 32 lanes, not '3'"* ]]
	prm -d sim --inject link-degraded:speed=3 device show
	assert_failure 2
	[[ $stderr == *"speed must be 2.5, 5, 8, 16, 32 or 64 (GT/s), not '3'"* ]]
	prm -d sim --model cx5 --inject link-degraded:speed=16 device show
	assert_failure 2
	[[ $stderr == *"the cx5 trains at most x16 at 8 GT/s"* ]]
	prm -d sim --inject link-degraded:width=16,speed=32 device show
	assert_failure 2
	[[ $stderr == *"is the cx7's full link, not a degraded one"* ]]
	prm -d sim --inject link-degraded:lanes=4 device show
	assert_failure 2
	[[ $stderr == *"unknown argument 'lanes=4' (width=N, speed=GT)"* ]]
}

@test "link-degraded on a service: sim status names it as it can be injected again; clear restores the link" {
	"$PRMCTL" sim start lab --model cx6dx >/dev/null
	prm sim inject lab link-degraded:width=4
	assert_success
	prm -j sim status lab
	echo "$output" | jq -e '.faults == ["link-degraded:width=4 speed=8"]'
	prm -j -d sim:lab health show
	assert_success
	echo "$output" | jq -e '.link_width == 4 and .link_speed_gts == 8 and .link_degraded'
	prm sim clear lab link-degraded
	assert_success
	prm -j -d sim:lab device show
	echo "$output" | jq -e '.link_width == 16 and .link_speed_gts == 16 and .link_degraded == false'
	prm sim inject lab "link-degraded:width=4 speed=8"
	assert_success
	prm -j -d sim:lab device show
	echo "$output" | jq -e '.link_width == 4'
}

@test "temperature: 55 degC, its maximum and warning threshold, from MTMP" {
	prm -j -d sim device show
	assert_success
	echo "$output" | jq -e '.temperature_c == 55 and .temperature_max_c == 58 and .temperature_warning_c == 105'
	prm -j -d sim reg read MTMP
	assert_success
	echo "$output" | jq -e '.id == 36874 and .fields.temperature == 440 and .fields.temp_threshold_hi == 840'
	prm -d sim health show
	assert_success
	assert_line --regexp '^temperature_c +55$'
	refute_output --partial "°C"
}

@test "thermal: the ASIC reads past its warning threshold and the verdict's note says so" {
	prm -j -d sim --inject thermal health show
	assert_failure 4
	echo "$output" | jq -e '.health == "thermal" and .temperature_c == 118 and
		.temperature_c > .temperature_warning_c and .temperature_max_c == 118'
	prm -d sim --inject thermal health show
	assert_failure 4
	assert_output --partial "The ASIC reads 118 °C now (warning at 105 °C)"
	prm -j -d sim --inject thermal reg read MTMP
	echo "$output" | jq -e '.fields.temperature == 944'
}

@test "nothing to read is null in JSON, absent in text, never an error: image, gone device" {
	"$PRMCTL" -d sim initseg dump -o "$BATS_TEST_TMPDIR/seg.bin" >/dev/null
	prm -j -d "image:$BATS_TEST_TMPDIR/seg.bin" health show
	assert_success
	echo "$output" | jq -e '.link_speed_gts == null and .link_degraded == null and .aer == null and
		.temperature_c == null and .temperature_max_c == null'
	prm -d "image:$BATS_TEST_TMPDIR/seg.bin" device show
	assert_success
	refute_output --partial "link_"
	refute_output --partial "temperature"
	prm -j -d sim --inject device-gone health show
	assert_failure 4
	echo "$output" | jq -e '.health == "pci_gone" and .link_speed_gts == null and .temperature_c == null'
	prm -d sim --inject device-gone health show
	refute_output --partial "link_"
	[ -z "$stderr" ] || [[ $stderr != *MTMP* ]]
}

@test "a register the device refuses leaves the temperature null; the command still succeeds" {
	prm -j -d sim --access cmdq --inject cmd-status:ACCESS_REG,0x2,0x1234 health show
	assert_success
	echo "$output" | jq -e '.health == "ok" and .temperature_c == null and .link_speed_gts == 32'
	prm -d sim --access cmdq --inject cmd-status:ACCESS_REG,0x2,0x1234 device show
	assert_success
	refute_output --partial "temperature"
	[[ $stderr != *ACCESS_REG* ]]
}

@test "collect: a degraded link is a finding with both links; a thermal one carries the temperature" {
	cd "$BATS_TEST_TMPDIR"
	: > clean.log
	prm -j -d sim --inject link-degraded collect --trace-seconds 0 --kernel-log clean.log -o o/
	assert_failure 4
	echo "$output" | jq -e '.devices[0].health == "ok" and ([.findings[] | select(.what == "pcie_link_degraded")
		| .text | contains("8 GT/s x8, capable of 32 GT/s x16")] == [true])'
	jq -e '.link_degraded and .link_width == 8' o/sim/device.json
	prm -j -d sim --inject thermal collect --trace-seconds 0 --kernel-log clean.log -o t/
	assert_failure 4
	echo "$output" | jq -e '(.devices[0].temperature_c | tonumber) == 118 and
		(.findings[0].text | contains("118.0 C"))'
}

@test "MTCAP maps the ASIC's sensor; MTMP answers the cages' sensors with zeros and refuses other indexes" {
	prm -j -d sim reg read MTCAP
	assert_success
	echo "$output" | jq -e '.id == 36873 and .fields.sensor_count == 1 and .fields.sensor_map == 1'
	# cage 0's sensor, 64 + module: no module that measures, so all zeros but the index
	prm -j -d sim reg read MTMP --index sensor_index=64
	assert_success
	echo "$output" | jq -e '.fields.sensor_index == 64 and .fields.temperature == 0 and
		.fields.max_temperature == 0 and .fields.sensor_name_hi == 0'
	# not in sensor_map: bad parameter, over ICMD and as ACCESS_REG's status and syndrome
	prm -j -d sim reg read MTMP --index sensor_index=1
	assert_failure 1
	echo "$output" | jq -e '.error.status == 7 and .error.register == "MTMP"'
	prm -j -d sim --access cmdq reg read MTMP --index sensor_index=66
	assert_failure 1
	echo "$output" | jq -e '.error.status == 3 and .error.syndrome == 134545415'	# 0x8050007
}

@test "PMLP: the function's local port 1 is four lanes of cage 0; another port is refused" {
	prm -j -d sim reg read PMLP --index local_port=1
	assert_success
	echo "$output" | jq -e '.id == 20482 and .fields.width == 4 and .fields.width_name == "x4" and
		[.fields.lane_module_mapping[0:4][] | .module] == [0, 0, 0, 0] and
		[.fields.lane_module_mapping[0:4][] | .tx_lane] == [0, 1, 2, 3]'
	prm -j -d sim reg read PMLP --index local_port=2
	assert_failure 1
	echo "$output" | jq -e '.error.status == 7 and .error.register == "PMLP"'
}

@test "MTMP writes: mtr restarts the maximum from the reading, mte off makes it reserved (0)" {
	"$PRMCTL" sim start lab >/dev/null
	prm -j -d sim:lab reg read MTMP
	echo "$output" | jq -e '.fields.mte == true and .fields.max_temperature == 464'
	prm -j -d sim:lab --write reg write MTMP mtr=1
	assert_success
	echo "$output" | jq -e '.fields.mtr == false and .fields.mte == true and
		.fields.max_temperature == 440 and .fields.temp_threshold_hi == 840'
	prm -j -d sim:lab --write reg write MTMP mte=0
	assert_success
	prm -j -d sim:lab reg read MTMP
	echo "$output" | jq -e '.fields.mte == false and .fields.max_temperature == 0'
	prm -j -d sim:lab --write reg write MTMP mte=1
	echo "$output" | jq -e '.fields.mte == true and .fields.max_temperature == 440'
}
