#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# prmctl(8) CONVENTIONS, Paths: every output path is judged when the command starts.
load helper

setup() {
	private_sims
	T=$BATS_TEST_TMPDIR
	mkdir "$T/dir"
	echo x > "$T/file"
}

teardown() {
	stop_sims
}

# words before the option | the option | what it names (file, dir; bundle: FILE or DIR/)
# The device does not exist: a path judged after opening it would be exit 3, not 2.
rows() {
	cat <<ROWS
-d sim:nosuch cr dump|-o|file
-d sim:nosuch initseg dump|-o|file
-d sim:nosuch trace capture --duration 1|-o|file
-d sim:nosuch trace strings save|-o|file
-d pci/0000:99:00.0 devlink region read r --snapshot 1|-o|file
-d pci/0000:99:00.0 --write devlink region snapshot r|-o|file
-d sim:nosuch health watch --duration 1|--textfile|file
-d sim:nosuch health watch --duration 1|--snapshot-dir|dir
-d sim:nosuch collect --trace-seconds 0|-o|bundle
ROWS
}

@test "every output path: a missing or unusable place is exit 2 naming it, before any device work" {
	local pre opt kind p
	while IFS='|' read -r pre opt kind; do
		local bad=("$T/none/x" "$T/file/x")
		[ "$kind" = file ] && bad+=("$T/dir" "$T/dir/")
		[ "$kind" = dir ] && bad+=("$T/file")
		for p in "${bad[@]}"; do
			prm $pre "$opt" "$p"
			[ "$status" -eq 2 ] || fail "$pre $opt $p: exit $status ($stderr)"
			[[ $stderr == *"${p%/}"* ]] || fail "$pre $opt $p: the path is not named: $stderr"
			[ ! -e "$T/none" ] || fail "$pre $opt $p: created $T/none"
		done
		# a good place passes the check: the missing device is what stops it
		p=$T/dir/out
		[ "$kind" = dir ] && p=$T/dir
		prm $pre "$opt" "$p"
		[ "$status" -ne 2 ] || [[ $pre == collect* ]] ||
			fail "$pre $opt $p: refused a usable path: $stderr"
		[[ $stderr != *"$p:"* ]] || fail "$pre $opt $p: $stderr"
	done < <(rows)
}

@test "health watch: a textfile that cannot be written later is told once, and exit 1" {
	mkdir "$T/tf"
	"$PRMCTL" -d sim health watch --interval 20 --duration 2 --textfile "$T/tf/m.prom" \
		> "$T/out" 2> "$T/err" &
	local pid=$! rc=0 i
	# the directory goes once the watch has written there (bounded)
	for i in $(seq 100); do [ -e "$T/tf/m.prom" ] && break; sleep 0.05; done
	rm -rf "$T/tf"
	wait $pid || rc=$?
	[ "$rc" -eq 1 ] || fail "exit $rc: $(cat "$T/err")"
	[ "$(grep -c 'textfile: ' "$T/err")" -eq 1 ] || fail "told $(grep -c 'textfile: ' "$T/err") times"
	grep -q "$T/tf/m.prom" "$T/err"
	# and a watch whose writes all work still exits 0
	prm -d sim health watch --interval 20 --duration 0.3 --textfile "$T/dir/m.prom"
	assert_success
}

@test "health watch: a snapshot lost at the fault is exit 1" {
	"$PRMCTL" sim start s >/dev/null
	mkdir "$T/snap"
	"$PRMCTL" -j -d sim:s health watch --interval 20 --duration 1.5 --snapshot-dir "$T/snap" \
		> "$T/ev" 2> "$T/err" &
	local pid=$! i
	# the watch has started (its first line) before the directory goes
	for i in $(seq 100); do [ -s "$T/ev" ] && break; sleep 0.05; done
	rm -rf "$T/snap"
	"$PRMCTL" sim inject s fw-assert >/dev/null
	local rc=0
	wait $pid || rc=$?
	[ "$rc" -eq 1 ] || fail "exit $rc: $(cat "$T/err")"
	grep -q "snapshot: " "$T/err"
}
