#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# prmctl(8) CONVENTIONS, Keys: a key's name fixes its type and unit in the
# JSON of every command. setup_file runs every command (CASES) with -j against
# a private simulator service and files made here; the tests check what they
# printed with keys.jq (the rules by name), across commands (one type per
# name), for access (every device command says its path), and that CASES
# covers the whole command table. tests/kernel/devlink.bats applies keys.jq to
# the devlink commands, which need a kernel.
load helper

# one command line each; $S is the service, $T the file directory, $FIX the
# kernel-log fixtures. Order matters where a line uses what an earlier made.
CASES=(
	"atomic masks --op cs --size 8"
	"atomic verify --op cs --size 8 --compare 1 --swap 2"
	"atomic emulate --op fa --size 4 --add 1"
	"atomic selftest"
	"atomic check-write --addr 0x1000 --len 8 --max-atomic-size 8"
	"atomic wqe --op cs --size 8 --compare 1 --swap 2"
	"-d \$S atomic caps"
	"-d \$S caps"
	"-d \$S caps atomic"
	"-d \$S cmd QUERY_ADAPTER"
	"-d \$S cmd QUERY_DCT"
	"-d \$S cr read 0xf0014 16"
	"-d \$S --write cr write 0x2000 0x1"
	"-d \$S cr dump -o \$T/cr.dump"
	"-d \$S --write cr unlock"
	"-d \$S --write dct create"
	"-d \$S dct list"
	"-d \$S dct query 0x100"
	"-d \$S dct query 0x1"
	"-d \$S --write dct arm 0x100"
	"-d \$S --write dct drain 0x100"
	"-d \$S --write dct destroy 0x100"
	"-d \$S --write dct lifecycle"
	"-d \$S --write dct watch --duration 300ms"
	"decode health_buffer \$T/hb.bin"
	"decode --describe health_buffer"
	"device list"
	"-d \$S device show"
	"-d \$S esw functions"
	"-d \$S esw watch --duration 300ms"
	"-d \$S health show"
	"-d \$S health watch --duration 300ms"
	"health decode-log \$FIX/cx6dx-fw-assert-synd1.log"
	"health decode-log \$FIX/cx5-dpc-slot-unavailable.log"
	"health decode-log \$FIX/cx4lx-vf-pci-gone-allones.log"
	"-d \$S initseg show"
	"-d \$S initseg dump -o \$T/seg.bin"
	"-d \$S nvmf ns"
	"-d \$S probe"
	"-d \$S --write qp selftest --pairs 2 --cycles 2"
	"reg list"
	"reg describe MGIR"
	"-d \$S reg read MGIR"
	"-d \$S --access cmdq reg read MTRC_CAP"
	"-d \$S --write reg write MTRC_CONF trace_mode=0"
	"sim start \$N2"
	"sim list"
	"sim status \$N"
	"sim inject \$N2 fw-assert"
	"-d sim:\$N2 health show"
	"-d \$S -d sim:\$N2 health show"
	"-d \$S -d sim:\$N2 -q health show"
	"sim commands \$N"
	"sim clear \$N2"
	"sim stop \$N2"
	"-d \$S trace status"
	"-d \$S --write trace own"
	"-d \$S --write trace release"
	"-d \$S --write trace capture -o \$T/cap.trace --duration 500ms"
	"-d \$S --write trace stop"
	"-d \$S trace strings save -o \$T/strings.db"
	"sim trace-log \$N"
	"trace decode \$T/cap.trace"
	"trace decode --realtime \$T/cap.trace"
	"trace analyze \$T/cap.trace"
	"collect -d sim -o \$T/bundle/ --trace-seconds 1"
)

# verbs CASES need not run here, and why
ELSEWHERE=(
	"devlink info|devlink needs a kernel: tests/kernel/devlink.bats"
	"devlink ports|devlink needs a kernel: tests/kernel/devlink.bats"
	"devlink reporters|devlink needs a kernel: tests/kernel/devlink.bats"
	"devlink recover|devlink needs a kernel: tests/kernel/devlink.bats"
	"devlink region list|devlink needs a kernel: tests/kernel/devlink.bats"
	"devlink region snapshot|devlink needs a kernel: tests/kernel/devlink.bats"
	"devlink region read|devlink needs a kernel: tests/kernel/devlink.bats"
	"devlink region del|devlink needs a kernel: tests/kernel/devlink.bats"
	"trace kernel|the kernel's mlx5_fw event needs a bound mlx5_core: tests/kernel/beside-driver.bats (its JSON held to this convention there)"
	"device bind|binding drivers needs a kernel's sysfs: tests/kernel/vfio.bats (its JSON held to this convention there)"
)

setup_file() {
	export PRMCTL_SIM_DIR=$BATS_FILE_TMPDIR/sim
	export S=sim:keys N=keys N2=keys2 T=$BATS_FILE_TMPDIR/files
	export FIX=$BATS_TEST_DIRNAME/../fixtures/health-logs
	local out=$BATS_FILE_TMPDIR/docs.jsonl c line rc i=0
	mkdir -p "$T"
	head -c 64 /dev/zero > "$T/hb.bin"
	"$PRMCTL" sim start "$N" >/dev/null
	: > "$out"
	for c in "${CASES[@]}"; do
		i=$((i + 1))
		line=$(eval "echo \"$c\"")
		# shellcheck disable=SC2086
		rc=0
		timeout 120 "$PRMCTL" -j $line > "$T/$i.out" 2> "$T/$i.err" < /dev/null || rc=$?
		echo "$rc" > "$T/$i.rc"
		jq -c --arg c "$c" '{cmd: $c, doc: .}' "$T/$i.out" >> "$out" 2> "$T/$i.jqerr" ||
			echo "$c: not JSON: $(head -c 300 "$T/$i.out")" >> "$BATS_FILE_TMPDIR/notjson"
	done
	# the bundle's own JSON: summary and manifest
	for f in summary.json manifest.json; do
		jq -c --arg c "collect: $f" '{cmd: $c, doc: .}' "$T"/bundle/*/"$f" >> "$out" 2>/dev/null ||
			jq -c --arg c "collect: $f" '{cmd: $c, doc: .}' "$T/bundle/$f" >> "$out" ||
			echo "collect: no $f in the bundle" >> "$BATS_FILE_TMPDIR/notjson"
	done
}

teardown_file() {
	"$PRMCTL" sim stop "$N" >/dev/null 2>&1 || true
	"$PRMCTL" sim stop "$N2" >/dev/null 2>&1 || true
}

setup() {
	DOCS=$BATS_FILE_TMPDIR/docs.jsonl
}

@test "keys: every command printed JSON (one document, or JSON Lines)" {
	[ ! -s "$BATS_FILE_TMPDIR/notjson" ] || fail "$(cat "$BATS_FILE_TMPDIR/notjson")"
	local i=0 c
	for c in "${CASES[@]}"; do
		i=$((i + 1))
		[ -s "$T/$i.out" ] || fail "$c: printed nothing (exit $(cat "$T/$i.rc")): $(cat "$T/$i.err")"
	done
}

@test "keys: each key's value is of the type and unit its name says" {
	run jq -r -L "$BATS_TEST_DIRNAME" 'include "keys"; breaks' "$DOCS"
	assert_success
	[ -z "$output" ] || fail "$(echo "$output" | sort -u | head -40)"
}

@test "keys: a key has one type in every command" {
	run jq -r -s '
		include "keys"; [.[] | .cmd as $c | .doc | . as $d | paths | select(.[-1] | type == "string") |
		 select(outside_fields) |
		 . as $p | {k: $p[-1], t: ($d | getpath($p) | type), c: $c} | select(.t != "null")] |
		group_by(.k)[] | select([.[].t] | unique | length > 1) |
		"\(.[0].k): " + (group_by(.t) | map("\(.[0].t) in \(.[0].c)") | join("; "))' \
		-L "$BATS_TEST_DIRNAME" "$DOCS"
	assert_success
	[ -z "$output" ] || fail "$output"
}

@test "keys: every document of a command that reached a device names it and its access path" {
	# collect names its devices inside (devices[]), each with the paths its steps used
	run jq -r 'select(.cmd | test("(^| )-d ")) | select(.cmd | startswith("collect") | not) |
		select(.doc.error == null) |
		select((.doc | has("device") and has("access")) or
		       (.doc.devices | type == "array" and all(.[]; has("device") and has("access"))) | not) |
		"\(.cmd): \(.doc | keys_unsorted | join(","))"' "$DOCS"
	assert_success
	[ -z "$output" ] || fail "$(echo "$output" | sort -u)"
	run jq -r 'select(.doc.access != null) | .doc.access' "$DOCS"
	local a
	for a in $(echo "$output" | sort -u); do
		case $a in fwctl|cmdq|icmd|pci|sim|image|devlink) ;; *) fail "access '$a'" ;; esac
	done
}

@test "keys: CASES runs every verb of the command table (the devlink ones in the kernel tier)" {
	local verbs v c e covered
	verbs=$("$PRMCTL" --dump-commands | jq -r 'def w(p): (p + " " + (.name // .verb)) as $q |
		if (.verbs // []) | length > 0 then (.verbs[] | w($q)) else $q end;
		.commands[] | w("") | ltrimstr(" ")')
	while read -r v; do
		covered=
		for c in "${CASES[@]}"; do
			# the verb's words, in order, once -d and the option names are gone
			[[ " $(echo "$c" | sed 's/^-d [^ ]* //; s/ --*[a-z-]*//g') " == *" $v "* ]] && covered=1
		done
		for e in "${ELSEWHERE[@]}"; do
			[ "${e%%|*}" = "$v" ] && covered=1
		done
		[ -n "$covered" ] || fail "no case runs '$v' (add one to CASES, or to ELSEWHERE with the reason)"
	done <<<"$verbs"
}

@test "keys: the checker finds each kind of break (it can fail)" {
	local bad
	bad=$(jq -nc '
		{cmd: "t1", doc: {time: 1796174264513432354}},
		{cmd: "t2", doc: {time: "2026-12-02 01:17:44"}},
		{cmd: "t3", doc: {time_iso: "2026-12-02T01:17:44Z"}},
		{cmd: "t4", doc: {sample_ms: "50"}},
		{cmd: "t5", doc: {real_time_ns: 1796174264513432354}},
		{cmd: "t6", doc: {status: "ok"}},
		{cmd: "t7", doc: {health: 0}},
		{cmd: "t8", doc: {list: [{synd: 7, synd_name: 7}]}},
		{cmd: "t9", doc: {state_name: "ACTIVE"}},
		{cmd: "t10", doc: {devices: [{error: "no BAR0"}]}},
		{cmd: "ok", doc: {time: "2026-12-02T01:17:44.513432354Z", time_ns: 1796174264513432354,
			status: 0, status_name: "OK", fields: {time: 5, status: "x"}}}')
	run jq -r -L "$BATS_TEST_DIRNAME" 'include "keys"; breaks' <<<"$bad"
	assert_success
	local t
	for t in t1 t2 t3 t4 t5 t6 t7 t8 t9 t10; do
		echo "$output" | grep -q "^$t: " || fail "$t not found: $output"
	done
	echo "$output" | grep -q '^ok: ' && fail "a good document was refused: $output"
	echo "$output" | grep -q '^t8: .list\[0\].synd_name: ' || fail "$output"
}
