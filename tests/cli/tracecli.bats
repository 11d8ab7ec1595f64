#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# trace decode and analyze as people and scripts use them: text lines, filters,
# time ranges, wall-clock times, analysis tables. (The decoding rules themselves
# are proven in trace.bats against tests/trace's model.)
load helper

setup_file() {
	export CAP=$BATS_FILE_TMPDIR/c.trace
	"$PRMCTL" -d sim trace capture -o "$CAP" --duration 0.4 >/dev/null
	"$PRMCTL" -j trace decode "$CAP" > "$BATS_FILE_TMPDIR/all.jsonl"
}

@test "text: a header, then one line per event: time, event id, lost flag, message; a summary line" {
	prm trace decode "$CAP"
	assert_success
	# the capture has a wall-clock anchor: ISO-8601 UTC by default, named in the header
	assert_line --index 0 "TIME (UTC)                     ID   L MESSAGE"
	echo "$output" | sed -n 2,50p | grep -Eq '^20[0-9]{2}-[01][0-9]-[0-3][0-9]T[0-9:]{8}\.[0-9]{9}Z 0x[0-9a-f]{2} [-L] [[:print:]]+$'
	[ "$(echo "$output" | sed 1d | grep -vcE '^20[0-9]{2}-[0-9-]{5}T[0-9:]{8}\.[0-9]{9}Z 0x[0-9a-f]{2} [-L] |^type=summary ')" = 0 ]
	echo "$output" | grep -Eq ' 0x02 - raw data=0x[0-9a-f]{12}$'
	echo "$output" | tail -1 | grep -Eq '^type=summary blocks=[0-9]+ decoded=[0-9]+ .*device=sim '
	# --device-clock: seconds.nanoseconds on the device clock
	prm trace decode "$CAP" --device-clock --timestamps
	assert_line --index 0 "     DEVICE TIME (s) ID   L MESSAGE"
	echo "$output" | sed -n 2,50p | grep -Eq '^ *[0-9]+\.[0-9]{9} 0x[0-9a-f]{2} [-L] [[:print:]]+$'
	[ "$(echo "$output" | sed 1d | grep -vcE '^ *[0-9]+\.[0-9]{9} 0x[0-9a-f]{2} [-L] |^type=summary ')" = 0 ]
	echo "$output" | grep -q ' 0xff - timestamp'
	# --clock-mhz overrides the capture's clock: 1 MHz makes a tick a microsecond
	prm -j trace decode "$CAP" --clock-mhz 1
	echo "$output" | head -1 | jq -e '.device_ns == .ticks * 1000'
}

# every event line of decode --json: its clocks named by unit (prmctl(8) CONVENTIONS,
# Keys), the exact integers read by Python, not as jq's doubles
check_event_clocks() { # jsonl device_ns(yes|no) time(yes|no)
	python3 - "$@" <<'EOF'
import datetime, json, sys
path, want_dev, want_time = sys.argv[1], sys.argv[2] == "yes", sys.argv[3] == "yes"
n = 0
for line in open(path):
    o = json.loads(line)
    if o["type"] not in ("string", "raw", "timestamp"):
        continue
    n += 1
    for old in ("timestamp", "realtime_ns"):
        if old in o:
            sys.exit(f"old key {old!r}: {line}")
    t = o["ticks"]
    if t is None:
        if type(o["ts7"]) is not int or {"device_ns", "time", "time_ns"} & o.keys():
            sys.exit(f"no ticks: ts7 alone: {line}")
        continue
    if type(t) is not int or "ts7" in o:
        sys.exit(f"ticks not a number, or ts7 beside it: {line}")
    if ("device_ns" in o) != want_dev or (want_dev and type(o["device_ns"]) is not int):
        sys.exit(f"device_ns: {line}")
    if ("time" in o) != want_time or ("time_ns" in o) != want_time:
        sys.exit(f"time, time_ns: {line}")
    if want_time:
        ns = o["time_ns"]
        iso = datetime.datetime.fromtimestamp(ns // 10**9, datetime.timezone.utc).strftime(
            "%Y-%m-%dT%H:%M:%S") + ".%09dZ" % (ns % 10**9)
        if type(ns) is not int or o["time"] != iso:
            sys.exit(f"time is not time_ns in ISO-8601 UTC ({iso}): {line}")
if n < 100:
    sys.exit(f"only {n} events")
EOF
}

@test "decode JSON: ticks, device_ns, and on the wall clock time (the text column) with time_ns" {
	run check_event_clocks "$BATS_FILE_TMPDIR/all.jsonl" yes yes
	assert_success
	# the JSON's time is the text's first column, event for event
	paste -d ' ' <(jq -r 'select(.type == "string" or .type == "raw") | .time // "?"' "$BATS_FILE_TMPDIR/all.jsonl") \
		<("$PRMCTL" trace decode "$CAP" | sed '1d;$d' | cut -d ' ' -f 1) > "$BATS_TEST_TMPDIR/pairs"
	[ "$(wc -l < "$BATS_TEST_TMPDIR/pairs")" -gt 100 ]
	run awk '$1 != $2 && !($1 == "?" && $2 ~ /^\?\+/)' "$BATS_TEST_TMPDIR/pairs"
	assert_output ""
	"$PRMCTL" -j trace decode "$CAP" --device-clock > "$BATS_TEST_TMPDIR/dev.jsonl"
	run check_event_clocks "$BATS_TEST_TMPDIR/dev.jsonl" yes no
	assert_success
	# a raw ring: ticks, and device_ns only with a clock
	python3 "$BATS_TEST_DIRNAME/../trace/tracegen.py" --out "$BATS_TEST_TMPDIR/gen" random_clean >/dev/null
	mapfile -t args < "$BATS_TEST_TMPDIR/gen/random_clean/args"
	ring=$BATS_TEST_TMPDIR/gen/random_clean/ring.bin
	"$PRMCTL" -j trace decode "${args[@]}" "$ring" > "$BATS_TEST_TMPDIR/ring.jsonl"
	run check_event_clocks "$BATS_TEST_TMPDIR/ring.jsonl" no no
	assert_success
	"$PRMCTL" -j trace decode "${args[@]}" --clock-mhz 156.25 "$ring" > "$BATS_TEST_TMPDIR/ring.jsonl"
	run check_event_clocks "$BATS_TEST_TMPDIR/ring.jsonl" yes no
	assert_success
}

@test "--filter: event_id, tmsn, type, msg~REGEX, all together; the summary still counts all" {
	prm -j trace decode "$CAP" --filter event_id=9
	assert_success
	[ "$(echo "$output" | jq -s '[.[] | select(.type != "summary") | .event_id] | unique')" = "$(printf '[\n  9\n]')" ]
	echo "$output" | tail -1 | jq -e --slurpfile all "$BATS_FILE_TMPDIR/all.jsonl" '.strings == ($all[-1].strings)'
	prm -j trace decode "$CAP" --filter 'msg~^health: counter [0-9]+$' --filter type=string
	assert_success
	n=$(echo "$output" | jq -s '[.[] | select(.type == "string")] | length')
	want=$(jq -s '[.[] | select(.type == "string" and (.msg | test("^health: counter [0-9]+$")))] | length' "$BATS_FILE_TMPDIR/all.jsonl")
	[ "$n" = "$want" ] && [ "$n" -gt 0 ]
	prm -j trace decode "$CAP" --filter tmsn=3 --filter event_id=8
	echo "$output" | jq -se '[.[] | select(.type != "summary")] | all(.tmsn == 3 and .event_id == 8)'
	prm trace decode "$CAP" --filter 'msg~('
	assert_failure 2
	[[ "$stderr" == *"--filter 'msg~(':"* ]]
	prm trace decode "$CAP" --filter event_id=256
	assert_failure 2
	prm trace decode "$CAP" --filter colour=red
	assert_failure 2
	[[ "$stderr" == *"expected event_id=N (0-255), tmsn=N (0-8191), type=string|raw|timestamp or msg~REGEX"* ]]
}

@test "--since/--until: ticks, or a time with a unit once the clock is known" {
	first=$(jq -s '[.[] | select(.ticks != null)][0].ticks' "$BATS_FILE_TMPDIR/all.jsonl")
	last=$(jq -s '[.[] | select(.ticks != null)][-1].ticks' "$BATS_FILE_TMPDIR/all.jsonl")
	mid=$(( (first + last) / 2 ))
	prm -j trace decode "$CAP" --since $mid
	assert_success
	echo "$output" | jq -se --argjson m $mid '[.[] | select(.type != "summary") | .ticks] | length > 0 and all(. >= $m)'
	prm -j trace decode "$CAP" --until ${mid}ns	# 1 GHz: a tick is a nanosecond
	echo "$output" | jq -se --argjson m $mid '[.[] | select(.type != "summary") | .ticks] | length > 0 and all(. <= $m)'
	# a raw ring has no clock unless told
	printf '\0%.0s' $(seq 256) > "$BATS_TEST_TMPDIR/ring"
	prm trace decode "$BATS_TEST_TMPDIR/ring" --since 5ms
	assert_failure 2
	[[ "$stderr" == *"need the device clock (--clock-mhz or a capture file)"* ]]
	prm trace decode "$CAP" --since 5parsecs
	assert_failure 2
}

@test "--realtime: wall-clock times from the capture's anchor" {
	prm -j trace decode "$CAP" --realtime
	assert_success
	now=$(date +%s)
	echo "$output" | head -1 | jq -e --argjson now "$now" \
		'(.time_ns / 1e9) > ($now - 120) and (.time_ns / 1e9) <= ($now + 1)'
	prm trace decode "$CAP" --realtime
	echo "$output" | sed -n 2p | grep -Eq '^20[0-9]{2}-[01][0-9]-[0-3][0-9]T[0-9:]{8}\.[0-9]{9}Z 0x'
	printf '\0%.0s' $(seq 256) > "$BATS_TEST_TMPDIR/ring"
	prm trace decode "$BATS_TEST_TMPDIR/ring" --realtime --clock-mhz 100
	assert_failure 2
	[[ "$stderr" == *"--realtime needs a capture file with a wall-clock anchor"* ]]
}

@test "analyze: per event id, per format, top talkers; counts add up to decode's" {
	prm -j trace analyze "$CAP" --top 3
	assert_success
	assert_json_doc
	strings=$(jq -s '.[-1].strings' "$BATS_FILE_TMPDIR/all.jsonl")
	echo "$output" | jq -e --argjson s "$strings" '
		([.formats[].count] | add) == $s and
		(.top | length) == 3 and .top[0].rank == 1 and
		.top[0].count >= .top[1].count and .top[0].share_permille > 0 and
		([.event_ids[] | select(.type == "string") | .count] | add) == $s and
		(.event_ids | all(.interval_min_ticks <= .interval_avg_ticks and .interval_avg_ticks <= .interval_max_ticks)) and
		(.event_ids[0].interval_avg_ns | type) == "number" and
		.summary.blocks == .summary.decoded'
	prm trace analyze "$CAP"
	assert_success
	echo "$output" | grep -q '^EVENT ID  TYPE'
	echo "$output" | grep -q '^POINTER     COUNT  SHARE  LOST  GAP AVG S    FORMAT'
	echo "$output" | grep -q '^RANK  COUNT'
}

@test "analyze and decode JSON: counts say they count, raw clocks say ticks, one summary" {
	prm -j trace analyze "$CAP"
	assert_success
	echo "$output" > "$BATS_TEST_TMPDIR/a.json"
	# per event id and per format: no key of the old names; each a number (or null where
	# there is no time), in its unit
	jq -e '[.event_ids[], .formats[]] | length > 5 and all(
		(has("lost") or has("first") or has("last") or has("interval_min") or
		 has("interval_avg") or has("interval_max") | not) and
		(.count | type) == "number" and (.lost_events | type) == "number" and
		(.first_ticks | type) == "number" and (.last_ticks | type) == "number" and
		.first_ticks <= .last_ticks and
		([.interval_min_ticks, .interval_avg_ticks, .interval_max_ticks, .interval_min_ns,
		  .interval_avg_ns, .interval_max_ns] | all(type == "number" or type == "null")))' \
		"$BATS_TEST_TMPDIR/a.json"
	# the summary: unreliable_events counts, as decode's last line says; unreliable alone
	# is the boolean of a timestamp event
	jq -e '(.summary | has("unreliable") | not) and (.summary.unreliable_events | type) == "number"
		and .summary.unreliable_events > 0' "$BATS_TEST_TMPDIR/a.json"
	tail -1 "$BATS_FILE_TMPDIR/all.jsonl" | jq -e --slurpfile a "$BATS_TEST_TMPDIR/a.json" \
		'del(.schema, .type, .device, .psid, .fw_version, .clock_khz) == $a[0].summary'
	jq -se '[.[] | select(.type == "timestamp")] | length > 0 and
		all((.unreliable | type) == "boolean")' "$BATS_FILE_TMPDIR/all.jsonl"
	n=$(jq -s '[.[] | select(.type == "timestamp" and .unreliable)] | length' "$BATS_FILE_TMPDIR/all.jsonl")
	jq -e --argjson n "$n" '.summary.unreliable_events == $n' "$BATS_TEST_TMPDIR/a.json"
	jq -se '[.[] | select(.type != "summary" and .type != "skip") | .lost] | length > 0 and
		all(type == "boolean")' "$BATS_FILE_TMPDIR/all.jsonl"
}

@test "standard input: a ring and a capture piped in decode as the file does" {
	run bash -c "cat '$CAP' | '$PRMCTL' -j trace decode - | tail -1"
	assert_success
	[ "$output" = "$(tail -1 "$BATS_FILE_TMPDIR/all.jsonl")" ]
}
