# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# Shared by every tests/cli/*.bats: the binary under test and bats' helpers.
bats_require_minimum_version 1.5.0
BATS_LIB_PATH=${BATS_LIB_PATH:-/usr/lib/bats}
bats_load_library bats-support
bats_load_library bats-assert

TOP=$(cd "$BATS_TEST_DIRNAME/../.." && pwd)
PRMCTL=${PRMCTL:-$TOP/prmctl}

# run prmctl keeping stdout and stderr apart ($output, $stderr)
prm() {
	run --separate-stderr "$PRMCTL" "$@"
}

# hand-placed bytes (hex pairs) at an offset of a zero-filled file
put_bytes() { # file offset hexbytes...
	local file=$1 off=$2
	shift 2
	printf "$(printf '\\x%s' "$@")" |
		dd of="$file" bs=1 seek=$((off)) conv=notrunc status=none
}

zero_file() { # file size
	head -c "$2" /dev/zero > "$1"
}

# a JSON document on stdout must parse and carry the schema
assert_json_doc() {
	echo "$output" | jq -e '.schema == "prmctl/1"' >/dev/null ||
		fail "not a prmctl/1 JSON document: $output"
}

# a process that has ended: gone, or a zombie (PID 1 of some containers does not reap)
assert_ended() { # pid
	local st
	[ -e "/proc/$1" ] || return 0
	st=$(sed 's/^.*) \([A-Z]\).*/\1/' "/proc/$1/stat" 2>/dev/null) || return 0
	[ "$st" = Z ] || fail "process $1 is still running (state $st)"
}

# simulator services private to each test (setup), and none left running (teardown)
private_sims() {
	export PRMCTL_SIM_DIR=$BATS_TEST_TMPDIR/sim
}

stop_sims() {
	local n
	for n in $(ls "$PRMCTL_SIM_DIR" 2>/dev/null); do
		"$PRMCTL" sim stop "$n" >/dev/null 2>&1 || true
	done
}
