#!/bin/busybox sh
# shellcheck shell=dash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# relaxed.bats's steps, run in the 7.x guest booted with iomem=relaxed (what
# mstflint's documentation has a host add to read BAR0 beside its driver):
# prmctl decodes the health buffer from BAR0 beside the bound mlx5_core and
# watches it every 10 ms beside the driver's 2 s poll, a thermal fault
# injected from the host on cue (cues.sh). Each step is one frame (frames.sh)
# on the second serial port.
# shellcheck source=/dev/null
. /frames.sh
# shellcheck source=/dev/null
. /cues.sh
: "${FN:?vu-init.sh gives the address of the function}"
DL=pci/$FN

step cmdline cat /proc/cmdline
step health_ok prmctl -j -d "$FN" health
bg_start watch 200 prmctl -j -d "$FN" health watch --interval 10
sleep 3
# shellcheck disable=SC2154 # bg_pid_watch: set by bg_start (eval)
step watch_cpu0 sh -c ". /cues.sh; cpu_sample $bg_pid_watch"
step cue_thermal_time sh -c ". /cues.sh; cue_time"
cue thermal
wait_count fw error 0
step watch_cpu1 sh -c ". /cues.sh; cpu_sample $bg_pid_watch"
step health_thermal prmctl -j -d "$FN" health
step dl_diag devlink -j health diagnose "$DL" reporter fw
step dl_show devlink -j health show "$DL"
step initseg prmctl -j -d "$FN" initseg
bg_step watch INT

frames_end
