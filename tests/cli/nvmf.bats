#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# prmctl nvmf ns: NVMe-oF target offload namespace counters
# (QUERY_NVMF_NAMESPACE_CONTEXT), against the simulator's four namespaces
# (nsid 1-4 on XRQ 0) whose counters advance every 10 ms, whose upper halves
# are garbage (0xdead....), and whose nsid 4 read counter wraps 2^32 within
# its first second.
load helper

setup() {
	private_sims
}

teardown() {
	stop_sims
}

COUNTERS='["num_read_cmd","num_read_blocks","num_write_cmd","num_write_blocks","num_write_inline_cmd","num_flush_cmd","num_error_cmd","num_backend_error_cmd"]'

@test "nvmf ns on -d sim, JSON: the four namespaces of XRQ 0, every counter by its PRM name" {
	prm -j -d sim nvmf ns
	assert_success
	assert_json_doc
	echo "$output" | jq -e --argjson c "$COUNTERS" '.device == "sim" and .xrqn == 0 and
		[.namespaces[].nsid] == [1, 2, 3, 4] and
		all(.namespaces[]; . as $n |
			all($c[]; ($n[.] | type) == "number" and $n[.] < 4294967296) and
			.current_q_depth == 3 + .nsid and
			.last_read_req_latency == 12000 + .nsid and
			.last_write_req_latency == 15000 + .nsid and
			.num_backend_error_cmd == 7000 + .nsid - 1 and
			.raw == null and .upper_nonzero == null)'
	# nvmf's default verb is ns
	prm -j -d sim nvmf
	assert_success
	echo "$output" | jq -e '(.namespaces | length) == 4'
}

@test "nvmf ns on -d sim, text: a table, one row per namespace" {
	prm -d sim nvmf ns
	assert_success
	assert_line --regexp '^device +sim$'
	assert_line --regexp '^xrqn +0x0$'
	assert_line --regexp '^NSID +NUM READ CMD +NUM READ BLOCKS +NUM WRITE CMD +NUM WRITE BLOCKS +NUM WRITE INLINE CMD +NUM FLUSH CMD +NUM ERROR CMD +NUM BACKEND ERROR CMD +CURRENT Q DEPTH +LAST READ REQ LATENCY +LAST WRITE REQ LATENCY$'
	assert_line --regexp '^2 +[0-9]+ +[0-9]+ +[0-9]+ +[0-9]+ +[0-9]+ +[0-9]+ +[0-9]+ +7001 +5 +12002 +15002$'
	assert_line --regexp '^4 +[0-9]+ +[0-9]+ +[0-9]+ +[0-9]+ +[0-9]+ +[0-9]+ +[0-9]+ +7003 +7 +12004 +15004$'
	refute_line --regexp '^5 '
}

@test "nvmf ns --raw: each counter is its word's low 32 bits; every upper half named" {
	prm -j -d sim nvmf ns --raw
	assert_success
	# exact 64-bit integers: jq 1.6 would round them, Python does not
	python3 - "$COUNTERS" <<EOF
import json, sys
names = json.loads(sys.argv[1])
doc = json.loads('''$output''')
assert [n["nsid"] for n in doc["namespaces"]] == [1, 2, 3, 4], doc
for n in doc["namespaces"]:
    for c in names:
        w = n[c + "_raw"]
        assert w & 0xffffffff == n[c], (n["nsid"], c, hex(w), n[c])
        assert w >> 48 == 0xdead, (n["nsid"], c, hex(w))
    assert n["upper_nonzero"] == names, n["upper_nonzero"]
EOF
	# in text, whole words in hex
	prm -d sim nvmf ns --raw --nsid 2
	assert_success
	assert_line --regexp '^2 .* 7001 +5 +12002 +15002 +0xdead0100[0-9a-f]{8} .* 0xdead010700001b59 +num_read_cmd,num_read_blocks,num_write_cmd,num_write_blocks,num_write_inline_cmd,num_flush_cmd,num_error_cmd,num_backend_error_cmd$'
}

@test "nvmf ns --nsid: the namespaces named, in that order; one that is not there is exit 3" {
	prm -j -d sim nvmf ns --nsid 2
	assert_success
	echo "$output" | jq -e '[.namespaces[].nsid] == [2] and .namespaces[0].current_q_depth == 5 and
		.namespaces[0].num_backend_error_cmd == 7001'
	prm -j -d sim nvmf ns --nsid 3 --nsid 1
	assert_success
	echo "$output" | jq -e '[.namespaces[].nsid] == [3, 1]'
	prm -d sim nvmf ns --nsid 9
	assert_failure 3
	assert_equal "$stderr" "prmctl: sim: no namespace 9 on XRQ 0x0"
	[ -z "$output" ]
	prm -j -d sim nvmf ns --nsid 2 --nsid 9
	assert_failure 3
	echo "$output" | jq -e '.error.code == 3 and .error.reason == "no_namespace" and
		.error.message == "sim: no namespace 9 on XRQ 0x0"'
}

@test "nvmf ns --xrqn: an XRQ where no namespace answers is a note, or exit 3 with --nsid" {
	prm -d sim nvmf ns --xrqn 5
	assert_success
	assert_line --regexp '^xrqn +0x5$'
	assert_line "no namespace among 1-32 answers on XRQ 0x5"
	refute_line --partial "NSID"
	prm -q -d sim nvmf ns --xrqn 5
	assert_success
	refute_line --partial "no namespace"
	prm -j -d sim nvmf ns --xrqn 5
	assert_success
	echo "$output" | jq -e '.xrqn == 5 and .namespaces == []'
	prm -d sim nvmf ns --xrqn 5 --nsid 1
	assert_failure 3
	assert_equal "$stderr" "prmctl: sim: no namespace 1 on XRQ 0x5"
	prm -d sim nvmf ns --xrqn 0x1000000
	assert_failure 2
	[[ $stderr == *"--xrqn '0x1000000': a 24-bit XRQ number"* ]]
}

@test "nvmf ns: needs general.nvmf_target_offload, exit 3; a failed query is exit 1" {
	prm -d sim --inject cap:general.nvmf_target_offload=0 nvmf ns
	assert_failure 3
	assert_equal "$stderr" "prmctl: sim has no NVMe-oF target offload (general.nvmf_target_offload is 0)"
	prm -j -d sim --inject cap:general.nvmf_target_offload=0 nvmf ns --interval 100 --count 1
	assert_failure 3
	echo "$output" | jq -e '.error.reason == "no_nvmf_offload"'
	prm -d sim --inject cmd-status:QUERY_NVMF_NAMESPACE_CONTEXT,0x4,0x1234 nvmf ns
	assert_failure 1
	assert_equal "$stderr" "prmctl: sim: QUERY_NVMF_NAMESPACE_CONTEXT(0x728) op_mod(0x0) failed, status bad system state(0x4), syndrome (0x1234)"
}

# One run of --interval 500 --count 10 on nsid 4 of a fresh service, between
# two reads of its counter (which wraps ~4 s after the start: lib/sim/funcs.c).
# Exit 0: checked, and the 32-bit wrap fell inside the samples; 10: checked,
# but the wrap fell outside (try again); else fail.
rates_across_wrap() { # service
	local pre post
	"$PRMCTL" sim start "$1" >/dev/null
	pre=$("$PRMCTL" -j -d "sim:$1" nvmf ns --nsid 4 | jq .namespaces[0].num_read_cmd)
	"$PRMCTL" -j -d "sim:$1" nvmf ns --nsid 4 --interval 500 --count 10 > "$BATS_TEST_TMPDIR/$1.jsonl" ||
		return 1
	post=$("$PRMCTL" -j -d "sim:$1" nvmf ns --nsid 4 | jq .namespaces[0].num_read_cmd)
	"$PRMCTL" sim stop "$1" >/dev/null
	python3 - "$BATS_TEST_TMPDIR/$1.jsonl" "$pre" "$post" "$COUNTERS" <<'EOF'
import json, sys
lines = [json.loads(l) for l in open(sys.argv[1])]
pre, post, names = int(sys.argv[2]), int(sys.argv[3]), json.loads(sys.argv[4])
assert len(lines) == 10, lines
total = 0
for l in lines:
    assert l["schema"] == "prmctl/1" and l["nsid"] == 4 and l["current_q_depth"] == 7, l
    ms = l["interval_ms"]
    assert 200 <= ms < 2500, l
    for c in names:
        d, r = l[c + "_delta"], l[c + "_per_s"]
        assert 0 <= d < 1 << 20, (c, d)
        assert r == d * 1000 // ms, (c, d, ms, r)
    d = l["num_read_cmd_delta"]
    assert 0 < d < 1 << 20, ("num_read_cmd_delta", d)
    total += d
# the counts outside the samples: before the first one and after the last
outside = ((post - pre) % (1 << 32)) - total
assert outside >= 0, (pre, post, total)
sys.exit(0 if pre >= 0xfff00000 and outside < (1 << 32) - pre and outside <= post else 10)
EOF
}

@test "nvmf ns --interval: deltas and rates across the 32-bit wrap, not a 2^32 jump" {
	local try rc
	for try in 1 2 3; do
		rc=0
		rates_across_wrap "w$try" || rc=$?
		[ "$rc" -eq 10 ] || break
	done
	[ "$rc" -eq 0 ] || fail "rc $rc: $(cat "$BATS_TEST_TMPDIR/w$try.jsonl")"
}

@test "nvmf ns --interval, text: a line per namespace and sample" {
	prm -d sim nvmf ns --interval 100 --count 2
	assert_success
	[ "${#lines[@]}" -eq 8 ] || fail "$output"
	[[ ${lines[0]} == "time="*" nsid=1 interval_ms="*" num_read_cmd_delta="* ]] || fail "${lines[0]}"
	[[ ${lines[7]} == "time="*" nsid=4 "*" current_q_depth=7" ]] || fail "${lines[7]}"
}

@test "nvmf ns: bad options are exit 2" {
	prm -d sim nvmf ns --count 3
	assert_failure 2
	assert_equal "$stderr" "prmctl: --count goes with --interval"
	prm -j -d sim nvmf ns --count 3
	assert_failure 2
	echo "$output" | jq -e '.error.code == 2'
	prm -d sim nvmf ns --interval 0
	assert_failure 2
	[[ $stderr == *"--interval '0': milliseconds, or with a unit (500ms, 1.5s, 2m, 1h), from 1 ms to at most 3600000 ms; this is too short"* ]]
	prm -d sim nvmf ns --interval 100 --count 0
	assert_failure 2
	prm -d sim nvmf ns --nsid x
	assert_failure 2
	prm -d sim nvmf ns --nsid 0x100000000
	assert_failure 2
	prm -d sim nvmf ns extra
	assert_failure 2
}
