#!/bin/busybox sh
# shellcheck shell=dash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# lockdown.bats's steps, run in the 7.x guest booted with lockdown=integrity
# by vu-init.sh once mlx5_core has probed the simulator: the kernel refuses
# BAR0 and config-space writes (so the gateway) to user space; prmctl must
# fall back to devlink (and fwctl, where it loads: our unsigned out-of-tree
# build does not) and say which path it used and why the others were refused. Each step is one frame (frames.sh) on the second
# serial port.
# shellcheck source=/dev/null
. /frames.sh
: "${FN:?vu-init.sh gives the address of the function}"
# where systemd mounts them
mount -t securityfs securityfs /sys/kernel/security
mount -t tracefs nodev /sys/kernel/tracing

step lockdown cat /sys/kernel/security/lockdown
step fwctl_nodes sh -c 'ls /dev/fwctl 2>/dev/null || true'
step device_list prmctl -j device list
step device_show prmctl -j -d "$FN" device show
step health prmctl -j -d "$FN" health
step health_text prmctl -d "$FN" health
step initseg prmctl -j -d "$FN" initseg
step cr_read prmctl -j -d "$FN" cr read 0xf0014
step reg_mgir prmctl -j -d "$FN" reg read MGIR
step reg_mgir_icmd prmctl -j -d "$FN" --access icmd reg read MGIR
step caps_general prmctl -j -d "$FN" caps general
step trace_status prmctl -j -d "$FN" trace status
bg_start watch 60 prmctl -j -d "$FN" health watch --interval 200
sleep 2
bg_step watch INT
T=240 step collect prmctl -d "$FN" collect -o /tmp/bundle/
step collect_analyze prmctl -j collect --analyze /tmp/bundle/
step collect_bundle tar -C /tmp -c bundle
step dmesg_lockdown sh -c 'dmesg | grep -i lockdown || true'

frames_end
