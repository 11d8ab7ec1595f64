#!/bin/busybox sh
# shellcheck shell=dash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# vfio.bats's steps, run in the 7.x guest (a virtual IOMMU before the
# simulator) by vu-init.sh: the dead-driver case. The simulator refuses
# mlx5_core's SET_HCA_CAP (cmd-status, injected at boot), so the driver's
# probe fails and leaves the function unbound; prmctl binds it to vfio-pci
# and runs the command queue itself; faults mid-command; then the host
# clears the fault on cue and mlx5_core probes the function again. Each step
# is one frame (frames.sh) on the second serial port.
# shellcheck source=/dev/null
. /frames.sh
# shellcheck source=/dev/null
. /cues.sh
: "${FN:?vu-init.sh gives the address of the function}"
P="prmctl -j -d $FN"
V="prmctl -j --access vfio -d $FN"

# the driver's probe, failed: what the kernel said, and no driver left
T=100 step probe_failed sh -c "t=0; until dmesg | grep -q 'mlx5_core $FN: probe with driver mlx5_core failed'; do
		[ \$t -ge 90 ] && break; sleep 1; t=\$((t + 1)); done
	dmesg | grep 'mlx5_core $FN'
	if [ -e /sys/bus/pci/devices/$FN/driver ]; then echo driver bound; else echo driver none; fi"
step iommu sh -c "readlink /sys/bus/pci/devices/$FN/iommu_group; dmesg | grep -c 'DMAR: IOMMU enabled'"
step device_show_unbound $P device show
step vfio_unbound $V caps general

# binding: refused without --write (saying what), done with it, idempotent
step bind_no_write $P device bind vfio-pci
step bind $P --write device bind vfio-pci
step bind_again $P --write device bind vfio-pci
step bound sh -c "echo driver \$(basename \"\$(readlink /sys/bus/pci/devices/$FN/driver)\"); ls /dev/vfio"
step vfio_busy_group_open sh -c "exec 3<>/dev/vfio/\$(basename \$(readlink /sys/bus/pci/devices/$FN/iommu_group)); prmctl -j --access vfio -d $FN probe"

# every command-channel command through prmctl's own queue over VFIO
step caps_general $V caps general
step caps_general_max $V caps general --max
step probe $V probe
step query_adapter $V cmd QUERY_ADAPTER
step reg_mgir $V reg read MGIR
step esw_functions $V esw functions
step nvmf_ns $V nvmf ns
step dct $V --write dct create
step qp_selftest $V --write qp selftest --pairs 2 --cycles 3
T=60 step trace_capture prmctl --access vfio -d "$FN" --write trace capture -o /tmp/vfio.trace --duration 1
step trace_decode prmctl -j trace decode /tmp/vfio.trace
step device_show_vfio $V device show
step health_vfio $V health show
# the driver's failure, reproduced by hand: SET_HCA_CAP refused
step set_hca_cap $V --write cmd SET_HCA_CAP

# a command the firmware never completes (cmd-hang at boot): the queue's
# bound, then a clean teardown
step hang $V --write --timeout 2s cmd QUERY_CONG_STATUS
step after_hang $V cmd QUERY_ADAPTER
# SIGINT while a slow command (cmd-slow, 6 s) runs: it stops, tears down
step sigint sh -c "prmctl -j --access vfio -d $FN --write cmd QUERY_CONG_PARAMS > /tmp/sigint.out 2> /tmp/sigint.err &
	p=\$!; sleep 2; kill -INT \$p; wait \$p; echo rc=\$?; cat /tmp/sigint.err"
# the firmware asks for more pages while a slow command runs (the host
# injects page-request:8 on cue): answered from the polled event queue
T=60 step page_request sh -c ". /cues.sh; prmctl -j --access vfio -d $FN --write cmd QUERY_CONG_PARAMS > /tmp/pr.out 2> /tmp/pr.err &
	p=\$!; sleep 2; cue page-request:8; wait \$p; echo rc=\$?; cat /tmp/pr.err"
# the device leaves the bus mid-command (the host injects on cue while the
# command hangs; it clears once prmctl said so: vfio-pci's reset on close
# waits for the function to answer again)
T=60 step gone sh -c ". /cues.sh; prmctl -j --access vfio -d $FN --write --timeout 40s cmd QUERY_CONG_STATUS > /tmp/gone.out 2> /tmp/gone.err &
	p=\$!; sleep 1; cue device-gone
	t=0; until grep -q 'not responding' /tmp/gone.err || [ \$t -ge 200 ]; do sleep 0.1; t=\$((t + 1)); done
	cue clear-device-gone; wait \$p; echo rc=\$?; cat /tmp/gone.err"
T=60 step after_gone sh -c "t=0; until prmctl --access vfio -d $FN cmd NOP >/dev/null 2>&1 || [ \$t -ge 40 ]; do sleep 1; t=\$((t + 1)); done
	prmctl -j --access vfio -d $FN cmd QUERY_ADAPTER"

# the support bundle: vfio-pci bound, so its commands go through VFIO
T=240 step collect prmctl -d "$FN" collect -o /tmp/bundle/ --crdumps 0 --trace-seconds 0
step collect_manifest sh -c 'cat /tmp/bundle/manifest.json'
step collect_files sh -c 'ls /tmp/bundle/0000_*/'

# what a --access vfio run costs here, against the same binary's in-process
# simulator (TCG: every BAR access is a trip to the host's simulator)
step timing sh -c "for a in '-d sim' '--access vfio -d $FN'; do
		t0=\$(cut -d' ' -f1 /proc/uptime)
		for i in 1 2 3 4 5; do prmctl \$a cmd NOP > /dev/null || echo failed; done
		echo \"\$a \$t0 \$(cut -d' ' -f1 /proc/uptime)\"
	done"
# while a process holds the group no other driver can take the function: refused
step restore_busy sh -c "sleep 30 3<>/dev/vfio/\$(basename \$(readlink /sys/bus/pci/devices/$FN/iommu_group)) &
	s=\$!; sleep 1; prmctl -j -d $FN --write device bind --restore; rc=\$?; kill \$s; exit \$rc"

# the fault cleared on the host: mlx5_core takes the function back and probes it
cue clear-cmd-status
sleep 2
T=120 step restore $P --write device bind --restore --wait 100s
T=60 step restored sh -c "echo driver \$(basename \"\$(readlink /sys/bus/pci/devices/$FN/driver)\"); t=0
	until [ -e /dev/fwctl/fwctl0 ] || [ \$t -ge 40 ]; do sleep 1; t=\$((t + 1)); done
	ls /dev/fwctl; devlink -j dev info pci/$FN"
step caps_after_restore prmctl -j -d fwctl0 caps general
step restore_again $P --write device bind --restore
step not_vfio_now $V caps general
frames_end
