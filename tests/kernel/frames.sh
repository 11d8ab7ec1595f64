# shellcheck shell=dash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# The framing of a guest's scenario (devlink-scenario.sh, beside-scenario.sh),
# sourced by each: every step is one frame on stdout, which the host cuts
# by byte counts (boot-plain-vm.py --split) into NAME.out, NAME.err, NAME.rc:
#   === STEP NAME rc=N bytes=LEN t=UPTIME\n <LEN bytes of stdout>
#   \n--- stderr bytes=LEN\n <LEN bytes of stderr> \n
# and a last line "=== END steps=N" (frames_end) once every step ran. t: the
# guest's uptime when the step ended. rc=143: the step was killed by its
# timeout (T seconds, STEP_TIMEOUT, 30 unless set).
# To add a step: step NAME CMD [ARGS...] (a snippet: step NAME sh -c '...').
T=${STEP_TIMEOUT:-30}
nsteps=0

emit() { # NAME RC OUTFILE ERRFILE
	printf '=== STEP %s rc=%s bytes=%s t=%s\n' "$1" "$2" "$(wc -c < "$3")" \
		"$(cut -d' ' -f1 /proc/uptime)"
	cat "$3"
	printf '\n--- stderr bytes=%s\n' "$(wc -c < "$4")"
	cat "$4"
	printf '\n'
	nsteps=$((nsteps + 1))
}

step() { # NAME CMD...: CMD bounded by $T seconds, framed
	n=$1
	shift
	timeout "$T" "$@" > /tmp/step.out 2> /tmp/step.err
	emit "$n" $? /tmp/step.out /tmp/step.err
}

# bg_start NAME SECS CMD...: CMD in the background for at most SECS seconds
# (busybox's timeout execs CMD itself, so $! is CMD's pid); bg_step NAME
# [SIGNAL]: send SIGNAL if given, wait for it, frame it as step NAME
bg_start() {
	n=$1 s=$2
	shift 2
	timeout "$s" "$@" > "/tmp/bg.$n.out" 2> "/tmp/bg.$n.err" &
	eval "bg_pid_$n=\$!"
}
bg_step() {
	p=
	eval "p=\$bg_pid_$1"
	[ -z "${2:-}" ] || kill -s "$2" "$p" 2>/dev/null
	wait "$p"
	emit "$1" $? "/tmp/bg.$1.out" "/tmp/bg.$1.err"
}

frames_end() {
	printf '=== END steps=%s\n' "$nsteps"
}
