#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# The firmware's components as mlx5_core's fw version query reads them (Linux fw.c
# mlx5_fw_version_query): MCAM's mcqi and mcqs bits, MCQS's boot image, MCQI's running version.
load helper

@test "MCAM advertises MCQS and MCQI, and not the flashing registers" {
	prm -j -d sim reg read MCAM
	assert_success
	# bits 96 (0x9060 MCQS) and 97 (0x9061 MCQI) of the mask: element 0's two lowest bits;
	# 98 (MCC) and 99 (MCDA) clear
	echo "$output" | jq -e '(.fields.mng_access_reg_cap_mask[0] % 16) == 3'
}

@test "MCQS: component 0 is the boot image, the last, in use and idle; index 1 is a bad parameter" {
	prm -j -d sim reg read MCQS
	assert_success
	echo "$output" | jq -e '.id == 36960 and .fields.last_index_flag == true and
		.fields.identifier_name == "BOOT_IMG" and .fields.component_status_name == "IN_USE" and
		.fields.component_update_state_name == "IDLE"'
	prm -j -d sim reg read MCQS --index component_index=1
	assert_failure 1
	echo "$output" | jq -e '.error.reason == "reg_status" and .error.status_name == "bad parameter"'
	# the command channel's answer to the same: ACCESS_REG fails
	prm -d sim --access cmdq reg read MCQS --index component_index=1
	assert_failure 1
	[[ $stderr == *"status bad parameter(0x3)"* ]]
}

@test "MCQI VERSION: the running version's size, through ICMD and the command queue" {
	for a in icmd cmdq; do
		prm -j -d sim --model cx6dx --access $a reg read MCQI --index info_type=1 \
			--index data_size=124 --len 148
		assert_success
		echo "$output" | jq -e '.fields.info_type_name == "VERSION" and .fields.info_size == 124 and
			.fields.data_size == 124'
	done
	# no pending image, no other component, no capabilities kept
	for i in read_pending_component=1 component_index=1 info_type=0; do
		prm -d sim reg read MCQI --index info_type=1 --index $i
		assert_failure 1
	done
}
