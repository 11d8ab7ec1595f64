#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# sim start --vfio-user SOCKET: the service as a vfio-user device server (the
# protocol itself is tests/unit/test_vfiouser.c's); here the socket path.
load helper

setup() {
	private_sims
	T=$BATS_TEST_TMPDIR
}

teardown() {
	stop_sims
}

@test "a vfio-user service listens at the path (0600), answers as any service, and takes it away" {
	prm sim start vu --vfio-user "$T/vu.sock"
	assert_success
	[ -S "$T/vu.sock" ] || fail "no socket at $T/vu.sock"
	[ "$(stat -c %a "$T/vu.sock")" = 600 ]
	prm -d sim:vu initseg show
	assert_success
	assert_output --partial "fw_rev"
	prm sim inject vu health-stall
	assert_success
	prm sim stop vu
	assert_success
	[ ! -e "$T/vu.sock" ] || fail "the socket outlived the service"
}

@test "a relative socket path means the directory prmctl started in" {
	cd "$T"
	prm sim start rel --vfio-user rel.sock
	assert_success
	[ -S "$T/rel.sock" ]
}

@test "a path that cannot be a socket is exit 2 naming it, before any service starts" {
	mkdir "$T/dir"
	echo keep > "$T/file"
	for p in "$T/none/vu.sock" "$T/file/vu.sock" "$T/dir" "$T/file"; do
		prm sim start bad --vfio-user "$p"
		[ "$status" -eq 2 ] || fail "$p: exit $status ($stderr)"
		[[ $stderr == *"$p"* ]] || fail "$p: the path is not named: $stderr"
	done
	[ "$(cat "$T/file")" = keep ] || fail "the file was touched"
	[ ! -e "$PRMCTL_SIM_DIR/bad" ] || fail "a service was started"
	prm sim start bad --vfio-user "$T/$(printf 'x%.0s' {1..120})"
	assert_failure 2
	[[ $stderr == *"too long"* ]] || fail "stderr: $stderr"
}

@test "a socket in use is exit 1, the server on it undisturbed" {
	"$PRMCTL" sim start first --vfio-user "$T/vu.sock" >/dev/null
	prm sim start second --vfio-user "$T/vu.sock"
	assert_failure 1
	[[ $stderr == *"$T/vu.sock: in use"* ]] || fail "stderr: $stderr"
	# the refused service tears down after saying why: its directory goes (bounded)
	for i in $(seq 50); do [ -e "$PRMCTL_SIM_DIR/second" ] || break; sleep 0.1; done
	[ ! -e "$PRMCTL_SIM_DIR/second" ] || fail "the second service's directory was left"
	[ -S "$T/vu.sock" ]
	prm sim stop first
	assert_success
}

@test "a leftover socket (its server killed) is replaced" {
	"$PRMCTL" sim start old --vfio-user "$T/vu.sock" >/dev/null
	kill -9 "$("$PRMCTL" -j sim list | jq '.simulators[0].pid')"
	sleep 0.1
	[ -S "$T/vu.sock" ]
	prm sim start new --vfio-user "$T/vu.sock"
	assert_success
	prm sim stop new
	[ ! -e "$T/vu.sock" ]
}

@test "--vfio-user and --qemu-proxy together are a usage error" {
	# fd 3: one end of a socket pair, as QEMU's proxy would hand over
	run --separate-stderr python3 -c '
import os, socket, subprocess, sys
a, b = socket.socketpair()
os.dup2(a.fileno(), 3)
sys.exit(subprocess.run(sys.argv[1:], pass_fds=(3,)).returncode)' \
		"$PRMCTL" sim start both --vfio-user "$T/vu.sock" --qemu-proxy 3
	assert_failure 2
	[[ $stderr == *"--qemu-proxy"* ]] || fail "stderr: $stderr"
	[ ! -e "$T/vu.sock" ]
}
