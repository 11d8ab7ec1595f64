#!/bin/busybox sh
# shellcheck shell=dash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# beside-driver.bats's steps, run in the 7.x guest by vu-init.sh once
# mlx5_core has probed the simulator and /dev/fwctl/fwctl0 is there: prmctl
# as a customer runs it, beside the bound driver. Each step is one frame
# (frames.sh) on the second serial port.
# shellcheck source=/dev/null
. /frames.sh
# shellcheck source=/dev/null
. /cues.sh
: "${FN:?vu-init.sh gives the address of the function}"

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

# item 4: the kernel owns the tracer. tracefs where systemd mounts it
mount -t tracefs nodev /sys/kernel/tracing
step trace_status prmctl -j -d "$FN" trace status
step trace_capture prmctl -j -d "$FN" trace capture -o /tmp/t.trace --duration 1
step trace_capture_write prmctl -j -d "$FN" --write trace capture -o /tmp/t.trace --duration 1
step trace_stop_write prmctl -j -d "$FN" --write trace stop
step trace_kernel_off prmctl -j -d "$FN" trace kernel
step trace_kernel prmctl -j -d "$FN" --write trace kernel --duration 3s
step trace_event_after cat /sys/kernel/tracing/events/mlx5/mlx5_fw/enable
step trace_status_after prmctl -j -d "$FN" trace status

# LeakSanitizer cannot run under ptrace: an ASan build's leak check is off under strace
NOLEAK="detect_leaks=0${ASAN_OPTIONS:+:$ASAN_OPTIONS}"

# item 3: the real reporters, faults injected from the host on cue
# (boot-vu.py --inject-when/--clear-when "prmctl-vu: cue X"), each waited for
# until the driver's reporter counts it (cues.sh)
DL=pci/$FN
# what a quiet health watch over devlink asks the kernel: 3 s at 200 ms (15
# intervals) under strace, each sendto(2) one netlink request (the log is
# the next step's output)
step watch_dl_quiet env "ASAN_OPTIONS=$NOLEAK" strace -f -qq -e trace=sendto -o /tmp/watch.strace \
	prmctl -j -d "$DL" health watch --interval 200 --duration 3
step strace_watch_dl_quiet cat /tmp/watch.strace
# item 8: the address (BAR0 refused: over devlink) every 10 ms beside the
# driver's 2 s poll; its CPU from /proc: utime, stime, start (ticks), uptime
bg_start watch_dl 200 prmctl -j -d "$DL" health watch --interval 500
bg_start watch_pci 200 prmctl -j -d "$FN" health watch --interval 10
sleep 3
# shellcheck disable=SC2154 # bg_pid_watch_pci: set by bg_start (eval)
step watch_pci_cpu0 sh -c ". /cues.sh; cpu_sample $bg_pid_watch_pci"
step cue_thermal_time sh -c ". /cues.sh; cue_time"
cue thermal
wait_count fw error 0
step watch_pci_cpu1 sh -c ". /cues.sh; cpu_sample $bg_pid_watch_pci"
step thermal_dl_show devlink -j health show "$DL"
step thermal_dl_diag devlink -j health diagnose "$DL" reporter fw
step thermal_reporters prmctl -j -d "$DL" devlink reporters --diagnose
step thermal_health prmctl -j -d "$FN" health
step thermal_health_dl prmctl -j -d "$DL" health
step thermal_hwmon sh -c 'cat /sys/bus/pci/devices/'"$FN"'/hwmon/hwmon*/temp1_input'
cue clear-thermal
sleep 3
# rfr: the driver's fatal path (fw_fatal: its crdump, SW reset, reload)
cue fw-assert:rfr=1
wait_count fw_fatal recover 0
sleep 2
step assert_dl_show devlink -j health show "$DL"
step assert_dl_diag devlink -j health diagnose "$DL" reporter fw
step assert_dl_dump devlink -j health dump show "$DL" reporter fw_fatal
step assert_reporters prmctl -j -d "$DL" devlink reporters --diagnose --dump fw_fatal \
	--crdump /tmp/fatal.crdump
step assert_crdump cat /tmp/fatal.crdump
step assert_health prmctl -j -d "$FN" health
T=120 step assert_cr prmctl -j -d "$FN" cr read 0 0x10000
bg_step watch_dl INT
bg_step watch_pci INT

# item 5: the gateway shared. The driver first: its crdump holds the
# semaphore and blocks config access, prmctl's read waits for it
# sh -c "$DUMP" FILE: the driver's fw_fatal dump (a new crdump when none is stored)
# shellcheck disable=SC2016 # expanded by the sh -c that runs it
DUMP='devlink -j health dump show '"$DL"' reporter fw_fatal > "$0"; echo "rc=$? bytes=$(wc -c < "$0")"'
devlink health dump clear "$DL" reporter fw_fatal
bg_start dump_first 120 sh -c "$DUMP" /tmp/first.json
sleep 0.5
T=120 step cr_during prmctl -j -d "$FN" cr read 0 0x4000
bg_step dump_first
# prmctl first: a driver lock that lands in one of its holds gives up
# (EBUSY), one that lands in a pause goes first
devlink health dump clear "$DL" reporter fw_fatal
bg_start cr_first 120 prmctl -j -d "$FN" cr read 0 0x4000
sleep 2
T=120 step dump_during sh -c "$DUMP" /tmp/during.json
bg_step cr_first
T=120 step dump_retry sh -c "$DUMP" /tmp/retry.json
step dump_retry_crdump sh -c "prmctl -q -d $DL devlink reporters --dump fw_fatal --crdump /tmp/retry.crdump > /dev/null; cat /tmp/retry.crdump"
step cr_after prmctl -j -d "$FN" cr read 0xf0014
step dmesg_gateway sh -c 'dmesg | grep -E "vsc|crdump|semaphore" || true'

# item 7: collect with the driver bound (no cr dumps through the gateway it
# shares without --write: the driver's own crdump stands for them)
T=240 step collect prmctl -d "$FN" collect -o /tmp/bundle/
step collect_analyze prmctl -j collect --analyze /tmp/bundle/
step collect_bundle tar -C /tmp -c bundle
# with --write: the kernel's traces, the event on for the capture's time only
# (no cr dump: minutes through the gateway under emulation). The buffer is
# emptied first: the simulator's tracer writes ~2000 messages a second to a
# kernel owner, far above an idle firmware, and trace kernel reads all the
# buffer holds (the ASan build needed 15 s for the 5856 of trace_kernel's 3 s)
echo > /sys/kernel/tracing/trace
T=240 step collect_write prmctl -d "$FN" --write collect -o /tmp/bundle2/ --crdumps 0 --trace-seconds 1
step collect_write_traces sh -c 'cat /tmp/bundle2/0000_*/trace-kernel.json'
step trace_event_after_collect cat /sys/kernel/tracing/events/mlx5/mlx5_fw/enable
step dmesg_faults sh -c 'dmesg | grep -E "mlx5|crdump|semaphore" | tail -80'

frames_end
