#!/bin/busybox sh
# shellcheck shell=dash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# beside-driver.bats's steps, run in the 7.x guest by vu-init.sh once
# mlx5_core has probed the simulator and /dev/fwctl/fwctl0 is there: prmctl
# as a customer runs it, beside the bound driver. Each step is one frame
# (frames.sh) on the second serial port.
# shellcheck source=/dev/null
. /frames.sh
FN=
for d in /sys/bus/pci/devices/*; do
	[ "$(cat "$d/vendor")" = 0x15b3 ] && FN=$(basename "$d")
done

# names as the kernel made them; the tests compare prmctl's with these
step sysfs_names sh -c "echo driver \$(basename \$(readlink /sys/bus/pci/devices/$FN/driver));
	echo fwctl \$(ls /sys/bus/pci/devices/$FN/fwctl 2>/dev/null);
	echo net \$(ls /sys/bus/pci/devices/$FN/net 2>/dev/null);
	echo infiniband \$(ls /sys/bus/pci/devices/$FN/infiniband 2>/dev/null);
	echo modules \$(cut -d' ' -f1 /proc/modules)"
step devlink_dev devlink -j dev show
step devlink_info devlink -j dev info "pci/$FN"
step tainted_before cat /proc/sys/kernel/tainted

# item 1: the function named as the kernel does
step device_list prmctl -j device list
step device_show prmctl -j -d "$FN" device show
step device_show_fwctl prmctl -j -d fwctl0 device show

# item 2: fwctl through the real mlx5_fwctl, read-only
step caps_general prmctl -j -d fwctl0 caps general
step caps_general_max prmctl -j -d fwctl0 caps general --max
step probe prmctl -j -d fwctl0 probe
step query_adapter prmctl -j -d fwctl0 cmd QUERY_ADAPTER
step esw_functions prmctl -j -d fwctl0 esw functions
step nvmf_ns prmctl -j -d fwctl0 nvmf ns
step reg_mgir prmctl -j -d fwctl0 reg read MGIR
step reg_mgir_pci prmctl -j -d "$FN" --access fwctl reg read MGIR
step query_adapter_pci prmctl -j -d "$FN" cmd QUERY_ADAPTER
step tainted_reads cat /proc/sys/kernel/tainted

# scopes: what the kernel's allowlist refuses, with and without --write
step create_mkey prmctl -j -d fwctl0 cmd CREATE_MKEY
step create_mkey_write prmctl -j -d fwctl0 --write cmd CREATE_MKEY
step destroy_dct_write prmctl -j -d fwctl0 --write cmd DESTROY_DCT
step tainted_refused cat /proc/sys/kernel/tainted
# with --write a read stays at debug-read-only, a register write goes at
# configuration (the kernel passes it at any scope): neither taints
step reg_mgir_write prmctl -j -d fwctl0 --write reg read MGIR
step query_adapter_write prmctl -j -d fwctl0 --write cmd QUERY_ADAPTER
step mtmp_write prmctl -j -d fwctl0 --write reg write MTMP mtr=1
step mtmp_write_refused prmctl -j -d fwctl0 reg write MTMP mtr=1
step tainted_write_reads cat /proc/sys/kernel/tainted
# the one command the kernel passes only at debug-write, last: it taints
step set_diag prmctl -j -d fwctl0 cmd SET_DIAGNOSTIC_PARAMS
step set_diag_write prmctl -j -d fwctl0 --write cmd SET_DIAGNOSTIC_PARAMS
step tainted_after cat /proc/sys/kernel/tainted
step dmesg_fwctl sh -c 'dmesg | grep -i -E "fwctl|taint" || true'

frames_end
