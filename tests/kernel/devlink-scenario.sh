#!/bin/busybox sh
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# The devlink test's commands, run in the guest against netdevsim (6.1).
# Each step is one frame on stdout (frames.sh, beside it in the initramfs,
# says how; boot-plain-vm.py --split cuts the stream on the host).
# shellcheck source=/dev/null
. /frames.sh
D=netdevsim/netdevsim1
SYSDEV=/sys/bus/netdevsim/devices/netdevsim1
DBG=/sys/kernel/debug/netdevsim/netdevsim1

# split into words where used
P="prmctl -j -d $D"

# the device: id 1 with 4 ports; probed synchronously by the write, but
# wait (bounded) until devlink lists it all the same. iproute2 6.1's
# "health show" takes no device alone: all devices, or DEV reporter NAME
step new_device sh -c 'echo "1 4" > /sys/bus/netdevsim/new_device'
step wait_device sh -c 'i=0
	until devlink dev show netdevsim/netdevsim1 >/dev/null 2>&1; do
		i=$((i + 1)); [ $i -lt 100 ] || exit 1; sleep 0.1
	done; echo "seen after $i retries"'
step dev_show devlink -j dev show
step dev_info devlink -j dev info $D
step dev_eswitch devlink -j dev eswitch show $D
step port_show devlink -j port show
step health_show devlink -j health show
step diagnose_dummy devlink -j health diagnose $D reporter dummy
step diagnose_empty devlink -j health diagnose $D reporter empty
step region_show devlink -j region show

# prmctl, the same questions
step prmctl_device_show $P device show
step prmctl_devlink_info $P devlink info
step prmctl_devlink_ports $P devlink ports
step prmctl_reporters $P devlink reporters
step prmctl_reporters_diagnose $P devlink reporters --diagnose
step prmctl_region_list $P devlink region list
step prmctl_device_list prmctl -j device list --access devlink

# LeakSanitizer cannot run under ptrace: an ASan build's leak check is off under strace
NOLEAK="detect_leaks=0${ASAN_OPTIONS:+:$ASAN_OPTIONS}"

# what a quiet health watch asks the kernel: 3 s at 200 ms (15 intervals)
# under strace, each sendto(2) one netlink request (its log the next step's
# output: the family and the genl command, the payload's first byte)
step prmctl_watch_quiet env "ASAN_OPTIONS=$NOLEAK" strace -f -qq -e trace=sendto -o /tmp/watch.strace \
	$P health watch --access devlink --interval 200 --duration 3
step strace_watch_quiet cat /tmp/watch.strace

# health: the dummy reporter into error, kept there (its recovery is made
# to fail, so the write to break_health itself returns EINVAL), while
# devlink monitor and prmctl watch; then recovered by hand
# text: iproute2 6.1's "monitor -j health" prints broken JSON ({"health":
# {"DEV":[{...}}} and then {"health":{{...}}})
bg_start monitor_health 60 devlink monitor health
bg_start prmctl_health_watch 15 $P health watch --access devlink --interval 500 --duration 5
sleep 1
step fail_recover sh -c "echo 1 > $DBG/health/fail_recover"
step break_health sh -c "echo 'prmctl test break' > $DBG/health/break_health"
step health_show_error devlink -j health show
step diagnose_dummy_error devlink -j health diagnose $D reporter dummy
step dump_dummy devlink -j health dump show $D reporter dummy
step prmctl_reporters_error $P devlink reporters
step prmctl_reporters_dump $P devlink reporters --dump dummy
step prmctl_health_show_error $P health show
step prmctl_missing prmctl -j -d netdevsim/netdevsim9 devlink reporters
step prmctl_missing_show prmctl -j -d netdevsim/netdevsim9 device show
step recover_allow sh -c "echo 0 > $DBG/health/fail_recover"
step recover_dummy devlink health recover $D reporter dummy
step health_show_recovered devlink -j health show $D reporter dummy
sleep 1
bg_step monitor_health TERM
bg_step prmctl_health_watch

# regions: snapshot 7 of "dummy" (32 KiB of random bytes), read by both
step region_new devlink region new $D/dummy snapshot 7
step region_show_snap devlink -j region show
step region_dump devlink -j region dump $D/dummy snapshot 7
step region_read devlink -j region read $D/dummy snapshot 7 address 0 length 64
step prmctl_region_read $P devlink region read dummy --snapshot 7 -o /tmp/r7.bin
step prmctl_region_read_bytes od -An -tx1 -v /tmp/r7.bin
step prmctl_region_snapshot_refused $P devlink region snapshot dummy --keep -o /tmp/refused.bin
step prmctl_region_snapshot $P devlink region snapshot dummy --write --keep -o /tmp/snap.bin
step prmctl_region_snapshot_bytes od -An -tx1 -v /tmp/snap.bin
step region_show_after devlink -j region show
# the newest snapshot other than 7 (prmctl's, if it took one), for comparison
step region_dump_latest sh -c 'id=$(devlink region show netdevsim/netdevsim1/dummy |
		sed -n "s/.*snapshot \[\([0-9 ]*\)\].*/\1/p" | tr " " "\n" | grep -vx 7 | sort -n | tail -1)
	[ -n "$id" ] || { echo "no snapshot but 7" >&2; exit 1; }
	echo "$id" >&2
	devlink -j region dump netdevsim/netdevsim1/dummy snapshot "$id"'
step prmctl_region_list_after $P devlink region list

# prmctl.bench=1 on the kernel's command line: each reader N times against
# iproute2's devlink doing the same, wall time from /proc/uptime (a ratio,
# never a verdict; the VM is emulated and noisy)
if grep -q 'prmctl.bench=1' /proc/cmdline; then
	step bench sh -c '
		t() { a=$(cut -d" " -f1 /proc/uptime); i=0
		      while [ $i -lt 100 ]; do "$@" > /dev/null 2>&1; i=$((i + 1)); done
		      b=$(cut -d" " -f1 /proc/uptime); echo "$a $b" | awk "{printf \"%.1f\", (\$2 - \$1) * 10}"; }
		pair() { p=$(eval "t $2"); d=$(eval "t $3")
			 echo "$1: prmctl $p ms, devlink $d ms, ratio $(echo "$p $d" | awk "{printf \"%.2f\", \$1 / \$2}")"; }
		pair "reporters (per run)" "prmctl -j -d $D devlink reporters" "devlink -j health show"
		pair "diagnose dummy" "prmctl -j -d $D devlink reporters --diagnose" "devlink -j health diagnose $D reporter dummy"
		pair "region read 32 KiB" "prmctl -j -d $D devlink region read dummy --snapshot 7" "devlink -j region dump $D/dummy snapshot 7"
		pair "ports" "prmctl -j -d $D devlink ports" "devlink -j port show"'
fi

# ports, seen by devlink monitor and prmctl's e-switch watch: a physical
# port added (index 4) and deleted, then switchdev mode with 2 VFs (pcivf
# ports 128 and 129) and back
bg_start monitor 60 devlink -j monitor
bg_start prmctl_esw_watch 15 $P esw watch --access devlink --duration 5
sleep 1
step port_add sh -c "echo 4 > $SYSDEV/new_port"
step port_show_added devlink -j port show
step port_del sh -c "echo 4 > $SYSDEV/del_port"
step port_show_deleted devlink -j port show
step eswitch_switchdev devlink dev eswitch set $D mode switchdev
step sriov_numvfs sh -c "echo 2 > $SYSDEV/sriov_numvfs"
step port_show_vfs devlink -j port show
step sriov_numvfs_0 sh -c "echo 0 > $SYSDEV/sriov_numvfs"
step eswitch_legacy devlink dev eswitch set $D mode legacy
step port_show_end devlink -j port show
sleep 1
# SIGTERM: devlink prints each event as it comes, but never closes its
# JSON document ({"mon":[...) this way
bg_step monitor TERM
bg_step prmctl_esw_watch

# the two verbs that change devlink state, last: nothing after reads the counts
step prmctl_recover $P --write devlink recover dummy
step prmctl_region_del $P --write devlink region del dummy --snapshot 7
step region_show_after_del devlink -j region show $D/dummy

# the reporter list renewed under a watch: dummy broken (its recovery made to
# fail), then the device reloaded: netdevsim destroys its reporters and makes
# new ones, healthy and counting from 0, which no reporter notification
# tells; devlink's DEVLINK_CMD_NEW for the device follows the reload. The
# interval is a minute: what the watch sees here came from notifications
bg_start prmctl_watch_reload 20 env "ASAN_OPTIONS=$NOLEAK" strace -f -qq -e trace=sendto -o /tmp/reload.strace \
	$P health watch --access devlink --interval 60000 --duration 6
sleep 1
step reload_fail_recover sh -c "echo 1 > $DBG/health/fail_recover"
step reload_break sh -c "echo 'prmctl reload break' > $DBG/health/break_health"
step health_show_before_reload devlink -j health show $D reporter dummy
step reload devlink dev reload $D
step health_show_reloaded devlink -j health show $D reporter dummy
sleep 1
bg_step prmctl_watch_reload
step strace_watch_reload cat /tmp/reload.strace

# the device goes away under a watch: the watch must say so, not "ok"
bg_start prmctl_watch_gone 20 $P health watch --access devlink --interval 200 --duration 15
sleep 1
step del_device sh -c 'echo 1 > /sys/bus/netdevsim/del_device'
bg_step prmctl_watch_gone

frames_end
