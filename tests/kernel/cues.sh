# shellcheck shell=dash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# Faults on cue, for the 7.x guest's scenarios (beside-scenario.sh,
# relaxed-scenario.sh): "cue X" writes "prmctl-vu: cue X" on the console,
# where boot-vu.py --inject-when/--clear-when acts on it from the host;
# wait_count waits until the driver's reporter has counted it. Needs DL
# (the devlink handle). cpu_sample prints a process's CPU ticks and the
# uptime, for a rate between two samples.

count() { # REPORTER error|recover
	devlink -j health show "$DL" reporter "$1" 2>/dev/null |
		sed -n "s/.*\"$2\":\([0-9]*\).*/\1/p"
}
cue() { echo "prmctl-vu: cue $1" > /dev/ttyS0; }
wait_count() { # REPORTER error|recover ABOVE: 40 s at most
	t=0
	while [ "$(count "$1" "$2")" -le "$3" ] && [ $t -lt 40 ]; do sleep 1; t=$((t + 1)); done
	echo "prmctl-vu: $1 $2 $(count "$1" "$2") after $t s" > /dev/ttyS0
}
# cpu_sample PID: "utime stime starttime" (USER_HZ ticks), then the uptime (s)
cpu_sample() {
	cut -d' ' -f14,15,22 "/proc/$1/stat"
	cut -d' ' -f1 /proc/uptime
}
# cue_time: the wall-clock time now, to the tick (busybox date has no %N)
cue_time() {
	touch /tmp/cue
	stat -c %y /tmp/cue
}
